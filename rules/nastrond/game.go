package nastrond

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"bifrost/rules/sim"
)

type (
	// Choice is sim.Choice; its Kind is one of the K constants.
	Choice = sim.Choice
	// Event is sim.Event; engine kinds are the Ev constants.
	Event = sim.Event
)

// The decision kinds (see the package documentation).
const (
	KMove uint8 = iota + 1
	KDivine
	KIntellect
	KRoll
	KCourage
	KSkill
	KFix
	KJudge
	KHire
	KReturn
	KPass
	KReroll   // B = a die to reroll with the skill in use
	KRerollGo // reroll the dice chosen
)

// The event kinds Nastrond adds to sim's Acquired (an Einherjar scouted),
// Played (a skill used; N = its trigger) and Resolved (a challenge judged;
// N = Power, M = 1 on success).
const (
	EvTurn     = sim.EventEngine + iota // a turn begins: N = turn, M = Urd in supply
	EvMove                              // N = from, M = to; Card = the card on it, or -1 (an Urd)
	EvResolved                          // a resolved square: an Urd goes under the Valkyria; N = square
	EvDice                              // phase 2: N = Urd counted, M = dice taken from the Stock; Card = target card
	EvDivine                            // divine intervention: N = face rolled, or 0 when the die joins the pool
	EvAddDie                            // a skill's Stock die: N = face rolled, or 0; Card = skill
	EvD8                                // a d6 becomes a d8; Card = skill, or -1 for 知性
	EvRoll                              // N = dice rolled, M = their total; the rest became ↑
	EvDie                               // a die changes: N = old face, M = new; Card = skill, or -1 for 勇気
	EvFix                               // the dice are fixed: N = Power
	EvPower                             // a skill changes Power: N = change, M = Power
	EvTiwaz                             // a skill adds ↑: N = added, M = ↑ now
	EvDiscount                          // a skill cuts the scout cost: N = cut, M = this turn's cut
	EvVP                                // N = VP gained, M = reason (vp* constants); Card = source
	EvUrd                               // an Urd replaces the card on square N; Card = that card
	EvUnder                             // an Urd goes under the Valkyria after a Nidhogg fight
	EvDescend                           // a pawn goes down: N = from, M = to
	EvReturn                            // an Einherjar goes back to the field as payment; N = its value
	EvGrow                              // growth: N = bonus (courage, intellect, dignity, affection), M = how many
	EvMajority                          // N = layer, M = VP
	EvPass                              // no scouting this turn
	EvLayout                            // setup: N = square, Card = the card laid on it
	EvStart                             // setup: the seat's pawn starts on square N, dealt Keeper Card, with M Urd
	EvVPHeld                            // a skill's VP wait for the judgement: N = VP, M = held now; Card = skill
	EvVPLost                            // a failure forfeits the skill VP held: N = VP
)

// Why VP were gained (EvVP's M).
const (
	vpChallenge = iota // the challenged card's VP
	vpDignity          // 威厳 growth
	vpTiwaz            // ↑ at judgement
	vpSkill            // an Einherjar skill
	vpMajority         // majority scoring
	vpHeld             // skill VP held during the challenge, paid on its success
)

// Harness event kinds, under their sim names.
const (
	Acquired = sim.Acquired
	Played   = sim.Played
	Resolved = sim.Resolved
)

type phase uint8

const (
	phMove    phase = iota // phase 1
	phPreroll              // phase 2: pool taken, how many to roll
	phRolled               // rolled, not fixed
	phFixed                // fixed: "after fix" skills, then judgement
	phReroll               // choosing the dice a reroll skill rerolls
	phScout                // phase 4
	phPay                  // paying for the Einherjar being scouted
	phOver
)

// Die states and origins during a turn.
const (
	dsPool   int8 = iota // taken, not yet rolled
	dsRolled             // rolled
	dsTiwaz              // kept as ↑
)

const (
	fromStock int8 = iota // a Stock d6
	fromOwn               // one of the player's own colour d6
	fromD8                // a d8 from the reserve
)

// urd is the board value of an Urd of seat s; card indices are ≥ 0.
func urd(s int8) int16 { return -1 - int16(s) }

// empty marks a square not yet laid out during setup.
const empty int16 = -100

// table is the state that changes a few times a turn, in the groups that
// Check compares with what it last verified.
type table struct {
	layout
	hands
	pawns
	purse
}

// pawns is where the pawns stand.
type pawns struct {
	pawn    [maxPlayers]Square
	arrived [maxPlayers]bool // came down by a Keeper fight and has not moved since (G17)
}

// purse is each player's Urd, VP and won cards.
type purse struct {
	supply [maxPlayers]int8
	divine [maxPlayers]int8 // under the Valkyria
	spent  [maxPlayers]int8 // spent on divine intervention: out of the game (G6)
	vp     [maxPlayers]int16
	won    [maxPlayers]int16 // Edda and Keepers in the player's area
}

