package main

import (
	"testing"

	"bifrost/schema"
	"bifrost/schema/workbook"
)

// TestIssue16_1_EngineRefusalFollowsTheLanguage checks that validate reports
// what the engine refuses in the chosen language. Validation catches this
// data first, so the test hands the engine a changed result directly.
func TestIssue16_1_EngineRefusalFollowsTheLanguage(t *testing.T) {
	book, err := workbook.Open("../../cardsrc/valkyrie.xlsx", "valkyrie.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ lang, want string }{
		{"ja", "ルールエンジンがこのデータを受け付けません: モンスターシートにモンスターがいません"},
		{"en", "the rules engine refuses this data: valkyrie: the Monster sheet is empty"},
	} {
		lang := schema.NewLang(tt.lang)
		res := schema.Valkyrie.Validate(book, lang)
		if schema.HasErrors(res.Problems) {
			t.Fatalf("the shipped workbook does not validate: %v", res.Problems)
		}
		d := *res.Data.(*schema.ValkyrieData)
		d.Monsters = nil
		res.Data = &d
		got := engineProblems(res, lang)
		if len(got) != 1 || got[0].Message != tt.want {
			t.Errorf("%s: %+v, want one problem %q", tt.lang, got, tt.want)
		}
	}
}
