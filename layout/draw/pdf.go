package draw

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"math"

	"bifrost/layout/internal/fpdf"

	"bifrost/layout/text"
)

// PDF replays lists onto one fpdf document, adding each font and image to
// the document the first time a list uses it.
type PDF struct {
	doc      *fpdf.Fpdf
	fontName func(*text.Font) string
	fonts    map[*text.Font]bool
	images   map[imageKey]string // each image's name in the document, by content
	font     *text.Font          // the document's current font, nil for none
}

// NewPDF replays onto doc; fontName names each font in the document.
func NewPDF(doc *fpdf.Fpdf, fontName func(*text.Font) string) *PDF {
	return &PDF{doc: doc, fontName: fontName, fonts: map[*text.Font]bool{}, images: map[imageKey]string{}}
}

// Draw paints l with its top-left corner (the bleed's, when it has one) at
// (x, y) on the current page. What it cannot paint becomes the document's
// error, so that writing the PDF fails.
func (p *PDF) Draw(l *List, x, y float64) { p.DrawScaled(l, x, y, 1) }

// DrawScaled is Draw with every length of l multiplied by s: a figure
// narrowed to the measure. Lines and text shrink with it.
func (p *PDF) DrawScaled(l *List, x, y, s float64) {
	if err := l.Play(&pdfPlayer{p: p, x: x, y: y, s: s}); err != nil {
		p.doc.SetError(err)
	}
}

// pdfPlayer paints one list onto the document at (x, y), scaled by s.
type pdfPlayer struct {
	p       *PDF
	x, y, s float64
	rotated []bool // open Clips (false) and Rotates (true)
}

// at is the point (x, y) of the list on the page.
func (r *pdfPlayer) at(x, y float64) (float64, float64) { return r.x + x*r.s, r.y + y*r.s }

func (r *pdfPlayer) Shape(s *Shape) error { r.shape(s); return nil }

func (r *pdfPlayer) Text(t *Text) error { r.text(t); return nil }

func (r *pdfPlayer) Image(it *Image) error {
	d := r.p.doc
	k := imageKey{maphash.Bytes(artSeed, it.Data), len(it.Data)}
	name, ok := r.p.images[k]
	if !ok {
		name = fmt.Sprintf("art/%s/%x-%d", it.Key, k.hash, k.n)
		d.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: it.Type}, bytes.NewReader(it.Data))
		r.p.images[k] = name
	}
	x, y := r.at(it.X, it.Y)
	d.ImageOptions(name, x, y, it.W*r.s, it.H*r.s, false, fpdf.ImageOptions{ImageType: it.Type}, 0, "")
	return nil
}

func (r *pdfPlayer) Clip(c *Clip) error {
	x, y := r.at(c.X, c.Y)
	r.p.doc.ClipRect(x, y, c.W*r.s, c.H*r.s, false)
	r.rotated = append(r.rotated, false)
	return nil
}

func (r *pdfPlayer) Rotate(t *Rotate) error {
	x, y := r.at(t.X, t.Y)
	r.p.doc.TransformBegin()
	r.p.doc.TransformRotate(t.Angle, x, y)
	r.rotated = append(r.rotated, true)
	return nil
}

func (r *pdfPlayer) Pop() error {
	if n := len(r.rotated); n > 0 {
		if r.rotated[n-1] {
			r.p.doc.TransformEnd()
		} else {
			r.p.doc.ClipEnd()
		}
		r.rotated = r.rotated[:n-1]
	}
	return nil
}