// cup is every die: the Stock, the d8 reserve and the active player's
// dice, kept together so that Check compares them in one go.
type cup struct {
	dSides   [maxDice]int8
	dFace    [maxDice]int8
	dOrig    [maxDice]int8
	dState   [maxDice]int8
	stockD6  int16
	nd       int8
	d8Res    int8
	ownAside int8 // own d6 set aside for a d8
	rolled   bool
}

// layout is the board's cards and Keepers, kept together so that Check
// compares them in one go.
type layout struct {
	board    [squares]int16     // a card index, or urd(seat)
	urdAt    [maxPlayers]uint64 // squares holding each seat's Urd, one bit each
	keeperSq [maxKeepers]Square
	keeperBy [maxKeepers]int8 // seat that fought the Keeper, or -1
}

// hands is where the Einherjar are, with the sets and sums that listing
// reads, kept together so that Check compares them in one go.
type hands struct {
	held      [maxPlayers][maxEinherjar]int8
	field     [maxEinherjar]int8
	nHeld     [maxPlayers]int16
	payPool   [maxPlayers]int16  // what returning every held Einherjar would pay (T43)
	heldMask  [maxPlayers]uint64 // designs held, one bit each
	fieldMask uint64             // designs with a card on the field
}

// Game is one game of Nastrond. All its state is in flat arrays, so copying
// the struct (Clone) copies the game.
type Game struct {
	e   *Engine
	rng *rand.Rand

	n, start, seat int8
	dealt          int8
	turn           int16
	ph             phase
	announced      bool

	table
	icons       [maxPlayers][nIcons]int8
	dealtKeeper [maxPlayers]int16 // the layer-1 Keeper that set each start (G15)

	// The active turn.
	cup
	tiwazExtra int16
	heldVP     int16 // VP skills gave during the challenge, paid only if it succeeds
	power      int16
	chal       int16 // the card challenged this turn, or -1
	chalSq     Square
	used       [maxEinherjar]int8 // skill uses this turn, by design
	usedIcon   [nIcons]int8
	pend       [nIcons]int8 // growth gained this turn, applied at its end (T51)
	discount   int16
	hire       int16
	need       int16
	paid       int16
	tiwazPaid  int16
	rerollLeft int8   // dice the reroll skill in use may still take
	picked     uint64 // dice chosen for it, one bit each
	pickKey    int8   // the kind (sides, face) of the last die chosen, or -1
	rerollCard int16  // the skill's card

	opts   []Choice   // the legal choices now, in optBuf while they fit
	optBuf [96]Choice // opts' own storage, so a game allocates none

	chk checked // what Check last verified

	// What changed since Check last passed (sim.Dirty, see check.go): the
	// groups of state (gLayout…), and within them the seats whose pawn,
	// purse or hand changed (and the seat to play), the Einherjar designs
	// that moved and the squares that changed.
	dirty, marked, einMoved, sqMoved sim.Dirty
}

// The groups of state that Check verifies, numbered for Game.dirty. The
// engine marks a group as it changes it; Check looks at the groups marked
// since it last ran, and at every group once the game is over, so a change
// that escaped marking is still caught by the end of the game.
const (
	gLayout = iota // layout
	gHands         // hands
	gPawns         // pawns
	gPurse         // purse and growth
	gCup           // cup
	nGroups
)

var _ sim.Game = (*Game)(nil)

func nop(Event) {}

// newGame lays out the board and deals for n players (setup S1–S15).
func (e *Engine) newGame(n int, rng *rand.Rand) *Game {
	g := new(Game)
	e.setUp(g, n, rng)
	return g
}

// setUp sets the zero game g up for n players (newGame).
func (e *Engine) setUp(g *Game, n int, rng *rand.Rand) {
	g.e, g.rng, g.n, g.dealt, g.chal = e, rng, int8(n), e.p.urdFor[n], -1
	g.opts = g.optBuf[:0]
	g.dirty.Size(nGroups)
	g.marked.Size(n)
	g.einMoved.Size(len(e.skills))
	g.sqMoved.Size(squares)
	for s := range n {
		g.supply[s] = g.dealt
	}
	g.stockD6 = g.stockTotal()
	g.d8Res = e.p.d8
	for j := range e.skills {
		g.field[j] = e.info[e.einCard[j]].copies
		if g.field[j] > 0 {
			g.fieldMask |= 1 << j
		}
	}
	for k := range g.keeperBy {
		g.keeperBy[k] = -1
	}

	// Rings 1 and 2: the layer's Keepers on random corners, the shuffled
	// Edda everywhere else (S6, S9). Ring 3: Edda and Keepers shuffled
	// together (S7, S10). Nidhogg in the centre (S12).
	for i := range g.board {
		g.board[i] = empty
	}
	var pile [24]int16
	for k := 1; k <= 3; k++ {
		size := int(board.ringLen[k])
		if k < 3 {
			corners := board.corners(k)
			shuffle(g.rng, corners[:])
			for i, c := range e.keepers[k] {
				g.place(corners[i], c)
			}
			m := copy(pile[:], e.edda[k])
			shuffle(g.rng, pile[:m])
			next := 0
			for i := range size {
				s := board.ring[k][i]
				if g.board[s] == empty {
					g.place(s, pile[next])
					next++
				}
			}
		} else {
			m := copy(pile[:], e.edda[k])
			m += copy(pile[m:], e.keepers[k])
			shuffle(g.rng, pile[:m])
			for i := range size {
				g.place(board.ring[k][i], pile[i])
			}
		}
	}
	g.board[centre] = e.nidhogg

	// Start squares: each player is dealt a different layer-1 Keeper and
	// starts Start squares clockwise from its corner (G15).
	var deal [4]int16
	m := copy(deal[:], e.keepers[1])
	shuffle(g.rng, deal[:m])
	for s := range n {
		k := e.info[deal[s]].keeper
		g.pawn[s] = board.step(g.keeperSq[k], e.info[deal[s]].start%board.ringLen[1])
		g.dealtKeeper[s] = deal[s]
	}
	g.start = g.startSeat()
	g.seat = g.start
	g.beginTurn(nop)
	g.announced = false // Opening, or else the first Apply, announces turn 1
	g.settle(nop)
}

