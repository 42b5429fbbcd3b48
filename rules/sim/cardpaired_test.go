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
					c.use(0, 0, 1)
				}
				if nUsed {
					c.use(1, 0, 1)
				}
				c.endGame(&Result{Config: Config{Players: 2}, Winner: winner}, &Result{Config: Config{Players: 2}, Winner: nWinner}, true)
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

// TestPairedCardMeasuresArePerDeckWhenSeatsPlayDecks plays out synthetic
// paired games of two seats, one playing deck A and the other deck B (which
// seat plays which alternating), both decks holding card X, which each seat
// uses in about half of the games. With the decks named (a SeatGrouper's
// Result.Groups) X is measured once per deck, over the seats that played
// it: the same games move nothing, and a change that helps only deck A's
// seat when it uses X (against a seat that did not) is flagged for deck A,
// with the right sign, and not for deck B. Without the decks named, X is
// one entry over every seat.
func TestPairedCardMeasuresArePerDeckWhenSeatsPlayDecks(t *testing.T) {
	for _, tt := range []struct {
		name    string
		grouped bool
		share   float64 // of deck A's losses when only it used X, won on the new side
		redeal  bool    // the new side plays A against A in every other game
		want    map[string]bool
	}{
		{"the same games, decks named", true, 0, false, map[string]bool{"A": false, "B": false}},
		{"deck A's user of X wins a fifth of its losses to non-users", true, 0.2, false, map[string]bool{"A": true, "B": false}},
		{"deck A against itself in half the new games, nothing changed", true, 0, true, map[string]bool{"A": false, "B": false}},
		{"the same change, no decks named", false, 0.2, false, map[string]bool{"": true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 5))
			c := newCardPairs(1)
			for i := range 4000 {
				decks := []string{"A", "B"}
				if i%2 == 1 {
					decks = []string{"B", "A"}
				}
				newDecks := decks
				if tt.redeal && i%2 == 1 {
					newDecks = []string{"A", "A"}
				}
				var seats uint8
				for s := range 2 {
					if rng.IntN(2) == 0 {
						seats |= 1 << s
					}
				}
				winner, nWinner := rng.IntN(2), rng.IntN(2)
				if !tt.redeal {
					nWinner = winner
				}
				a := i % 2 // deck A's seat
				if seats == 1<<a && nWinner != a && rng.Float64() < tt.share {
					nWinner = a
				}
				if seats != 0 {
					c.use(0, 0, seats)
					c.use(1, 0, seats)
				}
				old := &Result{Config: Config{Players: 2}, Winner: winner}
				new := &Result{Config: Config{Players: 2}, Winner: nWinner}
				if tt.grouped {
					old.Groups, new.Groups = decks, newDecks
				}
				c.endGame(old, new, true)
			}
			got := map[string]bool{}
			for _, ch := range c.changes([]string{"X"}, []bool{true}) {
				if ch.ID != "X" {
					t.Fatalf("an entry for %q", ch.ID)
				}
				want, ok := tt.want[ch.Group]
				if !ok {
					t.Fatalf("an entry for deck %q, want only %v", ch.Group, tt.want)
				}
				got[ch.Group] = true
				want = want && ch.Measure == "win_rate"
				if ch.Significant != want || want && ch.Diff <= 0 {
					t.Errorf("%s in deck %q: %+.1f pt (z %+.2f, q %.4f), significant = %v, want %v", ch.Measure, ch.Group, 100*ch.Diff, ch.Z, ch.Q, ch.Significant, want)
				}
				if tt.share == 0 && !tt.redeal && (ch.Diff != 0 || ch.Q != 1) {
					t.Errorf("%s in deck %q: the same games moved it: %+v", ch.Measure, ch.Group, ch)
				}
				if ch.Measure == "use_rate" && tt.grouped && !tt.redeal && (ch.Old.Games != 4000 || ch.New.Games != 4000) {
					t.Errorf("use rate in deck %q over %d and %d seat-games, want the 4000 of the deck's seats", ch.Group, ch.Old.Games, ch.New.Games)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("entries for decks %v, want %v", got, tt.want)
			}
		})
	}
}
