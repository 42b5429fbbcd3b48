package bloodrage

import (
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// BenchmarkGames plays full random-bot games with 3 AI clans (4 clans).
func BenchmarkGames(b *testing.B) { playGames(b, false) }

// BenchmarkGamesChecked is BenchmarkGames with the invariant checks (Check
// and CheckStep) after every decision, as sim, build and check play.
func BenchmarkGamesChecked(b *testing.B) { playGames(b, true) }

// playGames plays seeded random-bot games with 4 clans, the invariants checked
// after every decision if check, and reports games/s.
func playGames(b *testing.B, check bool) {
	p := sim.NewPlayer(engine(b), []string{"random"}, nil)
	p.Check = check
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		p.Play(sim.Config{Players: 4, Index: i}, uint64(i))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkCheckCost4P measures what the invariant checks cost: the
// CPU-time ratio of checked to unchecked random games with 3 AI clans
// (at most 1.5).
func BenchmarkCheckCost4P(b *testing.B) {
	simtest.CheckCost(b, engine(b), 4)
}
