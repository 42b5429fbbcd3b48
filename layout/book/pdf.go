package book

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"bifrost/layout/internal/fpdf"

	"github.com/yuin/goldmark/ast"

	"bifrost/layout/draw"
	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/layout/text"
	"bifrost/schema"
)

// Cards gives a book its example cards, each painted once: the face of
// card id as a display list, its bleed included, and the name each font
// of the faces takes in the PDF (the card sheets' names).
type Cards struct {
	Face     func(id string) (*draw.List, error)
	FontName func(*text.Font) string
}

// FontFamily is the family name under which the book's font is registered.
const FontFamily = "bifrost-book"

// PDFOption adjusts what PDF draws with.
type PDFOption func(*pdfConfig)

type pdfConfig struct {
	body, gothic *text.Chain
	images       fs.FS
	lang         *schema.Lang // of the errors
	paper        string       // overrides the front matter's paper when set
	inkSaver     bool         // a card-size sheet without its colour fills
}

// WithInkSaver prints a card-size sheet with its frame as outlines and no
// fill in the bleed; its text is the same.
func WithInkSaver(on bool) PDFOption { return func(c *pdfConfig) { c.inkSaver = on } }

// WithPaper sets the paper ("A5", "A4" or "card"), whatever the front
// matter says: the one turn summary printed at A5 and at card size.
func WithPaper(paper string) PDFOption { return func(c *pdfConfig) { c.paper = paper } }

// WithPDFLang sets the language of PDF's errors (nil: Japanese).
func WithPDFLang(lang *schema.Lang) PDFOption { return func(c *pdfConfig) { c.lang = lang } }

// WithImages lets the book show local PNG and JPEG images from images, the
// markdown's folder, which must keep to that folder (as an os.Root's FS or
// an embed.FS does). An image path that leads outside it through "..", an
// absolute path or a URL is an error of the markdown; one that images
// refuses (a symbolic link out of an os.Root) or that cannot be read shows
// its alt text, as does every local image when no images are given.
func WithImages(images fs.FS) PDFOption { return func(c *pdfConfig) { c.images = images } }

// pdfDate is the fixed creation and modification date of every book, so the
// same markdown gives the same bytes.
var pdfDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// CardWidth is how wide an example card is drawn, in mm.
const CardWidth = 45.0

// PDF typesets the expanded markdown as a book: a title page from the front
// matter's title, a table of contents with page numbers, then the body with
// numbered headings, Japanese line breaking (UAX #14 with kinsoku, filled
// greedily by measured width), lists, tables, block quotes, example cards
// (drawn by cards), footnotes and page numbers. The paper is the front
// matter's A5 (the default), A4 or card (63 × 88 mm, for a sheet only),
// unless WithPaper sets it.
//
// The body is laid out once into pages of boxes; the table of contents,
// whose length does not depend on the page numbers, is laid out before it,
// so every page number it prints is exact. Every line is drawn with Text,
// never with fpdf's MultiCell, SplitText or Write.
func PDF(w io.Writer, md []byte, cards *Cards, opts ...PDFOption) error {
	r, err := typeset(md, cards, opts...)
	if err != nil {
		return err
	}
	return r.pdf.Output(w)
}

// typeset lays the book out and draws it, ready for output.
func typeset(md []byte, cards *Cards, opts ...PDFOption) (*typesetter, error) {
	cfg := pdfConfig{body: text.NewChain(), gothic: text.NewChain()}
	for _, o := range opts {
		o(&cfg)
	}
	md = bmpOnly(bytes.ReplaceAll(md, []byte("\r\n"), []byte("\n")))
	doc, meta, err := parse(md, cfg.lang)
	if err != nil {
		return nil, err
	}
	if cfg.paper != "" {
		meta.Paper = strings.ToUpper(cfg.paper)
	}
	g, ok := geometries[meta.Paper]
	if !ok || (g.sheetOnly && !meta.Sheet) {
		return nil, &SourceError{Line: 1, Msg: messages.Err("front.paper", meta.Paper).In(cfg.lang)}
	}
	if meta.Sheet {
		g = g.sheet()
	}
	g = g.cutOut()
	r := &typesetter{g: g, cfg: cfg, cards: cards, src: md, meta: meta, latinSpace: meta.LatinSpace}
	r.pdf = newBookPDF(g, meta.Title)
	r.pdf.SetFont(FontFamily, "", g.body)
	if err := r.layout(doc); err != nil {
		return nil, err
	}
	if err := r.emit(); err != nil {
		return nil, err
	}
	if err := r.pdf.Error(); err != nil {
		return nil, err
	}
	return r, nil
}

