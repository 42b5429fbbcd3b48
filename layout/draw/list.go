// Package draw holds a display list: one drawing (a card side, a board) as
// shapes, images and already-positioned text runs, in millimetres with the
// origin at the top-left corner and y down. Layout happens before a list is
// made (line breaking, kinsoku, shrink-to-fit, font fallback), so its three
// backends, PDF (fpdf), SVG and PNG, only paint and cannot disagree.
package draw

import (
	"fmt"

	"bifrost/layout/text"
)

// List is one drawing.
type List struct {
	W, H    float64  // size of the whole drawing in mm, bleed included
	Bleed   float64  // bleed in mm on every side (0 for boards and figures)
	Items   []Item   // in paint order
	Regions []Region // named boxes of the layout's elements
}

// Trim is the size of the drawing without its bleed, mm.
func (l *List) Trim() (w, h float64) { return l.W - 2*l.Bleed, l.H - 2*l.Bleed }

// Region is the box of one layout element, for callouts and the preview.
type Region struct {
	Role       string  // what the element shows: "name", "cost", "effect", "icon:<name>", "art", …
	X, Y, W, H float64 // mm, same origin as the list
}

// Item is one entry of a list: *Shape, *Text, *Image, *Clip, *Rotate or
// Pop.
type Item interface{ item() }

// Renderer is the law a backend obeys: Play tells it every item of a list
// in paint order, already laid out, and it paints them, measuring and
// deciding nothing. An item kind added to this package adds a method here,
// so a backend that cannot paint it does not compile.
type Renderer interface {
	Shape(*Shape) error
	Text(*Text) error
	Image(*Image) error
	Clip(*Clip) error     // what follows, up to its Pop, is clipped
	Rotate(*Rotate) error // what follows, up to its Pop, is turned
	Pop() error           // ends the latest Clip or Rotate still open
}

// Play hands every item of l to r in paint order. It stops at r's first
// error, and fails on an item of a kind no Renderer method takes.
func (l *List) Play(r Renderer) error {
	for _, it := range l.Items {
		var err error
		switch it := it.(type) {
		case *Shape:
			err = r.Shape(it)
		case *Text:
			err = r.Text(it)
		case *Image:
			err = r.Image(it)
		case *Clip:
			err = r.Clip(it)
		case *Rotate:
			err = r.Rotate(it)
		case Pop:
			err = r.Pop()
		default: // a programmer's error: a new item kind without its Renderer method
			err = fmt.Errorf("draw: no Renderer method paints a %T", it)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Color is an sRGB colour.
type Color struct{ R, G, B uint8 }

// RGB returns the colour of three 0–255 components.
func RGB(r, g, b int) *Color { return &Color{uint8(r), uint8(g), uint8(b)} }

// ShapeKind is what a Shape draws.
type ShapeKind uint8

// The shape kinds.
const (
	Rect      ShapeKind = iota // the box X, Y, W, H
	RoundRect                  // the box with corners of radius R
	Ellipse                    // the ellipse inscribed in the box
	Path                       // Segs
	Polygon                    // Segs: 'M', then 'L' to each corner, then 'Z'
	Line                       // from (X, Y) to (X+W, Y+H), stroked only
	Circle                     // centre (X, Y), radius R
	Arrow                      // Line with a head R long at (X+W, Y+H), filled in the stroke colour; stroked only
)

// Shape is a filled and/or stroked outline.
type Shape struct {
	Kind       ShapeKind
	X, Y, W, H float64
	R          float64 // RoundRect's corner radius, Circle's radius, Arrow's head length
	Segs       []Seg   // Path's segments
	Fill       *Color  // nil: not filled
	Stroke     *Color  // nil: not stroked
	Line       float64 // stroke width, mm
	Dash       float64 // dash and gap length, mm; 0 for a solid line
	Alpha      float64 // opacity of the fill, 0 < Alpha < 1; 0 means opaque
}

// Seg is one path command: 'M' x y, 'L' x y, 'C' x1 y1 x2 y2 x y (cubic),
// 'Q' x1 y1 x y (quadratic) or 'Z' (close).
type Seg struct {
	Op byte
	P  [6]float64
}

// TextMode is how a run's glyphs are painted.
type TextMode uint8

// The text modes.
const (
	TextFill       TextMode = iota // filled
	TextFillStroke                 // filled and stroked: a bold the font lacks
	TextStroke                     // outlined only (ink saver)
	TextInvisible                  // not painted; searchable in the PDF only
)

// Align is which point of a run its X and Y name.
type Align uint8

// The alignments.
const (
	// AlignStart: (X, Y) is the start of the baseline.
	AlignStart Align = iota
	// AlignCenter: (X, Y) is the middle of the run, across and up and
	// down. The PDF measures the run and puts its baseline 0.36 em below
	// Y; an SVG run whose font is known is measured alike, one without
	// (Font nil) is left to the reader's text-anchor and dominant-baseline.
	AlignCenter
)

// Text is a run of one font on one baseline, already broken and placed.
type Text struct {
	X, Y  float64 // start of the baseline, mm (see Align)
	Align Align
	S     string
	// Font is the TrueType file the glyphs come from; nil is the font the
	// drawing is played into: the PDF's current one, the page's in an SVG
	// (a figure's labels take the book's).
	Font  *text.Font
	Bold  bool    // Font is the family's bold face
	Size  float64 // pt
	Color Color
	Mode  TextMode
	Line  float64 // stroke width in mm for TextFillStroke and TextStroke
}

// Image is a PNG or JPEG picture stretched over a box (clip it with Clip).
type Image struct {
	X, Y, W, H float64
	Key        string // a name unique to Data, e.g. its file name
	Data       []byte // the file's bytes
	Type       string // "PNG" or "JPG"
}

// Clip limits what follows, up to its Pop, to a rectangle.
type Clip struct{ X, Y, W, H float64 }

// Rotate turns what follows, up to its Pop, by Angle degrees
// counter-clockwise about (X, Y).
type Rotate struct{ Angle, X, Y float64 }

// Pop ends the innermost Clip or Rotate.
type Pop struct{}

func (*Shape) item()  {}
func (*Text) item()   {}
func (*Image) item()  {}
func (*Clip) item()   {}
func (*Rotate) item() {}
func (Pop) item()     {}

// Add appends items.
func (l *List) Add(items ...Item) { l.Items = append(l.Items, items...) }
