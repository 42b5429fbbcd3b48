package sim

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"bifrost/schema"
)

// The standings after each turn give the design measures: how often the
// sole lead changes hands (ties do not count), how far the eventual winner
// was ever behind, and from which share of the game it led for good.
func TestStandingsMeasureLeadChangesComebacksAndWhenTheGameWasSettled(t *testing.T) {
	tests := []struct {
		name    string
		board   []int // two seats, a turn at a time
		final   []int
		winner  int
		changes int
		deficit int
		settled float64
	}{
		{"led throughout", []int{1, 0, 3, 1, 5, 2}, []int{6, 2}, 0, 0, 0, 0},
		{"came from behind", []int{0, 2, 1, 5, 6, 5}, []int{8, 5}, 0, 1, 4, 2.0 / 4},
		{"ties pass the lead without a change", []int{2, 0, 2, 2, 2, 3}, []int{2, 4}, 1, 1, 2, 2.0 / 4},
		{"back and forth", []int{1, 0, 1, 2, 3, 2, 3, 4}, []int{5, 4}, 0, 4, 1, 4.0 / 5},
		{"won on a tie-break", []int{1, 1}, []int{3, 3}, 1, 0, 0, 1},
		{"no winner", []int{1, 0, 0, 1}, []int{2, 2}, -1, 1, 0, 0},
	}
	for _, tt := range tests {
		var d Design
		d.standings(tt.board, tt.final, tt.winner)
		if d.LeadChanges != tt.changes || d.Deficit != tt.deficit || math.Abs(d.Settled-tt.settled) > 1e-9 {
			t.Errorf("%s: %d lead changes, deficit %d, settled %.3f; want %d, %d, %.3f",
				tt.name, d.LeadChanges, d.Deficit, d.Settled, tt.changes, tt.deficit, tt.settled)
		}
	}
}

// A batch reports the measures per player count (shards merge them as
// they merge the rest: TestRun_ShardsMergeToTheWholeBatch).
func TestBatchReportsDesignMeasuresPerPlayerCount(t *testing.T) {
	e := &race{goal: 20}
	o := BatchOptions{Seed: 3, Games: 200, Workers: 1}
	r := NewReport(e, o, Run(context.Background(), e, o))
	if len(r.Design) != 2 {
		t.Fatalf("design measures for %d player counts, want 2: %+v", len(r.Design), r.Design)
	}
	for n, d := range r.Design {
		if d.Branching < 1 || d.Forced < 0 || d.Forced > 1 || d.LeadChanges <= 0 || d.Comebacks <= 0 || d.Settled <= 0 || d.Settled > 1 {
			t.Errorf("%s players: %+v out of range", n, d)
		}
	}
}

// stuck is a scripted two-seat game: each step of script is one decision,
// by seat, that adds gain to the seat's score, reports the card event use
// (0: none), and ends the turn when last is set.
type stuck struct{ script []stuckStep }

type stuckStep struct {
	seat, gain int
	use        EventKind
	last       bool
}

func (e *stuck) Name() string        { return "stuck" }
func (e *stuck) PlayerCounts() []int { return []int{2} }
func (e *stuck) Cards() []string     { return []string{"c"} }
func (e *stuck) TurnCap() int        { return 100 }
func (e *stuck) Bots() []string      { return []string{"random"} }
func (e *stuck) NewBot(string) Bot   { return Random{} }
func (e *stuck) NewGame(Config, *rand.Rand) Game {
	return &stuckGame{e: e, score: make([]int, 2)}
}

type stuckGame struct {
	e           *stuck
	step, turns int
	score       []int
}

func (g *stuckGame) Seat() int                            { return g.e.script[g.step].seat }
func (g *stuckGame) Choices(buf []Choice) []Choice        { return append(buf[:0], Choice{}) }
func (g *stuckGame) Over() bool                           { return g.step == len(g.e.script) }
func (g *stuckGame) Turn() int                            { return g.turns }
func (g *stuckGame) Scores(buf []int) []int               { return append(buf[:0], g.score...) }
func (g *stuckGame) Winner() int                          { return 0 }
func (g *stuckGame) Check() error                         { return nil }
func (g *stuckGame) Describe(Choice, *schema.Lang) string { return "" }
func (g *stuckGame) Explain(Event, *schema.Lang) string   { return "" }
func (g *stuckGame) Apply(_ Choice, emit func(Event)) {
	s := g.e.script[g.step]
	g.score[s.seat] += s.gain
	if s.use != 0 {
		emit(Event{Kind: s.use, Seat: int8(s.seat), Card: 0})
	}
	if s.last {
		g.turns++
	}
	g.step++
}

// A stall is a turn in which the player to move neither changed its score
// nor acquired a card: playing or resolving one (a failed challenge) is
// not gaining, and what another seat does in that turn does not count.
func TestStallsAreTurnsInWhichTheMoverCouldNotImprove(t *testing.T) {
	e := &stuck{script: []stuckStep{
		{seat: 0, gain: 1, last: true},                           // scored: no stall
		{seat: 1, last: true},                                    // nothing: a stall
		{seat: 0, use: Acquired, last: true},                     // bought a card: no stall
		{seat: 1, use: Resolved, last: true},                     // a challenge that gave nothing: a stall
		{seat: 0, use: Played, last: true},                       // played a card for nothing: a stall
		{seat: 1}, {seat: 0, gain: 2, use: Acquired, last: true}, // the other seat gained: seat 1 stalled
		{seat: 0, gain: 1}, {seat: 0, gain: -1, last: true}, // back where it began: a stall
		{seat: 1, gain: 3}, // the game ends within the turn: not counted
	}}
	p := NewPlayer(e, []string{"random"}, nil)
	p.Measure = true
	r := p.Play(Config{Players: 2}, 1)
	if r.Design.Turns != 7 || r.Design.Stalls != 5 {
		t.Errorf("%d turns, %d stalls; want 7 turns, 5 stalls", r.Design.Turns, r.Design.Stalls)
	}
	o := BatchOptions{Seed: 1, Games: 4, Workers: 1}
	rep := NewReport(e, o, Run(context.Background(), e, o))
	if got := rep.Design["2"].Stalls; got != 0.714 {
		t.Errorf("the report's share of stalls is %v, want 0.714 (5 of 7 turns)", got)
	}
}
