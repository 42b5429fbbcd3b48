package valkyrie

import (
	"bifrost/schema"
	"bifrost/schema/schematest"
	"strings"
	"testing"
)

// limitCase is one workbook shape at or past an engine limit: the cell of
// the error it must raise, or "" when it must validate without errors.
type limitCase struct {
	name string
	edit func(t *testing.T, s map[string][][]string)
	cell string // "Sheet!A1" of the error, or ""
	want string // the error's message, in part
}

// clauses joins n valkyrie clauses.
func clauses(n int, clause string) string {
	return strings.TrimSuffix(strings.Repeat(clause+"; ", n), "; ")
}

// TestValkyrieClausesPerEffect: an effect has at most ValkyrieMaxClauses clauses; past that
// the engine refused the data, so validation reports it at the effect cell,
// at the first clause too many.
func TestValkyrieClausesPerEffect(t *testing.T) {
	const key = "too many clauses"
	for _, tc := range []limitCase{
		{"valkyrie, 64 clauses", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Valkyrie", 2, "効果", clauses(64, "funds +1"))
		}, "", ""},
		{"valkyrie, 65 clauses", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Valkyrie", 2, "効果", clauses(65, "funds +1"))
		}, "Valkyrie!H3", "effect, character 641: too many clauses (at most 64 in one effect; this is clause 65)"},
		{"first valkyrie, 65 clauses", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "FirstValkyrie", 1, "効果", clauses(65, "power +1"))
		}, "FirstValkyrie!F2", "too many clauses"},
		{"weakness reward, 65 clauses", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Weakness", 1, "報酬", clauses(65, "funds +1"))
		}, "Weakness!G2", "too many clauses"},
		{"rage tactics, 65 clauses", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "RageTactics", 1, "効果", clauses(65, "funds +1"))
		}, "RageTactics!D2", "too many clauses"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := valkyrieSheets()
			tc.edit(t, s)
			schematest.CheckLimit(t, validateValkyrie(s), tc.cell, tc.want, key)
		})
	}
}

// TestValkyrieCountRulesStayUnderMaxCards: Valkyrie Strike's count rules bound its physical cards, each
// counted card sheet checked against one, so no workbook that validates has
// more than MaxCards cards (rage tactics are not cards).
func TestValkyrieCountRulesStayUnderMaxCards(t *testing.T) {
	most := 0
	for _, p := range Schema.Rules {
		switch p.Key {
		case "SupplyValkyries", "FirstValkyries", "Weaknesses", "VPCards":
			most += p.Max
		}
	}
	if most == 0 || most > schema.MaxCards {
		t.Errorf("the count rules allow %d cards; the engine plays at most %d", most, schema.MaxCards)
	}
}

// TestValkyrieCostIsZeroToTwenty: a Valkyrie's cost is 0 to 20; a cost
// outside that range is one error at its cell, in both languages.
func TestValkyrieCostIsZeroToTwenty(t *testing.T) {
	for _, tc := range []struct {
		cost   string
		cell   string // "" when the cost is accepted
		en, ja string
	}{
		{"0", "", "", ""},
		{"20", "", "", ""},
		{"21", "Valkyrie!D2", `Cost must be 20 or less (got "21")`, "コストは20以下でなければなりません（入力値: 「21」）"},
		{"-1", "Valkyrie!D2", `Cost must be 0 or greater (got "-1")`, "コストは0以上でなければなりません（入力値: 「-1」）"},
	} {
		t.Run(tc.cost, func(t *testing.T) {
			s := valkyrieSheets()
			schematest.SetCell(t, s, "Valkyrie", 1, "コスト", tc.cost)
			schematest.CheckLimit(t, validateValkyrie(s), tc.cell, tc.en, tc.en)
			ja := Schema.Validate(schematest.BookOf(s), schema.NewLang("ja"))
			schematest.CheckLimit(t, ja, tc.cell, tc.ja, tc.ja)
		})
	}
}
