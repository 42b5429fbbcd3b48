package guardian

import (
	"math/rand/v2"

	"bifrost/rules/sim"
)

// phase is where the turn stands.
type phase uint8

const (
	phMulligan    phase = iota // S3–S6: each seat may set cards aside
	phPrep                     // R2: start-of-preparation abilities
	phDraw                     // R3, R4
	phForge                    // R5, R6: hidden forging, one seat after the other
	phBattleStart              // R11: start-of-battle abilities
	phShip                     // R12, R14: reveal and ship abilities
	phActions                  // R15–R21: alternating actions
	phDecide                   // R22–R33: points, result, resources, victory
	phPlace                    // R35, R36: the Guardians leave the forging zone
	phHandLimit                // G24: discard down to HandLimit
	phEnd                      // R37–R42: reset, next first player
	phOver
)

// ask is the kind of decision the game waits for.
type ask uint8

const (
	askNone     ask = iota
	askMulligan     // set a card aside or keep
	askForge        // forge a Guardian, upright or reckless
	askAction       // a step-4 action or pass
	askMay          // use an optional (任意) clause or not
	askPick         // choose a card for an effect or a payment
	askPlace        // loser: Guardian to hand or cheer seat
	askDiscard      // over the hand limit: a card to the consume zone
	askStall        // past the turn cap: the game waits (the harness calls it unfinished)
)

// Frame kinds.
const (
	frClauses uint8 = iota // run a card's clause list
	frPay                  // pay the demands of a use
	frEnter                // put the Advance being paid for into the cheer seat
)

// Clause states within a clauses frame.
const (
	stBegin uint8 = iota
	stMay
	stDo
	stPick
)

const maxFrames = 48

// frame is one ability being resolved. Every field is public: the ability
// and its source have been revealed by using it.
type frame struct {
	kind  uint8
	seat  int8
	card  int16  // the source design
	list  uint8  // clause list (frClauses); 0 use, 1 cheer (frPay)
	idx   uint16 // next clause, or current demand (frPay)
	state uint8
	left  int8  // picks left in this clause
	skip  bool  // the first clause's conditions were the use condition
	excl  int16 // frPay: design excluded once from hand (the Advance being placed)
}

// cheerCard is a card in the cheer seat.
type cheerCard struct {
	card  int16
	used  uint8 // cheer: uses this battle
	fresh bool  // entered during this battle
}

// pubSeat is what everyone sees of one seat.
type pubSeat struct {
	deck      int16 // sample deck index
	n         int16 // cards the seat owns
	cheer     []cheerCard
	consumed  []int16
	orders    []int16 // used Orders in the forging zone
	forged    bool    // a Guardian lies in the forging zone (public once the forge step ends)
	shipped   bool    // it is face up
	guard     int16   // the face-up Guardian, -1 when none
	reckless  bool    // it was forged upside down (known at the ship)
	passed    bool
	barred    bool    // no Guardian this battle: lost, no actions (R9, R13)
	mod       int32   // points from effects this battle (sums may pass an int16 with huge cheer seats)
	next      int32   // next_point gathered this turn
	nextNow   int32   // next_point in force this turn
	counters  []int32 // per record name; they only grow, for as many turns as TurnCap allows
	seen      []int16 // per design: the most copies face up at once so far (what a player remembers)
	wins      int16
	taken     int16 // resource cards taken into hand
	fortified int16 // cards put into the resource zone by effects
	recovered int16 // cards taken back from the consume zone by effects
	mulls     int8  // mulligans left
}

// pub is the public state of a game: every field may be seen by both seats.
type pub struct {
	phase     phase
	ask       ask
	askSeat   int8
	turn      int32
	first     int8  // first player this turn
	gameFirst int8  // first player of turn 1 (rock-paper-scissors)
	actor     int8  // mulligan seat, or whose action is next
	step      int8  // forge, placement and hand-limit progress (index in turn order)
	result    int8  // last battle's winner, -1 for a draw or none
	stale     int16 // drawn battles in a row with both resource zones empty (G10)
	winner    int8
	drawn     bool // the game ended in a draw by repetition (G10); winner is then -1
	flip      bool
	nullify   bool
	badAct    bool // a passed player acted (an invariant violation)
	ps        [2]pubSeat
	stack     [maxFrames]frame
	sp        int8
	fire      [32]int16 // Materials paid with fire, to trigger after the payment
	nfire     int8
	need      [maxDemands]int8 // the payment in progress: cards still owed per demand
	endRes    [2]int16         // the resource zones when the last turn ended (R39)
}

