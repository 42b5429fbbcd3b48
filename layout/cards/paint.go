package cards

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/layout/text"
	"bifrost/schema"
)

// ascent is where the baseline sits in a line of Japanese text, as a share
// of the font size from the top of the em box.
const ascent = 0.88

// Painter lays elements out into a display list at an origin, or, when
// dry, only lays out their text to find what does not fit or cannot print.
type Painter struct {
	list   *draw.List // what is drawn; nil when dry
	lay    *spec.Layout
	ds     *spec.Dataset
	art    *ArtStore
	dry    bool
	ox, oy float64 // the trim's top-left corner on the page
	card   *spec.Card
	side   string
	Issues []Issue
	fits   map[fitKey]text.Fitted
	preps  map[prepKey]*text.Prepared
	// invisible draws text in rendering mode 3: in the text layer, not on
	// the card (an icon's text equivalent).
	invisible bool
	regions   bool                // record each element's box in the list (DrawAll; the PDF needs none)
	InkSaver  bool                // fills as outlines (see Options.InkSaver)
	Draft     map[string][]string // see Options.Draft
	Stamp     string              // see Options.Stamp
}

type fitKey struct {
	font, s string
	bold    bool
	w, h    float64
	st      text.Style
}

type prepKey struct {
	font, s string
	bold    bool
}

// Issue is something that would print wrong: text that does not fit, or a
// character the font cannot print.
type Issue struct {
	card    *spec.Card
	side    string
	El      *spec.Element
	spec    *schema.SheetSpec // the sheet of row
	row     reflect.Value     // the row whose fields gave the text (invalid for literal text)
	fields  []*spec.Field
	text    string
	fit     *text.Fitted
	boxH    float64
	missing []rune // characters no font has (all inside the BMP, or all outside)
	font    string
	artErr  error
	artPath string
}

// source says where a piece of text comes from, for issues.
type source struct {
	spec   *schema.SheetSpec
	row    reflect.Value
	fields []*spec.Field
}

// NewPainter paints cards of layout l from ds, with art from art; a dry
// painter only lays text out, to find the issues.
func NewPainter(l *spec.Layout, ds *spec.Dataset, art *ArtStore, dry bool) *Painter {
	return &Painter{lay: l, ds: ds, art: art, dry: dry,
		fits: map[fitKey]text.Fitted{}, preps: map[prepKey]*text.Prepared{}}
}

// Draw lays one side of card c out as a display list: the trim plus the
// bleed for cards, the board itself for boards.
func (pt *Painter) Draw(els []*spec.Element, c *spec.Card, side string) *draw.List {
	b := pt.lay.Bleed
	if c.Kind.Board {
		b = 0
	}
	l := &draw.List{W: c.Kind.Size.W + 2*b, H: c.Kind.Size.H + 2*b, Bleed: b}
	pt.list = l
	pt.Paint(els, c, side, b, b)
	pt.list = nil
	return l
}

// DrawOverlays lays out only what goes over one side of card c after its
// elements, the version stamp and the DRAFT band, as a list of the side's
// size: played after a list of the side drawn without them, it prints the
// same as the side drawn with them.
func (pt *Painter) DrawOverlays(c *spec.Card, side string) *draw.List {
	b := pt.lay.Bleed
	if c.Kind.Board {
		b = 0
	}
	l := &draw.List{W: c.Kind.Size.W + 2*b, H: c.Kind.Size.H + 2*b, Bleed: b}
	pt.list = l
	pt.ox, pt.oy, pt.card, pt.side = b, b, c, side
	pt.overlays(c, side, b, b)
	pt.list = nil
	return l
}

// add appends items to the list being drawn.
func (pt *Painter) add(items ...draw.Item) {
	if !pt.dry {
		pt.list.Add(items...)
	}
}

// paintOf is the display-list colour of c.
func paintOf(c spec.RGB) *draw.Color { return draw.RGB(c.R, c.G, c.B) }

// Paint draws elements for card c with the trim's top-left at (x, y).
func (pt *Painter) Paint(els []*spec.Element, c *spec.Card, side string, x, y float64) {
	pt.ox, pt.oy, pt.card, pt.side = x, y, c, side
	for _, e := range els {
		pt.element(e)
	}
	pt.overlays(c, side, x, y)
}

