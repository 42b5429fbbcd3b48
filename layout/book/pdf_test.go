package book

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf16"

	"bifrost/layout/draw"
	"bifrost/layout/testenv"
	"bifrost/layout/text"
	"bifrost/rules"
	"bifrost/schema"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// stubCards gives every card the same face: a card-shaped frame with the
// card's ID, in the book's own font.
var stubCards = faces(func(id string) *draw.List {
	return &draw.List{W: 63, H: 88, Items: []draw.Item{
		&draw.Shape{Kind: draw.Rect, W: 63, H: 88, Stroke: draw.RGB(60, 60, 60), Line: 0.4},
		&draw.Text{X: 3, Y: 8, S: id, Font: text.Default(), Size: 10},
	}}
})

// faces makes Cards of face, its fonts named as the book names its own.
func faces(face func(id string) *draw.List) *Cards {
	return &Cards{
		Face:     func(id string) (*draw.List, error) { return face(id), nil },
		FontName: func(*text.Font) string { return FontFamily },
	}
}

// imagesIn shows the book the images in dir, opened as an os.Root as the
// CLI opens a rules folder.
func imagesIn(t testing.TB, dir string) PDFOption {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	return WithImages(root.FS())
}

func typesetT(t testing.TB, md string, opts ...PDFOption) *typesetter {
	t.Helper()
	r, err := typeset([]byte(md), stubCards, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// need returns the path of a command-line tool. A missing tool skips the
// test, but fails it under CI (CI=true), where .ci/run installs them all.
func need(t testing.TB, tool, pkg string) string {
	t.Helper()
	return testenv.Tool(t, pkg, tool)
}

// pdftotext returns the text of the PDF, extracted by poppler with args.
func pdftotext(t testing.TB, pdf []byte, args ...string) string {
	t.Helper()
	tool := need(t, "pdftotext", "poppler-utils")
	f := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, append(args, f, "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext %v: %v", args, err)
	}
	return string(out)
}

// shippedBook is one of the four rulebooks, expanded with its shipped
// workbook and rendered with the stub card drawer.
type shippedBook struct {
	id  string
	md  string
	pdf []byte
}

var (
	shippedOnce sync.Once
	shipped     []shippedBook
	shippedErr  error
)

func shippedBooks(t *testing.T) []shippedBook {
	t.Helper()
	shippedOnce.Do(func() {
		for _, g := range rules.All().Schemas() {
			src, err := os.ReadFile(filepath.Join("../../rules", g.ID, "rulebook.md"))
			if err != nil {
				shippedErr = err
				return
			}
			md, err := Expand("rulebook.md", string(src), load(t, g, "../../cardsrc/"+g.ID+".xlsx"))
			if err != nil {
				shippedErr = fmt.Errorf("%s: %w", g.ID, err)
				return
			}
			var b bytes.Buffer
			if err := PDF(&b, []byte(md), stubCards); err != nil {
				shippedErr = fmt.Errorf("%s: %w", g.ID, err)
				return
			}
			shipped = append(shipped, shippedBook{g.ID, md, b.Bytes()})
		}
	})
	if shippedErr != nil {
		t.Fatal(shippedErr)
	}
	if len(shipped) != len(rules.All().Schemas()) {
		t.Fatalf("%d of %d shipped rulebooks rendered", len(shipped), len(rules.All().Schemas()))
	}
	return shipped
}

func TestPDF_ShippedRulebooksPassQPDFCheck(t *testing.T) {
	tool := need(t, "qpdf", "qpdf")
	for _, b := range shippedBooks(t) {
		f := filepath.Join(t.TempDir(), b.id+".pdf")
		if err := os.WriteFile(f, b.pdf, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(tool, "--check", f).CombinedOutput(); err != nil {
			t.Errorf("%s: qpdf --check: %v\n%s", b.id, err, out)
		}
	}
}

// noLineStart is what kinsoku keeps from the start of a line.
const noLineStart = "、。，．！？」』）】〕ーッャュョっゃゅょァィゥェォぁぃぅぇぉ"

func TestPDF_NoLineStartsWithClosingPunctuationOrSmallKana(t *testing.T) {
	for _, b := range shippedBooks(t) {
		lines := strings.Split(pdftotext(t, b.pdf, "-layout"), "\n")
		checked := 0
		for i, l := range lines {
			l = strings.TrimLeft(l, " \u3000\f")
			if l == "" {
				continue
			}
			checked++
			if r := []rune(l)[0]; strings.ContainsRune(noLineStart, r) {
				t.Errorf("%s: line %d starts with %q:\n%s\n%s", b.id, i+1, r, lines[max(i-1, 0)], lines[i])
			}
		}
		if checked < 200 {
			t.Errorf("%s: only %d lines of text", b.id, checked)
		}
	}
}

// japanese is the sequence of Japanese characters of s, spaces left out.
func japanese(s string) []rune {
	var out []rune
	for _, r := range s {
		if isCJK(r) && !unicode.IsSpace(r) {
			out = append(out, r)
		}
	}
	return out
}

// rubyMarkup matches {base|reading}, the base in group 1.
var rubyMarkup = regexp.MustCompile(`\{([^{}|｜\n]+)[|｜][^{}\n]*\}`)

func TestPDF_EveryJapaneseCharacterOfTheMarkdownIsPrinted(t *testing.T) {
	for _, b := range shippedBooks(t) {
		// Markup is ASCII, so every Japanese character of the markdown is
		// text to print. In content-stream order (-raw), the body must
		// hold them all, in order, after the title page and contents.
		// Ruby readings are drawn after their line: only the bases count.
		want := japanese(rubyMarkup.ReplaceAllString(b.md, "$1"))
		got := japanese(pdftotext(t, b.pdf, "-raw"))
		i := 0
		for _, r := range got {
			if i < len(want) && r == want[i] {
				i++
			}
		}
		if i < len(want) {
			from := max(i-20, 0)
			t.Errorf("%s: %d of %d Japanese characters printed in order; missing %q after %q",
				b.id, i, len(want), string(want[i]), string(want[from:i]))
		}
	}
}

func TestPDF_SameInputGivesIdenticalBytes(t *testing.T) {
	books := shippedBooks(t)
	b := books[len(books)-1]
	var again bytes.Buffer
	if err := PDF(&again, []byte(b.md), stubCards); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), b.pdf) {
		t.Errorf("%s: two renders differ (%d and %d bytes)", b.id, len(b.pdf), again.Len())
	}
}