// Opening reports the setup (the layout, each pawn's start) and the first
// turn's banner before the first decision; it implements sim.Opener.
func (g *Game) Opening(emit func(Event)) {
	for q := range Square(squares) {
		if v := g.board[q]; v >= 0 {
			emit(Event{Kind: EvLayout, Seat: -1, Card: int32(v), N: int32(q)})
		}
	}
	for s := range g.n {
		emit(Event{Kind: EvStart, Seat: s, Card: int32(g.dealtKeeper[s]), N: int32(g.pawn[s]), M: int32(g.dealt)})
	}
	if !g.announced {
		g.announce(emit)
	}
}

// place puts card c on square s at setup.
func (g *Game) place(s Square, c int16) {
	g.board[s] = c
	if k := g.e.info[c].keeper; k >= 0 {
		g.keeperSq[k] = s
	}
}

// shuffle is a Fisher–Yates shuffle drawing from the game's source.
func shuffle[T any](rng *rand.Rand, x []T) {
	for i := len(x) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		x[i], x[j] = x[j], x[i]
	}
}

// startSeat finds the start player: the pawn at the top right, or the first
// one clockwise from there (S15, §6.6).
func (g *Game) startSeat() int8 {
	from := board.ringIdx[topRight]
	for i := range board.ringLen[1] {
		s := board.ring[1][(from+i)%board.ringLen[1]]
		for p := range g.n {
			if g.pawn[p] == s {
				return p
			}
		}
	}
	return 0
}

// Clone returns an independent copy of the game for lookahead. The copy
// shares the engine's random source unless rng is given; a bot must give it
// its own source before applying choices that roll dice.
func (g *Game) Clone(rng *rand.Rand) *Game {
	c := *g
	c.opts = append(c.optBuf[:0], g.opts...)
	if rng != nil {
		c.rng = rng
	}
	return &c
}

// Seat is the seat that decides next.
func (g *Game) Seat() int { return int(g.seat) }

// FirstSeat is the start player, whose pawn the random Keeper deal put
// first; the others follow in seat order (sim.TurnOrderer).
func (g *Game) FirstSeat() int { return int(g.start) }

// Turn is the number of the current turn, counting every player's turns
// from 1; after the game it is the game's length.
func (g *Game) Turn() int { return int(g.turn) }

// Over reports whether every Urd is spent and the majorities are scored.
func (g *Game) Over() bool { return g.ph == phOver }

// Scores appends each seat's VP.
func (g *Game) Scores(buf []int) []int {
	buf = buf[:0]
	for s := range g.n {
		buf = append(buf, int(g.vp[s]))
	}
	return buf
}

// Winner is the seat with the most VP; on a tie the one later in play
// order, counted from the start player, wins (E6).
func (g *Game) Winner() int {
	best := int8(-1)
	for i := range g.n {
		s := (g.start + i) % g.n
		if best < 0 || g.vp[s] >= g.vp[best] {
			best = s
		}
	}
	return int(best)
}

// Choices appends the legal choices to buf[:0].
func (g *Game) Choices(buf []Choice) []Choice { return append(buf[:0], g.opts...) }

// Apply carries out a legal choice. It panics on a choice that is not legal
// now.
func (g *Game) Apply(c Choice, emit func(Event)) {
	if emit == nil {
		emit = nop
	}
	if !g.offered(c) {
		panic(fmt.Sprintf("nastrond: illegal choice %+v in phase %d", c, g.ph))
	}
	if !g.announced {
		g.announce(emit)
	}
	g.apply(c, emit)
	g.settle(emit)
}

// offered reports whether c is one of the legal choices now.
func (g *Game) offered(c Choice) bool {
	for _, o := range g.opts {
		if o.A == c.A && o.B == c.B && o.Kind == c.Kind && o.C == c.C {
			return true
		}
	}
	return false
}

