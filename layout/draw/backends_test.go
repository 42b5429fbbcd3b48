package draw

import (
	"bytes"
	"image"
	"image/color"
	stddraw "image/draw"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bifrost/layout/internal/fpdf"

	"bifrost/layout/testenv"
	"bifrost/layout/text"
)

// pageHeight is the height of the A4 pages the PDF tests draw on, mm.
const pageHeight = 297

// k is PDF points per millimetre.
const k = 72 / 25.4

// pdfDoc is an uncompressed A4 document with one page, its current font
// the embedded M+ at 12 pt (family "doc").
func pdfDoc() *fpdf.Fpdf {
	doc := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 595.28 * 25.4 / 72, Ht: 841.89 * 25.4 / 72}})
	doc.SetCompression(false)
	doc.AddUTF8FontFromBytes("doc", "", text.Default().Data)
	doc.AddPage()
	doc.SetFont("doc", "", 12)
	return doc
}

// pageOps is the content stream of the first page of doc.
func pageOps(t *testing.T, doc *fpdf.Fpdf) string {
	t.Helper()
	var b bytes.Buffer
	if err := doc.Output(&b); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindSubmatch(b.Bytes())
	if m == nil {
		t.Fatal("no content stream in the PDF")
	}
	return string(m[1])
}

// playPDF plays l at the page's top-left corner and returns the page's
// content stream; the list's fonts are named "doc".
func playPDF(t *testing.T, l *List) string {
	t.Helper()
	doc := pdfDoc()
	NewPDF(doc, func(*text.Font) string { return "doc" }).Draw(l, 0, 0)
	return pageOps(t, doc)
}

