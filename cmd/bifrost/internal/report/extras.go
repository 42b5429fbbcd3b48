package report

import (
	"fmt"
	"html/template"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"bifrost/schema"
)

// commonHeadings gives the Japanese and English headings of the keys any
// engine's report sections may use (record names, cells, counts, rates),
// in the order columns are shown; an engine's own keys follow
// (Page.Headings, Japanese only: in English they are shown as written,
// their underscores as spaces), and a key without a heading is shown as
// written, after them.
var commonHeadings = [][3]string{
	{"·", "所属", "of"},
	{"", "", ""},
	{"id", "ID", "ID"},
	{"name", "名前", "name"},
	{"at", "セル", "cell"},
	{"face", "面", "face"},
	{"step", "段", "step"},
	{"instruction", "指示", "instruction"},
	{"games", "ゲーム数", "games"},
	{"finished", "完了", "finished"},
	{"unfinished", "未完了", "unfinished"},
	{"tried", "試行", "tried"},
	{"failed", "失敗", "failed"},
	{"fail_rate", "失敗率", "fail rate"},
	{"threshold_percent", "しきい値（%）", "threshold (%)"},
	{"win_rate", "勝率", "win rate"},
	{"turns", "手番数", "turns"},
	{"mean_turns", "平均手番数", "mean turns"},
}

// headings turns the keys of an engine's report sections into headings in
// the page's language and orders a table's columns by them.
type headings struct {
	l    *schema.Lang
	text map[string]string
	rank map[string]int
}

// newHeadings is commonHeadings followed by an engine's own, in l's language.
func newHeadings(l *schema.Lang, own [][2]string) headings {
	h := headings{l: l, text: map[string]string{}, rank: map[string]int{}}
	all := slices.Clip(commonHeadings)
	for _, p := range own {
		all = append(all, [3]string{p[0], p[1], strings.ReplaceAll(p[0], "_", " ")})
	}
	for i, p := range all {
		if _, seen := h.rank[p[0]]; !seen {
			h.text[p[0]], h.rank[p[0]] = l.Pick(p[1], p[2]), i
		}
	}
	return h
}

func (h headings) label(k string) string {
	if l, ok := h.text[k]; ok {
		return l
	}
	return k
}

// part is one table of an engine's section.
type part struct {
	Title string
	Body  template.HTML
	Rows  int // a long table is folded
}

// foldRows is the length beyond which a table starts folded.
const foldRows = 20

// renderParts lays an engine section out as flat Japanese tables: its
// scalars in one summary table, each list of records and each map as a
// table of its own, and lists of records inside records as further tables
// whose first column names the record they belong to.
func (h headings) renderParts(m map[string]any) []part {
	var out []part
	summary := map[string]any{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		switch v := m[k].(type) {
		case []any:
			if rows, ok := records(v); ok {
				out = append(out, h.recordTables(h.label(k), rows)...)
			} else if len(v) > 0 {
				summary[k] = v
			}
		case map[string]any:
			if compact(v) {
				summary[k] = v
			} else {
				out = append(out, h.mapTable(h.label(k), v)...)
			}
		case nil:
		default:
			summary[k] = v
		}
	}
	if len(summary) > 0 {
		out = append([]part{{Title: h.l.Pick("概要", "Summary"), Body: h.kvTable(summary)}}, out...)
	}
	return out
}

// records reports a list whose entries are all objects.
func records(xs []any) ([]map[string]any, bool) {
	if len(xs) == 0 {
		return nil, false
	}
	out := make([]map[string]any, len(xs))
	for i, x := range xs {
		m, ok := x.(map[string]any)
		if !ok {
			return nil, false
		}
		out[i] = m
	}
	return out, true
}

// compact reports a value that fits in one cell: a number, a rate with its
// interval, a distribution or a small map of numbers.
func compact(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		if isWilson(x) || isDistribution(x) {
			return true
		}
		for _, e := range x {
			if _, ok := e.(map[string]any); ok {
				return false
			}
			if _, ok := e.([]any); ok {
				return false
			}
		}
		return len(x) <= 12
	case []any:
		_, rec := records(x)
		return !rec
	}
	return true
}

// wide reports a map of more than three plain numbers, which inside a
// record becomes a table of its own, a column per key.
func wide(v any) bool {
	m, ok := v.(map[string]any)
	return ok && !isWilson(m) && !isDistribution(m) && len(m) > 3
}

func isWilson(m map[string]any) bool {
	_, a := m["rate"]
	_, b := m["low"]
	_, c := m["high"]
	return a && b && c
}

func isDistribution(m map[string]any) bool {
	_, a := m["mean"]
	_, b := m["p50"]
	return a && b
}

// mapTable renders a map of records (e.g. per monster or per player count)
// as one table, a row per key.
func (h headings) mapTable(title string, m map[string]any) []part {
	var rows []map[string]any
	for _, k := range slices.Sorted(maps.Keys(m)) {
		r, ok := m[k].(map[string]any)
		if !ok {
			return h.recordTables(title, []map[string]any{m})
		}
		r = maps.Clone(r)
		r[""] = k
		rows = append(rows, r)
	}
	return h.recordTables(title, rows)
}

