package bloodrage

import (
	"math/rand/v2"
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

// playGamesWith plays seeded games with 4 clans, the human played by bot,
// and reports games/s, ns per human decision, the AI turns it triggers
// included (BenchmarkDecision splits them), and CPU ns a game (the figure
// to compare between bots, whose games take different numbers of decisions).
func playGamesWith(b *testing.B, bot string, check bool) {
	p := sim.NewPlayer(engine(b), []string{bot}, nil)
	p.Check = check
	b.ReportAllocs()
	b.ResetTimer()
	now, unlock := simtest.CPUClock()
	defer unlock()
	decisions, cpu0 := 0, now()
	for i := range b.N {
		decisions += p.Play(sim.Config{Players: 4, Index: i}, uint64(i)).Decisions
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
	b.ReportMetric(float64(now()-cpu0)/float64(decisions), "cpu-ns/decision")
	b.ReportMetric(float64(now()-cpu0)/float64(b.N), "cpu-ns/game")
}

// BenchmarkCheckCost4P measures what the invariant checks cost: the
// CPU-time ratio of checked to unchecked random games with 3 AI clans
// (at most 1.5).
func BenchmarkCheckCost4P(b *testing.B) {
	simtest.CheckCost(b, engine(b), 4)
}

// BenchmarkDecision splits a decision of the human seat from the AI turns
// it triggers (Apply runs the AI clans' turns up to the human's next
// decision, so a whole game's ns per decision counts them all), at every
// human decision of a few seeded random games:
//   - choose lists the legal choices and picks one at random, the
//     decision itself (compare sim's BenchmarkConnectFourDecision);
//   - copy copies an Action-phase position, the overhead of aiturn;
//   - aiturn copies it and plays the next AI clan's turn (what each human
//     action triggers up to three times; battles it starts resolve later).
func BenchmarkDecision(b *testing.B) {
	e := engine(b)
	var pos []*Game // every human decision
	var act []*Game // those of the Action phase, an AI clan's turn next
	for i := range 4 {
		g := e.NewGame(sim.Config{Players: 4, Index: i}, rand.New(rand.NewPCG(uint64(i), 1))).(*Game)
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		var buf []sim.Choice
		for !g.Over() && g.turn <= e.p.turnCap {
			c := &Game{}
			g.copyInto(c, rand.New(rand.NewPCG(uint64(len(pos)), 3)))
			pos = append(pos, c)
			if g.prompt == pAction && g.sp > 0 && g.stack[g.sp-1].kind == tTurn && g.stack[g.sp-1].a == 1 && !g.phaseOver() {
				act = append(act, c)
			}
			buf = g.Choices(buf)
			g.Apply(buf[rng.IntN(len(buf))], nil)
		}
	}
	if len(act) == 0 {
		b.Fatal("no Action-phase position")
	}
	b.Run("choose", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(1, 2))
		buf := make([]sim.Choice, 0, 256)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			buf = pos[i%len(pos)].Choices(buf)
			_ = buf[rng.IntN(len(buf))]
			i++
		}
	})
	scratch := &Game{}
	b.Run("copy", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			act[i%len(act)].copyInto(scratch, act[i%len(act)].rng)
			i++
		}
	})
	b.Run("aiturn", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			act[i%len(act)].copyInto(scratch, act[i%len(act)].rng)
			scratch.aiTurn(1)
			i++
		}
	})
}
