package sheet

import (
	"math"
	"testing"

	"bifrost/layout/spec"
)

// TestGrid_KeepsMarginBleedAndGutterAndDropsCardsInstead checks the
// imposition arithmetic: the gutter is never shrunk, the crop marks stay
// the margin away from every paper edge, and a paper that cannot hold the
// grid holds fewer cards, which fewer reports when that costs sheets.
func TestGrid_KeepsMarginBleedAndGutterAndDropsCardsInstead(t *testing.T) {
	t.Parallel()
	l := &spec.Layout{Bleed: 3, Sheet: spec.SheetOptions{Gutter: 6, MarkLength: 2, MarkOffset: 0.5}}
	for _, tc := range []struct {
		paper          string
		margin, gutter float64
		cols, rows     int
		fewer          bool
	}{
		{"a4", 5, 6, 2, 3, true},
		{"a4", 5, 0, 3, 3, false},
		{"a4", 0, 3, 3, 3, false},
		{"a4", 12, 6, 2, 2, true},
		{"letter", 5, 6, 2, 2, true},
		{"letter", 5, 0, 3, 2, true},
	} {
		im := imposition{margin: tc.margin, gutter: tc.gutter}
		g, err := newGrid(l, papers[tc.paper], spec.Size{W: 63, H: 88}, im)
		if err != nil {
			t.Fatal(err)
		}
		if g.cols != tc.cols || g.rows != tc.rows || g.gx != tc.gutter || g.gy != tc.gutter {
			t.Errorf("%s margin %g gutter %g: %d×%d with gutters %.2f×%.2f, want %d×%d with %g", tc.paper, tc.margin, tc.gutter, g.cols, g.rows, g.gx, g.gy, tc.cols, tc.rows, tc.gutter)
		}
		// The crop marks' outer ends lie the margin or more inside the paper.
		out := l.Bleed + l.Sheet.MarkOffset + l.Sheet.MarkLength
		right := g.x0 + float64(g.cols)*g.w + float64(g.cols-1)*g.gx + out
		bottom := g.y0 + float64(g.rows)*g.h + float64(g.rows-1)*g.gy + out
		for _, d := range []float64{g.x0 - out, g.y0 - out, g.page.W - right, g.page.H - bottom} {
			if d < tc.margin-1e-6 {
				t.Errorf("%s margin %g gutter %g: a crop mark %.2f mm from the paper edge", tc.paper, tc.margin, tc.gutter, d)
			}
		}
		if got := g.fewer(l, im, tc.paper, 40) != nil; got != tc.fewer {
			t.Errorf("%s margin %g gutter %g: fewer cards reported %v for 40 cards, want %v", tc.paper, tc.margin, tc.gutter, got, tc.fewer)
		}
		// Cards that fit on one sheet either way cost no paper: nothing to say.
		if g.fewer(l, im, tc.paper, min(g.cols*g.rows, 4)) != nil {
			t.Errorf("%s margin %g gutter %g: fewer cards reported for a handful that fits one sheet", tc.paper, tc.margin, tc.gutter)
		}
		// Mirroring keeps every card on the grid: column c goes to cols-1-c.
		x0, _, c0, _ := g.cell(0, false, false)
		x1, _, c1, _ := g.cell(0, true, false)
		if c0 != 0 || c1 != g.cols-1 || math.Abs((x0+x1+g.w)-papers[tc.paper].W) > 1e-6 {
			t.Errorf("%s: the back of the first card is not its mirror image", tc.paper)
		}
	}
	if _, err := newGrid(l, papers["a4"], spec.Size{W: 250, H: 88}, imposition{margin: 5, gutter: 6}); err == nil {
		t.Error("a card wider than the paper was laid out")
	}
}
