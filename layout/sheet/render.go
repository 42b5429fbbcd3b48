package sheet

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"bifrost/layout/internal/fpdf"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/schema"
)

// Duplexes lists the flips Render accepts.
func Duplexes() []string { return []string{"long", "short"} }

// Paper sizes in mm, portrait.
var papers = map[string]spec.Size{
	"a4":     {W: 210, H: 297},
	"letter": {W: 215.9, H: 279.4},
}

// Papers lists the paper names Render accepts.
func Papers() []string { return slices.Sorted(maps.Keys(papers)) }

// paperOf finds the paper opt prints on, A4 unless opt.Paper names one,
// and its name in lower case.
func paperOf(opt cards.Options) (string, spec.Size, error) {
	name := strings.ToLower(cmp.Or(opt.Paper, "a4"))
	paper, ok := papers[name]
	if !ok {
		return "", paper, schema.Errorf("用紙「%s」はありません（%s のどれかです）", "unknown paper %q (want %s)", opt.Paper, schema.Word{strings.Join(Papers(), "、"), strings.Join(Papers(), " or ")})
	}
	return name, paper, nil
}

// pdfDate is the fixed creation and modification date of every PDF, so that
// the same input gives the same bytes.
var pdfDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// newPDF starts a document with fixed dates, written as setOutput says
// (with cmyk, in DeviceCMYK); the painter adds each font the first time it
// draws with it.
func newPDF(l *spec.Layout, page spec.Size, cmyk bool) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: page.W, Ht: page.H}})
	pdf.SetCreationDate(pdfDate)
	pdf.SetModificationDate(pdfDate)
	pdf.SetCatalogSort(true)
	setOutput(pdf, cmyk)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetTitle(l.Game.Title, true)
	pdf.SetCreator("bifrost", false)
	pdf.SetProducer("bifrost", false)
	return pdf
}

// deck is a Deck being imposed on sheets.
type deck struct{ *cards.Deck }

// DefaultMargin is the printable-area margin, in mm, from each paper edge
// to the crop marks when Options.Margin is nil: most home printers leave
// 3 to 5 mm unprinted.
const DefaultMargin = 5.0

// grid is how cards of one size sit on a sheet of paper.
type grid struct {
	page       spec.Size
	cols, rows int
	gx, gy     float64 // space between neighbouring trims
	x0, y0     float64 // the top-left trim corner
	w, h       float64 // card trim
}

// imposition is how the cards are spaced on a sheet: the margin from the
// paper edge to the crop marks and the gutter between neighbouring trims.
type imposition struct{ margin, gutter float64 }

// impositionOf reads the margin and gutter from opt, defaulting to
// DefaultMargin and the layout's gutter.
func impositionOf(l *spec.Layout, opt cards.Options) (imposition, error) {
	im := imposition{margin: DefaultMargin, gutter: l.Sheet.Gutter}
	if opt.Margin != nil {
		im.margin = *opt.Margin
	}
	if opt.Gutter != nil {
		im.gutter = *opt.Gutter
	}
	if im.margin < 0 || im.margin > 50 || math.IsNaN(im.margin) {
		return im, schema.Errorf("余白は 0〜50 mm です（指定: %g）", "the margin must be 0 to 50 mm (got %g)", im.margin)
	}
	if im.gutter < 0 || im.gutter > 30 || math.IsNaN(im.gutter) {
		return im, schema.Errorf("カードの間隔は 0〜30 mm です（指定: %g）", "the gutter must be 0 to 30 mm (got %g)", im.gutter)
	}
	return im, nil
}

// room is what lies outside the outer trims on each side of a sheet: the
// bleed, the crop marks' offset and length, and the margin.
func (im imposition) room(l *spec.Layout) float64 {
	return l.Bleed + l.Sheet.MarkOffset + l.Sheet.MarkLength + im.margin
}

// fit is how many cards of size fit across paper with room on each side and
// gutter between them; nothing is shrunk.
func fit(paper, room, size, gutter float64) int {
	return max(int(math.Floor((paper-2*room+gutter+1e-9)/(size+gutter))), 0)
}

