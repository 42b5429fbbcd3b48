package book

import (
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// KindRuby is the node kind of Ruby.
var KindRuby = ast.NewNodeKind("Ruby")

// Ruby is furigana over a base text, written {漢字|かんじ} (group ruby:
// one reading over the whole base) or {漢字|かん|じ} (one reading per
// base character). The full-width bar ｜ separates as well, and must in a
// table, where | separates the cells. Its one child is the base as an ast.String, so code
// that reads a node's plain text sees the base.
type Ruby struct {
	ast.BaseInline
	Bases, Readings []string // paired: a whole base and its reading, or one per character
}

// Kind implements ast.Node.
func (*Ruby) Kind() ast.NodeKind { return KindRuby }

// Dump implements ast.Node.
func (n *Ruby) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Bases": strings.Join(n.Bases, ","), "Readings": strings.Join(n.Readings, ",")}, nil)
}

// rubyParser parses {base|reading} and {base|r1|r2…} with one reading per
// base character. Anything else starting with { is left as text.
type rubyParser struct{}

func (rubyParser) Trigger() []byte { return []byte{'{'} }

func (rubyParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	end := strings.IndexByte(string(line), '}')
	if end < 0 {
		return nil
	}
	body := string(line[1:end])
	if strings.ContainsAny(body, "{\n") {
		return nil
	}
	parts := strings.FieldsFunc(body, func(r rune) bool { return r == '|' || r == '｜' })
	if strings.Count(body, "|")+strings.Count(body, "｜") != len(parts)-1 {
		return nil // an empty part
	}
	if len(parts) < 2 {
		return nil
	}
	for _, p := range parts {
		if strings.TrimSpace(p) == "" {
			return nil
		}
	}
	base := parts[0]
	n := &Ruby{}
	switch {
	case len(parts) == 2:
		n.Bases, n.Readings = []string{base}, []string{parts[1]}
	case len(parts)-1 == utf8.RuneCountInString(base):
		for _, c := range base {
			n.Bases = append(n.Bases, string(c))
		}
		n.Readings = parts[1:]
	default:
		return nil
	}
	block.Advance(end + 1)
	n.AppendChild(n, ast.NewString([]byte(base)))
	return n
}
