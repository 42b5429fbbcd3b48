package workbook

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/rules"
	"bifrost/schema"
)

// testCard is a row struct with one column of each kind the template treats
// differently.
type testCard struct {
	ID     string        `xlsx:"ID,ID,required"`
	Name   string        `xlsx:"名前,Name,required" doc:"カード名"`
	Target int           `xlsx:"目標値,Target,required" validate:"min=1,max=60" doc:"判定に必要なパワー"`
	Cost   int           `xlsx:"コスト,Cost" validate:"min=0"`
	Rare   bool          `xlsx:"レア,Rare"`
	Colour string        `xlsx:"色,Colour" validate:"oneof=赤 青"`
	Tags   []string      `xlsx:"タグ,Tags"`
	Effect schema.Effect `xlsx:"効果,Effect"`
}

var testGame = &schema.Game{
	ID:     "test",
	Title:  "テストゲーム",
	Sheets: []*schema.SheetSpec{{Key: "Card", JA: "カード", Row: testCard{}}},
	Rules: []schema.RuleParam{
		{Key: "HandSize", Kind: schema.RuleInt, Default: "5", Min: 1, Max: 9, Doc: "手札の枚数"},
		{Key: "Bonus", Kind: schema.RuleBool, Default: "○", Doc: "ボーナスを使う"},
		{Key: "UrdFor", Kind: schema.RuleIntList, Default: "6,7,8", Min: 1, Max: 20, Doc: "人数別のウルズ"},
	},
}

func writeTestTemplate(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.xlsx")
	must(t, WriteTemplate(path, testGame))
	return path
}

func TestWriteTemplateHeadersAndRulesReadBack(t *testing.T) {
	path := writeTestTemplate(t)
	book, err := Open(path, "test.xlsx")
	must(t, err)
	if len(book.Sheets) != 2 {
		t.Errorf("sheets = %v, want Card and Rules", book.Sheets)
	}
	card := book.Sheets["Card"]
	if card == nil {
		t.Fatal("no Card sheet")
	}
	if want := []string{"ID", "名前", "目標値", "コスト", "レア", "色", "タグ", "効果"}; !reflect.DeepEqual(card.Header, want) {
		t.Errorf("Card header = %q, want %q", card.Header, want)
	}
	if len(card.Rows) != 0 {
		t.Errorf("Card rows = %v, want none", card.Rows)
	}
	rules := book.Sheets["Rules"]
	if rules == nil {
		t.Fatal("no Rules sheet")
	}
	if want := []string{"キー", "値", "説明"}; !reflect.DeepEqual(rules.Header, want) {
		t.Errorf("Rules header = %q, want %q", rules.Header, want)
	}
	want := []schema.Row{
		{Num: 2, Cells: []string{"HandSize", "5", "手札の枚数"}},
		{Num: 3, Cells: []string{"Bonus", "○", "ボーナスを使う"}},
		{Num: 4, Cells: []string{"UrdFor", "6,7,8", "人数別のウルズ"}},
	}
	if len(rules.Rows) != len(want)+len(schema.CheckRules) || !reflect.DeepEqual(rules.Rows[:len(want)], want) {
		t.Errorf("Rules rows = %v\nwant %v followed by the %d check thresholds", rules.Rows, want, len(schema.CheckRules))
	}
}

