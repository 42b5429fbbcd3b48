package report

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"

	"bifrost/cmd/bifrost/internal/designtext"
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

// MeasureName is a game-level measure's label in l's language.
func MeasureName(m sim.Change, l *schema.Lang) string {
	switch m.Measure {
	case "seat_win_rate":
		return fmt.Sprintf(l.Pick("%d人・P%dの勝率", "%d players, P%d's win rate"), m.Players, m.Seat)
	case "turn_order_win_rate":
		return fmt.Sprintf(l.Pick("%d人・%d番手の勝率", "%d players, win rate of player %d to play"), m.Players, m.Seat)
	case "length":
		return fmt.Sprintf(l.Pick("%d人・手番数の平均", "%d players, mean length"), m.Players)
	case "score":
		return fmt.Sprintf(l.Pick("%d人・得点の平均", "%d players, mean score"), m.Players)
	}
	return m.Measure
}

// CardMeasureName is a card measure's label in l's language.
func CardMeasureName(measure string, l *schema.Lang) string {
	if measure == "use_rate" {
		return l.Pick("使用率", "use rate")
	}
	return l.Pick("使ったときの勝率", "win rate when used")
}

// compareView is the comparison page's data, in its language.
type compareView struct {
	Pages []ComparisonPage
	Lang  *schema.Lang
}

// Pick is ja or en, whichever is the page's language.
func (v compareView) Pick(ja, en string) string { return v.Lang.Pick(ja, en) }

// Measure names a game-level measure in the page's language.
func (v compareView) Measure(m sim.Change) string { return MeasureName(m, v.Lang) }

// CardMeasure names a card measure in the page's language.
func (v compareView) CardMeasure(measure string) string { return CardMeasureName(measure, v.Lang) }

// Name is a card's ID, name and deck, and whether it is a changed card or
// a knock-on effect, in the page's language.
func (v compareView) Name(p ComparisonPage, cc sim.CardChange) string {
	id := cc.ID
	if n := p.CardNames[id]; n != "" {
		id += " " + n
	}
	if cc.Group != "" {
		id = say(v.Lang, "in_deck", id, cc.Group)
	}
	return id + say(v.Lang, map[bool]string{true: "edited", false: "knock_on"}[p.Edited(cc.ID)])
}

// Design is the cells of a paired design measure's row: its label (with
// " *" when the change is significant), old, new, change, interval and q,
// in the page's language.
func (v compareView) Design(c sim.Change) []string {
	label := designtext.Label(c, v.Lang)
	if c.Significant {
		label += " *"
	}
	return []string{label, designtext.Value(c.Measure, c.Old), designtext.Value(c.Measure, c.New),
		designtext.Signed(c.Measure, c.Diff), designtext.Interval(c, v.Lang.Pick(" 〜 ", " … ")), fmt.Sprintf("%.3f", c.Q)}
}

