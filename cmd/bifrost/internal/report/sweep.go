package report

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"bifrost/cmd/bifrost/internal/designtext"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// SweepPoint is the measures of a batch at one combination of swept values.
type SweepPoint struct {
	Values     []string             `json:"values"`
	Problems   []string             `json:"problems,omitempty"` // validation errors: the value cannot be played
	SeatGap    float64              `json:"seat_gap_points"`    // the largest win-rate gap over the player counts, by SeatGapBasis
	Unfinished int                  `json:"unfinished"`
	Violations int                  `json:"violations"`
	SeatWin    map[string][]float64 `json:"seat_win_rate,omitempty"` // by player count
	// TurnOrderWin is the win rate of the first player, the second, … by
	// player count, in a game that deals its turn order at random.
	TurnOrderWin map[string][]float64 `json:"turn_order_win_rate,omitempty"`
	// SeatGapBasis says what SeatGap and GapShift compare: BySeat, or
	// ByTurnOrder in a game that deals its turn order at random, where
	// the seat index is noise (as compare and check measure it).
	SeatGapBasis string             `json:"seat_gap_basis,omitempty"`
	Length       map[string]float64 `json:"length_mean,omitempty"`
	Score        map[string]float64 `json:"score_mean,omitempty"`
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

// The bases of a sweep point's seat gap (SweepPoint.SeatGapBasis).
const (
	BySeat      = "seat"
	ByTurnOrder = "turn_order"
)

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

// GapBasis is what the sweep's seat gaps compare: the basis of its
// playable points (BySeat when none is playable).
func (s Sweep) GapBasis() string {
	for _, p := range s.Points {
		if p.SeatGapBasis != "" {
			return p.SeatGapBasis
		}
	}
	return BySeat
}

// GapLabel names the sweep's seat gap, in points, in lang: by seat, or by
// turn order where it is dealt at random.
func (s Sweep) GapLabel(lang *schema.Lang) string {
	if s.GapBasis() == ByTurnOrder {
		return Messages.Err("sweep_gap_order").In(lang)
	}
	return Messages.Err("sweep_gap_seat").In(lang)
}

// sweepSeries is one line of a chart: a label and a value per point (NaN
// where the point was not playable).
type sweepSeries struct {
	Label  string
	Values []float64
}

// sweepView is what the sweep page shows, in its language.
type sweepView struct {
	S      Sweep
	Lang   *schema.Lang
	Counts []string
	Charts []template.HTML
	// DesignHeads name the design measures, the columns of Design.
	DesignHeads []string
	Design      []designRow
}

// designRow is a playable point's design measures at one player count,
// each marked when it differs significantly from the baseline's.
type designRow struct {
	Values  []string
	Players int
	Cells   []designCell
	// Note is "基準" for the baseline, the significant changes for
	// another point, or that none is.
	Note string
}

type designCell struct {
	Text string
	Sig  bool
}

// Pick is ja or en, whichever is the page's language.
func (v sweepView) Pick(ja, en string) string { return v.Lang.Pick(ja, en) }

// Say is the catalogue message key in the page's language.
func (v sweepView) Say(key string, args ...any) string { return Messages.Err(key, args...).In(v.Lang) }

// Change is a significant paired change of a point, in the page's language.
func (v sweepView) Change(c sim.Change) string { return changeText(c, v.Lang) }

var sweepPage = template.Must(template.New("sweep").Funcs(template.FuncMap{
	"join": strings.Join,
	"f1":   func(f float64) string { return fmt.Sprintf("%.1f", f) },
	"s1":   func(f float64) string { return fmt.Sprintf("%+.1f", f) },
}).Parse(`<!DOCTYPE html>
<html lang="{{.Lang.Tag}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.S.Title}} — {{join .S.Axes " × "}}{{.Pick " の比較" ": sweep"}}</title>
<style>
body{font-family:"Noto Sans JP","Hiragino Sans","Yu Gothic",sans-serif;margin:0;padding:1rem;color:#222;background:#fafaf7;line-height:1.5}
main{max-width:1100px;margin:auto}
h2{font-size:1.25rem;border-bottom:2px solid #445;margin-top:2rem}
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
td.sig{background:#fff3cd;font-weight:bold}
</style>
</head>
<body><main>
<h1>{{.S.Title}}: {{join .S.Axes " × "}}</h1>
<p class="meta">{{if .Lang.English}}{{.S.Games}} games per value on the same seed {{.S.Seed}} ({{.S.Bots}} bots).{{else}}値ごとに同じシード {{.S.Seed}} の {{.S.Games}} ゲーム（ボット {{.S.Bots}}）。{{end}}</p>
{{if .Charts}}<div class="charts">{{range .Charts}}<figure>{{.}}</figure>{{end}}</div>{{end}}
<table><tr>{{range .S.Axes}}<th>{{.}}</th>{{end}}<th>{{.S.GapLabel .Lang}}</th><th>{{.Pick "最初の値との差（95 % 区間）" "change from the first value (95 % interval)"}}</th>{{range .Counts}}<th>{{if $.Lang.English}}{{.}} players, mean length{{else}}{{.}}人・平均手番数{{end}}</th><th>{{if $.Lang.English}}{{.}} players, mean score{{else}}{{.}}人・平均得点{{end}}</th>{{end}}<th>{{.Pick "未完了" "unfinished"}}</th><th>{{.Pick "違反" "violations"}}</th><th>{{.Pick "最初の値と有意に違う測定値" "differs significantly from the first value"}}</th></tr>
{{range .S.Points}}{{$p := .}}<tr{{if .Differs}} class="differs"{{end}}>{{range .Values}}<td>{{.}}</td>{{end}}{{if .Problems}}<td class="bad" colspan="99">{{join .Problems "; "}}</td>{{else}}<td>{{f1 .SeatGap}}</td><td>{{if .Baseline}}{{$.Say "sweep_baseline"}}{{else if .GapShift}}{{s1 .GapShift.Diff}}{{$.Pick "（" " ("}}{{s1 .GapShift.Low}}{{$.Pick "〜" ".."}}{{s1 .GapShift.High}}{{$.Pick "）" ")"}}{{else}}-{{end}}</td>{{range $.Counts}}<td>{{f1 (index $p.Length .)}}</td><td>{{f1 (index $p.Score .)}}</td>{{end}}<td>{{.Unfinished}}</td><td>{{.Violations}}</td><td class="moved">{{if .Differs}}* {{range $i, $c := .Changes}}{{if $c.Significant}}{{$.Change $c}} {{end}}{{end}}{{end}}</td>{{end}}</tr>
{{end}}</table>
<p class="meta">{{.Say "sweep_note" .S.Games .S.Bots}}{{if eq .S.GapBasis "turn_order"}}<br>{{.Say "sweep_order_note"}}{{end}}</p>
{{if .Design}}<h2>{{.Pick "ゲームの手ざわり（値ごと・人数ごと）" "Design measures per value and player count"}}</h2>
<table><tr>{{range .S.Axes}}<th>{{.}}</th>{{end}}<th>{{.Pick "人数" "players"}}</th>{{range .DesignHeads}}<th>{{.}}</th>{{end}}<th>{{.Pick "最初の値との有意な差 *" "differs significantly from the first value *"}}</th></tr>
{{range .Design}}<tr>{{range .Values}}<td>{{.}}</td>{{end}}<td>{{.Players}}</td>{{range .Cells}}<td{{if .Sig}} class="sig"{{end}}>{{.Text}}{{if .Sig}} *{{end}}</td>{{end}}<td class="moved">{{.Note}}</td></tr>
{{end}}</table>
<p class="meta">{{.Say "sweep_design_note" .S.Games .S.Bots}}</p>{{end}}
</main></body></html>
`))

// WriteSweepJSON writes a sweep of game as JSON: what was varied, how it
// was played, and the measures at each point.
func WriteSweepJSON(w io.Writer, game string, s Sweep) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(map[string]any{"game": game, "seed": s.Seed, "games": s.Games, "bots": s.Bots, "axes": s.Axes, "points": s.Points})
}

