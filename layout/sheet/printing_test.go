package sheet_test

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/layout/testenv"
	"bifrost/layout/text"
	"bifrost/rules"
	"bifrost/rules/bloodrage"
	"bifrost/rules/guardian"
	"bifrost/rules/nastrond"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// typedSample is the example of a text cell typed with full-width
// Japanese forms.
const typedSample = "ロール後：サイコロ１個の目を＋１する（１回だけ）。「勇気」を得る！"

// setCell writes v into the cell of header on the row whose ID is id.
func setCell(t *testing.T, book *schema.Book, sheet, header, id, v string) {
	t.Helper()
	tab := book.Sheets[sheet]
	col, idCol := -1, -1
	for i, h := range tab.Header {
		switch schema.Normalize(h) {
		case header:
			col = i
		case "ID":
			idCol = i
		}
	}
	for i, r := range tab.Rows {
		if schema.Normalize(r.Cell(idCol)) != id {
			continue
		}
		if r.Cols != nil {
			t.Fatalf("%s row %d is stored sparse", sheet, r.Num)
		}
		for len(r.Cells) <= col {
			r.Cells = append(r.Cells, "")
		}
		r.Cells[col] = v
		tab.Rows[i] = r
		return
	}
	t.Fatalf("%s has no row %s", sheet, id)
}

