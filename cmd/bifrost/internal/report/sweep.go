package report

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"slices"
	"strings"

	"bifrost/rules/sim"
)

// SweepPoint is the measures of a batch at one combination of swept values.
type SweepPoint struct {
	Values     []string             `json:"values"`
	Problems   []string             `json:"problems,omitempty"` // validation errors: the value cannot be played
	SeatGap    float64              `json:"seat_gap_points"`    // the largest seat win-rate gap over the player counts
	Unfinished int                  `json:"unfinished"`
	Violations int                  `json:"violations"`
	SeatWin    map[string][]float64 `json:"seat_win_rate,omitempty"` // by player count
	Length     map[string]float64   `json:"length_mean,omitempty"`
	Score      map[string]float64   `json:"score_mean,omitempty"`
	// The paired comparison with the baseline, the first playable point,
	// on the same seeds (nil for the baseline itself, and for a point whose
	// player counts differ from the baseline's, whose games do not pair).
	Baseline bool         `json:"baseline,omitempty"`
	GapShift *Shift       `json:"seat_gap_shift,omitempty"` // the change of SeatGap, with a paired bootstrap 95 % interval
	Changes  []sim.Change `json:"changes,omitempty"`        // seat win rates, lengths, scores; adjusted within the point
	// Differs marks a point that differs significantly from the baseline:
	// its gap's interval excludes no change, or one of its Changes is
	// significant.
	Differs bool `json:"differs,omitempty"`
	// Design is the point's design measures by player count, and
	// DesignChanges their paired changes from the baseline, adjusted
	// together apart from Changes (they do not set Differs).
	Design        map[string]sim.DesignReport `json:"design,omitempty"`
	DesignChanges []sim.Change                `json:"design_changes,omitempty"`
}

