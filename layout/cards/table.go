package cards

import (
	"math"
	"reflect"
	"strconv"
	"strings"

	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/layout/text"
)

// cellPad is the space between a table cell's edge and its text, in mm.
const cellPad = 0.8

// table draws the related rows as a table: an optional header, then one
// row per data row, each cell fitted on its own.
func (pt *Painter) table(e *spec.Element, x, y float64) {
	if e.Rows == nil {
		return
	}
	rows := pt.ds.Related(e.Rows, pt.card)
	fs := e.Rows.Fields
	top := y
	if e.Header != nil {
		if c, ok := e.Header.Fill.Resolve(pt.ds, pt.card.Kind.Fields, pt.card.Row); ok {
			pt.add(&draw.Shape{Kind: draw.Rect, X: x, Y: y, W: e.W, H: e.Header.H, Fill: paintOf(c)})
		}
		col, _ := e.Header.Colour.Resolve(pt.ds, pt.card.Kind.Fields, pt.card.Row)
		cx := x
		st := text.Style{Size: e.Header.Size, Min: math.Min(e.Header.Size, 5), Leading: 1.2}
		for _, c := range e.Columns {
			if c.Title != "" {
				pt.text(e, c.Title, cx+cellPad, y, c.W-2*cellPad, e.Header.H, st, c.Align, "middle", col, true, source{})
			}
			cx += c.W
		}
		top += e.Header.H
	}
	if len(rows) == 0 {
		return
	}
	rh := (y + e.H - top) / float64(len(rows))
	if e.RowH > 0 {
		rh = math.Min(rh, e.RowH)
	}
	stroke, hasStroke := e.Stroke.Resolve(pt.ds, pt.card.Kind.Fields, pt.card.Row)
	for i, r := range rows {
		ry := top + float64(i)*rh
		if c, ok := e.Stripe.Resolve(pt.ds, fs, r); ok && i%2 == 1 {
			pt.add(&draw.Shape{Kind: draw.Rect, X: x, Y: ry, W: e.W, H: rh, Fill: paintOf(c)})
		}
		cx := x
		for _, c := range e.Columns {
			pt.cell(e, c, r, cx, ry, rh)
			cx += c.W
		}
		if hasStroke && i < len(rows)-1 {
			pt.add(&draw.Shape{Kind: draw.Line, X: x, Y: ry + rh, W: e.W, Stroke: paintOf(stroke), Line: e.Line})
		}
	}
	if hasStroke {
		pt.add(&draw.Shape{Kind: draw.Rect, X: x, Y: y, W: e.W, H: top - y + rh*float64(len(rows)), Stroke: paintOf(stroke), Line: e.Line})
	}
}

// cell draws one table cell: its fill or shape, then its text.
func (pt *Painter) cell(e *spec.Element, c *spec.Column, r reflect.Value, x, y, rh float64) {
	var used []*spec.Field
	en := pt.env(r, &used)
	en.Sentences = e.Sentences
	s, empty := c.Text.Eval(en)
	fs := e.Rows.Fields
	bx, by, bw, bh := x+cellPad, y+cellPad*0.6, c.W-2*cellPad, rh-1.2*cellPad
	if shapes, ok := pt.lay.Icons[strings.TrimSpace(s)]; ok && c.Icon {
		d := math.Min(c.W, rh) - 1.2
		sx, sy := x+(c.W-d)/2, y+(rh-d)/2
		pt.drawIcon(shapes, c.Fill, sx, sy, d, fs, r)
		col, _ := c.Colour.Resolve(pt.ds, fs, r)
		pt.invisible = true
		pt.text(e, s, sx, sy, d, d, text.Style{Size: 4, Min: 2, Leading: 1, MaxLines: 1}, "center", "middle", col, false, source{e.Rows.Spec, r, used})
		pt.invisible = false
		return
	}
	if c.Shape != "" {
		d := math.Min(c.W, rh) - 1.2
		sx, sy := x+(c.W-d)/2, y+(rh-d)/2
		if !empty || s != "" && !c.Text.Refs {
			pt.shape(c.Shape, sx, sy, d, d, d*0.2, c.Fill.Or(spec.Fixed(spec.Black)), spec.Colour{}, 0, 0, fs, r)
		}
		in := d * 0.16
		bx, by, bw, bh = sx+in, sy+in, d-2*in, d-2*in
	} else if col, ok := c.Fill.Resolve(pt.ds, fs, r); ok {
		pt.add(&draw.Shape{Kind: draw.Rect, X: x, Y: y, W: c.W, H: rh, Fill: paintOf(col)})
	}
	if s == "" {
		return
	}
	col, _ := c.Colour.Resolve(pt.ds, fs, r)
	align := c.Align
	if c.Shape != "" {
		align = "center"
	}
	src := source{e.Rows.Spec, r, used}
	pt.text(e, s, bx, by, bw, bh, c.Style, align, "middle", col, c.Bold, src)
}

