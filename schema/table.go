package schema

import (
	"slices"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Book is a workbook as plain string tables, the form validation works on.
// The workbook package builds it from an .xlsx file; tests may build it by hand.
type Book struct {
	File   string            // the path shown in problems, e.g. "cardsrc/nastrond.xlsx"
	Sheets map[string]*Table // by sheet name as written in the file
}

// Table is one sheet: the header row and the data rows, cell text as stored.
type Table struct {
	Sheet  string
	Header []string // row 1, one entry per column
	Rows   []Row    // rows 2…, empty rows already skipped
}

// Row is one data row with its 1-based row number in the sheet. Cells[i] is
// column i, unless Cols is set: then the row is stored sparse, Cells holding
// only the filled cells and Cols their 0-based columns, ascending. A row with
// a note far to the right (column XFD) so costs its filled cells, not 16,384.
type Row struct {
	Num   int
	Cells []string
	Cols  []int
}

// Cell returns the text of column i (0-based) of r, or "" where r has none.
func (r Row) Cell(i int) string {
	if r.Cols != nil {
		j, ok := slices.BinarySearch(r.Cols, i)
		if !ok {
			return ""
		}
		return r.Cells[j]
	}
	if i < 0 || i >= len(r.Cells) {
		return ""
	}
	return r.Cells[i]
}

// Blank reports whether every cell of r is empty after normalisation.
func (r Row) Blank() bool {
	for _, c := range r.Cells {
		if Normalize(c) != "" {
			return false
		}
	}
	return true
}

// Normalize folds what a Japanese designer types into canonical text: NFKC
// (full-width digits and signs become ASCII), then trims ASCII and ideographic
// spaces and other surrounding white space.
func Normalize(s string) string {
	return Trim(norm.NFKC.String(s))
}

// Trim drops ASCII and ideographic spaces and other white space around s and
// keeps the rest as typed: the form of the printed prose columns.
func Trim(s string) string {
	return strings.TrimSpace(strings.Trim(s, " \t\r\n\u3000"))
}

// Lookup finds a sheet by any of its accepted names (English key or Japanese name).
func (b *Book) Lookup(names ...string) (*Table, bool) {
	for _, n := range names {
		if t, ok := b.Sheets[n]; ok {
			return t, true
		}
	}
	for _, n := range names {
		for k, t := range b.Sheets {
			if strings.EqualFold(Normalize(k), Normalize(n)) {
				return t, true
			}
		}
	}
	return nil, false
}
