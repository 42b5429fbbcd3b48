package sheet_test

import (
	"encoding/xml"
	"fmt"
	"math"
	"slices"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/sheet"
)

// cutSVG is what a cutting machine reads of a cut-line SVG.
type cutSVG struct {
	Width   string    `xml:"width,attr"`
	Height  string    `xml:"height,attr"`
	ViewBox string    `xml:"viewBox,attr"`
	Rects   []cutRect `xml:"g>rect"`
}

// cutRect is one cut: a closed rectangle, in mm.
type cutRect struct {
	X float64 `xml:"x,attr"`
	Y float64 `xml:"y,attr"`
	W float64 `xml:"width,attr"`
	H float64 `xml:"height,attr"`
}

// TestCuts_EachCardsTrimWhereTheSheetPrintsIt parses the cut-line SVG of
// every sheet of every game, with the default gutter and with shared
// cuts, on A4 and Letter: the page is the paper in mm (its viewBox in mm
// too), there is one SVG per printed sheet, and the rectangles' edges are
// exactly the lines the sheet's crop marks point at (measured from the
// PDF); with the default gutter each rectangle is a card's trim, its
// clip in the PDF less the bleed on every side.
func TestCuts_EachCardsTrimWhereTheSheetPrintsIt(t *testing.T) {
	t.Parallel()
	gutter0 := 0.0
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		for _, tc := range []struct {
			paper  string
			gutter *float64
		}{{"a4", nil}, {"letter", nil}, {"a4", &gutter0}} {
			t.Run(fmt.Sprintf("%s/%s/gutter %v", game, tc.paper, tc.gutter != nil), func(t *testing.T) {
				res, _, lay := shipped(t, game)
				opt := cards.Options{Paper: tc.paper, Gutter: tc.gutter, FacesOnly: true}
				cuts, err := sheet.Cuts(res, lay, opt)
				if err != nil {
					t.Fatal(err)
				}
				raw := qdfBytes(t, render(t, res, lay, opt))
				var marked []string // the contents of the pages with crop marks: the sheets
				for _, content := range pageContents(raw) {
					if len(cropMarks(content, lay.Sheet.MarkLength)) > 0 {
						marked = append(marked, content)
					}
				}
				if len(cuts) != len(marked) {
					t.Fatalf("%d cut sheets for %d printed sheets", len(cuts), len(marked))
				}
				for i, cs := range cuts {
					var svg cutSVG
					if err := xml.Unmarshal(cs.SVG(), &svg); err != nil {
						t.Fatalf("sheet %d: %v", i+1, err)
					}
					pw, ph := cs.Paper.W, cs.Paper.H
					if want := fmt.Sprintf("0 0 %g %g", pw, ph); svg.ViewBox != want || svg.Width != fmt.Sprintf("%gmm", pw) || svg.Height != fmt.Sprintf("%gmm", ph) {
						t.Errorf("sheet %d: %s × %s, viewBox %q; want the paper, %gmm × %gmm, viewBox %q", i+1, svg.Width, svg.Height, svg.ViewBox, pw, ph, want)
					}
					if len(svg.Rects) == 0 {
						t.Fatalf("sheet %d: no cut", i+1)
					}
					var xs, ys []float64
					for _, r := range svg.Rects {
						xs = append(xs, r.X, r.X+r.W)
						ys = append(ys, ph-r.Y, ph-r.Y-r.H) // the PDF's y runs up
					}
					// Each cut lies on a line the crop marks point at (the last
					// sheet's marks mark the whole grid, full or not).
					vx, hy := markLines(cropMarks(marked[i], lay.Sheet.MarkLength))
					for _, x := range rounded(xs) {
						if !slices.Contains(vx, x) {
							t.Errorf("sheet %d: a cut at x %v, the crop marks at %v", i+1, x, vx)
						}
					}
					for _, y := range rounded(ys) {
						if !slices.Contains(hy, y) {
							t.Errorf("sheet %d: a cut at y %v (from the bottom), the crop marks at %v", i+1, y, hy)
						}
					}
					// Each cut is one card's trim: a card is clipped to it plus
					// the bleed (the full bleed unless the cuts are shared).
					b := lay.Bleed
					var clips [][4]float64 // x, y from the top, w, h
					for _, m := range clipOps(marked[i]) {
						f := floats(m)
						clips = append(clips, [4]float64{f[0], ph - f[1], math.Abs(f[2]), math.Abs(f[3])})
					}
					cardClips := 0
					for _, r := range svg.Rects {
						found := slices.ContainsFunc(clips, func(c [4]float64) bool {
							in := c[0] <= r.X+0.01 && c[1] <= r.Y+0.01 && c[0]+c[2] >= r.X+r.W-0.01 && c[1]+c[3] >= r.Y+r.H-0.01 &&
								c[2] <= r.W+2*b+0.01 && c[3] <= r.H+2*b+0.01
							if tc.gutter == nil {
								in = in && math.Abs(c[0]-(r.X-b)) < 0.01 && math.Abs(c[1]-(r.Y-b)) < 0.01 && math.Abs(c[2]-(r.W+2*b)) < 0.01 && math.Abs(c[3]-(r.H+2*b)) < 0.01
							}
							return in
						})
						if !found {
							t.Errorf("sheet %d: the cut %v × %v at (%v, %v) is no card's trim: no card is clipped to it and its bleed", i+1, r.W, r.H, r.X, r.Y)
						}
					}
					for _, c := range clips {
						if slices.ContainsFunc(svg.Rects, func(r cutRect) bool {
							return c[2] >= r.W-0.01 && c[3] >= r.H-0.01 && c[2] <= r.W+2*b+0.01 && c[3] <= r.H+2*b+0.01
						}) {
							cardClips++
						}
					}
					if cardClips != len(svg.Rects) {
						t.Errorf("sheet %d: %d cuts for %d cards", i+1, len(svg.Rects), cardClips)
					}
				}
			})
		}
	}
}

// cropMarks are the page's stroked lines as long as a crop mark.
func cropMarks(content string, length float64) []segment {
	var out []segment
	for _, m := range lineOps(content) {
		f := floats(m)
		if s := (segment{f[0], f[1], f[2], f[3]}); math.Abs(s.length()-length) < 0.01 {
			out = append(out, s)
		}
	}
	return out
}

// markLines are the x of the vertical marks and the y of the horizontal
// ones, each once, sorted.
func markLines(marks []segment) (xs, ys []float64) {
	for _, s := range marks {
		if math.Abs(s.x1-s.x2) < 0.01 {
			xs = append(xs, s.x1)
		} else {
			ys = append(ys, s.y1)
		}
	}
	return rounded(xs), rounded(ys)
}

// rounded sorts vs to a hundredth of a millimetre, each once.
func rounded(vs []float64) []float64 {
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = round2(v)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }
