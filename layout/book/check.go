package book

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"

	"bifrost/schema"
)

// Limits a real rulebook never meets. Past them the PDF could not set the
// text legibly: every level of nesting narrows the column by two to three
// characters, and a table's columns share the text width (on A5, 12
// columns still leave each one room for two characters and its padding).
const (
	MaxNesting      = 8  // lists, block quotes and definition lists inside each other
	MaxTableColumns = 12 // columns of one table
)

// SourceError is a problem in a rulebook's markdown at a line: a bad
// placeholder, or something the book cannot or must not print. It is a
// data problem for the designer to fix, not a failure of the command.
type SourceError struct {
	File string // "" when the renderer was given markdown without its name
	Line int    // 1-based; 0 when the line is not known
	Msg  string
}

func (e *SourceError) Error() string {
	switch {
	case e.File == "":
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	case e.Line == 0:
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// joinErrors returns the errors sorted by line, nil when there are none,
// the error itself when there is one.
func joinErrors(errs []*SourceError) error {
	slices.SortStableFunc(errs, func(a, b *SourceError) int { return a.Line - b.Line })
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	out := make([]error, len(errs))
	for i, e := range errs {
		out[i] = e
	}
	return errors.Join(out...)
}

// SourceErrors lists the *SourceErrors in err, an error of Expand (as
// Expand joins them, and wrapped in other errors), in order; nil when err
// holds none.
func SourceErrors(err error) []*SourceError {
	switch e := err.(type) {
	case *SourceError:
		return []*SourceError{e}
	case interface{ Unwrap() []error }:
		var out []*SourceError
		for _, w := range e.Unwrap() {
			out = append(out, SourceErrors(w)...)
		}
		return out
	case interface{ Unwrap() error }:
		return SourceErrors(e.Unwrap())
	}
	return nil
}

// problem is something check found, at a byte offset of the markdown.
type problem struct {
	pos int
	msg *schema.Message
}

// check finds what the book cannot print legibly or must not link to:
// nesting deeper than MaxNesting, tables wider than MaxTableColumns, images
// that are not files inside the rulebook's folder, and links that are
// neither web, mail nor local links. Both renderers run it, so the PDF and
// the HTML page refuse the same markdown with the same errors.
func check(doc ast.Node, src []byte) []problem {
	var out []problem
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		switch t := n.(type) {
		case *ast.List, *ast.Blockquote, *east.DefinitionList:
			depth++
			if depth > MaxNesting {
				out = append(out, problem{pos(n), messages.Err("nesting", MaxNesting)})
				return // one error for the whole too-deep part
			}
		case *east.Table:
			if c := tableColumns(t); c > MaxTableColumns {
				out = append(out, problem{pos(n), messages.Err("table.columns", c, MaxTableColumns)})
				return
			}
		case *ast.Image:
			if m := imageProblem(string(t.Destination)); m != nil {
				out = append(out, problem{pos(n), m})
			}
		case *ast.Link:
			if m := linkProblem(string(t.Destination)); m != nil {
				out = append(out, problem{pos(n), m})
			}
		case *ast.AutoLink:
			if t.AutoLinkType == ast.AutoLinkURL {
				if m := linkProblem(string(t.URL(src))); m != nil {
					out = append(out, problem{pos(n), m})
				}
			}
		}
		for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
			walk(ch, depth)
		}
	}
	walk(doc, 0)
	return out
}

// checkSource parses src and checks it and its front matter. A list nested
// far too deep makes goldmark slow (its cost grows faster than the square
// of the depth: seven seconds for a thousand levels), so a list marker
// indented past any that MaxNesting allows stops the parse there: what
// comes before it is checked, to give the line where the nesting first went
// too deep.
func checkSource(src []byte) (ast.Node, Meta, []problem) {
	if at := deepMarker(src); at >= 0 {
		doc, _ := parseDoc(src[:at])
		ps := check(doc, src[:at])
		if !slices.ContainsFunc(ps, func(p problem) bool { return p.msg.Key() == "nesting" }) {
			ps = append(ps, problem{at, messages.Err("nesting", MaxNesting)})
		}
		return nil, Meta{}, ps
	}
	doc, ctx := parseDoc(src)
	ps := check(doc, src)
	m, bad := frontMatter(ctx)
	if bad != nil {
		ps = append([]problem{{0, bad}}, ps...)
	}
	return doc, m, ps
}

