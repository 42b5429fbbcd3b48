package spec

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"bifrost/layout/text"
	"bifrost/schema"
)

// Element is one thing drawn on a card face, back or board. Coordinates are
// mm from the top-left corner of the trim; negative values reach into the
// bleed.
type Element struct {
	Type       string
	X, Y, W, H float64
	R          float64
	Fill       Colour
	Stroke     Colour
	Line, Dash float64
	Text, Els  *tmpl
	Style      text.Style
	Align      string
	Valign     string
	Colour     Colour
	Font       string
	Bold       bool
	Sentences  bool
	ShowZero   bool
	Shape      string
	Repeat     *tmpl
	Step       float64
	Name       *tmpl
	Rows       *rowSel
	Columns    []*Column
	Header     *header
	RowH       float64
	Stripe     Colour
	Cell       cellSpec
	CellFill   Colour
	CellStroke Colour
	Loop       *Field
	Die        string
	Icon       *tmpl // "icon": the icon's name…
	Count      *tmpl // …and the count printed beside it
	path       string
	Line0      int
	Scores     *scoreTrack
	Items      []*Element // "icons": the icons of the row, in order
	Gap        float64
	When       *tmpl  // "if": draw only when this template is not empty…
	whenOp     string // …or, with an operator, when its number compares so
	whenN      int
}

// rowSel selects the rows of a table or track.
type rowSel struct {
	Spec   *schema.SheetSpec
	Fields *FieldSet
	match  *Field
	Group  *Field
	order  *Field
}

// Column is one column of a table element.
type Column struct {
	Title  string
	W      float64
	Text   *tmpl
	Style  text.Style
	Align  string
	Fill   Colour
	Colour Colour
	Shape  string
	Bold   bool
	Icon   bool // the text names an icon of the layout
}

type header struct {
	Fill, Colour Colour
	Size, H      float64
}

// ifCompare splits "{Uses} >= 2" into the template, operator and number.
var ifCompare = regexp.MustCompile(`^(.*?)\s*(>=|<=|!=|>|<|=)\s*(-?\d+)$`)

var shapes = []string{"circle", "square", "rounded", "diamond", "hexagon", "octagon", "shield"}

func (p *parser) elements(path string, specs []elementSpec, l *Layout, k *Kind, sc *scope) []*Element {
	var out []*Element
	for i, s := range specs {
		if e := p.element(fmt.Sprintf("%s.%d", path, i), s, l, k, sc); e != nil {
			out = append(out, e)
		}
	}
	return out
}

