package book

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"bifrost/layout/internal/fpdf"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"bifrost/layout/draw"
	"bifrost/layout/text"
)

// builder walks the block nodes of the document and lays each out into
// boxes for the paginator, in a column x … x+w that lists and quotes
// narrow.
type builder struct {
	r     *typesetter
	src   []byte
	boxes []*box
	x, w  float64
	size  float64 // the text size of the current block, points

	gap    float64 // pending space between blocks; the largest request wins
	pad    float64 // pending panel padding, added to the gap
	locked bool    // a heading fixed the gap to what follows it
	marker []op    // a list marker, drawn on the first baseline of the next box
	panels []*panel
	olDeep int // ordered lists around the current block
	ulDeep int // unordered lists around the current block
	secOf  map[*ast.Heading]int
	// callout is the box of the last card drawn with callouts, until the
	// list that explains them is laid out; -1 when there is none.
	callout int
}

func newBuilder(r *typesetter) *builder {
	b := &builder{r: r, src: r.src, x: r.g.left, w: r.g.contentW(), size: r.g.body, secOf: map[*ast.Heading]int{}, callout: -1}
	for i, s := range r.secs {
		b.secOf[s.node] = i
	}
	return b
}

// em is the size of the current text in mm; pitch its line pitch.
func (b *builder) em() float64    { return b.size * text.MMPerPt }
func (b *builder) pitch() float64 { return b.em() * b.r.g.leading }

// space asks for at least g mm before the next box.
func (b *builder) space(g float64) {
	if !b.locked {
		b.gap = max(b.gap, g)
	}
}

// add appends a box to the flow with the pending space, the panels around
// it and a pending list marker.
func (b *builder) add(bx *box) {
	bx.before = b.gap + b.pad
	b.gap, b.pad, b.locked = 0, 0, false
	if len(b.panels) > 0 {
		bx.panels = slices.Clone(b.panels)
	}
	for _, o := range b.marker {
		o.y += bx.baseline
		bx.ops = append(bx.ops, o)
	}
	b.marker = nil
	b.boxes = append(b.boxes, bx)
}

// blocks lays out the children of n.
func (b *builder) blocks(n ast.Node) error {
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		if err := b.block(ch); err != nil {
			return err
		}
	}
	return nil
}

func (b *builder) block(n ast.Node) error {
	switch t := n.(type) {
	case *ast.Heading:
		b.heading(t)
	case *ast.Paragraph:
		return b.paragraph(t, 0.5)
	case *ast.TextBlock:
		return b.paragraph(t, 0.15)
	case *ast.List:
		from := b.callout
		b.callout = -1
		if err := b.list(t); err != nil {
			return err
		}
		// A card with callouts stays on one page with its explanations.
		for i := max(from, 0); from >= 0 && i < len(b.boxes)-1; i++ {
			b.boxes[i].keep = true
		}
	case *ast.Blockquote:
		return b.quote(t)
	case *ast.ThematicBreak:
		b.space(b.pitch() * 0.5)
		b.add(&box{h: b.pitch(), baseline: b.pitch() * 0.7, ops: []op{{kind: opLine, x: b.x + b.w*0.3, y: b.pitch() / 2, w: b.w * 0.4, lw: 0.3, col: ruleColour}}})
		b.space(b.pitch() * 0.5)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		b.code(linesOf(n, b.src), false)
	case *ast.HTMLBlock:
		lines := linesOf(n, b.src)
		if t.HasClosure() {
			lines = append(lines, strings.TrimRight(string(t.ClosureLine.Value(b.src)), "\n"))
		}
		b.code(lines, true)
	case *east.Table:
		b.table(t)
	case *east.DefinitionList:
		return b.definitions(t)
	case *east.FootnoteList:
		return b.footnotes(t)
	default:
		return b.blocks(n)
	}
	return nil
}

func linesOf(n ast.Node, src []byte) []string {
	var out []string
	ls := n.Lines()
	for i := range ls.Len() {
		s := ls.At(i)
		out = append(out, strings.TrimRight(string(s.Value(src)), "\n"))
	}
	return out
}

