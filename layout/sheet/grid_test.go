package sheet

import (
	"math"
	"testing"

	"bifrost/layout/spec"
)

// TestGrid_ThreeByThreeWithRoomForMarks checks the imposition arithmetic.
func TestGrid_ThreeByThreeWithRoomForMarks(t *testing.T) {
	l := &spec.Layout{Bleed: 3, Sheet: spec.SheetOptions{Gutter: 6, MarkLength: 4, MarkOffset: 0.5}}
	for paper, want := range map[string][2]float64{"a4": {3, 6}, "letter": {5.95, 0.2}} {
		g, err := newGrid(l, papers[paper], spec.Size{W: 63, H: 88})
		if err != nil {
			t.Fatal(err)
		}
		if g.cols != 3 || g.rows != 3 || math.Abs(g.gx-want[0]) > 1e-6 || math.Abs(g.gy-want[1]) > 1e-6 {
			t.Errorf("%s: %d×%d with gutters %.2f×%.2f, want 3×3 with %.2f×%.2f", paper, g.cols, g.rows, g.gx, g.gy, want[0], want[1])
		}
		// The crop marks lie on the paper, outside the outer bleed.
		room := l.Bleed + l.Sheet.MarkOffset + l.Sheet.MarkLength
		if g.x0 < room-1e-6 || g.y0 < room-1e-6 {
			t.Errorf("%s: grid at %.2f,%.2f leaves no room for the marks (%.2f)", paper, g.x0, g.y0, room)
		}
		// Mirroring keeps every card on the grid: column c goes to cols-1-c.
		x0, _, c0, _ := g.cell(0, false, false)
		x1, _, c1, _ := g.cell(0, true, false)
		if c0 != 0 || c1 != 2 || math.Abs((x0+x1+g.w)-papers[paper].W) > 1e-6 {
			t.Errorf("%s: the back of the first card is not its mirror image", paper)
		}
	}
	if _, err := newGrid(l, papers["a4"], spec.Size{W: 250, H: 88}); err == nil {
		t.Error("a card wider than the paper was laid out")
	}
}
