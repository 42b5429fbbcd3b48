package report

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Messages are the lines of a batch, a ladder and a sweep as text: Japanese,
// English. The CLI joins them into its catalogue.
var Messages = schema.Catalogue{
	"sim_head":          {"%s: %v（シード %d、ボット %s）: 未完了 %d、%v、%.0f ゲーム/秒", "%s: %v (seed %d, bots %s): %d unfinished, %v, %.0f games/s"},
	"sim_order":         {"      手番の順（ゲームごとにランダム）の勝率: %s", "      win rate by turn order (dealt at random each game): %s"},
	"sim_order_place":   {"%d番手 %.1f%% [%.1f–%.1f]", "#%d %.1f%% [%.1f–%.1f]"},
	"sim_players":       {"  %d人: 勝率 %s; 手番数 平均 %.1f（%d〜%d）", "  %d players: win rate %s; turns mean %.1f (%d–%d)"},
	"sim_dead":          {"  一度も使われなかったカード: %s", "  dead cards (never used): %s"},
	"sim_unfinished":    {"  未完了（%d人、手番 %d）\n    再現: %s", "  unfinished (%d players, turn %d)\n    replay: %s"},
	"sim_violation":     {"  違反（%d人、手番 %d）: %s\n    再現: %s", "  violation (%d players, turn %d): %s\n    replay: %s"},
	"sim_design":        {"  手の選択肢 平均 %.1f、選択肢1つの手 %.1f%%、首位の交代 1ゲーム %.1f 回、逆転勝ち %.0f%%（最大 %.1f 点差から）、勝者が首位を守りきり始めたのはゲームの %.0f%% の時点、手詰まりの手番 %.1f%%", "  %.1f choices a decision, %.1f%% forced, %.1f lead changes a game, %.0f%% won from behind (by %.1f points at most, on average), the winner led for good from %.0f%% of the game, %.1f%% stalled turns"},
	"sim_drawn":         {"  引き分け %v（どの席の勝ちにも数えません）", "  %v drawn (no seat's win)"},
	"ladder_head":       {"%s: 組ごとに %d ゲーム（シード %d、人数 %v）", "%s: %d games per pair (seed %d, players %v)"},
	"ladder_bot":        {"  %s 勝率 %5.1f%% [%.1f–%.1f]（%d 席）", "  %s win rate %5.1f%% [%.1f–%.1f] (%d seat-games)"},
	"ladder_pair":       {"  %s 対 %s: %.1f%% 対 %.1f%%", "  %s vs %s: %.1f%% vs %.1f%%"},
	"ladder_step":       {"  %s が %s に勝つ率（直接対決）: %.1f%% [%.1f–%.1f]", "  %s over %s, head to head: %.1f%% [%.1f–%.1f]"},
	"ladder_gap":        {"  実力差（最強と最弱の勝率の差）: %.1f ポイント", "  skill gap (best minus worst win rate): %.1f points"},
	"ladder_problems":   {"  %v、未完了 %d", "  %v, %d unfinished"},
	"ladder_violation":  {"  違反：%d人・手番 %d：%s\n    再現：%s", "  violation: %d players, turn %d: %s\n    replay: %s"},
	"ladder_unfinished": {"  未完了：%d人・手番 %d：%s\n    再現：%s", "  unfinished: %d players, turn %d: %s\n    replay: %s"},
	"ladder_more":       {"  ほか %v（--json で一覧）", "  and %v more (listed with --json)"},
	"sweep_head":        {"%s: %s を変えて比較", "%s: sweep of %s"},
	"sweep_columns":     {"  値 | %s | 最初の値との差（95 %% 区間） | 平均手番数 | 平均得点 | 未完了 | 違反", "  values | %s | change from the first value (95 %% interval) | mean length | mean score | unfinished | violations"},
	"sweep_gap_seat":    {"席の勝率差（pt）", "seat gap (pt)"},
	"sweep_gap_order":   {"手番の順による勝率差（pt）", "gap by turn order (pt)"},
	"sweep_order_note":  {"手番の順はゲームごとにランダムに決まるので、席の番号ではなく手番の順（1番手、2番手、…）による勝率の差を測っています（compare・check と同じ）", "The turn order is dealt at random in every game, so the gap is measured between places in the turn order (first player, second, …), not between seat numbers (as compare and check measure it)"},
	"sweep_design_note": {"手ざわりの最初の値との差は同じシードのゲームを対にした 95 %% 区間で、人数と指標をまとめて Benjamini–Hochberg 補正（偽発見率 5 %%）。* は有意な差です。値ごとに %d ゲーム、ボット %s", "Changes from the first value by paired 95 %% intervals on the same seeds, Benjamini–Hochberg adjusted over the player counts and measures together (false discovery rate 5 %%); * marks a significant one. %d games per value, %s bots"},
	"sweep_baseline":    {"基準", "baseline"},
	"sweep_note":        {"* は最初の値と有意に違う値（同じシードのゲームを対にした比較：勝率差は対のブートストラップ 95 %% 区間、席の勝率・手番数・得点は対の 95 %% 区間を値ごとに Benjamini–Hochberg 補正）。値ごとに %d ゲーム、ボット %s", "* marks a value that differs significantly from the first (games paired on the same seeds: the gap by a paired bootstrap 95 %% interval; seat win rates, length and score by paired 95 %% intervals, Benjamini–Hochberg adjusted within each value); %d games per value, %s bots"},
	"sweep_seat":        {"%d人 席%d %+.1f pt（%+.1f〜%+.1f）", "%dp seat %d %+.1f pt (%+.1f..%+.1f)"},
	"sweep_order":       {"%d人 %d番手 %+.1f pt（%+.1f〜%+.1f）", "%dp player %d to play %+.1f pt (%+.1f..%+.1f)"},
	"sweep_length":      {"%d人 手番数 %+.1f（%+.1f〜%+.1f）", "%dp length %+.1f (%+.1f..%+.1f)"},
	"sweep_score":       {"%d人 得点 %+.1f（%+.1f〜%+.1f）", "%dp score %+.1f (%+.1f..%+.1f)"},
	// Reading the shard reports of `report merge` (ReadShards).
	"not_report":  {"%s：シミュレーションのレポートではありません：%v", "%s: not a sim report: %v"},
	"no_raw":      {"%s：このレポートには統合用の raw 部分がありません", "%s: the report has no raw section to merge"},
	"json_syntax": {"JSON として読めません（%d バイト目）", "not JSON (at byte %d)"},
	"json_type":   {"JSON の「%s」の値の型が違います", "JSON field %q has the wrong type"},
}

