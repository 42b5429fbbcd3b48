package valkyrie

import (
	"testing"
	"time"

	"bifrost/rules/sim"
)

// BenchmarkRandomGames4P plays full 4-player games with random bots on one
// goroutine, without invariant checks, as a batch does.
func BenchmarkRandomGames4P(b *testing.B) {
	e := shippedEngine(b)
	p := sim.NewPlayer(e, []string{"random"}, sim.NewStats(e))
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		cfg := sim.Config{Players: 4, Index: i}
		if r := p.Play(cfg, sim.GameSeed(1, 4, i)); r.Violation != nil || r.Unfinished {
			b.Fatalf("game %d: %+v", i, r)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkRandomGames4PChecked is the same with Check and CheckStep after
// every decision, as smoke runs do.
func BenchmarkRandomGames4PChecked(b *testing.B) {
	e := shippedEngine(b)
	p := sim.NewPlayer(e, []string{"random"}, sim.NewStats(e))
	p.Check = true
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if r := p.Play(sim.Config{Players: 4, Index: i}, sim.GameSeed(1, 4, i)); r.Violation != nil || r.Unfinished {
			b.Fatalf("game %d: %+v", i, r)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkCheckCost4P plays the games of the two benchmarks above in
// alternating slices of 20, with and without checks, and reports each one's
// CPU time per game (the thread's own, on Linux) and their ratio (issue 18's
// aim: at most 1.5), so that the load of a shared machine falls on both alike.
func BenchmarkCheckCost4P(b *testing.B) {
	e := shippedEngine(b)
	players := [2]*sim.Player{sim.NewPlayer(e, []string{"random"}, sim.NewStats(e)), sim.NewPlayer(e, []string{"random"}, sim.NewStats(e))}
	players[1].Check = true
	now, unlock := cpuClock()
	defer unlock()
	var spent [2]time.Duration
	n := 0
	for b.Loop() {
		for k, p := range players {
			start := now()
			for i := n; i < n+20; i++ {
				if r := p.Play(sim.Config{Players: 4, Index: i}, sim.GameSeed(1, 4, i)); r.Violation != nil || r.Unfinished {
					b.Fatalf("game %d: %+v", i, r)
				}
			}
			spent[k] += now() - start
		}
		n += 20
	}
	b.ReportMetric(float64(spent[0].Nanoseconds())/float64(n), "cpu-ns/unchecked-game")
	b.ReportMetric(float64(spent[1].Nanoseconds())/float64(n), "cpu-ns/checked-game")
	b.ReportMetric(float64(spent[1])/float64(spent[0]), "checked/unchecked")
}
