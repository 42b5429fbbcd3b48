package book

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"bifrost/layout/text"
	"bifrost/schema"
)

// HTML writes the expanded markdown as one self-contained page: inline CSS,
// lang="ja", a numbered table of contents, readable on a phone. Raw HTML in
// the markdown is shown escaped, never passed through. cardHTML draws an
// example card for {{card}}. The page names a Mincho stack for the body and
// a Gothic stack for headings and emphasis; WithEmbeddedFonts embeds fonts
// so that the page looks the same without them installed.
func HTML(w io.Writer, md []byte, cardHTML func(id string) template.HTML, opts ...HTMLOption) error {
	var cfg htmlConfig
	for _, o := range opts {
		o(&cfg)
	}
	doc, meta, err := parse(md, cfg.lang)
	if err != nil {
		return err
	}
	secs := outline(doc, md)
	r := markdown().Renderer()
	// A lower priority value wins: the overrides take the kinds they
	// register from goldmark's own renderer (1000).
	r.AddOptions(renderer.WithNodeRenderers(util.Prioritized(&htmlOverrides{cardHTML: cardHTML, images: cfg.images, lang: cfg.lang, secs: secs, terms: glossaryTerms(doc, md)}, 100)))
	var body bytes.Buffer
	if err := r.Render(&body, md, doc); err != nil {
		return err
	}
	page := struct {
		Meta
		TOC   []section
		Body  template.HTML
		Fonts template.CSS
	}{meta, secs, template.HTML(body.String()), fontCSS("", "")}
	if cfg.body == nil {
		return htmlPage.Execute(w, page)
	}
	// The fonts hold the glyphs of the characters the page shows.
	var plain bytes.Buffer
	if err := htmlPage.Execute(&plain, page); err != nil {
		return err
	}
	chars := []rune(plain.String())
	slices.Sort(chars)
	chars = slices.Compact(chars)
	var faces strings.Builder
	for _, f := range []struct {
		family string
		font   *text.Font
		weight string
	}{{"bifrost-mincho", cfg.body, "normal"}, {"bifrost-gothic", cfg.gothic, "bold"}} {
		data, err := subsetTTF(f.font.Data, chars)
		if err != nil {
			return errors.New(messages.Err("font.embed", f.font.Name, err).In(cfg.lang))
		}
		fmt.Fprintf(&faces, "@font-face{font-family:%q;font-weight:%s;src:url(data:font/ttf;base64,%s) format(\"truetype\")}\n",
			f.family, f.weight, base64.StdEncoding.EncodeToString(data))
	}
	page.Fonts = fontCSS(`"bifrost-mincho",`, `"bifrost-gothic",`) + template.CSS(faces.String())
	return htmlPage.Execute(w, page)
}

// HTMLOption adjusts how HTML writes the page.
type HTMLOption func(*htmlConfig)

type htmlConfig struct {
	body, gothic *text.Font   // the embedded fonts, nil for none
	lang         *schema.Lang // of the errors
	images       fs.FS        // the folder of the book's local images
}

// WithHTMLLang sets the language of HTML's errors (nil: Japanese).
func WithHTMLLang(lang *schema.Lang) HTMLOption { return func(c *htmlConfig) { c.lang = lang } }

// WithHTMLImages embeds the book's local PNG and JPEG images from images
// (the folder of the markdown, kept to it as WithImages keeps the PDF) in
// the page as data: URIs, so that the page stands alone.
func WithHTMLImages(images fs.FS) HTMLOption { return func(c *htmlConfig) { c.images = images } }

// WithEmbeddedFonts embeds the first font of body and the bold face (else
// the regular) of the first font of gothic in the page, as base64
// @font-face rules named first in its font stacks. Each holds only the
// outlines of the characters the page shows.
func WithEmbeddedFonts(body, gothic *text.Chain) HTMLOption {
	return func(c *htmlConfig) {
		c.body, c.gothic = body.Faces[0].Regular, gothic.Faces[0].Regular
		if b := gothic.Faces[0].Bold; b != nil {
			c.gothic = b
		}
	}
}

// fontCSS names the page's font stacks, each after the embedded family
// given (empty for none): a Mincho for the body, a Gothic in bold for
// headings, table headers and strong text, from the fonts of macOS,
// Windows and Linux.
func fontCSS(mincho, gothic string) template.CSS {
	return template.CSS(`body{font-family:` + mincho + `"Hiragino Mincho ProN","Yu Mincho",YuMincho,"IPAexMincho","BIZ UDMincho","Noto Serif JP","Noto Serif CJK JP",serif}
h1,h2,h3,th,strong{font-family:` + gothic + `"Hiragino Kaku Gothic ProN","Hiragino Sans","Yu Gothic",YuGothic,"BIZ UDGothic","Noto Sans JP","Noto Sans CJK JP","IPAexGothic",sans-serif;font-weight:bold}
`)
}

