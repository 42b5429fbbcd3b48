package report

import (
	"bifrost/schema"
	"fmt"
	"html/template"
)

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":   func(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) },
	"fixed": func(f float64) string { return fmt.Sprintf("%.2f", f) },
	"inc":   func(i int) int { return i + 1 },
	"at": func(xs []float64, i int) string {
		if i < len(xs) {
			return fmt.Sprintf("%.2f", xs[i])
		}
		return "–"
	},
}).Parse(`<!DOCTYPE html>
<html lang="{{.Lang.Tag}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} — {{.Pick "バランス報告" "balance report"}}</title>
<style>
body{font-family:"Noto Sans JP","Hiragino Sans","Yu Gothic",sans-serif;margin:0;padding:1rem;color:#222;background:#fafaf7;line-height:1.5}
main{max-width:1100px;margin:auto}
h1{font-size:1.6rem;margin:.2rem 0}
h2{font-size:1.25rem;border-bottom:2px solid #445;margin-top:2rem}
h3{font-size:1.05rem;margin:.8rem 0 .3rem}
.meta{color:#555}
.ok{background:#e3f4e1;border-left:6px solid #3a8a35;padding:.5rem 1rem}
.bad{background:#fbe4e1;border-left:6px solid #c0392b;padding:.5rem 1rem}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:1rem}
figure{margin:0;background:#fff;border:1px solid #ddd;border-radius:6px;padding:.5rem}
figcaption{font-size:.9rem;color:#444}
figure svg{display:block;margin:auto;max-width:760px}
svg .grid{stroke:#e4e4e4}
svg .tick{font-size:11px;fill:#555}
svg .axis{font-size:12px;fill:#333}
svg .bar{fill:#4a6fa5}
svg .bar2{fill:#e08e2b;opacity:.85}
svg .err{stroke:#222;stroke-width:1.5}
svg .fair{stroke:#c0392b;stroke-dasharray:5 4}
svg .dot{fill:#4a6fa5;opacity:.75}
svg .dead{fill:#c0392b}
svg .out{fill:#e08e2b;opacity:1}
svg .name{font-size:11px;fill:#222}
svg .leader{stroke:#999;stroke-width:.7}
svg .deadlabel{font-size:11px;fill:#c0392b}
ul.findings{list-style:none;padding:0}
ul.findings li{margin:.3rem 0;padding:.3rem .7rem;border-left:5px solid #3a8a35;background:#fff}
ul.findings li.badf{border-left-color:#c0392b}
ul.findings li.drawn{display:flex;justify-content:space-between;align-items:flex-start;gap:1rem}
.drawing svg{display:block;height:3rem;width:auto;transform-origin:right top;transition:transform .15s}
.drawing svg:hover{transform:scale(4);position:relative;z-index:1;box-shadow:0 2px 12px #0006}
.cell{font-family:monospace;color:#555}
.fixed{display:flex;align-items:center;justify-content:center;min-height:120px;color:#444}
svg .cell{font-size:12px;fill:#111}
svg .heatna{fill:#eee}
{{range $i, $c := .HeatColours}}svg .heat{{$i}}{fill:{{$c}}}
{{end}}
table{border-collapse:collapse;font-size:.9rem;background:#fff}
th,td{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
tr.deadrow td{color:#c0392b}
.scroll{overflow-x:auto}
code{background:#eee;padding:0 .3rem}
summary{cursor:pointer;margin:.5rem 0;color:#334}
</style>
</head>
<body><main>
<h1>{{.Title}}{{.Pick "（" " ("}}{{.R.Game}}{{.Pick "）バランス報告" ") balance report"}}</h1>
<p class="meta">{{if .Lang.English}}Seed {{.R.Seed}} · {{.R.Games}} games · bots: {{.Bots .R.Bots}}{{if .Smoke}} (the unused cards were not used in the {{.Smoke.Games}}-game trial of {{.Bots .Smoke.Bots}} bots either){{end}}{{else}}シード {{.R.Seed}}・{{.R.Games}} ゲーム・対戦したボット: {{.Bots .R.Bots}}{{if .Smoke}}（未使用カードは {{.Bots .Smoke.Bots}} ボットの試行 {{.Smoke.Games}} ゲームでも使われなかったもの）{{end}}{{end}}</p>
<div class="{{if .Problems}}bad{{else}}ok{{end}}">{{range .Batches}}<p>{{.Verdict}}</p>{{end}}</div>
<h2>{{.Say "f_head"}}</h2>
{{if .Findings}}<ul class="findings">
{{range .Findings}}{{$d := index $.Drawings .Card}}<li{{if and .Bad $d}} class="badf drawn"{{else if .Bad}} class="badf"{{else if $d}} class="drawn"{{end}}>{{if $d}}<span>{{end}}{{$.Sentence .}}{{if .Details}}<details><summary>{{$.Say "f_details"}}</summary>{{.Details}}</details>{{end}}{{if $d}}</span><span class="drawing">{{$d}}</span>{{end}}</li>
{{end}}</ul>{{else}}<p>{{.Say "f_none"}}</p>{{end}}
{{range $p := .Players}}
<h2>{{if $.Lang.English}}{{.Players}} players{{else}}{{.Players}}人プレイ{{end}}</h2>
<div class="charts">
<figure>{{.Seats}}<figcaption>{{$.Pick "席ごとの勝率と95%区間（赤の点線は 1/" "Win rate by seat with its 95% interval (the red dashed line is 1/"}}{{.Players}}{{$.Pick "）" ")"}}</figcaption></figure>
{{if .Fixed}}<figure><div class="fixed">{{if $.Lang.English}}Every game ended after {{.Length.Min}} turns (the rules fix the length){{else}}すべてのゲームが {{.Length.Min}} 手番で終わりました（長さはルールで決まっています）{{end}}</div><figcaption>{{$.Pick "ゲームの長さ（手番数）" "Game length (turns)"}}</figcaption></figure>{{else}}<figure>{{.Lengths}}<figcaption>{{if $.Lang.English}}Game length (turns): mean {{fixed .Length.Mean}}, median {{.Length.P50}}, {{.Length.Min}}–{{.Length.Max}}{{else}}ゲームの長さ（手番数）: 平均 {{fixed .Length.Mean}}、中央値 {{.Length.P50}}、{{.Length.Min}}〜{{.Length.Max}}{{end}}</figcaption></figure>{{end}}
<figure>{{.Scores}}<figcaption>{{$.Pick "得点の分布（青: 全員、橙: 勝者）" "Scores (blue: everyone, orange: winners)"}}</figcaption></figure>
</div>
<table><tr><th>{{$.Pick "席" "Seat"}}</th><th>{{$.Pick "勝率" "Win rate"}}</th><th>{{$.Pick "95%区間" "95% interval"}}</th><th>{{$.Pick "平均得点" "Mean score"}}</th></tr>
{{range $i, $r := .Rates}}<tr><td>P{{inc $i}}</td><td class="n">{{pct $r.Rate}}</td><td class="n">{{pct $r.Low}}–{{pct $r.High}}</td><td class="n">{{at $p.Means $i}}</td></tr>{{end}}
</table>{{if .Order}}
<p>{{$.Pick "手番の順はゲームごとにランダムに決まるので、席の番号より手番の順で見た勝率が席の有利不利を表します。" "The turn order is dealt at random in every game, so the win rate by turn order, not by seat number, shows who is favoured."}}</p>
<table><tr><th>{{$.Pick "手番の順" "Turn order"}}</th><th>{{$.Pick "勝率" "Win rate"}}</th><th>{{$.Pick "95%区間" "95% interval"}}</th></tr>
{{range $i, $r := .Order}}<tr><td>{{$.Ordinal $i}}</td><td class="n">{{pct $r.Rate}}</td><td class="n">{{pct $r.Low}}–{{pct $r.High}}</td></tr>{{end}}
</table>{{end}}
{{if .Drawn}}<p>{{if $.Lang.English}}Draws (finished games no seat won): {{.Drawn}}. Win rates are per finished game, draws included.{{else}}引き分け（どの席も勝たずに終わったゲーム）: {{.Drawn}}。勝率はこれも含めた完了ゲームあたりです。{{end}}</p>{{end}}
{{with .Design}}<table><tr><th>{{$.Pick "ゲームの手ざわり" "How the game plays"}}</th><th>{{$.Pick "値" "Value"}}</th></tr>
<tr><td>{{$.Pick "1回の手番選択で選べる手の数（平均）" "Legal choices a decision (mean)"}}</td><td class="n">{{fixed .Branching}}</td></tr>
<tr><td>{{$.Pick "選べる手が1つしかない選択の割合" "Share of forced decisions (one choice)"}}</td><td class="n">{{pct .Forced}}</td></tr>
<tr><td>{{$.Pick "首位（単独）が入れ替わった回数（1ゲーム平均、各手番の終わりの得点で）" "Changes of sole leader a game (mean, from the scores at the end of each turn)"}}</td><td class="n">{{fixed .LeadChanges}}</td></tr>
<tr><td>{{$.Pick "勝者が一度でも首位に遅れていたゲーム（逆転勝ち）の割合" "Share of won games whose winner was behind at some point (comebacks)"}}</td><td class="n">{{pct .Comebacks}}</td></tr>
<tr><td>{{$.Pick "逆転勝ちで勝者が最も離されていた点差（平均）" "A comeback winner's largest deficit (mean points)"}}</td><td class="n">{{fixed .Deficit}}</td></tr>
<tr><td>{{$.Pick "勝者が最後まで首位を守りきり始めた時点（ゲームの何割か、平均。0は最初から、1は最後に並んで勝った）" "When the winner took the lead for good (share of the game, mean; 0 led throughout, 1 only at the end)"}}</td><td class="n">{{pct .Settled}}</td></tr>
<tr><td>{{$.Pick "手詰まりの手番の割合（手番のプレイヤーの得点が変わらず、カードも手に入らなかった手番。カードを使っただけの手番、失敗した挑戦を含みます）" "Share of stalled turns (the player to move ended it at the same score and gained no card; a turn that only played cards, or a failed challenge, counts)"}}</td><td class="n">{{pct .Stalls}}</td></tr>
</table>{{end}}
{{end}}
<h2>{{.Pick "カード" "Cards"}}</h2>
<figure>{{.Scatter}}<figcaption>{{.Pick "横軸: 1ゲームあたりの入手・使用・解決の回数。縦軸: そのカードを使ったプレイヤーの勝率（記述のための数です。勝っているプレイヤーほど多くのカードを使うので、ゲームの流れにつられ、カードの強さは表しません。所見はカードの効果から）。赤は一度も使われなかったカード、橙で名前のあるものは所見に挙げたカード。" "Across: acquisitions, plays and resolutions a game. Up: the win rate of the players who used the card (a description only: players who are winning use more cards, so it follows the game, not the card's strength; the findings come from the cards' effects). Red: cards never used; orange with a name: cards named in the findings."}}</figcaption></figure>
<details><summary>{{if .Lang.English}}Figures by card ({{len .Cards}} designs){{else}}カードごとの数値（{{len .Cards}}種）{{end}}</summary>
<div class="scroll"><table>
<tr><th>ID</th><th>{{.Pick "名前" "Name"}}</th><th>{{.Pick "セル" "Cell"}}</th><th>{{.Pick "入手" "Acquired"}}</th><th>{{.Pick "使用" "Played"}}</th><th>{{.Pick "解決" "Resolved"}}</th><th>{{.Pick "使った人の勝率" "Win rate when used"}}</th><th>{{.Pick "95%区間" "95% interval"}}</th></tr>
{{range .Cards}}<tr{{if .Dead}} class="deadrow"{{end}}><td>{{.ID}}</td><td>{{.Name}}{{if .Dead}}{{$.Pick "（未使用）" " (unused)"}}{{end}}</td><td class="cell">{{.Cell}}</td><td class="n">{{.Acquired}}</td><td class="n">{{.Played}}</td><td class="n">{{.Resolved}}</td><td class="n">{{pct .WinRate.Rate}}</td><td class="n">{{pct .WinRate.Low}}–{{pct .WinRate.High}}</td></tr>
{{end}}</table></div>
</details>
{{range .Extras}}
<h2>{{if $.Lang.English}}Statistics: {{.Name}}{{else}}{{.Name}} の統計{{end}}</h2>
{{if .Heatmap}}<figure>{{.Heatmap}}<figcaption>{{$.Pick "行のデッキが列のデッキに勝った割合（先攻・後攻の両方を含む）" "How often the row's deck beat the column's (first and second player both)"}}</figcaption></figure>{{end}}
{{range .Parts}}<h3>{{.Title}}</h3>
{{if gt .Rows $.FoldRows}}<details><summary>{{.Rows}}{{$.Pick " 行" " rows"}}</summary><div class="scroll">{{.Body}}</div></details>{{else}}<div class="scroll">{{.Body}}</div>{{end}}
{{end}}{{end}}
{{if .Problems}}<h2>{{.Pick "ルール違反と未完了のゲーム" "Rule violations and unfinished games"}}</h2>
<p>{{.Pick "どのゲームも、下のコマンドで一手ずつ再現できます。" "Each game can be replayed move by move with the command below it."}}</p>
{{range .Batches}}{{if or .Violations .Unfinished}}<h3>{{.Verdict}}</h3>
<ul>{{range .Violations}}<li>{{if $.Lang.English}}Violation, {{.Players}} players, turn {{.Turn}}{{else}}ルール違反、{{.Players}}人・手番 {{.Turn}}{{end}}: {{.Text $.Lang}}<br><code>{{.Replay}}</code></li>{{end}}{{range .Unfinished}}<li>{{if $.Lang.English}}Unfinished, {{.Players}} players, turn {{.Turn}}{{else}}未完了、{{.Players}}人・手番 {{.Turn}}{{end}}: {{.Text $.Lang}}<br><code>{{.Replay}}</code></li>{{end}}</ul>{{end}}{{end}}{{end}}
</main></body>
</html>
`))