// newGrid fits as many cards as the paper holds with the margin, the crop
// marks and the bleed outside the outer cards and the gutter between them,
// centred on the paper. Nothing is shrunk: a smaller paper holds fewer
// cards.
func newGrid(l *spec.Layout, page, card spec.Size, im imposition) (grid, error) {
	room := im.room(l)
	g := grid{page: page, w: card.W, h: card.H, gx: im.gutter, gy: im.gutter}
	g.cols = fit(page.W, room, card.W, im.gutter)
	g.rows = fit(page.H, room, card.H, im.gutter)
	if g.cols == 0 || g.rows == 0 {
		return g, schema.Errorf("%.1f × %.1f mm のカードは、塗り足し %.1f mm とトンボと余白 %.1f mm を付けると %.1f × %.1f mm の用紙に収まりません", "a %.1f × %.1f mm card with %.1f mm bleed, crop marks and a %.1f mm margin does not fit on %.1f × %.1f mm paper", card.W, card.H, l.Bleed, im.margin, page.W, page.H)
	}
	g.x0 = (page.W - (float64(g.cols)*card.W + float64(g.cols-1)*g.gx)) / 2
	g.y0 = (page.H - (float64(g.rows)*card.H + float64(g.rows-1)*g.gy)) / 2
	return g, nil
}

// fewer says, when n cards take more sheets on g than they would with
// shared cuts and no margin, how many a sheet holds and why; nil otherwise
// (a handful of tokens that fits on one sheet either way costs nothing).
func (g grid) fewer(l *spec.Layout, im imposition, paper string, n int) error {
	bare := imposition{}.room(l)
	most := fit(g.page.W, bare, g.w, 0) * fit(g.page.H, bare, g.h, 0)
	sheets := func(per int) int { return (n + per - 1) / per }
	if g.cols*g.rows >= most || sheets(g.cols*g.rows) == sheets(most) {
		return nil
	}
	shared := imposition{margin: im.margin}
	if n := fit(g.page.W, shared.room(l), g.w, 0) * fit(g.page.H, shared.room(l), g.h, 0); im.gutter > 0 && n > g.cols*g.rows {
		return schema.Errorf("%s 用紙には %.0f × %.0f mm のカードを 1 枚に %d 枚（%d 列 × %d 段）印刷します。余白 %.1f mm、塗り足し %.1f mm、間隔 %.1f mm を保つため縮小はしません（--gutter 0 で切り線を共有すると %d 枚）",
			"%s paper: the %.0f × %.0f mm cards print %d a sheet (%d columns × %d rows) to keep the %.1f mm margin, %.1f mm bleed and %.1f mm gutter; nothing is shrunk (--gutter 0 shares the cuts: %d a sheet)",
			strings.ToUpper(paper), g.w, g.h, g.cols*g.rows, g.cols, g.rows, im.margin, l.Bleed, im.gutter, n)
	}
	return schema.Errorf("%s 用紙には %.0f × %.0f mm のカードを 1 枚に %d 枚（%d 列 × %d 段）印刷します。余白 %.1f mm、塗り足し %.1f mm、間隔 %.1f mm を保つため縮小はしません",
		"%s paper: the %.0f × %.0f mm cards print %d a sheet (%d columns × %d rows) to keep the %.1f mm margin, %.1f mm bleed and %.1f mm gutter; nothing is shrunk",
		strings.ToUpper(paper), g.w, g.h, g.cols*g.rows, g.cols, g.rows, im.margin, l.Bleed, im.gutter)
}

// cell places card i; flipX mirrors the columns (a long-edge back), flipY
// the rows (a short-edge back).
func (g grid) cell(i int, flipX, flipY bool) (x, y float64, col, row int) {
	col, row = i%g.cols, i/g.cols
	if flipX {
		col = g.cols - 1 - col
	}
	if flipY {
		row = g.rows - 1 - row
	}
	return g.x0 + float64(col)*(g.w+g.gx), g.y0 + float64(row)*(g.h+g.gy), col, row
}

