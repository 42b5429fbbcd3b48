package nastrond

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"bifrost/rules/sim"
)

// twoEnglishWords finds two English words in a row.
var twoEnglishWords = regexp.MustCompile(`[A-Za-z]{2,}[ ,;:]+[A-Za-z]{2,}`)

// TestIssue16_1_NastrondViolationsSpeakJapanese breaks each invariant that
// Check and CheckStep verify, as their tests do, and reads the violation in
// both languages: the Japanese form in Japanese (no two English words in a
// row), the English one with no Japanese but the cards' own names.
func TestIssue16_1_NastrondViolationsSpeakJapanese(t *testing.T) {
	e := shippedEngine(t)
	names := map[string]error{}
	for _, tt := range brokenChecks {
		names["Check: "+tt.name] = checkBroken(t, e, tt)
	}
	for _, tt := range brokenSteps {
		names["CheckStep: "+tt.name] = stepBroken(t, e, tt)
	}
	g := newTestGame(t, 3, 7) // as TestIssue18_14_I5_UrdSuppliesWithinOne
	check(t, g)
	g.supply[1] -= 2
	g.divine[1] += 2
	g.touch(gPurse)
	names["Check: supplies 2 apart"] = g.Check()
	g = setupGame(t, withParams(e, func(p *params) { p.minMove = 13 }), 2) // as TestI21_G33_PawnWithoutLegalMoveIsViolation
	names["Check: no square to move to"] = g.Check()

	var cardNames []string
	for _, ci := range e.info {
		cardNames = append(cardNames, ci.name)
	}
	for name, err := range names {
		if err == nil {
			t.Errorf("%s: no violation", name)
			continue
		}
		ja, en := sim.Localized(err, true), sim.Localized(err, false)
		t.Logf("%s:\n  %s\n  %s", name, ja, en)
		if !hasJapanese(ja) || twoEnglishWords.MatchString(ja) {
			t.Errorf("%s: the Japanese form %q is not Japanese", name, ja)
		}
		for _, n := range cardNames {
			en = strings.ReplaceAll(en, n, "")
		}
		if hasJapanese(en) {
			t.Errorf("%s: the English form %q has Japanese beyond card names", name, en)
		}
	}
}

// hasJapanese reports whether s holds kana or kanji.
func hasJapanese(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) {
			return true
		}
	}
	return false
}