// indexEntries lays out the index: each glossary term in bold, then the
// pages it appears on (pages nil: a dash, for the first pass).
func (b *builder) indexEntries(pages map[int][]int) {
	for _, n := range slices.Sorted(maps.Keys(b.r.terms)) {
		nums := "–"
		if ps := pages[n]; len(ps) > 0 {
			s := make([]string, len(ps))
			for i, p := range ps {
				s[i] = strconv.Itoa(p)
			}
			nums = strings.Join(s, ", ")
		}
		b.space(b.pitch() * 0.15)
		b.text([]run{{s: b.r.terms[n], st: stBold}, {s: "　" + nums}}, textStyle{size: b.size, col: inkColour, strong: inkColour})
	}
}

// headingBox lays out a heading: its number in the accent colour, the title
// in bold with a hanging indent, a rule under a level-1 heading and a bar
// before a level-2 one.
func (r *typesetter) headingBox(sec *section, title string, size float64, level int, x, w float64) *box {
	return r.headingRuns(sec, []run{{s: title, st: 0}}, size, level, x, w)
}

func (r *typesetter) headingRuns(sec *section, runs []run, size float64, level int, x, w float64) *box {
	em := size * text.MMPerPt
	pitch := em * 1.4
	base := (pitch-em)/2 + ascent*em
	bx := &box{keep: true, baseline: base}
	if level == 2 {
		bx.ops = append(bx.ops, op{kind: opFill, x: x, y: (pitch-em)/2 + em*0.05, w: em * 0.22, h: em * 0.9, col: accentColour})
		x += em * 0.55
		w -= em * 0.55
	}
	tx := x
	if sec != nil {
		bx.ops = append(bx.ops, op{kind: opText, x: x, y: base, size: size, col: accentColour, bold: true, s: sec.Number})
		tx += r.width(sec.Number, size) + em*0.6
	}
	lines := r.breakRuns(runs, x+w-tx, size)
	offs, total := lineOffsets(rubyLines(lines), pitch, em)
	for i, l := range lines {
		bx.ops = append(bx.ops, r.lineOps(l, tx, base+offs[i], textStyle{size: size, col: inkColour, strong: inkColour, bold: true})...)
	}
	bx.h = total
	if level == 1 {
		bx.ops = append(bx.ops, op{kind: opFill, x: x, y: bx.h + 0.6, w: w, h: 0.6, col: accentColour})
		bx.h += 1.6
	}
	return bx
}

func (b *builder) heading(h *ast.Heading) {
	g := b.r.g
	size, before, after := g.body, 0.9, 0.25
	switch h.Level {
	case 1:
		size, before, after = g.h1, 2.2, 0.8
	case 2:
		size, before, after = g.h2, 1.4, 0.5
	case 3:
		size, before, after = g.h3, 1.0, 0.35
	}
	var sec *section
	if i, ok := b.secOf[h]; ok {
		sec = &b.r.secs[i]
	}
	var runs []run
	for _, p := range inlines(h, b.src, 0) {
		runs = append(runs, p.runs...)
	}
	bx := b.r.headingRuns(sec, runs, size, h.Level, b.x, b.w)
	if sec != nil {
		bx.sec = b.secOf[h] + 1
	}
	if g.headSpace > 0 {
		before, after = before*g.headSpace, after*g.headSpace
	}
	pitch := g.body * text.MMPerPt * g.leading
	b.space(pitch * before)
	b.add(bx)
	b.gap = pitch * after
	b.locked = true
}

// paragraph lays out a paragraph line by line (pages break between lines),
// with images between its text as blocks of their own. gap is the space
// before it, in line pitches.
func (b *builder) paragraph(n ast.Node, gap float64) error {
	b.space(b.pitch() * gap)
	for _, p := range inlines(n, b.src, 0) {
		if p.img != nil {
			if err := b.image(p.img); err != nil {
				return err
			}
			continue
		}
		start := len(b.boxes)
		b.text(p.runs, textStyle{size: b.size, col: inkColour, strong: strongColour})
		if (allBold(p.runs) || question(p.runs)) && len(b.boxes) > start {
			// A paragraph all in bold is a caption ("**例1：…**"), and a
			// question ("**Q.** …") goes with its answer: keep it with
			// what follows.
			b.boxes[len(b.boxes)-1].keep = true
		}
	}
	return nil
}

