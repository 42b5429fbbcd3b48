package cards

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"bifrost/layout/text"
	"bifrost/schema"
)

// Element is one thing drawn on a card face, back or board. Coordinates are
// mm from the top-left corner of the trim; negative values reach into the
// bleed.
type Element struct {
	typ        string
	x, y, w, h float64
	r          float64
	fill       colour
	stroke     colour
	line, dash float64
	text, els  *tmpl
	style      text.Style
	align      string
	valign     string
	colour     colour
	font       string
	bold       bool
	sentences  bool
	showZero   bool
	shape      string
	repeat     *tmpl
	step       float64
	name       *tmpl
	rows       *rowSel
	columns    []*column
	header     *header
	rowH       float64
	stripe     colour
	cell       cellSpec
	cellFill   colour
	cellStroke colour
	loop       *field
	die        string
	icon       *tmpl // "icon": the icon's name…
	count      *tmpl // …and the count printed beside it
	path       string
	line0      int
	when       *tmpl  // "if": draw only when this template is not empty…
	whenOp     string // …or, with an operator, when its number compares so
	whenN      int
}

// rowSel selects the rows of a table or track.
type rowSel struct {
	spec   *schema.SheetSpec
	fields *fieldSet
	match  *field
	group  *field
	order  *field
}

type column struct {
	title  string
	w      float64
	text   *tmpl
	style  text.Style
	align  string
	fill   colour
	colour colour
	shape  string
	bold   bool
	icon   bool // the text names an icon of the layout
}