func (g *Game) announce(emit func(Event)) {
	g.announced = true
	emit(Event{Kind: EvTurn, Seat: g.seat, Card: -1, N: int32(g.turn), M: int32(g.supply[g.seat])})
}

func (g *Game) apply(c Choice, emit func(Event)) {
	switch c.Kind {
	case KMove:
		g.move(Square(c.A), emit)
	case KDivine:
		g.dirty.Mark(gPurse)
		g.divine[g.seat]--
		g.spent[g.seat]++
		g.takeStock(emit, EvDivine, -1)
	case KIntellect:
		g.usedIcon[intellect]++
		g.toD8(-1, emit)
	case KRoll:
		g.rollPool(int8(c.A), emit)
	case KCourage:
		g.usedIcon[courage]++
		old := g.dFace[c.B]
		g.dirty.Mark(gCup)
		g.dFace[c.B] = min(old+1, g.dSides[c.B])
		emit(Event{Kind: EvDie, Seat: g.seat, Card: -1, N: int32(old), M: int32(g.dFace[c.B])})
	case KSkill:
		g.useSkill(int(c.A), int8(c.B), emit)
	case KReroll:
		g.picked |= 1 << c.B
		g.pickKey = dieKey(g.dSides[c.B], g.dFace[c.B])
		g.rerollLeft--
	case KRerollGo:
		g.rerollPicked(emit)
	case KFix:
		g.fix(emit)
	case KJudge:
		g.judge(emit)
	case KHire:
		g.startHire(c.A, emit)
	case KReturn:
		g.payWith(c.A, emit)
	case KPass:
		emit(Event{Kind: EvPass, Seat: g.seat, Card: -1})
		g.endTurn(emit)
	}
}

// settle lists the legal choices, carrying out on its own every step that
// leaves only one.
func (g *Game) settle(emit func(Event)) {
	for {
		// Reslicing g.opts in place, not storing the slice, keeps the
		// loop free of GC write barriers.
		if opts := g.list(g.opts[:0]); len(opts) <= cap(g.opts) {
			g.opts = g.opts[:len(opts)]
		} else {
			g.opts = opts
		}
		if g.ph == phOver || len(g.opts) != 1 {
			return
		}
		g.apply(g.opts[0], emit)
	}
}

// list appends the legal choices of the current window. It offers no
// choice that can only hurt: no die change that lowers every die it could
// touch, no reroll of a die showing its maximum, no skill use that does
// nothing but spend the skill.
func (g *Game) list(buf []Choice) []Choice {
	s := g.seat
	switch g.ph {
	case phMove:
		// No destination at all breaks I21 (G33); Check reports it.
		from := g.pawn[s]
		ml, at := &g.e.moves[from], &g.e.moveAt[from]
		taken := uint16(0)
		for p := range g.n {
			if i := at[g.pawn[p]]; p != s && i >= 0 {
				taken |= 1 << i
			}
		}
		// Every destination, then the free ones kept in place: a count
		// that grows by the bit, not a branch on each.
		n := len(buf)
		buf = append(buf, ml.c[:ml.n]...)
		if taken != 0 {
			k := n
			for i, c := range buf[n:] {
				buf[k] = c
				k += int(^taken>>i) & 1
			}
			buf = buf[:k]
		}
	case phPreroll:
		if g.divine[s] > 0 && g.stockHas() && g.nd < maxDice {
			buf = append(buf, Choice{Kind: KDivine})
		}
		if g.usedIcon[intellect] < g.icons[s][intellect] && g.canD8() {
			buf = append(buf, Choice{Kind: KIntellect})
		}
		buf = g.skillChoices(buf, tBeforeRoll, &dieSet{}) // nothing rolled yet
		for k := range g.nd + 1 {
			buf = append(buf, Choice{Kind: KRoll, A: int16(k)})
		}
	case phRolled:
		if g.divine[s] > 0 && g.stockHas() && g.nd < maxDice {
			buf = append(buf, Choice{Kind: KDivine})
		}
		courageLeft := g.usedIcon[courage] < g.icons[s][courage]
		var d dieSet // read only by courage and the after-roll skills
		if courageLeft || g.heldMask[s]&g.e.winMask[tAfterRoll] != 0 {
			d = g.dice(0)
		}
		if courageLeft {
			for m := d.up & d.first; m != 0; m &= m - 1 {
				buf = append(buf, Choice{Kind: KCourage, B: int16(bits.TrailingZeros64(m))})
			}
		}
		buf = g.skillChoices(buf, tAfterRoll, &d)
		buf = append(buf, Choice{Kind: KFix})
	case phFixed:
		if g.e.p.divineAfterFix && g.divine[s] > 0 && g.stockHas() && g.nd < maxDice {
			buf = append(buf, Choice{Kind: KDivine})
		}
		buf = g.skillChoices(buf, tAfterFix, &dieSet{}) // no die clause acts after the fix
		buf = append(buf, Choice{Kind: KJudge})
	case phReroll:
		if g.rerollLeft > 0 {
			d := g.dice(g.picked)
			for m := d.up & d.first; m != 0; m &= m - 1 {
				if i := bits.TrailingZeros64(m); dieKey(g.dSides[i], g.dFace[i]) >= g.pickKey {
					buf = append(buf, Choice{Kind: KReroll, B: int16(i)})
				}
			}
		}
		if g.picked != 0 {
			buf = append(buf, Choice{Kind: KRerollGo})
		}
	case phScout:
		buf = g.skillChoices(buf, tScout, &dieSet{}) // no die clause acts when scouting
		pool := g.payPool[s]
		if g.e.p.tiwazPaysScout {
			pool += int16(g.tiwazCount()) - g.tiwazPaid
		}
		// need = max(0, cost-cut) is payable when cost ≤ cut + max(0, pool).
		m := g.fieldMask & g.e.layerMask[board.layer[g.pawn[s]]] & g.e.affordable(g.cut()+max(0, pool))
		for ; m != 0; m &= m - 1 {
			buf = append(buf, Choice{Kind: KHire, A: int16(bits.TrailingZeros64(m))})
		}
		buf = append(buf, Choice{Kind: KPass})
	case phPay:
		for m := g.heldMask[s]; m != 0; m &= m - 1 {
			buf = append(buf, Choice{Kind: KReturn, A: int16(bits.TrailingZeros64(m))})
		}
		if g.e.p.tiwazPaysScout && g.tiwazPaid < int16(g.tiwazCount()) {
			buf = append(buf, Choice{Kind: KReturn, A: -1})
		}
	}
	return buf
}

