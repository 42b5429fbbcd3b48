package cards_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// typedSample is the issue's example of a text cell typed with full-width
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

// TestIssue13_1_TypedTextPrintsAsTyped: a text and a name typed with
// full-width punctuation, digits and signs reach the PDF text layer as
// typed, while a full-width number in a parsed column is still a number.
func TestIssue13_1_TypedTextPrintsAsTyped(t *testing.T) {
	_, _, lay := shipped(t, "valkyrie")
	book := openBook(t, "valkyrie")
	id := book.Sheets["Valkyrie"].Rows[0].Cell(0)
	setCell(t, book, "Valkyrie", "テキスト", id, "　"+typedSample+" ")
	setCell(t, book, "Valkyrie", "名前", id, "ロキ（２）")
	setCell(t, book, "Valkyrie", "コスト", id, "３")
	res := schema.Valkyrie.Validate(book, schema.NewLang("en"))
	if schema.HasErrors(res.Problems) {
		t.Fatalf("problems: %v", res.Problems)
	}
	v := res.Data.(*schema.ValkyrieData).Valkyries[0]
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

// TestIssue13_1_GeneratedTextUsesFullWidthPunctuation: every template the
// effect text is generated from (triggers, conditions, verbs and their word
// labels) punctuates full-width (：、。「」（）！), as designers type, so one
// deck never mixes two styles. Numbers and their signs stay ASCII.
func TestIssue13_1_GeneratedTextUsesFullWidthPunctuation(t *testing.T) {
	check := func(game, what, s string) {
		if i := strings.IndexAny(s, asciiPunct); i >= 0 {
			t.Errorf("%s %s: %q has the ASCII %q; generated text punctuates full-width", game, what, s, s[i:i+1])
		}
	}
	for _, g := range schema.Games() {
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

// TestIssue13_2_TypedTextIsNotBrokenAfterEverySentence: typed text fills
// each line (with kinsoku) instead of starting a line at every 。, while
// text generated from an effect still starts each sentence on a new line.
func TestIssue13_2_TypedTextIsNotBrokenAfterEverySentence(t *testing.T) {
	_, _, lay := shipped(t, "valkyrie")
	book := openBook(t, "valkyrie")
	id := book.Sheets["Valkyrie"].Rows[0].Cell(0)
	setCell(t, book, "Valkyrie", "テキスト", id, "引く。捨てる。")
	res := schema.Valkyrie.Validate(book, schema.NewLang("en"))
	if schema.HasErrors(res.Problems) {
		t.Fatalf("problems: %v", res.Problems)
	}
	path := render(t, res, lay, cards.Options{Only: []string{id}})
	if out := tool(t, "pdftotext", "-f", "1", "-l", "1", path, "-"); !strings.Contains(out, "引く。捨てる。") {
		t.Errorf("the typed text was broken at 。:\n%s", out)
	}
}