// htmlOverrides escapes raw HTML, numbers headings, draws example cards,
// and makes the glossary's targets and index.
type htmlOverrides struct {
	cardHTML func(id string) template.HTML
	images   fs.FS
	lang     *schema.Lang
	secs     []section
	terms    map[int]string // the glossary's terms by 1 + term
}

func (o *htmlOverrides) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, o.rawHTML)
	reg.Register(ast.KindHTMLBlock, o.htmlBlock)
	reg.Register(ast.KindImage, o.image)
	reg.Register(ast.KindHeading, o.heading)
	reg.Register(KindRuby, o.ruby)
	reg.Register(ast.KindLink, o.link)
}

// link writes a glossary term's first definition as the target of the
// glossary's link (id def-N) and any other link as goldmark does.
func (o *htmlOverrides) link(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	l := n.(*ast.Link)
	dest := string(l.Destination)
	if k, ok := termLink(dest, TermDef); ok {
		if entering {
			fmt.Fprintf(w, `<span class="def" id="%s%d">`, TermRef[1:], k-1)
		} else {
			_, _ = w.WriteString("</span>")
		}
		return ast.WalkContinue, nil
	}
	if entering {
		fmt.Fprintf(w, `<a href="%s"`, util.EscapeHTML(util.URLEscape(l.Destination, true)))
		if len(l.Title) > 0 {
			fmt.Fprintf(w, ` title="%s"`, template.HTMLEscapeString(string(l.Title)))
		}
		_, _ = w.WriteString(">")
	} else {
		_, _ = w.WriteString("</a>")
	}
	return ast.WalkContinue, nil
}

// ruby writes <ruby>, each base followed by its reading, with parentheses
// for browsers that cannot show ruby.
func (o *htmlOverrides) ruby(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		r := n.(*Ruby)
		_, _ = w.WriteString("<ruby>")
		for i, b := range r.Bases {
			fmt.Fprintf(w, "%s<rp>（</rp><rt>%s</rt><rp>）</rp>", template.HTMLEscapeString(b), template.HTMLEscapeString(r.Readings[i]))
		}
		_, _ = w.WriteString("</ruby>")
	}
	return ast.WalkSkipChildren, nil
}

func (o *htmlOverrides) rawHTML(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		segs := n.(*ast.RawHTML).Segments
		for i := range segs.Len() {
			s := segs.At(i)
			_, _ = w.WriteString(template.HTMLEscapeString(string(s.Value(src))))
		}
	}
	return ast.WalkSkipChildren, nil
}

func (o *htmlOverrides) htmlBlock(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		b := n.(*ast.HTMLBlock)
		_, _ = w.WriteString(`<pre class="raw">`)
		for i := range b.Lines().Len() {
			s := b.Lines().At(i)
			_, _ = w.WriteString(template.HTMLEscapeString(string(s.Value(src))))
		}
		if b.HasClosure() {
			_, _ = w.WriteString(template.HTMLEscapeString(string(b.ClosureLine.Value(src))))
		}
		_, _ = w.WriteString("</pre>\n")
	}
	return ast.WalkSkipChildren, nil
}

func (o *htmlOverrides) image(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	img := n.(*ast.Image)
	dest := string(img.Destination)
	if !entering {
		return ast.WalkContinue, nil
	}
	if ref, ok := strings.CutPrefix(dest, CardRef); ok {
		id, marks := cardDest(ref)
		_, _ = w.WriteString(`<span class="cardfig">` + string(o.cardHTML(id)))
		if len(marks) > 0 {
			_, _ = w.WriteString(`<svg class="leaders" viewBox="0 0 100 100" preserveAspectRatio="none">`)
			for _, m := range marks {
				fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, 100*m.X, 100*m.Y, 100*m.AX, 100*m.AY)
			}
			_, _ = w.WriteString(`</svg>`)
		}
		for i, m := range marks {
			fmt.Fprintf(w, `<span class="anchor" style="left:%.1f%%;top:%.1f%%"></span>`, 100*m.AX, 100*m.AY)
			fmt.Fprintf(w, `<span class="mark" style="left:%.1f%%;top:%.1f%%;width:%.1f%%">%d</span>`, 100*m.X, 100*m.Y, 200*markRadius, i+1)
		}
		_, _ = w.WriteString(`</span>`)
		return ast.WalkSkipChildren, nil
	}
	if enc, ok := strings.CutPrefix(dest, FigureRef); ok {
		f, err := decodeFigure(enc)
		if err != nil {
			return ast.WalkStop, errors.New(messages.Err("figure.bad", err).In(o.lang))
		}
		if err := figureList(f).InlineSVG(w, "figure", plainText(img, src)); err != nil {
			return ast.WalkStop, err
		}
		return ast.WalkSkipChildren, nil
	}
	if dest == IndexRef {
		// No pages in HTML: each term links to its definition.
		_, _ = w.WriteString(`<span class="index">`)
		for _, k := range slices.Sorted(maps.Keys(o.terms)) {
			fmt.Fprintf(w, `<a href="#%s%d">%s</a> `, TermRef[1:], k-1, template.HTMLEscapeString(o.terms[k]))
		}
		_, _ = w.WriteString(`</span>`)
		return ast.WalkSkipChildren, nil
	}
	alt := plainText(img, src)
	if uri := dataURI(o.images, dest); uri != "" {
		fmt.Fprintf(w, `<img src="%s" alt="%s">`, uri, template.HTMLEscapeString(alt))
	} else if strings.TrimSpace(alt) != "" { // as the PDF shows an image it cannot read
		fmt.Fprintf(w, `<span style="color:#777">［図：%s］</span>`, template.HTMLEscapeString(alt))
	}
	return ast.WalkSkipChildren, nil
}