// recordTables renders records as a table; fields that are lists of
// records become tables of their own after it.
func (h headings) recordTables(title string, rows []map[string]any) []part {
	colSet := map[string]bool{}
	nested := map[string]bool{}
	for _, r := range rows {
		for k, v := range r {
			if compact(v) && !wide(v) {
				colSet[k] = true
			} else {
				nested[k] = true
			}
		}
	}
	for k := range nested {
		delete(colSet, k)
	}
	cols := h.orderColumns(slices.Sorted(maps.Keys(colSet)))
	var b strings.Builder
	b.WriteString(`<table class="grid"><tr>`)
	for _, c := range cols {
		b.WriteString(`<th>` + template.HTMLEscapeString(h.label(c)) + `</th>`)
	}
	b.WriteString(`</tr>`)
	for _, r := range rows {
		b.WriteString(`<tr>`)
		for _, c := range cols {
			b.WriteString(h.cellTD(c, r[c]))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</table>`)
	out := []part{{Title: title, Body: template.HTML(b.String()), Rows: len(rows)}}
	for _, k := range slices.Sorted(maps.Keys(nested)) {
		var sub []map[string]any
		for _, r := range rows {
			owner := rowName(r)
			var items []map[string]any
			switch v := r[k].(type) {
			case []any:
				items, _ = records(v)
			case map[string]any:
				if wide(v) {
					items = append(items, v)
					break
				}
				for _, ik := range slices.Sorted(maps.Keys(v)) {
					if m, ok := v[ik].(map[string]any); ok {
						m = maps.Clone(m)
						m[""] = ik
						items = append(items, m)
					}
				}
			}
			for _, it := range items {
				it = maps.Clone(it)
				it["·"] = owner
				sub = append(sub, it)
			}
		}
		if len(sub) > 0 {
			out = append(out, h.recordTables(title+h.l.Pick("・", " · ")+h.label(k), sub)...)
		}
	}
	return out
}

// orderColumns orders columns as the headings are listed; unknown keys go last,
// alphabetically.
func (h headings) orderColumns(cols []string) []string {
	rank := func(c string) int {
		if r, ok := h.rank[c]; ok {
			return r
		}
		return len(h.rank)
	}
	slices.SortStableFunc(cols, func(a, b string) int {
		if d := rank(a) - rank(b); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return cols
}

// rowName names a record for the tables of its nested lists.
func rowName(r map[string]any) string {
	for _, k := range []string{"name", "id", "deck", ""} {
		if v, ok := r[k]; ok && v != nil && fmt.Sprint(v) != "" {
			return fmt.Sprint(v)
		}
	}
	return ""
}

// kvTable renders a map of compact values as a two-column table.
func (h headings) kvTable(m map[string]any) template.HTML {
	var b strings.Builder
	b.WriteString(`<table class="kv">`)
	for _, k := range h.orderColumns(slices.Collect(maps.Keys(m))) {
		b.WriteString(`<tr><th>` + template.HTMLEscapeString(h.label(k)) + `</th>` + h.cellTD(k, m[k]) + `</tr>`)
	}
	b.WriteString(`</table>`)
	return template.HTML(b.String())
}

// cellTD renders one compact value as a table cell; numbers align right.
func (h headings) cellTD(key string, v any) string {
	class := ""
	if _, ok := v.(float64); ok {
		class = ` class="n"`
	}
	return `<td` + class + `>` + template.HTMLEscapeString(h.cellText(key, v)) + `</td>`
}

// cellText writes a compact value: rates as percentages with their
// interval, distributions by mean and range, small maps as "label: value".
func (h headings) cellText(key string, v any) string {
	switch x := v.(type) {
	case float64:
		if strings.HasSuffix(key, "_rate") || key == "first_player_advantage" {
			return fmt.Sprintf("%.1f%%", 100*x)
		}
		return number(x)
	case map[string]any:
		switch {
		case isWilson(x):
			s := h.l.Sprintf("%.1f%%（%.1f–%.1f%%）", "%.1f%% (%.1f–%.1f%%)", 100*num(x["rate"]), 100*num(x["low"]), 100*num(x["high"]))
			if g, ok := x["games"]; ok {
				s += fmt.Sprintf(" %s/%s", number(num(x["wins"])), number(num(g)))
			}
			return s
		case isDistribution(x):
			return h.l.Sprintf("平均 %s（中央値 %s、%s〜%s）", "mean %s (median %s, %s–%s)", number(num(x["mean"])), number(num(x["p50"])), number(num(x["min"])), number(num(x["max"])))
		}
		var parts []string
		for _, k := range numericOrder(slices.Collect(maps.Keys(x))) {
			parts = append(parts, h.label(k)+": "+h.cellText(k, x[k]))
		}
		return strings.Join(parts, h.l.Pick("、", ", "))
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = h.cellText(key, e)
		}
		return strings.Join(parts, h.l.Pick("、", ", "))
	case nil:
		return "–"
	}
	return fmt.Sprint(v)
}

// numericOrder sorts keys as numbers when they all are, else as text.
func numericOrder(keys []string) []string {
	slices.SortFunc(keys, func(a, b string) int {
		x, errA := strconv.Atoi(a)
		y, errB := strconv.Atoi(b)
		if errA == nil && errB == nil {
			return x - y
		}
		return strings.Compare(a, b)
	})
	return keys
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

// number writes a figure rounded to two decimals, never with an exponent.
func number(f float64) string {
	return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64)
}