func (r *pdfPlayer) shape(s *Shape) {
	d, k := r.p.doc, r.s
	style := ""
	if s.Fill != nil {
		d.SetFillColor(int(s.Fill.R), int(s.Fill.G), int(s.Fill.B))
		style = "F"
	}
	if s.Stroke != nil {
		d.SetDrawColor(int(s.Stroke.R), int(s.Stroke.G), int(s.Stroke.B))
		d.SetLineWidth(s.Line * k)
		if s.Dash > 0 {
			d.SetDashPattern([]float64{s.Dash * k, s.Dash * k}, 0)
		}
		style += "D"
	}
	if style == "" || s.Stroke == nil && (s.Kind == Line || s.Kind == Arrow) {
		return
	}
	if s.Alpha > 0 {
		d.SetAlpha(s.Alpha, "Normal")
	}
	sx, sy := r.at(s.X, s.Y)
	w, h := s.W*k, s.H*k
	switch s.Kind {
	case Rect:
		d.Rect(sx, sy, w, h, style)
	case RoundRect:
		if s.R <= 0 {
			d.Rect(sx, sy, w, h, style)
		} else {
			d.RoundedRect(sx, sy, w, h, s.R*k, "1234", style)
		}
	case Ellipse:
		d.Ellipse(sx+w/2, sy+h/2, w/2, h/2, 0, style)
	case Circle:
		d.Circle(sx, sy, s.R*k, style)
	case Line:
		d.Line(sx, sy, sx+w, sy+h)
	case Arrow:
		d.Line(sx, sy, sx+w, sy+h)
		a, b, c := arrowHead(sx, sy, sx+w, sy+h, s.R*k)
		d.SetFillColor(int(s.Stroke.R), int(s.Stroke.G), int(s.Stroke.B))
		d.Polygon([]fpdf.PointType{{X: a[0], Y: a[1]}, {X: b[0], Y: b[1]}, {X: c[0], Y: c[1]}}, "F")
	case Polygon:
		pts := make([]fpdf.PointType, 0, len(s.Segs))
		for _, g := range s.Segs {
			if g.Op != 'Z' {
				px, py := r.at(g.P[0], g.P[1])
				pts = append(pts, fpdf.PointType{X: px, Y: py})
			}
		}
		d.Polygon(pts, style)
	case Path:
		x, y := r.x, r.y
		at := func(i int, q [6]float64) (float64, float64) { return x + q[i]*k, y + q[i+1]*k }
		var cx, cy, mx, my float64 // the current point and the subpath's start
		for _, g := range s.Segs {
			q := g.P
			switch g.Op {
			case 'M':
				d.MoveTo(at(0, q))
				cx, cy, mx, my = q[0], q[1], q[0], q[1]
			case 'L':
				d.LineTo(at(0, q))
				cx, cy = q[0], q[1]
			case 'C':
				x1, y1 := at(0, q)
				x2, y2 := at(2, q)
				x3, y3 := at(4, q)
				d.CurveBezierCubicTo(x1, y1, x2, y2, x3, y3)
				cx, cy = q[4], q[5]
			case 'Q':
				// PDF has no quadratic curve: the same curve as a cubic.
				d.CurveBezierCubicTo(x+cx*k+(q[0]-cx)*k*2/3, y+cy*k+(q[1]-cy)*k*2/3, x+q[2]*k+(q[0]-q[2])*k*2/3, y+q[3]*k+(q[1]-q[3])*k*2/3, x+q[2]*k, y+q[3]*k)
				cx, cy = q[2], q[3]
			case 'Z':
				d.ClosePath()
				cx, cy = mx, my
			}
		}
		d.DrawPath(style)
	}
	if s.Alpha > 0 {
		d.SetAlpha(1, "Normal")
	}
	if s.Dash > 0 {
		d.SetDashPattern(nil, 0)
	}
}

func (r *pdfPlayer) text(t *Text) {
	p, d := r.p, r.p.doc
	size := t.Size * r.s
	if t.Font == nil {
		// The document's own font, painted as a figure's labels always
		// were: in the fill colour, which fpdf then need not save and
		// restore around the run.
		d.SetFillColor(int(t.Color.R), int(t.Color.G), int(t.Color.B))
		d.SetFontSize(size)
	} else {
		p.setFont(t.Font, size)
	}
	d.SetTextColor(int(t.Color.R), int(t.Color.G), int(t.Color.B))
	mode := 0
	switch t.Mode {
	case TextInvisible:
		mode = 3
	case TextStroke:
		mode = 1
	case TextFillStroke:
		mode = 2
	}
	if t.Mode == TextStroke || t.Mode == TextFillStroke {
		d.SetDrawColor(int(t.Color.R), int(t.Color.G), int(t.Color.B))
		d.SetLineWidth(t.Line * r.s)
	}
	if mode != 0 {
		d.SetTextRenderingMode(mode)
	}
	x, y := r.at(t.X, t.Y)
	if t.Align == AlignCenter {
		x -= d.GetStringWidth(t.S) / 2
		y += size * text.MMPerPt * centerDrop
	}
	d.Text(x, y, t.S)
	if mode != 0 {
		d.SetTextRenderingMode(0)
	}
}

// setFont makes f the current font at size pt, adding it to the document
// the first time: a fallback font no text needs is not embedded.
func (p *PDF) setFont(f *text.Font, size float64) {
	if p.font == f {
		p.doc.SetFontSize(size)
		return
	}
	name := p.fontName(f)
	if !p.fonts[f] {
		p.doc.AddUTF8FontFromBytes(name, "", f.Data) // a no-op when the document has it
		p.fonts[f] = true
	}
	p.doc.SetFont(name, "", size)
	p.font = f
}

// centerDrop is how far below the middle of a centred run its baseline
// lies, in ems.
const centerDrop = 0.36

// arrowHead is the triangle at the end (ex, ey) of a line from (x, y),
// l long.
func arrowHead(x, y, ex, ey, l float64) (a, b, c [2]float64) {
	ang := math.Atan2(ey-y, ex-x)
	at := func(d float64) [2]float64 { return [2]float64{ex - l*math.Cos(ang+d), ey - l*math.Sin(ang+d)} }
	return [2]float64{ex, ey}, at(0.4), at(-0.4)
}