// challenging reports whether the active turn is in its challenge: from
// taking the dice to the judgement.
func (g *Game) challenging() bool {
	return g.ph == phPreroll || g.ph == phRolled || g.ph == phReroll || g.ph == phFixed
}

// window is the skill timing of the current phase.
func (g *Game) window() trigger {
	switch g.ph {
	case phPreroll:
		return tBeforeRoll
	case phRolled, phReroll:
		return tAfterRoll
	case phFixed:
		return tAfterFix
	}
	return tScout
}

func (g *Game) occupiedByOther(s Square, me int8) bool {
	for p := range g.n {
		if p != me && g.pawn[p] == s {
			return true
		}
	}
	return false
}

// dieKey orders the kinds of dice, (sides, face), so that a reroll's dice
// are chosen in one canonical order.
func dieKey(sides, face int8) int8 { return sides*10 + face }

// dieSet is the active player's rolled dice, one bit each, as listing
// reads them.
type dieSet struct {
	rolled uint64 // rolled
	up     uint64 // rolled and below their maximum: a reroll or a +n could help
	first  uint64 // rolled, not skipped, and the first such of their (sides, face), so that equal dice give one choice
}

// dice computes the dieSet, leaving the dice in skip out of first.
func (g *Game) dice(skip uint64) (d dieSet) {
	var seen [2]uint64 // the kinds met, by dieKey
	for i := range g.nd {
		if g.dState[i] != dsRolled {
			continue
		}
		bit := uint64(1) << i
		d.rolled |= bit
		if g.dFace[i] < g.dSides[i] {
			d.up |= bit
		}
		if skip&bit != 0 {
			continue
		}
		if k := uint8(dieKey(g.dSides[i], g.dFace[i])) & 127; seen[k>>6]&(1<<(k&63)) == 0 {
			seen[k>>6] |= 1 << (k & 63)
			d.first |= bit
		}
	}
	return d
}

// setHeld changes how many of design j seat s holds by delta, keeping the
// sets and sums that listing reads.
func (g *Game) setHeld(s int8, j int, delta int8) {
	g.dirty.Mark(gHands)
	g.marked.Mark(int(s))
	g.einMoved.Mark(j)
	g.held[s][j] += delta
	g.nHeld[s] += int16(delta)
	g.payPool[s] += int16(delta) * g.e.einLayer[j]
	g.field[j] -= delta
	g.heldMask[s] &^= 1 << j
	if g.held[s][j] > 0 {
		g.heldMask[s] |= 1 << j
	}
	g.fieldMask &^= 1 << j
	if g.field[j] > 0 {
		g.fieldMask |= 1 << j
	}
}

// --- Turn flow ---------------------------------------------------------------

// beginTurn starts the current seat's turn. A pawn on Nidhogg does not
// move (T12).
func (g *Game) beginTurn(emit func(Event)) {
	g.marked.Mark(int(g.seat))
	g.turn++
	g.resetTurn()
	g.announce(emit)
	if g.pawn[g.seat] == centre {
		g.stop(emit)
		return
	}
	g.ph = phMove
}

