package bloodrage

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// openShipped opens a fresh copy of cardsrc/bloodrage.xlsx, for a test to edit.
func openShipped(t *testing.T) *schema.Book {
	t.Helper()
	b, err := workbook.Open("../../cardsrc/bloodrage.xlsx", "bloodrage.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// appendRow adds a row to sheet of b, its cells given by header (Japanese
// or English, as the sheet writes it).
func appendRow(t *testing.T, b *schema.Book, sheet string, cells map[string]string) {
	t.Helper()
	tb, ok := b.Lookup(sheet)
	if !ok {
		t.Fatalf("no sheet %s", sheet)
	}
	row := make([]string, len(tb.Header))
	for h, v := range cells {
		i := slices.IndexFunc(tb.Header, func(x string) bool { return strings.EqualFold(schema.Normalize(x), h) })
		if i < 0 {
			t.Fatalf("sheet %s has no column %s", sheet, h)
		}
		row[i] = v
	}
	num := 2
	if n := len(tb.Rows); n > 0 {
		num = tb.Rows[n-1].Num + 1
	}
	tb.Rows = append(tb.Rows, schema.Row{Num: num, Cells: row})
}

// setRule sets a Rules parameter of b (appended; the shipped Rules sheet does
// not set these keys twice).
func setRule(t *testing.T, b *schema.Book, key, value string) {
	t.Helper()
	tb, _ := b.Lookup("Rules", "ルール")
	for _, r := range tb.Rows {
		if strings.EqualFold(schema.Normalize(r.Cell(0)), key) {
			r.Cells[1] = value
			return
		}
	}
	appendRow(t, b, "Rules", map[string]string{"キー": key, "値": value})
}

// validData validates b and fails on an error.
func validData(t *testing.T, b *schema.Book) *Data {
	t.Helper()
	res := Schema.Validate(b, schema.NewLang("en"))
	for _, p := range res.Problems {
		if p.Severity == schema.Error {
			t.Fatalf("workbook: %s", p)
		}
	}
	return res.Data.(*Data)
}

// playChecked plays 20 checked games of e for every clan count it offers,
// and fails on a violation, an unfinished game or one without a winner.
func playChecked(t *testing.T, e *Engine) {
	t.Helper()
	decisions := 0
	for i, r := range simtest.PlayChecked(t, sim.NewPlayer(e, []string{"random"}, nil), 20) {
		if r.Winner < 0 {
			t.Errorf("game %d (%d clans) has no winner", i, r.Players)
		}
		decisions += r.Decisions
	}
	t.Logf("20 games, %d decisions", decisions)
}

// TestBloodrageDestroyedAtStartUnderTheLimitPlays: DestroyedAtStart values that, with the shipped 3 Ages, leave
// exactly one outer province for each Ragnarök (5 + 3 = 8) validate, build
// and play 20 checked games; one more province (6) is what the engine
// refuses, and what validation reports.
func TestBloodrageDestroyedAtStartUnderTheLimitPlays(t *testing.T) {
	b := openShipped(t)
	setRule(t, b, "DestroyedAtStart", "5,5,5")
	e, err := New(validData(t, b))
	if err != nil {
		t.Fatal(err)
	}
	if e.p.ages != 3 {
		t.Fatalf("the shipped workbook plays %d Ages, want 3", e.p.ages)
	}
	playChecked(t, e)

	setRule(t, b, "DestroyedAtStart", "6,5,5")
	res := Schema.Validate(b, schema.NewLang("en"))
	if !schema.HasErrors(res.Problems) {
		t.Error("DestroyedAtStart 6 with 3 Ages validates")
	}
	if _, err := New(res.Data.(*Data)); err == nil {
		t.Error("the engine accepts DestroyedAtStart 6 with 3 Ages")
	}
}

// TestBloodrageMaxCardsPlays: a Card sheet of exactly schema.MaxCards cards (one Age
// played, so the later Ages' cards are not counted against CardsPerAge)
// validates, builds and plays 20 checked games; one card more is what the
// engine refuses, and what validation reports.
func TestBloodrageMaxCardsPlays(t *testing.T) {
	b := openShipped(t)
	setRule(t, b, "Ages", "1")
	n := 0
	for _, c := range validData(t, b).Cards {
		n += c.Copies
	}
	for k := 0; n < schema.MaxCards; k++ {
		c := min(9, schema.MaxCards-n)
		appendRow(t, b, "Card", map[string]string{"ID": "X" + strconv.Itoa(k), "名前": "試し" + strconv.Itoa(k),
			"時代": "3", "種類": "戦闘", "戦力": "1", "枚数": strconv.Itoa(c)})
		n += c
	}
	e, err := New(validData(t, b))
	if err != nil {
		t.Fatal(err)
	}
	if len(e.inst) != schema.MaxCards {
		t.Fatalf("the engine has %d cards, want %d", len(e.inst), schema.MaxCards)
	}
	playChecked(t, e)

	appendRow(t, b, "Card", map[string]string{"ID": "Y", "名前": "一枚多い", "時代": "3", "種類": "戦闘", "戦力": "1"})
	res := Schema.Validate(b, schema.NewLang("en"))
	if !schema.HasErrors(res.Problems) {
		t.Errorf("%d cards validate", schema.MaxCards+1)
	}
	if _, err := New(res.Data.(*Data)); err == nil {
		t.Errorf("the engine accepts %d cards", schema.MaxCards+1)
	}
}
