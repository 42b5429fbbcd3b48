package cards

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"bifrost/layout/draw"
	"bifrost/layout/text"
)

// shapeSpec is one shape of an icon, in a 100 × 100 box: a circle
// [cx, cy, r], a polygon [x1, y1, x2, y2, …] or an SVG-like path
// ("M x y L x y C x1 y1 x2 y2 x y Q x1 y1 x y Z"), filled and stroked.
type shapeSpec struct {
	Circle  []float64 `yaml:"circle"`
	Polygon []float64 `yaml:"polygon"`
	Path    string    `yaml:"path"`
	Fill    string    `yaml:"fill"`
	Stroke  string    `yaml:"stroke"`
	Line    float64   `yaml:"line"` // mm
}

// iconShape is a compiled shape: a circle, or a path of segments.
type iconShape struct {
	circle       []float64
	ops          []pathOp
	fill, stroke colour // an unset fill takes the element's fill
	strokeFill   bool   // stroke: fill, the element's fill colour
	line         float64
}

// pathOp is one path command with its points, in icon units.
type pathOp struct {
	op  byte // M, L, C, Q, Z; compiled shapes have no Q (see vCurves)
	pts []float64
}

// icon compiles an icon's shapes. Colours are fixed ("#rrggbb") or palettes
// without a field; a shape with no fill takes the element's fill, and
// "stroke: fill" strokes in it, so one icon can be coloured by a field.
func (p *parser) icon(path string, specs []shapeSpec, l *Layout) []*iconShape {
	if len(specs) == 0 {
		p.errorf(path, "icon_no_shape")
	}
	var out []*iconShape
	for i, s := range specs {
		at := fmt.Sprintf("%s.%d", path, i)
		sh := &iconShape{line: s.Line, fill: p.colour(at+".fill", s.Fill, &scope{}, l)}
		if s.Stroke == "fill" {
			sh.strokeFill = true
		} else {
			sh.stroke = p.colour(at+".stroke", s.Stroke, &scope{}, l)
		}
		if sh.line == 0 {
			sh.line = 0.2
		}
		n := 0
		if s.Circle != nil {
			n++
			if len(s.Circle) != 3 || s.Circle[2] <= 0 {
				p.errorf(at+".circle", "circle", s.Circle)
			}
			sh.circle = s.Circle
		}
		if s.Polygon != nil {
			n++
			if len(s.Polygon) < 6 || len(s.Polygon)%2 != 0 {
				p.errorf(at+".polygon", "polygon", len(s.Polygon))
			} else {
				sh.ops = append(sh.ops, pathOp{'M', s.Polygon[:2]})
				for j := 2; j < len(s.Polygon); j += 2 {
					sh.ops = append(sh.ops, pathOp{'L', s.Polygon[j : j+2]})
				}
				sh.ops = append(sh.ops, pathOp{op: 'Z'})
			}
		}
		if s.Path != "" {
			n++
			ops, err := parsePath(s.Path)
			if err != nil {
				p.errorf(at+".path", "path", s.Path, err)
			}
			sh.ops = vCurves(ops)
		}
		if n != 1 {
			p.errorf(at, "shape_one")
		}
		out = append(out, sh)
	}
	return out
}

// parsePath reads the path commands M, L, C, Q and Z with absolute
// coordinates separated by spaces or commas.
func parsePath(s string) ([]pathOp, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' || r == '\t' })
	need := map[byte]int{'M': 2, 'L': 2, 'C': 6, 'Q': 4, 'Z': 0}
	var out []pathOp
	for i := 0; i < len(f); {
		if len(f[i]) != 1 {
			return nil, messages.Err("path_command", f[i])
		}
		op := f[i][0]
		n, ok := need[op]
		if !ok {
			return nil, messages.Err("path_command", f[i])
		}
		if len(out) == 0 && op != 'M' {
			return nil, messages.Err("path_start")
		}
		if i+1+n > len(f) {
			return nil, messages.Err("path_count", op, n)
		}
		pts := make([]float64, n)
		for j := range n {
			v, err := strconv.ParseFloat(f[i+1+j], 64)
			if err != nil {
				return nil, messages.Err("path_number", op, f[i+1+j])
			}
			pts[j] = v
		}
		out = append(out, pathOp{op, pts})
		i += 1 + n
	}
	if len(out) == 0 {
		return nil, messages.Err("path_empty")
	}
	return out, nil
}

