package bloodrage

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"bifrost/rules/sim"
)

// TestGreedyPicksAmongEqualChoicesEvenlyWhateverTheirOrder: the order of
// the greedy bot's choices follows the workbook's rows (a hand lists its
// cards by row), so where several choices score the same, which one it
// takes must not follow their order. At every decision of seeded games
// where choices tie for the best score (the draft's card weights, the
// trials' evals), greedy is asked with the choices as listed and reversed,
// with the same dice: it takes one of the best both ways, and the first of
// them listed about as often as chance gives (1 in the number tied), not
// every time.
func TestGreedyPicksAmongEqualChoicesEvenlyWhateverTheirOrder(t *testing.T) {
	e := engine(t)
	b := &Greedy{}
	type tally struct {
		ties             int
		firsts           [2]int // picks that were the first of the best, as listed and reversed
		expected, spread float64
	}
	var draft, trial tally
	for i := range 30 {
		g := e.NewGame(sim.Config{Players: 2 + i%3, Index: i}, rand.New(rand.NewPCG(uint64(i), 1))).(*Game)
		play := rand.New(rand.NewPCG(uint64(i), 2))
		var buf []sim.Choice
		for !g.Over() && g.turn <= e.p.turnCap {
			buf = g.Choices(buf)
			if len(buf) > 1 {
				seed := play.Uint64()
				dice := func() *rand.Rand { return rand.New(rand.NewPCG(seed, 3)) }
				tl := &trial
				var vals []int
				if g.prompt == pDraft {
					tl, vals = &draft, slices.Clone(b.weights(g, buf))
				} else {
					vals = slices.Clone(b.trials(g, buf, dice()))
				}
				top := slices.Max(vals)
				var best []sim.Choice
				for k, v := range vals {
					if v == top {
						best = append(best, buf[k])
					}
				}
				if len(best) > 1 {
					tl.ties++
					p := 1 / float64(len(best))
					tl.expected += p
					tl.spread += p * (1 - p)
					for o := range 2 {
						order, first := slices.Clone(buf), best[0]
						if o == 1 {
							slices.Reverse(order)
							first = best[len(best)-1]
						}
						pick := order[b.Choose(g, order, dice())]
						if !slices.Contains(best, pick) {
							t.Fatalf("game %d, decision %d: greedy took %v, not one of the best %v (order %d)", i, g.decisions, pick, best, o)
						}
						if pick == first {
							tl.firsts[o]++
						}
					}
				}
			}
			g.Apply(buf[play.IntN(len(buf))], nil)
		}
	}
	for _, tt := range []struct {
		name string
		tl   tally
	}{{"draft", draft}, {"trials", trial}} {
		t.Logf("%s: %d decisions with tied choices; the first of the best taken %d times as listed, %d reversed, chance %.1f",
			tt.name, tt.tl.ties, tt.tl.firsts[0], tt.tl.firsts[1], tt.tl.expected)
		if tt.tl.ties < 30 {
			t.Fatalf("%s: only %d decisions with tied choices; the test needs more games", tt.name, tt.tl.ties)
		}
		for o, n := range tt.tl.firsts {
			if math.Abs(float64(n)-tt.tl.expected) > 4*math.Sqrt(tt.tl.spread) {
				t.Errorf("%s, order %d: the first of equal choices taken %d times in %d ties, chance gives %.1f ± %.1f",
					tt.name, o, n, tt.tl.ties, tt.tl.expected, 4*math.Sqrt(tt.tl.spread))
			}
		}
	}
}
