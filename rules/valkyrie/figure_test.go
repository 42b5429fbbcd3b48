package valkyrie

import (
	"testing"

	"bifrost/schema/figure"
)

// TestSupplyFigureHasRowSlotsSlotsPerRow: the supply figure follows the
// RowSlots rule, three rows of RowSlots face-up slots for each of the two
// supply decks.
func TestSupplyFigureHasRowSlotsSlotsPerRow(t *testing.T) {
	for _, slots := range []int{1, 3} {
		n := 0
		for _, s := range supply(slots).Shapes {
			if s.Fill == figure.SlotFill {
				n++
			}
		}
		if n != 2*3*slots {
			t.Errorf("RowSlots %d: %d face-up slots, want %d", slots, n, 2*3*slots)
		}
	}
}
