package guardian

import (
	"testing"

	"bifrost/schema/figure"
)

// TestAreaFigureCountsComeFromTheRules: the setup picture of a player's
// area holds DeckSize − StartHand − ResourceZone cards in the deck,
// ResourceZone in the resource zone and StartHand in the hand.
func TestAreaFigureCountsComeFromTheRules(t *testing.T) {
	texts := map[string]bool{}
	hand := 0
	for _, s := range area(40, 7, 5).Shapes {
		texts[s.Text] = true
		if s.Fill == figure.SlotFill {
			hand++
		}
	}
	for _, want := range []string{"28枚", "5枚", "7枚"} {
		if !texts[want] {
			t.Errorf("no %q in the area figure for DeckSize 40, StartHand 7, ResourceZone 5", want)
		}
	}
	if hand != 7 {
		t.Errorf("%d hand cards drawn, want 7", hand)
	}
}
