package book

import (
	"math"
	"sort"
	"testing"
)

// textLines groups the words of a page into lines: words of one height
// whose tops are level, from the left edge of the first to the right edge
// of the last, top to bottom.
type textLineBox struct {
	y, h, x0, x1 float64
	text         string
}

func textLines(words []bboxWord) []textLineBox {
	sorted := append([]bboxWord(nil), words...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if math.Abs(sorted[i].YMin-sorted[j].YMin) > 0.5 {
			return sorted[i].YMin < sorted[j].YMin
		}
		return sorted[i].XMin < sorted[j].XMin
	})
	var out []textLineBox
	for _, w := range sorted {
		h := w.YMax - w.YMin
		if n := len(out); n > 0 && math.Abs(out[n-1].y-w.YMin) <= 0.5 && math.Abs(out[n-1].h-h) <= 0.3 {
			out[n-1].x0, out[n-1].x1 = math.Min(out[n-1].x0, w.XMin), math.Max(out[n-1].x1, w.XMax)
			out[n-1].text += w.Text
			continue
		}
		out = append(out, textLineBox{w.YMin, h, w.XMin, w.XMax, w.Text})
	}
	return out
}

func TestBodyLinesReachTheMeasureExceptParagraphsLast(t *testing.T) {
	g := geometries["A5"]
	pitch := g.body * g.leading // points
	for _, b := range shippedBooks(t) {
		checked := 0
		for pi, words := range bboxPages(t, b.pdf) {
			var body []textLineBox
			// Body text: the height the text layer gives a line of body
			// size (that of the commonest line), not table or heading text.
			heights := map[float64]int{}
			for _, l := range textLines(words) {
				heights[math.Round(l.h*10)/10]++
			}
			var bodyH float64
			for h, n := range heights {
				if n > heights[bodyH] || n == heights[bodyH] && h > bodyH {
					bodyH = h
				}
			}
			for _, l := range textLines(words) {
				if math.Abs(l.h-bodyH) <= 0.2 {
					body = append(body, l)
				}
			}
			// A line followed at exactly the body pitch, starting at or
			// left of it, is not its paragraph's last line.
			for i := 0; i+1 < len(body); i++ {
				a, next := body[i], body[i+1]
				if math.Abs(next.y-a.y-pitch) > 0.3 || next.x0 > a.x0+0.5 {
					continue
				}
				checked++
				measure := math.Max(a.x1, next.x1)
				if short := (measure - a.x1) / g.body; short > 1 {
					t.Errorf("%s page %d: a line ends %.1f em short of the measure: %q", b.id, pi+1, short, a.text)
				}
			}
		}
		if checked < 50 {
			t.Errorf("%s: only %d lines checked", b.id, checked)
		}
	}
}
