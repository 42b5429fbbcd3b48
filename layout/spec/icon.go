package spec

import (
	"fmt"
	"strconv"
	"strings"
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

// IconShape is a compiled shape: a circle, or a path of segments.
type IconShape struct {
	Circle       []float64
	Ops          []pathOp
	Fill, Stroke Colour // an unset fill takes the element's fill
	StrokeFill   bool   // stroke: fill, the element's fill colour
	Line         float64
}

// pathOp is one path command with its points, in icon units.
type pathOp struct {
	Op  byte // M, L, C, Q, Z; compiled shapes have no Q (see vCurves)
	Pts []float64
}

// icon compiles an icon's shapes. Colours are fixed ("#rrggbb") or palettes
// without a field; a shape with no fill takes the element's fill, and
// "stroke: fill" strokes in it, so one icon can be coloured by a field.
func (p *parser) icon(path string, specs []shapeSpec, l *Layout) []*IconShape {
	if len(specs) == 0 {
		p.errorf(path, "icon_no_shape")
	}
	var out []*IconShape
	for i, s := range specs {
		at := fmt.Sprintf("%s.%d", path, i)
		sh := &IconShape{Line: s.Line, Fill: p.colour(at+".fill", s.Fill, &scope{}, l)}
		if s.Stroke == "fill" {
			sh.StrokeFill = true
		} else {
			sh.Stroke = p.colour(at+".stroke", s.Stroke, &scope{}, l)
		}
		if sh.Line == 0 {
			sh.Line = 0.2
		}
		n := 0
		if s.Circle != nil {
			n++
			if len(s.Circle) != 3 || s.Circle[2] <= 0 {
				p.errorf(at+".circle", "circle", s.Circle)
			}
			sh.Circle = s.Circle
		}
		if s.Polygon != nil {
			n++
			if len(s.Polygon) < 6 || len(s.Polygon)%2 != 0 {
				p.errorf(at+".polygon", "polygon", len(s.Polygon))
			} else {
				sh.Ops = append(sh.Ops, pathOp{'M', s.Polygon[:2]})
				for j := 2; j < len(s.Polygon); j += 2 {
					sh.Ops = append(sh.Ops, pathOp{'L', s.Polygon[j : j+2]})
				}
				sh.Ops = append(sh.Ops, pathOp{Op: 'Z'})
			}
		}
		if s.Path != "" {
			n++
			ops, err := parsePath(s.Path)
			if err != nil {
				p.errorf(at+".path", "path", s.Path, err)
			}
			sh.Ops = vCurves(ops)
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
		switch o.Op {
		case 'M':
			start, cur = o.Pts, o.Pts
		case 'L':
			cur = o.Pts
		case 'C':
			cur = o.Pts[4:]
		case 'Q':
			ops[i] = pathOp{'C', []float64{cur[0], cur[1], o.Pts[0], o.Pts[1], o.Pts[2], o.Pts[3]}}
			cur = o.Pts[2:]
		case 'Z':
			cur = start
		}
	}
	return ops
}
