package sheet_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/guardian"
	"bifrost/rules/nastrond"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
)

// cellOf names the cell of header on the row whose ID is id.
func cellOf(t *testing.T, book *schema.Book, sheet, header, id string) string {
	t.Helper()
	tab := book.Sheets[sheet]
	col, idCol := 0, 0
	for i, h := range tab.Header {
		if schema.Normalize(h) == header {
			col = i + 1
		}
		if schema.Normalize(h) == "ID" {
			idCol = i + 1
		}
	}
	for _, r := range tab.Rows {
		if schema.Normalize(r.Cell(idCol-1)) == id {
			return schema.CellName(col, r.Num)
		}
	}
	t.Fatalf("%s has no row %s", sheet, id)
	return ""
}

func TestCheck_ShippedGamesHaveNoProblems(t *testing.T) {
	t.Parallel()
	for _, g := range rules.All().Schemas() {
		res, book, lay := shipped(t, g.ID)
		for _, p := range sheet.Check(g, res, lay, book, schema.NewLang("en")) {
			t.Errorf("%s", p)
		}
	}
}

// TestCheck_OverlongEffectIsAProblemAtItsCell: an effect text that cannot
// fit even at the layout's minimum size is an error at its cell, naming the
// card and the field; one that can is shrunk and passes.
func TestCheck_OverlongEffectIsAProblemAtItsCell(t *testing.T) {
	t.Parallel()
	res, book, lay := shipped(t, "valkyrie")
	d := res.Data.(*valkyrie.Data)
	card := &d.Valkyries[0]

	card.Text = strings.Repeat("カードを1枚引く。", 5)
	if ps := sheet.Check(valkyrie.Schema, res, lay, book, schema.NewLang("en")); len(ps) != 0 {
		t.Fatalf("a text that shrinks to fit was reported: %v", ps)
	}
	path := render(t, res, lay, cards.Options{Only: []string{card.ID}})
	if text := squeeze(tool(t, "pdftotext", path, "-")); !strings.Contains(text, squeeze(card.Text)) {
		t.Errorf("the shrunk text is not printed whole")
	}

	card.Text = strings.Repeat("カードを1枚引く。", 30)
	for _, lang := range []string{"en", "ja"} {
		ps := sheet.Check(valkyrie.Schema, res, lay, book, schema.NewLang(lang))
		if len(ps) != 1 {
			t.Fatalf("%s: %d problems, want 1: %v", lang, len(ps), ps)
		}
		p := ps[0]
		want := cellOf(t, book, "Valkyrie", "テキスト", card.ID)
		if p.Sheet != "Valkyrie" || p.Cell != want || p.Column != "テキスト" || p.Severity != schema.Error || p.File != "cardsrc/valkyrie.xlsx" {
			t.Errorf("%s: problem at %s!%s (%s), want Valkyrie!%s (テキスト)", lang, p.Sheet, p.Cell, p.Column, want)
		}
		for _, w := range map[string][]string{"en": {card.Name, card.ID, "Text", "minimum 6pt"}, "ja": {card.Name, card.ID, "テキスト", "最小の6pt"}}[lang] {
			if !strings.Contains(p.Message, w) {
				t.Errorf("%s: message %q does not mention %q", lang, p.Message, w)
			}
		}
	}
	if err := sheet.Render(&bytes.Buffer{}, res, lay, cards.Options{}); err == nil {
		t.Error("Render printed a card whose text does not fit")
	}
}