type header struct {
	fill, colour colour
	size, h      float64
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
	e := &Element{typ: s.Type, x: s.X, y: s.Y, w: s.W, h: s.H, r: s.R, line: s.Line, dash: s.Dash,
		align: s.Align, valign: s.VAlign, font: s.Font, bold: s.Bold, sentences: s.Sentences,
		showZero: s.ShowZero, shape: s.Shape, step: s.Step, rowH: s.RowHeight,
		path: path, line0: p.line(path)}
	allowed, ok := elementKeys[s.Type]
	if !ok {
		p.errorf(path+".type", "element_type", s.Type, strings.Join(sortedKeys(elementKeys), ", "))
		return nil
	}
	if n := p.nodes[path]; n != nil {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if key := n.Content[i].Value; key != "type" && key != "if" && !contains(allowed, key) {
				p.errorf(path+"."+key, "element_key", key, s.Type, strings.Join(allowed, ", "))
			}
		}
	}
	if e.w <= 0 || e.h <= 0 {
		if e.typ != "line" || e.w < 0 || e.h < 0 || e.w == 0 && e.h == 0 {
			p.errorf(path, "element_size", e.typ, e.w, e.h)
			return nil
		}
	}
	if e.line == 0 {
		e.line = 0.3
	}
	if s.If != "" {
		cond := s.If
		if m := ifCompare.FindStringSubmatch(cond); m != nil {
			cond, e.whenOp = m[1], m[2]
			e.whenN, _ = strconv.Atoi(m[3])
		}
		e.when = p.template(path+".if", cond, sc)
		if !e.when.refs {
			p.errorf(path+".if", "if_field")
		}
	}
	e.colour = p.colour(path+".colour", s.Colour, sc, l).or(fixed(black))
	e.fill = p.colour(path+".fill", s.Fill, sc, l)
	e.stroke = p.colour(path+".stroke", s.Stroke, sc, l)
	if e.font == "" {
		e.font = "default"
	} else if l.fonts[e.font] == nil {
		p.errorf(path+".font", "font_unknown", e.font, strings.Join(l.fontName, ", "))
		e.font = "default"
	}
	e.style = p.style(path, s.Size, s.MinSize, s.Leading, s.Lines)
	switch e.align {
	case "":
		e.align = "left"
		if e.typ == "badge" || e.typ == "art" {
			e.align = "center"
		}
	case "left", "center", "right":
	default:
		p.errorf(path+".align", "align", e.align)
	}
	switch e.valign {
	case "":
		e.valign = "top"
		if e.typ == "badge" || e.typ == "art" {
			e.valign = "middle"
		}
	case "top", "middle", "bottom":
	default:
		p.errorf(path+".valign", "valign", e.valign)
	}
	switch e.typ {
	case "text":
		if s.Text == "" {
			p.errorf(path, "text_needs_text")
		}
		e.text = p.template(path+".text", s.Text, sc)
		if s.Else != "" {
			e.els = p.template(path+".else", s.Else, sc)
		}
	case "badge":
		if e.shape == "" {
			e.shape = "circle"
		} else if !contains(shapes, e.shape) {
			p.errorf(path+".shape", "shape_unknown", e.shape, strings.Join(shapes, ", "))
		}
		e.text = p.template(path+".text", s.Text, sc)
		e.style.MaxLines = 1
		if s.Repeat != "" {
			e.repeat = p.template(path+".repeat", s.Repeat, sc)
			if e.step == 0 {
				e.step = e.w + 1
			}
		}
	case "art":
		name := s.Name
		if name == "" {
			name = "{$id}"
		}
		e.name = p.template(path+".name", name, sc)
		if s.Text != "" {
			e.text = p.template(path+".text", s.Text, sc)
		}
	case "icon":
		if s.Icon == "" {
			p.errorf(path, "icon_needs_icon")
		}
		e.icon = p.template(path+".icon", s.Icon, sc)
		if !e.icon.refs {
			if _, ok := l.icons[s.Icon]; !ok {
				p.errorf(path+".icon", "icon_unknown", s.Icon, strings.Join(sortedKeys(l.icons), ", "))
			}
		}
		if s.Count != "" {
			e.count = p.template(path+".count", s.Count, sc)
		}
		if s.Text != "" {
			e.text = p.template(path+".text", s.Text, sc)
		}
		e.style.MaxLines = 1
	case "table":
		p.table(path, s, e, l, k)
	case "track":
		p.track(path, s, e, l, k)
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
	x1, y1 := e.x+e.w, e.y+e.h
	if e.repeat != nil {
		x1 = e.x + e.w + 2*e.step // up to three repeats are checked here; more are checked per card
	}
	switch e.typ {
	case "rect", "line":
		b := l.Bleed
		if e.x < -b-1e-9 || e.y < -b-1e-9 || x1 > w+b+1e-9 || y1 > h+b+1e-9 {
			p.errorf(path, "outside_bleed", e.typ, e.x, e.y, x1, y1, -b, -b, w+b, h+b)
		}
	default:
		sf := l.Safe
		if e.x < sf-1e-9 || e.y < sf-1e-9 || x1 > w-sf+1e-9 || y1 > h-sf+1e-9 {
			p.errorf(path, "outside_safe", e.typ, e.x, e.y, x1, y1, sf, sf, w-sf, h-sf, sf)
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
	sel.spec = k.Sheet
	if s.Sheet != "" {
		sel.spec = sheetByName(p.game, s.Sheet)
		if sel.spec == nil {
			p.errorf(path+".sheet", "no_sheet", p.game.ID, s.Sheet, sheetNames(p.game))
			return nil
		}
	} else if !k.Each {
		p.errorf(path, "rows_sheet")
		return nil
	}
	sel.fields = fieldsOf(sel.spec)
	get := func(key, name string) *field {
		if name == "" {
			return nil
		}
		f := sel.fields.get(name)
		if f == nil {
			p.errorf(path+"."+key, "no_field", sel.spec.Key, name, sel.fields.hint())
		}
		return f
	}
	sel.match = get("match", s.Match)
	sel.group = get("group", s.Group)
	sel.order = get("order", s.Order)
	if s.Match != "" && k.Each {
		p.errorf(path+".match", "match_whole")
	}
	if needGroup && sel.group == nil {
		p.errorf(path, "track_group")
	}
	return sel
}

func (p *parser) table(path string, s elementSpec, e *Element, l *Layout, k *Kind) {
	e.rows = p.rowSel(path+".rows", s.Rows, k, false)
	if e.rows == nil {
		return
	}
	rs := &scope{fields: e.rows.fields, kind: k}
	if len(s.Columns) == 0 {
		p.errorf(path, "table_columns")
	}
	fixedW := 0.0
	free := 0
	for i, cs := range s.Columns {
		cp := fmt.Sprintf("%s.columns.%d", path, i)
		c := &column{title: cs.Title, w: cs.W, align: cs.Align, shape: cs.Shape, bold: cs.Bold, icon: cs.Icon}
		if cs.Text == "" {
			p.errorf(cp, "column_text")
		}
		c.text = p.template(cp+".text", cs.Text, rs)
		size, min := cs.Size, cs.MinSize
		if size == 0 {
			size, min = e.style.Size, cmpOr(min, e.style.Min)
		}
		c.style = p.style(cp, size, min, e.style.Leading, 0)
		if c.align == "" {
			c.align = "left"
		}
		if !contains([]string{"left", "center", "right"}, c.align) {
			p.errorf(cp+".align", "align", c.align)
		}
		if c.shape != "" && !contains(shapes, c.shape) {
			p.errorf(cp+".shape", "shape_unknown", c.shape, strings.Join(shapes, ", "))
		}
		c.fill = p.colour(cp+".fill", cs.Fill, rs, l)
		c.colour = p.colour(cp+".colour", cs.Colour, rs, l).or(e.colour)
		if c.w > 0 {
			fixedW += c.w
		} else {
			free++
		}
		e.columns = append(e.columns, c)
	}
	if fixedW > e.w+1e-9 || free == 0 && fixedW < e.w-1e-6 && len(e.columns) > 0 {
		if free == 0 {
			// Fixed widths that do not add up: the last column takes the rest.
			e.columns[len(e.columns)-1].w += e.w - fixedW
			if e.columns[len(e.columns)-1].w <= 0 {
				p.errorf(path+".columns", "columns_width", fixedW, e.w)
			}
		} else {
			p.errorf(path+".columns", "columns_width", fixedW, e.w)
		}
	}
	for _, c := range e.columns {
		if c.w == 0 && free > 0 {
			c.w = (e.w - fixedW) / float64(free)
		}
	}
	if s.Header != nil {
		h := &header{size: s.Header.Size, h: s.Header.H}
		if h.size == 0 {
			h.size = e.style.Size
		}
		if h.h == 0 {
			h.h = h.size * text.MMPerPt * 1.6
		}
		h.fill = p.colour(path+".header.fill", s.Header.Fill, &scope{fields: k.fields, kind: k}, l)
		h.colour = p.colour(path+".header.colour", s.Header.Colour, &scope{fields: k.fields, kind: k}, l).or(e.colour)
		e.header = h
	}
	e.stripe = p.colour(path+".stripe", s.Stripe, rs, l)
}

func (p *parser) track(path string, s elementSpec, e *Element, l *Layout, k *Kind) {
	e.rows = p.rowSel(path+".rows", s.Rows, k, true)
	if e.rows == nil {
		return
	}
	rs := &scope{fields: e.rows.fields, kind: k}
	if s.Text == "" {
		p.errorf(path, "track_text")
	}
	e.text = p.template(path+".text", s.Text, rs)
	if s.Cell != nil {
		e.cell = *s.Cell
	}
	if e.cell.Gap == 0 {
		e.cell.Gap = 5
	}
	if e.cell.Line == 0 {
		e.cell.Line = 0.35
	}
	e.cellFill = p.colour(path+".cell.fill", e.cell.Fill, rs, l)
	e.cellStroke = p.colour(path+".cell.stroke", e.cell.Stroke, &scope{fields: k.fields, kind: k}, l)
	if s.Loop != "" {
		e.loop = e.rows.fields.get(s.Loop)
		if e.loop == nil || e.loop.kind != schema.KindBool {
			p.errorf(path+".loop", "loop", e.rows.spec.Key, s.Loop)
			e.loop = nil
		}
	}
	switch s.Die {
	case "", "none", "d6":
	default:
		p.errorf(path+".die", "die", s.Die)
	}
	e.die = s.Die
}

func cmpOr(a, b float64) float64 {
	if a != 0 {
		return a
	}
	return b
}
