package report

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// ComparisonPage is one game's comparison with what its labels need.
type ComparisonPage struct {
	Title      string // the game's title
	Old, New   string // what was compared, e.g. "HEAD~1:cardsrc/nastrond.xlsx"
	CardNames  map[string]string
	Comparison *sim.Comparison
	// Edits are the cells that differ between the two workbooks, as
	// `bifrost diff` lists them: the causes, set apart from the measures
	// that moved.
	Edits []schema.Change
}

// EditLines are the edits as `bifrost diff` prints them, never nil.
func EditLines(edits []schema.Change) []string {
	out := []string{}
	for _, e := range edits {
		out = append(out, e.String())
	}
	return out
}

// Edited reports whether the card with this ID is a row the edits changed.
func (p ComparisonPage) Edited(id string) bool {
	for _, e := range p.Edits {
		if e.Key == id {
			return true
		}
	}
	return false
}

// MeasureName is a measure's Japanese label.
func MeasureName(m sim.Change) string {
	switch m.Measure {
	case "seat_win_rate":
		return fmt.Sprintf("%d人・P%dの勝率", m.Players, m.Seat)
	case "turn_order_win_rate":
		return fmt.Sprintf("%d人・%d番手の勝率", m.Players, m.Seat)
	case "length":
		return fmt.Sprintf("%d人・手番数の平均", m.Players)
	case "score":
		return fmt.Sprintf("%d人・得点の平均", m.Players)
	}
	return m.Measure
}

// CardMeasureName is a card measure's Japanese label.
func CardMeasureName(measure string) string {
	if measure == "use_rate" {
		return "使用率"
	}
	return "使ったときの勝率"
}

var comparePage = template.Must(template.New("compare").Funcs(template.FuncMap{
	"measure":     MeasureName,
	"cardMeasure": CardMeasureName,
	"num":         func(f float64) string { return fmt.Sprintf("%.3f", f) },
	"signed":      func(f float64) string { return fmt.Sprintf("%+.3f", f) },
	"pct":         func(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) },
	"spct":        func(f float64) string { return fmt.Sprintf("%+.1f pt", 100*f) },
	"name": func(names map[string]string, id, deck string) string {
		if n := names[id]; n != "" {
			id += " " + n
		}
		if deck != "" {
			id += "（" + deck + "デッキ）"
		}
		return id
	},
}).Parse(`<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>バランス比較</title>
<style>
body{font-family:"Noto Sans JP","Hiragino Sans","Yu Gothic",sans-serif;margin:0;padding:1rem;color:#222;background:#fafaf7;line-height:1.5}
main{max-width:1100px;margin:auto}
h1{font-size:1.6rem}
h2{font-size:1.25rem;border-bottom:2px solid #445;margin-top:2rem}
.meta{color:#555}
table{border-collapse:collapse;background:#fff;margin:.5rem 0}
th,td{border:1px solid #ccc;padding:.25rem .6rem;text-align:right}
th:first-child,td:first-child{text-align:left}
tr.sig{background:#fff3cd;font-weight:bold}
.ok{background:#e3f4e1;border-left:6px solid #3a8a35;padding:.5rem 1rem}
</style>
</head>
<body><main>
<h1>バランス比較</h1>
{{range .}}{{$p := .}}{{with .Comparison}}
<h2>{{$p.Title}}</h2>
<p class="meta">旧: <code>{{$p.Old}}</code> → 新: <code>{{$p.New}}</code><br>
同じシード {{.Seed}} の {{.Games}} ゲームを両方で対にして比較（ボット {{range $i, $b := .Bots}}{{if $i}}, {{end}}{{$b}}{{end}}、対になったゲーム {{.Paired}}、除外 {{.Excluded}}）。太字は偽発見率 5 % で有意な変化です。<br>
{{if .Power.Points}}同じシードの {{.Games}} ゲームでは、席の勝率が {{printf "%.1f" .Power.Points}} ポイント変われば 80 % の確率で検出できます（観測した対の分散から。{{.Power.Players}}人プレイの {{.Power.Paired}} 対、補正前の両側 5 %）。{{else}}2つの版でどのゲームも変わらなかったため、検出力は示せません。{{end}}</p>
<h3>ブックで変えたセル</h3>
{{if $p.Edits}}<ul>{{range $p.Edits}}<li><code>{{.String}}</code></li>{{end}}</ul>{{else}}<p>ブックのカードとルールに変更はありません。</p>{{end}}
<h3>動いた測定値（変えたセルの波及効果を含む）</h3>
<table><tr><th>指標</th><th>旧</th><th>新</th><th>差</th><th>95 % 区間</th><th>q値</th></tr>
{{range .Measures}}<tr{{if .Significant}} class="sig"{{end}}><td>{{measure .}}</td><td>{{num .Old}}</td><td>{{num .New}}</td><td>{{signed .Diff}}</td><td>{{signed .Low}} 〜 {{signed .High}}</td><td>{{num .Q}}</td></tr>
{{end}}</table>
<table><tr><th>カード</th><th>指標</th><th>旧</th><th>新</th><th>差</th><th>q値</th></tr>
{{range .Cards}}{{if and .Significant ($p.Edited .ID)}}<tr class="sig"><td>{{name $p.CardNames .ID .Group}}（変えたカード）</td><td>{{cardMeasure .Measure}}</td><td>{{pct .Old.Rate}}</td><td>{{pct .New.Rate}}</td><td>{{spct .Diff}}</td><td>{{num .Q}}</td></tr>
{{end}}{{end}}{{range .Cards}}{{if and .Significant (not ($p.Edited .ID))}}<tr class="sig"><td>{{name $p.CardNames .ID .Group}}（波及効果）</td><td>{{cardMeasure .Measure}}</td><td>{{pct .Old.Rate}}</td><td>{{pct .New.Rate}}</td><td>{{spct .Diff}}</td><td>{{num .Q}}</td></tr>
{{end}}{{end}}</table>
{{end}}{{end}}
</main></body></html>
`))

// WriteComparison writes the comparisons as one self-contained HTML page.
func WriteComparison(w io.Writer, pages []ComparisonPage) error {
	return comparePage.Execute(w, pages)
}

// WriteComparisonJSON writes the comparisons as JSON, each with the cells
// changed between its workbooks as bifrost diff prints them.
func WriteComparisonJSON(w io.Writer, pages []ComparisonPage) error {
	type comparisonJSON struct {
		*sim.Comparison
		Edits []string `json:"edits"` // the changed cells, as bifrost diff prints them
	}
	var cs []comparisonJSON
	for _, p := range pages {
		cs = append(cs, comparisonJSON{p.Comparison, EditLines(p.Edits)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(map[string]any{"comparisons": cs})
}