// question reports a paragraph that opens with a bold "Q.", the question
// of a question and answer.
func question(runs []run) bool {
	for _, r := range runs {
		if t := strings.TrimSpace(r.s); t != "" {
			return r.st&stBold != 0 && strings.HasPrefix(t, "Q.")
		}
	}
	return false
}

func allBold(runs []run) bool {
	for _, r := range runs {
		if r.st&stBold == 0 && strings.TrimSpace(r.s) != "" {
			return false
		}
	}
	return true
}

// text adds the lines of runs as boxes, with no line alone at the top or
// the bottom of a page when the paragraph has more.
func (b *builder) text(runs []run, ts textStyle) {
	if blank(runs) {
		return
	}
	em := ts.size * text.MMPerPt
	pitch := em * b.r.g.leading
	base := (pitch-em)/2 + ascent*em
	lines := b.r.breakRuns(runs, b.w, ts.size)
	n := len(lines)
	for i, l := range lines {
		l = justify(l, b.w, ts.size)
		offs, h := lineOffsets([]bool{l.hasRuby()}, pitch, em)
		bx := &box{h: h, baseline: base + offs[0], ops: b.r.lineOps(l, b.x, base+offs[0], ts)}
		bx.keep = n >= 2 && i == 0 || n >= 3 && i == n-2
		b.add(bx)
	}
}

func blank(runs []run) bool {
	for _, r := range runs {
		if strings.TrimSpace(r.s) != "" {
			return false
		}
	}
	return true
}

// list lays out a list, its items indented past their markers: 1. 2. for
// an ordered list, (1) (2) inside another, then ① ②; a round bullet for an
// unordered list, a smaller one inside another.
func (b *builder) list(l *ast.List) error {
	if _, nested := l.Parent().(*ast.ListItem); nested {
		b.space(b.pitch() * 0.15)
	} else {
		b.space(b.pitch() * 0.5)
	}
	em := b.em()
	var markers []op
	gutter := em * 1.2
	if l.IsOrdered() {
		n := l.Start
		var ws []float64
		for ch := l.FirstChild(); ch != nil; ch = ch.NextSibling() {
			m := orderedMarker(b.olDeep, n)
			n++
			markers = append(markers, op{kind: opText, size: b.size, col: accentColour, s: m})
			ws = append(ws, b.r.width(m, b.size))
			gutter = max(gutter, ws[len(ws)-1]+em*0.4)
		}
		for i := range markers { // numbers end at the same place
			markers[i].x = b.x + gutter - em*0.4 - ws[i]
		}
		b.olDeep++
		defer func() { b.olDeep-- }()
	} else {
		// The bullet is a drawn dot: the glyph ・ is too light to find.
		r := em * 0.14
		if b.ulDeep > 0 {
			r = em * 0.1
		}
		for ch := l.FirstChild(); ch != nil; ch = ch.NextSibling() {
			markers = append(markers, op{kind: opDot, x: b.x + gutter/2 - em*0.1, y: -em * 0.34, w: r, col: accentColour})
		}
		b.ulDeep++
		defer func() { b.ulDeep-- }()
	}
	x, w := b.x, b.w
	defer func() { b.x, b.w = x, w }()
	i := 0
	for item := l.FirstChild(); item != nil; item, i = item.NextSibling(), i+1 {
		if i > 0 {
			if l.IsTight {
				b.space(b.pitch() * 0.15)
			} else {
				b.space(b.pitch() * 0.45)
			}
		}
		b.marker = markers[i : i+1]
		b.x, b.w = x+gutter, w-gutter
		if err := b.blocks(item); err != nil {
			return err
		}
		if b.marker != nil { // an empty item still shows its marker
			b.add(&box{h: b.pitch(), baseline: (b.pitch()-em)/2 + ascent*em})
		}
	}
	if _, nested := l.Parent().(*ast.ListItem); nested {
		b.space(b.pitch() * 0.15)
	} else {
		b.space(b.pitch() * 0.5)
	}
	return nil
}

