package cards

import (
	"math"
	"reflect"
	"strings"

	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/layout/text"
)

// iconEl draws an icon element as ic shows it: the icon in a square at
// the left of the box, its text equivalent as invisible text over it (so
// the card stays searchable and pdftotext reads it), and the count beside
// it (the count template says how: "×{Intellect}"). A name the layout has no icon for prints as text.
func (pt *Painter) iconEl(ic icon, x, y float64, row reflect.Value, fs *spec.FieldSet) {
	e, name, count := ic.el, ic.name, ic.count
	equiv := name
	if e.Text != nil {
		equiv, _ = e.Text.Eval(pt.env(row, nil))
	}
	src := source{pt.card.Kind.Sheet, row, ic.used}
	col, _ := e.Colour.Resolve(pt.ds, fs, row)
	side := math.Min(e.W, e.H)
	sy := y + (e.H-side)/2
	shapes, ok := pt.lay.Icons[name]
	if !ok {
		pt.text(e, equiv, x, sy, side, side, e.Style, "center", "middle", col, e.Bold, src)
	} else {
		pt.drawIcon(shapes, e.Fill, x, sy, side, fs, row)
		// The equivalent ends where the count starts, at the count's size
		// and baseline, so that text extraction reads them as one word.
		st := text.Style{Size: 4, Min: 2, Leading: 1, MaxLines: 1}
		bx, bw, bh, by := x, side, side, sy
		if count != "" {
			f := pt.fit(e.Font, count, e.Bold, e.W-side-0.4, e.H, e.Style)
			st = text.Style{Size: f.Size, Min: f.Size, Leading: e.Style.Leading, MaxLines: 1}
			bx, bw, bh, by = x-2*e.W, 2*e.W+side, e.H, y
		}
		pt.invisible = true
		pt.text(e, equiv, bx, by, bw, bh, st, "right", "middle", col, false, src)
		pt.invisible = false
	}
	if count != "" && e.W > side {
		pt.text(e, count, x+side+0.4, y, e.W-side-0.4, e.H, e.Style, "left", "middle", col, e.Bold, src)
	}
}

// drawIcon draws shapes scaled from the 100-unit box into a square of side
// mm at (x, y).
func (pt *Painter) drawIcon(shapes []*spec.IconShape, fill spec.Colour, x, y, side float64, fs *spec.FieldSet, row reflect.Value) {
	if pt.dry {
		return
	}
	k := side / 100
	for _, sh := range shapes {
		d := &draw.Shape{Kind: draw.Path}
		if c, ok := sh.Fill.Or(fill).Resolve(pt.ds, fs, row); ok {
			d.Fill = paintOf(c)
		}
		stroke := sh.Stroke
		if sh.StrokeFill {
			stroke = fill
		}
		if c, ok := stroke.Resolve(pt.ds, fs, row); ok {
			d.Stroke, d.Line = paintOf(c), sh.Line
		}
		if d.Fill == nil && d.Stroke == nil {
			continue
		}
		if sh.Circle != nil {
			r := sh.Circle[2] * k
			d.Kind, d.X, d.Y, d.W, d.H = draw.Ellipse, x+sh.Circle[0]*k-r, y+sh.Circle[1]*k-r, 2*r, 2*r
			pt.add(d)
			continue
		}
		d.Segs = make([]draw.Seg, len(sh.Ops))
		for j, o := range sh.Ops {
			d.Segs[j].Op = o.Op
			for i, v := range o.Pts {
				d.Segs[j].P[i] = v * k
				if i%2 == 0 {
					d.Segs[j].P[i] += x
				} else {
					d.Segs[j].P[i] += y
				}
			}
		}
		pt.add(d)
	}
}

// icon is an icon element as it shows on one card.
type icon struct {
	el          *spec.Element
	name, count string
	used        []*spec.Field // the fields name and count come from
}

// role is the part an icon is on a card: "icon:" and its name.
func (ic icon) role() string { return "icon:" + ic.name }

// iconOf evaluates an icon element for row: its icon's name and its count,
// and whether it shows (a name, and a count unless its fields are empty
// or 0 and show_zero is not set).
func (pt *Painter) iconOf(e *spec.Element, row reflect.Value) (icon, bool) {
	ic := icon{el: e}
	name, empty := e.Icon.Eval(pt.env(row, &ic.used))
	ic.name = strings.TrimSpace(name)
	if ic.name == "" || empty && !e.ShowZero {
		return icon{}, false
	}
	if e.Count != nil {
		c, cEmpty := e.Count.Eval(pt.env(row, &ic.used))
		if cEmpty && !e.ShowZero {
			return icon{}, false
		}
		ic.count = strings.TrimSpace(c)
	}
	return ic, true
}

// iconRow draws the icons of an "icons" element that the card shows, in
// their order, centred as a group in the element's box: a lone icon
// stands in the middle, several side by side gap apart. Each icon is a
// part of its own, where it stands.
func (pt *Painter) iconRow(e *spec.Element, x, y float64, row reflect.Value, fs *spec.FieldSet) {
	var shown []icon
	for _, it := range e.Items {
		if ic, ok := pt.iconOf(it, row); ok {
			shown = append(shown, ic)
		}
	}
	if len(shown) == 0 {
		return
	}
	w := shown[0].el.W
	cx := x + (e.W-(float64(len(shown))*w+float64(len(shown)-1)*e.Gap))/2
	for _, ic := range shown {
		n := pt.items()
		pt.iconEl(ic, cx, y, row, fs)
		pt.region(n, ic.el, ic.role(), cx, y)
		cx += w + e.Gap
	}
}