// WriteSweep writes a sweep as one self-contained HTML page in lang: a
// table of every point, when one value was swept charts of the measures
// against it, and each point's design measures per player count, those
// that differ significantly from the baseline's marked.
func WriteSweep(w io.Writer, s Sweep, lang *schema.Lang) error {
	counts := map[string]bool{}
	for _, p := range s.Points {
		for n := range p.Length {
			counts[n] = true
		}
	}
	data := sweepView{S: s, Lang: lang, Counts: slices.Sorted(maps.Keys(counts))}
	if len(s.Axes) == 1 {
		var xs []string
		gap := sweepSeries{Label: s.GapLabel(lang)}
		var lengths, scores []sweepSeries
		for _, n := range data.Counts {
			label := lang.Pick(n+"人", n+" players")
			lengths = append(lengths, sweepSeries{Label: label})
			scores = append(scores, sweepSeries{Label: label})
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
			lineChart(s.GapLabel(lang), s.Axes[0], xs, []sweepSeries{gap}),
			lineChart(lang.Pick("平均手番数", "mean length"), s.Axes[0], xs, lengths),
			lineChart(lang.Pick("平均得点", "mean score"), s.Axes[0], xs, scores),
		}
	}
	for _, name := range designtext.Names {
		data.DesignHeads = append(data.DesignHeads, designtext.Name(name, lang))
	}
	for _, p := range s.Points {
		data.Design = append(data.Design, designRows(p, lang)...)
	}
	return sweepPage.Execute(w, data)
}

// designRows are a playable point's design measures, a row per player
// count, each measure marked where it differs significantly from the
// baseline's, paired on the same seeds.
func designRows(p SweepPoint, lang *schema.Lang) []designRow {
	var rows []designRow
	for _, n := range designtext.Counts(p.Design) {
		d := p.Design[strconv.Itoa(n)]
		row := designRow{Values: p.Values, Players: n}
		var moved []string
		for _, name := range designtext.Names {
			cell := designCell{Text: designtext.Value(name, designtext.Of(d, name))}
			for _, c := range p.DesignChanges {
				if c.Significant && c.Players == n && c.Measure == name {
					cell.Sig = true
					moved = append(moved, designtext.Short(c, lang))
				}
			}
			row.Cells = append(row.Cells, cell)
		}
		switch {
		case p.Baseline:
			row.Note = Messages.Err("sweep_baseline").In(lang)
		case len(moved) > 0:
			row.Note = "* " + strings.Join(moved, lang.Pick("、", ", "))
		case p.DesignChanges != nil:
			row.Note = lang.Pick("なし", "none")
		default:
			row.Note = "-"
		}
		rows = append(rows, row)
	}
	return rows
}

// changeText is one significant paired change of a sweep point, in lang.
func changeText(c sim.Change, lang *schema.Lang) string {
	switch c.Measure {
	case "seat_win_rate":
		return Messages.Err("sweep_seat", c.Players, c.Seat, 100*c.Diff, 100*c.Low, 100*c.High).In(lang)
	case "turn_order_win_rate":
		return Messages.Err("sweep_order", c.Players, c.Seat, 100*c.Diff, 100*c.Low, 100*c.High).In(lang)
	case "length":
		return Messages.Err("sweep_length", c.Players, c.Diff, c.Low, c.High).In(lang)
	}
	return Messages.Err("sweep_score", c.Players, c.Diff, c.Low, c.High).In(lang)
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
