package tune

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"bifrost/cmd/bifrost/internal/designtext"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// Messages are what tune says: Japanese, English.
var Messages = schema.Catalogue{
	"tune_mark_syntax": {"調整「%s」が読めません。「列=最小..最大」の形で書き、いくつかあれば「;」か「、」で区切ってください（例：資金=1..6）",
		"Tune %q cannot be read: write column=min..max, several separated by ';' or '、' (e.g. 'Funds=1..6')"},
	"tune_mark_column": {"調整「%s」：シート %s に「%s」という列はありません（「%s」のことですか？）",
		"Tune %q: sheet %s has no column %q (did you mean %q?)"},
	"tune_mark_kind": {"調整「%s」：「%s」は数の列でも効果の列でもないので動かせません", "Tune %q: column %q holds neither a number nor an effect, so it cannot move"},
	"tune_mark_range": {"調整「%s」：範囲「%s」が読めません。最小..最大 を整数で、最小 ≤ 最大、幅 100 以内で書いてください",
		"Tune %q: the range %q cannot be read: write min..max in whole numbers, min ≤ max, at most 100 apart"},
	"tune_mark_bounds": {"調整「%s」：範囲 %d..%d が列「%s」の取れる値（%s〜%s）を外れています", "Tune %q: the range %d..%d lies outside what column %q takes (%s to %s)"},
	"tune_mark_no_id":  {"調整「%s」：この行には ID がないので、どのカードか分かりません", "Tune %q: this row has no ID, so it names no card"},
	"tune_bad_free":    {"--free「%s」：シート!ID.列=a..b か Rules!キー=a..b の形で書いてください（例：'Einherjar!EIN-104.スキル=1..6'）", "--free %q: write Sheet!ID.column=a..b or Rules!Key=a..b, e.g. 'Einherjar!EIN-104.スキル=1..6'"},
	"tune_bad_values":  {"--free「%s」：%v", "--free %q: %v"},
	"tune_no_rule":     {"%s：Rules の変数 %s はありません（%s のことですか？）", "%s: there is no Rules parameter %s (did you mean %s?)"},
	"tune_no_number":   {"%s：効果「%s」に動かせる数がありません", "%s: the effect %q has no number to move"},
	"tune_not_number":  {"%s：効果の数の値は整数で書いてください（「%s」）", "%s: an effect's number takes whole numbers (got %q)"},
	"tune_broken":      {"未完了のゲーム %d、ルール違反 %d（%d ゲーム中）がブックのしきい値を超えます", "%d unfinished games and %d rule violations (of %d games) pass the workbook's thresholds"},
	"tune_blank":       {"%s を白紙にしたカードがブックの規則に合わないので、効果を測れません（%s）", "%s cannot be measured: its blank card breaks a rule of the workbook (%s)"},
	"tune_head": {"%s：調整。自由にした項目 %d、ボット %s、試行ごとに %d ゲーム（シード %d、どの試行も同じシード）",
		"%s: tune. Free fields: %d; %s bots, %d games per trial (seed %d, the same seeds for every trial)"},
	"tune_targets": {"目標：席の勝率差は各人数で %d pt 以下（CheckMaxSeatGap）、自由にしたカードの効果（使った席の勝率への効果）は同じ種類の中央値から %d pt 以内（CheckCardEffectBand）",
		"targets: the seat gap at most %d pt at every player count (CheckMaxSeatGap); each freed card's effect on the seat that uses it within %d pt of its kind's median (CheckCardEffectBand)"},
	"tune_search":    {"探索：%d 回の試行、%d 巡（1 項目ずつ範囲を試し、いちばん悪い目標を最も良くする値に動かす）", "search: trials %d, rounds %d (each field over its range in turn, moved to the value that most improves the worst target)"},
	"tune_budget":    {"。試行の上限に達したので途中で止めました", "; it stopped at its budget of trials"},
	"tune_written":   {"提案を %s に書きました。元のブックとの差：", "wrote the proposal to %s; its changes from the workbook:"},
	"tune_no_change": {"  （変更なし：いまの値より目標に近づく値は範囲にありません）", "  (no change: no value within the ranges comes nearer the targets)"},
	"tune_fresh":     {"探索が使っていない新しいシード（%d）の %d ゲームで測った値（元 → 提案）：", "measured on %[2]d games of fresh seeds the search never played (seed %[1]d), workbook → proposal:"},
	"tune_seat_gap":  {"%d人プレイの席の勝率差", "seat gap at %d players"},
	"tune_order_gap": {"%d人プレイの手番の順による勝率差", "turn-order gap at %d players"},
	"tune_effect":    {"%s の効果（%d人、中央値との差）", "%s's effect at %d players, off its kind's median"},
	"tune_gap_line":  {"  %s：%s → %s pt（上限 %.0f）%s", "  %s: %s → %s pt (limit %.0f)%s"},
	"tune_effect_line": {"  %s：%s → %s pt（幅 %.0f）。効果 %s → %s pt、中央値 %s → %s pt%s",
		"  %s: %s → %s pt (band %.0f); effect %s → %s pt, median %s → %s pt%s"},
	"tune_length_line": {"  %d人プレイの平均の長さ：%.1f → %.1f 手番（目標なし）", "  mean length at %d players: %.1f → %.1f turns (no target)"},
	"tune_missed_mark": {"  ← 未達", "  ← missed"},
	"tune_design": {"ゲームの手ざわり（目標なし。元 → 提案。差は同じ新しいシードのゲームを対にした 95 %% 区間、* は有意）：",
		"design measures (no target), workbook → proposal; the change with its paired 95 %% interval over the same fresh games, * significant:"},
	"tune_design_side": {"  %sの手ざわり：", "  the %s's design measures:"},
	"tune_refused":     {"  %s：測れません：%s", "  %s: cannot be measured: %s"},
	"tune_workbook":    {"元のブック", "workbook"},
	"tune_proposal":    {"提案", "proposal"},
	"tune_met":         {"提案は新しいシードでもすべての目標を満たします。", "the proposal meets every target on the fresh seeds."},
	"tune_unreached": {"範囲の中に、探索の試行ですべての目標を満たす組はありませんでした。妨げになっている目標：%s。",
		"no set of values within the ranges met every target in the search; the obstacle: %s."},
	"tune_missed": {"探索の試行ではすべての目標を満たしましたが、新しいシードでは満たせない目標があります：%s。ゲーム数（--games）を増やすと確かになります。",
		"the search met every target on its seeds, but on the fresh seeds a target is missed: %s. More games (--games) make it surer."},
	"tune_obstacle_gap":    {"%s（%.1f pt、上限 %.0f pt）", "%s (%.1f pt, limit %.0f pt)"},
	"tune_obstacle_effect": {"%s（%.1f pt、幅 %.0f pt）", "%s (%.1f pt, band %.0f pt)"},
}

