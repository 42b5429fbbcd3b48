package draw

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"html"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"bifrost/layout/text"
)

// fallbackFonts end every font stack of an SVG: Japanese Gothic faces a
// browser is likely to have, then the generic family.
var fallbackFonts = []string{"Hiragino Kaku Gothic ProN", "Hiragino Sans", "Yu Gothic", "Meiryo", "Noto Sans JP", "Noto Sans CJK JP", "IPAexGothic"}

// SVG writes a standalone <svg> (viewBox in mm, width and height in mm).
// Text is <text>, each character at the position the PDF gives it, in a
// named Japanese font stack: the run's font first, then the list's other
// fonts, then common Japanese Gothics. Images are data: URIs. trim crops
// the bleed away.
func (l *List) SVG(w io.Writer, trim bool) error {
	bw := bufio.NewWriter(w)
	x, y, wd, ht := 0.0, 0.0, l.W, l.H
	if trim {
		x, y, wd, ht = l.Bleed, l.Bleed, l.W-2*l.Bleed, l.H-2*l.Bleed
	}
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%smm" height="%smm" viewBox="%s %s %s %s" xml:space="preserve">`,
		num(wd), num(ht), num(x), num(y), num(wd), num(ht))
	return l.svgBody(bw, false, "</svg>\n")
}

// InlineSVG writes l as an <svg> to place in an HTML page (a book's
// figure): of the given class, an image labelled label, as wide as its
// container up to its own width. Every shape spells out its fill, stroke
// and stroke width, "none" included, so that no style of the page paints
// it; a run without a font (Font nil) takes the page's.
func (l *List) InlineSVG(w io.Writer, class, label string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg class="%s" role="img" aria-label="%s" viewBox="0 0 %s %s" style="width:100%%;max-width:%smm" xmlns="http://www.w3.org/2000/svg">`,
		html.EscapeString(class), html.EscapeString(label), num(l.W), num(l.H), num(l.W))
	return l.svgBody(bw, true, "</svg>")
}

// svgBody writes the font classes and the items of l after an opened
// <svg>, then end.
func (l *List) svgBody(bw *bufio.Writer, inline bool, end string) error {
	s := &svgWriter{w: bw, id: l.idPrefix(), classes: map[fontKey]int{}, inline: inline}
	s.style(l)
	if err := l.Play(s); err != nil {
		return err
	}
	bw.WriteString(strings.Repeat("</g>", s.open))
	bw.WriteString(end)
	return bw.Flush()
}

type svgWriter struct {
	w       *bufio.Writer
	id      string // prefix of clip ids, unique to the drawing
	n       int
	open    int // <g> elements a Clip or Rotate opened, not yet closed
	classes map[fontKey]int
	inline  bool // every shape's paint spelled out (InlineSVG)
}

func (s *svgWriter) Shape(sh *Shape) error { s.shape(sh); return nil }

func (s *svgWriter) Text(t *Text) error { s.text(t); return nil }

func (s *svgWriter) Image(it *Image) error {
	mime := "image/png"
	if it.Type == "JPG" {
		mime = "image/jpeg"
	}
	fmt.Fprintf(s.w, `<image x="%s" y="%s" width="%s" height="%s" preserveAspectRatio="none" href="data:%s;base64,%s"/>`,
		num(it.X), num(it.Y), num(it.W), num(it.H), mime, base64.StdEncoding.EncodeToString(it.Data))
	return nil
}

func (s *svgWriter) Clip(c *Clip) error {
	s.n++
	fmt.Fprintf(s.w, `<clipPath id="%s%d"><rect x="%s" y="%s" width="%s" height="%s"/></clipPath><g clip-path="url(#%s%d)">`,
		s.id, s.n, num(c.X), num(c.Y), num(c.W), num(c.H), s.id, s.n)
	s.open++
	return nil
}

func (s *svgWriter) Rotate(r *Rotate) error {
	fmt.Fprintf(s.w, `<g transform="rotate(%s %s %s)">`, num(-r.Angle), num(r.X), num(r.Y))
	s.open++
	return nil
}

func (s *svgWriter) Pop() error {
	if s.open > 0 {
		s.w.WriteString("</g>")
		s.open--
	}
	return nil
}

type fontKey struct {
	f    *text.Font
	bold bool
}

// idPrefix derives the clip ids from what the list shows, so that several
// drawings inlined in one HTML page do not share ids, and the same drawing
// always gives the same bytes.
func (l *List) idPrefix() string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%g %g %d", l.W, l.H, len(l.Items))
	for _, it := range l.Items {
		switch it := it.(type) {
		case *Text:
			io.WriteString(h, it.S)
		case *Clip:
			fmt.Fprintf(h, "%g %g", it.X, it.Y)
		}
	}
	return fmt.Sprintf("d%x-", h.Sum64()&0xffffffffff)
}

// style declares one class per font of the list, each with its stack.
func (s *svgWriter) style(l *List) {
	var names []string
	var keys []fontKey
	for _, it := range l.Items {
		t, ok := it.(*Text)
		if !ok || t.Font == nil {
			continue
		}
		k := fontKey{t.Font, t.Bold}
		if _, ok := s.classes[k]; !ok {
			s.classes[k] = len(keys)
			keys = append(keys, k)
		}
		if !slices.Contains(names, t.Font.Name) {
			names = append(names, t.Font.Name)
		}
	}
	if len(keys) == 0 {
		return
	}
	s.w.WriteString("<style>")
	for i, k := range keys {
		stack := []string{k.f.Name}
		for _, n := range append(names, fallbackFonts...) {
			if !slices.Contains(stack, n) {
				stack = append(stack, n)
			}
		}
		for j, n := range stack {
			stack[j] = "'" + strings.ReplaceAll(n, "'", "") + "'"
		}
		weight := "normal"
		if k.bold {
			weight = "bold"
		}
		fmt.Fprintf(s.w, ".%sf%d{font-family:%s,sans-serif;font-weight:%s;font-kerning:none;white-space:pre;text-rendering:geometricPrecision}", s.id, i, xmlEscape(strings.Join(stack, ",")), weight)
	}
	s.w.WriteString("</style>")
}

func (s *svgWriter) shape(sh *Shape) {
	w := s.w
	switch sh.Kind {
	case Rect:
		fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s"`, num(sh.X), num(sh.Y), num(sh.W), num(sh.H))
	case RoundRect:
		fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s"`, num(sh.X), num(sh.Y), num(sh.W), num(sh.H), num(math.Max(sh.R, 0)))
	case Ellipse:
		fmt.Fprintf(w, `<ellipse cx="%s" cy="%s" rx="%s" ry="%s"`, num(sh.X+sh.W/2), num(sh.Y+sh.H/2), num(sh.W/2), num(sh.H/2))
	case Circle:
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s"`, num(sh.X), num(sh.Y), num(sh.R))
	case Line, Arrow:
		fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s"`, num(sh.X), num(sh.Y), num(sh.X+sh.W), num(sh.Y+sh.H))
	case Path, Polygon:
		w.WriteString(`<path d="`)
		for i, g := range sh.Segs {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.WriteByte(g.Op)
			for _, v := range g.P[:segPoints(g.Op)] {
				w.WriteByte(' ')
				w.WriteString(num(v))
			}
		}
		w.WriteString(`"`)
	}
	if sh.Fill != nil && sh.Kind != Line && sh.Kind != Arrow {
		fmt.Fprintf(w, ` fill="%s"`, hex(*sh.Fill))
		if sh.Alpha > 0 && sh.Alpha < 1 {
			fmt.Fprintf(w, ` fill-opacity="%s"`, num(sh.Alpha))
		}
	} else {
		w.WriteString(` fill="none"`)
	}
	switch {
	case sh.Stroke != nil:
		fmt.Fprintf(w, ` stroke="%s" stroke-width="%s"`, hex(*sh.Stroke), num(sh.Line))
		if sh.Dash > 0 {
			fmt.Fprintf(w, ` stroke-dasharray="%s"`, num(sh.Dash))
		}
	case s.inline:
		fmt.Fprintf(w, ` stroke="none" stroke-width="%s"`, num(sh.Line))
	}
	w.WriteString("/>")
	if sh.Kind == Arrow && sh.Stroke != nil {
		a, b, c := arrowHead(sh.X, sh.Y, sh.X+sh.W, sh.Y+sh.H, sh.R)
		fmt.Fprintf(w, `<polygon points="%s,%s %s,%s %s,%s" fill="%s"/>`, num(a[0]), num(a[1]), num(b[0]), num(b[1]), num(c[0]), num(c[1]), hex(*sh.Stroke))
	}
}

