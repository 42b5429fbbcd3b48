package nastrond

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGreedyHiresAmongEqualEinherjarAtRandomWhateverTheirOrder: when
// several Einherjar are worth the same to the greedy bot, which one it
// hires is drawn at random, so the order of the workbook's rows (the
// order of the choices) does not decide it: reversed, the choices give
// the same spread.
func TestGreedyHiresAmongEqualEinherjarAtRandomWhateverTheirOrder(t *testing.T) {
	e := shippedEngine(t)
	g := setupGame(t, e, 2)
	g.icons[0][affection] = 9 // everything free: each Einherjar is worth its cost
	g.pawn[0] = sq(0, 1)
	g.ph = phScout
	refresh(g)
	// The first two hires made the dearest and worth the same, the others free.
	hires := kinds(g, KHire)
	if len(hires) < 2 {
		t.Fatalf("hires %v: the test needs two", hires)
	}
	for _, c := range hires[2:] {
		e.info[e.einCard[c.A]].cost = 0
	}
	e.info[e.einCard[hires[1].A]].cost = 5
	e.info[e.einCard[hires[0].A]].cost = 5
	spread := func(choices []Choice) map[int16]int {
		got := map[int16]int{}
		for seed := range uint64(400) {
			i := Greedy{}.Choose(g, choices, rand.New(rand.NewPCG(seed, 1)))
			got[choices[i].A]++
		}
		return got
	}
	ahead := spread(slices.Clone(g.opts))
	reversed := slices.Clone(g.opts)
	slices.Reverse(reversed)
	behind := spread(reversed)
	if len(ahead) != 2 {
		t.Fatalf("greedy hired %v, want the two Einherjar of equal worth", ahead)
	}
	for a, n := range ahead {
		if m := behind[a]; n < 400/len(ahead)/2 || m < 400/len(ahead)/2 {
			t.Errorf("Einherjar %s hired %d times in the listed order and %d reversed, of 400 each; want about %d both ways (%v, %v)",
				e.cards[e.einCard[a]], n, m, 400/len(ahead), ahead, behind)
		}
	}
	if len(behind) != len(ahead) {
		t.Errorf("the reversed order hires %v, the listed one %v", behind, ahead)
	}
}