// openBook reads the shipped workbook of game.
func openBook(t *testing.T, game string) *schema.Book {
	t.Helper()
	book, err := workbook.Open(filepath.Join("..", "..", "cardsrc", game+".xlsx"), "cardsrc/"+game+".xlsx")
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// TestTypedTextPrintsAsTyped: a text and a name typed with
// full-width punctuation, digits and signs reach the PDF text layer as
// typed, while a full-width number in a parsed column is still a number.
func TestTypedTextPrintsAsTyped(t *testing.T) {
	t.Parallel()
	_, _, lay := shipped(t, "valkyrie")
	book := openBook(t, "valkyrie")
	id := book.Sheets["Valkyrie"].Rows[0].Cell(0)
	setCell(t, book, "Valkyrie", "テキスト", id, "　"+typedSample+" ")
	setCell(t, book, "Valkyrie", "名前", id, "ロキ（２）")
	setCell(t, book, "Valkyrie", "コスト", id, "３")
	res := valkyrie.Schema.Validate(book, schema.NewLang("en"))
	if schema.HasErrors(res.Problems) {
		t.Fatalf("problems: %v", res.Problems)
	}
	v := res.Data.(*valkyrie.Data).Valkyries[0]
	if v.Text != typedSample || v.Name != "ロキ（２）" {
		t.Errorf("read Text %q, Name %q; want them as typed, trimmed: %q, %q", v.Text, v.Name, typedSample, "ロキ（２）")
	}
	if v.Cost != 3 {
		t.Errorf("a cost typed ３ reads as %d, want 3", v.Cost)
	}
	path := render(t, res, lay, cards.Options{Only: []string{v.ID}})
	got := squeeze(tool(t, "pdftotext", path, "-"))
	for _, want := range []string{typedSample, "ロキ（２）"} {
		if !strings.Contains(got, want) {
			t.Errorf("the PDF text layer lacks %q as typed:\n%s", want, got)
		}
	}
}

// asciiPunct is the punctuation that Japanese card text writes full-width.
const asciiPunct = ":;()!?,[]\"'<>~"

// TestGeneratedTextUsesFullWidthPunctuation: every template the
// effect text is generated from (triggers, conditions, verbs and their word
// labels) punctuates full-width (：、。「」（）！), as designers type, so one
// deck never mixes two styles. Numbers and their signs stay ASCII.
func TestGeneratedTextUsesFullWidthPunctuation(t *testing.T) {
	t.Parallel()
	check := func(game, what, s string) {
		if i := strings.IndexAny(s, asciiPunct); i >= 0 {
			t.Errorf("%s %s: %q has the ASCII %q; generated text punctuates full-width", game, what, s, s[i:i+1])
		}
	}
	for _, g := range rules.All().Schemas() {
		for _, v := range g.Vocabs {
			for _, tr := range v.Triggers {
				check(g.ID, "trigger "+tr.Name, tr.Text)
			}
			for _, vb := range append(slices.Clone(v.Verbs), v.Conds...) {
				check(g.ID, "verb "+vb.Name, vb.Text)
				check(g.ID, "verb "+vb.Name, vb.MayText)
				for _, a := range vb.Args {
					for _, l := range a.Labels {
						check(g.ID, "label of "+vb.Name, l)
					}
				}
			}
		}
	}
}

// TestTypedTextIsNotBrokenAfterEverySentence: typed text fills
// each line (with kinsoku) instead of starting a line at every 。, while
// text generated from an effect still starts each sentence on a new line.
func TestTypedTextIsNotBrokenAfterEverySentence(t *testing.T) {
	t.Parallel()
	_, _, lay := shipped(t, "valkyrie")
	book := openBook(t, "valkyrie")
	id := book.Sheets["Valkyrie"].Rows[0].Cell(0)
	setCell(t, book, "Valkyrie", "テキスト", id, "引く。捨てる。")
	res := valkyrie.Schema.Validate(book, schema.NewLang("en"))
	if schema.HasErrors(res.Problems) {
		t.Fatalf("problems: %v", res.Problems)
	}
	path := render(t, res, lay, cards.Options{Only: []string{id}})
	if out := tool(t, "pdftotext", "-f", "1", "-l", "1", path, "-"); !strings.Contains(out, "引く。捨てる。") {
		t.Errorf("the typed text was broken at 。:\n%s", out)
	}
}

// needFonts skips a test when the Debian TrueType Japanese fonts are not
// installed, and fails it under CI, where .ci/run installs them.
func needFonts(t *testing.T, families ...string) {
	t.Helper()
	for _, f := range families {
		if _, ok := text.Find(f); ok {
			continue
		}
		testenv.Missing(t, "the font "+f, "apt-get install fonts-morisawa-bizud-gothic fonts-ipaexfont-gothic")
	}
}

// TestRestoredNamesReachThePDFTextLayer: the three names once
// renamed for the embedded font (碾, 鏨, 鑢) pass the glyph check and print,
// drawn from the installed fonts of the chain, into the PDF text layer.
func TestRestoredNamesReachThePDFTextLayer(t *testing.T) {
	t.Parallel()
	needFonts(t, "BIZ UDPGothic")
	for game, names := range map[string][]string{"guardian": {"鏨のカツラ", "鑢のヤスリマル"}, "nastrond": {"グロッティの碾き臼"}} {
		res, book, lay := shipped(t, game)
		def, err := rules.All().ByID(game)
		if err != nil {
			t.Fatal(err)
		}
		g := def.Schema
		for _, p := range sheet.Check(g, res, lay, book, schema.NewLang("en")) {
			t.Errorf("%s: %s", game, p)
		}
		var ids []string
		for _, name := range names {
			id := idOfName(t, book, name)
			ids = append(ids, id)
		}
		path := render(t, res, lay, cards.Options{Only: ids})
		got := squeeze(tool(t, "pdftotext", path, "-"))
		for _, name := range names {
			if !strings.Contains(got, name) {
				t.Errorf("%s: the PDF text layer lacks %q", game, name)
			}
		}
		if fonts := tool(t, "pdffonts", path); !strings.Contains(fonts, "bizudpgothic") {
			t.Errorf("%s: the first font of the chain is not embedded:\n%s", game, fonts)
		}
	}
}

// idOfName finds the ID of the card named name in any sheet of book.
func idOfName(t *testing.T, book *schema.Book, name string) string {
	t.Helper()
	for _, tab := range book.Sheets {
		nameCol, idCol := -1, -1
		for i, h := range tab.Header {
			switch schema.Normalize(h) {
			case "名前":
				nameCol = i
			case "ID":
				idCol = i
			}
		}
		for _, r := range tab.Rows {
			if nameCol >= 0 && idCol >= 0 && strings.TrimSpace(r.Cell(nameCol)) == name {
				return schema.Normalize(r.Cell(idCol))
			}
		}
	}
	t.Fatalf("no card is named %q", name)
	return ""
}

// TestFallbackIsPerGlyph: a chain whose first font (M+ 1p given
// by path) lacks 碾 draws the rest of the name from it and 碾 from the next
// font, IPAex Gothic found by family name, both embedded, the text layer
// whole; a character no font has is a problem naming the whole chain.
func TestFallbackIsPerGlyph(t *testing.T) {
	t.Parallel()
	needFonts(t, "IPAexGothic")
	res, book, _ := shipped(t, "guardian")
	src, err := os.ReadFile(filepath.Join("..", "guardian.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(t.TempDir(), "first.ttf")
	if err := os.WriteFile(first, text.Default().Data, 0o644); err != nil {
		t.Fatal(err)
	}
	yml := strings.Replace(string(src), "default: {chain: [BIZ UDPGothic, IPAexGothic, Noto Sans JP]}", "default: {chain: ["+first+", IPAexGothic]}", 1)
	lay, err := spec.Parse("guardian.yaml", []byte(yml), guardian.Schema)
	if err != nil {
		t.Fatal(err)
	}
	d := res.Data.(*guardian.Data)
	g := &d.Guardians[0]
	g.Name = "Loki碾Odin"
	path := render(t, res, lay, cards.Options{Only: []string{g.ID}})
	if got := squeeze(tool(t, "pdftotext", path, "-")); !strings.Contains(got, "Loki碾Odin") {
		t.Errorf("the text layer lacks Loki碾Odin:\n%s", got)
	}
	fonts := tool(t, "pdffonts", path)
	for _, want := range []string{"first", "ipaexgothic"} {
		if !strings.Contains(fonts, want) {
			t.Errorf("%s is not embedded:\n%s", want, fonts)
		}
	}
	g.Name = "Loki龘"
	ps := sheet.Check(guardian.Schema, res, lay, book, schema.NewLang("en"))
	if len(ps) != 1 || !strings.Contains(ps[0].Message, "U+9F98") || !strings.Contains(ps[0].Message, "first.ttf, IPAexGothic, M+ 1p") || !strings.Contains(ps[0].Message, "apt-get install fonts-ipaexfont-gothic") {
		t.Errorf("problems %v, want one for 龘 naming the chain and what to install", ps)
	}
}

// TestBoldComesFromTheBoldFace: where the layout asks for bold
// and the family has a bold face, the text is drawn with it, not stroked.
func TestBoldComesFromTheBoldFace(t *testing.T) {
	t.Parallel()
	needFonts(t, "BIZ UDPGothic")
	res, _, lay := shipped(t, "guardian")
	path := render(t, res, lay, cards.Options{Only: []string{res.Data.(*guardian.Data).Guardians[0].ID}})
	if fonts := tool(t, "pdffonts", path); !strings.Contains(fonts, "bizudpgothic-bold") {
		t.Errorf("the bold face is not embedded:\n%s", fonts)
	}
	raw := qdfBytes(t, path)
	if bytes.Contains(raw, []byte("2 Tr")) {
		t.Error("bold text is stroked (text rendering mode 2) although the family has a bold face")
	}
}

// TestPerCardPDFsSetBleedBoxAndTrimBox: each page of a per-card
// PDF has its TrimBox on the trim and its BleedBox 3 mm outside it, inside
// the page (which also holds the トンボ), and two renders are byte-identical.
func TestPerCardPDFsSetBleedBoxAndTrimBox(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "valkyrie")
	each, err := sheet.RenderEach(res, lay, cards.Options{Only: []string{"A01"}})
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := each[0].Render(&a); err != nil {
		t.Fatal(err)
	}
	if err := each[0].Render(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two renders of one card differ")
	}
	path := filepath.Join(t.TempDir(), each[0].Name)
	if err := os.WriteFile(path, a.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	const pt = 72 / 25.4
	box := func(out, name string) [4]float64 {
		for line := range strings.SplitSeq(out, "\n") {
			if rest, ok := strings.CutPrefix(line, name+":"); ok {
				var v [4]float64
				if _, err := fmt.Sscan(rest, &v[0], &v[1], &v[2], &v[3]); err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				return v
			}
		}
		t.Fatalf("no %s in\n%s", name, out)
		return [4]float64{}
	}
	near := func(got, want float64) bool { return got > want-0.05 && got < want+0.05 }
	for page := 1; page <= 2; page++ {
		out := tool(t, "pdfinfo", "-box", "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), path)
		p := fmt.Sprintf("Page    %d ", page)
		media, trim, bleed := box(out, p+"MediaBox"), box(out, p+"TrimBox"), box(out, p+"BleedBox")
		m := 3.0 + 12 // bleed + room for トンボ
		for i, want := range [4]float64{m, m, m + 63, m + 88} {
			if !near(trim[i]/pt, want) {
				t.Errorf("page %d: TrimBox %v pt, want %v mm", page, trim, [4]float64{m, m, m + 63, m + 88})
				break
			}
		}
		for i, want := range [4]float64{m - 3, m - 3, m + 63 + 3, m + 88 + 3} {
			if !near(bleed[i]/pt, want) {
				t.Errorf("page %d: BleedBox %v pt, want %v mm (trim + 3 mm)", page, bleed, [4]float64{m - 3, m - 3, m + 66, m + 91})
				break
			}
		}
		if bleed == media {
			t.Errorf("page %d: the BleedBox is the whole page", page)
		}
	}
}

// TestIconsAreVectorPathsWithTheirTextEquivalent: a growth mark
// prints as the layout's vector icon with its count, the icon's name stays
// in the text layer (invisible text), and the icons add vector paths that
// the text pills they replace do not have.
func TestIconsAreVectorPathsWithTheirTextEquivalent(t *testing.T) {
	t.Parallel()
	res, _, _ := shipped(t, "nastrond")
	src, err := os.ReadFile(filepath.Join("..", "nastrond.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	qdf := func(yml string) (text, content string) {
		lay, err := spec.Parse("nastrond.yaml", []byte(yml), nastrond.Schema)
		if err != nil {
			t.Fatal(err)
		}
		path := render(t, res, lay, cards.Options{Only: []string{"E1-01"}})
		raw := qdfBytes(t, path)
		return squeeze(tool(t, "pdftotext", "-f", "1", "-l", "1", path, "-")), string(raw)
	}
	txt, withIcons := qdf(string(src))
	if !strings.Contains(txt, "知性×1") {
		t.Errorf("the text layer lacks the icon's equivalent 知性×1:\n%s", txt)
	}
	if !strings.Contains(withIcons, "3 Tr") {
		t.Error("no invisible text: the icon's name is not in the text layer as such")
	}
	// The same marks as the text pills they replace: the lone icons, and
	// the growth icons' row as a row of pills.
	pills := regexp.MustCompile(`\{type: icon, (x: [^,]+, y: [^,]+, w: [^,]+, h: [^,]+), icon: ([^,]+), count: "([^"]*)", fill: (\w+),[^}]*\}`)
	plain := pills.ReplaceAllString(string(src), `{type: badge, $1, shape: rounded, fill: $4, text: "$2$3", size: 7, min_size: 4, colour: white}`)
	row := regexp.MustCompile(`(?s)      - type: icons\n.*?items:\n((?:          - \{[^\n]*\}\n)+)`)
	item := regexp.MustCompile(`\{icon: ([^,]+), count: "([^"]*)", fill: (\w+),[^}]*\}`)
	plain = row.ReplaceAllStringFunc(plain, func(block string) string {
		var b strings.Builder
		for i, m := range item.FindAllStringSubmatch(block, -1) {
			fmt.Fprintf(&b, "      - {type: badge, x: %g, y: 50.5, w: 12, h: 6.5, shape: rounded, fill: %s, text: \"%s%s\", size: 7, min_size: 4, colour: white}\n", 5+13.5*float64(i), m[3], m[1], m[2])
		}
		return b.String()
	})
	txt2, without := qdf(plain)
	if !strings.Contains(txt2, "知性×1") || strings.Contains(without, "3 Tr") {
		t.Errorf("as pills the mark should print as visible text: %s", txt2)
	}
	if a, b := strings.Count(withIcons, " c\n"), strings.Count(without, " c\n"); a <= b {
		t.Errorf("%d curve segments with icons, %d without: the icons are not drawn as vector paths", a, b)
	}
}

// TestBadIconsAreOneLineAtTheirYamlLine: a path that does not
// parse, a polygon of two points and an icon element naming an icon the
// layout lacks are each an error at their line.
func TestBadIconsAreOneLineAtTheirYamlLine(t *testing.T) {
	t.Parallel()
	src := strings.Replace(minimal, "kinds:\n", `icons:
  a: [{path: "M 0 0 X 5 5"}]
  b: [{polygon: [0, 0, 10, 10]}]
kinds:
`, 1)
	src = strings.Replace(src, "    back:\n", "      - {type: icon, x: 5, y: 20, w: 12, h: 6, icon: c, count: \"{Layer}\"}\n    back:\n", 1)
	_, err := spec.Parse("layout/nastrond.yaml", []byte(src), nastrond.Schema)
	want := []string{
		`layout/nastrond.yaml:5: path "M 0 0 X 5 5": "X" is not a command`,
		`layout/nastrond.yaml:6: polygon is [x1, y1, x2, y2, x3, y3, …]: at least three points`,
		`layout/nastrond.yaml:13: no icon "c" in icons (icons: a, b)`,
	}
	if err == nil {
		t.Fatal("the layout loaded")
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("errors lack %q:\n%s", w, err)
		}
	}
}

// rageWeaknesses returns a rage-1 and a rage-3 weakness of valkyrie, whose
// backs show their rage as a big number.
func rageWeaknesses(t *testing.T, res schema.Result) (r1, r3 string) {
	t.Helper()
	for _, w := range res.Data.(*valkyrie.Data).Weaknesses {
		if w.Rage == 1 && r1 == "" {
			r1 = w.ID
		}
		if w.Rage == 3 && r3 == "" {
			r3 = w.ID
		}
	}
	return r1, r3
}

func pages(t *testing.T, path string) int {
	t.Helper()
	m := regexp.MustCompile(`Pages:\s+(\d+)`).FindStringSubmatch(tool(t, "pdfinfo", path))
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestFacesOnlyPrintsNoBacks: --faces-only gives the face sheets
// alone, for sleeving over existing cards; boards lose their back pages too.
func TestFacesOnlyPrintsNoBacks(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "valkyrie")
	r1, r3 := rageWeaknesses(t, res)
	path := render(t, res, lay, cards.Options{Only: []string{r1, r3}, FacesOnly: true})
	if n := pages(t, path); n != 1 {
		t.Errorf("%d pages, want the one face sheet", n)
	}
	if w := wordsXY(t, path, 1); len(w[r1]) != 1 || len(w[r3]) != 1 {
		t.Errorf("the face sheet lacks the cards: %v", w)
	}
	br, _, blay := shipped(t, "bloodrage")
	all, faces := pages(t, render(t, br, blay, cards.Options{})), pages(t, render(t, br, blay, cards.Options{FacesOnly: true}))
	if all != 2*faces {
		t.Errorf("bloodrage: %d pages, %d faces only; want half", all, faces)
	}
}

// TestShortEdgeDuplexMirrorsBacksVertically: with --duplex short a
// back sits in the same column as its face and in the mirrored row, where a
// short-edge flip puts it; the default long-edge flip mirrors the columns.
func TestShortEdgeDuplexMirrorsBacksVertically(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "valkyrie")
	r1, r3 := rageWeaknesses(t, res)
	for _, duplex := range []string{"short", "long"} {
		path := render(t, res, lay, cards.Options{Only: []string{r1, r3}, Duplex: duplex})
		face, back := wordsXY(t, path, 1), wordsXY(t, path, 2)
		one, three := back["1"], back["3"]
		if len(face[r1]) != 1 || len(one) == 0 || len(three) == 0 {
			t.Fatalf("%s: face %v, back %v", duplex, face, back)
		}
		sameSide := one[0][0] < three[0][0]
		lower := one[0][1] > face[r1][0][1]+100
		if duplex == "short" && (!sameSide || !lower) {
			t.Errorf("short: the rage-1 back at %v, rage-3 at %v, face at %v; want it in the same column, bottom row", one, three, face[r1])
		}
		if duplex == "long" && (sameSide || lower) {
			t.Errorf("long: the rage-1 back at %v, rage-3 at %v; want it mirrored left to right in the top row", one, three)
		}
	}
	if err := sheet.Render(&bytes.Buffer{}, res, lay, cards.Options{Duplex: "sideways"}); err == nil {
		t.Error("an unknown duplex printed")
	}
}

// TestPackFillsSheetsWithSeveralKinds: --pack puts kinds of one
// card size on shared sheets: nastrond needs fewer pages, and its single
// Nidhogg card shares a sheet instead of taking two pages of its own.
func TestPackFillsSheetsWithSeveralKinds(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "nastrond")
	d := res.Data.(*nastrond.Data)
	apart, packed := render(t, res, lay, cards.Options{}), render(t, res, lay, cards.Options{Pack: true})
	var total int
	na, np := pages(t, apart), pages(t, packed)
	deck, err := cards.NewDeck(res, lay, nil)
	if err != nil {
		t.Fatal(err)
	}
	others := 0 // pages of the kinds of other sizes (track, markers, pawns), a sheet each
	for _, k := range lay.Kinds {
		if k.Size == lay.Card {
			total += count(deck)[k.Name]
		} else {
			others += 2
		}
	}
	if want := 2*sheets(total) + others; np != want || na <= np {
		t.Errorf("packed %d pages, kind by kind %d; want %d (%d cards, %d a sheet, face and back, and %d pages of other sizes)", np, na, want, total, perSheet, others)
	}
	nid := d.Nidhogg[0].ID
	for p := 1; p <= np; p += 2 {
		if w := wordsXY(t, packed, p); len(w[nid]) > 0 && len(w) < 2*len(w[nid])+5 {
			t.Errorf("the Nidhogg card %s is alone on packed sheet %d", nid, p)
		}
	}
}

// qdfBytes returns the PDF at path with its streams uncompressed (qpdf
// --qdf), so that its drawing operators can be searched.
func qdfBytes(t *testing.T, path string) []byte {
	t.Helper()
	qdf := filepath.Join(t.TempDir(), "qdf.pdf")
	tool(t, "qpdf", "--qdf", "--object-streams=disable", path, qdf)
	raw, err := os.ReadFile(qdf)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// pdfPage rasterises one page of path with pdftoppm at dpi (flags such as
// -gray go before the others).
func pdfPage(t *testing.T, path string, page, dpi int, flags ...string) image.Image {
	t.Helper()
	out := filepath.Join(t.TempDir(), "p")
	p := strconv.Itoa(page)
	tool(t, "pdftoppm", append(flags, "-r", strconv.Itoa(dpi), "-f", p, "-l", p, "-singlefile", "-png", path, out)...)
	return readPNG(t, out+".png")
}

// darkShare rasterises one page and returns the share of its pixels that
// carry ink (darker than light grey).
func darkShare(t *testing.T, path string, page int) float64 {
	t.Helper()
	img := pdfPage(t, path, page, 20, "-gray")
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if g, _, _, _ := img.At(x, y).RGBA(); g>>8 < 200 {
				dark++
			}
		}
	}
	return float64(dark) / float64(b.Dx()*b.Dy())
}

// TestInkSaverBacksAreOutlines: with --ink-saver the backs are
// outlines, a small share of the ink of the filled backs, and the faces
// lose their fills too (less than half the ink).
func TestInkSaverBacksAreOutlines(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "valkyrie")
	r1, r3 := rageWeaknesses(t, res)
	full := render(t, res, lay, cards.Options{Only: []string{r1, r3}})
	saver := render(t, res, lay, cards.Options{Only: []string{r1, r3}, InkSaver: true})
	if a, b := darkShare(t, full, 2), darkShare(t, saver, 2); b > a/4 || b == 0 {
		t.Errorf("back page ink: %.3f filled, %.3f with the ink saver; want outlines (under a quarter, not blank)", a, b)
	}
	if a, b := darkShare(t, full, 1), darkShare(t, saver, 1); b > a/2 || b == 0 {
		t.Errorf("face page ink: %.3f filled, %.3f with the ink saver; want outlines (under a half, not blank)", a, b)
	}
	if w := wordsXY(t, saver, 2); len(w["1"]) == 0 {
		t.Errorf("the outlined back lost its text: %v", w)
	}
}