// hidden is what only its seat may know (and, for deck and resources, nobody).
type hidden struct {
	hand     []int16
	deck     []int16 // top is the end
	res      []int16 // top is the end
	aside    []int16 // mulligan set-aside
	forge    int16   // the face-down Guardian, -1 when none
	reckless bool
}

// Game is one game in progress. It implements sim.Game (and sim.Searcher,
// sim.Evaluator and sim.Stepper); Engine.NewGame makes one.
type Game struct {
	e    *Engine
	rng  *rand.Rand
	p    pub
	h    [2]hidden
	emit func(sim.Event)
	seen []uint32 // per design: stamp, for listing distinct designs without allocating
	gen  uint32
	buf  []sim.Choice // scratch for the engine's own listings
	// decided and shape notice a turn that changed nothing (G10). They are
	// kept out of pub: whether a seat decided something this turn would tell
	// the other whether it held a Guardian at the forging (I16).
	decided bool   // a seat decided something this turn
	start   uint64 // the zone sizes and records when this turn began
	// reps holds the position (g.position) at the end of each turn of the
	// extended battle so far, for RepetitionLimit (G10). It is kept out of
	// pub: it sums up hands and decks, which nobody may read.
	reps    []uint64
	was     snapshot  // the state at the last CheckStep
	stacked stackSums // Check's running sums of the long zones
	smp     *sampler  // Determinize's scratch, on copies it made
}

// newGame deals decks a (seat 0) and b (seat 1) and plays up to the first decision.
func (e *Engine) newGame(a, b int, rng *rand.Rand) *Game {
	return e.deal(e.blank(), a, b, rng)
}

// Reset sets a finished game of this engine up again in place, as NewGame
// would deal a new one; it implements sim.Resetter.
func (e *Engine) Reset(old sim.Game, cfg sim.Config, rng *rand.Rand) sim.Game {
	g, ok := old.(*Game)
	if !ok || g.e != e {
		return e.NewGame(cfg, rng)
	}
	a, b := e.Pair(cfg.Index)
	g.reset(e)
	return e.deal(g, a, b, rng)
}

// deal deals decks a (seat 0) and b (seat 1) into g, blank or reset, and
// plays up to the first decision.
func (e *Engine) deal(g *Game, a, b int, rng *rand.Rand) *Game {
	g.rng = rng
	for s, dk := range [2]int{a, b} {
		cards := e.decks[dk]
		ps, h := &g.p.ps[s], &g.h[s]
		ps.deck, ps.n = int16(dk), int16(len(cards))
		h.deck = append(h.deck, cards...)
		shuffle(rng, h.deck)
		ps.mulls = int8(e.mulligans)
	}
	for s := range 2 {
		g.draw(s, e.startHand, 0)
	}
	g.p.phase, g.p.actor = phMulligan, 0
	g.advance()
	return g
}

// blank returns a game with every zone allocated for the largest deck.
func (e *Engine) blank() *Game {
	g := new(Game)
	g.reset(e)
	return g
}

// reset empties g into a game of e before the deal, keeping its buffers
// (a new Game gets them first).
func (g *Game) reset(e *Engine) {
	if g.seen == nil {
		g.allocate(e)
	}
	old := *g
	*g = Game{e: e, seen: old.seen, buf: old.buf[:0], reps: old.reps[:0]}
	clear(g.seen)
	g.p.result, g.p.winner = -1, -1
	for s := range 2 {
		ps, h, ops, oh := &g.p.ps[s], &g.h[s], &old.p.ps[s], &old.h[s]
		ps.cheer, ps.consumed, ps.orders = ops.cheer[:0], ops.consumed[:0], ops.orders[:0]
		ps.counters, ps.seen = ops.counters, ops.seen
		clear(ps.counters)
		clear(ps.seen)
		h.hand, h.deck, h.res, h.aside = oh.hand[:0], oh.deck[:0], oh.res[:0], oh.aside[:0]
		ps.guard, h.forge = -1, -1
		g.was.seat[s].counters = old.was.seat[s].counters
		clear(g.was.seat[s].counters)
	}
}