func (p *parser) element(path string, s elementSpec, l *Layout, k *Kind, sc *scope) *Element {
	e := &Element{Type: s.Type, X: s.X, Y: s.Y, W: s.W, H: s.H, R: s.R, Line: s.Line, Dash: s.Dash,
		Align: s.Align, Valign: s.VAlign, Font: s.Font, Bold: s.Bold, Sentences: s.Sentences,
		ShowZero: s.ShowZero, Shape: s.Shape, Step: s.Step, RowH: s.RowHeight,
		path: path, Line0: p.line(path)}
	allowed, ok := elementKeys[s.Type]
	if !ok {
		types := sortedKeys(elementKeys)
		p.errorf(path+".type", "element_type", s.Type, schema.Word{strings.Join(types, "、"), strings.Join(types, ", ")})
		return nil
	}
	if n := p.nodes[path]; n != nil {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if key := n.Content[i].Value; key != "type" && key != "if" && !contains(allowed, key) {
				p.errorf(path+"."+key, "element_key", key, s.Type, strings.Join(allowed, ", "))
			}
		}
	}
	if e.W <= 0 || e.H <= 0 {
		if e.Type != "line" || e.W < 0 || e.H < 0 || e.W == 0 && e.H == 0 {
			p.errorf(path, "element_size", e.Type, e.W, e.H)
			return nil
		}
	}
	if e.Line == 0 {
		e.Line = 0.3
	}
	if s.If != "" {
		cond := s.If
		if m := ifCompare.FindStringSubmatch(cond); m != nil {
			cond, e.whenOp = m[1], m[2]
			e.whenN, _ = strconv.Atoi(m[3])
		}
		e.When = p.template(path+".if", cond, sc)
		if !e.When.Refs {
			p.errorf(path+".if", "if_field")
		}
	}
	e.Colour = p.colour(path+".colour", s.Colour, sc, l).Or(Fixed(Black))
	e.Fill = p.colour(path+".fill", s.Fill, sc, l)
	e.Stroke = p.colour(path+".stroke", s.Stroke, sc, l)
	if e.Font == "" {
		e.Font = "default"
	} else if l.Fonts[e.Font] == nil {
		p.errorf(path+".font", "font_unknown", e.Font, strings.Join(l.fontName, ", "))
		e.Font = "default"
	}
	e.Style = p.style(path, s.Size, s.MinSize, s.Leading, s.Lines)
	switch e.Align {
	case "":
		e.Align = "left"
		if e.Type == "badge" || e.Type == "art" {
			e.Align = "center"
		}
	case "left", "center", "right":
	default:
		p.errorf(path+".align", "align", e.Align)
	}
	switch e.Valign {
	case "":
		e.Valign = "top"
		if e.Type == "badge" || e.Type == "art" {
			e.Valign = "middle"
		}
	case "top", "middle", "bottom":
	default:
		p.errorf(path+".valign", "valign", e.Valign)
	}
	switch e.Type {
	case "text":
		if s.Text == "" {
			p.errorf(path, "text_needs_text")
		}
		e.Text = p.template(path+".text", s.Text, sc)
		if s.Else != "" {
			e.Els = p.template(path+".else", s.Else, sc)
		}
	case "badge":
		if e.Shape == "" {
			e.Shape = "circle"
		} else if !contains(shapes, e.Shape) {
			p.errorf(path+".shape", "shape_unknown", e.Shape, strings.Join(shapes, ", "))
		}
		e.Text = p.template(path+".text", s.Text, sc)
		e.Style.MaxLines = 1
		if s.Repeat != "" {
			e.Repeat = p.template(path+".repeat", s.Repeat, sc)
			if e.Step == 0 {
				e.Step = e.W + 1
			}
		}
	case "art":
		name := s.Name
		if name == "" {
			name = "{$id}"
		}
		e.Name = p.template(path+".name", name, sc)
		if s.Text != "" {
			e.Text = p.template(path+".text", s.Text, sc)
		}
	case "icon":
		if s.Icon == "" {
			p.errorf(path, "icon_needs_icon")
		}
		e.Icon = p.template(path+".icon", s.Icon, sc)
		if !e.Icon.Refs {
			if _, ok := l.Icons[s.Icon]; !ok {
				p.errorf(path+".icon", "icon_unknown", s.Icon, strings.Join(sortedKeys(l.Icons), ", "))
			}
		}
		if s.Count != "" {
			e.Count = p.template(path+".count", s.Count, sc)
		}
		if s.Text != "" {
			e.Text = p.template(path+".text", s.Text, sc)
		}
		e.Style.MaxLines = 1
	case "table":
		p.table(path, s, e, l, k)
	case "track":
		p.track(path, s, e, l, k)
	case "score_track":
		p.scoreTrack(path, s, e, l, k)
	case "icons":
		p.iconRow(path, s, e, l, k, sc)
	}
	p.checkBox(path, e, l, k)
	return e
}

// style compiles a text style; sizes are in points.
func (p *parser) style(path string, size, minSize, leading float64, lines int) text.Style {
	st := text.Style{Size: size, Min: minSize, Leading: leading, MaxLines: lines}
	if st.Size == 0 {
		st.Size = 8
	}
	if st.Size < 2 || st.Size > 200 {
		p.errorf(path+".size", "size", st.Size)
	}
	if st.Min == 0 {
		st.Min = st.Size
	}
	if st.Min > st.Size || st.Min < 2 {
		p.errorf(path+".min_size", "min_size", st.Size, st.Min)
		st.Min = st.Size
	}
	if st.Leading == 0 {
		st.Leading = 1.3
	}
	if st.Leading < 0.8 || st.Leading > 3 {
		p.errorf(path+".leading", "leading", st.Leading)
	}
	if lines < 0 {
		p.errorf(path+".lines", "lines", lines)
	}
	return st
}

