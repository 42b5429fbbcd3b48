// Package gate is the verdict of `bifrost check` (and build's list of
// broken games): the smoke and balance batches measured against the
// workbook's Check* thresholds, as problems and as one line per figure,
// and problems written as GitHub Actions annotations. It also chooses the
// balance batch's bot from CheckBalanceBots (BalanceBots, FirstBot).
package gate

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// Messages are the lines Measured writes: Japanese, English.
var Messages = schema.Catalogue{
	"measure_violations":  {"%s：違反 %d 件 %s %d 件（ボット %[6]s の %[5]d ゲーム中）", "%s: violations %d %s %d (of %d games, %s bots)"},
	"measure_unfinished":  {"%s：未完了 %d ゲーム %s %d ゲーム（ボット %[6]s の %[5]d ゲーム中）", "%s: unfinished %d %s %d (of %d games, %s bots)"},
	"measure_order_gap":   {"%s：%d人プレイの手番の順（ゲームごとにランダム）による勝率差 %.1f pt %s %d pt（ボット %s）", "%s: %d players, turn-order gap (turn order dealt at random) %.1f pt %s %d pt (%s bots)"},
	"check_order_gap":     {"%d人プレイで手番の順による勝率差が大きすぎます（ボット %s、%.1f ポイント、CheckMaxSeatGap は %d ポイント）", "the win-rate gap by turn order at %d players is too large (%s bots: %.1f points; CheckMaxSeatGap is %d)"},
	"measure_seat_gap":    {"%s：%d人プレイの席の勝率差 %.1f pt %s %d pt（ボット %s）", "%s: %d players, seat gap %.1f pt %s %d pt (%s bots)"},
	"measure_text_gaps":   {"%s：テキストの一部なしでシミュレーションされるカード %d 枚%s（%s）", "%s: cards simulated without part of their text %d%s (%s)"},
	"gaps_warn":           {"警告", "warnings"},
	"gaps_fail":           {"CheckWarningsFail により不合格", "failing, by CheckWarningsFail"},
	"measure_dead":        {"%s：どのボットも使わないカード %d 枚（%s）", "%s: dead cards %d (%s)"},
	"dead_warn":           {"警告のみ", "a warning only"},
	"dead_fail":           {"CheckDeadCardsFail によりエラー", "an error by CheckDeadCardsFail"},
	"regress_line":        {"%s：%d人プレイの席の勝率差 %.1f → %.1f ポイント（%s と比較、ボット %[7]s で対にした %[6]d ゲーム）", "%s: %d players, seat gap %.1f → %.1f points against %s (%d paired games with %s bots)"},
	"regress_grew":        {"%d人の席の勝率差が %s の %.1f ポイントから %.1f ポイントに広がりました（+%.1f、CheckMaxSeatGapGrowth は %d、%s ボットの対にした %d ゲーム）", "the seat win-rate gap at %[1]d players grew from %.1[3]f points at %[2]s to %.1[4]f (+%.1[5]f; CheckMaxSeatGapGrowth is %[6]d; %[8]d paired games with %[7]s bots)"},
	"regress_order_line":  {"%s：%d人プレイの手番の順（ゲームごとにランダム）による勝率差 %.1f → %.1f ポイント（%s と比較、ボット %[7]s で対にした %[6]d ゲーム）", "%s: %d players, gap by turn order (dealt at random) %.1f → %.1f points against %s (%d paired games with %s bots)"},
	"regress_order_grew":  {"%d人の手番の順による勝率差が %s の %.1f ポイントから %.1f ポイントに広がりました（+%.1f、CheckMaxSeatGapGrowth は %d、%s ボットの対にした %d ゲーム）", "the win-rate gap by turn order at %[1]d players grew from %.1[3]f points at %[2]s to %.1[4]f (+%.1[5]f; CheckMaxSeatGapGrowth is %[6]d; %[8]d paired games with %[7]s bots)"},
	"regress_human_line":  {"%s：%d人プレイの人間の勝率 %.1f → %.1f %%（%+.1f ポイント、95 %% 区間 %+.1f〜%+.1f、%s と比較、ボット %[10]s で対にした %[9]d ゲーム）", "%s: %d players, the human's win rate %.1f → %.1f %% (%+.1f points, 95 %% interval %+.1f..%+.1f) against %s (%d paired games with %s bots)"},
	"regress_human":       {"%d人プレイの人間の勝率が %s の %.1f %% から %.1f %% に動きました（%+.1f ポイント、95 %% 区間 %+.1f〜%+.1f）。目標の勝率は決まっていないので基準の版の勝率を目標とし、CheckMaxSeatGapGrowth の %d ポイントを超えて離れたら失敗です（ボット %[10]s で対にした %[9]d ゲーム）", "the human's win rate at %[1]d players moved from %.1[3]f %% at %[2]s to %.1[4]f %% (%+.1[5]f points, 95 %% interval %+.1[6]f..%+.1[7]f); no target win rate is set, so the base's is the target, and moving more than CheckMaxSeatGapGrowth (%[8]d points) away from it fails (%[9]d paired games with %[10]s bots)"},
	"regress_broken_line": {"%s：未完了 %d → %d ゲーム、違反 %d → %d 件（%s と比較、同じシードの %d ゲーム、ボット %s）", "%s: unfinished %d → %d, violations %d → %d against %s (%d games on the same seeds, %s bots)"},
	"regress_unfinished":  {"同じシードで未完了のゲームが %s の %d から %d に増えました（ボット %[5]s の %[4]d ゲーム）", "more games do not finish than at %s on the same seeds: %d → %d (of %d games, %s bots)"},
	"regress_violations":  {"同じシードでルール違反のゲームが %s の %d から %d に増えました（ボット %[5]s の %[4]d ゲーム）", "more games break a rule than at %s on the same seeds: %d → %d (of %d games, %s bots)"},
}