// Render writes the print-and-play PDF: for each kind, sheets of cards with
// crop marks, each face page followed by its back page (mirrored for
// long-edge duplex), then each board on a page of its own followed by its
// back (blank when the layout gives none).
func Render(w io.Writer, res schema.Result, l *spec.Layout, opt cards.Options) error {
	paperName, paper, err := paperOf(opt)
	if err != nil {
		return err
	}
	if !slices.Contains(append(Duplexes(), ""), opt.Duplex) {
		return schema.Errorf("両面の綴じ方「%s」はありません（%s のどれかです）", "unknown duplex %q (want %s)", opt.Duplex, schema.Word{strings.Join(Duplexes(), "、"), strings.Join(Duplexes(), " or ")})
	}
	d, err := cards.NewDeck(res, l, opt.Only)
	if err != nil {
		return err
	}
	art := cards.NewArtStore(opt.ArtDir)
	defer art.Close()
	im, err := impositionOf(l, opt)
	if err != nil {
		return err
	}
	pdf := newPDF(l, paper, opt.CMYK)
	p := newPrinter(pdf, l, d.Dataset, art, opt)
	p.im, p.paperName = im, paperName
	if err := (deck{d}).render(p, paper, opt); err != nil {
		return err
	}
	if len(p.pt.Issues) > 0 && opt.Draft == nil {
		return cards.NewIssuesError(p.pt.Issues, d.Dataset)
	}
	if pdf.PageCount() == 0 {
		return schema.Errorf("印刷するものがありません", "nothing to print")
	}
	return pdf.Output(w)
}

// printer lays cards out and replays their drawings onto one PDF.
type printer struct {
	pdf       *fpdf.Fpdf
	out       *draw.PDF
	pt        *cards.Painter
	painted   map[paintedSide]*draw.List // Options.Painted
	im        imposition
	paperName string
	told      map[spec.Size]bool // the card sizes Options.Notice was told about
}

// paintedSide names one side of one copy of a card.
type paintedSide struct {
	kind, id, side string
	copy           int
}

func newPrinter(pdf *fpdf.Fpdf, l *spec.Layout, ds *spec.Dataset, art *cards.ArtStore, opt cards.Options) *printer {
	pt := newPainter(l, ds, art, opt)
	return &printer{pdf: pdf, out: draw.NewPDF(pdf, l.FontNameInPDF), pt: pt, painted: paintedSides(opt), told: map[spec.Size]bool{}}
}

// newPainter paints what opt prints: ink saver, DRAFT band and stamp.
func newPainter(l *spec.Layout, ds *spec.Dataset, art *cards.ArtStore, opt cards.Options) *cards.Painter {
	pt := cards.NewPainter(l, ds, art, false)
	pt.InkSaver, pt.Draft, pt.Stamp = opt.InkSaver, opt.Draft, opt.Stamp
	return pt
}

// paintedSides finds the sides of opt.Painted by card and copy.
func paintedSides(opt cards.Options) map[paintedSide]*draw.List {
	painted := map[paintedSide]*draw.List{}
	for _, d := range opt.Painted {
		painted[paintedSide{d.Kind, d.ID, "face", d.Copy}] = d.Face
		if d.Back != nil {
			painted[paintedSide{d.Kind, d.ID, "back", d.Copy}] = d.Back
		}
	}
	return painted
}

// side draws one side of c with its trim's top-left corner at (x, y).
func (p *printer) side(els []*spec.Element, c *spec.Card, side string, x, y float64) {
	l, ok := p.painted[paintedSide{c.Kind.Name, c.ID, side, c.Copy}]
	if !ok {
		l = p.pt.Draw(els, c, side)
		p.out.Draw(l, x-l.Bleed, y-l.Bleed)
		return
	}
	p.out.Draw(l, x-l.Bleed, y-l.Bleed)
	if o := p.pt.DrawOverlays(c, side); len(o.Items) > 0 {
		p.out.Draw(o, x-o.Bleed, y-o.Bleed)
	}
}

func (d deck) render(p *printer, paper spec.Size, opt cards.Options) error {
	for _, r := range d.runs(opt) {
		if r.board != nil {
			if err := boardFits(r.board, paper); err != nil {
				return err
			}
			for _, c := range r.cards {
				d.board(p, paper, c, opt.FacesOnly, opt.Lang)
			}
			continue
		}
		if err := d.sheets(p, paper, r.cards, opt); err != nil {
			return err
		}
	}
	return nil
}

// run is what prints together: cards of one size that share sheets, or
// the boards of one kind, each on a page of its own.
type run struct {
	cards []*spec.Card
	board *spec.Kind // the boards' kind; nil for cards
}