func orderedMarker(depth, n int) string {
	switch {
	case depth == 0:
		return strconv.Itoa(n) + "."
	case depth == 1 || n < 1 || n > 20:
		return "(" + strconv.Itoa(n) + ")"
	}
	return string(rune('①' + n - 1))
}

// quote lays out a block quote (an example of play) on a shaded panel with
// a bar down its left edge.
func (b *builder) quote(q *ast.Blockquote) error {
	if n := len(b.boxes); n > 0 && len(b.boxes[n-1].panels) == 0 {
		b.boxes[n-1].keep = true // the line that leads into an example box goes with it
	}
	b.space(b.pitch() * 0.6)
	bar := quoteBar
	p := &panel{x: b.x, w: b.w, bg: quoteBG, bar: &bar, pad: b.em() * 0.8}
	start := len(b.boxes)
	err := b.panel(p, b.em()*1.5, b.em()*1.1, func() error { return b.blocks(q) })
	keepTogether(b.boxes[start:], (b.r.g.h-b.r.g.top-b.r.g.bottom)/2)
	return err
}

// keepTogether keeps boxes on one page when together they take at most
// max mm: an example box is never split.
func keepTogether(boxes []*box, max float64) {
	h := 0.0
	for _, bx := range boxes {
		h += bx.before + bx.h
	}
	if h > max {
		return
	}
	for i, bx := range boxes {
		bx.keep = bx.keep || i < len(boxes)-1
	}
}

// panel lays out what fill draws on the panel p, inset by left and right.
func (b *builder) panel(p *panel, left, right float64, fill func() error) error {
	b.pad += p.pad
	b.panels = append(b.panels, p)
	x, w := b.x, b.w
	b.x, b.w = x+left, w-left-right
	err := fill()
	b.x, b.w = x, w
	b.panels = b.panels[:len(b.panels)-1]
	b.pad += p.pad
	b.space(b.pitch() * 0.6)
	return err
}

// code lays out a code block, or raw HTML shown as it was written, on a
// grey panel, each source line broken to fit.
func (b *builder) code(lines []string, muted bool) {
	b.space(b.pitch() * 0.5)
	p := &panel{x: b.x, w: b.w, bg: codeBG, pad: b.em() * 0.6}
	st := runStyle(0)
	if muted {
		st = stMuted
	}
	_ = b.panel(p, b.em()*0.8, b.em()*0.8, func() error {
		for _, l := range lines {
			l = strings.ReplaceAll(l, "\t", "    ")
			if strings.TrimSpace(l) == "" {
				b.add(&box{h: b.pitch()})
				continue
			}
			b.text([]run{{s: l, st: st}}, textStyle{size: b.size, col: inkColour, strong: inkColour})
		}
		return nil
	})
}

// definitions lays out a definition list: each term in bold, its
// descriptions indented below it.
func (b *builder) definitions(dl *east.DefinitionList) error {
	b.space(b.pitch() * 0.5)
	for ch := dl.FirstChild(); ch != nil; ch = ch.NextSibling() {
		switch t := ch.(type) {
		case *east.DefinitionTerm:
			b.space(b.pitch() * 0.3)
			var runs []run
			for _, p := range inlines(t, b.src, stBold) {
				runs = append(runs, p.runs...)
			}
			start := len(b.boxes)
			b.text(runs, textStyle{size: b.size, col: inkColour, strong: inkColour})
			if len(b.boxes) > start {
				b.boxes[len(b.boxes)-1].keep = true
			}
		case *east.DefinitionDescription:
			x, w := b.x, b.w
			b.x, b.w = x+b.em()*1.5, w-b.em()*1.5
			err := b.blocks(t)
			b.x, b.w = x, w
			if err != nil {
				return err
			}
		}
	}
	b.space(b.pitch() * 0.5)
	return nil
}

