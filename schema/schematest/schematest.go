// Package schematest helps the tests of games' data contracts: it builds
// workbooks from rows of cells, edits their cells and Rules, and asserts the
// problems validation reports.
package schematest

import (
	"slices"
	"strings"
	"testing"

	"bifrost/schema"
)

// BookOf builds a Book from sheets given as rows of cells; the first row is the header.
func BookOf(sheets map[string][][]string) *schema.Book {
	b := &schema.Book{File: "test.xlsx", Sheets: map[string]*schema.Table{}}
	for name, rows := range sheets {
		t := &schema.Table{Sheet: name}
		if len(rows) > 0 {
			t.Header = rows[0]
		}
		for i, r := range rows[min(1, len(rows)):] {
			t.Rows = append(t.Rows, schema.Row{Num: i + 2, Cells: r})
		}
		b.Sheets[name] = t
	}
	return b
}

// ProblemLines renders problems as their one-line form, for assertions.
func ProblemLines(ps []schema.Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// ErrorsOf returns the problems of severity Error.
func ErrorsOf(ps []schema.Problem) []schema.Problem {
	var out []schema.Problem
	for _, p := range ps {
		if p.Severity == schema.Error {
			out = append(out, p)
		}
	}
	return out
}

// WantProblem fails t unless some problem has the given cell and contains substr.
func WantProblem(t *testing.T, ps []schema.Problem, sheet, cell, substr string) {
	t.Helper()
	for _, p := range ps {
		if p.Sheet == sheet && p.Cell == cell && strings.Contains(p.Message, substr) {
			return
		}
	}
	t.Errorf("no problem at %s!%s containing %q; got:\n%v", sheet, cell, substr, ProblemLines(ps))
}

// SetCell sets the cell of sheet s at data row (1-based, after the header)
// and header name col, growing the row as needed.
func SetCell(t *testing.T, sheets map[string][][]string, s string, row int, col, value string) {
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

// SetRule sets a Rules parameter in the test workbook, adding its row if needed.
func SetRule(sheets map[string][][]string, key, value string) {
	for _, r := range sheets["Rules"][1:] {
		if r[0] == key {
			r[1] = value
			return
		}
	}
	sheets["Rules"] = append(sheets["Rules"], []string{key, value})
}

// CheckLimit checks the errors of a workbook shape at or past an engine
// limit: one error at cell ("Sheet!A1") containing key and want, or no error
// at all when cell is "".
func CheckLimit(t *testing.T, res schema.Result, cell, want, key string) {
	t.Helper()
	errs := ErrorsOf(res.Problems)
	if cell == "" {
		if len(errs) != 0 {
			t.Fatalf("want no errors, got:\n%s", strings.Join(ProblemLines(errs), "\n"))
		}
		return
	}
	var at []string
	for _, p := range errs {
		if strings.Contains(p.Message, key) {
			at = append(at, p.Sheet+"!"+p.Cell+": "+p.Message)
		}
	}
	if len(at) != 1 || !strings.HasPrefix(at[0], cell+": ") || !strings.Contains(at[0], want) {
		t.Errorf("want one error at %s containing %q; got %q among:\n%s", cell, want, at, strings.Join(ProblemLines(errs), "\n"))
	}
}