// track draws an AI board's tracks: one row per group value (the D6 face),
// a die showing the face where the marker starts, then the cells in step
// order joined by arrows, and a return arrow when the last cell loops.
func (pt *Painter) track(e *spec.Element, x, y float64) {
	if e.Rows == nil {
		return
	}
	rows := pt.ds.Related(e.Rows, pt.card)
	var groups [][]reflect.Value
	for i, r := range rows {
		if i == 0 || spec.CompareField(rows[i-1], r, e.Rows.Group) != 0 {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], r)
	}
	if len(groups) == 0 {
		return
	}
	most := 0
	loops := false
	for _, g := range groups {
		most = max(most, len(g))
		if e.Loop != nil && g[len(g)-1].Field(e.Loop.Index).Bool() {
			loops = true
		}
	}
	rh := e.H / float64(len(groups))
	gap := e.Cell.Gap
	die := 0.0
	if e.Die == "d6" {
		die = math.Min(rh*0.62, 13)
	}
	cw := e.Cell.W
	avail := e.W - die - gap*float64(most) - 3 // 3 mm for the end mark
	if die == 0 {
		avail += gap
	}
	if cw == 0 || cw*float64(most) > avail {
		cw = avail / float64(most)
	}
	loopRoom := 0.0
	if loops {
		loopRoom = math.Min(3.2, rh*0.2)
	}
	ch := rh - loopRoom - 1.6
	stroke := e.CellStroke.Or(spec.Fixed(spec.RGB{R: 60, G: 60, B: 60}))
	sc, _ := stroke.Resolve(pt.ds, pt.card.Kind.Fields, pt.card.Row)
	for gi, g := range groups {
		ry := y + float64(gi)*rh + 0.8
		mid := ry + ch/2
		cx := x
		if die > 0 {
			face := 0
			if e.Rows.Group != nil {
				face, _ = strconv.Atoi(pt.ds.Read(g[0], e.Rows.Group).Text)
			}
			pt.die(cx, mid-die/2, die, face, sc)
			pt.arrow(cx+die+0.6, mid, cx+die+gap-0.6, mid, sc)
			cx += die + gap
		}
		first := cx
		for i, r := range g {
			pt.shape("rounded", cx, ry, cw, ch, e.Cell.R, e.CellFill.Or(spec.Fixed(spec.White)), spec.Fixed(sc), e.Cell.Line, 0, e.Rows.Fields, r)
			var used []*spec.Field
			s, _ := e.Text.Eval(pt.env(r, &used))
			col, _ := e.Colour.Resolve(pt.ds, e.Rows.Fields, r)
			if s != "" {
				pt.text(e, s, cx+cellPad, ry+cellPad*0.6, cw-2*cellPad, ch-1.2*cellPad, e.Style, "center", "middle", col, false, source{e.Rows.Spec, r, used})
			}
			last := i == len(g)-1
			switch {
			case !last:
				pt.arrow(cx+cw+0.6, mid, cx+cw+gap-0.6, mid, sc)
			case e.Loop != nil && r.Field(e.Loop.Index).Bool():
				pt.loopBack(cx+cw/2, ry+ch, first+cw/2, ry+ch+loopRoom, sc)
			default:
				pt.endMark(cx+cw+1.2, mid, math.Min(ch*0.5, 6), sc)
			}
			cx += cw + gap
		}
	}
}