// TestPagesAreCompressedWithPooledWriters: every page of the
// valkyrie deck is deflated (no stream is left bare), qpdf finds the file
// sound, and one render allocates well under the 110 MB it took when fpdf
// made a new zlib writer for every page.
func TestPagesAreCompressedWithPooledWriters(t *testing.T) {
	res, _, lay := shipped(t, "valkyrie")
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	var b bytes.Buffer
	if err := sheet.Render(&b, res, lay, cards.Options{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&ms1)
	if mb := float64(ms1.TotalAlloc-ms0.TotalAlloc) / (1 << 20); mb > 70 {
		t.Errorf("one valkyrie render allocated %.0f MB, want under 70", mb)
	}
	if bare := regexp.MustCompile(`obj\n<</Length \d+>>\nstream`).FindAll(b.Bytes(), -1); len(bare) > 0 {
		t.Errorf("%d streams are not compressed", len(bare))
	}
	path := filepath.Join(t.TempDir(), "valkyrie.pdf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := tool(t, "qpdf", "--check", path); !strings.Contains(out, "No syntax or stream encoding errors") {
		t.Errorf("qpdf --check:\n%s", out)
	}
}

// TestKindsHaveTheirOwnFrameAndNoRepeatedVP: on nastrond a
// layer-1 Edda and a layer-1 Einherjar side by side have frames of different
// colours, the Einherjar's cost is not in the top-left corner (where every
// target is), and the VP is printed once, in its icon, not again in the
// text. On guardian the four kinds of one attribute have four frames, a
// Guardian's uses sit where an Advance's do (the row of its cost pill), and
// an Advance's cost is printed once (its hexagon), not again in words. On
// valkyrie no two kinds' frames look alike, a Weakness prints no number in
// the top-left corner (a Valkyrie's cost) and a VP card its VP once. On
// bloodrage the two reference cards have frames of their own.
func TestKindsHaveTheirOwnFrameAndNoRepeatedVP(t *testing.T) {
	t.Parallel()
	t.Run("nastrond", func(t *testing.T) {
		res, _, lay := shipped(t, "nastrond")
		d := res.Data.(*nastrond.Data)
		var edda, ein string
		for _, e := range d.Edda {
			if e.Layer == 1 && edda == "" {
				edda = e.ID
			}
		}
		for _, e := range d.Einherjar {
			if e.Layer == 1 && ein == "" {
				ein = e.ID
			}
		}
		path := render(t, res, lay, cards.Options{Only: []string{edda, ein}, Pack: true})
		w := wordsXY(t, path, 1)
		if len(w[edda]) != 1 || len(w[ein]) == 0 {
			t.Fatalf("IDs not found: %v", w)
		}
		frame := frames(t, path, w)
		if a, b := frame(edda), frame(ein); a == b {
			t.Errorf("the Edda and the Einherjar of layer 1 share the frame colour %v", a)
		}
		cost := strconv.Itoa(d.Einherjar[0].Cost)
		for _, at := range w[cost] {
			if at[0] < w[ein][0][0]+10*mmPt && at[1] < w[ein][0][1]-60*mmPt && at[0] > w[ein][0][0]-10*mmPt {
				t.Errorf("an Einherjar cost %s sits at the top left, where targets go: %v", cost, at)
			}
		}
		text := squeeze(tool(t, "pdftotext", path, "-"))
		if regexp.MustCompile(`成功で\d+VP`).MatchString(text) || !strings.Contains(text, "成功で獲得") {
			t.Errorf("the Edda repeats its VP in the text: %s", text)
		}
	})
	t.Run("guardian", func(t *testing.T) {
		res, _, lay := shipped(t, "guardian")
		d := res.Data.(*guardian.Data)
		const attr = "火"
		var g, gUses, a, o, m string
		for _, c := range d.Guardians {
			if c.Attr == attr && g == "" {
				g = c.ID
			}
			if c.Uses >= 2 && gUses == "" {
				gUses = c.ID
			}
		}
		for _, c := range d.Advances {
			if c.Attr == attr && a == "" {
				a = c.ID
			}
		}
		for _, c := range d.Orders {
			if o == "" {
				o = c.ID
			}
		}
		for _, c := range d.Materials {
			if c.Attr == attr && m == "" {
				m = c.ID
			}
		}
		if g == "" || a == "" || m == "" || o == "" || gUses == "" {
			t.Fatalf("shipped guardian lacks a card to compare: %q %q %q %q %q", g, a, o, m, gUses)
		}
		ids := []string{g, a, o, m}
		shared := 0.0 // shared cuts: 9 a sheet, so the four kinds share page 1
		path := render(t, res, lay, cards.Options{Only: ids, Pack: true, FacesOnly: true, Gutter: &shared})
		w := wordsXY(t, path, 1)
		frame := frames(t, path, w)
		seen := map[[3]uint32]string{}
		for _, id := range ids {
			if len(w[id]) == 0 {
				t.Fatalf("ID %s not found", id)
			}
			c := frame(id)
			if other, ok := seen[c]; ok {
				t.Errorf("%s and %s (different kinds) share the frame colour %v", other, id, c)
			}
			seen[c] = id
		}
		text := squeeze(tool(t, "pdftotext", path, "-"))
		if strings.Contains(text, "コスト"+strconv.Itoa(d.Advances[0].Cost)) || regexp.MustCompile(`マテリアル\d+枚`).MatchString(text) {
			t.Errorf("an Advance repeats its cost in words: %s", text)
		}

		// A Guardian's uses badge stands on the row of an Advance's cost
		// pill, where an Advance's own uses badge goes.
		path = render(t, res, lay, cards.Options{Only: []string{gUses, a}, Pack: true, FacesOnly: true})
		w = wordsXY(t, path, 1)
		below := func(word *regexp.Regexp, id string) float64 {
			for ww, pos := range w {
				if !word.MatchString(ww) {
					continue
				}
				for _, p := range pos {
					for _, q := range w[id] {
						if dx, dy := p[0]-q[0], q[1]-p[1]; dx > 0 && dx < 57*mmPt && dy > 0 && dy < 82*mmPt {
							return dy
						}
					}
				}
			}
			t.Fatalf("%s on %s not found", word, id)
			return 0
		}
		if u, c := below(regexp.MustCompile(`^応援\d+回$`), gUses), below(regexp.MustCompile(`^コストは`), a); math.Abs(u-c) > 1 {
			t.Errorf("the Guardian's uses stand %.1f pt above its ID, the Advance's cost pill %.1f pt", u, c)
		}
	})
	t.Run("valkyrie", func(t *testing.T) {
		res, _, lay := shipped(t, "valkyrie")
		d := res.Data.(*valkyrie.Data)
		pick := map[string]string{}
		for _, v := range d.Valkyries {
			if pick[v.Deck] == "" {
				pick[v.Deck] = v.ID
			}
		}
		pick["First"] = d.FirstValkyries[0].ID
		var weak valkyrie.Weakness
		for _, w := range d.Weaknesses {
			if w.Rage == 3 { // the rage colour nearest the Battle deck's red
				weak = w
				break
			}
		}
		pick["Weakness"], pick["VP"] = weak.ID, d.VPCards[0].ID
		colour := map[string][3]uint32{}
		var weakWords map[string][][2]float64
		for kind, id := range pick {
			// Each card alone: a First Valkyrie's copies fill pages.
			path := render(t, res, lay, cards.Options{Only: []string{id}, FacesOnly: true})
			w := wordsXY(t, path, 1)
			if len(w[id]) == 0 {
				t.Fatalf("the %s card %s not found on page 1", kind, id)
			}
			colour[kind] = frames(t, path, w)(id)
			if id == weak.ID {
				weakWords = w
			}
		}
		for k1, ca := range colour {
			for k2, cb := range colour {
				dist := math.Sqrt(sq(ca[0], cb[0]) + sq(ca[1], cb[1]) + sq(ca[2], cb[2]))
				if k1 < k2 && dist < 60 {
					t.Errorf("the %s frame %v and the %s frame %v are too alike (distance %.0f)", k1, ca, k2, cb, dist)
				}
			}
		}
		// The top-left corner is a Valkyrie's cost: a Weakness prints no
		// number there, its durability only once, in its icon.
		id := weakWords[weak.ID][0]
		for word, pos := range weakWords {
			if _, err := strconv.Atoi(word); err != nil {
				continue
			}
			for _, at := range pos {
				if at[0] > id[0]-5*mmPt && at[0] < id[0]+10*mmPt && at[1] < id[1]-60*mmPt && at[1] > id[1]-80*mmPt {
					t.Errorf("the Weakness %s prints %s in the top-left corner", weak.ID, word)
				}
			}
		}
		vp := render(t, res, lay, cards.Options{Only: []string{d.VPCards[0].ID}, FacesOnly: true})
		if text := squeeze(tool(t, "pdftotext", "-f", "1", "-l", "1", vp, "-")); regexp.MustCompile(`\dVP`).MatchString(text) {
			t.Errorf("a VP card prints its VP twice: %s", text)
		}
	})
	t.Run("bloodrage", func(t *testing.T) {
		res, _, lay := shipped(t, "bloodrage")
		path := render(t, res, lay, cards.Options{Pack: true, FacesOnly: true})
		page := len(res.Data.(*bloodrage.Data).Boards) + 1 // the boards, then the cards
		w := wordsXY(t, path, page)
		const draft, pillage = "ドラフト手順表", "略奪表"
		if len(w[draft]) == 0 || len(w[pillage]) == 0 {
			t.Fatalf("reference cards not found on page %d", page)
		}
		// frames reads page 1: render the reference cards' page alone.
		out := filepath.Join(t.TempDir(), "ref.pdf")
		tool(t, "qpdf", path, "--pages", path, strconv.Itoa(page), "--", out)
		frame := frames(t, out, w)
		a, b := frame(draft), frame(pillage)
		if dist := math.Sqrt(sq(a[0], b[0]) + sq(a[1], b[1]) + sq(a[2], b[2])); dist < 60 {
			t.Errorf("the draft and pillage tables share the frame %v / %v", a, b)
		}
	})
}

func sq(a, b uint32) float64 { return (float64(a) - float64(b)) * (float64(a) - float64(b)) }

// mmPt is one millimetre in PDF points.
const mmPt = 72 / 25.4

// frames renders page 1 of path at 72 dpi and returns the colour of the
// frame beside a card's ID: the ID sits 6 mm inside the trim; the frame is
// the first 3 mm.
func frames(t *testing.T, path string, w map[string][][2]float64) func(id string) [3]uint32 {
	t.Helper()
	img := pdfPage(t, path, 1, 72)
	return func(id string) [3]uint32 {
		x, y := w[id][0][0]-4.5*mmPt, w[id][0][1]
		r, g, b, _ := img.At(int(x), int(y)).RGBA()
		return [3]uint32{r >> 8, g >> 8, b >> 8}
	}
}

// TestTableColumnsPrintIcons: the colour column of bloodrage's
// upgrade table prints the timing icons, with the colour's name kept as
// invisible text, so the board still reads 青, 赤 and 緑.
func TestTableColumnsPrintIcons(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "bloodrage")
	path := render(t, res, lay, cards.Options{Only: []string{res.Data.(*bloodrage.Data).Boards[0].ID}})
	txt := squeeze(tool(t, "pdftotext", "-f", "1", "-l", "1", path, "-"))
	for _, c := range []string{"青", "赤", "緑"} {
		if !strings.Contains(txt, c) {
			t.Errorf("the board's text layer lacks %s", c)
		}
	}
	raw := qdfBytes(t, path)
	if n := bytes.Count(raw, []byte("3 Tr")); n < 10 {
		t.Errorf("%d invisible texts, want one for each of the ten upgrade rows", n)
	}
}