var comparePage = template.Must(template.New("compare").Funcs(template.FuncMap{
	"num":    func(f float64) string { return fmt.Sprintf("%.3f", f) },
	"signed": func(f float64) string { return fmt.Sprintf("%+.3f", f) },
	"pct":    func(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) },
	"spct":   func(f float64) string { return fmt.Sprintf("%+.1f pt", 100*f) },
	"bots":   func(bots []string) string { return strings.Join(bots, ", ") },
}).Parse(`<!DOCTYPE html>
<html lang="{{.Lang.Tag}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Pick "バランス比較" "Balance comparison"}}</title>
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
<h1>{{.Pick "バランス比較" "Balance comparison"}}</h1>
{{range .Pages}}{{$p := .}}{{with .Comparison}}
<h2>{{if $.Lang.English}}{{.Game}}{{else}}{{$p.Title}}{{end}}</h2>
{{if $.Lang.English}}<p class="meta">old: <code>{{$p.Old}}</code> → new: <code>{{$p.New}}</code><br>
{{.Games}} games with seed {{.Seed}} played on both sides and paired game for game ({{bots .Bots}} bots; {{.Paired}} paired, {{.Excluded}} excluded). Bold marks a change significant at a false discovery rate of 5 %.<br>
{{if .Rounds}}{{if .Capped}}Compared {{.Rounds}} times, doubling the games: nothing significant up to the cap, {{.Games}} games.{{else}}Compared {{.Rounds}} times, doubling the games until a change was significant: found at {{.Games}} games.{{end}}<br>
{{end}}{{if .Power.Points}}With {{.Games}} games, a change of {{printf "%.1f" .Power.Points}} points in a seat's win rate is detected 80 % of the time (from the observed paired variance: {{.Power.Players}} players, {{.Power.Paired}} pairs; two-sided 5 % before the correction).{{else}}No game differed between the two versions, so no power can be stated ({{.Games}} games).{{end}}</p>
{{else}}<p class="meta">旧: <code>{{$p.Old}}</code> → 新: <code>{{$p.New}}</code><br>
同じシード {{.Seed}} の {{.Games}} ゲームを両方で対にして比較（ボット {{bots .Bots}}、対になったゲーム {{.Paired}}、除外 {{.Excluded}}）。太字は偽発見率 5 % で有意な変化です。<br>
{{if .Rounds}}{{if .Capped}}ゲーム数を倍にして {{.Rounds}} 回比べましたが、上限の {{.Games}} ゲームまで有意な変化はありませんでした。{{else}}有意な変化が見つかるまでゲーム数を倍にして {{.Rounds}} 回比べ、{{.Games}} ゲームで見つかりました。{{end}}<br>
{{end}}{{if .Power.Points}}同じシードの {{.Games}} ゲームでは、席の勝率が {{printf "%.1f" .Power.Points}} ポイント変われば 80 % の確率で検出できます（観測した対の分散から。{{.Power.Players}}人プレイの {{.Power.Paired}} 対、補正前の両側 5 %）。{{else}}2つの版でどのゲームも変わらなかったため、検出力は示せません（{{.Games}} ゲーム）。{{end}}</p>
{{end}}<h3>{{$.Pick "ブックで変えたセル" "Cells changed in the workbook"}}</h3>
{{if $p.Edits}}<ul>{{range $p.Edits}}<li><code>{{.String}}</code></li>{{end}}</ul>{{else}}<p>{{$.Pick "ブックのカードとルールに変更はありません。" "The workbooks' cards and rules do not differ."}}</p>{{end}}
<h3>{{$.Pick "動いた測定値（変えたセルの波及効果を含む）" "Measures that moved (knock-on effects of the changed cells included)"}}</h3>
<table><tr><th>{{$.Pick "指標" "measure"}}</th><th>{{$.Pick "旧" "old"}}</th><th>{{$.Pick "新" "new"}}</th><th>{{$.Pick "差" "change"}}</th><th>{{$.Pick "95 % 区間" "95 % interval"}}</th><th>{{$.Pick "q値" "q"}}</th><th>{{$.Pick "対にしたゲーム" "paired games"}}</th></tr>
{{range .Measures}}<tr{{if .Significant}} class="sig"{{end}}><td>{{$.Measure .}}</td><td>{{num .Old}}</td><td>{{num .New}}</td><td>{{signed .Diff}}</td><td>{{signed .Low}}{{$.Pick " 〜 " " … "}}{{signed .High}}</td><td>{{num .Q}}</td><td>{{.Paired}}</td></tr>
{{end}}</table>
<table><tr><th>{{$.Pick "カード" "card"}}</th><th>{{$.Pick "指標" "measure"}}</th><th>{{$.Pick "旧" "old"}}</th><th>{{$.Pick "新" "new"}}</th><th>{{$.Pick "差" "change"}}</th><th>{{$.Pick "q値" "q"}}</th></tr>
{{range .Cards}}{{if and .Significant ($p.Edited .ID)}}<tr class="sig"><td>{{$.Name $p .}}</td><td>{{$.CardMeasure .Measure}}</td><td>{{pct .Old.Rate}}</td><td>{{pct .New.Rate}}</td><td>{{spct .Diff}}</td><td>{{num .Q}}</td></tr>
{{end}}{{end}}{{range .Cards}}{{if and .Significant (not ($p.Edited .ID))}}<tr class="sig"><td>{{$.Name $p .}}</td><td>{{$.CardMeasure .Measure}}</td><td>{{pct .Old.Rate}}</td><td>{{pct .New.Rate}}</td><td>{{spct .Diff}}</td><td>{{num .Q}}</td></tr>
{{end}}{{end}}</table>
{{if .Design}}<h3>{{$.Pick "ゲームの手ざわり（人数ごと）" "Design measures per player count"}}</h3>
<p class="meta">{{$.Pick "旧 → 新。差は同じゲームを対にした 95 % 区間で、手ざわりの指標どうしで Benjamini–Hochberg 補正しています（* と太字は有意）。勝敗の有意性には数えません。" "Old → new; changes by paired 95 % intervals over the same games, Benjamini–Hochberg adjusted among the design measures (* and bold: significant). They do not count towards the comparison's significance."}}</p>
<table><tr><th>{{$.Pick "手ざわり" "design measure"}}</th><th>{{$.Pick "旧" "old"}}</th><th>{{$.Pick "新" "new"}}</th><th>{{$.Pick "差" "change"}}</th><th>{{$.Pick "95 % 区間" "95 % interval"}}</th><th>{{$.Pick "q値" "q"}}</th><th>{{$.Pick "対にしたゲーム" "paired games"}}</th></tr>
{{range .Design}}<tr{{if .Significant}} class="sig"{{end}}>{{range $.Design .}}<td>{{.}}</td>{{end}}<td>{{.Paired}}</td></tr>
{{end}}</table>{{end}}
{{end}}{{end}}
</main></body></html>
`))

// WriteComparison writes the comparisons as one self-contained HTML page
// in lang.
func WriteComparison(w io.Writer, pages []ComparisonPage, lang *schema.Lang) error {
	return comparePage.Execute(w, compareView{Pages: pages, Lang: lang})
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