func msg(lang *schema.Lang, key string, args ...any) string {
	return Messages.Err(key, args...).In(lang)
}

// Verdict turns the smoke report (and the balance report, when the engine
// has the CheckBalanceBots bot or greedy) into problems against the
// workbook's thresholds (the Check* rules), placed on the file as a whole.
// The violations and unfinished games of each batch count against their
// thresholds, each listed with its replay command.
func Verdict(res schema.Result, rep, bal *sim.Report, lang *schema.Lang) []schema.Problem {
	var ps []schema.Problem
	add := func(sev schema.Severity, key string, args ...any) {
		ps = append(ps, schema.Problem{Severity: sev, File: res.File, Message: lang.Msg(key, args...)})
	}
	r := res.Rules
	for _, b := range Batches(rep, bal) {
		bots := strings.Join(b.Bots, ",")
		if b.ViolationCount > r.Int("CheckMaxViolations") {
			add(schema.Error, "check_violations", b.ViolationCount, bots, b.Games, r.Int("CheckMaxViolations"))
			for _, v := range b.Violations[:min(len(b.Violations), 5)] {
				add(schema.Error, "check_violation", v.Players, v.Turn, v.Text(lang), v.Replay)
			}
		}
		if b.Unfinished > r.Int("CheckMaxUnfinished") {
			add(schema.Error, "check_unfinished", b.Unfinished, bots, b.Games, r.Int("CheckMaxUnfinished"))
			for _, v := range b.UnfinishedGames[:min(len(b.UnfinishedGames), 5)] {
				add(schema.Error, "check_violation", v.Players, v.Turn, v.Text(lang), v.Replay)
			}
		}
	}
	if bal == nil {
		bal = rep
	}
	for _, n := range bal.PlayerCounts {
		gap, byOrder, ok := SeatGap(bal, n)
		switch {
		case !ok || gap <= float64(r.Int("CheckMaxSeatGap")):
		case byOrder:
			ps = append(ps, schema.Problem{Severity: schema.Error, File: res.File, Message: msg(lang, "check_order_gap", n, strings.Join(bal.Bots, ","), gap, r.Int("CheckMaxSeatGap"))})
		default:
			add(schema.Error, "check_seat_gap", n, strings.Join(bal.Bots, ","), gap, r.Int("CheckMaxSeatGap"))
		}
	}
	// Engine reports may name cells to warn about (AI instructions that
	// mostly fail).
	for _, k := range slices.Sorted(maps.Keys(rep.Extra)) {
		if w, ok := rep.Extra[k].(interface {
			Warnings(file string, lang *schema.Lang) []schema.Problem
		}); ok {
			ps = append(ps, w.Warnings(res.File, lang)...)
		}
	}
	// A card the random smoke batch never reached but the balance bots
	// play is not dead.
	if dead := report.DeadInBoth(rep, bal); len(dead) > 0 {
		sev := schema.Warning
		if r.Bool("CheckDeadCardsFail") {
			sev = schema.Error
		}
		add(sev, "check_dead_cards", len(dead), joinMax(dead, 12))
	}
	return ps
}

// Batches lists the batches the gate played: the smoke batch, then the
// balance batch when it is another (CheckBalanceBots random plays the smoke
// batch's very games again, which must not count twice).
func Batches(smoke, bal *sim.Report) []*sim.Report {
	if bal == nil || bal == smoke || bal.Seed == smoke.Seed && bal.Games == smoke.Games && slices.Equal(bal.Bots, smoke.Bots) {
		return []*sim.Report{smoke}
	}
	return []*sim.Report{smoke, bal}
}

