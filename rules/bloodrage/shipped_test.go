package bloodrage_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/bloodrage"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

const bloodrageXLSX = "../../cardsrc/bloodrage.xlsx"

// openBloodrage loads the shipped workbook.
func openBloodrage(t *testing.T) *schema.Book {
	t.Helper()
	b, err := workbook.Open(bloodrageXLSX, "cardsrc/bloodrage.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func lines(ps []schema.Problem) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return strings.Join(out, "\n")
}

func TestBloodrageShipped_ValidatesCleanly(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		res := bloodrage.Schema.Validate(openBloodrage(t), schema.NewLang(lang))
		if len(res.Problems) != 0 {
			t.Fatalf("%s: want no problems, got:\n%s", lang, lines(res.Problems))
		}
		want := map[string]int{"AIBoard": 3, "Quest": 27, "Upgrade": 36, "Battle": 39}
		if !maps.Equal(res.Components, want) {
			t.Errorf("%s: components = %v, want %v", lang, res.Components, want)
		}
	}
}

// The shipped data holds the seed's tables exactly and three complete boards.
func TestBloodrageShipped_SeedTables(t *testing.T) {
	d := bloodrage.Schema.Validate(openBloodrage(t), schema.NewLang("en")).Data.(*bloodrage.Data)
	wantDraft := [][3]int{{2, 2, 2}, {2, 2, 2}, {1, 2, 2}, {1, 2, 2}, {1, 1, 2}, {1, 1, 1}}
	if len(d.Draft) != len(wantDraft) {
		t.Fatalf("draft has %d rounds, want %d", len(d.Draft), len(wantDraft))
	}
	for i, r := range d.Draft {
		if got := [3]int{r.Quest, r.Upgrade, r.Battle}; r.Round != i+1 || got != wantDraft[i] {
			t.Errorf("draft round %d = %v, want %v", r.Round, got, wantDraft[i])
		}
	}
	// P1–P6 of the checklist, as (spent, diff, rolls) → joins.
	pillage := []struct {
		spent        bool
		diff, r1, r2 int
		want         bool
	}{
		{false, -2, 6, 0, true}, {false, 2, 5, 0, false},
		{false, 3, 5, 0, true}, {false, 9, 4, 0, false},
		{false, -3, 6, 6, true}, {false, -8, 6, 5, false},
		{true, 0, 1, 1, false}, {true, 0, 1, 2, true},
		{true, 4, 1, 1, false}, {true, 4, 2, 1, true},
		{true, -3, 3, 0, true}, {true, -5, 2, 0, false},
	}
	for _, p := range pillage {
		row := d.PillageRow(p.spent, p.diff)
		if row == nil {
			t.Fatalf("no pillage row for spent=%v diff=%d", p.spent, p.diff)
		}
		if got := row.Joins(p.r1, p.r2); got != p.want {
			t.Errorf("spent=%v diff=%+d rolls %d,%d: joins %v, want %v", p.spent, p.diff, p.r1, p.r2, got, p.want)
		}
	}
	for _, b := range d.Boards {
		var verbs []string
		for face := 1; face <= 6; face++ {
			cells := d.Track(b.ID, face)
			if len(cells) < 3 || len(cells) > 5 {
				t.Errorf("board %s track %d has %d cells, want 3–5", b.ID, face, len(cells))
			}
			for _, c := range cells {
				verbs = append(verbs, c.Instruction.AST.Clauses[0].Action.Name)
			}
		}
		for _, v := range []string{"invade", "pillage", "stat", "boost", "upgrade"} {
			if !slices.Contains(verbs, v) {
				t.Errorf("board %s never says %s", b.ID, v)
			}
		}
		// Monsters come through the upgrade table (7, 7a), each named once
		//.
		if slices.Contains(verbs, "monster") {
			t.Errorf("board %s names a monster on a track as well as in its upgrade table", b.ID)
		}
		named := map[string]bool{}
		for _, u := range d.Upgrades {
			if u.Board == b.ID && u.Monster != "" {
				if named[u.Monster] {
					t.Errorf("board %s names %s twice", b.ID, u.Monster)
				}
				named[u.Monster] = true
			}
		}
		if len(named) != 3 {
			t.Errorf("board %s names %d monsters, want one of each Age", b.ID, len(named))
		}
	}
}

// validateMutated loads the shipped workbook, edits one sheet in memory and
// validates it.
func validateMutated(t *testing.T, sheet string, edit func(tb *schema.Table)) []schema.Problem {
	t.Helper()
	b := openBloodrage(t)
	tb, ok := b.Lookup(sheet)
	if !ok {
		t.Fatalf("no sheet %s", sheet)
	}
	edit(tb)
	return bloodrage.Schema.Validate(b, schema.NewLang("en")).Problems
}

