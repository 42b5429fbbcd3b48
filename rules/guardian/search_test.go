package guardian

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// sameCopy reports whether two determinized games hold the same state.
func sameCopy(a, b *Game) bool {
	return reflect.DeepEqual(a.p, b.p) && reflect.DeepEqual(a.h, b.h) && a.decided == b.decided && a.start == b.start
}

// sameCards reports whether two zones hold the same cards in any order.
func sameCards(a, b []int16) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// TestSearchNeverReadsHiddenInformation (I16): Determinize never reads hidden information. At every
// decision of many games, a variant that differs only in what the deciding
// seat cannot see (the opponent's hand, deck, resources and face-down
// Guardian, the seat's own deck order and resources; at the first forging
// also the opponent's deck list) gives the same copy for the same rng, and
// so the same search decision. The copies do resample: the opponent's hand
// in the copy is often not its true hand.
func TestSearchNeverReadsHiddenInformation(t *testing.T) {
	e := newEngine(t)
	games := 20
	if testing.Short() {
		games = 6
	}
	bot := func() sim.Bot { return &sim.ISMCTS{Iterations: 24, Horizon: 20} }
	positions, resampled, decisions := 0, 0, 0
	for i := range games {
		g := e.NewGame(sim.Config{Players: 2, Index: i}, rand.New(rand.NewPCG(uint64(i), 3))).(*Game)
		play := rand.New(rand.NewPCG(uint64(i), 4))
		forged := false
		var buf []sim.Choice
		for !g.Over() && g.Turn() <= e.turnCap {
			buf = g.Choices(buf)
			positions++
			seat, o := g.Seat(), other(g.Seat())
			variants := []*Game{hiddenVariant(g, rand.New(rand.NewPCG(uint64(positions), 5)))}
			if g.p.ask == askForge && !forged {
				forged = true
				variants = append(variants, otherDeck(g, rand.New(rand.NewPCG(uint64(positions), 9))))
			}
			for _, v := range variants {
				if err := v.Check(); err != nil {
					t.Fatalf("the variant is not a legal position: %v", err)
				}
				seed := uint64(positions)
				a := g.Determinize(nil, seat, rand.New(rand.NewPCG(seed, 6))).(*Game)
				b := v.Determinize(nil, seat, rand.New(rand.NewPCG(seed, 6))).(*Game)
				if !sameCopy(a, b) {
					t.Fatalf("game %d turn %d (ask %d): the copies differ when only hidden cards differ", i, g.Turn(), g.p.ask)
				}
				if !sameCards(a.h[o].hand, g.h[o].hand) {
					resampled++
				}
				if len(buf) > 1 && positions%4 == 0 {
					decisions++
					simtest.SameSearch(t, bot, g, v, buf, seed, i)
				}
			}
			g.Apply(buf[play.IntN(len(buf))], nil)
		}
	}
	if resampled == 0 || decisions == 0 {
		t.Errorf("%d positions, %d resampled hands, %d searches: the test cannot tell a peeking copy", positions, resampled, decisions)
	}
	t.Logf("%d positions, the opponent's hand resampled in %d, %d search decisions compared", positions, resampled, decisions)
}

// TestDeterminizeReusesDstAndDrawsFromItsRng (sim.Searcher): Determinize makes its copy into dst when dst
// is an earlier copy, and the copy draws its chance from the rng it is
// given and tells no one of its events. (That Determinize and play on the
// copy leave the original and its source of chance untouched is
// TestEngineConformsToTheHarness's.)
func TestDeterminizeReusesDstAndDrawsFromItsRng(t *testing.T) {
	e := newEngine(t)
	var dst sim.Game
	for i := range 6 {
		g := e.NewGame(sim.Config{Players: 2, Index: i}, rand.New(rand.NewPCG(uint64(i), 3))).(*Game)
		play := rand.New(rand.NewPCG(uint64(i), 4))
		var buf []sim.Choice
		for n := 0; !g.Over() && g.Turn() <= e.turnCap; n++ {
			buf = g.Choices(buf)
			if n%3 == 0 {
				copyRng := rand.New(rand.NewPCG(uint64(n), 5))
				d := g.Determinize(dst, g.Seat(), copyRng)
				if dst != nil && d != dst {
					t.Fatalf("Determinize did not reuse dst")
				}
				dst = d
				if dg := d.(*Game); dg.rng != copyRng || dg.emit != nil {
					t.Fatalf("the copy does not draw its chance from the rng it was given")
				}
			}
			g.Apply(buf[play.IntN(len(buf))], nil)
		}
	}
}

// TestSearchBeatsGreedy: the search bot at its default budget beats the greedy bot on
// a fixed batch, seats alternating, with the invariants checked.
func TestSearchBeatsGreedy(t *testing.T) {
	e := newEngine(t)
	r := botWinRate(t, e, "search", "greedy", 40)
	t.Logf("search against greedy: %.3f", r)
	if r < 0.6 {
		t.Errorf("search wins %.3f against greedy, want at least 0.6", r)
	}
}

// BenchmarkSearchDecision is one decision of the search bot at its default
// budget, at an action with several choices.
func BenchmarkSearchDecision(b *testing.B) {
	e := newEngine(b)
	g := e.NewGame(sim.Config{Players: 2}, rand.New(rand.NewPCG(1, 1))).(*Game)
	play := rand.New(rand.NewPCG(1, 2))
	var choices []sim.Choice
	for {
		choices = g.Choices(choices)
		if g.p.ask == askAction && len(choices) >= 3 {
			break
		}
		g.Apply(choices[play.IntN(len(choices))], nil)
	}
	bot, rng := e.NewBot("search"), rand.New(rand.NewPCG(2, 2))
	b.ReportAllocs()
	for b.Loop() {
		bot.Choose(g, choices, rng)
	}
}
