package bloodrage

import (
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// BenchmarkGames plays full random-bot games with 3 AI clans (4 clans).
func BenchmarkGames(b *testing.B) { playGames(b, false) }

// BenchmarkGreedyGames plays full games with the human seat played by the
// greedy bot (3 AI clans), unchecked: its cost against BenchmarkGames is
// what greedy's look-ahead costs (at most 5× a random game).
func BenchmarkGreedyGames(b *testing.B) { playGamesWith(b, "greedy", false) }

// BenchmarkGamesChecked is BenchmarkGames with the invariant checks (Check
// and CheckStep) after every decision, as sim, build and check play.
func BenchmarkGamesChecked(b *testing.B) { playGames(b, true) }

// playGames plays seeded random-bot games with 4 clans, the invariants checked
// after every decision if check, and reports games/s.
func playGames(b *testing.B, check bool) { playGamesWith(b, "random", check) }

// playGamesWith plays seeded games with 4 clans, the human played by bot.
func playGamesWith(b *testing.B, bot string, check bool) {
	p := sim.NewPlayer(engine(b), []string{bot}, nil)
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