// botList names the bots of a batch in l's language: one name when every
// seat had it, else the seats' bots in turn.
func botList(l *schema.Lang, bots []string) string {
	if len(bots) == 1 {
		return bots[0] + l.Pick("（全席）", " (every seat)")
	}
	out := ""
	for i, b := range bots {
		if i > 0 {
			out += l.Pick("、", ", ")
		}
		out += fmt.Sprintf("P%d %s", i+1, b)
	}
	return out
}

// Bots names the bots of a batch in the page's language.
func (v view) Bots(bots []string) string { return botList(v.Lang, bots) }

// Pick is ja or en, whichever is the page's language.
func (v view) Pick(ja, en string) string { return v.Lang.Pick(ja, en) }

// Ordinal names the i-th place in the turn order (from 0): 1番手, 1st.
func (v view) Ordinal(i int) string {
	if !v.Lang.English() {
		return fmt.Sprintf("%d番手", i+1)
	}
	n := i + 1
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Say is the findings' words for key, in the page's language.
func (v view) Say(key string) string { return tell(v.Lang, key) }

// Sentence writes a finding as the page shows it: the card's name in bold,
// its ID and cell, then its text, as one sentence when the text continues
// them and after a colon otherwise.
func (v view) Sentence(f Finding) template.HTML {
	l := v.Lang
	esc := template.HTMLEscapeString
	cell := `<span class="cell">` + esc(f.Cell) + `</span>`
	var lead string
	switch {
	case f.Name != "" && f.Cell != "":
		lead = "<b>" + esc(f.Name) + "</b>" + l.Pick("（", " (") + esc(f.Card) + l.Pick("、", ", ") + cell + l.Pick("）", ")")
	case f.Name != "":
		lead = "<b>" + esc(f.Name) + "</b>" + l.Pick("（", " (") + esc(f.Card) + l.Pick("）", ")")
	case f.Card != "" && f.Cell != "":
		lead = "<b>" + esc(f.Card) + "</b>" + l.Pick("（", " (") + cell + l.Pick("）", ")")
	case f.Card != "":
		lead = "<b>" + esc(f.Card) + "</b>"
	case f.Cell != "":
		lead = cell
	}
	if lead != "" && !f.Joined {
		lead += ": "
	}
	return template.HTML(lead + esc(f.Text))
}

// FoldRows is the length beyond which an engine's table starts folded.
func (view) FoldRows() int { return foldRows }

// HeatColours runs from red (the row deck loses) through white to blue (it wins).
func (view) HeatColours() []string {
	return []string{"#c0392b", "#d35f4f", "#e38a7d", "#f0b7ae", "#f8e1dc", "#dde7f3", "#b3c9e6", "#86a9d6", "#5a88c4", "#3567ad"}
}
