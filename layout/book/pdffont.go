package book

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"bifrost/layout/text"
)

// Mincho and Gothic are the installed families a book looks for, first
// found first: a Mincho for the body and a Gothic, with a real bold, for
// headings and emphasis. Families with full-width kana and punctuation come
// before proportional ones (the P families), whose narrower brackets the
// punctuation compression would squeeze twice.
var (
	Mincho = []string{"IPAexMincho", "BIZ UDMincho", "Noto Serif JP", "Noto Serif CJK JP", "BIZ UDPMincho"}
	Gothic = []string{"BIZ UDGothic", "Noto Sans JP", "Noto Sans CJK JP", "IPAexGothic", "BIZ UDPGothic"}
)

// InstalledChain is a fallback chain of those of families installed here,
// the embedded M+ last. A family whose file cannot be read is left out.
func InstalledChain(families []string) *text.Chain {
	var faces []text.Face
	for _, f := range families {
		in, ok := text.Find(f)
		if !ok {
			continue
		}
		if face, err := text.LoadInstalled(in); err == nil {
			faces = append(faces, face)
		}
	}
	return text.NewChain(faces...)
}

// WithFonts sets the book's type: body for the text, gothic for headings,
// table headers and **strong** text, each drawn from its bold face where
// the family has one. Left out, both are the embedded M+, whose bold is
// its outline stroked.
func WithFonts(body, gothic *text.Chain) PDFOption {
	return func(c *pdfConfig) { c.body, c.gothic = body, gothic }
}

// chain is the chain that draws plain (body) or bold (gothic) text.
func (c *pdfConfig) chain(bold bool) *text.Chain {
	if bold {
		return c.gothic
	}
	return c.body
}

// breakWidth is the width of s in thousandths of an em, each character at
// the wider of its plain and its bold width.
func (c *pdfConfig) breakWidth(s string) int {
	w := 0
	for _, r := range s {
		p, _ := c.body.FontFor(r, false)
		b, _ := c.gothic.FontFor(r, true)
		w += max(p.Width(r), b.Width(r))
	}
	return w
}

// family is the PDF font family that draws f, added to the document on
// its first use so that a font of the chains the book never needs is not
// embedded. It is the font's name without spaces ("IPAexMincho",
// "BIZUDPGothic-Bold"), so a reader lists the fonts by name; the embedded
// M+ is FontFamily, which newBookPDF added.
func (r *typesetter) family(f *text.Font) string {
	if f == text.Default() {
		return FontFamily
	}
	if name, ok := r.families[f]; ok {
		return name
	}
	name := strings.ReplaceAll(f.Name, " ", "")
	for _, face := range append(r.cfg.body.Faces, r.cfg.gothic.Faces...) {
		if face.Bold == f {
			name += "-Bold"
			break
		}
	}
	for n := 2; slices.Contains(slices.Collect(maps.Values(r.families)), name); n++ {
		name = strings.TrimSuffix(name, "-"+strconv.Itoa(n-1)) + "-" + strconv.Itoa(n)
	}
	if r.families == nil {
		r.families = map[*text.Font]string{}
	}
	r.families[f] = name
	r.pdf.AddUTF8FontFromBytes(name, "", f.Data)
	return name
}
