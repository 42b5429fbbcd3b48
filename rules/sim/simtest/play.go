package simtest

import (
	"testing"

	"bifrost/rules/sim"
)

// PlayChecked plays n games with p, its invariant checks on: game i with
// seed i, its players cycling through p.Engine's counts. A violation fails
// t at once; a game that did not finish fails it too. It returns the
// games' results.
func PlayChecked(t testing.TB, p *sim.Player, n int) []sim.Result {
	t.Helper()
	p.Check = true
	counts := p.Engine.PlayerCounts()
	out := make([]sim.Result, n)
	for i := range n {
		r := p.Play(sim.Config{Players: counts[i%len(counts)], Index: i}, uint64(i))
		if r.Violation != nil {
			t.Fatalf("game %d (%d players): %s", i, r.Players, r.Violation.Message)
		}
		if r.Unfinished {
			t.Errorf("game %d (%d players) did not finish", i, r.Players)
		}
		out[i] = r
	}
	return out
}
