package valkyrie

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"bifrost/rules/sim"
)

// maxPlayers bounds the seats of one game.
const maxPlayers = 8

// The rows of the supply, front to back.
const (
	rowFront  = 0
	rowMiddle = 1
	rowBack   = 2
	numRows   = 3
)

// player is one seat's zones. Piles hold physical card numbers; the top of a
// draw pile is its last element.
type player struct {
	deck    []int16 // 山札
	hand    []int16 // 手札
	play    []int16 // 使用エリア
	gained  []int16 // 入手エリア
	discard []int16 // 捨て札置場
	vparea  []int16 // ＶＰエリア
	turns   int     // turns begun
	score   int     // running score, checked against the zones (I18)
}

// phase is the phase of the active player's turn.
type phase uint8

const (
	phTactics phase = iota // 2. rage tactics (1. invasion needs no decision)
	phPlay                 // 3. playing
	phEnd                  // 4. end of turn
	phOver                 // the game has ended
)

// step is the decision the game waits for.
type step uint8

const (
	stNone     step = iota // automatic work is pending (never seen by callers)
	stMain                 // playing phase: play, buy, attack or end
	stMay                  // resolve a "may" clause or not
	stDiscard              // choose a card to discard (stepSeat's hand)
	stTrash                // choose a card to trash, or stop
	stGainFree             // choose a supply card to gain for free
	stReturnVP             // choose a VP card to return to the pool
	stEndOrder             // choose the next end-of-turn ability
)

// The choice kinds. A, B and C are described at each kind.
const (
	chPlay       uint8 = iota + 1 // A hand position, B design
	chBuy                         // A deck, B slot (row*RowSlots+i), C design
	chAttack                      // A power committed, B weakness design (-1 while face down)
	chEndPlay                     // end the playing phase
	chMay                         // A 1 resolve / 0 decline, B source design, C clause
	chDiscard                     // A hand position, B design
	chTrash                       // A hand position, B design
	chStop                        // trash no more
	chGainFree                    // A deck, B slot, C design
	chReturnVP                    // A VP-area position, B design
	chEndAbility                  // A clause, B design, C 1 resolve / 0 decline
)

// frame is the effect being resolved: a played card, a weakness reward, a
// rage tactic or one end-of-turn ability. Effects never nest.
type frame struct {
	active   bool
	src      int16 // design
	next     int   // next clause
	stop     int   // one past the last clause
	ok       uint64
	ending   bool // one end-of-turn ability (otherwise end: clauses are skipped)
	skipMay  bool // the "may" was already answered (end-of-turn order)
	resolved bool // some clause took effect (Resolved emitted)
}

// pend is one end-of-turn ability still to resolve.
type pend struct {
	design int16
	clause int8
}

// endReason says which end condition was met (a bit set).
const (
	endSupply   = 1 // both supply decks have run out once (E1)
	endWeakness = 2 // every rage deck is empty (E2)
)

// Game is one game of Valkyrie Strike. It implements sim.Game.
type Game struct {
	e       *Engine
	rng     *rand.Rand
	n       int
	monster int
	pl      []player
	supply  [2][]int16 // サプライデッキ; top is last
	trash   [2][]int16 // 廃棄置場
	rows    [2][]int16 // face-up slots, row*RowSlots+i; -1 is empty
	rage    [][]int16  // rage decks, index rage-1; top is last
	pool    [][]int16  // VP card pool by e.vpOrder
	box     []int16    // cards out of the game

	exhausted    [2]bool // each supply deck has run out once
	endTriggered bool
	endReason    uint8
	endRound     int  // the round in which the end was triggered: no seat starts a later turn
	endNow       bool // WeaknessEndsAtOnce: end when the current effect is done
	over         bool
	turns        int
	active       int
	phase        phase
	step         step
	revealed     bool // the current top weakness is face up

	// This turn's counters.
	funds, power    int
	costMod, harden int
	played          [3]int // Assist, Battle, First cards played this turn
	playedAny       int
	destroyed       int // weaknesses destroyed this turn
	gainedN         int // Valkyries gained this turn
	consolationPaid bool
	shownFunds      int // the counters last told in an event
	shownPower      int

	// The effect being resolved and its pending decision.
	fr           frame
	cur          int // clause of fr awaiting stMay
	left         int // cards still to discard / trash / return; max cost for gain_free
	stepSeat     int // who discards (each_discard reaches every seat)
	eachN        int
	eachLeft     int // seats still to discard for each_discard
	pending      []pend
	playOK       []uint64 // per card of the active play area: the clauses whose 【】 held when it was played
	destroyedAll int

	emit  func(sim.Event)
	pre   []sim.Event // events of the setup, told at the first Apply
	mark  []uint32    // per design, for listing each design once
	epoch uint32

	// What happened, kept for the checks (check.go); the engine records
	// and never judges.
	dirty     sim.Dirty   // the zones changed since the last Check (touch)
	low       []int16     // per dirty zone: the first position that may hold a card new to it
	chk       *checker    // Check's incremental tallies, made by the first Check
	bought    int         // Valkyries bought this turn (chBuy only)
	invasions int         // invasion phases so far (I14)
	phaseLog  uint32      // this turn's phases 1–4 in the order entered, 4 bits each (I17)
	lastLog   uint32      // the previous turn's phaseLog
	atPhase2  [4]int      // funds, power, costMod, harden when phase 2 began (I10)
	refill    [2]refilled // each deck's back row right after the last T6 (I8)
	draws     [8]drew     // the draws since the last Check (I12, I13, I17)
	arrived   [8]int16    // cards come into a seat's own piles since the last Check
	arrivedAt [8]int      // their seats
	nArrivals int
	nDraws    int
	trace     trace // CheckStep's record of the previous decision

	// fresh is, per card, whether it came into its owner's draw pile at the
	// owner's last reshuffle (or the setup), which everyone saw: a player's
	// draw pile holds only such cards (Determinize).
	fresh []bool
	back  []int16 // the piles' backing array (a copy's has room for Determinize)
}

