package schema

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Knob is a card design's main number, the one cell a balance scan moves:
// the first column of its sheet tagged tune:"up" that holds a number other
// than its minimum, else the first number written in its first tuned
// effect cell, else its first tune:"down" column (a cost).
type Knob struct {
	Sheet  string // the sheet's English key, which is also the design's kind
	ID     string
	Column Column
	// InEffect is set when the number is the first one written in an
	// effect cell (power +6): the scan rewrites that number only.
	InEffect bool
	Value    int
	Min, Max int // the range the number may take
	Up       bool
	Cell     string // where it is written, e.g. "Valkyrie!E8"
	at       int
}

// Design is one card row a balance scan can measure: where it is, its
// main number (nil when it has none) and whether a neutral version exists.
type Design struct {
	Sheet string // the sheet's English key: the design's kind
	ID    string
	Knob  *Knob
	table *Table
	row   int // index into table.Rows
	cols  []tunedColumn
}

type tunedColumn struct {
	Column
	at int // 0-based column of the sheet
}

// Designs lists the rows of b's sheets that have tuned columns, by ID. A
// row that sets no tuned column (a Material with an empty effect: a card
// only to pay with, or one whose effect was emptied) is a design too, with
// no main number: it is its own blank card (Neutral), so a scan measures
// it as doing nothing rather than not at all.
func (g *Game) Designs(b *Book) map[string]*Design {
	out := map[string]*Design{}
	for _, spec := range g.Sheets {
		var tuned []Column
		for _, c := range spec.Columns() {
			if c.Tune != "" {
				tuned = append(tuned, c)
			}
		}
		if len(tuned) == 0 {
			continue
		}
		t, ok := b.Lookup(spec.Key, spec.JA)
		if !ok {
			continue
		}
		header, first := headerRow(t)
		idAt := slices.IndexFunc(header, func(h string) bool { return Normalize(h) == "ID" })
		if idAt < 0 {
			continue
		}
		var cols []tunedColumn
		for _, c := range tuned {
			if at := slices.IndexFunc(header, c.Names); at >= 0 {
				cols = append(cols, tunedColumn{c, at})
			}
		}
		for i := first; i < len(t.Rows); i++ {
			id := Normalize(t.Rows[i].Cell(idAt))
			if id == "" || out[id] != nil {
				continue
			}
			d := &Design{Sheet: spec.Key, ID: id, table: t, row: i, cols: cols}
			d.Knob = d.knob()
			if d.Knob != nil {
				d.Knob.Cell = t.Sheet + "!" + CellName(d.Knob.at+1, t.Rows[i].Num)
			}
			out[id] = d
		}
	}
	return out
}

// headerRow is the sheet's header and the index of its first data row: row
// 1, or the first of the next rows that has an ID column.
func headerRow(t *Table) ([]string, int) {
	if slices.ContainsFunc(t.Header, func(h string) bool { return Normalize(h) == "ID" }) {
		return t.Header, 0
	}
	for i, r := range t.Rows[:min(len(t.Rows), 9)] {
		for _, c := range r.Cells {
			if Normalize(c) == "ID" {
				cells := make([]string, 0, len(r.Cells))
				for j := 0; j <= maxCol(r); j++ {
					cells = append(cells, r.Cell(j))
				}
				return cells, i + 1
			}
		}
	}
	return nil, 0
}

func maxCol(r Row) int {
	if r.Cols != nil {
		return r.Cols[len(r.Cols)-1]
	}
	return len(r.Cells) - 1
}

// numberInEffect matches a whole number written in an effect cell.
var numberInEffect = regexp.MustCompile(`[0-9]+`)

// EffectNumber is the first number of an effect cell outside its
// [conditions], the amount of what it does (power +6), not a threshold;
// with writes src with that number replaced by v. ok is false when src
// has no such number.
func EffectNumber(src string) (n int, with func(v int) string, ok bool) {
	for _, loc := range numberInEffect.FindAllStringIndex(src, -1) {
		if strings.Count(src[:loc[0]], "[") == strings.Count(src[:loc[0]], "]") &&
			strings.Count(src[:loc[0]], "【") == strings.Count(src[:loc[0]], "】") {
			n, _ = strconv.Atoi(src[loc[0]:loc[1]])
			return n, func(v int) string { return src[:loc[0]] + strconv.Itoa(v) + src[loc[1]:] }, true
		}
	}
	return 0, nil, false
}