// overlays draws the version stamp and the DRAFT band over the face of c.
func (pt *Painter) overlays(c *spec.Card, side string, x, y float64) {
	if pt.Stamp != "" && side == "face" && !pt.dry {
		pt.drawStamp(x, y, c.Kind.Size)
	}
	if problems, ok := pt.Draft[c.ID]; ok && side == "face" && !pt.dry {
		pt.draftBand(problems, x, y, c.Kind.Size)
	}
}

// drawStamp writes the version stamp at 3.5 pt in grey, reading upward
// along the right edge just inside the safe area, ending 8 mm above its
// bottom.
func (pt *Painter) drawStamp(x, y float64, s spec.Size) {
	const size = 3.5
	h := size * text.MMPerPt
	bx, by := x+s.W-pt.lay.Safe-h, y+s.H-pt.lay.Safe-8
	pt.add(&draw.Rotate{Angle: 90, X: bx, Y: by})
	pt.text(draftEl, pt.Stamp, bx, by, 40, h, text.Style{Size: size, Min: size, Leading: 1, MaxLines: 1}, "left", "top", spec.RGB{R: 150, G: 150, B: 150}, false, source{})
	pt.add(draw.Pop{})
}

// draftEl sets the text of a DRAFT band.
var draftEl = &spec.Element{Type: "text", Font: "default"}

// draftBand marks the face of an invalid card: a diagonal red band reading
// DRAFT and the cell of its first problem (and how many more there are).
func (pt *Painter) draftBand(problems []string, x, y float64, s spec.Size) {
	cx, cy := x+s.W/2, y+s.H/2
	angle := math.Atan2(s.H, s.W) * 180 / math.Pi
	diag := math.Hypot(s.W, s.H)
	band := math.Min(s.W, s.H) * 0.3
	pt.add(&draw.Clip{X: x, Y: y, W: s.W, H: s.H}, &draw.Rotate{Angle: angle, X: cx, Y: cy},
		&draw.Shape{Kind: draw.Rect, X: cx - diag/2, Y: cy - band/2, W: diag, H: band, Fill: draw.RGB(200, 30, 30), Alpha: 0.85})
	note := problems[0]
	if len(problems) > 1 {
		note += fmt.Sprintf(" (+%d)", len(problems)-1)
	}
	st := text.Style{Size: band / text.MMPerPt * 0.5, Min: 4, Leading: 1, MaxLines: 1}
	pt.text(draftEl, "DRAFT", cx-s.W/2, cy-band/2, s.W, band*0.62, st, "center", "middle", spec.White, true, source{})
	pt.text(draftEl, note, cx-s.W/2+band*0.2, cy+band*0.1, s.W-band*0.4, band*0.36, text.Style{Size: 7, Min: 3, Leading: 1, MaxLines: 1}, "center", "middle", spec.White, false, source{})
	pt.add(draw.Pop{}, draw.Pop{})
}

func (pt *Painter) env(row reflect.Value, used *[]*spec.Field) spec.Env {
	return spec.Env{Dataset: pt.ds, Card: pt.card, Row: row, Used: used}
}

func (pt *Painter) cardRow() reflect.Value { return pt.card.Row }