// refilled is a supply deck right after its back row was refilled.
type refilled struct{ holes, supply, trash int }

// drew is one draw: who, how many were wanted and available (draw pile and
// discard pile), how many came, and the state around it.
type drew struct {
	seat, want, avail, got, hand, deck, discard int
	phase                                       phase
	effect, setup                               bool // during an effect; during the setup
}

var _ sim.Game = (*Game)(nil)

// newGame sets up a game for n players against monster m and runs it to the
// first decision.
func newGame(e *Engine, n, m int, rng *rand.Rand) *Game {
	return setUp(&Game{}, e, n, m, rng)
}

// setUp sets g up as newGame does, reusing the storage g holds (from an
// earlier game or none), and returns it.
func setUp(g *Game, e *Engine, n, m int, rng *rand.Rand) *Game {
	if n < 1 || n > maxPlayers {
		panic(fmt.Sprintf("valkyrie: %d players is outside 1..%d", n, maxPlayers))
	}
	old := *g
	*g = Game{e: e, rng: rng, n: n, monster: m, dirty: old.dirty}
	mix := e.mix
	for d, k := range mix {
		if k*n > e.counts[d] {
			panic(fmt.Sprintf("valkyrie: %d players need %d of First Valkyrie %s, but there are %d (rules StartingDeck and MaxPlayers)",
				n, k*n, e.designs[d].id, e.counts[d]))
		}
	}
	total := len(e.inst)
	owned := len(e.deckInst[0]) + len(e.deckInst[1]) + len(e.first)
	scoring := len(e.inst) - owned
	size := n*(4*owned+total+scoring) + 2*2*(len(e.deckInst[0])+len(e.deckInst[1])) + 2*numRows*e.rowSlots + total*2 +
		2*(6*n+7+e.rages[m]+len(e.vpInst))
	back := reuse(old.back, size)[:0]
	g.back = back[:size]
	carve := func(c int) []int16 {
		s := back[len(back) : len(back) : len(back)+c]
		back = back[:len(back)+c]
		return s
	}
	g.pl = reuse(old.pl, n)
	for i := range g.pl {
		p := &g.pl[i]
		p.deck, p.hand, p.play, p.discard = carve(owned), carve(owned), carve(owned), carve(owned)
		p.gained, p.vparea = carve(total), carve(scoring)
	}
	g.playOK = old.playOK[:0]
	if cap(g.playOK) < owned {
		g.playOK = make([]uint64, 0, owned)
	}
	for d := range 2 {
		g.supply[d] = append(carve(len(e.deckInst[d])), e.deckInst[d]...)
		g.trash[d] = carve(len(e.deckInst[d]))
		g.rows[d] = carve(numRows * e.rowSlots)[:numRows*e.rowSlots]
		g.shuffle(g.supply[d])
	}
	g.box = carve(total)
	g.mark = reuse(old.mark, len(e.designs))
	g.fresh = reuse(old.fresh, total)
	g.pre = old.pre[:0]
	if cap(g.pre) < 32 {
		g.pre = make([]sim.Event, 0, 32)
	}

	// Rage decks of the chosen monster; the other monsters' weaknesses go to the box.
	g.rage = reuse(old.rage, e.rages[m])
	for r := range g.rage {
		c := 0
		for _, w := range e.weak[m] {
			if e.designs[e.inst[w]].rage == r+1 {
				c++
			}
		}
		g.rage[r] = carve(c)
	}
	for mi, ws := range e.weak {
		for _, w := range ws {
			if mi == m {
				r := e.designs[e.inst[w]].rage - 1
				g.rage[r] = append(g.rage[r], w)
			} else {
				g.box = append(g.box, w)
			}
		}
	}
	for r := range g.rage {
		g.shuffle(g.rage[r])
	}
	g.revealed = e.reveal
	g.pool = reuse(old.pool, len(e.vpInst))
	for k, vs := range e.vpInst {
		g.pool[k] = append(carve(len(vs)), vs...)
	}
	nz := g.zoneCount()
	g.dirty.Size(nz)
	g.low = carve(nz)[:nz]

	// Supply rows: front, middle, then back, one card per slot (S6).
	for d := range 2 {
		for s := range g.rows[d] {
			g.rows[d][s] = g.takeSupply(d)
		}
	}

	// Starting decks: the same mix of First Valkyries for everyone (G12).
	dealt := 0
	for k, f := range e.first {
		dsn := e.inst[f]
		if k > 0 && e.inst[e.first[k-1]] != dsn {
			dealt = 0
		}
		if seat := dealt / max(mix[dsn], 1); mix[dsn] > 0 && seat < n {
			p := &g.pl[seat]
			p.deck = append(p.deck, f)
			g.fresh[f] = true
			p.score += e.designs[dsn].vp
		} else {
			g.box = append(g.box, f)
		}
		dealt++
	}
	g.touchAll()
	for i := range g.pl {
		g.shuffle(g.pl[i].deck)
		g.draw(i, e.handSize)
	}
	g.checkEnd()
	g.beginTurn()
	g.advance()
	return g
}