// col returns the 0-based column of an English or Japanese header.
func col(t *testing.T, tb *schema.Table, names ...string) int {
	t.Helper()
	for i, h := range tb.Header {
		if slices.Contains(names, schema.Normalize(h)) {
			return i
		}
	}
	t.Fatalf("sheet %s has no column %v", tb.Sheet, names)
	return -1
}

// rowOf returns the index in tb.Rows of the row whose ID is id.
func rowOf(t *testing.T, tb *schema.Table, id string) int {
	t.Helper()
	c := col(t, tb, "ID")
	for i, r := range tb.Rows {
		if r.Cell(c) == id {
			return i
		}
	}
	t.Fatalf("sheet %s has no row %s", tb.Sheet, id)
	return -1
}

func setCell(tb *schema.Table, row, c int, v string) {
	for len(tb.Rows[row].Cells) <= c {
		tb.Rows[row].Cells = append(tb.Rows[row].Cells, "")
	}
	tb.Rows[row].Cells[c] = v
}

func wantShipped(t *testing.T, ps []schema.Problem, sheet, cell, substr string) {
	t.Helper()
	for _, p := range ps {
		if p.Sheet == sheet && p.Cell == cell && strings.Contains(p.Message, substr) {
			return
		}
	}
	t.Errorf("no problem at %s!%s containing %q; got:\n%s", sheet, cell, substr, lines(ps))
}

func TestBloodrageShipped_CrossChecksOnRealData(t *testing.T) {
	cases := []struct {
		name, sheet string
		edit        func(t *testing.T, tb *schema.Table) string // returns the cell expected
		wantSheet   string
		want        string
	}{
		{"missing face", "AITrack", func(t *testing.T, tb *schema.Table) string {
			// Drop BEAR's track 4 entirely.
			tb.Rows = slices.DeleteFunc(tb.Rows, func(r schema.Row) bool { return strings.HasPrefix(r.Cell(0), "BEAR-4-") })
			return "" // checked on the AIBoard sheet below
		}, "AIBoard", `board "BEAR" has no track for face 4`},
		{"gap in steps", "AITrack", func(t *testing.T, tb *schema.Table) string {
			i := rowOf(t, tb, "WOLF-5-3")
			c := col(t, tb, "順番", "Step")
			setCell(tb, i, c, "9")
			return schema.CellName(c+1, tb.Rows[rowOf(t, tb, "WOLF-5-4")].Num)
		}, "AITrack", "track 5 skips step 3"},
		{"unknown board", "AIUpgrade", func(t *testing.T, tb *schema.Table) string {
			i := rowOf(t, tb, "SERPENT-U04")
			c := col(t, tb, "ボード", "Board")
			setCell(tb, i, c, "RAVEN")
			return schema.CellName(c+1, tb.Rows[i].Num)
		}, "AIUpgrade", `"RAVEN" does not exist`},
		{"overlapping pillage ranges", "Pillage", func(t *testing.T, tb *schema.Table) string {
			c := col(t, tb, "差上限", "MaxDiff")
			setCell(tb, 0, c, "3") // P1 now reaches into P2's band
			return schema.CellName(col(t, tb, "差下限", "MinDiff")+1, tb.Rows[1].Num)
		}, "Pillage", `STR difference +3〜 overlaps the range on row 2`},
		{"fjord naming Yggdrasil", "Fjord", func(t *testing.T, tb *schema.Table) string {
			i := rowOf(t, tb, "FJORD-E")
			c := col(t, tb, "隣接2", "Side2")
			setCell(tb, i, c, "YGGDRASIL")
			return schema.CellName(c+1, tb.Rows[i].Num)
		}, "Fjord", `a fjord cannot touch Yggdrasil`},
		{"monster that is not a monster", "AITrack", func(t *testing.T, tb *schema.Table) string {
			i := rowOf(t, tb, "WOLF-6-1")
			c := col(t, tb, "指示", "Instruction")
			setCell(tb, i, c, "monster A1-BROTHERS")
			return schema.CellName(c+1, tb.Rows[i].Num)
		}, "AITrack", `"A1-BROTHERS" is not a Monster upgrade card`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var cell string
			ps := validateMutated(t, tc.sheet, func(tb *schema.Table) { cell = tc.edit(t, tb) })
			if cell == "" {
				cell = "A4" // BEAR is the third board
			}
			wantShipped(t, ps, tc.wantSheet, cell, tc.want)
		})
	}
}
