package sim

import (
	"math/rand/v2"
	"testing"
)

// TestPairedCardMeasuresDetectAPlantedChangeAndFlagNothingWithout plays
// out synthetic paired games of two seats and one card, which seat 0 uses
// in about half of them: the same games on both sides flag nothing, luck
// re-dealt in some games flags nothing, and a card whose user now wins a
// share of the games it lost is flagged with the right sign.
func TestPairedCardMeasuresDetectAPlantedChangeAndFlagNothingWithout(t *testing.T) {
	for _, tt := range []struct {
		name         string
		noise, share float64
		wantWin      bool
	}{
		{"the same games", 0, 0, false},
		{"luck re-dealt, the card unchanged", 0.2, 0, false},
		{"the user wins a fifth of its losses", 0.2, 0.2, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 3))
			c := newCardPairs(1)
			for range 3000 {
				used, winner := rng.IntN(2) == 0, rng.IntN(2)
				nUsed, nWinner := used, winner
				if rng.Float64() < tt.noise {
					nUsed, nWinner = rng.IntN(2) == 0, rng.IntN(2)
				}
				if nUsed && nWinner == 1 && rng.Float64() < tt.share {
					nWinner = 0
				}
				if used {
					c.use(0, 0, 1, winner)
				}
				if nUsed {
					c.use(1, 0, 1, nWinner)
				}
				c.endGame(2, true)
			}
			for _, ch := range c.changes([]string{"X"}, []bool{true}) {
				want := ch.Measure == "win_rate" && tt.wantWin
				if ch.Significant != want || want && ch.Diff <= 0 {
					t.Errorf("%s: %+.1f pt (z %+.2f, q %.4f), significant = %v, want %v", ch.Measure, 100*ch.Diff, ch.Z, ch.Q, ch.Significant, want)
				}
				if tt.noise == 0 && tt.share == 0 && (ch.Diff != 0 || ch.Q != 1) {
					t.Errorf("%s: the same games moved it: %+v", ch.Measure, ch)
				}
			}
		})
	}
}
