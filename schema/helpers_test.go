package schema

import (
	"strings"
	"testing"
)

// bookOf builds a Book from sheets given as rows of cells; the first row is the header.
func bookOf(sheets map[string][][]string) *Book {
	b := &Book{File: "test.xlsx", Sheets: map[string]*Table{}}
	for name, rows := range sheets {
		t := &Table{Sheet: name}
		if len(rows) > 0 {
			t.Header = rows[0]
		}
		for i, r := range rows[min(1, len(rows)):] {
			t.Rows = append(t.Rows, Row{Num: i + 2, Cells: r})
		}
		b.Sheets[name] = t
	}
	return b
}

// problemLines renders problems as their one-line form, for assertions.
func problemLines(ps []Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// wantProblem fails t unless some problem has the given cell and contains substr.
func wantProblem(t *testing.T, ps []Problem, sheet, cell, substr string) {
	t.Helper()
	for _, p := range ps {
		if p.Sheet == sheet && p.Cell == cell && contains(p.Message, substr) {
			return
		}
	}
	t.Errorf("no problem at %s!%s containing %q; got:\n%v", sheet, cell, substr, problemLines(ps))
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