// The things a batch counts, in both languages (see schema.Noun).
var (
	NGames      = schema.Noun{"%d ゲーム", "%d games", "%d game"}
	NViolations = schema.Noun{"違反 %d", "%d violations", "%d violation"}
)

// writeLine writes the catalogue message key in lang, as one line.
func writeLine(w io.Writer, lang *schema.Lang, key string, args ...any) {
	fmt.Fprintln(w, Messages.Err(key, args...).In(lang))
}

// WriteSimText writes a batch for a person: the verdict, win rates per
// seat, lengths, the most and least used cards, and every violation's replay.
func WriteSimText(w io.Writer, r *sim.Report, lang *schema.Lang) {
	say := func(key string, args ...any) { writeLine(w, lang, key, args...) }
	say("sim_head", r.Game, NGames.Of(r.Games), r.Seed, strings.Join(r.Bots, ","), r.Unfinished, NViolations.Of(r.ViolationCount), r.GamesPerSecond)
	for _, n := range r.PlayerCounts {
		k := strconv.Itoa(n)
		rates, ok := r.SeatWinRate[k]
		if !ok {
			continue
		}
		var parts []string
		for i, wr := range rates {
			parts = append(parts, fmt.Sprintf("P%d %.1f%% [%.1f–%.1f]", i+1, 100*wr.Rate, 100*wr.Low, 100*wr.High))
		}
		l := r.Length[k]
		say("sim_players", n, strings.Join(parts, ", "), l.Mean, l.Min, l.Max)
		if order := r.TurnOrderWinRate[k]; order != nil {
			parts = parts[:0]
			for i, wr := range order {
				parts = append(parts, Messages.Err("sim_order_place", i+1, 100*wr.Rate, 100*wr.Low, 100*wr.High).In(lang))
			}
			say("sim_order", strings.Join(parts, ", "))
		}
		if d := r.Drawn[k]; d > 0 {
			say("sim_drawn", NGames.Of(d))
		}
		if d, ok := r.Design[k]; ok {
			say("sim_design", d.Branching, 100*d.Forced, d.LeadChanges, 100*d.Comebacks, d.Deficit, 100*d.Settled, 100*d.Stalls)
		}
	}
	if len(r.DeadCards) > 0 {
		say("sim_dead", strings.Join(r.DeadCards, ", "))
	}
	for _, v := range r.UnfinishedGames[:min(len(r.UnfinishedGames), 5)] {
		say("sim_unfinished", v.Players, v.Turn, v.Replay)
	}
	for _, v := range r.Violations {
		say("sim_violation", v.Players, v.Turn, v.Text(lang), v.Replay)
	}
}

