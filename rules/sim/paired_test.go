package sim

import (
	"math/rand/v2"
	"testing"
)

// twoPlayerBatches plays out a synthetic batch of two-player games: old has
// seat 0 winning half of them; new takes share of seat 1's wins to seat 0
// (a planted shift of share/2 in win rate, 2·share/2 in the gap) and
// re-deals noise of the games at random (luck that changes nothing).
func twoPlayerBatches(games int, share, noise float64) (old, new []Outcome) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range games {
		w := rng.IntN(2)
		o := Outcome{Players: 2, Clean: true, Winner: w, Turns: 30 + rng.IntN(10), Score: 20}
		n := o
		if rng.Float64() < noise {
			n.Winner, n.Turns = rng.IntN(2), 30+rng.IntN(10)
		}
		if n.Winner == 1 && rng.Float64() < share {
			n.Winner = 0
		}
		old, new = append(old, o), append(new, n)
	}
	return old, new
}

func TestPairedOutcomesDetectAPlantedShiftAndFlagNothingWithout(t *testing.T) {
	for _, tt := range []struct {
		name         string
		share, noise float64
		wantGap      bool // the gap's interval excludes 0
	}{
		{"identical batches", 0, 0, false},
		{"luck re-dealt, nothing changed", 0, 0.1, false},
		{"seat 1 loses a fifth of its wins", 0.2, 0.1, true},
		{"seat 1 loses half of its wins", 0.5, 0.3, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			old, new := twoPlayerBatches(2000, tt.share, tt.noise)
			diff, low, high := GapShift(old, new, []int{2})
			if low > diff || diff > high {
				t.Errorf("gap change %+.1f outside its own interval [%+.1f, %+.1f]", diff, low, high)
			}
			if got := low > 0 || high < 0; got != tt.wantGap {
				t.Errorf("gap change %+.1f [%+.1f, %+.1f]: excludes 0 = %v, want %v", diff, low, high, got, tt.wantGap)
			}
			if tt.share == 0 && tt.noise == 0 && (diff != 0 || low != 0 || high != 0) {
				t.Errorf("identical batches moved the gap: %+.1f [%+.1f, %+.1f]", diff, low, high)
			}
			// Seat 0 gains about share/2 of the games, seat 1 loses as much.
			want := 100 * tt.share / 2
			for _, ch := range PairOutcomes(old, new, []int{2}) {
				if ch.Measure != "seat_win_rate" {
					if ch.Significant {
						t.Errorf("%s changed by %+.4f without a planted change", ch.Measure, ch.Diff)
					}
					continue
				}
				if ch.Significant != (tt.share > 0) {
					t.Errorf("seat %d: %+.1f pt [%+.1f, %+.1f] significant = %v, want %v", ch.Seat, 100*ch.Diff, 100*ch.Low, 100*ch.High, ch.Significant, tt.share > 0)
				}
				sign := map[int]float64{1: 1, 2: -1}[ch.Seat]
				if planted := sign * want; tt.share > 0 && (100*ch.Low > planted || 100*ch.High < planted) {
					t.Errorf("seat %d: the interval [%+.1f, %+.1f] misses the planted %+.1f pt", ch.Seat, 100*ch.Low, 100*ch.High, sign*want)
				}
				if ch.Paired != 2000 {
					t.Errorf("seat %d rests on %d paired games, want 2000", ch.Seat, ch.Paired)
				}
			}
		})
	}
}

// TestPairOutcomesMeasuresTheTurnOrderWhereItIsDealtAtRandom: in a game
// that deals its turn order at random, a change that favours whoever plays
// first shows in the win rate of the first player, not of any seat; a game
// with a fixed order has no turn-order measure.
func TestPairOutcomesMeasuresTheTurnOrderWhereItIsDealtAtRandom(t *testing.T) {
	const n = 400
	var old, new, fixed []Outcome
	for i := range n {
		first := i % 2
		// Before, the first player wins every other game; after, always.
		oldWinner := first
		if i%4 >= 2 {
			oldWinner = 1 - first
		}
		old = append(old, Outcome{Players: 2, Clean: true, Winner: oldWinner, Opener: first + 1, Turns: 10})
		new = append(new, Outcome{Players: 2, Clean: true, Winner: first, Opener: first + 1, Turns: 10})
		fixed = append(fixed, Outcome{Players: 2, Clean: true, Winner: oldWinner, Turns: 10})
	}
	var order, seats []Change
	for _, c := range PairOutcomes(old, new, []int{2}) {
		switch c.Measure {
		case "turn_order_win_rate":
			order = append(order, c)
		case "seat_win_rate":
			seats = append(seats, c)
		}
	}
	if len(order) != 2 || order[0].Seat != 1 || !order[0].Significant || order[0].Diff < 0.49 || order[1].Diff > -0.49 {
		t.Errorf("turn order measures %+v, want the first player +50 pt and significant, the second −50 pt", order)
	}
	for _, c := range seats {
		if c.Significant {
			t.Errorf("seat %d moved significantly (%+v), but each seat played first half the time", c.Seat, c)
		}
	}
	for _, c := range PairOutcomes(fixed, fixed, []int{2}) {
		if c.Measure == "turn_order_win_rate" {
			t.Errorf("a game with a fixed turn order has a turn-order measure: %+v", c)
		}
	}
}

// TestGapShiftFollowsTheTurnOrderWhereItIsDealtAtRandom: in a game that
// deals its turn order at random, a change that hands every game to the
// first player moves the gap by turn order (50 → 100 points, here from a
// fair 0), though each seat still wins half the games; the same winners
// without a random deal (seats are the order) move no seat gap.
func TestGapShiftFollowsTheTurnOrderWhereItIsDealtAtRandom(t *testing.T) {
	const n = 400
	var old, new, oldFixed, newFixed []Outcome
	for i := range n {
		first := i % 2
		oldWinner := first
		if i%4 >= 2 {
			oldWinner = 1 - first
		}
		old = append(old, Outcome{Players: 2, Clean: true, Winner: oldWinner, Opener: first + 1})
		new = append(new, Outcome{Players: 2, Clean: true, Winner: first, Opener: first + 1})
		oldFixed = append(oldFixed, Outcome{Players: 2, Clean: true, Winner: oldWinner})
		newFixed = append(newFixed, Outcome{Players: 2, Clean: true, Winner: first})
	}
	if diff, low, high := GapShift(old, new, []int{2}); diff != 100 || low <= 0 {
		t.Errorf("gap by turn order moved %+.1f [%+.1f, %+.1f], want +100 and sure", diff, low, high)
	}
	if diff, low, high := GapShift(oldFixed, newFixed, []int{2}); diff != 0 || low > 0 || high < 0 {
		t.Errorf("seat gap moved %+.1f [%+.1f, %+.1f], want 0: each seat wins half the games on both sides", diff, low, high)
	}
}