// checkBox keeps printing inside the card: shapes within the bleed, and
// text, badges, art, tables and tracks within the safe area.
func (p *parser) checkBox(path string, e *Element, l *Layout, k *Kind) {
	w, h := k.Size.W, k.Size.H
	x1, y1 := e.X+e.W, e.Y+e.H
	if e.Repeat != nil {
		x1 = e.X + e.W + 2*e.Step // up to three repeats are checked here; more are checked per card
	}
	switch e.Type {
	case "rect", "line":
		b := l.Bleed
		if e.X < -b-1e-9 || e.Y < -b-1e-9 || x1 > w+b+1e-9 || y1 > h+b+1e-9 {
			p.errorf(path, "outside_bleed", e.Type, e.X, e.Y, x1, y1, -b, -b, w+b, h+b)
		}
	default:
		sf := l.Safe
		if e.X < sf-1e-9 || e.Y < sf-1e-9 || x1 > w-sf+1e-9 || y1 > h-sf+1e-9 {
			p.errorf(path, "outside_safe", e.Type, e.X, e.Y, x1, y1, sf, sf, w-sf, h-sf, sf)
		}
	}
}

func (p *parser) rowSel(path string, s *rowsSpec, k *Kind, needGroup bool) *rowSel {
	sel := &rowSel{}
	if s == nil {
		if !k.Each {
			p.errorf(path, "rows_needed")
			return nil
		}
		s = &rowsSpec{}
	}
	sel.Spec = k.Sheet
	if s.Sheet != "" {
		sel.Spec = p.sheet(path+".sheet", s.Sheet)
		if sel.Spec == nil {
			p.errorf(path+".sheet", "no_sheet", p.game.ID, s.Sheet, sheetNames(p.game))
			return nil
		}
	} else if !k.Each {
		p.errorf(path, "rows_sheet")
		return nil
	}
	sel.Fields = FieldsOf(sel.Spec)
	get := func(key, name string) *Field {
		if name == "" {
			return nil
		}
		f := sel.Fields.Get(name)
		if f == nil {
			p.errorf(path+"."+key, "no_field", sel.Spec.Key, name, sel.Fields.hint())
		}
		return f
	}
	sel.match = get("match", s.Match)
	sel.Group = get("group", s.Group)
	sel.order = get("order", s.Order)
	if s.Match != "" && k.Each {
		p.errorf(path+".match", "match_whole")
	}
	if needGroup && sel.Group == nil {
		p.errorf(path, "track_group")
	}
	return sel
}

