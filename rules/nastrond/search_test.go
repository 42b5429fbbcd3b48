package nastrond

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"bifrost/rules/sim"
)

// midGame plays a seeded 4-player game for n random decisions.
func midGame(t testing.TB, src *rand.PCG, n int) *Game {
	t.Helper()
	g := shippedEngine(t).newGame(4, rand.New(src))
	play := rand.New(rand.NewPCG(2, 15))
	var buf []Choice
	for range n {
		buf = g.Choices(buf)
		g.Apply(buf[play.IntN(len(buf))], nil)
	}
	return g
}

// sameState reports whether two games are in the same state, whatever
// source of chance each draws from.
func sameState(a, b *Game) bool {
	x, y := *a, *b
	x.rng, y.rng = nil, nil
	return reflect.DeepEqual(x, y)
}

// finish plays d to its end with choices drawn from a fixed source.
func finish(d sim.Game) []int {
	play := rand.New(rand.NewPCG(3, 15))
	var buf []Choice
	for !d.Over() {
		buf = d.Choices(buf)
		d.Apply(buf[play.IntN(len(buf))], nil)
	}
	return d.Scores(nil)
}

// TestDeterminizeReadsNoHiddenInformation: what no player knows in Nastrond is the dice still to fall
// (the game's source of chance); everything else is face up. Two games
// that differ only there give the same Determinize copy for the same rng,
// and the copies play out alike.
func TestDeterminizeReadsNoHiddenInformation(t *testing.T) {
	for _, n := range []int{0, 7, 40, 90} {
		a := midGame(t, rand.NewPCG(1, 1), n)
		b := a.Clone(rand.New(rand.NewPCG(77, 77))) // other dice to come
		if a.rng.Uint64() == b.rng.Uint64() {
			t.Fatal("the two games should differ in their dice to come")
		}
		da := a.Determinize(nil, a.Seat(), rand.New(rand.NewPCG(5, 5))).(*Game)
		db := b.Determinize(nil, b.Seat(), rand.New(rand.NewPCG(5, 5))).(*Game)
		if !sameState(da, db) {
			t.Fatalf("after %d decisions: the copies differ", n)
		}
		if sa, sb := finish(da), finish(db); !reflect.DeepEqual(sa, sb) {
			t.Errorf("after %d decisions: the copies play out to %v and %v", n, sa, sb)
		}
	}
}

// TestDeterminizeCopiesThePositionIntoDst: the copy is the position itself, drawing from the rng it is
// given, made into dst when dst is an earlier copy. (That Determinize and
// play on the copy leave the original and its source of chance untouched is
// TestEngineConformsToTheHarness's.)
func TestDeterminizeCopiesThePositionIntoDst(t *testing.T) {
	g := midGame(t, rand.NewPCG(1, 1), 30)
	var dst sim.Game
	for i := range 3 {
		r := rand.New(rand.NewPCG(uint64(i), 9))
		d := g.Determinize(dst, g.Seat(), r)
		if dst != nil && d != dst {
			t.Fatal("Determinize did not reuse dst")
		}
		dst = d
		if dg := d.(*Game); dg.rng != r || !sameState(dg, g) {
			t.Fatal("the copy is not the position drawing from the given rng")
		}
		finish(d)
	}
}

// TestValueIsAShareOfTheWin: Value is each seat's share of one win: the shares add up to
// 1 and the leader's is the largest.
func TestValueIsAShareOfTheWin(t *testing.T) {
	g := midGame(t, rand.NewPCG(4, 4), 60)
	g.vp[2] += 10
	sum, best := 0.0, 0
	for s := range 4 {
		v := g.Value(s)
		if v < 0 || v > 1 {
			t.Fatalf("Value(%d) = %v, outside [0, 1]", s, v)
		}
		sum += v
		if v > g.Value(best) {
			best = s
		}
	}
	if sum < 0.999 || sum > 1.001 || best != 2 {
		t.Errorf("values add up to %v with seat %d ahead, want 1 with seat 2", sum, best)
	}
}

// TestSearchBeatsRandom: the search bot at its default budget beats the random bot
// on a small fixed batch (it does not beat greedy; see the README).
func TestSearchBeatsRandom(t *testing.T) {
	l := sim.RunLadder(context.Background(), shippedEngine(t),
		sim.LadderOptions{Seed: 7, Games: 8, Players: []int{4}, Bots: []string{"random", "search"}})
	if l.Violations != 0 || l.Unfinished != 0 {
		t.Fatalf("%d violations, %d unfinished", l.Violations, l.Unfinished)
	}
	if r := l.Bots[1].WinRate; r.Rate < 0.4 {
		t.Errorf("search wins %.3f of its seat-games against random, want at least 0.4 (0.5 is every game)", r.Rate)
	}
}

func TestSearchBeatsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 40 two-player games with the search bot")
	}
	l := sim.RunLadder(context.Background(), shippedEngine(t),
		sim.LadderOptions{Seed: 3, Games: 40, Players: []int{2}, Bots: []string{"greedy", "search"}})
	if l.Violations != 0 || l.Unfinished != 0 {
		t.Fatalf("%d violations, %d unfinished", l.Violations, l.Unfinished)
	}
	greedy, search := l.Pairs[0].Rate[0], l.Pairs[0].Rate[1]
	t.Logf("of 40 games, search won %d and greedy %d", search.Wins, greedy.Wins)
	if search.Wins < greedy.Wins+6 {
		t.Errorf("search won %d and greedy %d of 40 games; want search ahead by at least 6", search.Wins, greedy.Wins)
	}
}

// BenchmarkSearchDecision is one decision of the search bot at its default
// budget: a move in a 4-player game.
func BenchmarkSearchDecision(b *testing.B) {
	g := midGame(b, rand.NewPCG(1, 1), 40)
	play := rand.New(rand.NewPCG(1, 2))
	var choices []Choice
	for {
		choices = g.Choices(choices)
		if g.ph == phMove && len(choices) >= 4 {
			break
		}
		g.Apply(choices[play.IntN(len(choices))], nil)
	}
	bot, rng := shippedEngine(b).NewBot("search"), rand.New(rand.NewPCG(2, 2))
	b.ReportAllocs()
	for b.Loop() {
		bot.Choose(g, choices, rng)
	}
}

// TestValueCountsTheMajoritiesScoreAwards: the search bot's
// projection and the end-of-game scoring share one majority rule: in
// positions along many games, what Value adds for the majorities is what
// scoring the game there would award each seat.
func TestValueCountsTheMajoritiesScoreAwards(t *testing.T) {
	e := shippedEngine(t)
	noMajority := withParams(e, func(p *params) { p.majorityVP = 0 })
	tested := 0
	for i := range 20 {
		src := rand.NewPCG(uint64(i), 185)
		g := midGame(t, src, 20+5*i)
		var with, without [maxPlayers]float64
		g.projected(&with)
		h := *g
		h.e = noMajority
		h.projected(&without)
		scored := *g
		scored.score(nop)
		for s := range g.n {
			got, want := with[s]-without[s], float64(scored.vp[s]-g.vp[s])
			if math.Abs(got-want) > 1e-9 {
				t.Fatalf("game %d: Value counts %v majority VP for P%d, scoring awards %v", i, got, s+1, want)
			}
			if want > 0 {
				tested++
			}
		}
	}
	if tested == 0 {
		t.Fatal("no position held a majority")
	}
}
