package guardian

import (
	"slices"
	"strings"
	"testing"

	"bifrost/schema"
	"bifrost/schema/workbook"
)

// setCopies sets the 枚数 cell of the Decks row whose ID is rowID.
func setCopies(t *testing.T, b *schema.Book, rowID, copies string) {
	t.Helper()
	tb := b.Sheets["Decks"]
	id, n := slices.Index(tb.Header, "ID"), slices.Index(tb.Header, "枚数")
	for i := range tb.Rows {
		if tb.Rows[i].Cell(id) == rowID {
			tb.Rows[i].Cells[n] = copies
			return
		}
	}
	t.Fatalf("no Decks row %s", rowID)
}

// D1–D3, G22: a deck has exactly DeckSize (30) cards and at most MaxCopies
// (2) of a name, Materials excepted; problems name the cell.
func TestD1_D2_D3_deckLegality(t *testing.T) {
	tests := []struct {
		name  string
		edits [][2]string // Decks row ID, new 枚数
		want  []string    // error problems, as "Sheet!Cell: message"
	}{
		{"the shipped decks are legal", nil, nil},
		{"D1: 31 cards", [][2]string{{"D1-12", "7"}},
			[]string{`Decks!B2: deck "火の速攻" should have 30 cards but has 31 (rule DeckSize)`}},
		{"D1: 29 cards", [][2]string{{"D1-12", "5"}},
			[]string{`Decks!B2: deck "火の速攻" should have 30 cards but has 29 (rule DeckSize)`}},
		{"D2: a third copy", [][2]string{{"D1-01", "3"}, {"D1-12", "5"}},
			[]string{`Decks!D2: deck "火の速攻": the same-name card "鎚打ちのゴウエン" appears 3 times; at most 2 are allowed (rule MaxCopies)`}},
		{"D3: Materials in any number", [][2]string{{"D1-12", "7"}, {"D1-13", "1"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := workbook.Open(shipped, "guardian.xlsx")
			if err != nil {
				t.Fatal(err)
			}
			for _, ed := range tt.edits {
				setCopies(t, b, ed[0], ed[1])
			}
			res := Schema.Validate(b, schema.NewLang("en"))
			var got []string
			for _, p := range res.Problems {
				if p.Severity == schema.Error {
					got = append(got, p.Sheet+"!"+p.Cell+": "+p.Message)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if len(tt.want) == 0 {
				if _, err := New(res.Data.(*Data)); err != nil {
					t.Errorf("a legal workbook does not build an engine: %v", err)
				}
			}
		})
	}
}
