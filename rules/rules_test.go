package rules_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/schematest"
)

// TestRulesDefaultsAreValid checks that every game's seed defaults validate
// when a Rules sheet writes them, since the template writes them as they are;
// that no key is declared twice; and that every key is described.
func TestRulesDefaultsAreValid(t *testing.T) {
	for _, game := range rules.All() {
		g := game.Schema
		seen := map[string]bool{}
		sheet := [][]string{{"Key", "Value"}}
		for _, p := range g.AllRules() {
			if seen[p.Key] {
				t.Errorf("%s: rule %s declared twice", g.ID, p.Key)
			}
			seen[p.Key] = true
			if p.Doc == "" {
				t.Errorf("%s: rule %s has no description", g.ID, p.Key)
			}
			sheet = append(sheet, []string{p.Key, p.Default})
		}
		res := g.Validate(schematest.BookOf(map[string][][]string{schema.RulesSheet.Key: sheet}), schema.NewLang("en"))
		for _, p := range res.Problems {
			if p.Sheet == schema.RulesSheet.Key && strings.HasPrefix(p.Message, "rule \"") && strings.Contains(p.Message, " must be ") {
				t.Errorf("%s: a default is not valid: %s", g.ID, p)
			}
		}
	}
}

var verbRe = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)

// TestGameMessagesTakeTheSameArgumentsInBothLanguages guards every game's own
// messages against a translation that is missing or drops or reorders an
// argument.
func TestGameMessagesTakeTheSameArgumentsInBothLanguages(t *testing.T) {
	norm := func(s string) []string {
		var out []string
		for _, v := range verbRe.FindAllString(s, -1) {
			switch v[len(v)-1] {
			case 'q', 's', 'v':
				out = append(out, "s")
			default:
				out = append(out, v[len(v)-1:])
			}
		}
		return out
	}
	for _, g := range rules.All() {
		if len(g.Schema.Messages) == 0 {
			t.Errorf("%s: no messages of its own", g.ID())
		}
		for key, m := range g.Schema.Messages {
			if m[0] == "" || m[1] == "" {
				t.Errorf("%s: %s: a language is missing", g.ID(), key)
				continue
			}
			if ja, en := norm(m[0]), norm(m[1]); !slices.Equal(ja, en) {
				t.Errorf("%s: %s: Japanese takes %v, English takes %v", g.ID(), key, ja, en)
			}
		}
	}
}

// TestEveryGameRefusesDataOfAnotherGame: a game's New checks the type of the
// data it is given, so another game's data is an error, never a panic.
func TestEveryGameRefusesDataOfAnotherGame(t *testing.T) {
	for _, g := range rules.All() {
		for _, data := range []any{nil, 42, &struct{}{}} {
			if e, err := g.New(data); err == nil {
				t.Errorf("%s: New(%T) = %v, want an error", g.ID(), data, e)
			}
		}
	}
}