func msg(l *schema.Lang, key string, args ...any) string { return Messages.Err(key, args...).In(l) }

// diff lists the changes from the workbook src to the proposal out as
// `bifrost diff` prints them.
func diff(game *schema.Game, src, out string) ([]string, error) {
	old, err := workbook.Open(src, src)
	if err != nil {
		return nil, err
	}
	proposal, err := workbook.Open(out, out)
	if err != nil {
		return nil, err
	}
	lines := []string{}
	for _, c := range schema.Diff(game.Records(old), game.Records(proposal)) {
		lines = append(lines, c.String())
	}
	return lines, nil
}

// Write prints the run for a person: the fields and targets, the search,
// the proposal's changes, the figures before and after on fresh seeds, and
// the verdict, naming the obstacle when a target is missed.
func Write(w io.Writer, run *Run, l *schema.Lang) {
	fmt.Fprintln(w, msg(l, "tune_head", run.Game, len(run.Fields), strings.Join(run.Bots, ","), run.Games, run.Seed))
	fmt.Fprintln(w, msg(l, "tune_targets", run.MaxGap, run.Band))
	search := msg(l, "tune_search", run.Search.Trials, run.Search.Rounds)
	if run.Search.OutOfBudget {
		search += msg(l, "tune_budget")
	}
	fmt.Fprintln(w, search)
	fmt.Fprintln(w, msg(l, "tune_written", run.Out))
	for _, d := range run.Diff {
		fmt.Fprintln(w, "  "+d)
	}
	if len(run.Diff) == 0 {
		fmt.Fprintln(w, msg(l, "tune_no_change"))
	}
	fmt.Fprintln(w, msg(l, "tune_fresh", run.FreshSeed, run.Games))
	writeFigures(w, run.Before, run.After, l)
	writeDesign(w, run, l)
	switch {
	case len(run.Search.Best.Missed()) > 0 || run.Search.Best.Refused != "":
		fmt.Fprintln(w, msg(l, "tune_unreached", obstacles(run.Search.Best, l)))
	case !run.Met:
		fmt.Fprintln(w, msg(l, "tune_missed", obstacles(run.After, l)))
	default:
		fmt.Fprintln(w, msg(l, "tune_met"))
	}
}

