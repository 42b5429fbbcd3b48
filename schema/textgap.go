package schema

import (
	"reflect"
	"strings"
)

// A card's printed text and its effect cell are two things a designer keeps
// in step by hand: the text is what players read, the effect is what the
// simulations play. checkTextGaps warns where they have drifted apart in the
// one direction that silently changes the game: the text promises more than
// the effect does.

// The message keys of a warning that a card is simulated without part of
// its printed text; check counts them per sheet (TextGaps).
const (
	TextGapEmpty = "text_gap_empty" // the text describes an ability, the effect cell is empty
	TextGapShort = "text_gap_short" // the text has more sentences than the effect has clauses
)

// TextGaps counts, per sheet, the cards ps warns are simulated without
// part of their printed text.
func TextGaps(ps []Problem) map[string]int {
	n := map[string]int{}
	for _, p := range ps {
		if p.key == TextGapEmpty || p.key == TextGapShort {
			n[p.Sheet]++
		}
	}
	return n
}

// checkTextGaps compares each printed text column of a decoded row v (one
// with textof=) with the columns it describes: effect columns, whose clauses
// it puts into words, and yes/no columns, each worth one sentence when set
// (bloodrage's 後出し). It warns at the first such column's cell when the
// text says more than they do.
func (s *Sheet[T]) checkTextGaps(v reflect.Value, row int) {
	for _, col := range s.cols {
		if len(col.TextOf) == 0 {
			continue
		}
		text := v.Field(col.Index).String()
		sentences := splitSentences(text)
		if len(sentences) == 0 {
			continue
		}
		clauses, parsed := 0, true
		for _, field := range col.TextOf {
			switch f := v.Field(s.column(field).Index).Interface().(type) {
			case Effect:
				if f.AST != nil {
					clauses += len(f.AST.Clauses)
				} else if strings.TrimSpace(f.Src) != "" {
					parsed = false // reported already
				}
			case bool:
				if f {
					clauses++
				}
			}
		}
		ec := s.column(col.TextOf[0])
		at, found := s.at[ec.Field]
		if !found { // no such column at all: the warning goes on the text
			at = s.at[col.Field]
		}
		switch {
		case !parsed:
		case clauses == 0:
			s.c.P.Warnf(s.Name, row, at, s.headerOr(at, ec.Field), TextGapEmpty, ec.Header(s.c.Lang), text)
		case len(sentences) > clauses:
			s.c.P.Warnf(s.Name, row, at, s.headerOr(at, ec.Field), TextGapShort, len(sentences), clauses, sentences[len(sentences)-1])
		}
	}
}

// column returns the column of Go field name field; it panics for a field
// the row type lacks, a programming error in a textof= tag.
func (s *Sheet[T]) column(field string) Column {
	for _, c := range s.cols {
		if c.Field == field {
			return c
		}
	}
	panic("schema: textof=" + field + " names no column of sheet " + s.Spec.Key)
}

// splitSentences splits printed card text into its sentences: at 。, ！, ？ and
// line breaks, leaving out reminder text in parentheses, which explains a
// rule rather than giving the card an ability.
func splitSentences(text string) []string {
	var out []string
	var b strings.Builder
	depth := 0
	flush := func() {
		if t := strings.TrimSpace(b.String()); t != "" {
			out = append(out, t)
		}
		b.Reset()
	}
	for _, r := range text {
		switch r {
		case '（', '(':
			depth++
			continue
		case '）', ')':
			depth = max(depth-1, 0)
			continue
		}
		if depth > 0 {
			continue
		}
		switch r {
		case '。', '！', '？', '\n':
			flush()
		default:
			b.WriteRune(r)
		}
	}
	flush()
	return out
}
