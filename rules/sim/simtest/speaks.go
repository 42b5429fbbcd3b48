package simtest

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"bifrost/schema"
)

// englishWords is two English words in a row: a sentence, not an ID or an
// invariant number.
var englishWords = regexp.MustCompile(`\b[A-Za-z]{2,}\b[ ,;:()'’]+\b[A-Za-z]{2,}\b`)

// SpeaksBoth fails t, naming the case name, unless err reads in both
// languages: its Japanese form holds kana or kanji and no English sentence,
// and its English form holds no Japanese (kana, kanji or full-width
// punctuation) outside cardData, the workbook's names.
func SpeaksBoth(t testing.TB, name string, err error, cardData ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no violation", name)
	}
	ja, en := schema.Japanese.ErrText(err), schema.English.ErrText(err)
	t.Logf("%s\n%s", ja, en)
	kana := strings.ContainsFunc(ja, func(r rune) bool { return unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) })
	if m := englishWords.FindString(ja); m != "" || !kana {
		t.Errorf("%s: Japanese form %q speaks English (%q)", name, ja, m)
	}
	var drop []string
	for _, d := range cardData {
		drop = append(drop, d, "")
	}
	if schema.HasJapanese(strings.NewReplacer(drop...).Replace(en)) {
		t.Errorf("%s: English form %q holds Japanese", name, en)
	}
}