func TestWriteTemplateSheetsNotesPanesAndStyle(t *testing.T) {
	f, err := excelize.OpenFile(writeTestTemplate(t))
	must(t, err)
	defer f.Close()
	if got, want := f.GetSheetList(), []string{"Card", "Rules"}; !reflect.DeepEqual(got, want) {
		t.Errorf("sheets = %q, want %q", got, want)
	}
	comments, err := f.GetComments("Card")
	must(t, err)
	notes := map[string]string{}
	for _, c := range comments {
		notes[c.Cell] = c.Text
	}
	for cell, want := range map[string]string{
		"A1": "ID\n必須",
		"B1": "Name\nカード名\n必須",
		"C1": "Target\n判定に必要なパワー\n必須。整数 1〜60",
		"E1": "Rare\n○/×",
		"F1": "Colour\n赤 / 青",
		"H1": "Effect",
	} {
		if notes[cell] != want {
			t.Errorf("note %s = %q, want %q", cell, notes[cell], want)
		}
	}
	if len(notes) != 8 {
		t.Errorf("%d notes on Card, want one per column", len(notes))
	}
	for _, sheet := range f.GetSheetList() {
		panes, err := f.GetPanes(sheet)
		must(t, err)
		if !panes.Freeze || panes.YSplit != 1 || panes.TopLeftCell != "A2" {
			t.Errorf("%s panes = %+v, want row 1 frozen", sheet, panes)
		}
	}
	id, err := f.GetCellStyle("Card", "H1")
	must(t, err)
	style, err := f.GetStyle(id)
	must(t, err)
	if style.Font == nil || !style.Font.Bold || style.Fill.Pattern != 1 {
		t.Errorf("header style = %+v, want bold on a fill", style)
	}
	effect, err := f.GetColWidth("Card", "H")
	must(t, err)
	target, err := f.GetColWidth("Card", "C")
	must(t, err)
	if effect < 40 || target > 12 || target < float64(displayWidth("目標値")) {
		t.Errorf("widths: effect %v, target %v", effect, target)
	}
	typ, err := f.GetCellType("Rules", "B2")
	must(t, err)
	if typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
		t.Errorf("Rules!B2 has type %v, want a number", typ)
	}
	props, err := f.GetDocProps()
	must(t, err)
	if props.Title != "テストゲーム" || props.Creator != "bifrost" || props.Created != templateTime {
		t.Errorf("doc props = %+v", props)
	}
}

func TestWriteTemplateDataValidations(t *testing.T) {
	f, err := excelize.OpenFile(writeTestTemplate(t))
	must(t, err)
	defer f.Close()
	dvs, err := f.GetDataValidations("Card")
	must(t, err)
	type check struct{ typ, op, f1, f2 string }
	got := map[string]check{}
	for _, dv := range dvs {
		got[dv.Sqref] = check{dv.Type, dv.Operator, dv.Formula1, dv.Formula2}
		if !dv.ShowErrorMessage || dv.Error == nil || *dv.Error == "" {
			t.Errorf("%s: no error message", dv.Sqref)
		}
	}
	want := map[string]check{
		"C2:C1000": {"whole", "between", "1", "60"},
		"D2:D1000": {"whole", "greaterThanOrEqual", "0", ""},
		"E2:E1000": {"list", "", `"○,×"`, ""},
		"F2:F1000": {"list", "", `"赤,青"`, ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("data validations:\n got %q\nwant %q", got, want)
	}
}

func TestWriteTemplateIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.xlsx"), filepath.Join(dir, "b.xlsx")
	must(t, WriteTemplate(a, testGame))
	must(t, WriteTemplate(b, testGame))
	da, err := os.ReadFile(a)
	must(t, err)
	db, err := os.ReadFile(b)
	must(t, err)
	if !bytes.Equal(da, db) {
		t.Error("two templates of the same game differ")
	}
	entries, err := os.ReadDir(dir)
	must(t, err)
	if len(entries) != 2 {
		t.Errorf("directory holds %d files, want no temp files left", len(entries))
	}
}

func TestWriteTemplateForEveryGame(t *testing.T) {
	for _, g := range rules.All().Schemas() {
		t.Run(g.ID, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), g.ID+".xlsx")
			must(t, WriteTemplate(path, g))
			book, err := Open(path, g.ID+".xlsx")
			must(t, err)
			for _, spec := range g.AllSheets() {
				table := book.Sheets[spec.Key]
				if table == nil {
					t.Errorf("no sheet %s", spec.Key)
					continue
				}
				var want []string
				for _, col := range spec.Columns() {
					want = append(want, col.JA)
				}
				if !reflect.DeepEqual(table.Header, want) {
					t.Errorf("%s header = %q, want %q", spec.Key, table.Header, want)
				}
			}
			if rules := book.Sheets["Rules"]; rules != nil && len(rules.Rows) != len(g.AllRules()) {
				t.Errorf("Rules has %d rows, want %d", len(rules.Rows), len(g.AllRules()))
			}
		})
	}
}
