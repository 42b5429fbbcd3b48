package book

import (
	"fmt"
	"strconv"
	"strings"

	"bifrost/layout/internal/fpdf"

	"bifrost/layout/draw"
	"bifrost/layout/text"
)

// opKind is what one drawing operation draws.
type opKind uint8

const (
	opText     opKind = iota // s, its baseline starting at (x, y)
	opFill                   // a filled rectangle x, y, w × h
	opLine                   // a line from (x, y) to (x+w, y+h), lw wide
	opDot                    // a filled circle of radius w at (x, y): a sesame dot
	opLeader                 // a dotted line from (x, y) to (x+w, y)
	opCard                   // the example card s, w wide, top-left at (x, y)
	opImage                  // the registered image s, w × h at (x, y)
	opFigure                 // the figure FigureRef+s, scaled to w wide, top-left at (x, y)
	opLink                   // a link over x, y, w × h to section ref-1
	opTermDef                // the target of glossary term ref-1 at y (its first definition)
	opTermLink               // a link over x, y, w × h to glossary term ref-1
)

// op is one drawing operation. Inside a box, y counts from the box's top;
// on a page, from the page's top.
type op struct {
	kind       opKind
	x, y, w, h float64
	size       float64 // text size in points
	lw         float64 // line width in mm
	col        rgb
	bold       bool
	s          string
	ref        int     // opText: print the page of section ref-1, right-aligned at x; opLink: its target
	spacing    float64 // opText: extra space after each character, mm (justified lines)
}

// box is an unbreakable piece of the vertical flow: a line of text, a table
// row, a heading, a card. Pages break only between boxes.
type box struct {
	h        float64 // height
	before   float64 // space above, dropped at the top of a page
	keep     bool    // keep on the same page as the next box
	baseline float64 // the first baseline, from the top (for list markers)
	ops      []op
	panels   []*panel // the shaded panels (block quotes, code) around the box, outermost first
	header   *box     // table rows: the header row to repeat at the top of a new page
	sec      int      // headings: 1 + the index of their section
}

// panel is a shaded background behind a run of boxes, drawn page by page.
type panel struct {
	x, w float64
	bg   rgb
	bar  *rgb // a bar down the left edge, for block quotes
	pad  float64
}

// page is one laid-out page.
type page struct {
	num     int // 1-based, counting the title page
	ops     []op
	anchors []anchor
}

// anchor is where a section's heading landed.
type anchor struct {
	sec int
	y   float64
}

const eps = 1e-6

// paginate places boxes on new pages, numbered from first: a box goes to
// the next page when it does not fit, and so does a run of boxes kept
// together (a heading and what follows it) when the whole run would fit on
// an empty page.
func (r *typesetter) paginate(boxes []*box, first int) []*page {
	if len(boxes) == 0 {
		return nil
	}
	var pages []*page
	top, bottom := r.g.top, r.g.h-r.g.bottom
	var pg *page
	var body []op
	type extent struct{ top, bottom float64 }
	var panels []*panel
	ext := map[*panel]*extent{}
	y := top
	finish := func() {
		if pg == nil {
			return
		}
		var under []op
		for _, p := range panels {
			e := ext[p]
			t, h := e.top-p.pad, e.bottom-e.top+2*p.pad
			under = append(under, op{kind: opFill, x: p.x, y: t, w: p.w, h: h, col: p.bg})
			if p.bar != nil {
				under = append(under, op{kind: opFill, x: p.x, y: t, w: 1.1, h: h, col: *p.bar})
			}
		}
		pg.ops = append(under, body...)
		if r.g.sides < 2 { // a two-sided card needs no page numbers
			num := strconv.Itoa(pg.num)
			pg.ops = append(pg.ops, op{kind: opText, x: (r.g.w - r.width(num, r.g.small)) / 2, y: r.g.footerY, size: r.g.small, col: mutedColour, s: num})
		}
	}
	newPage := func() {
		finish()
		pg = &page{num: first + len(pages)}
		pages = append(pages, pg)
		body, panels = nil, nil
		clear(ext)
		y = top
	}
	place := func(b *box) {
		for _, o := range b.ops {
			o.y += y
			body = append(body, o)
		}
		if b.sec > 0 {
			pg.anchors = append(pg.anchors, anchor{b.sec - 1, y})
		}
		for _, p := range b.panels {
			e := ext[p]
			if e == nil {
				e = &extent{y, y + b.h}
				ext[p] = e
				panels = append(panels, p)
			}
			e.bottom = y + b.h
		}
		y += b.h
	}
	newPage()
	atTop := true
	for i, b := range boxes {
		need := b.h
		if !atTop {
			need += b.before
		}
		chain := need
		for j := i; boxes[j].keep && j+1 < len(boxes); j++ {
			chain += boxes[j+1].before + boxes[j+1].h
		}
		if !atTop && (y+need > bottom+eps || y+chain > bottom+eps && chain-need+b.h <= bottom-top) {
			newPage()
			atTop = true
		}
		if atTop && b.header != nil {
			place(b.header)
			atTop = false
		}
		if !atTop {
			y += b.before
		}
		place(b)
		atTop = false
	}
	finish()
	return pages
}