// arrow draws a line from (x0,y) to (x1,y) with a filled head at x1.
func (pt *Painter) arrow(x0, y, x1, _ float64, c spec.RGB) {
	if x1-x0 < 1 {
		return
	}
	head := math.Min(2.2, (x1-x0)*0.6)
	pt.add(&draw.Shape{Kind: draw.Line, X: x0, Y: y, W: x1 - head*0.8 - x0, Stroke: paintOf(c), Line: 0.45},
		&draw.Shape{Kind: draw.Polygon, Segs: polygon(x1, y, x1-head, y-head*0.55, x1-head, y+head*0.55), Fill: paintOf(c)})
}

// loopBack draws the return arrow under a track, from the last cell back to
// the first.
func (pt *Painter) loopBack(fromX, top, toX, bottom float64, c spec.RGB) {
	line := func(x0, y0, x1, y1 float64) *draw.Shape {
		return &draw.Shape{Kind: draw.Line, X: x0, Y: y0, W: x1 - x0, H: y1 - y0, Stroke: paintOf(c), Line: 0.45}
	}
	pt.add(line(fromX, top, fromX, bottom), line(fromX, bottom, toX, bottom), line(toX, bottom, toX, top+1.6),
		&draw.Shape{Kind: draw.Polygon, Segs: polygon(toX, top, toX-1, top+1.8, toX+1, top+1.8), Fill: paintOf(c)})
}

// endMark is the bar after a track's last cell: the marker goes no further.
func (pt *Painter) endMark(x, y, h float64, c spec.RGB) {
	pt.add(&draw.Shape{Kind: draw.Rect, X: x, Y: y - h/2, W: 1.1, H: h, Fill: paintOf(c)})
}

// die draws a D6 showing face (pips for 1–6).
func (pt *Painter) die(x, y, s float64, face int, c spec.RGB) {
	pt.add(&draw.Shape{Kind: draw.RoundRect, X: x, Y: y, W: s, H: s, R: s * 0.18, Fill: paintOf(spec.White), Stroke: paintOf(c), Line: 0.5})
	pips := map[int][][2]float64{
		1: {{.5, .5}},
		2: {{.27, .27}, {.73, .73}},
		3: {{.25, .25}, {.5, .5}, {.75, .75}},
		4: {{.27, .27}, {.73, .27}, {.27, .73}, {.73, .73}},
		5: {{.25, .25}, {.75, .25}, {.5, .5}, {.25, .75}, {.75, .75}},
		6: {{.28, .22}, {.72, .22}, {.28, .5}, {.72, .5}, {.28, .78}, {.72, .78}},
	}[face]
	r := s * 0.085
	for _, p := range pips {
		pt.add(&draw.Shape{Kind: draw.Ellipse, X: x + p[0]*s - r, Y: y + p[1]*s - r, W: 2 * r, H: 2 * r, Fill: paintOf(c)})
	}
}

// scoreTrack draws numbered squares filling the box, per_row a row, each
// row running back the way the one above it came (a snake), so that the
// next square is always beside the last one; every every-th square takes
// the stripe colour.
func (pt *Painter) scoreTrack(e *spec.Element, x, y float64) {
	st := e.Scores
	from, to := st.Squares(pt.ds)
	n := to - from + 1
	rows := (n + st.PerRow - 1) / st.PerRow
	cw, ch := e.W/float64(st.PerRow), e.H/float64(rows)
	fs, row := pt.card.Kind.Fields, pt.card.Row
	stroke := e.CellStroke.Or(spec.Fixed(spec.RGB{R: 60, G: 60, B: 60}))
	col, _ := e.Colour.Resolve(pt.ds, fs, row)
	for i := range n {
		r, c := i/st.PerRow, i%st.PerRow
		if r%2 == 1 {
			c = st.PerRow - 1 - c
		}
		cx, cy := x+float64(c)*cw, y+float64(r)*ch
		fill := e.CellFill.Or(spec.Fixed(spec.White))
		if v := from + i; st.Every > 0 && v%st.Every == 0 {
			fill = e.Stripe.Or(fill)
		}
		pt.shape("rounded", cx, cy, cw, ch, e.Cell.R, fill, stroke, e.Cell.Line, 0, fs, row)
		pt.text(e, strconv.Itoa(from+i), cx+cellPad, cy+cellPad, cw-2*cellPad, ch-2*cellPad, e.Style, "center", "middle", col, e.Bold, source{})
	}
}
