package simtest

import (
	"regexp"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// englishWords is two English words in a row: a sentence, not an ID, a deck
// name or an invariant number.
var englishWords = regexp.MustCompile(`\b[a-z]{2,}\b[ ,;:()'’]+\b[a-z]{2,}\b`)

// SpeaksBoth fails t, naming the case name, unless err reads in both
// languages: its Japanese form holds Japanese and no English sentence, and
// its English form is err.Error() and holds no Japanese outside cardData
// (names from the workbook, which are the designer's and may be Japanese).
func SpeaksBoth(t testing.TB, name string, err error, cardData ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no violation", name)
	}
	ja, en := sim.Localized(err, true), sim.Localized(err, false)
	t.Logf("%s\n%s", ja, en)
	if m := englishWords.FindString(ja); m != "" || !schema.HasJapanese(ja) {
		t.Errorf("%s: Japanese form %q speaks English (%q)", name, ja, m)
	}
	var drop []string
	for _, d := range cardData {
		drop = append(drop, d, "")
	}
	if schema.HasJapanese(strings.NewReplacer(drop...).Replace(en)) || en != err.Error() {
		t.Errorf("%s: English form %q holds Japanese or is not Error()", name, en)
	}
}
