package schema

import (
	"slices"
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

// setCell sets the cell of sheet s at data row (1-based, after the header)
// and header name col, growing the row as needed.
func setCell(t *testing.T, sheets map[string][][]string, s string, row int, col, value string) {
	t.Helper()
	rows := sheets[s]
	c := slices.Index(rows[0], col)
	if c < 0 {
		t.Fatalf("sheet %s has no column %s", s, col)
	}
	for len(rows[row]) <= c {
		rows[row] = append(rows[row], "")
	}
	rows[row][c] = value
}

// setRule sets a Rules parameter in the test workbook, adding its row if needed.
func setRule(sheets map[string][][]string, key, value string) {
	for _, r := range sheets["Rules"][1:] {
		if r[0] == key {
			r[1] = value
			return
		}
	}
	sheets["Rules"] = append(sheets["Rules"], []string{key, value})
}
