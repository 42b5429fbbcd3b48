package main

import (
	"strings"
	"testing"

	"bifrost/rules/valkyrie"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// TestEngineRefusalFollowsTheLanguage checks that validate reports
// what the engine refuses in the chosen language. Validation catches this
// data first, so the test hands the engine a changed result directly.
func TestEngineRefusalFollowsTheLanguage(t *testing.T) {
	t.Parallel()
	book, err := workbook.Open("../../cardsrc/valkyrie.xlsx", "valkyrie.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ lang, want string }{
		{"ja", "ルールエンジンがこのデータを受け付けません: モンスターシートにモンスターがいません"},
		{"en", "the rules engine refuses this data: valkyrie: the Monster sheet is empty"},
	} {
		lang := schema.NewLang(tt.lang)
		res := valkyrie.Schema.Validate(book, lang)
		if schema.HasErrors(res.Problems) {
			t.Fatalf("the shipped workbook does not validate: %v", res.Problems)
		}
		d := *res.Data.(*valkyrie.Data)
		d.Monsters = nil
		res.Data = &d
		got := valkyrie.Definition.EngineProblems(res, lang)
		if len(got) != 1 || got[0].Message != tt.want {
			t.Errorf("%s: %+v, want one problem %q", tt.lang, got, tt.want)
		}
	}
}

// TestUnknownMonsterSpeaksTheUsersLanguage asks sim for a monster
// the valkyrie engine lacks: the engine's refusal is printed in Japanese
// under LANG=ja_JP.UTF-8 and in English with --lang en.
func TestUnknownMonsterSpeaksTheUsersLanguage(t *testing.T) {
	japaneseEnv(t)
	args := []string{"sim", "valkyrie", "--src", shippedSrc, "--games", "1", "--monster", "nobody"}
	ja := bifrost(t, args...)
	if !strings.Contains(ja.stderr, "モンスター「nobody」はいません") || len(englishIn(ja.stdout+ja.stderr)) != 0 || ja.code != exitFailure {
		t.Errorf("Japanese: exit %d, %q (English: %q)", ja.code, ja.stderr, englishIn(ja.stdout+ja.stderr))
	}
	en := bifrost(t, append(args, "--lang", "en")...)
	if !strings.Contains(en.stderr, `valkyrie: unknown monster "nobody"`) || len(japaneseIn(en.stdout+en.stderr)) != 0 {
		t.Errorf("English: exit %d, %q", en.code, en.stderr)
	}
}