func (p *parser) table(path string, s elementSpec, e *Element, l *Layout, k *Kind) {
	e.Rows = p.rowSel(path+".rows", s.Rows, k, false)
	if e.Rows == nil {
		return
	}
	rs := &scope{fields: e.Rows.Fields, kind: k}
	if len(s.Columns) == 0 {
		p.errorf(path, "table_columns")
	}
	fixedW := 0.0
	free := 0
	for i, cs := range s.Columns {
		cp := fmt.Sprintf("%s.columns.%d", path, i)
		c := &Column{Title: cs.Title, W: cs.W, Align: cs.Align, Shape: cs.Shape, Bold: cs.Bold, Icon: cs.Icon}
		if cs.Text == "" {
			p.errorf(cp, "column_text")
		}
		c.Text = p.template(cp+".text", cs.Text, rs)
		size, min := cs.Size, cs.MinSize
		if size == 0 {
			size, min = e.Style.Size, cmp.Or(min, e.Style.Min)
		}
		c.Style = p.style(cp, size, min, e.Style.Leading, 0)
		if c.Align == "" {
			c.Align = "left"
		}
		if !contains([]string{"left", "center", "right"}, c.Align) {
			p.errorf(cp+".align", "align", c.Align)
		}
		if c.Shape != "" && !contains(shapes, c.Shape) {
			p.errorf(cp+".shape", "shape_unknown", c.Shape, strings.Join(shapes, ", "))
		}
		c.Fill = p.colour(cp+".fill", cs.Fill, rs, l)
		c.Colour = p.colour(cp+".colour", cs.Colour, rs, l).Or(e.Colour)
		if c.W > 0 {
			fixedW += c.W
		} else {
			free++
		}
		e.Columns = append(e.Columns, c)
	}
	if fixedW > e.W+1e-9 || free == 0 && fixedW < e.W-1e-6 && len(e.Columns) > 0 {
		if free == 0 {
			// Fixed widths that do not add up: the last column takes the rest.
			e.Columns[len(e.Columns)-1].W += e.W - fixedW
			if e.Columns[len(e.Columns)-1].W <= 0 {
				p.errorf(path+".columns", "columns_width", fixedW, e.W)
			}
		} else {
			p.errorf(path+".columns", "columns_width", fixedW, e.W)
		}
	}
	for _, c := range e.Columns {
		if c.W == 0 && free > 0 {
			c.W = (e.W - fixedW) / float64(free)
		}
	}
	if s.Header != nil {
		h := &header{Size: s.Header.Size, H: s.Header.H}
		if h.Size == 0 {
			h.Size = e.Style.Size
		}
		if h.H == 0 {
			h.H = h.Size * text.MMPerPt * 1.6
		}
		h.Fill = p.colour(path+".header.fill", s.Header.Fill, &scope{fields: k.Fields, kind: k}, l)
		h.Colour = p.colour(path+".header.colour", s.Header.Colour, &scope{fields: k.Fields, kind: k}, l).Or(e.Colour)
		e.Header = h
	}
	e.Stripe = p.colour(path+".stripe", s.Stripe, rs, l)
}

func (p *parser) track(path string, s elementSpec, e *Element, l *Layout, k *Kind) {
	e.Rows = p.rowSel(path+".rows", s.Rows, k, true)
	if e.Rows == nil {
		return
	}
	rs := &scope{fields: e.Rows.Fields, kind: k}
	if s.Text == "" {
		p.errorf(path, "track_text")
	}
	e.Text = p.template(path+".text", s.Text, rs)
	if s.Cell != nil {
		e.Cell = *s.Cell
	}
	if e.Cell.Gap == 0 {
		e.Cell.Gap = 5
	}
	if e.Cell.Line == 0 {
		e.Cell.Line = 0.35
	}
	e.CellFill = p.colour(path+".cell.fill", e.Cell.Fill, rs, l)
	e.CellStroke = p.colour(path+".cell.stroke", e.Cell.Stroke, &scope{fields: k.Fields, kind: k}, l)
	if s.Loop != "" {
		e.Loop = e.Rows.Fields.Get(s.Loop)
		if e.Loop == nil || e.Loop.Kind != schema.KindBool {
			p.errorf(path+".loop", "loop", e.Rows.Spec.Key, s.Loop)
			e.Loop = nil
		}
	}
	switch s.Die {
	case "", "none", "d6":
	default:
		p.errorf(path+".die", "die", s.Die)
	}
	e.Die = s.Die
}

