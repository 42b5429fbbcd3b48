package simtest

import (
	"testing"
	"time"

	"bifrost/rules/sim"
)

// slice is how many games each side plays before the other takes its turn.
const slice = 20

// CheckCost plays the same seeded random-bot games with players seats twice,
// without and with the invariant checks (Check and CheckStep after every
// decision), in alternating slices of 20 games, taking turns at going first,
// so that the load of a shared machine falls on both alike. Both sides
// record card statistics as a batch does. It reports each side's CPU time
// per game (the benchmark thread's own, on Linux) and their ratio,
// checked/unchecked (at most 1.5). A violation fails the
// benchmark; a game past the turn cap (guardian has about one in 100,000)
// counts like any other.
func CheckCost(b *testing.B, e sim.Engine, players int) {
	sides := [2]*sim.Player{
		sim.NewPlayer(e, []string{"random"}, sim.NewStats(e)),
		sim.NewPlayer(e, []string{"random"}, sim.NewStats(e)),
	}
	sides[1].Check = true
	now, unlock := CPUClock()
	defer unlock()
	var spent [2]time.Duration
	n := 0
	for b.Loop() {
		// Whichever side plays second finds the same games' data warm in
		// the caches: take turns at going first.
		for j := range 2 {
			k := j ^ n/slice%2
			p := sides[k]
			start := now()
			for i := n; i < n+slice; i++ {
				if r := p.Play(sim.Config{Players: players, Index: i}, sim.GameSeed(1, players, i)); r.Violation != nil {
					b.Fatalf("game %d (checked %v): %+v", i, p.Check, r)
				}
			}
			spent[k] += now() - start
		}
		n += slice
	}
	b.ReportMetric(float64(spent[0].Nanoseconds())/float64(n), "cpu-ns/unchecked-game")
	b.ReportMetric(float64(spent[1].Nanoseconds())/float64(n), "cpu-ns/checked-game")
	b.ReportMetric(float64(spent[1])/float64(spent[0]), "checked/unchecked")
}