// footnotes lays out the footnotes at the end of the book, under a short
// rule, each after its number in the accent colour.
func (b *builder) footnotes(fl *east.FootnoteList) error {
	b.space(b.pitch() * 1.2)
	b.add(&box{h: b.pitch() * 0.6, keep: true, ops: []op{{kind: opLine, x: b.x, y: b.pitch() * 0.3, w: b.w * 0.3, lw: 0.3, col: ruleColour}}})
	size, x, w := b.size, b.x, b.w
	defer func() { b.size, b.x, b.w = size, x, w }()
	b.size = b.r.g.small
	em := b.em()
	for ch := fl.FirstChild(); ch != nil; ch = ch.NextSibling() {
		fn, ok := ch.(*east.Footnote)
		if !ok {
			continue
		}
		m := fmt.Sprintf("※%d", fn.Index)
		gutter := b.r.width("※00", b.size) + em*0.5
		b.space(b.pitch() * 0.2)
		b.marker = []op{{kind: opText, x: x, size: b.size, col: accentColour, s: m}}
		b.x, b.w = x+gutter, w-gutter
		if err := b.blocks(fn); err != nil {
			return err
		}
		b.marker = nil
	}
	return nil
}

// image draws an example card from its face's display list, centred (a landscape
// board across the whole text width), or a local
// PNG or JPEG image. An image that cannot be shown leaves its alt text.
func (b *builder) image(img *ast.Image) error {
	dest := string(img.Destination)
	if dest == IndexRef {
		b.r.indexAt = len(b.boxes)
		b.indexEntries(nil)
		b.r.indexN = len(b.boxes) - b.r.indexAt
		return nil
	}
	if ref, ok := strings.CutPrefix(dest, CardRef); ok {
		id, marks := cardDest(ref)
		w := min(CardWidth, b.w)
		h, err := b.r.cardHeight(id, w)
		if err != nil {
			return err
		}
		if h < w { // a landscape board: at card width it would be unreadable
			w = b.w
			if h, err = b.r.cardHeight(id, w); err != nil {
				return err
			}
		}
		if side := 1 + 2*(markGap+markRadius); len(marks) > 0 && w*side > b.w {
			w = b.w / side // room for the markers beside the card
			if h, err = b.r.cardHeight(id, w); err != nil {
				return err
			}
		}
		if n := len(b.boxes); n > 0 && len(marks) > 0 {
			b.boxes[n-1].keep = true // the line that leads into a card's anatomy goes with it
		}
		x := b.x + (b.w-w)/2
		bx := &box{h: h, baseline: b.em(), ops: []op{{kind: opCard, x: x, w: w, s: id}}}
		for i, m := range marks {
			bx.ops = append(bx.ops, b.r.callout(i+1, m, x, w, h)...)
			bx.h = max(bx.h, m.Y*h+markRadius*w)
		}
		b.space(b.pitch() * 0.6)
		b.add(bx)
		if len(marks) > 0 {
			b.callout = len(b.boxes) - 1
		}
		b.space(b.pitch() * 0.6)
		return nil
	}
	if enc, ok := strings.CutPrefix(dest, FigureRef); ok {
		return b.figure(enc)
	}
	f := b.r.images.load(b.r.pdf, dest)
	if f == nil {
		alt := plainText(img, b.src)
		if strings.TrimSpace(alt) != "" {
			b.text([]run{{s: "［図：" + alt + "］", st: stMuted}}, textStyle{size: b.size, col: mutedColour, strong: mutedColour})
		}
		return nil
	}
	g := b.r.g
	w := float64(f.w) / imageDPI * 25.4
	h := float64(f.h) / imageDPI * 25.4
	if w > b.w {
		w, h = b.w, h*b.w/w
	}
	if maxH := (g.h - g.top - g.bottom) * 0.6; h > maxH {
		w, h = w*maxH/h, maxH
	}
	b.space(b.pitch() * 0.6)
	b.add(&box{h: h, baseline: b.em(), ops: []op{{kind: opImage, x: b.x + (b.w-w)/2, w: w, h: h, s: f.name}}})
	b.space(b.pitch() * 0.6)
	return nil
}