// resolve fills in the page numbers of the table of contents.
func (r *typesetter) resolve() {
	for _, pg := range r.pages {
		for i, o := range pg.ops {
			if o.kind == opText && o.ref > 0 {
				o.s = strconv.Itoa(r.secPage[o.ref-1])
				o.x -= r.width(o.s, o.size)
				o.ref = 0
				pg.ops[i] = o
			}
		}
	}
}

// contents lays out the table of contents: sections of levels 1 and 2 with
// their numbers, dot leaders and page numbers. Its length does not depend
// on the page numbers, which are filled in once the body is laid out.
// A tight table of contents has less space between its entries.
func (r *typesetter) contents(tight bool) []*box {
	g := r.g
	var out []*box
	out = append(out, r.headingBox(nil, "目次", g.h1, 1, g.left, g.contentW()))
	out[0].keep = true
	right := g.w - g.right
	size := g.body
	sizeMM := size * text.MMPerPt
	pitch, gap1 := sizeMM*1.6, 0.5
	if tight {
		pitch, gap1 = sizeMM*1.45, 0.2
	}
	pageW := r.width("000", size)
	num1, num2 := 0.0, 0.0
	for _, s := range r.secs {
		w := r.width(s.Number, size)
		if s.Level == 1 {
			num1 = max(num1, w)
		} else if s.Level == 2 {
			num2 = max(num2, w)
		}
	}
	num1 += sizeMM * 0.8
	num2 += sizeMM * 0.8
	for i, s := range r.secs {
		if s.Level > 2 {
			continue
		}
		x, numW, bold, before := g.left, num1, true, pitch*gap1
		if s.Level == 2 {
			x, numW, bold, before = g.left+num1, num2, false, 0
		}
		tx := x + numW
		st := runStyle(0)
		if bold {
			st = stBold
		}
		lines := r.breakRuns([]run{{s: s.Title, st: st}}, right-pageW-sizeMM*2-tx, size)
		base := (pitch-sizeMM)/2 + ascent*sizeMM
		b := &box{h: pitch * float64(len(lines)), before: before, baseline: base}
		col := inkColour
		b.ops = append(b.ops, op{kind: opText, x: x, y: base, size: size, col: accentColour, bold: bold, s: s.Number})
		for k, l := range lines {
			b.ops = append(b.ops, r.lineOps(l, tx, base+float64(k)*pitch, textStyle{size: size, col: col, strong: col})...)
		}
		last := lines[len(lines)-1]
		lastBase := base + float64(len(lines)-1)*pitch
		if from, to := tx+last.w+sizeMM*0.6, right-pageW-sizeMM*0.6; to > from {
			b.ops = append(b.ops, op{kind: opLeader, x: from, y: lastBase - sizeMM*0.12, w: to - from, lw: 0.35, col: ruleColour})
		}
		b.ops = append(b.ops,
			op{kind: opText, x: right, y: lastBase, size: size, col: col, bold: bold, ref: i + 1},
			op{kind: opLink, x: x, y: 0, w: right - x, h: b.h, ref: i + 1})
		out = append(out, b)
	}
	return out
}

// titlePage centres the front matter's title between two rules.
func (r *typesetter) titlePage() *page {
	g := r.g
	lines, size := r.titleLines(r.meta.Title, g.contentW()*0.86)
	sizeMM := size * text.MMPerPt
	pitch := sizeMM * 1.45
	h := pitch * float64(len(lines))
	y := g.h*0.38 - h/2
	ruleW := g.contentW() * 0.7
	rx := (g.w - ruleW) / 2
	pg := &page{num: 1}
	pg.ops = append(pg.ops,
		op{kind: opFill, x: rx, y: y - sizeMM*0.9, w: ruleW, h: 0.8, col: accentColour},
		op{kind: opFill, x: rx, y: y - sizeMM*0.9 + 1.4, w: ruleW, h: 0.25, col: titleRuleTint})
	for i, l := range lines {
		base := y + float64(i)*pitch + (pitch-sizeMM)/2 + ascent*sizeMM
		pg.ops = append(pg.ops, r.lineOps(l, (g.w-l.w)/2, base, textStyle{size: size, col: inkColour, strong: inkColour})...)
	}
	pg.ops = append(pg.ops,
		op{kind: opFill, x: rx, y: y + h + sizeMM*0.9 - 1.65, w: ruleW, h: 0.25, col: titleRuleTint},
		op{kind: opFill, x: rx, y: y + h + sizeMM*0.9, w: ruleW, h: 0.8, col: accentColour})
	return pg
}