// vCurves turns each Q of a path into the cubic it has always printed as, a
// PDF "v" curve: its first control point on the current point.
func vCurves(ops []pathOp) []pathOp {
	var cur, start []float64
	for i, o := range ops {
		switch o.op {
		case 'M':
			start, cur = o.pts, o.pts
		case 'L':
			cur = o.pts
		case 'C':
			cur = o.pts[4:]
		case 'Q':
			ops[i] = pathOp{'C', []float64{cur[0], cur[1], o.pts[0], o.pts[1], o.pts[2], o.pts[3]}}
			cur = o.pts[2:]
		case 'Z':
			cur = start
		}
	}
	return ops
}

// iconEl draws an icon element: the icon named by its template in a square
// at the left of the box, its text equivalent as invisible text over it (so
// the card stays searchable and pdftotext reads it), and the count beside
// it (the count template says how: "×{Intellect}"). A name the layout has no icon for prints as text.
func (pt *painter) iconEl(e *Element, x, y float64, row reflect.Value, fs *fieldSet) {
	var used []*field
	name, empty := e.icon.eval(pt.env(row, &used))
	name = strings.TrimSpace(name)
	if name == "" || empty && !e.showZero {
		return
	}
	count := ""
	if e.count != nil {
		c, cEmpty := e.count.eval(pt.env(row, &used))
		if cEmpty && !e.showZero {
			return
		}
		count = strings.TrimSpace(c)
	}
	equiv := name
	if e.text != nil {
		equiv, _ = e.text.eval(pt.env(row, nil))
	}
	src := source{pt.card.kind.Sheet, row, used}
	col, _ := e.colour.resolve(pt.ds, fs, row)
	side := math.Min(e.w, e.h)
	sy := y + (e.h-side)/2
	shapes, ok := pt.lay.icons[name]
	if !ok {
		pt.text(e, equiv, x, sy, side, side, e.style, "center", "middle", col, e.bold, src)
	} else {
		pt.drawIcon(shapes, e.fill, x, sy, side, fs, row)
		// The equivalent ends where the count starts, at the count's size
		// and baseline, so that text extraction reads them as one word.
		st := text.Style{Size: 4, Min: 2, Leading: 1, MaxLines: 1}
		bx, bw, bh, by := x, side, side, sy
		if count != "" {
			f := pt.fit(e.font, count, e.bold, e.w-side-0.4, e.h, e.style)
			st = text.Style{Size: f.Size, Min: f.Size, Leading: e.style.Leading, MaxLines: 1}
			bx, bw, bh, by = x-2*e.w, 2*e.w+side, e.h, y
		}
		pt.invisible = true
		pt.text(e, equiv, bx, by, bw, bh, st, "right", "middle", col, false, src)
		pt.invisible = false
	}
	if count != "" && e.w > side {
		pt.text(e, count, x+side+0.4, y, e.w-side-0.4, e.h, e.style, "left", "middle", col, e.bold, src)
	}
}

// drawIcon draws shapes scaled from the 100-unit box into a square of side
// mm at (x, y).
func (pt *painter) drawIcon(shapes []*iconShape, fill colour, x, y, side float64, fs *fieldSet, row reflect.Value) {
	if pt.dry {
		return
	}
	k := side / 100
	for _, sh := range shapes {
		d := &draw.Shape{Kind: draw.Path}
		if c, ok := sh.fill.or(fill).resolve(pt.ds, fs, row); ok {
			d.Fill = paintOf(c)
		}
		stroke := sh.stroke
		if sh.strokeFill {
			stroke = fill
		}
		if c, ok := stroke.resolve(pt.ds, fs, row); ok {
			d.Stroke, d.Line = paintOf(c), sh.line
		}
		if d.Fill == nil && d.Stroke == nil {
			continue
		}
		if sh.circle != nil {
			r := sh.circle[2] * k
			d.Kind, d.X, d.Y, d.W, d.H = draw.Ellipse, x+sh.circle[0]*k-r, y+sh.circle[1]*k-r, 2*r, 2*r
			pt.add(d)
			continue
		}
		d.Segs = make([]draw.Seg, len(sh.ops))
		for j, o := range sh.ops {
			d.Segs[j].Op = o.op
			for i, v := range o.pts {
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