// bmpOnly replaces each character outside the Basic Multilingual Plane,
// which fpdf cannot embed (it would garble the page), with 〓, the
// placeholder Japanese typesetters use for a missing character.
func bmpOnly(md []byte) []byte {
	if !bytes.ContainsFunc(md, func(r rune) bool { return r > 0xFFFF }) {
		return md
	}
	return bytes.Map(func(r rune) rune {
		if r > 0xFFFF {
			return '〓'
		}
		return r
	}, md)
}

// geometry is the page and type sizes for one paper. Sizes are in points,
// lengths in mm.
type geometry struct {
	name                     string
	w, h                     float64
	left, right, top, bottom float64
	body, small, table       float64 // body text, notes and footer, table cells
	h1, h2, h3, title        float64
	leading, tableLeading    float64 // line pitch as a multiple of the size
	footerY                  float64 // baseline of the page number, from the page top
	sheetOnly                bool    // the paper is for a sheet only, not a book
	sides                    int     // the pages a sheet may take (0: one)
	headSpace                float64 // the space around headings, times the usual (0: the usual)
	bleed                    float64 // a card-size sheet's bleed, mm (0: cut at the page's edge)
	cut                      float64 // where the trim starts on the page, after cutOut
	trimW, trimH             float64 // the trim, after cutOut
}

var geometries = map[string]geometry{
	"A5": {name: "A5", w: 148, h: 210, left: 15, right: 15, top: 16, bottom: 18,
		body: 9, small: 7.5, table: 8, h1: 15, h2: 12, h3: 10, title: 22,
		leading: 1.75, tableLeading: 1.4, footerY: 201},
	"A4": {name: "A4", w: 210, h: 297, left: 22, right: 22, top: 22, bottom: 24,
		body: 10.5, small: 8.5, table: 9.5, h1: 18, h2: 14, h3: 12, title: 30,
		leading: 1.75, tableLeading: 1.4, footerY: 285},
	// A turn summary the size of a poker card, printed on its two sides
	// (two pages, no page numbers), each page the trim with its bleed and
	// トンボ around it, framed like the cards.
	"CARD": {name: "card", w: 63, h: 88, left: 4.5, right: 4.5, top: 5, bottom: 5,
		body: 6.9, small: 6.2, table: 6.6, h1: 9, h2: 8, h3: 7.6, title: 10,
		leading: 1.6, tableLeading: 1.35, footerY: 85, sheetOnly: true, sides: 2, headSpace: 0.35,
		bleed: 3},
}

// cardRoom is the room around a card-size sheet's bleed for its トンボ, mm.
const cardRoom = 12.0

// cutOut gives a paper with bleed a page the trim plus the bleed plus room
// for トンボ, the type area moved with the trim; other papers are as they
// are.
func (g geometry) cutOut() geometry {
	if g.bleed == 0 {
		return g
	}
	m := g.bleed + cardRoom
	g.cut, g.trimW, g.trimH = m, g.w, g.h
	g.w, g.h = g.w+2*m, g.h+2*m
	g.left, g.right, g.top, g.bottom = g.left+m, g.right+m, g.top+m, g.bottom+m
	g.footerY += m
	return g
}

func (g geometry) contentW() float64 { return g.w - g.left - g.right }

// sheet is g set tighter for a one-page reference sheet: narrower margins,
// smaller type and lines closer together.
func (g geometry) sheet() geometry {
	k := 0.85
	g.left, g.right, g.top, g.bottom = g.left*0.7, g.right*0.7, g.top*0.7, g.bottom*0.7
	g.body, g.small, g.table = g.body*k, g.small*k, g.table*k
	g.h1, g.h2, g.h3 = g.h1*0.8, g.h2*0.85, g.h3*0.85
	g.leading, g.tableLeading = 1.55, 1.3
	g.footerY = g.h - g.bottom/2
	return g
}

// newBookPDF starts a document with the book's font and fixed dates, as the
// card sheets do.
func newBookPDF(g geometry, title string) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: g.w, Ht: g.h}})
	pdf.SetCreationDate(pdfDate)
	pdf.SetModificationDate(pdfDate)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	if title != "" {
		pdf.SetTitle(title, true)
	}
	pdf.SetCreator("bifrost", false)
	pdf.SetProducer("bifrost", false)
	pdf.AddUTF8FontFromBytes(FontFamily, "", text.Default().Data)
	return pdf
}

// Colours, matching the HTML page.
type rgb struct{ r, g, b int }