// element draws e and records its box as a part (region).
func (pt *Painter) element(e *spec.Element) {
	row := pt.cardRow()
	fs := pt.card.Kind.Fields
	x, y := pt.ox+e.X, pt.oy+e.Y
	if e.When != nil && !e.Shown(pt.env(row, nil)) {
		return
	}
	n := pt.items()
	role := "" // the part e's box shows, when not e.Role()
	switch e.Type {
	case "rect":
		pt.shape("rounded", x, y, e.W, e.H, e.R, e.Fill, e.Stroke, e.Line, e.Dash, fs, row)
	case "line":
		if c, ok := e.Stroke.Or(spec.Fixed(spec.Black)).Resolve(pt.ds, fs, row); ok && !pt.dry {
			pt.add(&draw.Shape{Kind: draw.Line, X: x, Y: y, W: e.W, H: e.H, Stroke: paintOf(c), Line: e.Line, Dash: e.Dash})
		}
	case "text":
		var used []*spec.Field
		en := pt.env(row, &used)
		en.Sentences = e.Sentences
		s, empty := e.Text.Eval(en)
		if empty && e.Els != nil {
			used = used[:0]
			s, empty = e.Els.Eval(en)
		}
		if s == "" || empty && !e.ShowZero {
			return
		}
		if c, ok := e.Fill.Resolve(pt.ds, fs, row); ok && !pt.dry {
			box := &draw.Shape{Kind: draw.RoundRect, X: x, Y: y, W: e.W, H: e.H, R: e.R, Fill: paintOf(c)}
			if pt.outlined() {
				box.Fill, box.Stroke, box.Line = nil, paintOf(outline(c)), 0.25
			}
			pt.add(box)
		}
		col, _ := e.Colour.Resolve(pt.ds, fs, row)
		pt.text(e, s, x, y, e.W, e.H, e.Style, e.Align, e.Valign, col, e.Bold, source{pt.card.Kind.Sheet, row, used})
	case "badge":
		pt.badge(e, x, y, row, fs)
	case "art":
		pt.artBox(e, x, y, row, fs)
	case "icon":
		ic, ok := pt.iconOf(e, row)
		if !ok {
			return
		}
		pt.iconEl(ic, x, y, row, fs)
		role = ic.role()
	case "icons":
		pt.iconRow(e, x, y, row, fs) // each icon a part of its own, not the row
		return
	case "table":
		pt.table(e, x, y)
	case "track":
		pt.track(e, x, y)
	case "score_track":
		pt.scoreTrack(e, x, y)
	}
	pt.region(n, e, role, x, y)
}

// measure returns the Measure of a chain: each character in the font that
// draws it.
func (pt *Painter) measure(c *text.Chain, bold bool) text.Measure {
	return func(s string) int {
		w := 0
		for _, r := range s {
			f, _ := c.FontFor(r, bold)
			w += f.Width(r)
		}
		return w
	}
}

// fit lays s out in a box, memoised: copies of a card fit the same way.
func (pt *Painter) fit(font, s string, bold bool, w, h float64, st text.Style) text.Fitted {
	k := fitKey{font, s, bold, w, h, st}
	if f, ok := pt.fits[k]; ok {
		return f
	}
	pk := prepKey{font, s, bold}
	p := pt.preps[pk]
	if p == nil {
		p = text.Prepare(s, pt.measure(pt.lay.Fonts[font], bold))
		pt.preps[pk] = p
	}
	f := p.Fit(w, h, st)
	pt.fits[k] = f
	return f
}