// maxMarkerIndent is the most a list marker can be indented, in columns,
// at MaxNesting levels: each level indents its content by at most a
// nine-digit number, its dot, four spaces and three spaces before it.
const maxMarkerIndent = MaxNesting * 17

// deepMarker is the offset of the first line that starts with a list
// marker indented more than maxMarkerIndent columns, or -1.
func deepMarker(src []byte) int {
	for off := 0; off < len(src); {
		line := src[off:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1]
		}
		col, i := 0, 0
		for ; i < len(line) && (line[i] == ' ' || line[i] == '\t'); i++ {
			if line[i] == '\t' {
				col += 4 - col%4
			} else {
				col++
			}
		}
		if col > maxMarkerIndent && listMarker.Match(line[i:]) {
			return off
		}
		off += len(line)
	}
	return -1
}

var listMarker = regexp.MustCompile(`^(?:[-+*]|[0-9]{1,9}[.)])(?:[ \t]|\r?\n|$)`)

// pos is where n starts in the source: its own position, or that of its
// first descendant that has one.
func pos(n ast.Node) int {
	for ; n != nil; n = n.FirstChild() {
		if p := n.Pos(); p >= 0 {
			return p
		}
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return n.Lines().At(0).Start
		}
	}
	return 0
}

// lineAt is the 1-based line of byte offset p in src.
func lineAt(src []byte, p int) int {
	return 1 + bytes.Count(src[:min(max(p, 0), len(src))], []byte("\n"))
}

func tableColumns(t *east.Table) int {
	n := len(t.Alignments)
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		n = max(n, row.ChildCount())
	}
	return n
}

// destination is a link or image destination as a browser reads it:
// character references resolved, tabs and newlines dropped, leading
// control characters and spaces trimmed.
func destination(dest string) string {
	d := util.ResolveEntityNames(util.ResolveNumericReferences([]byte(dest)))
	s := strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, string(d))
	return strings.TrimLeftFunc(s, func(r rune) bool { return r <= ' ' })
}

// imageProblem says why dest may not be an image of the book, or nil
// when it may: an example card ({{card}}), or a file inside the rulebook's
// folder. A URL of any scheme, an absolute path, or a path through ".."
// out of the folder is refused.
func imageProblem(dest string) *schema.Message {
	d := destination(dest)
	if strings.HasPrefix(d, CardRef) || strings.HasPrefix(d, FigureRef) || d == IndexRef {
		return nil
	}
	if _, why := localPath(d); why != "" {
		return messages.Err("image.bad", dest, messages.Err(why))
	}
	return nil
}

// linkProblem says why dest may not be a link of the book, or nil when
// it may: a web or mail address (http, https, mailto), a heading (#…), or a
// file inside the rulebook's folder. Any other scheme, such as
// javascript:, is refused.
func linkProblem(dest string) *schema.Message {
	d := destination(dest)
	lower := strings.ToLower(d)
	for _, ok := range []string{"http://", "https://", "mailto:", "#"} {
		if strings.HasPrefix(lower, ok) {
			return nil
		}
	}
	if d == "" {
		return nil
	}
	if _, why := localPath(d); why != "" {
		if why == "path.scheme" {
			why = "path.linkscheme"
		}
		return messages.Err("link.bad", dest, messages.Err(why))
	}
	return nil
}

// localPath returns dest, a path relative to the rulebook's folder, cleaned,
// or the message key of why it is not one: a URL with a scheme, an absolute
// path, or a path that leaves the folder (percent-escapes decoded first, as
// a browser does).
func localPath(dest string) (string, string) {
	p, err := url.PathUnescape(dest)
	switch {
	case err != nil, p == "":
		return "", "path.bad"
	case strings.Contains(p, ":"):
		return "", "path.scheme"
	case strings.Contains(p, `\`):
		return "", "path.backslash"
	case strings.HasPrefix(p, "/"), !filepath.IsLocal(filepath.FromSlash(p)):
		return "", "path.outside"
	}
	return path.Clean(p), ""
}