var (
	inkColour     = rgb{34, 34, 34}
	accentColour  = rgb{107, 79, 42}
	strongColour  = rgb{138, 43, 14}
	mutedColour   = rgb{110, 110, 110}
	codeBG        = rgb{236, 236, 236}
	quoteBG       = rgb{238, 243, 247}
	quoteBar      = rgb{106, 140, 175}
	tableHeadBG   = rgb{241, 232, 216}
	tableZebraBG  = rgb{250, 247, 241}
	tableRule     = rgb{190, 175, 160}
	ruleColour    = rgb{180, 170, 155}
	titleRuleTint = rgb{200, 180, 150}
	panelColour   = rgb{253, 250, 243}
)

// typesetter holds one book being typeset.
type typesetter struct {
	g     geometry
	cfg   pdfConfig
	cards *Cards
	src   []byte
	meta  Meta
	pdf   *fpdf.Fpdf

	secs    []section
	pages   []*page
	secPage []int // the page of each section, 1-based
	links   []int // fpdf link ids, one per section

	termLinks  map[int]int    // fpdf link ids of the glossary terms that have a definition, by 1 + term
	termSet    map[int]bool   // the terms whose link target is set
	terms      map[int]string // the glossary's terms by 1 + term, as its entries show them
	indexAt    int            // where the index's entries start in the body's boxes, -1 for no index
	indexN     int            // how many boxes the index takes
	latinSpace float64        // the Japanese–Latin space, em (Meta.LatinSpace)

	images  *imageStore
	figures map[string]*draw.List // the figures by their encoding after FigureRef

	families map[*text.Font]string // the PDF font family of each font used (family)
}

// measure is the text package's Measure for the book's fonts, with the
// punctuation compression of squeezes. Each character counts at the wider
// of its body and its bold width, so a line broken to fit still fits
// whatever of it is bold.
func (r *typesetter) measure(s string) int {
	w := 0
	if n := strings.Count(s, string(wordJoinSpace)); n > 0 {
		s = strings.ReplaceAll(s, string(wordJoinSpace), "")
		w = int(float64(n) * r.latinSpace * 1000)
	}
	return w + r.cfg.breakWidth(s) - 500*squeezes(s)
}

// width is the width of s at size points, in mm.
func (r *typesetter) width(s string, size float64) float64 {
	return float64(r.measure(s)) * size * text.MMPerPt / 1000
}

// layout lays out the title page, the contents and the body into pages.
func (r *typesetter) layout(doc ast.Node) error {
	r.secs = outline(doc, r.src)
	r.secPage = make([]int, len(r.secs))
	r.images = newImageStore(r.cfg.images)
	r.terms, r.indexAt = glossaryTerms(doc, r.src), -1
	b := newBuilder(r)
	if err := b.blocks(doc); err != nil {
		return err
	}
	if r.meta.Sheet {
		if r.meta.Title != "" {
			b.boxes = append([]*box{r.headingBox(nil, r.meta.Title, r.g.h1, 1, r.g.left, r.g.contentW())}, b.boxes...)
		}
		r.pages = r.paginate(b.boxes, 1)
		if len(r.pages) > max(r.g.sides, 1) {
			return errors.New(messages.Err("sheet.pages", max(r.g.sides, 1), len(r.pages)).In(r.cfg.lang))
		}
	}
	if r.meta.Title != "" && !r.meta.Sheet {
		r.pages = append(r.pages, r.titlePage())
	}
	if len(r.secs) > 0 && !r.meta.Sheet {
		toc := r.paginate(r.contents(false), len(r.pages)+1)
		if len(toc) > 1 {
			// A contents page or two saved is worth tighter lines.
			if tight := r.paginate(r.contents(true), len(r.pages)+1); len(tight) < len(toc) {
				toc = tight
			}
		}
		r.pages = append(r.pages, toc...)
	}
	if !r.meta.Sheet {
		front := len(r.pages)
		body := r.paginate(b.boxes, front+1)
		if r.indexAt >= 0 {
			// The index comes last, so its page numbers do not move the
			// pages before it: lay it out again with them.
			ib := newBuilder(r)
			ib.indexEntries(r.termPages(body))
			if len(ib.boxes) > 0 {
				ib.boxes[0].before = b.boxes[r.indexAt].before
			}
			boxes := slices.Concat(b.boxes[:r.indexAt], ib.boxes, b.boxes[r.indexAt+r.indexN:])
			body = r.paginate(boxes, front+1)
		}
		r.pages = append(r.pages, body...)
	}
	if len(r.pages) == 0 {
		r.pages = append(r.pages, &page{num: 1}) // an empty book is one blank page
	}
	for _, pg := range r.pages {
		for _, a := range pg.anchors {
			r.secPage[a.sec] = pg.num
		}
	}
	r.resolve()
	return nil
}