// TestPDF_SampleBookPages checks the page description of a small book that
// uses every kind of block against testdata/sample.pages.
func TestPDF_SampleBookPages(t *testing.T) {
	md, err := os.ReadFile("testdata/sample.md")
	if err != nil {
		t.Fatal(err)
	}
	r := typesetT(t, string(md), imagesIn(t, "testdata"))
	got := r.describe()
	golden := "testdata/sample.pages"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("page description differs from %s (go test -update rewrites it):\n%s", golden, firstDiff(string(want), got))
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant %s\ngot  %s", i+1, w, g)
		}
	}
	return ""
}

// textOps lists the text drawn on each page.
func textOps(r *typesetter) [][]op {
	out := make([][]op, len(r.pages))
	for i, pg := range r.pages {
		for _, o := range pg.ops {
			if o.kind == opText {
				out[i] = append(out[i], o)
			}
		}
	}
	return out
}

// findText finds the last text op containing s: past the contents.
func findText(r *typesetter, s string) (page int, o op, ok bool) {
	for i, ops := range textOps(r) {
		for _, x := range ops {
			if strings.Contains(x.s, s) {
				page, o, ok = i+1, x, true
			}
		}
	}
	return page, o, ok
}

// pdfString is how fpdf writes s in a content stream: UTF-16BE, escaped.
func pdfString(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(byte(u >> 8))
		b.WriteByte(byte(u))
	}
	return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`, "\r", `\r`).Replace(b.String())
}

func TestPDF_StrongNextToJapanesePunctuationIsBold(t *testing.T) {
	md := "カードを**「1枚」**引きます。"
	// The inline runs: plain CommonMark would leave the asterisks as text.
	doc, _, err := parse([]byte(md), nil)
	if err != nil {
		t.Fatal(err)
	}
	parts := inlines(doc.FirstChild(), []byte(md), 0)
	want := []run{{s: "カードを"}, {s: "「1枚」", st: stBold}, {s: "引きます。"}}
	if len(parts) != 1 || fmt.Sprint(parts[0].runs) != fmt.Sprint(want) {
		t.Fatalf("runs = %v, want %v", parts, want)
	}
	// The drawing: the bracketed words bold, the rest not.
	r := typesetT(t, md)
	if _, o, ok := findText(r, "「1枚」"); !ok || !o.bold || o.col != strongColour {
		t.Errorf("「1枚」 drawn as %+v, want bold in the strong colour", o)
	}
	if _, o, ok := findText(r, "引きます。"); !ok || o.bold {
		t.Errorf("引きます。 drawn as %+v, want plain", o)
	}
	// The content stream: fill-then-stroke (2 Tr) around that text only.
	r.pdf.SetCompression(false)
	var b bytes.Buffer
	if err := r.pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	stream := b.String()
	trBefore := func(s string) string {
		i := strings.Index(stream, "("+pdfString(s)+")")
		if i < 0 {
			t.Fatalf("%s not found in the content stream", s)
		}
		m := regexp.MustCompile(`(\d) Tr`).FindAllStringSubmatch(stream[:i], -1)
		if len(m) == 0 {
			return "0"
		}
		return m[len(m)-1][1]
	}
	if got := trBefore("「1枚」"); got != "2" {
		t.Errorf("「1枚」 in text rendering mode %s, want 2 (fill, then stroke)", got)
	}
	if got := trBefore("引きます。"); got != "0" {
		t.Errorf("引きます。 in text rendering mode %s, want 0", got)
	}
}

func TestPDF_StrongAroundSymbolsBesideJapaneseIsBold(t *testing.T) {
	for md, bold := range map[string]string{
		"戦闘値差は3−4で**−1**です。":       "−1",
		"サイコロは**↑（テイワズ）**として残します。": "↑（テイワズ）",
	} {
		doc, _, err := parse([]byte(md), nil)
		if err != nil {
			t.Fatal(err)
		}
		parts := inlines(doc.FirstChild(), []byte(md), 0)
		found := false
		for _, p := range parts {
			for _, r := range p.runs {
				found = found || r.st == stBold && r.s == bold
				if strings.Contains(r.s, "**") {
					t.Errorf("%s: asterisks left in %q", md, r.s)
				}
			}
		}
		if !found {
			t.Errorf("%s: %q not bold in %v", md, bold, parts)
		}
	}
}

func TestPDF_EmphasisHasSesameDots(t *testing.T) {
	r := typesetT(t, "これは*大事*、です。")
	dots := 0
	for _, pg := range r.pages {
		for _, o := range pg.ops {
			if o.kind == opDot {
				dots++
			}
		}
	}
	if dots != 2 {
		t.Errorf("%d sesame dots, want 2 (one on each of 大事)", dots)
	}
}

func TestPDF_SoftLineBreaksJoinJapaneseWithoutASpace(t *testing.T) {
	r := typesetT(t, "これは\n日本語です。\nEnglish\nwords.")
	if _, _, ok := findText(r, "これは日本語です。English words."); !ok {
		t.Errorf("soft breaks not joined; text drawn: %v", textOps(r))
	}
}

func TestPDF_NestedListsAreNumberedByDepth(t *testing.T) {
	r := typesetT(t, "1. 一\n   1. 二\n      1. 三\n      2. 四\n2. 五\n\n- 六\n")
	var markers []string
	for _, ops := range textOps(r) {
		for _, o := range ops {
			if o.col == accentColour && o.size == r.g.body {
				markers = append(markers, o.s)
			}
		}
	}
	if got, want := strings.Join(markers, " "), "1. (1) ① ② 2."; got != want {
		t.Errorf("markers %q, want %q", got, want)
	}
}

// TestPDF_ContentsGiveTheHeadingsPages reads the contents of a shipped book
// and finds each heading on the page it names.
func TestPDF_ContentsGiveTheHeadingsPages(t *testing.T) {
	b := shippedBooks(t)[0]
	pages := strings.Split(pdftotext(t, b.pdf, "-layout"), "\f")
	entry := regexp.MustCompile(`^\s*(\d+(?:\.\d+)?)\s+(\S.*?)\s+(\d+)\s*$`)
	n := 0
	for _, l := range strings.Split(pages[1], "\n") {
		m := entry.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n++
		var p int
		fmt.Sscan(m[3], &p)
		if p < 1 || p > len(pages) {
			t.Errorf("%q: page %d of %d", l, p, len(pages))
			continue
		}
		heading := strings.Join(strings.Fields(m[1]+m[2]), "")
		if !strings.Contains(strings.Join(strings.Fields(pages[p-1]), ""), heading) {
			t.Errorf("contents say %s is on page %d, but it is not there", heading, p)
		}
	}
	if n < 5 {
		t.Errorf("only %d contents entries read from:\n%s", n, pages[1])
	}
}

func TestPDF_HeadingIsKeptWithTheNextBlock(t *testing.T) {
	moved := 0
	for k := 20; k < 40; k++ {
		md := "# 章\n\n" + strings.Repeat("本文の行です。\n\n", k) + "## 見出し\n\n続く本文です。\n"
		r := typesetT(t, md)
		hp, h, _ := findText(r, "見出し")
		bp, _, _ := findText(r, "続く本文です。")
		if hp != bp {
			t.Fatalf("k=%d: heading on page %d, its text on page %d", k, hp, bp)
		}
		if h.y < r.g.top+15 {
			moved++
		}
	}
	if moved == 0 {
		t.Error("no case put the heading at the top of a page: the test does not reach the page bottom")
	}
}

func TestPDF_TableRowsStayWholeAndTheHeaderRepeats(t *testing.T) {
	var md strings.Builder
	md.WriteString("| 名前 | 説明 |\n|---|---|\n")
	for i := range 60 {
		fmt.Fprintf(&md, "| 行%d | %s |\n", i, strings.Repeat("長い説明の文です。", 1+i%3))
	}
	r := typesetT(t, md.String())
	pageOf := map[string]int{}
	tablePages := 0
	for p, ops := range textOps(r) {
		rows := 0
		for _, o := range ops {
			if strings.HasPrefix(o.s, "行") {
				rows++
				pageOf[o.s] = p
			}
		}
		if rows == 0 {
			continue
		}
		tablePages++
		if ops[0].s != "名前" || !ops[0].bold {
			t.Errorf("page %d starts with %+v, not the header", p+1, ops[0])
		}
	}
	if tablePages < 2 {
		t.Fatalf("the table fits on %d page; make it longer", tablePages)
	}
	// Each row's text lines are drawn on its row's page.
	for p, ops := range textOps(r) {
		for _, o := range ops {
			if strings.HasPrefix(o.s, "行") && pageOf[o.s] != p {
				t.Errorf("%s split across pages", o.s)
			}
		}
	}
}

func TestPDF_LocalImagesOnlyFromInsideTheFolder(t *testing.T) {
	dir := t.TempDir()
	bookDir := filepath.Join(dir, "book")
	png, err := os.ReadFile("testdata/board.png")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"book/board.png": png,
		"outside.png":    png,
		"book/bad.png":   []byte("not a png"),
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	symlinked := os.Symlink("../outside.png", filepath.Join(bookDir, "link.png")) == nil
	// Paths that leave the folder by their text are errors (see
	// TestImagesAndLinksLeavingTheFolderAreErrors); a symbolic link out, a broken or a missing file
	// show their alt text.
	md := "![中](board.png)\n\n![鎖](link.png)\n\n![壊](bad.png)\n\n![無](none.png)\n"
	images := func(r *typesetter) []string {
		var out []string
		for _, pg := range r.pages {
			for _, o := range pg.ops {
				if o.kind == opImage {
					out = append(out, o.s)
				}
			}
		}
		return out
	}
	r := typesetT(t, md, imagesIn(t, bookDir))
	if got := strings.Join(images(r), " "); got != "img/board.png" {
		t.Errorf("images drawn: %q, want only img/board.png (symlink made: %v)", got, symlinked)
	}
	for _, alt := range []string{"鎖", "壊", "無"} {
		if _, _, ok := findText(r, "［図："+alt+"］"); !ok {
			t.Errorf("skipped image %s leaves no alt text", alt)
		}
	}
	var b bytes.Buffer
	if err := r.pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	if r := typesetT(t, md); len(images(r)) != 0 {
		t.Errorf("without an image folder, drew %v", images(r))
	}
}

func TestPDF_PaperComesFromTheFrontMatter(t *testing.T) {
	tests := []struct{ md, box string }{
		{"# 題\n", "/MediaBox [0 0 419.53 595.28]"},
		{"---\npaper: A4\n---\n# 題\n", "/MediaBox [0 0 595.28 841.89]"},
		{"---\npaper: a5\n---\n# 題\n", "/MediaBox [0 0 419.53 595.28]"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := PDF(&b, []byte(tt.md), stubCards); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b.Bytes(), []byte(tt.box)) {
			t.Errorf("%q: no %s", tt.md, tt.box)
		}
	}
	err := PDF(io.Discard, []byte("---\npaper: B5\n---\n# 題\n"), stubCards, WithPDFLang(schema.English))
	if err == nil || !strings.Contains(err.Error(), `paper must be A5 or A4, or card for a sheet (got "B5")`) {
		t.Errorf("paper B5: %v", err)
	}
}

func TestPDF_TitlePageHasNoPageNumber(t *testing.T) {
	r := typesetT(t, "---\ntitle: 見本\n---\n# 一\n\n本文。\n")
	if len(r.pages) != 3 {
		t.Fatalf("%d pages, want title, contents and body", len(r.pages))
	}
	for i, ops := range textOps(r) {
		last := ops[len(ops)-1]
		numbered := last.y == r.g.footerY && last.s == fmt.Sprint(i+1)
		if numbered != (i > 0) {
			t.Errorf("page %d: footer %+v", i+1, last)
		}
	}
}

// cardOps lists the example cards placed on r's pages: id, x and width.
func cardOps(r *typesetter) []string {
	var out []string
	for _, p := range r.pages {
		for _, o := range p.ops {
			if o.kind == opCard {
				out = append(out, fmt.Sprintf("%s %.1f %.1f", o.s, o.x, o.w))
			}
		}
	}
	return out
}

func TestPDF_CardsAreCentredAtCardWidthAndTheirErrorsNameTheCard(t *testing.T) {
	var asked []string
	cards := faces(func(id string) *draw.List {
		asked = append(asked, id)
		return &draw.List{W: 69, H: 94, Bleed: 3} // a 63 × 88 mm card with 3 mm of bleed
	})
	r, err := typeset([]byte("本文。\n\n![E01](bifrost-card:E01)\n"), cards)
	if err != nil {
		t.Fatal(err)
	}
	x := r.g.left + (r.g.contentW()-CardWidth)/2
	if got, want := strings.Join(cardOps(r), "|"), fmt.Sprintf("E01 %.1f %.1f", x, CardWidth); got != want {
		t.Errorf("cards placed %q, want %q", got, want)
	}
	if len(asked) == 0 || slices.ContainsFunc(asked, func(id string) bool { return id != "E01" }) {
		t.Errorf("faces asked for: %q", asked)
	}
	boom := &Cards{Face: func(string) (*draw.List, error) { return nil, errors.New("no layout") }}
	if err := PDF(io.Discard, []byte("![E09](bifrost-card:E09)"), boom, WithPDFLang(schema.English)); err == nil || !strings.Contains(err.Error(), "card E09: no layout") {
		t.Errorf("face error: %v", err)
	}
}

func TestPDF_LandscapeBoardSpansTheTextWidth(t *testing.T) {
	board := faces(func(string) *draw.List { return &draw.List{W: 270, H: 186} }) // an A4-landscape AI board
	r, err := typeset([]byte("本文。\n\n![WOLF](bifrost-card:WOLF)\n"), board)
	if err != nil {
		t.Fatal(err)
	}
	full := r.g.contentW()
	if got, want := strings.Join(cardOps(r), "|"), fmt.Sprintf("WOLF %.1f %.1f", r.g.left, full); got != want {
		t.Errorf("board placed %q, want %q", got, want)
	}
}

func BenchmarkPDF_FourRulebooks(b *testing.B) { benchmarkBooks(b, "rulebook") }

// BenchmarkPDF_AllBooks renders every book of the four games: the player's
// rulebook, the turn summary and the designer's book.
func BenchmarkPDF_AllBooks(b *testing.B) { benchmarkBooks(b, "rulebook", "summary", "designer") }

// benchmarkBooks renders the named books of the four games, expanded once
// before the clock starts.
func benchmarkBooks(b *testing.B, names ...string) {
	var mds [][]byte
	for _, g := range rules.All().Schemas() {
		d := load(b, g, "../../cardsrc/"+g.ID+".xlsx")
		for _, name := range names {
			src, err := os.ReadFile(filepath.Join("../../rules", g.ID, name+".md"))
			if err != nil {
				b.Fatal(err)
			}
			md, err := Expand(name+".md", string(src), d)
			if err != nil {
				b.Fatal(err)
			}
			mds = append(mds, []byte(md))
		}
	}
	// The type rulebook and build set: the installed Mincho and Gothic.
	fonts := WithFonts(InstalledChain(Mincho), InstalledChain(Gothic))
	b.ResetTimer()
	for b.Loop() {
		for _, md := range mds {
			if err := PDF(io.Discard, md, stubCards, fonts); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func TestPDF_EmptyBookAndABookWithoutCardsStillPrint(t *testing.T) {
	for _, md := range []string{"", "---\ntitle: 空\n---\n", "![E01](bifrost-card:E01)\n"} {
		r, err := typeset([]byte(md), nil)
		if err != nil {
			t.Fatalf("%q: %v", md, err)
		}
		if len(r.pages) == 0 {
			t.Errorf("%q: no pages", md)
		}
		var b bytes.Buffer
		if err := r.pdf.Output(&b); err != nil || !bytes.HasPrefix(b.Bytes(), []byte("%PDF-")) {
			t.Errorf("%q: %v", md, err)
		}
	}
}

func TestSheetLongerThanOnePageIsAnError(t *testing.T) {
	md := "---\ntitle: サマリー\nsheet: true\n---\n# 手番\n\n" + strings.Repeat("手番の流れを書きます。\n\n", 8)
	r := typesetT(t, md)
	if len(r.pages) != 1 || len(textOps(r)[0]) == 0 {
		t.Fatalf("a short sheet: %d pages", len(r.pages))
	}
	if _, _, ok := findText(r, "サマリー"); !ok {
		t.Error("the sheet's title is not on its page")
	}
	long := "---\ntitle: サマリー\nsheet: true\n---\n# 手番\n\n" + strings.Repeat("手番の流れを書きます。\n\n", 80)
	if _, err := typeset([]byte(long), stubCards, WithPDFLang(schema.English)); err == nil || !strings.Contains(err.Error(), "must fit on 1 page(s)") {
		t.Errorf("a long sheet: err %v, want a one-page error", err)
	}
}
