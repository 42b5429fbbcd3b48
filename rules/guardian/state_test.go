package guardian

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestShuffleDrawsAsRandShuffle: shuffling a zone in place draws the same
// numbers and leaves the same order as rand.Shuffle, so seeded games are
// the games they were.
func TestShuffleDrawsAsRandShuffle(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 30, 200} {
		want := make([]int16, n)
		for i := range want {
			want[i] = int16(i)
		}
		got := slices.Clone(want)
		a, b := rand.New(rand.NewPCG(uint64(n), 9)), rand.New(rand.NewPCG(uint64(n), 9))
		a.Shuffle(n, func(i, j int) { want[i], want[j] = want[j], want[i] })
		shuffle(b, got)
		if !slices.Equal(got, want) || a.Uint64() != b.Uint64() {
			t.Errorf("%d cards: shuffle gave %v, rand.Shuffle %v (or drew differently)", n, got, want)
		}
	}
}

// TestOnePaymentIsHallsCondition: a use with one payment is payable exactly
// when the general test over sets of demands says so (the same demand
// beside one owing nothing), for random hands, demands and cards set apart.
func TestOnePaymentIsHallsCondition(t *testing.T) {
	e := newEngine(t)
	g := e.blank()
	rng := rand.New(rand.NewPCG(3, 4))
	designs := int16(len(e.d))
	pick := func() int16 {
		if rng.IntN(4) == 0 {
			return -1
		}
		return int16(rng.IntN(int(designs)))
	}
	for range 20000 {
		g.h[0].hand = g.h[0].hand[:0]
		for range rng.IntN(10) {
			g.h[0].hand = append(g.h[0].hand, int16(rng.IntN(int(designs))))
		}
		dm := demand{n: int8(1 + rng.IntN(3)), attr: int16(rng.IntN(len(e.attrs)+1) - 1), material: rng.IntN(2) == 0}
		x1, x2 := pick(), pick()
		if len(g.h[0].hand) > 0 && rng.IntN(2) == 0 {
			x1 = g.h[0].hand[rng.IntN(len(g.h[0].hand))]
		}
		one := g.payable(0, []demand{dm}, [maxDemands]int8{dm.n}, x1, x2)
		hall := g.payable(0, []demand{dm, {n: 1, attr: -1}}, [maxDemands]int8{dm.n, 0}, x1, x2)
		if one != hall {
			t.Fatalf("hand %v, demand %+v, set apart %d and %d: one payment says %v, the sets of demands %v", g.h[0].hand, dm, x1, x2, one, hall)
		}
	}
}