// writeFigures prints each target's figure before and after, paired by
// target, player count and card, then the mean lengths.
func writeFigures(w io.Writer, before, after Measure, l *schema.Lang) {
	for _, m := range []struct {
		m   Measure
		key string
	}{{before, "tune_workbook"}, {after, "tune_proposal"}} {
		if m.m.Refused != "" {
			fmt.Fprintln(w, msg(l, "tune_refused", msg(l, m.key), m.m.Refused))
		}
	}
	type key struct {
		target, card string
		players      int
	}
	was := map[key]Figure{}
	for _, f := range before.Figures {
		was[key{f.Target, f.Card, f.Players}] = f
	}
	pt := func(ok bool, v float64, sign bool) string {
		switch {
		case !ok:
			return "-"
		case sign:
			return fmt.Sprintf("%+.1f", v)
		}
		return fmt.Sprintf("%.1f", v)
	}
	figures := slices.Clone(after.Figures)
	for _, f := range before.Figures {
		if !hasFigure(after.Figures, f) {
			figures = append(figures, f)
		}
	}
	for _, f := range figures {
		b, hasB := was[key{f.Target, f.Card, f.Players}]
		a, hasA := f, hasFigure(after.Figures, f)
		mark := ""
		if hasA && a.Excess() > 0 {
			mark = msg(l, "tune_missed_mark")
		}
		if f.Target == "card_effect" {
			fmt.Fprintln(w, msg(l, "tune_effect_line", name(f, l), pt(hasB, b.Value, false), pt(hasA, a.Value, false), f.Limit,
				pt(hasB, b.Effect, true), pt(hasA, a.Effect, true), pt(hasB, b.Median, true), pt(hasA, a.Median, true), mark))
			continue
		}
		fmt.Fprintln(w, msg(l, "tune_gap_line", name(f, l), pt(hasB, b.Value, false), pt(hasA, a.Value, false), f.Limit, mark))
	}
	for _, n := range slices.Sorted(maps.Keys(after.Length)) {
		if b, ok := before.Length[n]; ok {
			fmt.Fprintln(w, msg(l, "tune_length_line", n, b, after.Length[n]))
		}
	}
}

// writeDesign prints the design measures per player count, the proposal's
// against the workbook's paired on the fresh seeds; when a side could not
// be measured, the other side's values alone.
func writeDesign(w io.Writer, run *Run, l *schema.Lang) {
	if len(run.DesignChanges)+len(run.Before.Design)+len(run.After.Design) == 0 {
		return
	}
	fmt.Fprintln(w, msg(l, "tune_design"))
	for _, c := range run.DesignChanges {
		fmt.Fprintln(w, "  "+designtext.Line(c, l))
	}
	if len(run.DesignChanges) > 0 {
		return
	}
	for _, side := range []struct {
		m   Measure
		key string
	}{{run.Before, "tune_workbook"}, {run.After, "tune_proposal"}} {
		if len(side.m.Design) == 0 {
			continue
		}
		fmt.Fprintln(w, msg(l, "tune_design_side", msg(l, side.key)))
		for _, n := range slices.Sorted(maps.Keys(side.m.Design)) {
			fmt.Fprintln(w, "    "+designtext.Values(n, side.m.Design[n], l))
		}
	}
}

// Output prints the run: as JSON, or for a person in l (Write).
func Output(w io.Writer, run *Run, asJSON bool, l *schema.Lang) error {
	if !asJSON {
		Write(w, run, l)
		return nil
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(run)
}

func hasFigure(fs []Figure, f Figure) bool {
	for _, g := range fs {
		if g.Target == f.Target && g.Card == f.Card && g.Players == f.Players {
			return true
		}
	}
	return false
}

// name says which target a figure measures.
func name(f Figure, l *schema.Lang) string {
	switch f.Target {
	case "seat_gap":
		return msg(l, "tune_seat_gap", f.Players)
	case "turn_order_gap":
		return msg(l, "tune_order_gap", f.Players)
	}
	return msg(l, "tune_effect", f.Card, f.Players)
}

// obstacles names the missed targets of m, the furthest first, or why m
// could not be measured.
func obstacles(m Measure, l *schema.Lang) string {
	if m.Refused != "" {
		return m.Refused
	}
	var parts []string
	for _, f := range m.Missed() {
		key := "tune_obstacle_gap"
		if f.Target == "card_effect" {
			key = "tune_obstacle_effect"
		}
		parts = append(parts, msg(l, key, name(f, l), f.Value, f.Limit))
	}
	return strings.Join(parts, l.Pick("、", "; "))
}
