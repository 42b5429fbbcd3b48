package book

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
)

// section is one numbered heading of the book.
type section struct {
	Level  int
	Number string // "2.3"
	Title  string
	ID     string
	node   *ast.Heading
}

// outline numbers the headings of levels 1–3 ("1", "1.2", "1.2.3") and
// gives each an id; deeper headings stay unnumbered.
func outline(doc ast.Node, src []byte) []section {
	var out []section
	counters := [4]int{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok || h.Level > 3 {
			return ast.WalkContinue, nil
		}
		counters[h.Level]++
		for l := h.Level + 1; l < len(counters); l++ {
			counters[l] = 0
		}
		parts := make([]string, 0, h.Level)
		for l := 1; l <= h.Level; l++ {
			parts = append(parts, fmt.Sprint(counters[l]))
		}
		s := section{Level: h.Level, Number: strings.Join(parts, "."), Title: plainText(h, src), node: h}
		s.ID = "s" + strings.ReplaceAll(s.Number, ".", "-")
		h.SetAttributeString("id", []byte(s.ID))
		out = append(out, s)
		return ast.WalkSkipChildren, nil
	})
	return out
}

// plainText is the text of a node's inline children, markup dropped.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() && !endsCJK(b.String()) {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.CodeSpan:
			for ch := t.FirstChild(); ch != nil; ch = ch.NextSibling() {
				if tx, ok := ch.(*ast.Text); ok {
					b.Write(tx.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

func endsCJK(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return isCJK(r)
}