// WriteLadderText writes a ladder for a person: each bot's win rate, each
// pair's, the skill gap, and the replay of each broken or unfinished game.
func WriteLadderText(w io.Writer, l *sim.Ladder, lang *schema.Lang) {
	say := func(key string, args ...any) { writeLine(w, lang, key, args...) }
	say("ladder_head", l.Game, l.Games, l.Seed, l.Players)
	width := 8
	for _, b := range l.Bots {
		width = max(width, len(b.Name))
	}
	for _, b := range l.Bots {
		say("ladder_bot", fmt.Sprintf("%-*s", width, b.Name), 100*b.WinRate.Rate, 100*b.WinRate.Low, 100*b.WinRate.High, b.WinRate.Games)
	}
	for _, p := range l.Pairs {
		say("ladder_pair", p.Names[0], p.Names[1], 100*p.Rate[0].Rate, 100*p.Rate[1].Rate)
	}
	for _, st := range l.Steps {
		say("ladder_step", st.To, st.From, 100*st.WinRate.Rate, 100*st.WinRate.Low, 100*st.WinRate.High)
	}
	say("ladder_gap", l.SkillGap)
	if l.Drawn > 0 {
		say("sim_drawn", l.Drawn)
	}
	if l.Violations > 0 || l.Unfinished > 0 {
		say("ladder_problems", NViolations.Of(l.Violations), l.Unfinished)
	}
	for _, v := range l.ViolationGames {
		say("ladder_violation", v.Players, v.Turn, v.Text(lang), v.Replay)
	}
	for _, v := range l.UnfinishedGames {
		say("ladder_unfinished", v.Players, v.Turn, v.Text(lang), v.Replay)
	}
	if more := l.Violations + l.Unfinished - len(l.ViolationGames) - len(l.UnfinishedGames); more > 0 {
		say("ladder_more", NGames.Of(more))
	}
}

// WriteSweepText writes a sweep for a person: one row per combination of
// values (its problems when it cannot be played), then how to read the marks.
func WriteSweepText(w io.Writer, game *schema.Game, s Sweep, lang *schema.Lang) {
	title := game.Title
	if lang.English() {
		title = game.ID
	}
	writeLine(w, lang, "sweep_head", title, strings.Join(s.Axes, " × "))
	writeLine(w, lang, "sweep_columns", s.GapLabel(lang))
	for _, p := range s.Points {
		if len(p.Problems) > 0 {
			fmt.Fprintf(w, "  %s | %s\n", strings.Join(p.Values, ", "), strings.Join(p.Problems, "; "))
			continue
		}
		var lens, scores []string
		for _, n := range slices.Sorted(maps.Keys(p.Length)) {
			lens = append(lens, fmt.Sprintf("%s:%.1f", n, p.Length[n]))
			scores = append(scores, fmt.Sprintf("%s:%.1f", n, p.Score[n]))
		}
		fmt.Fprintf(w, "  %s | %.1f | %s | %s | %s | %d | %d%s\n", strings.Join(p.Values, ", "), p.SeatGap, gapShiftText(p, lang),
			strings.Join(lens, " "), strings.Join(scores, " "), p.Unfinished, p.Violations, differsText(p, lang))
	}
	writeLine(w, lang, "sweep_note", s.Games, s.Bots)
	if s.GapBasis() == ByTurnOrder {
		writeLine(w, lang, "sweep_order_note")
	}
}

// gapShiftText is a point's seat-gap change against the baseline with its
// interval, "baseline" for the baseline, "-" when its games do not pair.
func gapShiftText(p SweepPoint, lang *schema.Lang) string {
	switch {
	case p.Baseline:
		return Messages.Err("sweep_baseline").In(lang)
	case p.GapShift == nil:
		return "-"
	}
	return fmt.Sprintf("%+.1f (%+.1f..%+.1f)", p.GapShift.Diff, p.GapShift.Low, p.GapShift.High)
}

// differsText is " *" and the significant changes of a point that differs
// from the baseline, else nothing.
func differsText(p SweepPoint, lang *schema.Lang) string {
	if !p.Differs {
		return ""
	}
	var parts []string
	for _, c := range p.Changes {
		if c.Significant {
			parts = append(parts, changeText(c, lang))
		}
	}
	return " *" + strings.TrimSuffix(" "+strings.Join(parts, lang.Pick("、", ", ")), " ")
}
