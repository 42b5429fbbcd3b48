package book

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"sort"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"bifrost/schema/figure"
)

// FigureRef marks where {{figure}} stood, followed by the figure itself
// (JSON, base64url): the renderers draw it there.
const FigureRef = "bifrost-figure:"

// figure expands {{figure "NAME"}}: one of the figures the data names, or
// "turn" followed by the turn's phases, drawn as a flow of boxes.
func (d Data) figure(name string, args ...string) (string, error) {
	var f *figure.Figure
	switch {
	case name == "turn":
		if len(args) < 2 {
			return "", messages.Err("figure.turn")
		}
		f = TurnFlow(args)
	case len(args) > 0:
		return "", messages.Err("figure.args", name)
	default:
		f = d.Figures[name]
	}
	if f == nil {
		names := []string{"turn"}
		for n := range d.Figures {
			names = append(names, n)
		}
		sort.Strings(names)
		return "", messages.Err("figure.unknown", name, strings.Join(names, ", "))
	}
	js, err := json.Marshal(f)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("\n\n![%s](%s%s)\n\n", name, FigureRef, base64.RawURLEncoding.EncodeToString(js)), nil
}

// decodeFigure reads the figure after FigureRef in an image's destination.
func decodeFigure(enc string) (*figure.Figure, error) {
	js, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return nil, err
	}
	var f figure.Figure
	if err := json.Unmarshal(js, &f); err != nil {
		return nil, err
	}
	if f.W <= 0 || f.H <= 0 {
		return nil, messages.Err("figure.size")
	}
	return &f, nil
}

// Colours of the turn flow.
const (
	flowFill   = "#f3ede1"
	flowStroke = "#7a5c2e"
	flowInk    = "#222222"
)

// TurnFlow draws a turn's phases as boxes joined by arrows, top to bottom,
// with an arrow from the last back to the first (the next player's turn).
func TurnFlow(phases []string) *figure.Figure {
	const boxW, boxH, gap, size = 64.0, 8.0, 5.0, 3.6
	f := &figure.Figure{W: boxW + 24, H: float64(len(phases))*(boxH+gap) - gap + 2}
	x := 2.0
	for i, p := range phases {
		y := 1 + float64(i)*(boxH+gap)
		f.Shapes = append(f.Shapes,
			figure.Shape{Kind: figure.KindRect, X: x, Y: y, W: boxW, H: boxH, R: 1.5, Fill: flowFill, Stroke: flowStroke, Line: 0.4},
			figure.Shape{Kind: figure.KindText, X: x + boxW/2, Y: y + boxH/2, Text: p, Size: size, Fill: flowInk})
		if i > 0 {
			f.Shapes = append(f.Shapes, figure.Shape{Kind: figure.KindArrow, X: x + boxW/2, Y: y - gap, H: gap, Stroke: flowStroke, Line: 0.4})
		}
	}
	// The loop back: right from the last box, up, and left into the first.
	top, bottom, right := 1+boxH/2, f.H-1-boxH/2, x+boxW+8
	f.Shapes = append(f.Shapes,
		figure.Shape{Kind: figure.KindLine, X: x + boxW, Y: bottom, W: 8, Stroke: flowStroke, Line: 0.4},
		figure.Shape{Kind: figure.KindLine, X: right, Y: bottom, H: top - bottom, Stroke: flowStroke, Line: 0.4},
		figure.Shape{Kind: figure.KindArrow, X: right, Y: top, W: -8, Stroke: flowStroke, Line: 0.4},
		figure.Shape{Kind: figure.KindText, X: right + 5, Y: (top + bottom) / 2, Text: "次", Size: 3, Fill: flowStroke})
	return f
}

