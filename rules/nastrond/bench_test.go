package nastrond

import (
	"runtime"
	"testing"
	"time"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// BenchmarkGames_Random4p plays full 4-player games between random bots on
// one core, the way a smoke batch does (without invariant checks), and
// reports games per second of wall time and of the benchmark thread's CPU
// time (steadier on a shared machine) and ns/decision (compare sim's
// BenchmarkConnectFourDecision); allocs/op are per game.
func BenchmarkGames_Random4p(b *testing.B) {
	benchGames(b, 4, []string{"random"}, false)
}

// BenchmarkGames_Random4pChecked is the same with Check after
// every decision, as `bifrost check` runs it.
func BenchmarkGames_Random4pChecked(b *testing.B) {
	benchGames(b, 4, []string{"random"}, true)
}

// BenchmarkGames_Greedy4p plays greedy bots.
func BenchmarkGames_Greedy4p(b *testing.B) {
	benchGames(b, 4, []string{"greedy"}, false)
}

func benchGames(b *testing.B, players int, bots []string, check bool) {
	e := shippedEngine(b)
	p := sim.NewPlayer(e, bots, nil)
	p.Check = check
	decisions := 0
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpuOK := threadCPU()
	start := time.Now()
	i := 0
	for b.Loop() {
		r := p.Play(sim.Config{Players: players, Index: i}, sim.GameSeed(1, players, i))
		if r.Violation != nil || r.Unfinished {
			b.Fatalf("game %d: %+v", i, r)
		}
		decisions += r.Decisions
		i++
	}
	b.ReportMetric(float64(i)/time.Since(start).Seconds(), "games/s")
	if cpu1, ok := threadCPU(); ok && cpuOK {
		b.ReportMetric(float64(i)/(cpu1-cpu0).Seconds(), "games/cpu-s")
		b.ReportMetric(float64(cpu1-cpu0)/float64(decisions), "cpu-ns/decision")
	}
	b.ReportMetric(float64(decisions)/float64(i), "decisions/game")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
}

// BenchmarkGames_Random4pCheckRatio plays each seed twice, without and with
// the invariant checks, alternating game by game so that both see the same
// load, and reports the checked games' thread CPU time over the unchecked
// ones' (the aim is at most 1.5).
func BenchmarkGames_Random4pCheckRatio(b *testing.B) {
	e := shippedEngine(b)
	plain, checked := sim.NewPlayer(e, []string{"random"}, nil), sim.NewPlayer(e, []string{"random"}, nil)
	checked.Check = true
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var cpu [2]time.Duration
	i := 0
	for b.Loop() {
		for k, p := range []*sim.Player{plain, checked} {
			t0, ok0 := threadCPU()
			r := p.Play(sim.Config{Players: 4, Index: i}, sim.GameSeed(1, 4, i))
			t1, ok1 := threadCPU()
			if r.Violation != nil || r.Unfinished {
				b.Fatalf("game %d: %+v", i, r)
			}
			if !ok0 || !ok1 {
				b.Skip("no thread CPU time on this system")
			}
			cpu[k] += t1 - t0
		}
		i++
	}
	b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "checked/unchecked")
	b.ReportMetric(float64(i)/cpu[0].Seconds(), "unchecked-games/cpu-s")
}

// BenchmarkCheckCost4P measures what the invariant checks cost the way every
// game's benchmark does (sim/simtest.CheckCost, card statistics recorded):
// the CPU-time ratio of checked to unchecked random 4-player games (issue
// 18.4: at most 1.5).
func BenchmarkCheckCost4P(b *testing.B) {
	simtest.CheckCost(b, shippedEngine(b), 4)
}
