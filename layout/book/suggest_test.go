package book

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/rules/nastrond"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// cardsInRows is typed data holding one table of cards with these IDs, in
// row order.
func cardsInRows(ids ...string) any {
	type row struct{ ID, Name string }
	data := struct{ Cards []row }{}
	for _, id := range ids {
		data.Cards = append(data.Cards, row{ID: id})
	}
	return &data
}

func TestRenamedCard_IsTheRowOutOfOrderWhereTheMissingIDWouldStand(t *testing.T) {
	tests := []struct {
		name    string
		ids     []string
		missing string
		want    string
	}{
		{"retyped in place", []string{"EIN-105", "EIN-106", "EIN-110", "EIN-108"}, "EIN-107", "EIN-110"},
		{"the first row retyped", []string{"E9", "E2", "E3"}, "E1", "E9"},
		{"rows in order: the nearest spelling", []string{"EIN-106", "EIN-107", "EIN-108"}, "EIN-1070", "EIN-107"},
		{"another shape: the nearest spelling", []string{"EIN-101", "EIN-110", "EIN-103"}, "EIN-1O1", "EIN-101"},
		{"nothing near", []string{"A1", "B2"}, "ZZZZZZ", ""},
	}
	for _, tt := range tests {
		if got := renamedCard(tt.missing, cardsInRows(tt.ids...)); got != tt.want {
			t.Errorf("%s: renamedCard(%q, %q) = %q, want %q", tt.name, tt.missing, tt.ids, got, tt.want)
		}
	}
}

func TestExpand_AMissingNameSuggestsTheNearestTheDataHas(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	tests := []struct{ md, en, ja string }{
		{`{{rule "UrdFr4"}}`, `unknown rule "UrdFr4" (did you mean "UrdFor4"?)`, `ルール「UrdFr4」はありません（「UrdFor4」のことですか？）`},
		{`{{table "Eda" "名前"}}`, `unknown sheet "Eda" (did you mean "Edda"?)`, `シート「Eda」はありません（「Edda」のことですか？）`},
		{`{{table "Edda" "目標"}}`, `sheet Edda has no column "目標" (did you mean "目標値"?)`, `シート Edda に列「目標」はありません（「目標値」のことですか？）`},
		{`{{table "Edda" "Name"}}`, `sheet Edda has no column "Name" (did you mean "名前"?)`, `シート Edda に列「Name」はありません（「名前」のことですか？）`},
		{`{{card "EIN-1O7"}}`, `unknown card "EIN-1O7" (did you mean "EIN-107"?)`, `カード「EIN-1O7」はありません（「EIN-107」のことですか？）`},
		{`{{tabel "Edda" "名前"}}`, `function "tabel" not defined (did you mean "table"?)`, `「tabel」という差し込みはありません（「table」のことですか？）`},
	}
	for _, tt := range tests {
		for lang, want := range map[*schema.Lang]string{schema.English: tt.en, schema.Japanese: tt.ja} {
			d.Lang = lang
			_, err := Expand("b.md", tt.md, d)
			if err == nil || err.Error() != "b.md:1: "+want {
				t.Errorf("Expand(%q) = %v, want b.md:1: %s", tt.md, err, want)
			}
		}
	}
}

// TestExpand_ACardRenamedInTheWorkbookIsSuggestedByItsNewID: after the
// designer retypes EIN-107 as EIN-110, a book that still shows EIN-107 is
// told EIN-110, not the EIN-106 or EIN-108 that spelling alone would give.
func TestExpand_ACardRenamedInTheWorkbookIsSuggestedByItsNewID(t *testing.T) {
	src := filepath.Join(t.TempDir(), "nastrond.xlsx")
	err := workbook.Edit("../../cardsrc/nastrond.xlsx", src, func(f *excelize.File) error {
		rows, _ := f.GetRows("Einherjar")
		for i, r := range rows {
			if len(r) > 0 && r[0] == "EIN-107" {
				return f.SetCellValue("Einherjar", schema.CellName(1, i+1), "EIN-110")
			}
		}
		t.Fatal("the shipped Einherjar sheet has no EIN-107 in its first column")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	book, err := workbook.Open(src, src)
	if err != nil {
		t.Fatal(err)
	}
	res := nastrond.Schema.Validate(book, schema.English)
	if schema.HasErrors(res.Problems) {
		t.Fatal(res.Problems)
	}
	d := Data{Game: nastrond.Schema, Result: res, Book: book, Lang: schema.English}
	_, err = Expand("b.md", "a\n\n{{card \"EIN-107\"}}\n\nb {{rule \"UrdFor4\"}} {{card \"EIN-107\"}}\n", d)
	want := []string{`b.md:3: unknown card "EIN-107" (did you mean "EIN-110"?)`, `b.md:5: unknown card "EIN-107" (did you mean "EIN-110"?)`}
	if err == nil || strings.Split(err.Error(), "\n")[0] != want[0] || len(SourceErrors(err)) != 2 || SourceErrors(err)[1].Error() != want[1] {
		t.Errorf("Expand = %v, want both uses:\n%s", err, strings.Join(want, "\n"))
	}
}
