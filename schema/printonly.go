package schema

import (
	"slices"
	"strings"
)

// PrintRow is a row of a print-only sheet: a sheet of the workbook that the
// game's schema does not know. Only what every printed kind needs is
// typed (its ID, its name, how many copies print); every other column is
// printed as typed through the layout, bound by its header.
type PrintRow struct {
	ID     string `xlsx:"ID,ID"`
	Name   string `xlsx:"名前,Name"`
	Copies int    `xlsx:"枚数,Copies" validate:"min=1,max=99" doc:"同じカードの枚数。空欄は1"`
}

// PrintSheet is a print-only sheet as validated: its rows in sheet order,
// with their 1-based sheet rows.
type PrintSheet struct {
	Name  string // the sheet name as written in the workbook
	Items []PrintRow
	Rows  []int
}

// Known reports whether sheet name is one of g's sheets (the Rules sheet
// included), by its English key or its Japanese name as Book.Lookup finds them.
func (g *Game) Known(name string) bool {
	b := &Book{Sheets: map[string]*Table{name: {Sheet: name}}}
	return slices.ContainsFunc(g.AllSheets(), func(s *SheetSpec) bool {
		_, ok := b.Lookup(s.Key, s.JA)
		return ok
	})
}

// HasIDColumn reports whether t's header row has an ID column.
func (t *Table) HasIDColumn() bool {
	return slices.ContainsFunc(t.Header, func(h string) bool { return strings.EqualFold(Normalize(h), "ID") })
}

// printOnly validates every sheet of the book that g does not know: a
// sheet with an ID column is a print-only kind, checked for what every
// printed kind needs (an ID on each row, unique IDs, whole-number copies
// 1〜99), and said once, as a note at its A1, to be printed and never
// simulated; a sheet without one is a note saying what it needs. Text
// that fits and glyphs the fonts have are checked with the layout that
// prints it (package sheet). None is ever skipped silently.
func (c *Checker) printOnly() []PrintSheet {
	var out []PrintSheet
	names := make([]string, 0, len(c.Book.Sheets))
	for name := range c.Book.Sheets {
		if !c.Game.Known(name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		t := c.Book.Sheets[name]
		if !t.HasIDColumn() {
			c.P.Notef(t.Sheet, 1, 1, "", "print_only_no_id", t.Sheet)
			continue
		}
		s := Decode[PrintRow](c, &SheetSpec{Key: t.Sheet, JA: t.Sheet, Row: PrintRow{}, Optional: true})
		c.P.Notef(t.Sheet, 1, 1, "", "print_only", t.Sheet)
		out = append(out, PrintSheet{Name: s.Name, Items: s.Items, Rows: s.Rows})
	}
	return out
}

// PrintOnlySheet returns the print-only sheet named name (as written in the
// workbook, or by its name folded as Book.Lookup folds it).
func (r Result) PrintOnlySheet(name string) (PrintSheet, bool) {
	for _, s := range r.PrintOnly {
		if s.Name == name {
			return s, true
		}
	}
	for _, s := range r.PrintOnly {
		if strings.EqualFold(Normalize(s.Name), Normalize(name)) {
			return s, true
		}
	}
	return PrintSheet{}, false
}