func svgOf(t *testing.T, l *List) string {
	t.Helper()
	var b bytes.Buffer
	if err := l.SVG(&b, false); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// pngOf paints l at 1 pixel a millimetre.
func pngOf(t *testing.T, l *List) *image.RGBA {
	t.Helper()
	img, err := l.PNG(25.4, false)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

var white = color.RGBA{255, 255, 255, 255}

// TestEveryItemKindIsPaintedByEveryBackend: each shape kind, a text run and
// an image, alone in a list, become their own PDF operators, their own SVG
// element and ink where they lie in the PNG (and none where they do not).
func TestEveryItemKindIsPaintedByEveryBackend(t *testing.T) {
	red, blue := RGB(255, 0, 0), RGB(0, 0, 255)
	square := segs('M', 10, 10, 'L', 30, 10, 'L', 30, 30, 'L', 10, 30, 'Z')
	for _, tt := range []struct {
		name      string
		item      Item
		pdf, svg  []string // substrings the PDF content and the SVG must have
		ink, bare [2]int   // a pixel painted and one left white
	}{
		{"rect", &Shape{Kind: Rect, X: 10, Y: 10, W: 20, H: 20, Fill: red},
			[]string{"1.000 0.000 0.000 rg", "28.35 813.54 56.69 -56.69 re f"}, []string{`<rect x="10" y="10" width="20" height="20" fill="#ff0000"/>`}, [2]int{20, 20}, [2]int{35, 20}},
		{"round rect", &Shape{Kind: RoundRect, X: 10, Y: 10, W: 20, H: 20, R: 5, Fill: red},
			[]string{"78.69380 813.54354 85.03937 807.19797 85.03937 799.37031 c", "\nf\n"}, []string{`rx="5"`}, [2]int{20, 20}, [2]int{10, 10}},
		{"ellipse", &Shape{Kind: Ellipse, X: 10, Y: 10, W: 20, H: 10, Fill: red},
			[]string{" c\n"}, []string{`<ellipse cx="20" cy="15" rx="10" ry="5"`}, [2]int{20, 15}, [2]int{11, 11}},
		{"circle", &Shape{Kind: Circle, X: 20, Y: 20, R: 8, Fill: red},
			[]string{" c\n"}, []string{`<circle cx="20" cy="20" r="8" fill="#ff0000"/>`}, [2]int{20, 20}, [2]int{13, 13}},
		{"path", &Shape{Kind: Path, Segs: square, Fill: red},
			[]string{"28.35 813.54 m", "85.04 813.54 l", "h\nf"}, []string{`<path d="M 10 10 L 30 10 L 30 30 L 10 30 Z" fill="#ff0000"/>`}, [2]int{20, 20}, [2]int{35, 35}},
		{"polygon", &Shape{Kind: Polygon, Segs: square, Fill: red},
			[]string{"28.35 813.54 m", "28.34646 756.85063 l \n28.34646 813.54354 l \nf"}, []string{`<path d="M 10 10 L 30 10`}, [2]int{20, 20}, [2]int{35, 35}},
		{"line", &Shape{Kind: Line, X: 10, Y: 20, W: 20, Stroke: blue, Line: 2},
			[]string{"0.000 0.000 1.000 RG", "28.35 785.20 m 85.04 785.20 l S"}, []string{`<line x1="10" y1="20" x2="30" y2="20" fill="none" stroke="#0000ff" stroke-width="2"/>`}, [2]int{20, 20}, [2]int{20, 25}},
		{"arrow", &Shape{Kind: Arrow, X: 10, Y: 20, W: 20, R: 4, Stroke: blue, Line: 0.5},
			[]string{"28.35 785.20 m 85.04 785.20 l S", "0.000 0.000 1.000 rg\n85.04 785.20 m\n74.59584 789.61254 l \n74.59584 780.78163 l \n85.03937 785.19709 l \nf"}, []string{`<line x1="10" y1="20" x2="30" y2="20"`, `<polygon points="30,20 26.316,18.442 26.316,21.558" fill="#0000ff"/>`}, [2]int{28, 20}, [2]int{20, 25}},
		{"text", &Text{X: 10, Y: 20, S: "カード", Font: text.Default(), Size: 40},
			[]string{"BT 28.35 785.20 Td"}, []string{`font-size="14.111" y="20" x="10 `, `>カード</text>`}, [2]int{-1, -1}, [2]int{5, 5}},
		{"image", &Image{X: 10, Y: 10, W: 20, H: 20, Key: "red.png", Data: pngFile(t, color.RGBA{255, 0, 0, 255}), Type: "PNG"},
			[]string{"q 56.69291 0 0 56.69291 28.34646 756.85063 cm /I"}, []string{`<image x="10" y="10" width="20" height="20" preserveAspectRatio="none" href="data:image/png;base64,`}, [2]int{20, 20}, [2]int{35, 35}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := &List{W: 40, H: 40, Items: []Item{tt.item}}
			ops := playPDF(t, l)
			for _, want := range tt.pdf {
				if !strings.Contains(ops, want) {
					t.Errorf("PDF: no %q in\n%s", want, ops)
				}
			}
			svg := svgOf(t, l)
			for _, want := range tt.svg {
				if !strings.Contains(svg, want) {
					t.Errorf("SVG: no %q in\n%s", want, svg)
				}
			}
			img := pngOf(t, l)
			if tt.ink[0] >= 0 && img.RGBAAt(tt.ink[0], tt.ink[1]) == white {
				t.Errorf("PNG: nothing painted at %v", tt.ink)
			}
			if tt.ink[0] < 0 && inkBox(img).Empty() {
				t.Error("PNG: the run painted no ink")
			}
			if img.RGBAAt(tt.bare[0], tt.bare[1]) != white {
				t.Errorf("PNG: %v is painted %v, want white", tt.bare, img.RGBAAt(tt.bare[0], tt.bare[1]))
			}
		})
	}
}

// segs builds path segments from ops, each followed by its numbers.
func segs(args ...any) []Seg {
	var out []Seg
	for i := 0; i < len(args); {
		op := byte(args[i].(rune))
		i++
		g := Seg{Op: op}
		for j := range segPoints(op) {
			g.P[j] = float64(args[i].(int))
			i++
		}
		out = append(out, g)
	}
	return out
}

// pngFile is a 4 × 4 PNG of one colour.
func pngFile(t *testing.T, c color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	stddraw.Draw(img, img.Bounds(), &image.Uniform{C: c}, image.Point{}, stddraw.Src)
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.NoCompression} // the same length for any colour
	if err := enc.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// inkBox is the box of the pixels of img that are not white.
func inkBox(img *image.RGBA) image.Rectangle {
	var box image.Rectangle
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if img.RGBAAt(x, y) != white {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// TestClipLimitsEveryBackendUntilItsPop: a Clip cuts what follows it in
// the PNG, is a clipping path (re W n) saved and restored around what it
// clips in the PDF and a clipPath group in the SVG, and its Pop ends it.
func TestClipLimitsEveryBackendUntilItsPop(t *testing.T) {
	black := RGB(0, 0, 0)
	l := &List{W: 40, H: 40, Items: []Item{
		&Clip{X: 0, Y: 0, W: 10, H: 40},
		&Shape{Kind: Rect, X: 0, Y: 0, W: 40, H: 10, Fill: black}, // only its left quarter shows
		Pop{},
		&Shape{Kind: Rect, X: 0, Y: 30, W: 40, H: 10, Fill: black}, // all of it shows
	}}
	img := pngOf(t, l)
	for _, tt := range []struct {
		x, y int
		ink  bool
	}{{5, 5, true}, {20, 5, false}, {35, 5, false}, {5, 35, true}, {35, 35, true}} {
		if got := img.RGBAAt(tt.x, tt.y) != white; got != tt.ink {
			t.Errorf("PNG: ink at (%d, %d) is %v, want %v", tt.x, tt.y, got, tt.ink)
		}
	}
	ops := playPDF(t, l)
	clip := strings.Index(ops, "q 0.00 841.89 28.35 -113.39 re W n")
	end := strings.Index(ops, "\nQ\n")
	first, second := strings.Index(ops, "0.00 841.89 113.39 -28.35 re f"), strings.Index(ops, "0.00 756.85 113.39 -28.35 re f")
	if clip < 0 || !(clip < first && first < end && end < second) {
		t.Errorf("PDF: want the clip, the first bar, its end and then the second bar in that order:\n%s", ops)
	}
	svg := svgOf(t, l)
	if !regexp.MustCompile(`<clipPath id="(d[0-9a-f]+-1)"><rect x="0" y="0" width="10" height="40"/></clipPath><g clip-path="url\(#d[0-9a-f]+-1\)"><rect[^>]*/></g><rect`).MatchString(svg) {
		t.Errorf("SVG: the first bar is not alone in a clipped group:\n%s", svg)
	}
}

// tdX reads the x of the first text position (Td) in PDF content, mm.
func tdX(t *testing.T, ops string) (x, y float64) {
	t.Helper()
	m := regexp.MustCompile(`BT ([-\d.]+) ([-\d.]+) Td`).FindStringSubmatch(ops)
	if m == nil {
		t.Fatalf("no text in\n%s", ops)
	}
	px, _ := strconv.ParseFloat(m[1], 64)
	py, _ := strconv.ParseFloat(m[2], 64)
	return px / k, pageHeight - py/k
}

// svgTextAt reads the first glyph's position of the first <text>, mm.
func svgTextAt(t *testing.T, svg string) (x, y float64) {
	t.Helper()
	m := regexp.MustCompile(`<text [^>]*y="([-\d.]+)" x="([-\d.]+)`).FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("no positioned text in\n%s", svg)
	}
	x, _ = strconv.ParseFloat(m[2], 64)
	y, _ = strconv.ParseFloat(m[1], 64)
	return x, y
}

// TestTextStartsWhereThePDFAndTheSVGAgree: a run starts at the same
// point in the PDF (which measures the run with fpdf) and the SVG (which
// measures it from the font's widths), aligned at its start or centred
// on its point, and the PNG's ink is centred there too.
func TestTextStartsWhereThePDFAndTheSVGAgree(t *testing.T) {
	f := text.Default()
	const x, y, size = 40.0, 20.0, 24.0
	s := "カードを引く"
	w := float64(width(f, s)) * size * text.MMPerPt / 1000
	for _, tt := range []struct {
		align        Align
		wantX, wantY float64
	}{
		{AlignStart, x, y},
		{AlignCenter, x - w/2, y + size*text.MMPerPt*centerDrop},
	} {
		l := &List{W: 80, H: 40, Items: []Item{&Text{X: x, Y: y, Align: tt.align, S: s, Font: f, Size: size}}}
		px, py := tdX(t, playPDF(t, l))
		sx, sy := svgTextAt(t, svgOf(t, l))
		for _, got := range []struct {
			backend string
			x, y    float64
		}{{"PDF", px, py}, {"SVG", sx, sy}} {
			if math.Abs(got.x-tt.wantX) > 0.01 || math.Abs(got.y-tt.wantY) > 0.01 {
				t.Errorf("align %d: the %s starts the run at (%.3f, %.3f), want (%.3f, %.3f)", tt.align, got.backend, got.x, got.y, tt.wantX, tt.wantY)
			}
		}
		if tt.align == AlignCenter {
			ink := inkBox(pngOf(t, l))
			if mid := float64(ink.Min.X+ink.Max.X) / 2; math.Abs(mid-x) > 2 {
				t.Errorf("the PNG's centred ink spans %v, its middle %.1f mm from %.0f", ink, mid-x, x)
			}
		}
	}
}

// TestTextWithoutAFontTakesTheDocumentsFont: a run with no font (a
// figure's label) is set in the PDF's current font, its colour made the
// fill colour so that no q … Q wraps it, and centred by measuring it; the
// SVG leaves font and centring to the page (text-anchor, dominant-baseline,
// no font class); the PNG draws it in the embedded M+.
func TestTextWithoutAFontTakesTheDocumentsFont(t *testing.T) {
	l := &List{W: 40, H: 20, Items: []Item{&Text{X: 20, Y: 10, Align: AlignCenter, S: "次", Size: 10, Color: Color{34, 34, 34}}}}
	doc := pdfDoc()
	want := doc.GetStringWidth("次") * 10 / 12 // the current font, at the run's size
	NewPDF(doc, func(*text.Font) string { t.Fatal("a run without a font asked for a font name"); return "" }).Draw(l, 0, 0)
	ops := pageOps(t, doc)
	if !strings.Contains(ops, "0.133 g\nBT /F") || strings.Contains(ops, "q 0.133 g BT") || !strings.Contains(ops, " 10.00 Tf") {
		t.Errorf("PDF: want the fill colour, then the document's font at 10 pt, and the run unwrapped:\n%s", ops)
	}
	if x, _ := tdX(t, ops); math.Abs(x-(20-want/2)) > 0.01 {
		t.Errorf("PDF: the run starts at %.3f mm, want %.3f (centred by measuring)", x, 20-want/2)
	}
	svg := svgOf(t, l)
	if !strings.Contains(svg, `<text x="20" y="10" font-size="3.528" text-anchor="middle" dominant-baseline="central" fill="#222222">次</text>`) || strings.Contains(svg, "<style>") {
		t.Errorf("SVG: want a run left to the page's font and centring:\n%s", svg)
	}
	if inkBox(pngOf(t, l)).Empty() {
		t.Error("PNG: the run painted no ink")
	}
}

// TestDrawScaledMultipliesEveryLength: a list played at scale s paints
// what the list with every length multiplied by s paints.
func TestDrawScaledMultipliesEveryLength(t *testing.T) {
	f := text.Default()
	items := func(s float64) []Item {
		return []Item{
			&Shape{Kind: RoundRect, X: 2 * s, Y: 3 * s, W: 20 * s, H: 10 * s, R: 2 * s, Fill: RGB(1, 2, 3), Stroke: RGB(4, 5, 6), Line: 0.5 * s, Dash: 1 * s},
			&Shape{Kind: Circle, X: 10 * s, Y: 10 * s, R: 3 * s, Fill: RGB(7, 8, 9)},
			&Shape{Kind: Arrow, X: 1 * s, Y: 1 * s, W: 10 * s, H: 5 * s, R: 1.8 * s, Stroke: RGB(0, 0, 0), Line: 0.4 * s},
			&Shape{Kind: Path, Segs: []Seg{{Op: 'M', P: [6]float64{1 * s, 1 * s}}, {Op: 'Q', P: [6]float64{5 * s, 9 * s, 9 * s, 1 * s}}, {Op: 'C', P: [6]float64{9 * s, 5 * s, 5 * s, 5 * s, 1 * s, 1 * s}}}, Stroke: RGB(0, 0, 0), Line: 0.3 * s},
			&Clip{X: 1 * s, Y: 1 * s, W: 30 * s, H: 30 * s},
			&Rotate{Angle: 30, X: 5 * s, Y: 5 * s},
			&Text{X: 4 * s, Y: 8 * s, S: "札", Font: f, Size: 9 * s, Mode: TextFillStroke, Line: 0.1 * s},
			Pop{}, Pop{},
		}
	}
	name := func(*text.Font) string { return "doc" }
	scaled, plain := pdfDoc(), pdfDoc()
	NewPDF(scaled, name).DrawScaled(&List{W: 40, H: 40, Items: items(1)}, 10, 20, 2)
	NewPDF(plain, name).Draw(&List{W: 80, H: 80, Items: items(2)}, 10, 20)
	if a, b := pageOps(t, scaled), pageOps(t, plain); a != b {
		t.Errorf("scaled by 2:\n%s\nwant, as the list twice the size:\n%s", a, b)
	}
}

// TestPDFAddsImagesByContent: two pictures under one name, drawn into one
// document, are two images there, and the same picture drawn twice is one.
func TestPDFAddsImagesByContent(t *testing.T) {
	red, blue := pngFile(t, color.RGBA{255, 0, 0, 255}), pngFile(t, color.RGBA{0, 0, 255, 255})
	img := func(data []byte) Item { return &Image{W: 10, H: 10, Key: "E1-01.png", Data: data, Type: "PNG"} }
	for _, tt := range []struct {
		name  string
		items []Item
		want  int
	}{
		{"two pictures, one name", []Item{img(red), img(blue)}, 2},
		{"one picture twice", []Item{img(red), img(red)}, 1},
	} {
		doc := pdfDoc()
		p := NewPDF(doc, func(*text.Font) string { return "doc" })
		for _, it := range tt.items {
			p.Draw(&List{W: 10, H: 10, Items: []Item{it}}, 0, 0)
		}
		var b bytes.Buffer
		if err := doc.Output(&b); err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(b.Bytes(), []byte("/Subtype /Image")); n != tt.want {
			t.Errorf("%s: %d images in the PDF, want %d", tt.name, n, tt.want)
		}
	}
}

// TestInlineSVGSpellsOutEveryPaint: an inline SVG (a book's figure) is a
// labelled, responsive image whose shapes say fill, stroke and stroke width
// even when there is none, and whose arrows carry their heads.
func TestInlineSVGSpellsOutEveryPaint(t *testing.T) {
	l := &List{W: 60, H: 40, Items: []Item{
		&Shape{Kind: RoundRect, X: 1, Y: 1, W: 58, H: 38, Fill: RGB(238, 238, 238), Line: 0.1},
		&Shape{Kind: Arrow, X: 25, Y: 30, W: 20, R: 1.8, Stroke: RGB(51, 51, 51), Line: 0.1},
	}}
	var b strings.Builder
	if err := l.InlineSVG(&b, "figure", `盤面 "A"`); err != nil {
		t.Fatal(err)
	}
	want := `<svg class="figure" role="img" aria-label="盤面 &#34;A&#34;" viewBox="0 0 60 40" style="width:100%;max-width:60mm" xmlns="http://www.w3.org/2000/svg">` +
		`<rect x="1" y="1" width="58" height="38" rx="0" fill="#eeeeee" stroke="none" stroke-width="0.1"/>` +
		`<line x1="25" y1="30" x2="45" y2="30" fill="none" stroke="#333333" stroke-width="0.1"/>` +
		`<polygon points="45,30 43.342,29.299 43.342,30.701" fill="#333333"/></svg>`
	if b.String() != want {
		t.Errorf("inline SVG\n%s\nwant\n%s", b.String(), want)
	}
}

// TestThePDFBackendsOutputReadsBack: a list of every kind played into a
// PDF gives a document poppler reads, with the run in its text layer.
func TestThePDFBackendsOutputReadsBack(t *testing.T) {
	tool := testenv.Tool(t, "poppler-utils", "pdftotext")
	l := &List{W: 60, H: 40, Items: []Item{
		&Shape{Kind: Circle, X: 10, Y: 10, R: 5, Fill: RGB(200, 0, 0)},
		&Shape{Kind: Arrow, X: 10, Y: 30, W: 30, R: 2, Stroke: RGB(0, 0, 0), Line: 0.4},
		&Text{X: 30, Y: 10, Align: AlignCenter, S: "山札から引く", Font: text.Default(), Size: 12},
	}}
	doc := pdfDoc()
	NewPDF(doc, func(*text.Font) string { return "doc" }).Draw(l, 0, 0)
	path := filepath.Join(t.TempDir(), "list.pdf")
	var b bytes.Buffer
	if err := doc.Output(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "山札から引く") {
		t.Errorf("pdftotext reads %q, want the run", out)
	}
}