// allocate gives a new Game its buffers, every zone sized for the largest deck.
func (g *Game) allocate(e *Engine) {
	n := e.maxDeck
	g.seen, g.buf = make([]uint32, len(e.d)), make([]sim.Choice, 0, 64)
	for s := range 2 {
		ps, h := &g.p.ps[s], &g.h[s]
		ps.cheer = make([]cheerCard, 0, n)
		ps.counters = make([]int32, len(e.counters))
		ps.seen = make([]int16, len(e.d))
		buf := make([]int16, 6*n)
		ps.consumed, ps.orders = buf[0:0:n], buf[n:n:2*n]
		h.hand, h.deck, h.res, h.aside = buf[2*n:2*n:3*n], buf[3*n:3*n:4*n], buf[4*n:4*n:5*n], buf[5*n:5*n:6*n]
		g.was.seat[s].counters = make([]int32, len(e.counters))
	}
}

// copyFrom makes g a deep copy of o, reusing g's buffers. Both must come
// from the same engine.
func (g *Game) copyFrom(o *Game) {
	g.p.copyFrom(&o.p)
	for s := range 2 {
		g.h[s].copyFrom(&o.h[s])
	}
	g.e = o.e
	g.decided, g.start = o.decided, o.start
	g.reps = append(g.reps[:0], o.reps...)
	g.stacked.reset()
}

func (p *pub) copyFrom(o *pub) {
	keep := p.ps
	*p = *o
	for s := range 2 {
		d := &p.ps[s]
		d.cheer = append(keep[s].cheer[:0], o.ps[s].cheer...)
		d.consumed = append(keep[s].consumed[:0], o.ps[s].consumed...)
		d.orders = append(keep[s].orders[:0], o.ps[s].orders...)
		d.counters = append(keep[s].counters[:0], o.ps[s].counters...)
		d.seen = append(keep[s].seen[:0], o.ps[s].seen...)
	}
}

func (h *hidden) copyFrom(o *hidden) {
	h.hand = append(h.hand[:0], o.hand...)
	h.deck = append(h.deck[:0], o.deck...)
	h.res = append(h.res[:0], o.res...)
	h.aside = append(h.aside[:0], o.aside...)
	h.forge, h.reckless = o.forge, o.reckless
}

func (g *Game) ev(ev sim.Event) {
	if g.emit != nil {
		g.emit(ev)
	}
}

// other is the opponent of seat s.
func other(s int) int { return 1 - s }

// order returns the seat acting k-th (0 or 1) in this turn's order.
func (g *Game) order(k int) int {
	if k == 0 {
		return int(g.p.first)
	}
	return other(int(g.p.first))
}

// stamp starts a new distinct-design listing.
func (g *Game) stamp() uint32 {
	g.gen++
	if g.gen == 0 {
		clear(g.seen)
		g.gen = 1
	}
	return g.gen
}

// firstTime reports whether design d is met for the first time in this listing.
func (g *Game) firstTime(d int16, gen uint32) bool {
	if g.seen[d] == gen {
		return false
	}
	g.seen[d] = gen
	return true
}

// show notes that a card of design c of seat s has just turned face up:
// seen[c] rises to the copies of c now in its public zones.
func (g *Game) show(s int, c int16) {
	ps := &g.p.ps[s]
	n := int16(count(ps.consumed, c) + count(ps.orders, c))
	for _, cc := range ps.cheer {
		if cc.card == c {
			n++
		}
	}
	if ps.shipped && ps.guard == c {
		n++
	}
	ps.seen[c] = max(ps.seen[c], n)
}

// shuffle shuffles z as rng.Shuffle does, drawing the same numbers, without
// a call through a swap function for every card.
func shuffle(rng *rand.Rand, z []int16) {
	for i := len(z) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		z[i], z[j] = z[j], z[i]
	}
}

// removeOne removes one instance of d from zone z, keeping the order.
func removeOne(z []int16, d int16) ([]int16, bool) {
	for i := len(z) - 1; i >= 0; i-- {
		if z[i] == d {
			return append(z[:i], z[i+1:]...), true
		}
	}
	return z, false
}

func count(z []int16, d int16) int {
	n := 0
	for _, c := range z {
		if c == d {
			n++
		}
	}
	return n
}