// TestCheck_GeneratedEffectTextIsReportedAtTheEffectCell: with the text
// column empty the printed text comes from the effect, so the problem sits
// on the effect's cell.
func TestCheck_GeneratedEffectTextIsReportedAtTheEffectCell(t *testing.T) {
	t.Parallel()
	res, book, lay := shipped(t, "nastrond")
	d := res.Data.(*nastrond.Data)
	e := &d.Einherjar[0]
	if e.Text != "" || e.Skill.AST == nil {
		t.Fatal("the first Einherjar should have a skill and no text")
	}
	c := e.Skill.AST.Clauses[0]
	for range 12 {
		e.Skill.AST.Clauses = append(e.Skill.AST.Clauses, c)
	}
	ps := sheet.Check(nastrond.Schema, res, lay, book, schema.NewLang("en"))
	if len(ps) != 1 || ps[0].Cell != cellOf(t, book, "Einherjar", "スキル", e.ID) || !strings.Contains(ps[0].Message, "Skill") {
		t.Errorf("problems %v, want one at the スキル cell of %s", ps, e.ID)
	}
}

// TestCheck_CharactersThatCannotPrint: a character outside the BMP and one
// the font lacks are each reported, naming the card, field and character.
func TestCheck_CharactersThatCannotPrint(t *testing.T) {
	t.Parallel()
	res, book, lay := shipped(t, "guardian")
	d := res.Data.(*guardian.Data)
	g := &d.Guardians[0]
	g.Name = "𠮷野の龘"
	g.Flavor = "㐀の鎚"
	ps := sheet.Check(guardian.Schema, res, lay, book, schema.NewLang("en"))
	want := map[string][]string{
		cellOf(t, book, "Guardian", "名前", g.ID):    {"U+20BB7", "Basic Multilingual Plane", "U+9F98", "M+ 1p"},
		cellOf(t, book, "Guardian", "フレーバー", g.ID): {"U+3400", "M+ 1p"},
	}
	got := map[string]string{}
	for _, p := range ps {
		if !strings.Contains(p.Message, g.ID) {
			t.Errorf("problem does not name the card: %s", p)
		}
		got[p.Cell] += p.Message + "\n"
	}
	if len(ps) != 3 {
		t.Errorf("%d problems, want 3 (two in the name, one in the flavour): %v", len(ps), ps)
	}
	for cell, words := range want {
		for _, w := range words {
			if !strings.Contains(got[cell], w) {
				t.Errorf("problems at %s: %q lack %q", cell, got[cell], w)
			}
		}
	}
}

// TestCheck_LayoutTextTheFontLacksIsReportedAtTheLayoutLine.
func TestCheck_LayoutTextTheFontLacksIsReportedAtTheLayoutLine(t *testing.T) {
	t.Parallel()
	res, book, _ := shipped(t, "nastrond")
	src := strings.Replace(minimal, `text: "{Name}"`, `text: "㐀{Name}"`, 1)
	lay, err := spec.Parse("layout/nastrond.yaml", []byte(src), nastrond.Schema)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range sheet.Check(nastrond.Schema, res, lay, book, schema.NewLang("en")) {
		if !strings.Contains(p.Message, "U+3400") {
			continue // the minimal layout has only M+ 1p, which lacks 碾 in a name
		}
		n++
		if p.File != "layout/nastrond.yaml:9" {
			t.Errorf("problem %s, want it at layout/nastrond.yaml:9", p)
		}
	}
	if n == 0 {
		t.Fatal("no problem for 㐀")
	}
}

// TestValidate_BrokenLayoutIsAProblemAtItsLine: a layout that does not load
// shows up in validation as problems at its file and line.
func TestValidate_BrokenLayoutIsAProblemAtItsLine(t *testing.T) {
	t.Parallel()
	res, book, _ := shipped(t, "nastrond")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "nastrond.yaml"), []byte(strings.Replace(minimal, "kinds:", "kindz:", 1)), 0o644)
	ps := sheet.Validate(nastrond.Schema, res, book, schema.NewLang("en"), dir)
	if len(ps) == 0 || !strings.HasPrefix(ps[0].String(), filepath.Join(dir, "nastrond.yaml")+":4: unknown key") {
		t.Errorf("problems %v, want the unknown key at line 4", ps)
	}
}

