package book

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"bifrost/layout/draw"
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

// figureList converts f once into the display list both books play: the
// PDF at the measure (draw.PDF.DrawScaled), the HTML as inline SVG. Its
// labels have no font of their own: they take the book's.
func figureList(f *figure.Figure) *draw.List {
	l := &draw.List{W: f.W, H: f.H}
	for _, sh := range f.Shapes {
		fill, stroke, line := colour(sh.Fill), colour(sh.Stroke), max(sh.Line, 0.1)
		switch sh.Kind {
		case figure.KindRect:
			l.Add(&draw.Shape{Kind: draw.RoundRect, X: sh.X, Y: sh.Y, W: sh.W, H: sh.H, R: sh.R, Fill: fill, Stroke: stroke, Line: line})
		case figure.KindCircle:
			l.Add(&draw.Shape{Kind: draw.Circle, X: sh.X, Y: sh.Y, R: sh.R, Fill: fill, Stroke: stroke, Line: line})
		case figure.KindLine:
			l.Add(&draw.Shape{Kind: draw.Line, X: sh.X, Y: sh.Y, W: sh.W, H: sh.H, Fill: fill, Stroke: stroke, Line: line})
		case figure.KindArrow:
			l.Add(&draw.Shape{Kind: draw.Arrow, X: sh.X, Y: sh.Y, W: sh.W, H: sh.H, R: arrowHead, Fill: fill, Stroke: stroke, Line: line})
		case figure.KindText:
			if sh.Text != "" { // Size in points, reckoned as the book's PDF always did
				l.Add(&draw.Text{X: sh.X, Y: sh.Y, Align: draw.AlignCenter, S: sh.Text, Size: sh.Size / 25.4 * 72, Color: *colour(cmp.Or(sh.Fill, flowInk))})
			}
		}
	}
	return l
}

// arrowHead is the length of an arrow's head, mm.
const arrowHead = 1.8

// colour reads "#rrggbb"; "" is no paint, anything else black.
func colour(s string) *draw.Color {
	if s == "" {
		return nil
	}
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(s) != 7 {
		return &draw.Color{}
	}
	return draw.RGB(int(v>>16&0xff), int(v>>8&0xff), int(v&0xff))
}
