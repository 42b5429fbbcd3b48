package schema

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Severity says whether a Problem fails validation ("error"), warns
// ("warning", failing check only under CheckWarningsFail) or only informs
// ("note", which never fails).
type Severity string

// The three severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Note    Severity = "note"
)

// Problem is one thing wrong with a workbook, located as precisely as possible.
// Sheet, Cell and Column are empty for problems with the whole file or sheet.
// A problem in a text file (a rulebook's markdown) has a Line instead.
type Problem struct {
	Severity Severity `json:"severity"`
	File     string   `json:"file"`
	Line     int      `json:"line,omitempty"` // 1-based, in a text file; 0 in a workbook
	Sheet    string   `json:"sheet"`
	Cell     string   `json:"cell"`
	Column   string   `json:"column"`
	Message  string   `json:"message"`

	row, col int    // 1-based position, for sorting; 0 when unknown
	key      string // the catalogue key of Message, "" when it has none
}

// String formats p as one line: "file: Sheet!C12: message", or
// "file:LINE: message" in a text file.
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
	}
	b.WriteString(": ")
	if p.Sheet != "" {
		b.WriteString(p.Sheet)
		if p.Cell != "" {
			b.WriteString("!")
			b.WriteString(p.Cell)
		}
		b.WriteString(": ")
	}
	switch p.Severity {
	case Warning:
		b.WriteString("warning: ")
	case Note:
		b.WriteString("note: ")
	}
	b.WriteString(p.Message)
	return b.String()
}

// Problems collects problems for one file. Its methods never stop at the first problem.
type Problems struct {
	File  string
	Lang  *Lang
	items []Problem
}

// Add records a problem at a cell. row and col are 1-based; 0 means "the whole sheet" or "the whole row".
func (ps *Problems) Add(sev Severity, sheet string, row, col int, column, msg string) {
	cell := ""
	switch {
	case row > 0 && col > 0:
		cell = CellName(col, row)
	case row > 0:
		cell = fmt.Sprintf("%d:%d", row, row)
	case col > 0:
		cell = ColName(col) + "1"
	}
	ps.items = append(ps.items, Problem{Severity: sev, File: ps.File, Sheet: sheet, Cell: cell, Column: column, Message: msg, row: row, col: col})
}

// Errorf records an error with a message from the catalog (see Lang.Msg).
func (ps *Problems) Errorf(sheet string, row, col int, column, key string, args ...any) {
	ps.Add(Error, sheet, row, col, column, ps.Lang.Msg(key, args...))
	ps.items[len(ps.items)-1].key = key
}

// Warnf records a warning with a message from the catalog.
func (ps *Problems) Warnf(sheet string, row, col int, column, key string, args ...any) {
	ps.Add(Warning, sheet, row, col, column, ps.Lang.Msg(key, args...))
	ps.items[len(ps.items)-1].key = key
}

// Notef records a note, which informs and never fails, with a message
// from the catalog.
func (ps *Problems) Notef(sheet string, row, col int, column, key string, args ...any) {
	ps.Add(Note, sheet, row, col, column, ps.Lang.Msg(key, args...))
	ps.items[len(ps.items)-1].key = key
}

// Sorted returns the problems ordered by file, sheet, row, column and message.
func (ps *Problems) Sorted() []Problem {
	out := slices.Clone(ps.items)
	SortProblems(out)
	return out
}

// SortProblems orders problems by file, sheet, row, column, then message.
func SortProblems(ps []Problem) {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Sheet, b.Sheet),
			cmp.Compare(a.row, b.row),
			cmp.Compare(a.col, b.col),
			cmp.Compare(a.Message, b.Message),
		)
	})
}

// HasErrors reports whether any problem has severity Error.
func HasErrors(ps []Problem) bool {
	return slices.ContainsFunc(ps, func(p Problem) bool { return p.Severity == Error })
}

// ColName converts a 1-based column number to its letters: 1 → A, 27 → AA.
func ColName(col int) string {
	var b []byte
	for col > 0 {
		col--
		b = append([]byte{byte('A' + col%26)}, b...)
		col /= 26
	}
	return string(b)
}

// CellName gives the A1 name of a 1-based column and row.
func CellName(col, row int) string { return fmt.Sprintf("%s%d", ColName(col), row) }