// runs splits the deck into runs in print order: a new run of cards for
// each kind (unless opt.Pack, or when the layout lets kinds share pages),
// and for each change of card size.
func (d deck) runs(opt cards.Options) []run {
	var out []run
	var qkind *spec.Kind
	for _, k := range d.Kinds {
		if k.Board {
			out = append(out, run{cards: d.Cards[k], board: k})
			qkind = nil
			continue
		}
		if qkind == nil || d.Layout.Sheet.KindPerPage && !opt.Pack || qkind.Size != k.Size {
			out = append(out, run{})
		}
		last := &out[len(out)-1]
		last.cards = append(last.cards, d.Cards[k]...)
		qkind = k
	}
	return out
}

// sheets lays the queue of cards of one size out, a face page then its back page, the
// back mirrored for the printer's flip.
func (d deck) sheets(p *printer, paper spec.Size, queue []*spec.Card, opt cards.Options) error {
	g, err := newGrid(d.Layout, paper, queue[0].Kind.Size, p.im)
	if err != nil {
		return err
	}
	if n := g.fewer(d.Layout, p.im, p.paperName, len(queue)); n != nil && opt.Notice != nil && !p.told[queue[0].Kind.Size] {
		p.told[queue[0].Kind.Size] = true
		opt.Notice(n)
	}
	per := g.cols * g.rows
	for start := 0; start < len(queue); start += per {
		page := queue[start:min(start+per, len(queue))]
		for _, back := range []bool{false, true} {
			if back && opt.FacesOnly {
				continue
			}
			p.pdf.AddPageFormat("P", fpdf.SizeType{Wd: paper.W, Ht: paper.H})
			for i, c := range page {
				x, y, col, row := g.cell(i, back && opt.Duplex != "short", back && opt.Duplex == "short")
				d.placeCard(p, g, c, x, y, col, row, back)
			}
			d.cropMarks(p, g)
			out := d.Layout.Bleed + d.Layout.Sheet.MarkOffset + d.Layout.Sheet.MarkLength
			scaleNote(p, g.x0-out, g.y0-out, paper.H, opt.Lang)
		}
	}
	return nil
}

// placeCard draws one card, its bleed clipped halfway into the gutters so
// that neighbours never overlap.
func (d deck) placeCard(p *printer, g grid, c *spec.Card, x, y float64, col, row int, back bool) {
	b := d.Layout.Bleed
	left, right, top, bottom := b, b, b, b
	if col > 0 {
		left = math.Min(b, g.gx/2)
	}
	if col < g.cols-1 {
		right = math.Min(b, g.gx/2)
	}
	if row > 0 {
		top = math.Min(b, g.gy/2)
	}
	if row < g.rows-1 {
		bottom = math.Min(b, g.gy/2)
	}
	p.pdf.ClipRect(x-left, y-top, g.w+left+right, g.h+top+bottom, false)
	if back {
		p.side(c.Kind.Back, c, "back", x, y)
	} else {
		p.side(c.Kind.Face, c, "face", x, y)
	}
	p.pdf.ClipEnd()
}

// cropMarks draws a mark outside the outer bleed at every cut line.
func (d deck) cropMarks(p *printer, g grid) {
	l := d.Layout
	p.pdf.SetDrawColor(0, 0, 0)
	p.pdf.SetLineWidth(l.Sheet.MarkWidth)
	gridW := float64(g.cols)*g.w + float64(g.cols-1)*g.gx
	gridH := float64(g.rows)*g.h + float64(g.rows-1)*g.gy
	near := l.Bleed + l.Sheet.MarkOffset
	far := near + l.Sheet.MarkLength
	var xs, ys []float64
	for c := range g.cols {
		x := g.x0 + float64(c)*(g.w+g.gx)
		xs = append(xs, x, x+g.w)
	}
	for r := range g.rows {
		y := g.y0 + float64(r)*(g.h+g.gy)
		ys = append(ys, y, y+g.h)
	}
	for _, x := range dedupe(xs) {
		p.pdf.Line(x, g.y0-far, x, g.y0-near)
		p.pdf.Line(x, g.y0+gridH+near, x, g.y0+gridH+far)
	}
	for _, y := range dedupe(ys) {
		p.pdf.Line(g.x0-far, y, g.x0-near, y)
		p.pdf.Line(g.x0+gridW+near, y, g.x0+gridW+far, y)
	}
}