// text sets s in the box, shrinking it down to the style's minimum; text that
// still does not fit, and characters no font of the chain has, become issues.
func (pt *Painter) text(e *spec.Element, s string, x, y, w, h float64, st text.Style, align, valign string, col spec.RGB, bold bool, src source) {
	chain := pt.lay.Fonts[e.Font]
	// One issue for each field (and kind of trouble) that holds characters
	// the fonts lack, listing them: a cell of hostile text costs one line.
	type group struct {
		from  *spec.Field
		wide  bool // outside the BMP
		runes []rune
	}
	var groups []*group
	for _, r := range chain.Missing(s) {
		// The character comes from the first field whose text holds it, or
		// else from the layout's own text.
		var from *spec.Field
		for _, f := range src.fields {
			if src.row.IsValid() && strings.ContainsRune(pt.ds.Read(src.row, f).Text, r) {
				from = f
				break
			}
		}
		wide := text.OutsideBMP(r)
		i := slices.IndexFunc(groups, func(g *group) bool { return g.from == from && g.wide == wide })
		if i < 0 {
			i = len(groups)
			groups = append(groups, &group{from: from, wide: wide})
		}
		groups[i].runes = append(groups[i].runes, r)
	}
	for _, g := range groups {
		var from []*spec.Field
		if g.from != nil {
			from = []*spec.Field{g.from}
		}
		pt.Issues = append(pt.Issues, Issue{card: pt.card, side: pt.side, El: e, spec: src.spec, row: src.row, fields: from, text: s, missing: g.runes, font: chain.Names()})
	}
	f := pt.fit(e.Font, s, bold, w, h, st)
	if !f.OK && !pt.invisible {
		ff := f
		pt.Issues = append(pt.Issues, Issue{card: pt.card, side: pt.side, El: e, spec: src.spec, row: src.row, fields: src.fields, text: s, fit: &ff, boxH: h})
	}
	if pt.dry {
		return
	}
	sizeMM := f.Size * text.MMPerPt
	top := y
	switch valign {
	case "middle":
		top = y + (h-f.Need)/2
	case "bottom":
		top = y + h - f.Need
	}
	pitch := sizeMM * st.Leading
	for i, l := range f.Lines {
		lw := float64(l.W) * sizeMM / 1000
		lx := x
		switch align {
		case "center":
			lx = x + (w-lw)/2
		case "right":
			lx = x + w - lw
		}
		for _, r := range chain.Runs(l.Text, bold) {
			t := &draw.Text{X: lx, Y: top + float64(i)*pitch + ascent*sizeMM, S: r.S, Font: r.Font, Bold: bold && !r.Stroke,
				Size: f.Size, Color: *paintOf(col)}
			switch {
			case pt.invisible:
				t.Mode = draw.TextInvisible
			case pt.outlined() && pt.side == "back":
				t.Mode, t.Color, t.Line = draw.TextStroke, *paintOf(outline(col)), sizeMM*0.03
			case pt.outlined():
				// A face's text stays filled, in a colour that shows on
				// white paper now that the fill behind it is gone.
				t.Color = *paintOf(outline(col))
				if r.Stroke {
					t.Mode, t.Line = draw.TextFillStroke, sizeMM*0.035
				}
			case r.Stroke:
				t.Mode, t.Line = draw.TextFillStroke, sizeMM*0.035
			}
			pt.add(t)
			lx += float64(r.W) * sizeMM / 1000
		}
	}
}

// outlined is true while drawing with the ink saver on: fills become
// outlines (a background into the bleed goes) on faces and backs alike.
func (pt *Painter) outlined() bool { return pt.InkSaver && pt.side != "" }

// outline is the colour an ink-saving outline is drawn in: the colour
// itself, or mid grey when it is too light to see on white paper.
func outline(c spec.RGB) spec.RGB {
	if c.R*299+c.G*587+c.B*114 > 200*1000 {
		return spec.RGB{R: 140, G: 140, B: 140}
	}
	return c
}

// shape fills and strokes one of the badge shapes in a box.
func (pt *Painter) shape(kind string, x, y, w, h, r float64, fill, stroke spec.Colour, line, dash float64, fs *spec.FieldSet, row reflect.Value) {
	if pt.dry {
		return
	}
	sh := &draw.Shape{}
	if c, ok := fill.Resolve(pt.ds, fs, row); ok && pt.outlined() {
		if x < pt.ox-1e-9 || y < pt.oy-1e-9 {
			return // a background into the bleed: its outline would be cut off
		}
		sh.Stroke, sh.Line = paintOf(outline(c)), 0.25
	} else if ok {
		sh.Fill = paintOf(c)
	}
	if c, ok := stroke.Resolve(pt.ds, fs, row); ok && sh.Stroke == nil {
		sh.Stroke, sh.Line, sh.Dash = paintOf(c), line, dash
	}
	if sh.Fill == nil && sh.Stroke == nil {
		return
	}
	sh.X, sh.Y, sh.W, sh.H = x, y, w, h
	cx, cy := x+w/2, y+h/2
	switch kind {
	case "circle":
		sh.Kind = draw.Ellipse
	case "square":
		sh.Kind = draw.Rect
	case "rounded":
		sh.Kind = draw.Rect
		if r > 0 {
			sh.Kind, sh.R = draw.RoundRect, math.Min(r, math.Min(w, h)/2)
		}
	case "diamond":
		sh.Kind, sh.Segs = draw.Polygon, polygon(cx, y, x+w, cy, cx, y+h, x, cy)
	case "hexagon":
		q := w / 4
		sh.Kind, sh.Segs = draw.Polygon, polygon(x+q, y, x+w-q, y, x+w, cy, x+w-q, y+h, x+q, y+h, x, cy)
	case "octagon":
		qx, qy := w*0.29, h*0.29
		sh.Kind, sh.Segs = draw.Polygon, polygon(x+qx, y, x+w-qx, y, x+w, y+qy, x+w, y+h-qy,
			x+w-qx, y+h, x+qx, y+h, x, y+h-qy, x, y+qy)
	case "shield":
		// The curves are PDF "v" curves, as the shield has always been drawn:
		// cubic, their first control point on their start.
		sh.Kind, sh.Segs = draw.Path, []draw.Seg{{Op: 'M', P: [6]float64{x, y}}, {Op: 'L', P: [6]float64{x + w, y}},
			{Op: 'L', P: [6]float64{x + w, y + h*0.55}}, {Op: 'C', P: [6]float64{x + w, y + h*0.55, x + w, y + h*0.85, cx, y + h}},
			{Op: 'C', P: [6]float64{cx, y + h, x, y + h*0.85, x, y + h*0.55}}, {Op: 'Z'}}
	default:
		return
	}
	pt.add(sh)
}

