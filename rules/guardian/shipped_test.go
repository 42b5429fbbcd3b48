package guardian_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/guardian"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

const gsPath = "../../cardsrc/guardian.xlsx"

// gsOpen opens the shipped guardian workbook.
func gsOpen(t *testing.T) *schema.Book {
	t.Helper()
	book, err := workbook.Open(gsPath, "cardsrc/guardian.xlsx")
	if err != nil {
		t.Fatalf("opening the shipped guardian workbook: %v", err)
	}
	return book
}

func gsLines(ps []schema.Problem) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString("\n" + p.String())
	}
	return b.String()
}

func TestGuardianShipped_ValidatesClean(t *testing.T) {
	res := guardian.Schema.Validate(gsOpen(t), schema.NewLang("en"))
	if len(res.Problems) != 0 {
		t.Fatalf("the shipped workbook has problems:%s", gsLines(res.Problems))
	}
	want := map[string]int{"Guardian": 26, "Advance": 11, "Order": 14, "Material": 7}
	for k, n := range want {
		if res.Components[k] != n {
			t.Errorf("components[%s] = %d, want %d", k, res.Components[k], n)
		}
	}
	if len(res.Components) != len(want) {
		t.Errorf("components = %v, want only the four card kinds", res.Components)
	}
	d := res.Data.(*guardian.Data)
	for _, a := range []string{"火", "水", "風", "土", "SP", "闇"} {
		if d.Attr(a) == nil {
			t.Errorf("attribute %s is missing", a)
		}
	}
	for _, a := range []string{"SP", "闇"} {
		if at := d.Attr(a); at != nil && (at.Reckless || !at.All) {
			t.Errorf("%s must beat all others and not go reckless (seed R30, R31)", a)
		}
	}
}

// TestGuardianShipped_SampleDecksAreLegal re-derives deck legality
// independently of the validator: at least four decks, each exactly DeckSize
// cards of existing IDs with at most MaxCopies of a name (Materials excepted),
// each with its own card list, and together using every card design.
func TestGuardianShipped_SampleDecksAreLegal(t *testing.T) {
	res := guardian.Schema.Validate(gsOpen(t), schema.NewLang("en"))
	d := res.Data.(*guardian.Data)
	type card struct {
		name     string
		material bool
	}
	cards := map[string]card{}
	for _, g := range d.Guardians {
		cards[g.ID] = card{g.Name, false}
	}
	for _, a := range d.Advances {
		cards[a.ID] = card{a.Name, false}
	}
	for _, o := range d.Orders {
		cards[o.ID] = card{o.Name, false}
	}
	for _, m := range d.Materials {
		cards[m.ID] = card{m.Name, true}
	}
	if len(d.Decks) < 4 {
		t.Fatalf("want at least 4 sample decks, got %d", len(d.Decks))
	}
	used := map[string]bool{}
	var lists []string
	for _, dk := range d.Decks {
		total, perName := 0, map[string]int{}
		var ids []string
		for _, c := range dk.Cards {
			cd, ok := cards[c.ID]
			if !ok {
				t.Errorf("deck %s: card %s does not exist", dk.Name, c.ID)
				continue
			}
			used[c.ID] = true
			total += c.Copies
			ids = append(ids, fmt.Sprintf("%s×%d", c.ID, c.Copies))
			if !cd.material {
				perName[cd.name] += c.Copies
			}
		}
		if total != d.Rules.Int("DeckSize") || total != 30 {
			t.Errorf("deck %s has %d cards, want 30", dk.Name, total)
		}
		for name, n := range perName {
			if n > 2 {
				t.Errorf("deck %s has %d of %s, want at most 2", dk.Name, n, name)
			}
		}
		slices.Sort(ids)
		list := strings.Join(ids, ",")
		if slices.Contains(lists, list) {
			t.Errorf("deck %s repeats another deck's list", dk.Name)
		}
		lists = append(lists, list)
	}
	for id := range cards {
		if !used[id] {
			t.Errorf("card %s is in no sample deck, so simulations never play it", id)
		}
	}
}