func dedupe(xs []float64) []float64 {
	var out []float64
	for _, x := range xs {
		if len(out) == 0 || math.Abs(out[len(out)-1]-x) > 1e-6 {
			out = append(out, x)
		}
	}
	return out
}

// board draws a board centred on a page of its own orientation, then its
// back page: the layout's back, or a blank page so duplex printing keeps
// one board per sheet; each page with the ruler and the print-at-100% note.
func (d deck) board(p *printer, paper spec.Size, c *spec.Card, facesOnly bool, lang *schema.Lang) {
	k := c.Kind
	page := paper
	orient := "P"
	if k.Size.W > k.Size.H {
		page = spec.Size{W: paper.H, H: paper.W}
		orient = "L"
	}
	x, y := (page.W-k.Size.W)/2, (page.H-k.Size.H)/2
	for _, back := range []bool{false, true} {
		if back && facesOnly {
			continue
		}
		p.pdf.AddPageFormat(orient, fpdf.SizeType{Wd: paper.W, Ht: paper.H})
		p.pdf.ClipRect(x, y, k.Size.W, k.Size.H, false)
		switch {
		case !back:
			p.side(k.Face, c, "face", x, y)
		case len(k.Back) > 0:
			p.side(k.Back, c, "back", x, y)
		}
		p.pdf.ClipEnd()
		scaleNote(p, x, y, page.H, lang)
	}
}

// boardFits checks a board against the paper.
func boardFits(k *spec.Kind, paper spec.Size) error {
	w, h := paper.W, paper.H
	if k.Size.W > k.Size.H {
		w, h = h, w
	}
	if k.Size.W > w+1e-9 || k.Size.H > h+1e-9 {
		return schema.Errorf("ボード %s は %.1f × %.1f mm で、%.1f × %.1f mm のページより大きいです", "board %s is %.1f × %.1f mm, larger than the %.1f × %.1f mm page", k.Name, k.Size.W, k.Size.H, w, h)
	}
	return nil
}

// tombo is the room around a single card for its トンボ, in mm.
const tombo = 12

// PerCard is one card's own PDF: trim size plus bleed, with トンボ.
type PerCard struct {
	Name   string // file name, e.g. "Assist-A01.pdf"
	Render func(w io.Writer) error
}

// RenderEach lists one PDF per card design (copies are not repeated) for
// print shops: the face on page 1 and the back on page 2, each page the
// trim plus bleed plus room for トンボ, with the TrimBox set to the trim and
// the BleedBox to the trim plus the bleed.
func RenderEach(res schema.Result, l *spec.Layout, opt cards.Options) ([]PerCard, error) {
	d, err := cards.NewDeck(res, l, opt.Only)
	if err != nil {
		return nil, err
	}
	var out []PerCard
	names := namesOf(d)
	for _, k := range d.Kinds {
		for _, c := range d.Cards[k] {
			if c.Copy != 1 {
				continue
			}
			out = append(out, PerCard{Name: names.design(c) + ".pdf", Render: func(w io.Writer) error { return deck{d}.renderOne(w, c, opt) }})
		}
	}
	return out, nil
}

func (d deck) renderOne(w io.Writer, c *spec.Card, opt cards.Options) error {
	l := d.Layout
	k := c.Kind
	m := l.Bleed + tombo
	page := spec.Size{W: k.Size.W + 2*m, H: k.Size.H + 2*m}
	art := cards.NewArtStore(opt.ArtDir)
	defer art.Close()
	pdf := newPDF(l, page, opt.CMYK)
	p := newPrinter(pdf, l, d.Dataset, art, opt)
	sides := [][]*spec.Element{k.Face, k.Back}
	if len(k.Back) == 0 || opt.FacesOnly {
		sides = sides[:1]
	}
	for i, els := range sides {
		pdf.AddPageFormat("P", fpdf.SizeType{Wd: page.W, Ht: page.H})
		pdf.SetPageBox("trim", m, m, k.Size.W, k.Size.H)
		pdf.SetPageBox("bleed", m-l.Bleed, m-l.Bleed, k.Size.W+2*l.Bleed, k.Size.H+2*l.Bleed)
		pdf.ClipRect(m-l.Bleed, m-l.Bleed, k.Size.W+2*l.Bleed, k.Size.H+2*l.Bleed, false)
		p.side(els, c, []string{"face", "back"}[i], m, m)
		pdf.ClipEnd()
		TrimMarks(pdf, m, m, k.Size, l.Bleed)
	}
	if len(p.pt.Issues) > 0 && opt.Draft == nil {
		return cards.NewIssuesError(p.pt.Issues, d.Dataset)
	}
	return pdf.Output(w)
}

