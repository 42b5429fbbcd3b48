package draw

import (
	"bytes"

	"codeberg.org/go-pdf/fpdf"

	"bifrost/layout/text"
)

// PDF replays lists onto one fpdf document, adding each font and image to
// the document the first time a list uses it.
type PDF struct {
	doc      *fpdf.Fpdf
	fontName func(*text.Font) string
	fonts    map[*text.Font]bool
	images   map[string]bool
	font     *text.Font // the document's current font, nil for none
}

// NewPDF replays onto doc; fontName names each font in the document.
func NewPDF(doc *fpdf.Fpdf, fontName func(*text.Font) string) *PDF {
	return &PDF{doc: doc, fontName: fontName, fonts: map[*text.Font]bool{}, images: map[string]bool{}}
}

// Draw paints l with its top-left corner (the bleed's, when it has one) at
// (x, y) on the current page. What it cannot paint becomes the document's
// error, so that writing the PDF fails.
func (p *PDF) Draw(l *List, x, y float64) {
	if err := l.Play(&pdfPlayer{p: p, x: x, y: y}); err != nil {
		p.doc.SetError(err)
	}
}

// pdfPlayer paints one list onto the document at (x, y).
type pdfPlayer struct {
	p       *PDF
	x, y    float64
	rotated []bool // open Clips (false) and Rotates (true)
}

func (r *pdfPlayer) Shape(s *Shape) error { r.p.shape(s, r.x, r.y); return nil }

func (r *pdfPlayer) Text(t *Text) error { r.p.text(t, r.x, r.y); return nil }

func (r *pdfPlayer) Image(it *Image) error {
	d := r.p.doc
	name := "art/" + it.Key
	if !r.p.images[name] {
		d.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: it.Type}, bytes.NewReader(it.Data))
		r.p.images[name] = true
	}
	d.ImageOptions(name, r.x+it.X, r.y+it.Y, it.W, it.H, false, fpdf.ImageOptions{ImageType: it.Type}, 0, "")
	return nil
}

func (r *pdfPlayer) Clip(c *Clip) error {
	r.p.doc.ClipRect(r.x+c.X, r.y+c.Y, c.W, c.H, false)
	r.rotated = append(r.rotated, false)
	return nil
}

func (r *pdfPlayer) Rotate(t *Rotate) error {
	r.p.doc.TransformBegin()
	r.p.doc.TransformRotate(t.Angle, r.x+t.X, r.y+t.Y)
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

func (p *PDF) shape(s *Shape, x, y float64) {
	d := p.doc
	style := ""
	if s.Fill != nil {
		d.SetFillColor(int(s.Fill.R), int(s.Fill.G), int(s.Fill.B))
		style = "F"
	}
	if s.Stroke != nil {
		d.SetDrawColor(int(s.Stroke.R), int(s.Stroke.G), int(s.Stroke.B))
		d.SetLineWidth(s.Line)
		if s.Dash > 0 {
			d.SetDashPattern([]float64{s.Dash, s.Dash}, 0)
		}
		style += "D"
	}
	if style == "" {
		return
	}
	if s.Alpha > 0 {
		d.SetAlpha(s.Alpha, "Normal")
	}
	sx, sy := x+s.X, y+s.Y
	switch s.Kind {
	case Rect:
		d.Rect(sx, sy, s.W, s.H, style)
	case RoundRect:
		if s.R <= 0 {
			d.Rect(sx, sy, s.W, s.H, style)
		} else {
			d.RoundedRect(sx, sy, s.W, s.H, s.R, "1234", style)
		}
	case Ellipse:
		d.Ellipse(sx+s.W/2, sy+s.H/2, s.W/2, s.H/2, 0, style)
	case Line:
		d.Line(sx, sy, sx+s.W, sy+s.H)
	case Polygon:
		pts := make([]fpdf.PointType, 0, len(s.Segs))
		for _, g := range s.Segs {
			if g.Op != 'Z' {
				pts = append(pts, fpdf.PointType{X: x + g.P[0], Y: y + g.P[1]})
			}
		}
		d.Polygon(pts, style)
	case Path:
		var cx, cy, mx, my float64 // the current point and the subpath's start
		for _, g := range s.Segs {
			q := g.P
			switch g.Op {
			case 'M':
				d.MoveTo(x+q[0], y+q[1])
				cx, cy, mx, my = q[0], q[1], q[0], q[1]
			case 'L':
				d.LineTo(x+q[0], y+q[1])
				cx, cy = q[0], q[1]
			case 'C':
				d.CurveBezierCubicTo(x+q[0], y+q[1], x+q[2], y+q[3], x+q[4], y+q[5])
				cx, cy = q[4], q[5]
			case 'Q':
				// PDF has no quadratic curve: the same curve as a cubic.
				d.CurveBezierCubicTo(x+cx+(q[0]-cx)*2/3, y+cy+(q[1]-cy)*2/3, x+q[2]+(q[0]-q[2])*2/3, y+q[3]+(q[1]-q[3])*2/3, x+q[2], y+q[3])
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

func (p *PDF) text(t *Text, x, y float64) {
	d := p.doc
	p.setFont(t.Font, t.Size)
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
		d.SetLineWidth(t.Line)
	}
	if mode != 0 {
		d.SetTextRenderingMode(mode)
	}
	d.Text(x+t.X, y+t.Y, t.S)
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
