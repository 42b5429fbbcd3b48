package simtest

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// dash is a toy engine that meets the whole contract: each seat is dealt a
// hidden card (1–3) and runs along a track; on its turn it steps 1 or 2
// (3 with card 3) and a die adds 0 or 1. The first to reach goal ends the
// game; each scores its place plus its card. Its games are Steppers,
// Searchers and Evaluators, it can reset a game and it keeps a Tally.
// Each flag breaks one thing, as an engine's bug would.
type dash struct {
	goal int

	ghostBot       bool // Bots names "ghost", which NewBot does not know
	anyBot         bool // NewBot makes a bot for any name
	allocChoices   bool // Choices allocates a new slice on every call
	allocApply     bool // Apply allocates once every decision
	allocCheck     bool // Check allocates once every decision
	breakAt        int  // Check fails from this turn on (0: never)
	stepBack       bool // CheckStep sees a runner move backwards at turn 3
	endless        bool // no one ever moves
	mute           bool // Describe says nothing in Japanese
	quiet          bool // Explain tells nothing in Japanese
	globalDice     bool // "greedy" breaks ties with the global source, not its own
	staleReset     bool // Reset keeps the last game's turn count
	freshReset     bool // Reset never reuses the game it is handed
	shareDetermin  bool // a determinized copy shares its track with the game
	drawDetermin   bool // Determinize deals the hidden cards from the game's own source
	offerDetermin  bool // a determinized copy offers a step the game does not
	ignoreRng      bool // a determinized copy into an earlier one keeps that one's cards
	valueOver1     bool // Value can exceed 1
	unexportedTall bool // the Tally keeps its count where JSON cannot see it
	unmarked       bool // from turn 5 on, Apply moves a runner without adding to the running total
}

func (e *dash) Name() string        { return "dash" }
func (e *dash) PlayerCounts() []int { return []int{2, 3} }
func (e *dash) Cards() []string     { return []string{"step1", "step2", "step3"} }
func (e *dash) TurnCap() int        { return 200 }

func (e *dash) Bots() []string {
	if e.ghostBot {
		return []string{"random", "greedy", "ghost"}
	}
	return []string{"random", "greedy"}
}

func (e *dash) NewBot(name string) sim.Bot {
	switch {
	case name == "random":
		return sim.Random{}
	case name == "greedy":
		return greedy{e}
	case e.anyBot:
		return sim.Random{}
	}
	return nil
}

// greedy takes the longest step.
type greedy struct{ e *dash }

func (b greedy) Choose(_ sim.Game, choices []sim.Choice, rng *rand.Rand) int {
	if b.e.globalDice && rand.IntN(2) == 0 {
		return 0
	}
	return len(choices) - 1
}

func (e *dash) NewGame(cfg sim.Config, rng *rand.Rand) sim.Game {
	g := &dashGame{e: e}
	g.setUp(cfg, rng)
	return g
}

func (e *dash) Reset(old sim.Game, cfg sim.Config, rng *rand.Rand) sim.Game {
	g, ok := old.(*dashGame)
	if !ok || e.freshReset {
		return e.NewGame(cfg, rng)
	}
	turn := g.turn
	g.setUp(cfg, rng)
	if e.staleReset {
		g.turn = turn
	}
	return g
}

type dashGame struct {
	e          *dash
	rng        *rand.Rand
	pos, card  []int
	last       []int // the places CheckStep last saw
	seat, turn int
	sum        int // the places all runners have gone, kept as they move, for Check
}

// setUp deals a new game into g, reusing its slices.
func (g *dashGame) setUp(cfg sim.Config, rng *rand.Rand) {
	n := cfg.Players
	g.rng, g.seat, g.turn, g.sum = rng, 0, 0, 0
	g.pos = append(g.pos[:0], make([]int, n)...)
	g.last = append(g.last[:0], make([]int, n)...)
	g.card = g.card[:0]
	for range n {
		g.card = append(g.card, 1+rng.IntN(3))
	}
}

func (g *dashGame) Seat() int { return g.seat }

func (g *dashGame) Choices(buf []sim.Choice) []sim.Choice {
	if g.e.allocChoices {
		buf = nil
	}
	buf = append(buf[:0], sim.Choice{Kind: 1, A: 1}, sim.Choice{Kind: 1, A: 2})
	if g.card[g.seat] == 3 {
		buf = append(buf, sim.Choice{Kind: 1, A: 3})
	}
	return buf
}

// sink keeps what allocApply allocates, so that it escapes.
var sink []int

func (g *dashGame) Apply(c sim.Choice, emit func(sim.Event)) {
	if g.e.allocApply {
		sink = make([]int, g.turn+1)
	}
	g.turn++
	step := 0
	if !g.e.endless {
		step = int(c.A) + g.rng.IntN(2)
	}
	g.pos[g.seat] += step
	if !g.e.unmarked || g.turn < 5 {
		g.sum += step
	}
	if emit != nil {
		emit(sim.Event{Kind: sim.Played, Seat: int8(g.seat), Card: int32(c.A - 1), N: int32(step)})
	}
	g.seat = (g.seat + 1) % len(g.pos)
}