// titleLines breaks the title only at its spaces ("ナーストレンド
// ルールブック" on two lines), at the title size or smaller; a title with a
// word too long even so is broken like any text.
func (r *typesetter) titleLines(title string, width float64) ([]textLine, float64) {
	words := strings.FieldsFunc(title, func(c rune) bool { return c == ' ' || c == '\u3000' })
	if len(words) == 0 {
		words = []string{title}
	}
	for size := r.g.title; size >= r.g.title*0.6; size-- {
		fits := true
		for _, w := range words {
			fits = fits && r.width(w, size) <= width
		}
		if !fits {
			continue
		}
		var lines []textLine
		cur := words[0]
		for _, w := range words[1:] {
			if r.width(cur+" "+w, size) <= width {
				cur += " " + w
				continue
			}
			lines = append(lines, r.breakRuns([]run{{s: cur, st: stBold}}, width, size)...)
			cur = w
		}
		return append(lines, r.breakRuns([]run{{s: cur, st: stBold}}, width, size)...), size
	}
	size := r.g.title * 0.6
	return r.breakRuns([]run{{s: title, st: stBold}}, width, size), size
}

// drawer draws ops on the PDF, tracking the text state it has set.
type drawer struct {
	pdf *fpdf.Fpdf
	r   *typesetter
}

func (d *drawer) reset() {
	d.pdf.SetFont(FontFamily, "", d.r.g.body)
	d.pdf.SetTextRenderingMode(0)
}

func (d *drawer) op(o op) error {
	pdf := d.pdf
	switch o.kind {
	case opText:
		pdf.SetTextColor(o.col.r, o.col.g, o.col.b)
		if o.spacing != 0 {
			// Character spacing (Tc) is in points; fpdf has no call for it.
			pdf.RawWriteStr(fmt.Sprintf("%.4f Tc", o.spacing*72/25.4))
		}
		x := o.x
		for _, rn := range d.r.cfg.chain(o.bold).Runs(o.s, o.bold) {
			pdf.SetFont(d.r.family(rn.Font), "", o.size)
			if rn.Stroke {
				// A face with no bold (the embedded M+): the outline
				// stroked over the fill (text rendering mode 2).
				pdf.SetDrawColor(o.col.r, o.col.g, o.col.b)
				pdf.SetLineWidth(o.size * text.MMPerPt * boldStroke)
				pdf.SetTextRenderingMode(2)
			}
			pdf.Text(x, o.y, rn.S)
			if rn.Stroke {
				pdf.SetTextRenderingMode(0)
			}
			x += float64(rn.W)*o.size*text.MMPerPt/1000 + o.spacing*runeCount(rn.S)
		}
		if o.spacing != 0 {
			pdf.RawWriteStr("0 Tc")
		}
	case opFill:
		pdf.SetFillColor(o.col.r, o.col.g, o.col.b)
		pdf.Rect(o.x, o.y, o.w, o.h, "F")
	case opLine:
		pdf.SetDrawColor(o.col.r, o.col.g, o.col.b)
		pdf.SetLineWidth(o.lw)
		pdf.Line(o.x, o.y, o.x+o.w, o.y+o.h)
	case opDot:
		pdf.SetFillColor(o.col.r, o.col.g, o.col.b)
		pdf.Circle(o.x, o.y, o.w, "F")
	case opLeader:
		pdf.SetDrawColor(o.col.r, o.col.g, o.col.b)
		pdf.SetLineWidth(o.lw)
		pdf.SetLineCapStyle("round")
		pdf.SetDashPattern([]float64{0, 1.2}, 0)
		pdf.Line(o.x, o.y, o.x+o.w, o.y)
		pdf.SetDashPattern(nil, 0)
		pdf.SetLineCapStyle("butt")
	case opCard:
		// The drawer's clips, transforms and dashes end with it (q … Q).
		pdf.TransformBegin()
		pdf.SetFont(FontFamily, "", d.r.g.body)
		err := d.r.drawCard(pdf, o.s, o.x, o.y, o.w)
		pdf.TransformEnd()
		if err != nil {
			return err
		}
		d.reset()
	case opFigure:
		f := d.r.figures[o.s]
		pdf.TransformBegin()
		pdf.SetFont(FontFamily, "", d.r.g.body)
		draw.NewPDF(pdf, d.r.family).DrawScaled(f, o.x, o.y, o.w/f.W)
		pdf.TransformEnd()
		d.reset()
	case opImage:
		img := d.r.images.byName[o.s]
		pdf.ImageOptions(o.s, o.x, o.y, o.w, o.h, false, fpdf.ImageOptions{ImageType: img.typ}, 0, "")
	case opLink:
		pdf.Link(o.x, o.y, o.w, o.h, d.r.links[o.ref-1])
	case opTermDef:
		if l, ok := d.r.termLinks[o.ref]; ok && !d.r.termSet[o.ref] {
			pdf.SetLink(l, o.y, pdf.PageNo())
			d.r.termSet[o.ref] = true
		}
	case opTermLink:
		if l, ok := d.r.termLinks[o.ref]; ok {
			pdf.Link(o.x, o.y, o.w, o.h, l)
		}
	}
	return nil
}

// boldStroke is the outline width of fake bold, as a share of the size.
const boldStroke = 0.045