// resetTurn clears the state of the active turn.
func (g *Game) resetTurn() {
	if g.nd != 0 || g.ownAside != 0 || g.rolled {
		g.dirty.Mark(gCup)
	}
	g.nd, g.ownAside, g.rolled = 0, 0, false
	g.tiwazExtra, g.heldVP, g.power, g.chal = 0, 0, 0, -1
	g.used = [maxEinherjar]int8{}
	g.usedIcon, g.pend = [nIcons]int8{}, [nIcons]int8{}
	g.discount, g.hire, g.need, g.paid, g.tiwazPaid = 0, -1, 0, 0, 0
	g.rerollLeft, g.picked, g.pickKey, g.rerollCard = 0, 0, -1, -1
}

// move is phase 1: clockwise along the pawn's ring (T13).
func (g *Game) move(to Square, emit func(Event)) {
	s := g.seat
	from := g.pawn[s]
	g.dirty.Mark(gPawns)
	g.pawn[s], g.arrived[s] = to, false
	card := int32(g.board[to])
	if card < 0 {
		card = -1
	}
	emit(Event{Kind: EvMove, Seat: s, Card: card, N: int32(from), M: int32(to)})
	g.stop(emit)
}

// stop handles the square the pawn stopped on: a resolved square (T21–T24)
// or a challenge roll (T15–T17).
func (g *Game) stop(emit func(Event)) {
	s := g.seat
	at := g.pawn[s]
	if v := g.board[at]; v < 0 {
		g.dirty.Mark(gPurse)
		g.supply[s]--
		g.divine[s]++
		emit(Event{Kind: EvResolved, Seat: s, Card: -1, N: int32(at), M: int32(-1 - v)})
		g.ph = phScout
		return
	}
	g.chal, g.chalSq = g.board[at], at
	n := int16(g.countUrd(at))
	take := n
	if !g.e.p.unlimitedDice {
		take = min(take, g.stockD6)
	}
	take = min(take, int16(maxDice-g.e.p.ownDice))
	for range g.e.p.ownDice {
		g.addDie(6, fromOwn, dsPool)
	}
	for range take {
		g.fromStock()
		g.addDie(6, fromStock, dsPool)
	}
	emit(Event{Kind: EvDice, Seat: s, Card: int32(g.chal), N: int32(n), M: int32(take)})
	g.ph = phPreroll
}

// countUrd counts the active player's Urd (every colour with CountAllUrd)
// in the row and column of square at (T16, G7).
func (g *Game) countUrd(at Square) int {
	m := g.urdAt[g.seat]
	if g.e.p.countAllUrd {
		for s := range g.n {
			m |= g.urdAt[s]
		}
	}
	return bits.OnesCount64(m & board.cross[at])
}

// setUrd exchanges the card on square q for an Urd of seat s.
func (g *Game) setUrd(q Square, s int8) {
	g.dirty.Mark(gLayout)
	g.marked.Mark(int(s))
	g.sqMoved.Mark(int(q))
	g.board[q] = urd(s)
	g.urdAt[s] |= 1 << q
}

func (g *Game) addDie(sides, orig, state int8) int8 {
	g.dirty.Mark(gCup)
	i := g.nd
	g.dSides[i], g.dFace[i], g.dOrig[i], g.dState[i] = sides, 0, orig, state
	g.nd++
	return i
}

func (g *Game) stockHas() bool { return g.e.p.unlimitedDice || g.stockD6 > 0 }

func (g *Game) fromStock() {
	g.dirty.Mark(gCup)
	if !g.e.p.unlimitedDice {
		g.stockD6--
	}
}

func (g *Game) roll(sides int8) int8 { return int8(1 + g.rng.IntN(int(sides))) }

// takeStock adds one Stock d6: into the pool before the roll, rolled and
// added after it, and after the fix (DivineAfterFix) rolled and added to
// Power (G3). kind is EvDivine or EvAddDie; M is Power after the fix.
func (g *Game) takeStock(emit func(Event), kind sim.EventKind, card int16) {
	g.fromStock()
	face, power := int32(0), int32(0)
	if g.rolled {
		i := g.addDie(6, fromStock, dsRolled)
		g.dFace[i] = g.roll(6)
		face = int32(g.dFace[i])
		if g.ph == phFixed {
			g.power += int16(face)
			power = int32(g.power)
		}
	} else {
		g.addDie(6, fromStock, dsPool)
	}
	emit(Event{Kind: kind, Seat: g.seat, Card: int32(card), N: face, M: power})
}

func (g *Game) addStockDie(card int16, emit func(Event)) { g.takeStock(emit, EvAddDie, card) }

func (g *Game) count(state int8) int {
	n := 0
	for i := range g.nd {
		if g.dState[i] == state {
			n++
		}
	}
	return n
}

func (g *Game) d8InUse() int8 {
	n := int8(0)
	for i := range g.nd {
		if g.dSides[i] == 8 {
			n++
		}
	}
	return n
}

// canD8 reports whether a pool d6 can become a d8: one is in the reserve
// and the player holds fewer than MaxD8 (T53, G9, G26).
func (g *Game) canD8() bool {
	if g.rolled || g.d8Res <= 0 || g.d8InUse() >= g.e.p.maxD8 {
		return false
	}
	for i := range g.nd {
		if g.dState[i] == dsPool && g.dSides[i] == 6 {
			return true
		}
	}
	return false
}