// glossaryTerms reads the glossary's terms from its entries' links, by
// 1 + term.
func glossaryTerms(doc ast.Node, src []byte) map[int]string {
	terms := map[int]string{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*ast.Link); ok && entering {
			if k, ok := termLink(string(l.Destination), TermRef); ok {
				terms[k] = plainText(l, src)
			}
		}
		return ast.WalkContinue, nil
	})
	return terms
}

// termPages finds the pages of body where each glossary term is defined or
// used, up to the glossary itself (the first page with a link to a term).
func (r *typesetter) termPages(body []*page) map[int][]int {
	out := map[int][]int{}
	for _, pg := range body {
		glossary := false
		for _, o := range pg.ops {
			glossary = glossary || o.kind == opTermLink
		}
		if glossary {
			break
		}
		// The page's text in drawing order: a term may be drawn in parts
		// (styles, the Japanese–Latin space, a line break).
		var text strings.Builder
		defs := map[int]bool{}
		for _, o := range pg.ops {
			if o.kind == opText {
				text.WriteString(o.s)
			}
			if o.kind == opTermDef {
				defs[o.ref] = true
			}
		}
		for n, term := range r.terms {
			if defs[n] || strings.Contains(text.String(), term) {
				out[n] = append(out[n], pg.num)
			}
		}
	}
	return out
}

// emit draws every page.
func (r *typesetter) emit() error {
	r.links = make([]int, len(r.secs))
	for i := range r.links {
		r.links[i] = r.pdf.AddLink()
	}
	// A term links only where its definition exists.
	r.termLinks, r.termSet = map[int]int{}, map[int]bool{}
	for _, pg := range r.pages {
		for _, o := range pg.ops {
			if o.kind == opTermDef {
				if _, ok := r.termLinks[o.ref]; !ok {
					r.termLinks[o.ref] = r.pdf.AddLink()
				}
			}
		}
	}
	d := &drawer{pdf: r.pdf, r: r}
	lastLevel := -1
	for _, pg := range r.pages {
		r.pdf.AddPageFormat("P", fpdf.SizeType{Wd: r.g.w, Ht: r.g.h})
		r.cardFrame()
		d.reset()
		for _, a := range pg.anchors {
			s := r.secs[a.sec]
			r.pdf.SetLink(r.links[a.sec], a.y, r.pdf.PageNo())
			// Outline levels may not skip: a level-3 heading straight
			// after a level-1 one hangs under it.
			lvl := min(s.Level-1, lastLevel+1)
			lastLevel = lvl
			r.pdf.Bookmark(s.Number+" "+s.Title, lvl, a.y)
		}
		for _, o := range pg.ops {
			if err := d.op(o); err != nil {
				return err
			}
		}
		if r.g.cut > 0 {
			sheet.TrimMarks(r.pdf, r.g.cut, r.g.cut, spec.Size{W: r.g.trimW, H: r.g.trimH}, r.g.bleed)
		}
	}
	return nil
}

// cardFrame draws a card-size sheet's frame, as the cards have one: the
// accent colour over the trim and its bleed and a light panel inset from
// the trim for the text; with the ink saver, the panel's outline only. It
// sets the page's TrimBox and BleedBox.
func (r *typesetter) cardFrame() {
	g := r.g
	if g.cut == 0 {
		return
	}
	b := g.bleed
	r.pdf.SetPageBox("trim", g.cut, g.cut, g.trimW, g.trimH)
	r.pdf.SetPageBox("bleed", g.cut-b, g.cut-b, g.trimW+2*b, g.trimH+2*b)
	const inset, radius = 1.5, 2.0 // the panel inside the trim, clear of the text
	x, y, w, h := g.cut+inset, g.cut+inset, g.trimW-2*inset, g.trimH-2*inset
	if r.cfg.inkSaver {
		r.pdf.SetDrawColor(accentColour.r, accentColour.g, accentColour.b)
		r.pdf.SetLineWidth(0.35)
		r.pdf.RoundedRect(x, y, w, h, radius, "1234", "D")
		return
	}
	r.pdf.SetFillColor(accentColour.r, accentColour.g, accentColour.b)
	r.pdf.Rect(g.cut-b, g.cut-b, g.trimW+2*b, g.trimH+2*b, "F")
	r.pdf.SetFillColor(panelColour.r, panelColour.g, panelColour.b)
	r.pdf.RoundedRect(x, y, w, h, radius, "1234", "F")
}