func (d *Design) cell(c tunedColumn) string { return Normalize(d.table.Rows[d.row].Cell(c.at)) }

func (d *Design) knob() *Knob {
	bound := func(s string, def int) int {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
		return def
	}
	for _, c := range d.cols {
		if c.Tune != "up" || c.Kind != KindInt {
			continue
		}
		lo := bound(c.Min, 0)
		if v, ok := ParseInt(d.cell(c)); ok && v > lo {
			return &Knob{Sheet: d.Sheet, ID: d.ID, Column: c.Column, at: c.at, Value: v, Min: lo, Max: bound(c.Max, v*2+2), Up: true}
		}
	}
	for _, c := range d.cols {
		if c.Kind != KindEffect || c.Tune != "up" {
			continue
		}
		if v, _, ok := EffectNumber(d.cell(c)); ok {
			return &Knob{Sheet: d.Sheet, ID: d.ID, Column: c.Column, at: c.at, InEffect: true, Value: v, Min: min(1, v), Max: max(v*2+2, 10), Up: true}
		}
	}
	for _, c := range d.cols {
		if c.Tune == "up" && c.Kind == KindInt { // a blank card: its first number, at its minimum
			lo := bound(c.Min, 0)
			return &Knob{Sheet: d.Sheet, ID: d.ID, Column: c.Column, at: c.at, Value: lo, Min: lo, Max: bound(c.Max, 10), Up: true}
		}
	}
	for _, c := range d.cols {
		if c.Tune == "down" && c.Kind == KindInt {
			v, _ := ParseInt(d.cell(c))
			return &Knob{Sheet: d.Sheet, ID: d.ID, Column: c.Column, at: c.at, Value: v, Min: bound(c.Min, 0), Max: bound(c.Max, v*2+2)}
		}
	}
	return nil
}

// Neutral is a copy of b in which the design is its kind's neutral
// baseline: every tune:"up" number at its minimum and every tune:"up"
// effect cell emptied; costs (tune:"down") are left as written, so the
// neutral card is a blank card at the same price. ok is false when the
// design already is neutral.
func (d *Design) Neutral(b *Book) (nb *Book, ok bool) {
	nb, row := d.copyRow(b)
	for _, c := range d.cols {
		if c.Tune != "up" {
			continue
		}
		was := d.cell(c)
		now := ""
		if c.Kind == KindInt && c.Min != "" {
			now = c.Min
		}
		if was != now && !(c.Kind == KindInt && was == "" && now == "0") {
			setCell(row, c.at, now)
			ok = true
		}
	}
	return nb, ok
}

// WithValue is a copy of b in which the design's main number is v.
func (d *Design) WithValue(b *Book, v int) *Book {
	nb, row := d.copyRow(b)
	for _, c := range d.cols {
		if c.Column.Field != d.Knob.Column.Field {
			continue
		}
		text := strconv.Itoa(v)
		if d.Knob.InEffect {
			_, with, _ := EffectNumber(d.cell(c))
			text = with(v)
		}
		setCell(row, c.at, text)
	}
	return nb
}

// copyRow copies b deeply enough to change the design's row: the sheet map,
// the design's table and its row, which it returns. b is the book the
// design was found in, or a copy of it.
func (d *Design) copyRow(b *Book) (*Book, *Row) {
	nb := &Book{File: b.File, Sheets: make(map[string]*Table, len(b.Sheets))}
	var row *Row
	for name, t := range b.Sheets {
		nb.Sheets[name] = t
		if t.Sheet == d.table.Sheet && len(t.Rows) == len(d.table.Rows) && row == nil {
			nt := *t
			nt.Rows = slices.Clone(t.Rows)
			row = &nt.Rows[d.row]
			row.Cells, row.Cols = slices.Clone(row.Cells), slices.Clone(row.Cols)
			nb.Sheets[name] = &nt
		}
	}
	return nb, row
}

// setCell writes text into column at of r, dense or sparse.
func setCell(r *Row, at int, text string) {
	if r.Cols == nil {
		for len(r.Cells) <= at {
			r.Cells = append(r.Cells, "")
		}
		r.Cells[at] = text
		return
	}
	i, found := slices.BinarySearch(r.Cols, at)
	if found {
		r.Cells[i] = text
		return
	}
	r.Cols = slices.Insert(r.Cols, i, at)
	r.Cells = slices.Insert(r.Cells, i, text)
}