// drawFigure draws f on pdf with its top-left corner at (x, y), scaled by s.
func drawFigure(pdf *fpdf.Fpdf, f *figure.Figure, x, y, s float64) {
	for _, sh := range f.Shapes {
		fill, stroke := sh.Fill != "", sh.Stroke != ""
		if fill {
			r, g, b := hexColour(sh.Fill)
			pdf.SetFillColor(r, g, b)
		}
		if stroke {
			r, g, b := hexColour(sh.Stroke)
			pdf.SetDrawColor(r, g, b)
			pdf.SetLineWidth(max(sh.Line, 0.1) * s)
		}
		style := map[[2]bool]string{{true, true}: "FD", {true, false}: "F", {false, true}: "D"}[[2]bool{fill, stroke}]
		px, py := x+sh.X*s, y+sh.Y*s
		switch sh.Kind {
		case figure.KindRect:
			if style == "" {
				continue
			}
			if sh.R > 0 {
				pdf.RoundedRect(px, py, sh.W*s, sh.H*s, sh.R*s, "1234", style)
			} else {
				pdf.Rect(px, py, sh.W*s, sh.H*s, style)
			}
		case figure.KindCircle:
			if style != "" {
				pdf.Circle(px, py, sh.R*s, style)
			}
		case figure.KindLine, figure.KindArrow:
			if !stroke {
				continue
			}
			ex, ey := px+sh.W*s, py+sh.H*s
			pdf.Line(px, py, ex, ey)
			if sh.Kind == figure.KindArrow {
				a, b, c := arrowHead(px, py, ex, ey, 1.8*s)
				r, g, bl := hexColour(sh.Stroke)
				pdf.SetFillColor(r, g, bl)
				pdf.Polygon([]fpdf.PointType{a, b, c}, "F")
			}
		case figure.KindText:
			if sh.Text == "" {
				continue
			}
			r, g, b := hexColour(orDefault(sh.Fill, flowInk))
			pdf.SetTextColor(r, g, b)
			size := sh.Size * s
			pdf.SetFontSize(size / 25.4 * 72)
			w := pdf.GetStringWidth(sh.Text)
			pdf.Text(px-w/2, py+size*0.36, sh.Text)
		}
	}
}

// arrowHead is the triangle at the end (ex, ey) of a line from (x, y).
func arrowHead(x, y, ex, ey, l float64) (a, b, c fpdf.PointType) {
	ang := math.Atan2(ey-y, ex-x)
	at := func(d float64) fpdf.PointType {
		return fpdf.PointType{X: ex - l*math.Cos(ang+d), Y: ey - l*math.Sin(ang+d)}
	}
	return fpdf.PointType{X: ex, Y: ey}, at(0.4), at(-0.4)
}

// figureSVG writes f as inline SVG, w mm wide at most.
func figureSVG(f *figure.Figure, name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="figure" role="img" aria-label="%s" viewBox="0 0 %s %s" style="width:100%%;max-width:%smm" xmlns="http://www.w3.org/2000/svg">`,
		template.HTMLEscapeString(name), num(f.W), num(f.H), num(f.W))
	paint := func(sh figure.Shape) string {
		fill, stroke := orDefault(sh.Fill, "none"), orDefault(sh.Stroke, "none")
		return fmt.Sprintf(` fill="%s" stroke="%s" stroke-width="%s"`, fill, stroke, num(max(sh.Line, 0.1)))
	}
	for _, sh := range f.Shapes {
		switch sh.Kind {
		case figure.KindRect:
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s"%s/>`, num(sh.X), num(sh.Y), num(sh.W), num(sh.H), num(sh.R), paint(sh))
		case figure.KindCircle:
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s"%s/>`, num(sh.X), num(sh.Y), num(sh.R), paint(sh))
		case figure.KindLine, figure.KindArrow:
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"%s/>`, num(sh.X), num(sh.Y), num(sh.X+sh.W), num(sh.Y+sh.H), paint(sh))
			if sh.Kind == figure.KindArrow {
				a, p, c := arrowHead(sh.X, sh.Y, sh.X+sh.W, sh.Y+sh.H, 1.8)
				fmt.Fprintf(&b, `<polygon points="%s,%s %s,%s %s,%s" fill="%s"/>`, num(a.X), num(a.Y), num(p.X), num(p.Y), num(c.X), num(c.Y), sh.Stroke)
			}
		case figure.KindText:
			fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" text-anchor="middle" dominant-baseline="central" fill="%s">%s</text>`,
				num(sh.X), num(sh.Y), num(sh.Size), orDefault(sh.Fill, flowInk), template.HTMLEscapeString(sh.Text))
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func num(v float64) string { return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) }

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// hexColour reads "#rrggbb"; anything else is black.
func hexColour(s string) (r, g, b int) {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(s) != 7 {
		return 0, 0, 0
	}
	return int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)
}