// toD8 swaps a pool d6 for a d8 from the reserve. A Stock d6 goes back to
// the Stock; an own d6 is set aside (G9).
func (g *Game) toD8(card int16, emit func(Event)) {
	g.dirty.Mark(gCup)
	pick := int8(-1)
	for i := range g.nd {
		if g.dState[i] == dsPool && g.dSides[i] == 6 && (pick < 0 || g.dOrig[i] == fromStock && g.dOrig[pick] != fromStock) {
			pick = i
		}
	}
	if g.dOrig[pick] == fromStock {
		if !g.e.p.unlimitedDice {
			g.stockD6++
		}
	} else {
		g.ownAside++
	}
	g.dSides[pick], g.dOrig[pick] = 8, fromD8
	g.d8Res--
	emit(Event{Kind: EvD8, Seat: g.seat, Card: int32(card), N: int32(g.d8InUse())})
}

// rollPool rolls k pool dice, d8s first; the rest become ↑ (T18–T20).
func (g *Game) rollPool(k int8, emit func(Event)) {
	g.dirty.Mark(gCup)
	left := k
	for _, sides := range [2]int8{8, 6} {
		for i := range g.nd {
			if g.dState[i] == dsPool && g.dSides[i] == sides && left > 0 {
				g.dState[i], g.dFace[i] = dsRolled, g.roll(sides)
				left--
			}
		}
	}
	for i := range g.nd {
		if g.dState[i] == dsPool {
			g.dState[i] = dsTiwaz
		}
	}
	g.rolled = true
	g.ph = phRolled
	emit(Event{Kind: EvRoll, Seat: g.seat, Card: -1, N: int32(k), M: int32(g.rolledSum())})
}

func (g *Game) rolledSum() int16 {
	sum := int16(0)
	for i := range g.nd {
		if g.dState[i] == dsRolled {
			sum += int16(g.dFace[i])
		}
	}
	return sum
}

// tiwazCount is ↑: dice kept from the roll plus ↑ from skills.
func (g *Game) tiwazCount() int { return g.count(dsTiwaz) + int(g.tiwazExtra) }

// fix fixes the dice; their total is Power (T25).
func (g *Game) fix(emit func(Event)) {
	g.power = g.rolledSum()
	g.ph = phFixed
	emit(Event{Kind: EvFix, Seat: g.seat, Card: -1, N: int32(g.power)})
}

func (g *Game) gain(n int16, why int, card int16, emit func(Event)) {
	if n == 0 {
		return
	}
	g.dirty.Mark(gPurse)
	g.vp[g.seat] += n
	emit(Event{Kind: EvVP, Seat: g.seat, Card: int32(card), N: int32(n), M: int32(why)})
}

// judge is phase 3 (T26–T39).
func (g *Game) judge(emit func(Event)) {
	s := g.seat
	ci := &g.e.info[g.chal]
	ok := g.power >= ci.target
	success := int32(0)
	if ok {
		success = 1
	}
	emit(Event{Kind: Resolved, Seat: s, Card: int32(g.chal), N: int32(g.power), M: success})
	if ok {
		g.gain(ci.vp, vpChallenge, g.chal, emit)
		g.gain(int16(g.icons[s][dignity]), vpDignity, -1, emit)
	}
	if ok || g.e.p.tiwazOnFailure { // no VP on a failure (T29, G1)
		g.gain(int16(g.tiwazCount())*g.e.p.tiwazVP, vpTiwaz, -1, emit)
	}
	switch { // nor the VP skills gave during the challenge (T29)
	case g.heldVP == 0:
	case ok:
		g.gain(g.heldVP, vpHeld, -1, emit)
	default:
		emit(Event{Kind: EvVPLost, Seat: s, Card: -1, N: int32(g.heldVP)})
	}
	g.heldVP = 0
	g.dirty.Mark(gPurse)
	g.supply[s]--
	if ci.kind == kindNidhogg {
		g.divine[s]++
		emit(Event{Kind: EvUnder, Seat: s, Card: int32(g.chal), N: int32(g.chalSq)})
		g.ph = phScout
		return
	}
	g.setUrd(g.chalSq, s)
	g.won[s]++
	for i := range nIcons {
		g.pend[i] += ci.icons[i]
	}
	emit(Event{Kind: EvUrd, Seat: s, Card: int32(g.chal), N: int32(g.chalSq)})
	if ci.kind == kindKeeper {
		g.keeperBy[ci.keeper] = s
		g.descend(emit)
	}
	g.ph = phScout
}