// segPoints is how many numbers a path command takes.
func segPoints(op byte) int {
	switch op {
	case 'M', 'L':
		return 2
	case 'Q':
		return 4
	case 'C':
		return 6
	}
	return 0
}

func (s *svgWriter) text(t *Text) {
	w := s.w
	size := t.Size * text.MMPerPt
	if t.Font == nil {
		// The page's font, unknown here: the reader places the run.
		fmt.Fprintf(w, `<text x="%s" y="%s" font-size="%s"`, num(t.X), num(t.Y), num(size))
		if t.Align == AlignCenter {
			w.WriteString(` text-anchor="middle" dominant-baseline="central"`)
		}
	} else {
		x, y := t.X, t.Y
		if t.Align == AlignCenter {
			x -= float64(width(t.Font, t.S)) * size / 1000 / 2
			y += size * centerDrop
		}
		fmt.Fprintf(w, `<text class="%sf%d" font-size="%s" y="%s" x="`, s.id, s.classes[fontKey{t.Font, t.Bold}], num(size), num(y))
		first := true
		for _, r := range t.S {
			if !first {
				w.WriteByte(' ')
			}
			first = false
			w.WriteString(num(x))
			x += float64(t.Font.Width(r)) * size / 1000
		}
		w.WriteString(`"`)
	}
	c := hex(t.Color)
	switch t.Mode {
	case TextFill:
		fmt.Fprintf(w, ` fill="%s"`, c)
	case TextFillStroke:
		fmt.Fprintf(w, ` fill="%s" stroke="%s" stroke-width="%s"`, c, c, num(t.Line))
	case TextStroke:
		fmt.Fprintf(w, ` fill="none" stroke="%s" stroke-width="%s"`, c, num(t.Line))
	case TextInvisible:
		w.WriteString(` fill="none"`)
	}
	w.WriteString(">")
	w.WriteString(xmlEscape(t.S))
	w.WriteString("</text>")
}

// num writes a length with at most three decimals (a micrometre).
func num(v float64) string {
	s := strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

func hex(c Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func xmlEscape(s string) string { return xmlEscaper.Replace(s) }

// width is the advance of s in f, in thousandths of an em.
func width(f *text.Font, s string) int {
	w := 0
	for _, r := range s {
		w += f.Width(r)
	}
	return w
}
