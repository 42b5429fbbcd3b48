package report

import (
	"fmt"
	"html/template"
	"math"
	"strings"
)

// svg accumulates the markup of one chart.
type svg struct {
	b    strings.Builder
	w, h float64
}

func newSVG(w, h float64, label string) *svg {
	s := &svg{w: w, h: h}
	fmt.Fprintf(&s.b, `<svg viewBox="0 0 %g %g" width="100%%" style="max-width:%gpx" role="img" aria-label="%s" xmlns="http://www.w3.org/2000/svg">`, w, h, w, template.HTMLEscapeString(label))
	return s
}

func (s *svg) rect(x, y, w, h float64, class, title string) {
	fmt.Fprintf(&s.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" class="%s">`, x, y, math.Max(w, 0), math.Max(h, 0), class)
	if title != "" {
		fmt.Fprintf(&s.b, `<title>%s</title>`, template.HTMLEscapeString(title))
	}
	s.b.WriteString(`</rect>`)
}

func (s *svg) line(x1, y1, x2, y2 float64, class string) {
	fmt.Fprintf(&s.b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="%s"/>`, x1, y1, x2, y2, class)
}

func (s *svg) circle(x, y, r float64, class, title string) {
	fmt.Fprintf(&s.b, `<circle cx="%.1f" cy="%.1f" r="%.1f" class="%s"><title>%s</title></circle>`, x, y, r, class, template.HTMLEscapeString(title))
}

func (s *svg) text(x, y float64, anchor, class, text string) {
	fmt.Fprintf(&s.b, `<text x="%.1f" y="%.1f" text-anchor="%s" class="%s">%s</text>`, x, y, anchor, class, template.HTMLEscapeString(text))
}

func (s *svg) done() template.HTML {
	s.b.WriteString(`</svg>`)
	return template.HTML(s.b.String())
}

// niceMax rounds a chart's top value up to 1, 2 or 5 times a power of ten.
func niceMax(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}