// Shift is a paired difference in points with its 95 % interval.
type Shift struct {
	Diff float64 `json:"diff"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Sure reports whether the interval lies on one side of zero.
func (s *Shift) Sure() bool { return s != nil && (s.Low > 0 || s.High < 0) }

// Sweep is a whole sweep: what was varied and the measures at each value.
type Sweep struct {
	Title  string
	Axes   []string
	Bots   string
	Seed   uint64
	Games  int
	Points []SweepPoint
}

// sweepSeries is one line of a chart: a label and a value per point (NaN
// where the point was not playable).
type sweepSeries struct {
	Label  string
	Values []float64
}

var sweepPage = template.Must(template.New("sweep").Funcs(template.FuncMap{
	"join":       strings.Join,
	"f1":         func(f float64) string { return fmt.Sprintf("%.1f", f) },
	"s1":         func(f float64) string { return fmt.Sprintf("%+.1f", f) },
	"changeText": changeText,
}).Parse(`<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.S.Title}} — {{join .S.Axes " × "}} の比較</title>
<style>
body{font-family:"Noto Sans JP","Hiragino Sans","Yu Gothic",sans-serif;margin:0;padding:1rem;color:#222;background:#fafaf7;line-height:1.5}
main{max-width:1100px;margin:auto}
.meta{color:#555}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:1rem}
figure{margin:0;background:#fff;border:1px solid #ddd;border-radius:6px;padding:.5rem}
svg .grid{stroke:#e4e4e4}
svg .tick{font-size:11px;fill:#555}
svg .axis{font-size:12px;fill:#333}
svg .s0{stroke:#4a6fa5;fill:#4a6fa5}svg .s1{stroke:#c0392b;fill:#c0392b}svg .s2{stroke:#3a8a35;fill:#3a8a35}svg .s3{stroke:#8e44ad;fill:#8e44ad}
svg polyline.line{fill:none;stroke-width:2}
table{border-collapse:collapse;background:#fff;margin-top:1rem}
th,td{border:1px solid #ccc;padding:.25rem .6rem;text-align:right}
td.bad{text-align:left;color:#c0392b}
td.moved{text-align:left}
tr.differs td{font-weight:bold}
</style>
</head>
<body><main>
<h1>{{.S.Title}}: {{join .S.Axes " × "}}</h1>
<p class="meta">値ごとに同じシード {{.S.Seed}} の {{.S.Games}} ゲーム（ボット {{.S.Bots}}）。</p>
{{if .Charts}}<div class="charts">{{range .Charts}}<figure>{{.}}</figure>{{end}}</div>{{end}}
<table><tr>{{range .S.Axes}}<th>{{.}}</th>{{end}}<th>席の勝率差（pt）</th><th>最初の値との差（95 % 区間）</th>{{range .Counts}}<th>{{.}}人・平均手番数</th><th>{{.}}人・平均得点</th>{{end}}<th>未完了</th><th>違反</th><th>最初の値と有意に違う測定値</th></tr>
{{range .S.Points}}{{$p := .}}<tr{{if .Differs}} class="differs"{{end}}>{{range .Values}}<td>{{.}}</td>{{end}}{{if .Problems}}<td class="bad" colspan="99">{{join .Problems "; "}}</td>{{else}}<td>{{f1 .SeatGap}}</td><td>{{if .Baseline}}基準{{else if .GapShift}}{{s1 .GapShift.Diff}}（{{s1 .GapShift.Low}}〜{{s1 .GapShift.High}}）{{else}}-{{end}}</td>{{range $.Counts}}<td>{{f1 (index $p.Length .)}}</td><td>{{f1 (index $p.Score .)}}</td>{{end}}<td>{{.Unfinished}}</td><td>{{.Violations}}</td><td class="moved">{{if .Differs}}* {{range $i, $c := .Changes}}{{if $c.Significant}}{{changeText $c}} {{end}}{{end}}{{end}}</td>{{end}}</tr>
{{end}}</table>
<p class="meta">* は最初の値と有意に違う値です。同じシードのゲームを対にして比べ、席の勝率差は対のブートストラップ 95 % 区間、席の勝率・手番数・得点は対の 95 % 区間を値ごとに Benjamini–Hochberg 補正（偽発見率 5 %）しています。</p>
</main></body></html>
`))

// WriteSweepJSON writes a sweep of game as JSON: what was varied, how it
// was played, and the measures at each point.
func WriteSweepJSON(w io.Writer, game string, s Sweep) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(map[string]any{"game": game, "seed": s.Seed, "games": s.Games, "bots": s.Bots, "axes": s.Axes, "points": s.Points})
}

// WriteSweep writes a sweep as one self-contained HTML page: a table of
// every point and, when one value was swept, charts of the measures against it.
func WriteSweep(w io.Writer, s Sweep) error {
	counts := map[string]bool{}
	for _, p := range s.Points {
		for n := range p.Length {
			counts[n] = true
		}
	}
	data := struct {
		S      Sweep
		Counts []string
		Charts []template.HTML
	}{S: s, Counts: slices.Sorted(maps.Keys(counts))}
	if len(s.Axes) == 1 {
		var xs []string
		gap := sweepSeries{Label: "席の勝率差（pt）"}
		var lengths, scores []sweepSeries
		for _, n := range data.Counts {
			lengths = append(lengths, sweepSeries{Label: n + "人"})
			scores = append(scores, sweepSeries{Label: n + "人"})
		}
		for _, p := range s.Points {
			xs = append(xs, p.Values[0])
			playable := len(p.Problems) == 0
			gap.Values = append(gap.Values, pick(playable, p.SeatGap))
			for i, n := range data.Counts {
				lengths[i].Values = append(lengths[i].Values, pick(playable, p.Length[n]))
				scores[i].Values = append(scores[i].Values, pick(playable, p.Score[n]))
			}
		}
		data.Charts = []template.HTML{
			lineChart("席の勝率差", s.Axes[0], xs, []sweepSeries{gap}),
			lineChart("平均手番数", s.Axes[0], xs, lengths),
			lineChart("平均得点", s.Axes[0], xs, scores),
		}
	}
	return sweepPage.Execute(w, data)
}

// changeText is one significant paired change of a sweep point, in the
// page's Japanese.
func changeText(c sim.Change) string {
	switch c.Measure {
	case "seat_win_rate":
		return fmt.Sprintf("%d人 席%d %+.1f pt（%+.1f〜%+.1f）", c.Players, c.Seat, 100*c.Diff, 100*c.Low, 100*c.High)
	case "turn_order_win_rate":
		return fmt.Sprintf("%d人 %d番手 %+.1f pt（%+.1f〜%+.1f）", c.Players, c.Seat, 100*c.Diff, 100*c.Low, 100*c.High)
	case "length":
		return fmt.Sprintf("%d人 手番数 %+.1f（%+.1f〜%+.1f）", c.Players, c.Diff, c.Low, c.High)
	}
	return fmt.Sprintf("%d人 得点 %+.1f（%+.1f〜%+.1f）", c.Players, c.Diff, c.Low, c.High)
}

func pick(ok bool, v float64) float64 {
	if ok {
		return v
	}
	return math.NaN()
}

// lineChart draws series against the swept values, one polyline each, with
// a legend; unplayable points break the line.
func lineChart(title, axis string, xs []string, series []sweepSeries) template.HTML {
	const w, h, left, right, top, bottom = 420.0, 260.0, 48.0, 12.0, 28.0, 44.0
	s := newSVG(w, h, title)
	top0 := 0.0
	for _, se := range series {
		for _, v := range se.Values {
			if !math.IsNaN(v) {
				top0 = max(top0, v)
			}
		}
	}
	yMax := niceMax(top0)
	plotW, plotH := w-left-right, h-top-bottom
	x := func(i int) float64 {
		if len(xs) == 1 {
			return left + plotW/2
		}
		return left + plotW*float64(i)/float64(len(xs)-1)
	}
	y := func(v float64) float64 { return top + plotH*(1-v/yMax) }
	s.text(w/2, 16, "middle", "axis", title)
	for _, f := range []float64{0, 0.5, 1} {
		s.line(left, y(f*yMax), w-right, y(f*yMax), "grid")
		s.text(left-4, y(f*yMax)+4, "end", "tick", fmt.Sprintf("%g", f*yMax))
	}
	for i, v := range xs {
		s.text(x(i), h-bottom+16, "middle", "tick", v)
	}
	s.text(left+plotW/2, h-6, "middle", "axis", axis)
	for k, se := range series {
		class := fmt.Sprintf("s%d", k%4)
		var pts []string
		flush := func() {
			if len(pts) > 1 {
				fmt.Fprintf(&s.b, `<polyline points="%s" class="line %s"/>`, strings.Join(pts, " "), class)
			}
			pts = pts[:0]
		}
		for i, v := range se.Values {
			if math.IsNaN(v) {
				flush()
				continue
			}
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
			s.circle(x(i), y(v), 3, class, fmt.Sprintf("%s %s=%s: %.2f", se.Label, axis, xs[i], v))
		}
		flush()
		if len(series) > 1 {
			s.text(w-right, top+14*float64(k+1), "end", "tick "+class, se.Label)
		}
	}
	return s.done()
}
