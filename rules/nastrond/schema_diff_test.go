package nastrond

import (
	"bifrost/schema"
	"bifrost/schema/schematest"
	"slices"
	"testing"
)

func TestDiff_NamesAddedRemovedAndChangedFields(t *testing.T) {
	old := schematest.BookOf(map[string][][]string{
		"Edda":  {{"ID", "名前", "階層", "目標値", "メモ"}, {"E01", "ミーミルの泉", "1", "7", "note"}, {"E02", "トールの釣り", "1", "6", ""}},
		"Rules": {{"キー", "値"}, {"UrdFor4", "9"}},
	})
	new := schematest.BookOf(map[string][][]string{
		"Edda":  {{"目標値", "ID", "名前", "階層"}, {"8", "E01", "ミーミルの泉", "1"}, {"5", "E03", "バルドルの死", "1"}},
		"Rules": {{"キー", "値"}, {"UrdFor4", "8"}},
	})
	got := schema.Diff(Schema.Records(old), Schema.Records(new))
	var lines []string
	for _, c := range got {
		lines = append(lines, c.String())
	}
	want := []string{
		"- Edda E02 トールの釣り",
		"~ Edda E01 ミーミルの泉: 目標値 7 → 8",
		"+ Edda E03 バルドルの死",
		"~ Rules UrdFor4: 値 9 → 8",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("got\n%q\nwant\n%q", lines, want)
	}
}

func TestRecords_TextconvIsStableAcrossColumnOrderAndNotes(t *testing.T) {
	a := schematest.BookOf(map[string][][]string{"Edda": {{"ID", "名前", "メモ"}, {"E02", "B", "x"}, {"E01", "A", "y"}}})
	b := schematest.BookOf(map[string][][]string{"Edda": {{"Name", "ID"}, {"A", "E01"}, {}, {"B", "E02"}}})
	var la, lb []string
	for _, r := range Schema.Records(a) {
		la = append(la, r.Line())
	}
	for _, r := range Schema.Records(b) {
		lb = append(lb, r.Line())
	}
	if !slices.Equal(la, lb) || la[0] != "[Edda] E01 | ID=E01 | 名前=A" {
		t.Errorf("%q vs %q", la, lb)
	}
}

func TestCardNames_FromTypedData(t *testing.T) {
	d := &Data{Edda: []Edda{{ID: "E01", Name: "ミーミルの泉"}}, Nidhogg: []Nidhogg{{ID: "N1", Name: "ニーズヘッグ"}}}
	got := schema.CardNames(d)
	if len(got) != 2 || got["E01"] != "ミーミルの泉" || got["N1"] != "ニーズヘッグ" {
		t.Errorf("got %v", got)
	}
}
