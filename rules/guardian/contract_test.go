package guardian

import (
	"math/rand/v2"
	"testing"

	"bifrost/rules/sim"
)

// sim.Game contract: Choices appends into buf without allocating when buf
// has room, at every decision of whole games. Five runs a state, so that a
// stray allocation of the runtime's (counted process-wide) averages out
// below one while a real allocation per call still shows.
func TestContract_choicesDoNotAllocate(t *testing.T) {
	e := newEngine(t)
	buf := make([]sim.Choice, 0, 256)
	decisions := 0
	for i := range 20 {
		g := e.NewGame(sim.Config{Players: 2, Index: i}, rand.New(rand.NewPCG(uint64(i), 1))).(*game)
		play := rand.New(rand.NewPCG(uint64(i), 2))
		for !g.Over() && g.Turn() <= e.turnCap {
			if n := testing.AllocsPerRun(5, func() { buf = g.Choices(buf) }); n != 0 {
				t.Fatalf("Choices allocated %v times (ask %d)", n, g.p.ask)
			}
			g.Apply(buf[play.IntN(len(buf))], nil)
			decisions++
		}
	}
	if decisions == 0 {
		t.Fatal("no decisions")
	}
}

// sim.Game contract: a game that is not over always offers a choice, and
// Turn, Scores and Winner agree at the end.
func TestContract_gamesEndWithAWinner(t *testing.T) {
	e := newEngine(t)
	p := sim.NewPlayer(e, []string{"random"}, nil)
	p.Check = true
	for i := range 200 {
		r := p.Play(sim.Config{Players: 2, Index: i}, sim.GameSeed(9, 2, i))
		if r.Violation != nil || r.Unfinished {
			t.Fatalf("game %d: %+v", i, r)
		}
		if r.Winner < 0 || r.Scores[r.Winner] < 1 || r.Turns < 1 {
			t.Errorf("game %d: winner P%d with scores %v after %d turns", i, r.Winner+1, r.Scores, r.Turns)
		}
	}
}
