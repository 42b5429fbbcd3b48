package schema

import (
	"slices"
	"testing"
)

// idRow is a sheet row with an ID, as every card sheet has.
type idRow struct {
	ID   string `xlsx:"ID,ID,required"`
	Name string `xlsx:"名前,Name"`
}

// TestDecode_anIDIsUniqueInItsSheet: an ID given on two rows of a sheet is
// one error at the later row's ID cell, naming the first row, in both
// languages; distinct IDs, and the same ID in another sheet, are not.
func TestDecode_anIDIsUniqueInItsSheet(t *testing.T) {
	for _, tt := range []struct {
		lang string
		want []string
	}{
		{"en", []string{`toy.xlsx: Toy!A4: duplicate ID "C1" (first used on row 2)`}},
		{"ja", []string{`toy.xlsx: Toy!A4: ID「C1」が重複しています（最初は 2 行目）`}},
	} {
		lang := NewLang(tt.lang)
		book := &Book{File: "toy.xlsx", Sheets: map[string]*Table{
			"Toy": {Sheet: "Toy", Header: []string{"ID", "Name"}, Rows: []Row{
				{Num: 2, Cells: []string{"C1", "first"}},
				{Num: 3, Cells: []string{"C2", "second"}},
				{Num: 4, Cells: []string{"C1", "third"}},
			}},
			"Other": {Sheet: "Other", Header: []string{"ID", "Name"}, Rows: []Row{
				{Num: 2, Cells: []string{"C1", "elsewhere"}},
			}},
		}}
		c := &Checker{Book: book, Lang: lang, P: &Problems{File: book.File, Lang: lang}}
		s := Decode[idRow](c, &SheetSpec{Key: "Toy", JA: "おもちゃ", Row: idRow{}})
		Decode[idRow](c, &SheetSpec{Key: "Other", JA: "ほか", Row: idRow{}})
		ps := c.P.Sorted()
		if got := problemLines(ps); !slices.Equal(got, tt.want) {
			t.Errorf("%s: problems %q, want %q", tt.lang, got, tt.want)
		}
		if len(ps) == 1 && (ps[0].Severity != Error || ps[0].Column != "ID") {
			t.Errorf("%s: %+v, want an error in the ID column", tt.lang, ps[0])
		}
		if len(s.Items) != 3 {
			t.Errorf("%s: %d rows decoded, want all 3 (decoding goes on past a problem)", tt.lang, len(s.Items))
		}
	}
}