func writePNG(t *testing.T, path string) {
	img := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	for x := range 40 {
		for y := range 30 {
			img.Set(x, y, color.NRGBA{uint8(x * 6), uint8(y * 8), 120, 255})
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestArt_DrawnFromTheArtFolderOnly: cardsrc/art/<ID>.png is drawn; an
// unreadable file and a link leading out of the folder are problems; a card
// without art gets the placeholder.
func TestArt_DrawnFromTheArtFolderOnly(t *testing.T) {
	t.Parallel()
	res, book, lay := shipped(t, "valkyrie")
	src := t.TempDir()
	art := filepath.Join(src, "art")
	os.Mkdir(art, 0o755)
	writePNG(t, filepath.Join(art, "A01.png"))
	res.File = filepath.Join(src, "valkyrie.xlsx")

	var with, without bytes.Buffer
	if err := sheet.Render(&with, res, lay, cards.Options{Only: []string{"A01"}, ArtDir: art}); err != nil {
		t.Fatal(err)
	}
	if err := sheet.Render(&without, res, lay, cards.Options{Only: []string{"A01"}}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(with.Bytes(), []byte("/Subtype /Image")) || bytes.Contains(without.Bytes(), []byte("/Subtype /Image")) {
		t.Error("the art is not embedded exactly when the file exists")
	}
	if ps := sheet.Check(valkyrie.Schema, res, lay, book, schema.NewLang("en")); len(ps) != 0 {
		t.Errorf("good art reported: %v", ps)
	}

	os.WriteFile(filepath.Join(art, "A02.png"), []byte("not a png"), 0o644)
	secret := filepath.Join(src, "secret.png")
	writePNG(t, secret)
	if err := os.Symlink(secret, filepath.Join(art, "A03.jpg")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	ps := sheet.Check(valkyrie.Schema, res, lay, book, schema.NewLang("en"))
	got := map[string]string{}
	for _, p := range ps {
		got[p.Cell] = p.Message
	}
	if m := got[cellOf(t, book, "Valkyrie", "ID", "A02")]; !strings.Contains(m, "A02.png") || !strings.Contains(m, "not a readable PNG or JPEG") {
		t.Errorf("damaged art: %q", m)
	}
	if m := got[cellOf(t, book, "Valkyrie", "ID", "A03")]; !strings.Contains(m, "A03.jpg") {
		t.Errorf("art linked from outside the folder: %q (problems %v)", m, ps)
	}
	if len(ps) != 2 {
		t.Errorf("%d problems, want 2: %v", len(ps), ps)
	}
}

// Hostile text costs one problem a cell: a name of 30,000 characters the
// fonts lack (5,999 different ones) gives one line that names ten of them
// and counts the rest,
// with the name cut as every echo is; a right-to-left override in it is
// shown, not obeyed.
func TestCheck_HostileTextIsOneShortProblemPerCell(t *testing.T) {
	t.Parallel()
	res, book, lay := shipped(t, "guardian")
	d := res.Data.(*guardian.Data)
	g := &d.Guardians[0]
	var b strings.Builder
	b.WriteString("\u202e")
	for i := range 30000 {
		b.WriteRune(rune(0x3400 + i%6000)) // CJK Extension A: no font of the chain has it
	}
	g.Name = b.String()
	ps := sheet.Check(guardian.Schema, res, lay, book, schema.NewLang("en"))
	name := cellOf(t, book, "Guardian", "名前", g.ID)
	n, size := 0, 0
	for _, p := range ps {
		if p.Cell != name {
			continue
		}
		n++
		size += len(p.Message)
		if strings.ContainsRune(p.Message, '\u202e') || strings.Contains(p.Message, "no font of the chain") && (!strings.Contains(p.Message, "[U+202E]") || !regexp.MustCompile(`and \d{4} more`).MatchString(p.Message)) {
			t.Errorf("problem at %s: %.300s", name, p.Message)
		}
	}
	if n == 0 || n > 3 || size > 4000 {
		t.Errorf("%d problems at %s, %d bytes in all; want at most one for the characters and one for the fit, short", n, name, size)
	}
}
