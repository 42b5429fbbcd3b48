package book

import (
	"strconv"
	"strings"

	"bifrost/layout/draw"
)

// A card's callouts: each numbered marker stands beside the card, left of
// it for a part in the card's left half and right of it otherwise, at the
// height of the part's middle, and a leader line runs from it to a point
// inside the part. So no marker hides what it points at.

// mark is one callout marker, as shares of the card's width and height:
// its centre (X, Y), outside the card, and the point its leader ends at
// (AX, AY), inside the part.
type mark struct{ X, Y, AX, AY float64 }

// Callout geometry, as shares of the card's width.
const (
	markRadius = 0.045 // a marker's radius
	markGap    = 0.14  // from the card's edge to a marker's centre
	leaderIn   = 0.015 // how far into its part a leader reaches, at most
	wideParts  = 0.6   // a part at least this wide counts as being on the left
	textLead   = 0.045 // how far below a text part's top its leader ends, at most
)

// cardMarks introduces the markers in a card's destination:
// CardRef+ID+cardMarks+"x,y,ax,ay;…".
const cardMarks = "?at="

// markAt places the marker of region r of card p, below the markers on
// its side so far when it would touch one. Its side is the one nearer the
// part, unless the leader from there would cross another part and the
// leader from the other side would not.
func markAt(p CardParts, r draw.Region, before []mark) mark {
	clamp := func(v float64) float64 { return min(max(v, 0), 1) }
	in := min(leaderIn, r.W/p.W/2)
	ay := r.Y + r.H/2
	if !strings.HasPrefix(r.Role, "icon:") && r.Role != "art" {
		ay = r.Y + min(r.H/2, textLead*p.W) // text starts at the top of its box
	}
	left := settle(p, mark{X: -markGap, AX: clamp(r.X/p.W + in), AY: clamp(ay / p.H)}, before)
	right := settle(p, mark{X: 1 + markGap, AX: clamp((r.X+r.W)/p.W - in), AY: clamp(ay / p.H)}, before)
	// A part across most of the card (a name bar, a text box) starts at
	// its left, where its text does: its marker stands on the left.
	first, second := left, right
	if (r.X+r.W/2)/p.W >= 0.5 && r.W/p.W < wideParts {
		first, second = right, left
	}
	if crossesPart(p, r, first) && !crossesPart(p, r, second) {
		return second
	}
	return first
}

// settle puts m at the height of its leader's end, or below the markers
// on its side it would touch.
func settle(p CardParts, m mark, before []mark) mark {
	ry := markRadius * p.W / p.H // the radius as a share of the height
	m.Y = max(m.AY, ry)
	for _, b := range before {
		if b.X == m.X && m.Y < b.Y+2.3*ry && m.Y > b.Y-2.3*ry {
			m.Y = b.Y + 2.3*ry
		}
	}
	return m
}

// crossesPart reports whether the leader of m, inside the card, passes
// through a part other than r, one holding r, or one inside r.
func crossesPart(p CardParts, r draw.Region, m mark) bool {
	// The leader inside the card: from where it enters at the card's edge.
	x0, y0, x1, y1 := min(max(m.X, 0), 1)*p.W, m.Y*p.H, m.AX*p.W, m.AY*p.H
	if m.X != m.AX {
		t := (min(max(m.X, 0), 1) - m.X) / (m.AX - m.X)
		y0 = (m.Y + t*(m.AY-m.Y)) * p.H
	}
	for _, o := range p.Regions {
		if o == r || holds(o, r) || holds(r, o) {
			continue
		}
		if segmentMeetsBox(x0, y0, x1, y1, o) {
			return true
		}
	}
	return false
}

// holds reports whether box a contains box b.
func holds(a, b draw.Region) bool {
	return a.X <= b.X && a.Y <= b.Y && a.X+a.W >= b.X+b.W && a.Y+a.H >= b.Y+b.H
}

// segmentMeetsBox reports whether the segment (x0,y0)–(x1,y1) passes
// through the inside of box o (Liang–Barsky clipping).
func segmentMeetsBox(x0, y0, x1, y1 float64, o draw.Region) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := x1-x0, y1-y0
	for _, c := range [4][2]float64{{-dx, x0 - o.X}, {dx, o.X + o.W - x0}, {-dy, y0 - o.Y}, {dy, o.Y + o.H - y0}} {
		pp, q := c[0], c[1]
		if pp == 0 {
			if q <= 0 {
				return false
			}
			continue
		}
		t := q / pp
		if pp < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 >= t1 {
			return false
		}
	}
	return true
}

// encodeMarks writes marks for a card's destination ("" for none).
func encodeMarks(marks []mark) string {
	if len(marks) == 0 {
		return ""
	}
	at := make([]string, len(marks))
	for i, m := range marks {
		var parts []string
		for _, v := range []float64{m.X, m.Y, m.AX, m.AY} {
			parts = append(parts, strconv.FormatFloat(v, 'f', 3, 64))
		}
		at[i] = strings.Join(parts, ",")
	}
	return cardMarks + strings.Join(at, ";")
}

// cardDest reads a card's destination after CardRef: its ID and the
// markers of its callouts.
func cardDest(dest string) (string, []mark) {
	id, at, _ := strings.Cut(dest, cardMarks)
	var marks []mark
	for _, p := range strings.Split(at, ";") {
		var v [4]float64
		fs := strings.Split(p, ",")
		if len(fs) != 4 {
			continue
		}
		ok := true
		for i, f := range fs {
			var err error
			if v[i], err = strconv.ParseFloat(f, 64); err != nil {
				ok = false
			}
		}
		if ok {
			marks = append(marks, mark{v[0], v[1], v[2], v[3]})
		}
	}
	return id, marks
}
