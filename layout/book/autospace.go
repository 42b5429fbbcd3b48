package book

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Spacing between Japanese and Latin letters or digits (和欧文間): where
// kana or kanji meet a Latin letter or a digit, a book whose front matter
// sets latin_space (in em; the customary 0.25) gets that space, as
// luatexja sets "VP トラック" and "1 枚". Punctuation takes none. The space is carried through line
// breaking as wordJoinSpace, which binds what it stands between (a number
// stays with its counter) and is drawn as a gap.

// wordJoinSpace marks the space: NARROW NO-BREAK SPACE, never printed.
const wordJoinSpace = '\u202f'

// isKanaKanji reports the Japanese letters that take the space.
func isKanaKanji(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) || r == 'ー'
}

// isLatinDigit reports the Latin letters and digits that take the space.
func isLatinDigit(r rune) bool {
	return r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

func spaceBetween(a, b rune) bool {
	return isKanaKanji(a) && isLatinDigit(b) || isLatinDigit(a) && isKanaKanji(b)
}

// autospace inserts wordJoinSpace where runs, read as one text, change
// between Japanese and Latin letters or digits. Code spans are left alone.
func autospace(runs []run) []run {
	var prev rune
	out := make([]run, len(runs))
	for i, rn := range runs {
		out[i] = rn
		if rn.st&stCode != 0 || rn.ruby != "" {
			prev = 0
			continue
		}
		var b strings.Builder
		changed := false
		for _, c := range rn.s {
			if spaceBetween(prev, c) {
				b.WriteRune(wordJoinSpace)
				changed = true
			}
			b.WriteRune(c)
			prev = c
		}
		if changed {
			out[i].s = b.String()
		}
	}
	return out
}