// SeatGap is the spread of the seat win rates at n players, in
// percentage points, or of the win rates by turn order (byOrder) in a game
// that deals its turn order at random, where the seat index says nothing;
// false when the batch has no such figure.
func SeatGap(bal *sim.Report, n int) (gap float64, byOrder, ok bool) {
	rates, byOrder := bal.TurnOrderWinRate[strconv.Itoa(n)], true
	if rates == nil {
		rates, byOrder = bal.SeatWinRate[strconv.Itoa(n)], false
	}
	if len(rates) < 2 || rates[0].Games == 0 {
		return 0, false, false
	}
	lo, hi := rates[0].Rate, rates[0].Rate
	for _, w := range rates {
		lo, hi = min(lo, w.Rate), max(hi, w.Rate)
	}
	return 100 * (hi - lo), byOrder, true
}

// joinMax joins at most n of xs, marking the rest with "…".
func joinMax(xs []string, n int) string {
	if len(xs) > n {
		return strings.Join(xs[:n], ", ") + ", …"
	}
	return strings.Join(xs, ", ")
}

// Measured lists each figure the gate measured against its threshold:
// violations and unfinished games of each batch, the seat gap per player
// count (of the balance batch) and the dead cards.
func Measured(res schema.Result, rep, bal *sim.Report, lang *schema.Lang) []string {
	r := res.Rules
	op := func(v, limit float64) string { return map[bool]string{true: "≤", false: ">"}[v <= limit] }
	var lines []string
	for _, b := range Batches(rep, bal) {
		bots := strings.Join(b.Bots, ",")
		lines = append(lines,
			msg(lang, "measure_violations", res.Game, b.ViolationCount, op(float64(b.ViolationCount), float64(r.Int("CheckMaxViolations"))), r.Int("CheckMaxViolations"), b.Games, bots),
			msg(lang, "measure_unfinished", res.Game, b.Unfinished, op(float64(b.Unfinished), float64(r.Int("CheckMaxUnfinished"))), r.Int("CheckMaxUnfinished"), b.Games, bots))
	}
	if bal == nil {
		bal = rep
	}
	for _, n := range bal.PlayerCounts {
		if gap, byOrder, ok := SeatGap(bal, n); ok {
			limit := r.Int("CheckMaxSeatGap")
			key := map[bool]string{false: "measure_seat_gap", true: "measure_order_gap"}[byOrder]
			lines = append(lines, msg(lang, key, res.Game, n, gap, op(gap, float64(limit)), limit, strings.Join(bal.Bots, ",")))
		}
	}
	sev := "dead_warn"
	if r.Bool("CheckDeadCardsFail") {
		sev = "dead_fail"
	}
	lines = append(lines, msg(lang, "measure_dead", res.Game, len(report.DeadInBoth(rep, bal)), msg(lang, sev)))
	return append(lines, textGaps(res, lang))
}

// textGaps is the measured line of the cards the workbook's validation
// warns are simulated without part of their printed text, per sheet.
func textGaps(res schema.Result, lang *schema.Lang) string {
	gaps := schema.TextGaps(res.Problems)
	total, parts := 0, []string{}
	for _, sheet := range slices.Sorted(maps.Keys(gaps)) {
		total += gaps[sheet]
		parts = append(parts, fmt.Sprintf("%s %d", sheet, gaps[sheet]))
	}
	by := ""
	if len(parts) > 0 {
		by = lang.Pick("：", ": ") + strings.Join(parts, lang.Pick("、", ", "))
	}
	sev := "gaps_warn"
	if res.Rules.Bool("CheckWarningsFail") {
		sev = "gaps_fail"
	}
	return msg(lang, "measure_text_gaps", res.Game, total, by, msg(lang, sev))
}

// Failing reports whether problems fail the gate: any error, or any warning
// when the workbook sets CheckWarningsFail; a note never does.
func Failing(ps []schema.Problem, res schema.Result) bool {
	if schema.HasErrors(ps) {
		return true
	}
	return res.Rules.Bool("CheckWarningsFail") && slices.ContainsFunc(ps, func(p schema.Problem) bool { return p.Severity == schema.Warning })
}

// WriteGithub prints a problem as a GitHub Actions workflow command, so a
// pull request shows it on the workbook with its cell, or on a book's line.
func WriteGithub(w io.Writer, p schema.Problem) {
	level := "error"
	switch p.Severity {
	case schema.Warning:
		level = "warning"
	case schema.Note:
		level = "notice"
	}
	title, msg, line := "bifrost check", p.Message, ""
	if p.Sheet != "" {
		title = p.Sheet
		if p.Cell != "" {
			title += "!" + p.Cell
		}
		msg = title + " " + msg
	}
	if p.Line > 0 {
		line = ",line=" + strconv.Itoa(p.Line)
		title = filepath.Base(p.File) + ":" + strconv.Itoa(p.Line)
	}
	fmt.Fprintf(w, "::%s file=%s%s,title=%s::%s\n", level, escapeProperty(p.File), line, escapeProperty(title), escapeData(msg))
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