// gsDeck appends a 30-card test deck "テスト" to the shipped Decks sheet:
// 6 Guardians ×2, 6 Orders ×2 and one Material ×6 (more than MaxCopies, which
// Materials may be). edit may change the rows first. It returns the book and
// a function naming the cell of the appended row i (0-based) under header.
func gsDeck(t *testing.T, edit func(rows [][]string)) (*schema.Book, func(i int, header string) string) {
	t.Helper()
	book := gsOpen(t)
	d := guardian.Schema.Validate(book, schema.NewLang("en")).Data.(*guardian.Data)
	var rows [][]string
	for i := range 6 {
		rows = append(rows, []string{d.Guardians[i].ID, "2"}, []string{d.Orders[i].ID, "2"})
	}
	rows = append(rows, []string{d.Materials[0].ID, "6"})
	if edit != nil {
		edit(rows)
	}
	tab, ok := book.Lookup("Decks", "デッキ")
	if !ok {
		t.Fatal("the shipped workbook has no Decks sheet")
	}
	col := func(header string) int {
		i := slices.Index(tab.Header, header)
		if i < 0 {
			t.Fatalf("Decks has no column %s", header)
		}
		return i
	}
	last := tab.Rows[len(tab.Rows)-1].Num
	for i, r := range rows {
		cells := make([]string, len(tab.Header))
		cells[col("ID")] = fmt.Sprintf("T-%02d", i+1)
		cells[col("デッキ")] = "テスト"
		cells[col("カードID")] = r[0]
		cells[col("枚数")] = r[1]
		tab.Rows = append(tab.Rows, schema.Row{Num: last + 1 + i, Cells: cells})
	}
	return book, func(i int, header string) string { return schema.CellName(col(header)+1, last+1+i) }
}

func TestGuardianShipped_DeckLegality(t *testing.T) {
	for _, tc := range []struct {
		name   string
		edit   func(rows [][]string)
		row    int    // appended row of the problem
		header string // column of the problem
		want   string // "" for a legal deck
	}{
		{"30 cards with 6 of one Material is legal", nil, 0, "", ""},
		{"29 cards", func(rows [][]string) { rows[12][1] = "5" }, 0, "デッキ",
			`deck "テスト" should have 30 cards but has 29 (rule DeckSize)`},
		{"3 copies of a name", func(rows [][]string) { rows[2][1] = "3"; rows[12][1] = "5" }, 2, "枚数",
			"appears 3 times; at most 2 are allowed (rule MaxCopies)"},
		{"3 copies over two rows", func(rows [][]string) { rows[1][0] = rows[3][0]; rows[1][1] = "1"; rows[12][1] = "7" }, 3, "枚数",
			"appears 3 times; at most 2 are allowed (rule MaxCopies)"},
		{"unknown card ID", func(rows [][]string) { rows[5][0] = "X99" }, 5, "カードID",
			`card ID "X99" does not exist`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			book, cell := gsDeck(t, tc.edit)
			ps := guardian.Schema.Validate(book, schema.NewLang("en")).Problems
			if tc.want == "" {
				if len(ps) != 0 {
					t.Errorf("want a legal deck, got:%s", gsLines(ps))
				}
				return
			}
			if len(ps) != 1 {
				t.Errorf("want exactly 1 problem, got %d:%s", len(ps), gsLines(ps))
			}
			at := cell(tc.row, tc.header)
			for _, p := range ps {
				if p.Sheet == "Decks" && p.Cell == at && strings.Contains(p.Message, tc.want) && p.Severity == schema.Error {
					return
				}
			}
			t.Errorf("no error at Decks!%s containing %q; got:%s", at, tc.want, gsLines(ps))
		})
	}
}