// TrimMarks draws Japanese-style トンボ around the trim s at (x, y):
// double corner marks (the inner line on the trim, the outer on the bleed)
// and centre marks on each side, 10 mm long outside the bleed.
func TrimMarks(pdf *fpdf.Fpdf, x, y float64, s spec.Size, bleed float64) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.1)
	L := float64(tombo - 2)
	x1, y1 := x+s.W, y+s.H
	corner := func(cx, cy, dx, dy float64) {
		// Horizontal marks at the trim and bleed heights, vertical at the trim and bleed widths.
		ox := cx - dx*bleed
		oy := cy - dy*bleed
		pdf.Line(ox, cy, ox-dx*L, cy)                  // trim line, outward from the bleed corner
		pdf.Line(cx-dx*bleed, oy, cx-dx*(bleed+L), oy) // bleed line
		pdf.Line(cx, oy, cx, oy-dy*L)
		pdf.Line(ox, cy-dy*bleed, ox, cy-dy*(bleed+L))
	}
	corner(x, y, 1, 1)
	corner(x1, y, -1, 1)
	corner(x, y1, 1, -1)
	corner(x1, y1, -1, -1)
	mx, my := x+s.W/2, y+s.H/2
	c := 4.0
	for _, v := range [][4]float64{
		{mx, y - bleed - 1, mx, y - bleed - L}, {mx - c, y - bleed - L/2, mx + c, y - bleed - L/2},
		{mx, y1 + bleed + 1, mx, y1 + bleed + L}, {mx - c, y1 + bleed + L/2, mx + c, y1 + bleed + L/2},
		{x - bleed - 1, my, x - bleed - L, my}, {x - bleed - L/2, my - c, x - bleed - L/2, my + c},
		{x1 + bleed + 1, my, x1 + bleed + L, my}, {x1 + bleed + L/2, my - c, x1 + bleed + L/2, my + c},
	} {
		pdf.Line(v[0], v[1], v[2], v[3])
	}
}

// Ruler is the length of the scale ruler printed in the margin of every
// sheet, in mm.
const Ruler = 50.0

// noteSize is the size of the printing note, in pt.
const noteSize = 6.0

// scaleNote prints, in the margin above what is printed from (left, top)
// on a page pageH high (or, when that is too narrow, left of it, reading
// upward), a ruler Ruler mm long with a tick each millimetre and the
// request to print at actual size, so that a printout shrunk to fit the
// page can be told at once.
func scaleNote(p *printer, left, top, pageH float64, lang *schema.Lang) {
	const depth, gap = 2.8, 1.0 // the ruler's height across, and its gap to the marks
	list := &draw.List{}
	var ox, oy, angle float64
	switch {
	case top-gap-depth >= p.im.margin-1e-9:
		ox, oy = math.Max(p.im.margin, left), top-gap
	case left-gap-depth >= p.im.margin-1e-9:
		ox, oy, angle = left-gap, pageH/2+Ruler, 90
	default: // no margin wide enough: on the top edge of the paper
		ox, oy = math.Max(p.im.margin, left), depth
	}
	list.Add(&draw.Rotate{Angle: angle, X: ox, Y: oy})
	ink := draw.RGB(0, 0, 0)
	list.Add(&draw.Shape{Kind: draw.Line, X: ox, Y: oy, W: Ruler, Stroke: ink, Line: 0.15})
	for i := 0; i <= int(Ruler); i++ {
		tick := 1.0
		switch {
		case i%10 == 0:
			tick = 2.4
		case i%5 == 0:
			tick = 1.7
		}
		list.Add(&draw.Shape{Kind: draw.Line, X: ox + float64(i), Y: oy, H: -tick, Stroke: ink, Line: 0.1})
	}
	note := lang.Pick("%g mm　100%%（実際のサイズ）で印刷してください", "%g mm · Print at 100%% (actual size)")
	p.pt.Note(list, fmt.Sprintf(note, Ruler), ox+Ruler+2, oy-depth, noteSize)
	list.Add(draw.Pop{})
	p.out.Draw(list, 0, 0)
}
