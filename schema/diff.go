package schema

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Record is one row of a workbook in a stable, comparable form: its sheet,
// its key (the ID, the Rules key, or the row number for sheets without IDs)
// and its non-empty fields in column order, named by their Japanese headers.
type Record struct {
	Sheet  string
	Key    string
	Fields []Field
}

// Field is one named cell value of a Record.
type Field struct{ Name, Value string }

// Records reads b's sheets as g declares them, in sheet order and, within a
// sheet, sorted by key. Unknown columns (designer notes) are left out. The
// print-only sheets follow (sheets g does not know that have an ID column),
// by name, each with every column by its header.
func (g *Game) Records(b *Book) []Record {
	var out []Record
	for _, spec := range g.AllSheets() {
		t, ok := b.Lookup(spec.Key, spec.JA)
		if !ok {
			continue
		}
		cols := spec.Columns()
		at := make([]int, len(cols))
		keyCol := -1
		for i, c := range cols {
			at[i] = -1
			for j, h := range t.Header {
				if h = Normalize(h); h == c.JA || strings.EqualFold(h, c.EN) {
					at[i] = j
					break
				}
			}
			if keyCol < 0 && (c.Field == "ID" || c.Field == "Key") {
				keyCol = i
			}
		}
		var recs []Record
		for _, row := range t.Rows {
			if row.Blank() {
				continue
			}
			r := Record{Sheet: spec.Key, Key: fmt.Sprintf("#%d", row.Num)}
			for i, c := range cols {
				if at[i] < 0 {
					continue
				}
				v := Normalize(row.Cell(at[i]))
				if i == keyCol && v != "" {
					r.Key = v
				}
				if v != "" {
					r.Fields = append(r.Fields, Field{Name: c.JA, Value: v})
				}
			}
			recs = append(recs, r)
		}
		slices.SortStableFunc(recs, func(a, b Record) int { return strings.Compare(a.Key, b.Key) })
		out = append(out, recs...)
	}
	for _, name := range slices.Sorted(maps.Keys(b.Sheets)) {
		if t := b.Sheets[name]; !g.Known(name) && t.HasIDColumn() {
			out = append(out, printRecords(t)...)
		}
	}
	return out
}

// printRecords are the records of print-only sheet t, keyed by ID, with
// every column by its header.
func printRecords(t *Table) []Record {
	var recs []Record
	for _, row := range t.Rows {
		if row.Blank() {
			continue
		}
		r := Record{Sheet: t.Sheet, Key: fmt.Sprintf("#%d", row.Num)}
		for i, h := range t.Header {
			h, v := Normalize(h), Normalize(row.Cell(i))
			if strings.EqualFold(h, "ID") && v != "" {
				r.Key = v
			}
			if h != "" && v != "" {
				r.Fields = append(r.Fields, Field{Name: h, Value: v})
			}
		}
		recs = append(recs, r)
	}
	slices.SortStableFunc(recs, func(a, b Record) int { return strings.Compare(a.Key, b.Key) })
	return recs
}

// Line renders a record as one line of the textconv form.
func (r Record) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s] %s", r.Sheet, r.Key)
	for _, f := range r.Fields {
		fmt.Fprintf(&b, " | %s=%s", f.Name, strings.ReplaceAll(f.Value, "\n", `\n`))
	}
	return b.String()
}

// ChangeKind says whether a card was added, removed or changed.
type ChangeKind string

// The change kinds.
const (
	Added   ChangeKind = "added"
	Removed ChangeKind = "removed"
	Changed ChangeKind = "changed"
)

// Change is one card-level difference between two workbooks.
type Change struct {
	Kind   ChangeKind
	Sheet  string
	Key    string
	Name   string      // the card's name, when it has one
	Fields []FieldDiff // for Changed: each field's old → new value
}

// FieldDiff is one field that changed; an empty value means the cell was blank.
type FieldDiff struct{ Name, Old, New string }

// Diff compares the records of two versions of a workbook.
func Diff(old, new []Record) []Change {
	type sk struct{ sheet, key string }
	index := func(rs []Record) map[sk]Record {
		m := make(map[sk]Record, len(rs))
		for _, r := range rs {
			m[sk{r.Sheet, r.Key}] = r
		}
		return m
	}
	om, nm := index(old), index(new)
	var out []Change
	for _, r := range old {
		if _, ok := nm[sk{r.Sheet, r.Key}]; !ok {
			out = append(out, Change{Kind: Removed, Sheet: r.Sheet, Key: r.Key, Name: r.value("名前")})
		}
	}
	for _, r := range new {
		o, ok := om[sk{r.Sheet, r.Key}]
		if !ok {
			out = append(out, Change{Kind: Added, Sheet: r.Sheet, Key: r.Key, Name: r.value("名前")})
			continue
		}
		if fd := fieldDiffs(o, r); len(fd) > 0 {
			out = append(out, Change{Kind: Changed, Sheet: r.Sheet, Key: r.Key, Name: r.value("名前"), Fields: fd})
		}
	}
	return out
}

func (r Record) value(name string) string {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

func fieldDiffs(o, n Record) []FieldDiff {
	var names []string
	for _, f := range n.Fields {
		names = append(names, f.Name)
	}
	for _, f := range o.Fields {
		if !slices.Contains(names, f.Name) {
			names = append(names, f.Name)
		}
	}
	var out []FieldDiff
	for _, name := range names {
		if ov, nv := o.value(name), n.value(name); ov != nv {
			out = append(out, FieldDiff{Name: name, Old: ov, New: nv})
		}
	}
	return out
}

// String renders a change as one line, e.g.
// "Edda E05 ミーミルの泉: 目標値 7 → 8".
func (c Change) String() string {
	head := c.Sheet + " " + c.Key
	if c.Name != "" {
		head += " " + c.Name
	}
	switch c.Kind {
	case Added:
		return "+ " + head
	case Removed:
		return "- " + head
	}
	parts := make([]string, len(c.Fields))
	for i, f := range c.Fields {
		parts[i] = fmt.Sprintf("%s %s → %s", f.Name, blankMark(f.Old), blankMark(f.New))
	}
	return "~ " + head + ": " + strings.Join(parts, ", ")
}

func blankMark(s string) string {
	if s == "" {
		return "(空欄)"
	}
	return s
}