// reuse returns s resliced to n elements, all zero, when it has room, or
// a new slice of n zero elements.
func reuse[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// startMix is how many of each First Valkyrie design one starting deck holds:
// StartingDeck cards in proportion to the designs' copies (largest
// remainder, ties in sheet order), so that every table size gets the mix of
// the full 4-player table.
func (e *Engine) startMix() []int {
	mix := make([]int, len(e.designs))
	total := len(e.first)
	if total == 0 {
		return mix
	}
	left := e.startDeck
	type rem struct{ d, r int }
	var rems []rem
	for d, ds := range e.designs {
		if ds.kind != kindFirst {
			continue
		}
		mix[d] = e.counts[d] * e.startDeck / total
		left -= mix[d]
		rems = append(rems, rem{d, e.counts[d] * e.startDeck % total})
	}
	slices.SortStableFunc(rems, func(a, b rem) int { return b.r - a.r })
	for i := 0; i < left && i < len(rems); i++ {
		mix[rems[i].d]++
	}
	return mix
}

// shuffle shuffles s with the game's own source.
func (g *Game) shuffle(s []int16) {
	for i := len(s) - 1; i > 0; i-- {
		j := g.rng.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

func (g *Game) ds(card int16) *design { return &g.e.designs[g.e.inst[card]] }

// ev reports an event about design d (or -1); events of the setup wait for
// the first Apply.
func (g *Game) ev(kind sim.EventKind, seat int, d int16, n, m int) {
	e := sim.Event{Kind: kind, Seat: int8(seat), Card: int32(d), N: int32(n), M: int32(m)}
	if g.emit != nil {
		g.emit(e)
	} else if g.turns <= 1 && !g.over && len(g.pre) < cap(g.pre) {
		g.pre = append(g.pre, e)
	}
}

// takeSupply takes the top card of supply deck d, or -1 when it is empty.
// Taking the last card marks the deck as run out (G15) and at once rebuilds
// it from its 廃棄置場 (T7).
func (g *Game) takeSupply(d int) int16 {
	s := g.supply[d]
	if len(s) == 0 {
		return -1
	}
	c := s[len(s)-1]
	g.supply[d] = s[:len(s)-1]
	g.touch(zSupply, d, len(s)-1)
	if len(g.supply[d]) == 0 {
		if !g.exhausted[d] {
			g.exhausted[d] = true
			g.ev(evExhausted, g.active, -1, d, 0)
		}
		g.settle(d)
	}
	return c
}

// settle keeps I9: an empty supply deck takes its whole 廃棄置場, shuffled.
func (g *Game) settle(d int) {
	if len(g.supply[d]) == 0 && len(g.trash[d]) > 0 {
		g.supply[d] = append(g.supply[d], g.trash[d]...)
		g.trash[d] = g.trash[d][:0]
		g.touch(zSupply, d, 0)
		g.touch(zTrash, d, 0)
		g.shuffle(g.supply[d])
		g.ev(evRebuilt, g.active, -1, d, len(g.supply[d]))
	}
}

// trashCard puts a card leaving play for good where it belongs: a supply
// Valkyrie on its deck's 廃棄置場, anything else in the box (G13).
func (g *Game) trashCard(c int16) {
	ds := g.ds(c)
	if ds.kind == kindValkyrie {
		g.trash[ds.cat] = append(g.trash[ds.cat], c)
		g.touch(zTrash, int(ds.cat), len(g.trash[ds.cat])-1)
		g.settle(int(ds.cat))
		return
	}
	g.box = append(g.box, c)
	g.touch(zBox, 0, len(g.box)-1)
}

// draw draws up to n cards into seat's hand, reshuffling the discard pile
// into the draw pile whenever it runs short (T28, G20).
func (g *Game) draw(seat, n int) {
	p := &g.pl[seat]
	avail := len(p.deck) + len(p.discard)
	got := 0
	for got < n {
		if len(p.deck) == 0 {
			if len(p.discard) == 0 {
				break
			}
			for _, c := range p.hand {
				g.fresh[c] = false
			}
			for _, c := range p.discard {
				g.fresh[c] = true
			}
			p.deck = append(p.deck, p.discard...)
			p.discard = p.discard[:0]
			g.shuffle(p.deck)
			g.ev(evReshuffle, seat, -1, len(p.deck), 0)
		}
		c := p.deck[len(p.deck)-1]
		p.deck = p.deck[:len(p.deck)-1]
		p.hand = append(p.hand, c)
		got++
	}
	g.touch(zDeck, seat, noNew)
	if g.nDraws < len(g.draws) {
		g.draws[g.nDraws] = drew{seat: seat, want: n, avail: avail, got: got, hand: len(p.hand), deck: len(p.deck),
			discard: len(p.discard), phase: g.phase, effect: g.fr.active, setup: g.turns == 0}
	}
	g.nDraws++
	if got > 0 {
		g.ev(evDraw, seat, -1, got, len(p.hand))
	}
}

// curRage is the current rage: the lowest non-empty rage deck, or the highest
// rage once all are empty (G5).
func (g *Game) curRage() int {
	for r, deck := range g.rage {
		if len(deck) > 0 {
			return r + 1
		}
	}
	return len(g.rage)
}

// topWeakness is the weakness under attack: the top of the current rage deck
// (G2), or -1 when every rage deck is empty.
func (g *Game) topWeakness() int16 {
	for _, deck := range g.rage {
		if len(deck) > 0 {
			return deck[len(deck)-1]
		}
	}
	return -1
}

func (g *Game) rageLeft() int {
	n := 0
	for _, deck := range g.rage {
		n += len(deck)
	}
	return n
}

// supplyCost is the current cost of a supply Valkyrie (cost verb; never below 0).
func (g *Game) supplyCost(d *design) int { return max(0, d.cost+g.costMod) }

// durability is the current durability of weakness design d (harden verb).
func (g *Game) durability(d *design) int { return d.dur + g.harden }

// breaks reports whether an attack of power a destroys a weakness of
// durability dur: strictly more (G3), or at least when StrictExceed is off.
func (g *Game) breaks(a, dur int) bool {
	if g.e.strict {
		return a > dur
	}
	return a >= dur
}

// checkEnd sets the end trigger once a condition of E1/E2 holds.
func (g *Game) checkEnd() {
	var why uint8
	if g.exhausted[0] && g.exhausted[1] {
		why |= endSupply
	}
	if g.rageLeft() == 0 {
		why |= endWeakness
	}
	if why != 0 && !g.endTriggered {
		g.endTriggered = true
		g.endReason = why
		g.endRound = max(g.pl[0].turns, 1)
		g.ev(evEndTriggered, g.active, -1, int(why), 0)
	}
}

// beginTurn starts the active player's turn: counters to 0, the invasion
// (skipped on the very first turn only, T1) and the rage tactic.
func (g *Game) beginTurn() {
	g.turns++
	p := &g.pl[g.active]
	p.turns++
	g.funds, g.power, g.costMod, g.harden = 0, 0, 0, 0
	g.played = [3]int{}
	g.playedAny, g.destroyed, g.gainedN, g.bought = 0, 0, 0, 0
	g.lastLog, g.phaseLog = g.phaseLog, 0
	g.consolationPaid = false
	g.shownFunds, g.shownPower = 0, 0
	g.ev(evTurn, g.active, -1, p.turns, g.curRage())
	if g.turns > 1 {
		g.invade()
	}
	g.phase = phTactics
	g.enter(2)
	g.atPhase2 = [4]int{g.funds, g.power, g.costMod, g.harden}
	g.step = stNone
	if t := g.tacticDesign(); t >= 0 && len(g.e.designs[t].prog) > 0 {
		g.startFrame(t)
	}
}

// tacticDesign is the design of the current rage's tactic, or -1.
func (g *Game) tacticDesign() int16 {
	ts := g.e.tactic[g.monster]
	if r := g.curRage(); r >= 1 && r <= len(ts) {
		return ts[r-1]
	}
	return -1
}

// invade is phase 1: each deck's front row goes to its 廃棄置場, the rows
// shift forward and the back row is refilled from the deck (T2–T7).
func (g *Game) invade() {
	g.enter(1)
	g.invasions++
	R := g.e.rowSlots
	for d := range 2 {
		row := g.rows[d]
		g.touch(zRow, d, rowBack*R) // the front and middle rows only shift
		for i := range R {
			if c := row[rowFront*R+i]; c >= 0 {
				g.trash[d] = append(g.trash[d], c)
				g.touch(zTrash, d, len(g.trash[d])-1)
				row[rowFront*R+i] = -1
				g.ev(evInvaded, g.active, int16(g.e.inst[c]), d, 0)
				g.settle(d)
			}
		}
		for i := range R {
			row[rowFront*R+i] = row[rowMiddle*R+i]
			row[rowMiddle*R+i] = row[rowBack*R+i]
			row[rowBack*R+i] = g.takeSupply(d)
			if c := row[rowBack*R+i]; c >= 0 {
				g.ev(evRefill, g.active, int16(g.e.inst[c]), d, 0)
			}
		}
		g.refill[d] = refilled{supply: len(g.supply[d]), trash: len(g.trash[d])}
		for i := range R {
			if row[rowBack*R+i] < 0 {
				g.refill[d].holes++
			}
		}
	}
	g.checkEnd()
}

// startFrame begins resolving design d's effect. Its 【】 conditions are
// checked now, when the card is played (T13).
func (g *Game) startFrame(d int16) {
	g.fr = frame{active: true, src: d, stop: len(g.e.designs[d].prog), ok: g.heldOnPlay(d, 0)}
}

// heldOnPlay is the mask of design d's clauses whose 【】 hold as its card
// is played (T13), with the active hand counted handDelta cards larger
// than it is now: 0 for a card that has just left the hand (startFrame),
// -1 for one a bot still holds (failsOnPlay).
func (g *Game) heldOnPlay(d int16, handDelta int) (held uint64) {
	prog := g.e.designs[d].prog
	for i := range prog {
		if g.condsHoldWith(&prog[i], handDelta) {
			held |= 1 << uint(i)
		}
	}
	return held
}

// failsOnPlay is the mask of design d's clauses whose 【】 judged on play
// (those of its play clauses, and of its end: clauses under
// EndConditionAtPlay) would fail if it were played from the hand now.
func (g *Game) failsOnPlay(d int16) (fails uint64) {
	held := g.heldOnPlay(d, -1)
	prog := g.e.designs[d].prog
	for i := range prog {
		if (!prog[i].end || g.e.endAtPlay) && held&(1<<uint(i)) == 0 {
			fails |= 1 << uint(i)
		}
	}
	return fails
}

// condsHold reports whether every condition of cl holds now.
func (g *Game) condsHold(cl *clause) bool { return g.condsHoldWith(cl, 0) }

// condsHoldWith is condsHold with the active hand counted handDelta cards
// larger (see heldOnPlay).
func (g *Game) condsHoldWith(cl *clause, handDelta int) bool {
	for _, c := range cl.conds {
		var v int
		switch c.kind {
		case cPlayed:
			if c.deck < 0 {
				v = g.playedAny
			} else {
				v = g.played[c.deck]
			}
		case cHand:
			v = len(g.pl[g.active].hand) + handDelta
		case cRage:
			v = g.curRage()
		case cDestroyed:
			v = g.destroyed
		case cGained:
			v = g.gainedN
		}
		if !c.op.Holds(v, c.val) {
			return false
		}
	}
	return true
}

// advance does the automatic work until a decision is needed or the game ends.
func (g *Game) advance() {
	for g.step == stNone && !g.over {
		if g.fr.active {
			g.stepFrame()
			continue
		}
		switch g.phase {
		case phTactics:
			g.phase = phPlay
			g.enter(3)
			g.step = stMain
		case phPlay:
			if g.endNow {
				g.finish()
				return
			}
			g.step = stMain
		case phEnd:
			g.nextEnd()
		}
	}
}

// stepFrame starts the frame's next clause, or closes the frame.
func (g *Game) stepFrame() {
	fr := &g.fr
	if fr.next >= fr.stop {
		fr.active = false
		return
	}
	i := fr.next
	fr.next++
	cl := &g.e.designs[fr.src].prog[i]
	if cl.end != fr.ending || fr.ok&(1<<uint(i)) == 0 {
		return
	}
	if cl.may && !fr.skipMay && cl.verb != vTrash {
		g.cur = i
		g.step = stMay
		return
	}
	g.exec(i)
}

// exec carries out clause i of the current frame for the active player.
func (g *Game) exec(i int) {
	src := g.fr.src
	cl := &g.e.designs[src].prog[i]
	if !g.fr.resolved {
		g.fr.resolved = true
		g.ev(sim.Resolved, g.active, src, 0, 0)
	}
	g.ev(evEffect, g.active, src, i, 0)
	p := &g.pl[g.active]
	switch cl.verb {
	case vFunds:
		g.funds = max(0, g.funds+cl.n)
	case vPower:
		g.power = max(0, g.power+cl.n)
	case vDraw:
		g.draw(g.active, cl.n)
	case vDiscard:
		g.beginDiscard(g.active, cl.n)
	case vTrash:
		if g.left = cl.n; len(p.hand) > 0 && g.left > 0 {
			g.step = stTrash
		}
	case vGainVP:
		g.gainVP(cl.n)
	case vGainFree:
		g.left = cl.n
		if g.anyFree() {
			g.step = stGainFree
		}
	case vCost:
		g.costMod += cl.n
	case vEachDiscard:
		g.eachN, g.eachLeft, g.stepSeat = cl.n, g.n, g.active
		g.nextEachDiscard()
	case vReturnVP:
		g.left = cl.n
		g.returnVPAuto()
	case vTrashRow:
		R := g.e.rowSlots
		for d := range 2 {
			for i := range R {
				s := cl.n*R + i
				if c := g.rows[d][s]; c >= 0 {
					g.rows[d][s] = -1
					g.trash[d] = append(g.trash[d], c)
					g.touch(zRow, d, noNew)
					g.touch(zTrash, d, len(g.trash[d])-1)
					g.ev(evRowTrashed, g.active, int16(g.e.inst[c]), d, cl.n)
					g.settle(d)
				}
			}
		}
	case vHarden:
		g.harden += cl.n
	}
}

// beginDiscard asks seat to discard n cards; it discards by itself when the
// choice is forced (the whole hand, or one design only).
func (g *Game) beginDiscard(seat, n int) {
	g.stepSeat = seat
	g.left = min(n, len(g.pl[seat].hand))
	g.discardAuto()
}

// discardAuto discards while the choice is forced, then waits for a choice
// or, when done, goes on with each_discard.
func (g *Game) discardAuto() {
	for {
		p := &g.pl[g.stepSeat]
		if g.left <= 0 || len(p.hand) == 0 {
			g.left = 0
			g.step = stNone
			if g.eachLeft > 0 {
				g.nextEachDiscard()
			}
			return
		}
		if len(p.hand) > g.left && !g.oneDesign(p.hand) {
			g.step = stDiscard
			return
		}
		g.discardAt(g.stepSeat, len(p.hand)-1)
		g.left--
	}
}

// nextEachDiscard makes the next seat of each_discard discard.
func (g *Game) nextEachDiscard() {
	if g.eachLeft <= 0 {
		return
	}
	seat := g.stepSeat
	if g.eachLeft < g.n {
		seat = (seat + 1) % g.n
	}
	g.eachLeft--
	g.beginDiscard(seat, g.eachN)
}

func (g *Game) discardAt(seat, i int) {
	p := &g.pl[seat]
	c := p.hand[i]
	p.hand = remove(p.hand, i)
	p.discard = append(p.discard, c)
	g.touch(zHand, seat, noNew)
	g.ev(evDiscard, seat, int16(g.e.inst[c]), 0, 0)
}

// oneDesign reports whether every card of s has the same design.
func (g *Game) oneDesign(s []int16) bool {
	for _, c := range s[1:] {
		if g.e.inst[c] != g.e.inst[s[0]] {
			return false
		}
	}
	return true
}

func remove(s []int16, i int) []int16 {
	copy(s[i:], s[i+1:])
	return s[:len(s)-1]
}

// gainVP takes VP cards worth n for the active player: each time the largest
// card that does not exceed what is still owed, as far as the pool allows.
func (g *Game) gainVP(n int) {
	p := &g.pl[g.active]
	for k := 0; k < len(g.pool) && n > 0; {
		v := g.e.designs[g.e.vpOrder[k]].vp
		if len(g.pool[k]) == 0 || v > n || v <= 0 {
			k++
			continue
		}
		c := g.pool[k][len(g.pool[k])-1]
		g.pool[k] = g.pool[k][:len(g.pool[k])-1]
		p.gained = append(p.gained, c)
		g.touch(zPool, k, len(g.pool[k]))
		g.touch(zGained, g.active, len(p.gained)-1)
		p.score += v
		n -= v
		g.ev(sim.Acquired, g.active, g.e.vpOrder[k], v, 0)
	}
}

// anyFree reports whether some face-up supply card costs at most g.left.
func (g *Game) anyFree() bool {
	for d := range 2 {
		for _, c := range g.rows[d] {
			if c >= 0 && g.supplyCost(g.ds(c)) <= g.left {
				return true
			}
		}
	}
	return false
}

// gainSupply moves the card in deck d's slot s to the active player's 入手エリア.
func (g *Game) gainSupply(d, s int) {
	c := g.rows[d][s]
	g.rows[d][s] = -1
	p := &g.pl[g.active]
	p.gained = append(p.gained, c)
	g.touch(zRow, d, noNew)
	g.touch(zGained, g.active, len(p.gained)-1)
	ds := g.ds(c)
	p.score += ds.vp
	g.gainedN++
	g.ev(sim.Acquired, g.active, g.e.inst[c], d, s)
}

// returnVPAuto returns VP cards while the choice is forced.
func (g *Game) returnVPAuto() {
	p := &g.pl[g.active]
	for g.left > 0 {
		first, n, same := -1, 0, true
		for i, c := range p.vparea {
			if g.ds(c).kind != kindVP {
				continue
			}
			if first < 0 {
				first = i
			} else if g.e.inst[c] != g.e.inst[p.vparea[first]] {
				same = false
			}
			n++
		}
		if n == 0 {
			g.left = 0
			break
		}
		if !same && n > g.left {
			g.step = stReturnVP
			return
		}
		g.returnVP(first)
	}
	g.step = stNone
}

func (g *Game) returnVP(i int) {
	p := &g.pl[g.active]
	c := p.vparea[i]
	p.vparea = remove(p.vparea, i)
	g.touch(zVPArea, g.active, len(p.vparea))
	dsn := g.e.inst[c]
	for k, vd := range g.e.vpOrder {
		if vd == dsn {
			g.pool[k] = append(g.pool[k], c)
			g.touch(zPool, k, len(g.pool[k])-1)
		}
	}
	p.score -= g.e.designs[dsn].vp
	g.left--
	g.ev(evReturnVP, g.active, dsn, 0, 0)
}

// trashAt trashes the active player's hand card i (trash verb).
func (g *Game) trashAt(i int) {
	p := &g.pl[g.active]
	c := p.hand[i]
	p.hand = remove(p.hand, i)
	g.touch(zHand, g.active, noNew)
	p.score -= g.ds(c).vp
	g.ev(evTrash, g.active, int16(g.e.inst[c]), 0, 0)
	g.trashCard(c)
	g.left--
	if g.left <= 0 || len(p.hand) == 0 {
		g.left = 0
		g.step = stNone
	}
}

// playCard plays hand card i: its 【】 are checked first (excluding itself
// from "played" and "hand"), then it adds its funds and power and resolves.
func (g *Game) playCard(i int) {
	p := &g.pl[g.active]
	c := p.hand[i]
	p.hand = remove(p.hand, i)
	dsn := g.e.inst[c]
	ds := &g.e.designs[dsn]
	g.startFrame(dsn)
	g.played[ds.cat]++
	g.playedAny++
	p.play = append(p.play, c)
	g.playOK = append(g.playOK, g.fr.ok)
	g.touch(zPlay, g.active, noNew)
	g.funds += ds.funds
	g.power += ds.power
	g.ev(sim.Played, g.active, dsn, g.funds, g.power)
	g.shownFunds, g.shownPower = g.funds, g.power
	g.step = stNone
}

// attack commits a of the power to the current weakness (T18, T19, G18).
func (g *Game) attack(a int) {
	w := g.topWeakness()
	wd := g.e.inst[w]
	ds := &g.e.designs[wd]
	g.power -= a
	dur := g.durability(ds)
	g.revealed = true
	if !g.breaks(a, dur) {
		g.ev(evAttackFailed, g.active, wd, a, dur)
		if g.e.consolation > 0 && !g.consolationPaid {
			g.consolationPaid = true
			g.gainVP(g.e.consolation)
		}
		g.step = stMain
		return
	}
	for r := range g.rage {
		if n := len(g.rage[r]); n > 0 {
			g.rage[r] = g.rage[r][:n-1]
			g.touch(zRage, r, n-1)
			break
		}
	}
	p := &g.pl[g.active]
	p.gained = append(p.gained, w)
	g.touch(zGained, g.active, len(p.gained)-1)
	p.score += ds.vp
	g.destroyed++
	g.destroyedAll++
	g.ev(sim.Acquired, g.active, wd, a, dur)
	g.revealed = g.e.reveal
	g.checkEnd()
	if g.e.endsAtOnce && g.rageLeft() == 0 {
		g.endNow = true
	}
	g.startFrame(wd)
	g.step = stNone
}

// endPlaying starts phase 4: the end-of-turn abilities of the played cards.
// Under EndConditionAtPlay an ability whose 【】 failed when its card was
// played never becomes pending (T13).
func (g *Game) endPlaying() {
	g.phase = phEnd
	g.enter(4)
	g.pending = g.pending[:0]
	for k, c := range g.pl[g.active].play {
		dsn := g.e.inst[c]
		ds := &g.e.designs[dsn]
		if !ds.hasEnd {
			continue
		}
		for i := range ds.prog {
			if !ds.prog[i].end {
				continue
			}
			if g.e.endAtPlay && g.playOK[k]&(1<<uint(i)) == 0 {
				g.ev(evCondFailed, g.active, dsn, i, 1)
				continue
			}
			g.pending = append(g.pending, pend{dsn, int8(i)})
		}
	}
	g.step = stNone
}

// nextEnd resolves the next end-of-turn ability, asks which one, or cleans up.
func (g *Game) nextEnd() {
	if len(g.pending) == 0 {
		g.cleanup()
		return
	}
	first := g.pending[0]
	forced := !g.e.designs[first.design].prog[first.clause].may
	for _, pd := range g.pending[1:] {
		if pd != first {
			forced = false
			break
		}
	}
	if forced {
		g.resolveEnd(first.design, int(first.clause), true)
		return
	}
	g.step = stEndOrder
}

// resolveEnd takes one pending end-of-turn ability and resolves it or
// declines it. Its 【】 was judged when the card was played, or is judged now
// when EndConditionAtPlay is off.
func (g *Game) resolveEnd(d int16, clause int, yes bool) {
	for i, pd := range g.pending {
		if pd.design == d && int(pd.clause) == clause {
			g.pending = append(g.pending[:i], g.pending[i+1:]...)
			break
		}
	}
	g.step = stNone
	if !yes {
		g.ev(evDeclined, g.active, d, clause, 0)
		return
	}
	g.fr = frame{active: true, src: d, next: clause, stop: clause + 1, ending: true, skipMay: true, ok: 1 << uint(clause)}
	if !g.e.endAtPlay && !g.condsHold(&g.e.designs[d].prog[clause]) {
		g.fr.active = false
		g.ev(evCondFailed, g.active, d, clause, 0)
	}
}

// cleanup ends the turn: play area, hand and gained Valkyries to the discard
// pile, weaknesses and VP cards to the VP area, draw, then the next turn or
// the end of the game (T24–T29, E4).
func (g *Game) cleanup() {
	p, a := &g.pl[g.active], g.active
	if len(p.gained) > 0 {
		g.touch(zGained, a, 0)
	}
	vp := len(p.vparea)
	p.discard = append(p.discard, p.play...)
	p.play = p.play[:0]
	p.discard = append(p.discard, p.hand...)
	p.hand = p.hand[:0]
	g.touch(zDiscard, a, noNew)
	for _, c := range p.gained {
		if g.ds(c).kind == kindValkyrie {
			p.discard = append(p.discard, c)
			g.arrive(a, c)
		} else {
			p.vparea = append(p.vparea, c)
		}
	}
	p.gained = p.gained[:0]
	if len(p.vparea) > vp {
		g.touch(zVPArea, a, vp)
	}
	g.playOK = g.playOK[:0]
	g.funds, g.power, g.costMod, g.harden = 0, 0, 0, 0
	g.draw(g.active, g.e.handSize)
	g.ev(evTurnEnd, g.active, -1, p.turns, 0)
	if g.endTriggered && g.active == g.n-1 {
		g.finish()
		return
	}
	g.active = (g.active + 1) % g.n
	g.beginTurn()
}

func (g *Game) finish() {
	g.over = true
	g.phase = phOver
	g.step = stNone
	g.fr.active = false
	g.ev(evGameEnd, g.active, -1, int(g.endReason), 0)
}

// Seat is the seat that decides next.
func (g *Game) Seat() int {
	if g.step == stDiscard {
		return g.stepSeat
	}
	return g.active
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Turn counts the turns begun, all players together.
func (g *Game) Turn() int { return g.turns }

// Scores appends each seat's score: the VP of every Valkyrie the seat owns
// plus its weaknesses and VP cards (E7, E8).
func (g *Game) Scores(buf []int) []int {
	buf = buf[:0]
	for i := range g.pl {
		buf = append(buf, g.zoneScore(i))
	}
	return buf
}

// zoneScore computes seat's score from its zones.
func (g *Game) zoneScore(seat int) int {
	p := &g.pl[seat]
	s := 0
	for _, z := range [...][]int16{p.deck, p.hand, p.play, p.gained, p.discard, p.vparea} {
		for _, c := range z {
			s += g.ds(c).vp
		}
	}
	return s
}

// Winner is the highest score; a tie goes to the earlier seat in turn order (E10).
func (g *Game) Winner() int {
	best, bestScore := 0, g.zoneScore(0)
	for i := 1; i < g.n; i++ {
		if s := g.zoneScore(i); s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

// Choices appends the legal choices to buf[:0].
func (g *Game) Choices(buf []sim.Choice) []sim.Choice {
	buf = buf[:0]
	if g.over {
		return buf
	}
	p := &g.pl[g.active]
	switch g.step {
	case stMain:
		buf = g.handChoices(buf, chPlay, p.hand)
		for d := range 2 {
			for s, c := range g.rows[d] {
				if c >= 0 && g.supplyCost(g.ds(c)) <= g.funds {
					buf = append(buf, sim.Choice{Kind: chBuy, A: int16(d), B: int16(s), C: g.e.inst[c]})
				}
			}
		}
		buf = g.attackChoices(buf)
		buf = append(buf, sim.Choice{Kind: chEndPlay})
	case stMay:
		cl := int16(g.cur)
		buf = append(buf, sim.Choice{Kind: chMay, A: 1, B: g.fr.src, C: cl}, sim.Choice{Kind: chMay, A: 0, B: g.fr.src, C: cl})
	case stDiscard:
		buf = g.handChoices(buf, chDiscard, g.pl[g.stepSeat].hand)
	case stTrash:
		buf = g.handChoices(buf, chTrash, p.hand)
		buf = append(buf, sim.Choice{Kind: chStop})
	case stGainFree:
		for d := range 2 {
			for s, c := range g.rows[d] {
				if c >= 0 && g.supplyCost(g.ds(c)) <= g.left {
					buf = append(buf, sim.Choice{Kind: chGainFree, A: int16(d), B: int16(s), C: g.e.inst[c]})
				}
			}
		}
	case stReturnVP:
		g.epoch++
		for i, c := range p.vparea {
			if d := g.e.inst[c]; g.e.designs[d].kind == kindVP && g.mark[d] != g.epoch {
				g.mark[d] = g.epoch
				buf = append(buf, sim.Choice{Kind: chReturnVP, A: int16(i), B: d})
			}
		}
	case stEndOrder:
		for i, pd := range g.pending {
			dup := false
			for _, q := range g.pending[:i] {
				dup = dup || q == pd
			}
			if dup {
				continue
			}
			buf = append(buf, sim.Choice{Kind: chEndAbility, A: int16(pd.clause), B: pd.design, C: 1})
			if g.e.designs[pd.design].prog[pd.clause].may {
				buf = append(buf, sim.Choice{Kind: chEndAbility, A: int16(pd.clause), B: pd.design, C: 0})
			}
		}
	}
	return buf
}

// attackChoices lists the attacks worth making (G18). Against a face-up
// weakness: the least power that destroys it, or, when the power falls
// short and a failed attack pays AttackConsolationVP, an attack of 1; other
// amounts are never better, since power has no other use and what is not
// committed stays for the next weakness. Against a face-down weakness
// (RevealWeakness ×) the player cannot know, so every amount is offered.
func (g *Game) attackChoices(buf []sim.Choice) []sim.Choice {
	w := g.topWeakness()
	if w < 0 || g.power < 1 {
		return buf
	}
	wd := g.e.inst[w]
	if !g.revealed {
		for a := 1; a <= g.power; a++ {
			buf = append(buf, sim.Choice{Kind: chAttack, A: int16(a), B: -1}) // B would give it away
		}
		return buf
	}
	need := g.durability(&g.e.designs[wd]) + 1
	if !g.e.strict {
		need = max(need-1, 1)
	}
	switch {
	case g.power >= need:
		buf = append(buf, sim.Choice{Kind: chAttack, A: int16(need), B: wd})
	case g.e.consolation > 0 && !g.consolationPaid:
		buf = append(buf, sim.Choice{Kind: chAttack, A: 1, B: wd})
	}
	return buf
}

// handChoices lists one choice per design in hand, at its first position.
func (g *Game) handChoices(buf []sim.Choice, kind uint8, hand []int16) []sim.Choice {
	g.epoch++
	for i, c := range hand {
		if d := g.e.inst[c]; g.mark[d] != g.epoch {
			g.mark[d] = g.epoch
			buf = append(buf, sim.Choice{Kind: kind, A: int16(i), B: d})
		}
	}
	return buf
}

// Opening reports the setup's events (opening hands, the first turn's rage
// tactic) before the first decision; it implements sim.Opener.
func (g *Game) Opening(emit func(sim.Event)) {
	for _, e := range g.pre {
		emit(e)
	}
	g.pre = g.pre[:0]
}

// Apply carries out a legal choice.
func (g *Game) Apply(c sim.Choice, emit func(sim.Event)) {
	g.emit = emit
	defer func() { g.emit = nil }()
	if emit != nil && len(g.pre) > 0 {
		for _, e := range g.pre {
			emit(e)
		}
		g.pre = g.pre[:0]
	}
	g.pre = g.pre[:0:0]
	switch c.Kind {
	case chPlay:
		g.mustStep(stMain, c)
		g.playCard(int(c.A))
	case chBuy:
		g.mustStep(stMain, c)
		d, s := int(c.A), int(c.B)
		cost := g.supplyCost(g.ds(g.rows[d][s]))
		if cost > g.funds {
			panic(fmt.Sprintf("valkyrie: buy for %d with %d funds", cost, g.funds))
		}
		g.funds -= cost
		g.bought++
		g.gainSupply(d, s)
	case chAttack:
		g.mustStep(stMain, c)
		if int(c.A) < 1 || int(c.A) > g.power {
			panic(fmt.Sprintf("valkyrie: attack with %d of %d power", c.A, g.power))
		}
		g.attack(int(c.A))
	case chEndPlay:
		g.mustStep(stMain, c)
		g.endPlaying()
	case chMay:
		g.mustStep(stMay, c)
		g.step = stNone
		if c.A == 1 {
			g.exec(g.cur)
		} else {
			g.ev(evDeclined, g.active, g.fr.src, g.cur, 0)
		}
	case chDiscard:
		g.mustStep(stDiscard, c)
		g.discardAt(g.stepSeat, int(c.A))
		g.left--
		g.discardAuto()
	case chTrash:
		g.mustStep(stTrash, c)
		g.trashAt(int(c.A))
	case chStop:
		g.mustStep(stTrash, c)
		g.left = 0
		g.step = stNone
	case chGainFree:
		g.mustStep(stGainFree, c)
		g.gainSupply(int(c.A), int(c.B))
		g.step = stNone
	case chReturnVP:
		g.mustStep(stReturnVP, c)
		g.returnVP(int(c.A))
		g.returnVPAuto()
	case chEndAbility:
		g.mustStep(stEndOrder, c)
		g.resolveEnd(c.B, int(c.A), c.C == 1)
	default:
		panic(fmt.Sprintf("valkyrie: unknown choice kind %d", c.Kind))
	}
	g.advance()
	if g.phase == phPlay && g.step == stMain && !g.over && (g.funds != g.shownFunds || g.power != g.shownPower) {
		g.ev(evCounters, g.active, -1, g.funds, g.power)
		g.shownFunds, g.shownPower = g.funds, g.power
	}
}

func (g *Game) mustStep(s step, c sim.Choice) {
	if g.step != s || g.over {
		panic(fmt.Sprintf("valkyrie: choice %+v while waiting for step %d", c, g.step))
	}
}