// descend moves the pawn to the nearest corner of the next ring in, or to
// Nidhogg after a layer-3 Keeper (T30–T32). Without ArrivalMayShare an
// occupied corner passes the pawn on clockwise to the next free square.
func (g *Game) descend(emit func(Event)) {
	s := g.seat
	from := g.pawn[s]
	to := board.inner[from]
	if to != centre && !g.e.p.arrivalShare {
		for range board.ringLen[board.layer[to]] {
			if !g.occupiedByOther(to, s) {
				break
			}
			to = board.step(to, 1)
		}
	}
	g.dirty.Mark(gPawns)
	g.pawn[s], g.arrived[s] = to, true
	emit(Event{Kind: EvDescend, Seat: s, Card: -1, N: int32(from), M: int32(to)})
}

// --- Scouting ----------------------------------------------------------------

// needFor is what design j costs after 親愛 and cost cuts (T54).
func (g *Game) needFor(j int) int16 { return max(0, g.e.einCost[j]-g.cut()) }

// cut is what 親愛 and cost cuts take off every cost this turn.
func (g *Game) cut() int16 { return int16(g.icons[g.seat][affection]) + g.discount }

func (g *Game) startHire(j int16, emit func(Event)) {
	g.hire, g.need, g.paid = j, g.needFor(int(j)), 0
	if g.need == 0 {
		g.doHire(emit)
		return
	}
	g.ph = phPay
}

// payWith returns design j to the field (or spends a ↑ when j is -1).
func (g *Game) payWith(j int16, emit func(Event)) {
	s := g.seat
	if j < 0 {
		g.tiwazPaid++
		g.paid++
		emit(Event{Kind: EvReturn, Seat: s, Card: -1, N: 1})
	} else {
		layer := int16(g.e.info[g.e.einCard[j]].layer)
		g.setHeld(s, int(j), -1)
		g.paid += layer
		emit(Event{Kind: EvReturn, Seat: s, Card: int32(g.e.einCard[j]), N: int32(layer)})
	}
	if g.paid >= g.need {
		g.doHire(emit)
	}
}

func (g *Game) doHire(emit func(Event)) {
	s := g.seat
	g.setHeld(s, int(g.hire), 1)
	emit(Event{Kind: Acquired, Seat: s, Card: int32(g.e.einCard[g.hire]), N: int32(g.paid)})
	g.endTurn(emit)
}

// endTurn is phases 5 and 6: growth from this turn's cards, dice back to
// the Stock, and the next player; or the end of the game (E1–E4).
func (g *Game) endTurn(emit func(Event)) {
	s := g.seat
	for i := range nIcons {
		if g.pend[i] > 0 {
			g.dirty.Mark(gPurse)
			g.icons[s][i] += g.pend[i]
			emit(Event{Kind: EvGrow, Seat: s, Card: -1, N: int32(i), M: int32(g.pend[i])})
		}
	}
	for i := range g.nd {
		switch g.dOrig[i] {
		case fromStock:
			if !g.e.p.unlimitedDice {
				g.stockD6++
			}
		case fromD8:
			g.d8Res++
		}
	}
	if g.nd != 0 || g.ownAside != 0 {
		g.dirty.Mark(gCup)
	}
	g.nd, g.ownAside = 0, 0
	g.ph = phScout // no window open between turns
	if g.allSpent() {
		g.score(emit)
		return
	}
	next := g.seat
	for range g.n {
		next = (next + 1) % g.n
		if g.supply[next] > 0 {
			break
		}
	}
	g.seat = next
	g.beginTurn(emit)
}

func (g *Game) allSpent() bool {
	for s := range g.n {
		if g.supply[s] > 0 {
			return false
		}
	}
	return true
}

// score awards each layer's majority (E3, E4, G28) and ends the game.
func (g *Game) score(emit func(Event)) {
	g.dirty.Mark(gPurse)
	g.marked.MarkAll()
	n := g.urdByLayer()
	for layer := 1; layer <= 3; layer++ {
		seats, share := g.majority(&n, layer)
		for s := range g.n {
			if seats&(1<<s) != 0 {
				g.vp[s] += share
				emit(Event{Kind: EvMajority, Seat: s, Card: -1, N: int32(layer), M: int32(share)})
			}
		}
	}
	g.ph = phOver
	g.opts = g.opts[:0]
}

// urdByLayer counts the Urd on the board by layer and seat.
func (g *Game) urdByLayer() (n [4][maxPlayers]int8) {
	for q, v := range g.board {
		if v < 0 && v != empty {
			n[board.layer[q]][-1-v]++
		}
	}
	return n
}

// majority is the majority of a layer (1–3) given the Urd counts n (E3, E4,
// G28): the seats with the most Urd there, one bit each, and the VP each
// scores, MajorityVP split between them rounding down. No seat has it while
// the layer holds no Urd.
func (g *Game) majority(n *[4][maxPlayers]int8, layer int) (seats uint8, share int16) {
	most, k := int8(0), int16(0)
	for s := range g.n {
		switch c := n[layer][s]; {
		case c > most:
			most, k, seats = c, 1, 1<<s
		case c == most && most > 0:
			k++
			seats |= 1 << s
		}
	}
	if most == 0 {
		return 0, 0
	}
	return seats, g.e.p.majorityVP / k
}