func (o *htmlOverrides) heading(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	h := n.(*ast.Heading)
	if entering {
		fmt.Fprintf(w, "<h%d", h.Level)
		if id, ok := h.AttributeString("id"); ok {
			fmt.Fprintf(w, ` id="%s"`, id)
		}
		_, _ = w.WriteString(">")
		for _, s := range o.secs {
			if s.node == h {
				fmt.Fprintf(w, `<span class="num">%s</span> `, s.Number)
			}
		}
	} else {
		fmt.Fprintf(w, "</h%d>\n", h.Level)
	}
	return ast.WalkContinue, nil
}

var htmlPage = template.Must(template.New("book").Parse(`<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
{{.Fonts}}body{margin:0;padding:1rem;line-height:1.8;color:#222;background:#fffdf8;word-break:normal;line-break:strict}
main{max-width:42rem;margin:auto}
h1.title{font-size:1.7rem;text-align:center;margin:1rem 0 2rem}
h1{font-size:1.4rem;border-bottom:2px solid #6b4f2a;margin-top:2.5rem}
h2{font-size:1.2rem;margin-top:2rem}
h3{font-size:1.05rem}
.num{color:#6b4f2a}
nav{background:#f4efe4;padding:.5rem 1rem;border-radius:6px}
nav ol{list-style:none;padding-left:1rem;margin:0}
nav a{text-decoration:none;color:#333}
table{border-collapse:collapse;margin:1rem 0;display:block;overflow-x:auto}
th,td{border:1px solid #cbb;padding:.2rem .6rem}
th{background:#f1e8d8}
blockquote{margin:1rem 0;padding:.5rem 1rem;background:#eef3f7;border-left:4px solid #6a8caf}
strong{color:#8a2b0e}
em{font-style:normal;text-emphasis:filled dot;-webkit-text-emphasis:filled dot}
pre.raw{white-space:pre-wrap;background:#f6f6f6;padding:.5rem}
.figure{display:block;margin:1rem auto}
.cardfig{display:inline-block;position:relative;width:16rem;margin:1rem 3.5rem;vertical-align:top}
.cardfig svg.leaders{position:absolute;left:0;top:0;height:100%;overflow:visible;pointer-events:none}
.leaders line{stroke:#8a2b0e;stroke-width:1.2;vector-effect:non-scaling-stroke}
.anchor{position:absolute;transform:translate(-50%,-50%);width:.35rem;height:.35rem;border-radius:50%;background:#8a2b0e;border:1px solid #fff}
.cardfig:has(.board){display:block;width:auto}
.card{display:block}
p:has(> .cardfig){text-align:center}
.cardfig svg{display:block;width:100%;height:auto}
.mark{position:absolute;transform:translate(-50%,-50%);aspect-ratio:1;border-radius:50%;background:#8a2b0e;border:1.5px solid #fff;color:#fff;font:bold .75rem/1 sans-serif;display:flex;align-items:center;justify-content:center}
img{max-width:100%}
{{if .LatinSpace}}body{text-autospace:ideograph-alpha ideograph-numeric}{{end}}
rt{font-size:.5em}
.index a{display:inline-block;margin:0 .8rem .3rem 0}
.def{scroll-margin-top:1rem}
</style>
</head>
<body><main>
<h1 class="title">{{.Title}}</h1>
{{if not .Sheet}}<nav><strong>目次</strong><ol>{{range .TOC}}{{if le .Level 2}}<li style="margin-left:{{if eq .Level 2}}1rem{{else}}0{{end}}"><a href="#{{.ID}}">{{.Number}} {{.Title}}</a></li>{{end}}{{end}}</ol></nav>{{end}}
{{.Body}}
</main></body>
</html>
`))