// polygon is the closed path through the points x1, y1, x2, y2, ….
func polygon(xy ...float64) []draw.Seg {
	segs := make([]draw.Seg, 0, len(xy)/2+1)
	for i := 0; i+1 < len(xy); i += 2 {
		op := byte('L')
		if i == 0 {
			op = 'M'
		}
		segs = append(segs, draw.Seg{Op: op, P: [6]float64{xy[i], xy[i+1]}})
	}
	return append(segs, draw.Seg{Op: 'Z'})
}

// badge draws a number or word in a shape; repeat draws it n times.
func (pt *Painter) badge(e *spec.Element, x, y float64, row reflect.Value, fs *spec.FieldSet) {
	var used []*spec.Field
	s, empty := e.Text.Eval(pt.env(row, &used))
	n := 1
	if e.Repeat != nil {
		rs, _ := e.Repeat.Eval(pt.env(row, nil))
		n, _ = strconv.Atoi(strings.TrimSpace(rs))
		if n <= 0 {
			return
		}
		if last := e.X + float64(n-1)*e.Step + e.W; last > pt.card.Kind.Size.W-pt.lay.Safe+1e-9 {
			pt.Issues = append(pt.Issues, Issue{card: pt.card, side: pt.side, El: e, spec: pt.card.Kind.Sheet, row: row, fields: used,
				text: fmt.Sprintf("%d × %s", n, s), fit: &text.Fitted{Size: e.Style.Min, Need: last}, boxH: pt.card.Kind.Size.W - pt.lay.Safe})
			n = max(1, int((pt.card.Kind.Size.W-pt.lay.Safe-e.X-e.W)/e.Step)+1)
		}
	} else if e.Text.Refs && (s == "" || empty && !e.ShowZero) {
		return
	}
	col, _ := e.Colour.Resolve(pt.ds, fs, row)
	for i := range n {
		bx := x + float64(i)*e.Step
		pt.shape(e.Shape, bx, y, e.W, e.H, math.Min(e.W, e.H)*0.2, e.Fill, e.Stroke, e.Line, 0, fs, row)
		if s == "" {
			continue
		}
		// The text box is the shape's inner square.
		in := 0.14
		if e.Shape == "diamond" {
			in = 0.24
		}
		pt.text(e, s, bx+e.W*in, y+e.H*in, e.W*(1-2*in), e.H*(1-2*in), e.Style, "center", "middle", col, e.Bold, source{pt.card.Kind.Sheet, row, used})
	}
}