func (g *dashGame) Over() bool {
	for _, p := range g.pos {
		if p >= g.e.goal {
			return true
		}
	}
	return false
}

func (g *dashGame) Turn() int { return g.turn }

func (g *dashGame) Scores(buf []int) []int {
	buf = buf[:0]
	for s, p := range g.pos {
		buf = append(buf, p+g.card[s])
	}
	return buf
}

func (g *dashGame) Winner() int {
	best, score := 0, g.Scores(nil)
	for s := range score {
		if score[s] > score[best] {
			best = s
		}
	}
	return best
}

func (g *dashGame) Check() error {
	if g.e.allocCheck {
		sink = make([]int, g.turn+1)
	}
	if g.e.breakAt > 0 && g.turn >= g.e.breakAt {
		return errors.New("a runner left the track")
	}
	if g.sum > 4*g.turn {
		return fmt.Errorf("the runners went %d places in %d turns", g.sum, g.turn)
	}
	for s, c := range g.card {
		if c < 1 || c > 3 || g.pos[s] < 0 {
			return fmt.Errorf("P%d holds card %d at place %d", s+1, c, g.pos[s])
		}
	}
	return nil
}

func (g *dashGame) CheckStep() error {
	for s, p := range g.pos {
		if p < g.last[s] || g.e.stepBack && g.turn == 3 {
			return fmt.Errorf("P%d moved back", s+1)
		}
		g.last[s] = p
	}
	return nil
}

func (g *dashGame) Describe(c sim.Choice, l *schema.Lang) string {
	if g.e.mute && !l.English() {
		return ""
	}
	return l.Sprintf("%d マス進む", "step %d", c.A)
}

func (g *dashGame) Explain(ev sim.Event, l *schema.Lang) string {
	if g.e.quiet && !l.English() {
		return ""
	}
	return l.Sprintf("P%d が %d マス進んだ", "P%d moved %d", ev.Seat+1, ev.N)
}

// Determinize deals the other seats' cards anew.
func (g *dashGame) Determinize(dst sim.Game, seat int, rng *rand.Rand) sim.Game {
	d, _ := dst.(*dashGame)
	kept := d != nil && g.e.ignoreRng
	if d == nil || d == g {
		d = &dashGame{}
	}
	card := d.card
	*d = *g
	d.rng = rng
	if !g.e.shareDetermin {
		d.pos = append([]int(nil), g.pos...)
		d.last = append([]int(nil), g.last...)
	}
	d.card = append(card[:0], g.card...)
	if kept {
		d.card = card
	}
	deal := rng
	if g.e.drawDetermin {
		deal = g.rng
	}
	for s := range d.card {
		if s != seat && !kept {
			d.card[s] = 1 + deal.IntN(3)
		}
	}
	if g.e.offerDetermin {
		d.card[seat] = 3
	}
	return d
}

func (g *dashGame) Value(seat int) float64 {
	total := 0
	for _, p := range g.pos {
		total += p
	}
	if total == 0 {
		return 1 / float64(len(g.pos))
	}
	v := float64(g.pos[seat]) / float64(total)
	if g.e.valueOver1 {
		v *= 2
	}
	return v
}

func (e *dash) NewTally() sim.Tally {
	if e.unexportedTall {
		return &hiddenTally{}
	}
	return &winTally{}
}

// winTally counts the games each seat won.
type winTally struct{ Wins []int }

func (w *winTally) Record(_ sim.Config, g sim.Game, r *sim.Result) {
	if r.Winner < 0 {
		return
	}
	for len(w.Wins) <= r.Winner {
		w.Wins = append(w.Wins, 0)
	}
	w.Wins[r.Winner]++
}

func (w *winTally) Merge(other sim.Tally) {
	o := other.(*winTally)
	for len(w.Wins) < len(o.Wins) {
		w.Wins = append(w.Wins, 0)
	}
	for s, n := range o.Wins {
		w.Wins[s] += n
	}
}

func (w *winTally) Report() any { return map[string][]int{"wins": w.Wins} }

// hiddenTally counts finished games in a field JSON does not see.
type hiddenTally struct{ games int }

func (h *hiddenTally) Record(sim.Config, sim.Game, *sim.Result) { h.games++ }
func (h *hiddenTally) Merge(other sim.Tally)                    { h.games += other.(*hiddenTally).games }
func (h *hiddenTally) Report() any                              { return map[string]int{"games": h.games} }

// dashRecount proves the toy's one incremental count: the running total of
// the places its runners have gone equals their places added up.
var dashRecount = Recount{Counts: func(g sim.Game) error {
	if p, ok := g.(plainGame); ok {
		g = p.Game
	}
	d := g.(*dashGame)
	sum := 0
	for _, p := range d.pos {
		sum += p
	}
	if sum != d.sum {
		return fmt.Errorf("the runners have gone %d places, the running total says %d", sum, d.sum)
	}
	return nil
}}