// callout draws the numbered marker n of a card's callout, for the card
// drawn w × h at (x, 0): a leader from the marker to a dot in the part,
// then the marker, a white-ringed disc with the number in white bold.
func (r *typesetter) callout(n int, m mark, x, w, h float64) []op {
	num := strconv.Itoa(n)
	rad := markRadius * w
	size := rad * 1.5 / text.MMPerPt
	cx, cy, ax, ay := x+m.X*w, m.Y*h, x+m.AX*w, m.AY*h
	return []op{
		{kind: opLine, x: cx, y: cy, w: ax - cx, h: ay - cy, lw: 0.3, col: strongColour},
		{kind: opDot, x: ax, y: ay, w: 0.8, col: rgb{255, 255, 255}},
		{kind: opDot, x: ax, y: ay, w: 0.55, col: strongColour},
		{kind: opDot, x: cx, y: cy, w: rad + 0.35, col: rgb{255, 255, 255}},
		{kind: opDot, x: cx, y: cy, w: rad, col: strongColour},
		{kind: opText, x: cx - r.width(num, size)/2, y: cy + size*text.MMPerPt*0.35, size: size, bold: true, col: rgb{255, 255, 255}, s: num},
	}
}

// figure draws a {{figure}} centred, at its natural size or scaled down to
// the measure.
func (b *builder) figure(enc string) error {
	f, err := decodeFigure(enc)
	if err != nil {
		return errors.New(messages.Err("figure.bad", err).In(b.r.cfg.lang))
	}
	if b.r.figures == nil {
		b.r.figures = map[string]*draw.List{}
	}
	b.r.figures[enc] = figureList(f)
	w := min(f.W, b.w)
	h := f.H * w / f.W
	if n := len(b.boxes); n > 0 {
		b.boxes[n-1].keep = true // the line that leads into the figure goes with it
	}
	b.space(b.pitch() * 0.6)
	b.add(&box{h: h, baseline: b.em(), ops: []op{{kind: opFigure, x: b.x + (b.w-w)/2, w: w, s: enc}}})
	b.space(b.pitch() * 0.6)
	return nil
}

// imageDPI is the resolution at which a local image shows at its natural
// size: the CSS pixel, so it matches the HTML page.
const imageDPI = 96

// cardHeight is the height of card id drawn w wide: its face's trim
// scaled to w (a card's stand-in frame when the book has no cards).
func (r *typesetter) cardHeight(id string, w float64) (float64, error) {
	if r.cards == nil {
		return w * 88 / 63, nil
	}
	face, err := r.cards.Face(id)
	if err != nil {
		return 0, errors.New(messages.Err("card.draw", id, err).In(r.cfg.lang))
	}
	tw, th := face.Trim()
	return th * (w / tw), nil
}

// drawCard plays card id's face, its trim w wide with its top-left corner
// at (x, y), clipped to the trim; or draws a labelled frame when the book
// has no cards.
func (r *typesetter) drawCard(pdf *fpdf.Fpdf, id string, x, y, w float64) error {
	if r.cards == nil {
		h := w * 88 / 63
		pdf.SetDrawColor(accentColour.r, accentColour.g, accentColour.b)
		pdf.SetLineWidth(0.6)
		pdf.RoundedRect(x, y, w, h, 2.5, "1234", "D")
		pdf.SetTextColor(inkColour.r, inkColour.g, inkColour.b)
		pdf.SetFontSize(10)
		pdf.Text(x+(w-pdf.GetStringWidth(id))/2, y+h/2, id)
		return nil
	}
	face, err := r.cards.Face(id)
	if err != nil {
		return errors.New(messages.Err("card.draw", id, err).In(r.cfg.lang))
	}
	tw, th := face.Trim()
	scale := w / tw
	pdf.TransformBegin()
	pdf.TransformScale(100*scale, 100*scale, x, y)
	pdf.ClipRect(x, y, tw, th, false)
	draw.NewPDF(pdf, r.cards.FontName).Draw(face, x-face.Bleed, y-face.Bleed)
	pdf.ClipEnd()
	pdf.TransformEnd()
	return nil
}
