package book

import (
	"bytes"
	"compress/zlib"
	"errors"
	"html/template"
	"io"
	"regexp"
	"strings"
	"testing"

	"bifrost/schema"
	"bifrost/schema/figure"
)

// testFigure has one shape of each kind and a label to find.
var testFigure = &figure.Figure{W: 60, H: 40, Shapes: []figure.Shape{
	{Kind: figure.KindRect, X: 1, Y: 1, W: 58, H: 38, R: 2, Fill: "#eeeeee", Stroke: "#333333", Line: 0.4},
	{Kind: figure.KindCircle, X: 15, Y: 20, R: 5, Fill: "#c0392b"},
	{Kind: figure.KindLine, X: 25, Y: 10, W: 20, Stroke: "#333333"},
	{Kind: figure.KindArrow, X: 25, Y: 30, W: 20, Stroke: "#333333"},
	{Kind: figure.KindText, X: 40, Y: 20, Text: "盤面見本", Size: 4},
}}

const figureBook = "---\ntitle: 図の本\n---\n# 図\n\n盤面です。\n\n{{figure \"board\"}}\n\n手番の流れです。\n\n{{figure \"turn\" \"準備段階\" \"行動段階\" \"清算段階\"}}\n"

// pathOps counts the path-painting operators (rectangles, lines, curves)
// in every content stream of a PDF.
func pathOps(t *testing.T, pdf []byte) int {
	t.Helper()
	ops := regexp.MustCompile(`(?m)(?:^| )(?:re|l|c)$|(?:^| )(?:re|l|c) `)
	n := 0
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindAllSubmatch(pdf, -1) {
		zr, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue // not a Flate stream
		}
		data, _ := io.ReadAll(zr)
		if bytes.Contains(data, []byte(" BT")) || bytes.Contains(data, []byte("BT ")) { // a page's content
			n += len(ops.FindAll(data, -1))
		}
	}
	return n
}

func TestFigureIsVectorsInThePDFAndSVGInTheHTML(t *testing.T) {
	expanded, err := Expand("rulebook.md", figureBook, Data{Figures: map[string]*figure.Figure{"board": testFigure}})
	if err != nil {
		t.Fatal(err)
	}
	var pdf, plain bytes.Buffer
	if err := PDF(&pdf, []byte(expanded), stubCards); err != nil {
		t.Fatal(err)
	}
	if err := PDF(&plain, []byte("---\ntitle: 図の本\n---\n# 図\n\n盤面です。\n\n手番の流れです。\n"), stubCards); err != nil {
		t.Fatal(err)
	}
	// Every label is in the text layer.
	labels := []string{"盤面見本", "準備段階", "行動段階", "清算段階"}
	found := map[string]int{}
	for p, words := range bboxPages(t, pdf.Bytes()) {
		for _, w := range words {
			for _, l := range labels {
				if w.Text == l {
					found[l] = p + 1
				}
			}
		}
	}
	for _, l := range labels {
		if found[l] == 0 {
			t.Errorf("PDF: label %q is not in the text layer", l)
		}
	}
	// The shapes are paths: the board's 5 and the turn's 3 boxes with their
	// arrows add at least 20 path operators to the same pages without them.
	if with, without := pathOps(t, pdf.Bytes()), pathOps(t, plain.Bytes()); with < without+20 {
		t.Errorf("PDF: %d path operators with the figures, %d without", with, without)
	}

	var page bytes.Buffer
	if err := HTML(&page, []byte(expanded), func(string) template.HTML { return "" }); err != nil {
		t.Fatal(err)
	}
	html := page.String()
	if n := strings.Count(html, "<svg"); n != 2 {
		t.Errorf("HTML: %d inline SVGs, want 2", n)
	}
	for _, want := range []string{`<rect x="1" y="1" width="58" height="38" rx="2" fill="#eeeeee"`, `<circle cx="15" cy="20" r="5" fill="#c0392b"`, `<polygon`, `>盤面見本</text>`, `>準備段階</text>`, `>清算段階</text>`} {
		if !strings.Contains(html, want) {
			t.Errorf("HTML has no %s", want)
		}
	}
	if strings.Contains(html, "<img") {
		t.Error("HTML shows a figure as an image")
	}
}

func TestUnknownFigureIsAnErrorAtItsLine(t *testing.T) {
	d := Data{Figures: map[string]*figure.Figure{"board": testFigure}, Lang: schema.English}
	for _, c := range []struct{ md, want string }{
		{"# 図\n\n文。\n\n{{figure \"setup\"}}\n", `unknown figure "setup" (this book has board, turn)`},
		{"# 図\n\n{{figure \"board\" \"x\"}}\n", `figure "board" takes no arguments`},
		{"# 図\n\n{{figure \"turn\" \"一つだけ\"}}\n", `figure "turn" needs at least two phases`},
	} {
		_, err := Expand("rulebook.md", c.md, d)
		var se *SourceError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a SourceError", c.md, err)
			continue
		}
		line := strings.Count(c.md[:strings.Index(c.md, "{{")], "\n") + 1
		if se.Line != line || !strings.Contains(se.Msg, c.want) {
			t.Errorf("%q: %s:%d: %s; want line %d, %q", c.md, se.File, se.Line, se.Msg, line, c.want)
		}
	}
}
