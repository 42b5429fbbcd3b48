package schema

import (
	"slices"
	"testing"
)

// tunedCard is a card sheet whose funds and effect make it stronger and
// whose cost makes it weaker.
type tunedCard struct {
	ID     string `xlsx:"ID,ID,required"`
	Cost   int    `xlsx:"コスト,Cost" validate:"min=0,max=9" tune:"down"`
	Funds  int    `xlsx:"資金,Funds" validate:"min=0,max=10" tune:"up"`
	Effect Effect `xlsx:"効果,Effect" tune:"up"`
}

func tunedBook() (*Game, *Book) {
	g := &Game{ID: "toy", Sheets: []*SheetSpec{{Key: "Card", JA: "カード", Row: tunedCard{}}}}
	b := &Book{File: "toy.xlsx", Sheets: map[string]*Table{"カード": {Sheet: "カード",
		Header: []string{"ID", "コスト", "資金", "効果"},
		Rows: []Row{
			{Num: 2, Cells: []string{"A", "3", "2", "draw 1"}},
			{Num: 3, Cells: []string{"B", "2", "", "[hand <= 1] power +6"}},
			{Num: 4, Cells: []string{"C", "1", "0", ""}},
			{Num: 5, Cells: []string{"D", "4"}, Cols: []int{0, 1}}, // stored sparse
		}}}}
	return g, b
}

// A design's main number is its first stronger-when-larger column above its
// minimum, else the first number of its effect outside conditions, else its
// first stronger-when-larger column (a blank card); each at its cell.
func TestDesignsFindTheMainNumberOfEachRow(t *testing.T) {
	g, b := tunedBook()
	ds := g.Designs(b)
	for _, tt := range []struct {
		id, field, cell string
		value           int
		inEffect        bool
	}{
		{"A", "Funds", "カード!C2", 2, false},
		{"B", "Effect", "カード!D3", 6, true},
		{"C", "Funds", "カード!C4", 0, false},
		{"D", "Funds", "カード!C5", 0, false},
	} {
		d := ds[tt.id]
		if d == nil || d.Knob == nil {
			t.Fatalf("%s: no design or no main number: %+v", tt.id, d)
		}
		k := d.Knob
		if k.Column.Field != tt.field || k.Cell != tt.cell || k.Value != tt.value || k.InEffect != tt.inEffect || !k.Up || d.Sheet != "Card" {
			t.Errorf("%s: main number %+v, want %s at %s = %d (in effect %v)", tt.id, k, tt.field, tt.cell, tt.value, tt.inEffect)
		}
	}
}

// The neutral copy blanks what makes the card stronger and keeps its cost;
// the moved copy changes the main number only, inside the effect where it
// is written there; the book itself is never changed.
func TestDesignCopiesChangeOneRowAndLeaveTheBook(t *testing.T) {
	g, b := tunedBook()
	ds := g.Designs(b)
	cells := func(bk *Book, row int) []string {
		r := bk.Sheets["カード"].Rows[row]
		var out []string
		for i := range 4 {
			out = append(out, r.Cell(i))
		}
		return out
	}
	for _, tt := range []struct {
		name string
		book func() (*Book, bool)
		row  int
		want []string
	}{
		{"A neutral", func() (*Book, bool) { return ds["A"].Neutral(b) }, 0, []string{"A", "3", "0", ""}},
		{"B moved", func() (*Book, bool) { return ds["B"].WithValue(b, 3), true }, 1, []string{"B", "2", "", "[hand <= 1] power +3"}},
		{"D moved (sparse)", func() (*Book, bool) { return ds["D"].WithValue(b, 5), true }, 3, []string{"D", "4", "5", ""}},
	} {
		nb, ok := tt.book()
		if got := cells(nb, tt.row); !ok || !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q (changed %v), want %q", tt.name, got, ok, tt.want)
		}
	}
	if _, ok := ds["C"].Neutral(b); ok {
		t.Error("a blank card's neutral copy is reported as a change")
	}
	if got := cells(b, 0); !slices.Equal(got, []string{"A", "3", "2", "draw 1"}) {
		t.Errorf("the book itself changed: %q", got)
	}
}

// materialCard is a card sheet whose only tuned column is its effect.
type materialCard struct {
	ID     string `xlsx:"ID,ID,required"`
	Effect Effect `xlsx:"効果,Effect" tune:"up"`
}

// A row of a tuned sheet is a design even when it sets no tuned column (a
// card only to pay with, or one whose effect was emptied): it has no main
// number and is its own blank card, so a scan measures it as doing nothing
// instead of leaving it out.
func TestARowWithNothingTunedIsADesignThatIsItsOwnBlankCard(t *testing.T) {
	g := &Game{ID: "toy", Sheets: []*SheetSpec{{Key: "Material", JA: "マテリアル", Row: materialCard{}}}}
	b := &Book{File: "toy.xlsx", Sheets: map[string]*Table{"マテリアル": {Sheet: "マテリアル",
		Header: []string{"ID", "効果"},
		Rows:   []Row{{Num: 2, Cells: []string{"M1", "draw 1"}}, {Num: 3, Cells: []string{"M2", ""}}}}}}
	ds := g.Designs(b)
	if d := ds["M1"]; d == nil || d.Knob == nil || d.Knob.Value != 1 {
		t.Fatalf("M1: %+v, want a design whose main number is its effect's 1", d)
	}
	d := ds["M2"]
	if d == nil || d.Knob != nil || d.Sheet != "Material" {
		t.Fatalf("M2 (empty effect): %+v, want a Material design with no main number", d)
	}
	if _, ok := d.Neutral(b); ok {
		t.Error("M2's neutral copy is reported as a change: it is its own blank card")
	}
	if _, ok := ds["M1"].Neutral(b); !ok {
		t.Error("M1's neutral copy (its effect emptied) is not reported as a change")
	}
}

// An effect's number is the amount of what it does: the first number
// outside its [conditions] and 【conditions】, which a tuner rewrites in
// place.
func TestEffectNumberIsTheAmountOutsideConditions(t *testing.T) {
	for _, tt := range []struct {
		src  string
		n    int
		with string // src with the number set to 9
	}{
		{"after_fix: power +6", 6, "after_fix: power +9"},
		{"before_roll: [dice >= 4] tiwaz 1", 1, "before_roll: [dice >= 4] tiwaz 9"},
		{"シップ時:【相手捨て身】ポイント +2", 2, "シップ時:【相手捨て身】ポイント +9"},
		{"scout: [einherjar >= 4] vp 2", 2, "scout: [einherjar >= 4] vp 9"},
	} {
		n, with, ok := EffectNumber(tt.src)
		if !ok {
			t.Errorf("EffectNumber(%q) found no number, want %d", tt.src, tt.n)
		} else if n != tt.n || with(9) != tt.with {
			t.Errorf("EffectNumber(%q) = %d, with 9 %q; want %d and %q", tt.src, n, with(9), tt.n, tt.with)
		}
	}
	if _, _, ok := EffectNumber("after_roll: [keeper >= 2] reroll"); ok {
		t.Error("an effect whose only number is in its condition has no amount to move")
	}
}
