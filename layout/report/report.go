package report

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strconv"

	"bifrost/rules/sim"
)

// Page is what the report needs besides the simulation report itself.
type Page struct {
	Title     string            // the game's title, e.g. "ナーストレンド"
	CardNames map[string]string // card ID → name, for labels
}

type playerSection struct {
	Players int
	Seats   template.HTML
	Lengths template.HTML
	Scores  template.HTML
	Length  sim.Distribution
	Means   []float64
	Rates   []sim.Wilson
}

type cardRow struct {
	cardPoint
	sim.CardReport
}

type extraSection struct {
	Name    string
	Heatmap template.HTML
	Body    template.HTML
}

type view struct {
	Page
	R        *sim.Report
	Players  []playerSection
	Scatter  template.HTML
	Cards    []cardRow
	Extras   []extraSection
	Verdict  string
	Problems bool
}

// Write renders r as a self-contained HTML page.
func Write(w io.Writer, r *sim.Report, p Page) error {
	v := view{Page: p, R: r}
	v.Problems = r.ViolationCount > 0 || r.Unfinished > 0
	v.Verdict = fmt.Sprintf("%d ゲーム中、未完了 %d、ルール違反 %d", r.Games, r.Unfinished, r.ViolationCount)
	for _, n := range r.PlayerCounts {
		k := strconv.Itoa(n)
		rates, ok := r.SeatWinRate[k]
		if !ok {
			continue
		}
		sc := r.Scores[k]
		v.Players = append(v.Players, playerSection{
			Players: n, Rates: rates, Means: sc.SeatMean, Length: r.Length[k],
			Seats:   seatChart(n, rates),
			Lengths: histogram(fmt.Sprintf("%d人のゲームの長さ", n), r.Length[k].Hist, nil),
			Scores:  histogram(fmt.Sprintf("%d人の得点分布", n), sc.All.Hist, sc.Winner.Hist),
		})
	}
	dead := map[string]bool{}
	for _, id := range r.DeadCards {
		dead[id] = true
	}
	var points []cardPoint
	for _, id := range slices.Sorted(maps.Keys(r.Cards)) {
		c := r.Cards[id]
		pt := cardPoint{ID: id, Name: p.CardNames[id], Win: c.WinRate, Dead: dead[id]}
		if r.Games > 0 {
			pt.Use = float64(c.Acquired+c.Played+c.Resolved) / float64(r.Games)
		}
		points = append(points, pt)
		v.Cards = append(v.Cards, cardRow{cardPoint: pt, CardReport: c})
	}
	v.Scatter = cardScatter(points)
	for _, name := range slices.Sorted(maps.Keys(r.Extra)) {
		v.Extras = append(v.Extras, renderExtra(name, r.Extra[name]))
	}
	return page.Execute(w, v)
}

// renderExtra renders an engine's own section: a heatmap when it carries a
// matchup matrix ("decks" and "matrix"), and everything else as tables.
func renderExtra(name string, value any) extraSection {
	var generic any
	if data, err := json.Marshal(value); err == nil {
		_ = json.Unmarshal(data, &generic)
	}
	sec := extraSection{Name: name}
	if m, ok := generic.(map[string]any); ok {
		if labels, cells, ok := matrixOf(m); ok {
			sec.Heatmap = heatmap(labels, cells)
			rest := maps.Clone(m)
			delete(rest, "decks")
			delete(rest, "matrix")
			generic = rest
		}
	}
	sec.Body = renderValue(generic)
	return sec
}

// matrixOf reads {"decks": [...], "matrix": [[{rate, low, high, wins, games}]]}.
func matrixOf(m map[string]any) ([]string, [][]sim.Wilson, bool) {
	decks, ok1 := m["decks"].([]any)
	rows, ok2 := m["matrix"].([]any)
	if !ok1 || !ok2 || len(decks) != len(rows) {
		return nil, nil, false
	}
	labels := make([]string, len(decks))
	for i, d := range decks {
		labels[i] = fmt.Sprint(d)
	}
	cells := make([][]sim.Wilson, len(rows))
	for i, row := range rows {
		data, _ := json.Marshal(row)
		if json.Unmarshal(data, &cells[i]) != nil || len(cells[i]) != len(labels) {
			return nil, nil, false
		}
	}
	return labels, cells, true
}

// renderValue renders decoded JSON as nested tables.
func renderValue(v any) template.HTML {
	switch x := v.(type) {
	case map[string]any:
		out := `<table class="kv">`
		for _, k := range slices.Sorted(maps.Keys(x)) {
			out += `<tr><th>` + template.HTMLEscapeString(k) + `</th><td>` + string(renderValue(x[k])) + `</td></tr>`
		}
		return template.HTML(out + `</table>`)
	case []any:
		if cols, ok := sameKeys(x); ok {
			out := `<table class="grid"><tr>`
			for _, c := range cols {
				out += `<th>` + template.HTMLEscapeString(c) + `</th>`
			}
			out += `</tr>`
			for _, row := range x {
				out += `<tr>`
				for _, c := range cols {
					out += `<td>` + string(renderValue(row.(map[string]any)[c])) + `</td>`
				}
				out += `</tr>`
			}
			return template.HTML(out + `</table>`)
		}
		out := ""
		for i, e := range x {
			if i > 0 {
				out += ", "
			}
			out += string(renderValue(e))
		}
		return template.HTML(out)
	case float64:
		return template.HTML(strconv.FormatFloat(x, 'f', -1, 64))
	case nil:
		return ""
	default:
		return template.HTML(template.HTMLEscapeString(fmt.Sprint(x)))
	}
}

// sameKeys reports the keys of a list of objects that all have the same keys.
func sameKeys(xs []any) ([]string, bool) {
	if len(xs) == 0 {
		return nil, false
	}
	first, ok := xs[0].(map[string]any)
	if !ok {
		return nil, false
	}
	keys := slices.Sorted(maps.Keys(first))
	for _, x := range xs[1:] {
		m, ok := x.(map[string]any)
		if !ok || !slices.Equal(slices.Sorted(maps.Keys(m)), keys) {
			return nil, false
		}
	}
	return keys, true
}
