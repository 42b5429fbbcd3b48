package valkyrie

import (
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// BenchmarkRandomGames4P plays full 4-player games with random bots on one
// goroutine, without invariant checks, as a batch does.
func BenchmarkRandomGames4P(b *testing.B) { randomGames4P(b, false) }

// BenchmarkRandomGames4PChecked is the same with Check and CheckStep after
// every decision, as smoke runs do.
func BenchmarkRandomGames4PChecked(b *testing.B) { randomGames4P(b, true) }

// randomGames4P plays seeded 4-player random-bot games recording card
// statistics, the invariants checked after every decision if check, fails
// on a violation or an unfinished game, and reports games/s and ns/decision, of wall and of thread CPU time
// (compare sim's BenchmarkConnectFourDecision).
func randomGames4P(b *testing.B, check bool) {
	e := shippedEngine(b)
	p := sim.NewPlayer(e, []string{"random"}, sim.NewStats(e))
	p.Check = check
	b.ReportAllocs()
	now, unlock := simtest.CPUClock()
	defer unlock()
	i, decisions, cpu0 := 0, 0, now()
	for b.Loop() {
		r := p.Play(sim.Config{Players: 4, Index: i}, sim.GameSeed(1, 4, i))
		if r.Violation != nil || r.Unfinished {
			b.Fatalf("game %d: %+v", i, r)
		}
		decisions += r.Decisions
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
	b.ReportMetric(float64(now()-cpu0)/float64(decisions), "cpu-ns/decision")
}

// BenchmarkCheckCost4P measures what the invariant checks cost: the
// CPU-time ratio of checked to unchecked random 4-player games (issue
// 18.4: at most 1.5).
func BenchmarkCheckCost4P(b *testing.B) {
	simtest.CheckCost(b, shippedEngine(b), 4)
}