// artBox draws the card's art, cropped to fill the box, or a placeholder.
func (pt *Painter) artBox(e *spec.Element, x, y float64, row reflect.Value, fs *spec.FieldSet) {
	name, _ := e.Name.Eval(pt.env(row, nil))
	img, err := pt.art.find(name)
	if err != nil {
		pt.Issues = append(pt.Issues, Issue{card: pt.card, side: pt.side, El: e, spec: pt.card.Kind.Sheet, row: row,
			fields: []*spec.Field{pt.card.Kind.Fields.Get("ID")}, artErr: err, artPath: pt.art.path(name)})
		img = nil
	}
	if pt.dry {
		if e.Text != nil {
			if s, _ := e.Text.Eval(pt.env(row, nil)); s != "" {
				pt.text(e, s, x+1, y+e.H-e.Style.Size*text.MMPerPt*1.6, e.W-2, e.Style.Size*text.MMPerPt*1.4, e.Style, "center", "top", spec.Black, false, source{})
			}
		}
		return
	}
	tint := e.Fill.Or(spec.Fixed(spec.RGB{R: 200, G: 200, B: 200}))
	if img != nil {
		iw, ih := float64(img.w), float64(img.h)
		scale := math.Max(e.W/iw, e.H/ih)
		dw, dh := iw*scale, ih*scale
		pt.add(&draw.Clip{X: x, Y: y, W: e.W, H: e.H},
			&draw.Image{X: x + (e.W-dw)/2, Y: y + (e.H-dh)/2, W: dw, H: dh, Key: img.key, Data: img.data, Type: img.typ},
			draw.Pop{})
	} else {
		c, ok := tint.Resolve(pt.ds, fs, row)
		if !ok {
			c = spec.RGB{R: 200, G: 200, B: 200}
		}
		pt.placeholder(x, y, e.W, e.H, c)
		if e.Text != nil {
			if s, _ := e.Text.Eval(pt.env(row, nil)); s != "" {
				sz := e.Style.Size * text.MMPerPt
				pt.text(e, s, x+1, y+e.H-sz*1.6, e.W-2, sz*1.4, e.Style, "center", "top", darken(c, 0.55), false, source{})
			}
		}
	}
	if c, ok := e.Stroke.Resolve(pt.ds, fs, row); ok {
		pt.add(&draw.Shape{Kind: draw.Rect, X: x, Y: y, W: e.W, H: e.H, Stroke: paintOf(c), Line: e.Line})
	}
}

// placeholder is a calm stand-in for missing art: a tinted panel with a
// simple landscape (two hills and a sun) in lighter tones.
func (pt *Painter) placeholder(x, y, w, h float64, c spec.RGB) {
	s := math.Min(w, h)
	r := s * 0.1
	base := y + h*0.82
	pt.add(&draw.Shape{Kind: draw.Rect, X: x, Y: y, W: w, H: h, Fill: paintOf(c)},
		&draw.Shape{Kind: draw.Ellipse, X: x + w*0.7 - r, Y: y + h*0.34 - r, W: 2 * r, H: 2 * r, Fill: paintOf(lighten(c, 0.45))},
		&draw.Shape{Kind: draw.Polygon, Segs: polygon(x+w*0.08, base, x+w*0.38, y+h*0.42, x+w*0.62, base), Fill: paintOf(darken(c, 0.85))},
		&draw.Shape{Kind: draw.Polygon, Segs: polygon(x+w*0.42, base, x+w*0.66, y+h*0.55, x+w*0.92, base), Fill: paintOf(darken(c, 0.72))})
}

func lighten(c spec.RGB, t float64) spec.RGB {
	f := func(v int) int { return int(float64(v) + (255-float64(v))*t + 0.5) }
	return spec.RGB{R: f(c.R), G: f(c.G), B: f(c.B)}
}

func darken(c spec.RGB, t float64) spec.RGB {
	f := func(v int) int { return int(float64(v)*t + 0.5) }
	return spec.RGB{R: f(c.R), G: f(c.G), B: f(c.B)}
}

// Note lays one line of s out in the layout's default font at size pt in
// dark grey into l, its top-left corner at (x, y): a printing note in a
// sheet's margin, not part of any card.
func (pt *Painter) Note(l *draw.List, s string, x, y, size float64) {
	pt.list, pt.card, pt.side = l, nil, ""
	h := size * text.MMPerPt
	pt.text(draftEl, s, x, y, 1000, h*1.2, text.Style{Size: size, Min: size, Leading: 1, MaxLines: 1}, "left", "top", spec.RGB{R: 60, G: 60, B: 60}, false, source{})
	pt.list = nil
}
