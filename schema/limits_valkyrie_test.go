package schema

import (
	"strings"
	"testing"
)

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
			setCell(t, s, "Valkyrie", 2, "効果", clauses(64, "funds +1"))
		}, "", ""},
		{"valkyrie, 65 clauses", func(t *testing.T, s map[string][][]string) {
			setCell(t, s, "Valkyrie", 2, "効果", clauses(65, "funds +1"))
		}, "Valkyrie!H3", "effect, character 641: too many clauses (at most 64 in one effect; this is clause 65)"},
		{"first valkyrie, 65 clauses", func(t *testing.T, s map[string][][]string) {
			setCell(t, s, "FirstValkyrie", 1, "効果", clauses(65, "power +1"))
		}, "FirstValkyrie!F2", "too many clauses"},
		{"weakness reward, 65 clauses", func(t *testing.T, s map[string][][]string) {
			setCell(t, s, "Weakness", 1, "報酬", clauses(65, "funds +1"))
		}, "Weakness!G2", "too many clauses"},
		{"rage tactics, 65 clauses", func(t *testing.T, s map[string][][]string) {
			setCell(t, s, "RageTactics", 1, "効果", clauses(65, "funds +1"))
		}, "RageTactics!D2", "too many clauses"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := valkyrieSheets()
			tc.edit(t, s)
			checkLimit(t, validateValkyrie(s), tc, key)
		})
	}
}

// TestValkyrieCountRulesStayUnderMaxCards: Valkyrie Strike's count rules bound its physical cards, each
// counted card sheet checked against one, so no workbook that validates has
// more than MaxCards cards (rage tactics are not cards).
func TestValkyrieCountRulesStayUnderMaxCards(t *testing.T) {
	most := 0
	for _, p := range Valkyrie.Rules {
		switch p.Key {
		case "SupplyValkyries", "FirstValkyries", "Weaknesses", "VPCards":
			most += p.Max
		}
	}
	if most == 0 || most > MaxCards {
		t.Errorf("the count rules allow %d cards; the engine plays at most %d", most, MaxCards)
	}
}
