package book

import (
	"strings"
	"unicode/utf8"
)

// Punctuation compression (約物詰め), after JIS X 4051: a full-width
// bracket or stop has half an em of blank beside its glyph. Where two
// meet with blank halves facing, half an em comes out between them, so
// 「）。」 takes 1.5 em and 「」「」 leaves half an em between the
// brackets. The measure of a string counts it, and lineOps draws the
// first mark of each pair with half an em less character spacing, so
// that the text layer keeps each character's box and reading order.

const (
	closingPunct = "、。，．）」』】〕〉》］｝"
	openingPunct = "（「『【〔〈《［｛"
)

// squeezeAfter reports whether half an em comes out between a and b: a
// closing mark (blank on its right) before any bracket or stop, or an
// opening bracket (blank on its left) after another.
func squeezeAfter(a, b rune) bool {
	aClose := strings.ContainsRune(closingPunct, a)
	bClose, bOpen := strings.ContainsRune(closingPunct, b), strings.ContainsRune(openingPunct, b)
	return aClose && (bClose || bOpen) || strings.ContainsRune(openingPunct, a) && bOpen
}

// squeezes counts the pairs of s that lose half an em.
func squeezes(s string) int {
	n := 0
	var prev rune
	for _, c := range s {
		if squeezeAfter(prev, c) {
			n++
		}
		prev = c
	}
	return n
}

// piece is a stretch of a line drawn in one op; a squeezed piece is the
// first mark of a pair alone, drawn half an em narrower.
type piece struct {
	s        string
	squeezed bool
}

// squeezePieces splits s so that the first mark of each pair stands alone.
func squeezePieces(s string) []piece {
	var out []piece
	start := 0
	for i, c := range s {
		n := i + utf8.RuneLen(c)
		if next, _ := utf8.DecodeRuneInString(s[n:]); n < len(s) && squeezeAfter(c, next) {
			if i > start {
				out = append(out, piece{s: s[start:i]})
			}
			out = append(out, piece{s: s[i:n], squeezed: true})
			start = n
		}
	}
	if start < len(s) || len(out) == 0 {
		out = append(out, piece{s: s[start:]})
	}
	return out
}

// runeCount is the number of characters of s.
func runeCount(s string) float64 { return float64(utf8.RuneCountInString(s)) }
