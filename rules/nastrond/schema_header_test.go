package nastrond

import (
	"bifrost/schema"
	"bifrost/schema/schematest"
	"testing"
)

func TestHeader_KnownColumnTwiceIsAnError(t *testing.T) {
	book := schematest.BookOf(map[string][][]string{"Nidhogg": {
		{"ID", "名前", "目標値", "Target", "メモ", "メモ"},
		{"N1", "ニーズヘッグ", "20", "21", "", ""},
	}})
	res := Schema.Validate(book, schema.NewLang("en"))
	schematest.WantProblem(t, res.Problems, "Nidhogg", "D1", `column "Target" appears twice (first in column C)`)
	for _, p := range res.Problems {
		if p.Cell == "F1" {
			t.Errorf("an unknown note column repeated is not a problem: %s", p)
		}
	}
}

func TestHeader_MissingRequiredColumnPointsPastTheHeader(t *testing.T) {
	book := schematest.BookOf(map[string][][]string{"Nidhogg": {{"ID", "名前"}, {"N1", "ニーズヘッグ"}}})
	res := Schema.Validate(book, schema.NewLang("ja"))
	schematest.WantProblem(t, res.Problems, "Nidhogg", "C1", "必須の列「目標値」（Target）がありません")
}

func TestHeader_MissingSheetIsNamedInBothLanguages(t *testing.T) {
	res := Schema.Validate(schematest.BookOf(nil), schema.NewLang("en"))
	schematest.WantProblem(t, res.Problems, "Edda", "A1", `missing required sheet "Edda" (エッダ)`)
}
