package guardian

import (
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// BenchmarkRandomGames plays full games between random bots on one core,
// as `bifrost sim guardian` does without invariant checks.
func BenchmarkRandomGames(b *testing.B) {
	playGames(b, false, []string{"random"})
}

// BenchmarkRandomGamesChecked is the same with the invariants checked after
// every decision, as `bifrost sim` does by default.
func BenchmarkRandomGamesChecked(b *testing.B) {
	playGames(b, true, []string{"random"})
}

// BenchmarkBotGames plays greedy against the Monte Carlo bot (32 playouts
// of up to 4 turns per forging or action decision).
func BenchmarkBotGames(b *testing.B) {
	playGames(b, false, []string{"greedy", "mc"})
}

// BenchmarkSearchGames plays greedy against the search bot at its default
// budget (games/s for greedy against search).
func BenchmarkSearchGames(b *testing.B) {
	playGames(b, false, []string{"greedy", "search"})
}

// BenchmarkCheckCost measures what the invariant checks cost: the CPU-time
// ratio of checked to unchecked random games (at most 1.5).
func BenchmarkCheckCost(b *testing.B) {
	simtest.CheckCost(b, newEngine(b), 2)
}

// playGames plays seeded two-player games between bots, the invariants
// checked after every decision if check, and reports games/s and
// ns/decision, of wall and of thread CPU time (compare sim's BenchmarkConnectFourDecision).
func playGames(b *testing.B, check bool, bots []string) {
	p := sim.NewPlayer(newEngine(b), bots, nil)
	p.Check = check
	b.ReportAllocs()
	now, unlock := simtest.CPUClock()
	defer unlock()
	i, decisions, cpu0 := 0, 0, now()
	for b.Loop() {
		decisions += p.Play(sim.Config{Players: 2, Index: i}, sim.GameSeed(1, 2, i)).Decisions
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
	b.ReportMetric(float64(now()-cpu0)/float64(decisions), "cpu-ns/decision")
}
