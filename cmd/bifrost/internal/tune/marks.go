package tune

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"bifrost/schema"
)

// MarkColumn is the header of the designer's column that marks the cells
// tune may move when no --free or --rule is given: 調整, or Tune in
// English. It is read by tune alone; validation, printing and diff leave
// it out as they leave out every column the game does not declare.
var MarkColumn = schema.Word{"調整", "Tune"}

// Marked reads the 調整 (Tune) column of each card sheet of res's
// workbook: for each row, the cells its 調整 cell frees, as the --free
// values that say the same ('Sheet!ID.column=a..b'), in sheet and row
// order, and a problem at each 調整 cell that cannot be read (one line
// each, in l's language). A cell holds column=min..max, or several
// separated by ";" or "、"; the column is named by its Japanese or English
// header; "〜" may stand for "..".
func Marked(game *schema.Game, res schema.Result, l *schema.Lang) ([]string, []schema.Problem) {
	ps := &schema.Problems{File: res.File, Lang: l}
	var free []string
	for _, spec := range game.Sheets {
		t, ok := res.Book.Lookup(spec.Key, spec.JA)
		if !ok {
			continue
		}
		at := slices.IndexFunc(t.Header, func(h string) bool {
			h = schema.Normalize(h)
			return h == MarkColumn[0] || strings.EqualFold(h, MarkColumn[1])
		})
		idAt := slices.IndexFunc(t.Header, func(h string) bool { return schema.Normalize(h) == "ID" })
		if at < 0 || idAt < 0 {
			continue
		}
		cols := spec.Columns()
		var headers []string
		for _, c := range cols {
			if slices.ContainsFunc(t.Header, func(h string) bool { h = schema.Normalize(h); return h == c.JA || strings.EqualFold(h, c.EN) }) {
				headers = append(headers, c.Header(l))
			}
		}
		for _, row := range t.Rows {
			cell := schema.Normalize(row.Cell(at))
			if cell == "" {
				continue
			}
			bad := func(key string, args ...any) {
				ps.Add(schema.Error, t.Sheet, row.Num, at+1, schema.Normalize(t.Header[at]), Messages.Err(key, args...).In(l))
			}
			id := schema.Normalize(row.Cell(idAt))
			if id == "" {
				bad("tune_mark_no_id", cell)
				continue
			}
			for _, part := range strings.FieldsFunc(cell, func(r rune) bool { return r == ';' || r == '、' }) {
				part = strings.TrimSpace(part)
				name, span, ok := strings.Cut(part, "=")
				name, span = strings.TrimSpace(name), strings.TrimSpace(strings.ReplaceAll(span, "〜", ".."))
				if !ok || name == "" || span == "" {
					bad("tune_mark_syntax", part)
					continue
				}
				i := slices.IndexFunc(cols, func(c schema.Column) bool { return c.JA == name || strings.EqualFold(c.EN, name) })
				if i < 0 || !slices.Contains(headers, cols[i].Header(l)) {
					bad("tune_mark_column", part, t.Sheet, name, schema.Nearest(name, headers))
					continue
				}
				c := cols[i]
				if c.Kind != schema.KindInt && c.Kind != schema.KindEffect {
					bad("tune_mark_kind", part, c.Header(l))
					continue
				}
				lo, hi, ok := markRange(span)
				if !ok {
					bad("tune_mark_range", part, span)
					continue
				}
				least, most := c.Min, c.Max
				if c.Kind == schema.KindEffect { // an effect's amount: any whole number from 0
					least, most = "0", ""
				}
				if below(lo, least) || above(hi, most) {
					bad("tune_mark_bounds", part, lo, hi, c.Header(l), cmp.Or(least, "…"), cmp.Or(most, "…"))
					continue
				}
				free = append(free, spec.Key+"!"+id+"."+c.JA+"="+strconv.Itoa(lo)+".."+strconv.Itoa(hi))
			}
		}
	}
	return free, ps.Sorted()
}

// markRange reads "a..b": whole numbers, a ≤ b, at most 100 apart (as
// --free takes them).
func markRange(s string) (lo, hi int, ok bool) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		return 0, 0, false
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	return lo, hi, err1 == nil && err2 == nil && lo <= hi && hi-lo <= 100
}

// below reports whether v is under the schema bound least ("" for none).
func below(v int, least string) bool {
	n, err := strconv.Atoi(least)
	return err == nil && v < n
}

// above reports whether v is over the schema bound most ("" for none).
func above(v int, most string) bool {
	n, err := strconv.Atoi(most)
	return err == nil && v > n
}
