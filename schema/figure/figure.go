package figure

// Figure is a vector drawing for a rulebook's {{figure "NAME"}}: shapes in a
// box W × H mm at its natural size.
type Figure struct {
	W      float64 `json:"w"`
	H      float64 `json:"h"`
	Shapes []Shape `json:"s"`
}

// Kind is what a Shape draws.
type Kind string

// The shapes a figure is made of.
const (
	KindRect   Kind = "rect"   // corner (X, Y), size W × H; R rounds its corners
	KindCircle Kind = "circle" // centre (X, Y), radius R
	KindLine   Kind = "line"   // from (X, Y) to (X+W, Y+H)
	KindArrow  Kind = "arrow"  // a line with a head at (X+W, Y+H)
	KindText   Kind = "text"   // Text centred on (X, Y), Size mm high
)

// Shape is one element of a Figure. Colours are "#rrggbb"; an empty Fill
// or Stroke is not painted.
type Shape struct {
	Kind   Kind    `json:"k"`
	X      float64 `json:"x,omitempty"`
	Y      float64 `json:"y,omitempty"`
	W      float64 `json:"w,omitempty"`
	H      float64 `json:"h,omitempty"`
	R      float64 `json:"r,omitempty"`
	Fill   string  `json:"f,omitempty"`
	Stroke string  `json:"st,omitempty"`
	Line   float64 `json:"lw,omitempty"` // stroke width, mm
	Text   string  `json:"t,omitempty"`
	Size   float64 `json:"sz,omitempty"`
}

// Colours the games' figures share.
const (
	Ink       = "#222222" // text and outlines
	BoardLine = "#5a4630" // the lines of a board
	SlotFill  = "#fbf6ea" // a face-up card's place
	BackFill  = "#6b4f2a" // a face-down card
	BackShade = "#3d2c17" // the card under a face-down one
)