// iconRow compiles an "icons" element: its items are icons (each with
// icon, count, fill, colour, text and the row's text style unless it sets
// its own), item_w wide and as high as the row; the painter centres the
// ones a card shows.
func (p *parser) iconRow(path string, s elementSpec, e *Element, l *Layout, k *Kind, sc *scope) {
	if len(s.Items) == 0 {
		p.errorf(path, "icons_items")
		return
	}
	if s.ItemW <= 0 || s.ItemW > s.W {
		p.errorf(path+".item_w", "icons_item_w", s.ItemW, s.W)
		return
	}
	e.Gap = s.Gap
	for i, it := range s.Items {
		it.Type, it.X, it.Y, it.W, it.H = "icon", s.X, s.Y, s.ItemW, s.H
		it.Size, it.MinSize = cmp.Or(it.Size, s.Size), cmp.Or(it.MinSize, s.MinSize)
		it.Font, it.Bold, it.ShowZero = cmp.Or(it.Font, s.Font), it.Bold || s.Bold, it.ShowZero || s.ShowZero
		if item := p.element(fmt.Sprintf("%s.items.%d", path, i), it, l, k, sc); item != nil {
			e.Items = append(e.Items, item)
		}
	}
}

// scoreTrack is a score track's numbers: the squares from From to To
// (a number, or a Rules value read when the card is drawn), PerRow a row.
type scoreTrack struct {
	From   int
	To     int
	ToRule string // the Rules key that gives To, or ""
	PerRow int
	Every  int // every Every-th square is filled with the element's stripe
}

func (p *parser) scoreTrack(path string, s elementSpec, e *Element, l *Layout, k *Kind) {
	st := &scoreTrack{From: s.From, PerRow: s.PerRow, Every: s.Every}
	if key, ok := strings.CutPrefix(s.To, "$rule."); ok {
		if !slices.ContainsFunc(p.game.AllRules(), func(r schema.RuleParam) bool { return r.Key == key }) {
			p.errorf(path+".to", "no_rule", p.game.ID, key)
		}
		st.ToRule = key
	} else if n, err := strconv.Atoi(s.To); err == nil {
		st.To = n
	} else {
		p.errorf(path+".to", "score_to", s.To)
	}
	if st.ToRule == "" && (st.To <= st.From || st.To-st.From >= maxScoreSquares) {
		p.errorf(path+".to", "score_range", st.From, s.To, maxScoreSquares)
	}
	if st.PerRow <= 0 {
		st.PerRow = 10
	}
	if s.Cell != nil {
		e.Cell = *s.Cell
	}
	if e.Cell.Line == 0 {
		e.Cell.Line = 0.3
	}
	sc := &scope{fields: k.Fields, kind: k}
	e.CellFill = p.colour(path+".cell.fill", e.Cell.Fill, sc, l)
	e.CellStroke = p.colour(path+".cell.stroke", e.Cell.Stroke, sc, l)
	e.Stripe = p.colour(path+".stripe", s.Stripe, sc, l)
	e.Style.MaxLines = 1
	e.Scores = st
}

// maxScoreSquares bounds a score track, whatever its Rules value.
const maxScoreSquares = 400

// Squares is the first and last number of a score track, its To read from
// the Rules when it names one (clamped to maxScoreSquares squares).
func (st *scoreTrack) Squares(ds *Dataset) (from, to int) {
	to = st.To
	if st.ToRule != "" && ds.rules != nil && ds.rules.Has(st.ToRule) {
		to, _ = strconv.Atoi(ds.rules.Text(st.ToRule))
	}
	return st.From, min(max(to, st.From), st.From+maxScoreSquares-1)
}

// Shown evaluates an element's "if".
func (e *Element) Shown(en Env) bool {
	s, empty := e.When.Eval(en)
	if e.whenOp == "" {
		return !empty
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return false
	}
	switch e.whenOp {
	case ">=":
		return n >= e.whenN
	case "<=":
		return n <= e.whenN
	case ">":
		return n > e.whenN
	case "<":
		return n < e.whenN
	case "=":
		return n == e.whenN
	}
	return n != e.whenN
}

// Role says what an element shows: the first field (or variable) its
// text names, lower-cased ("name", "effect"), else its type ("art",
// "rect", "table").
func (e *Element) Role() string {
	for _, t := range []*tmpl{e.Text, e.Name} {
		if e.Type == "art" || t == nil {
			continue
		}
		if r := t.firstRef(); r != "" {
			return r
		}
	}
	return e.Type
}
