package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// findingText is what the findings of the report page say: Japanese,
// English. Each finding is one sentence in the designer's words; the
// numbers behind it (intervals, games, adjusted p-values) go to its
// details, which the page folds.
var findingText = schema.Catalogue{
	"f_effect_strong": {"は、使った席の勝率への効果が同じ種類（%[1]s）の中央値より %.0[2]f ポイント高く、強すぎます（%[3]s、%[4]s）",
		" changes the win rate of the seat that uses it %.0[2]f points more than the median card of its kind (%[1]s) does: too strong (%[3]s; %[4]s)"},
	"f_effect_weak": {"は、使った席の勝率への効果が同じ種類（%[1]s）の中央値より %.0[2]f ポイント低く、弱すぎます（%[3]s、%[4]s）",
		" changes the win rate of the seat that uses it %.0[2]f points less than the median card of its kind (%[1]s) does: too weak (%[3]s; %[4]s)"},
	"f_suggest": {"%[1]s の%[2]s（%[3]s）を %[4]d → %[5]d にすると、この差は %+.0[6]f → %+.0[7]f ポイントになります。",
		"Setting %[1]s's %[2]s (%[3]s) from %[4]d to %[5]d brings that difference from %+.0[6]f to %+.0[7]f points."},
	"f_unreached": {"%[1]s の%[2]s（%[3]s）を範囲の端の %[5]d にしても（いま %[4]d）、この差は %+.0[6]f → %+.0[7]f ポイントまでしか戻りません。ほかの列も見直してください。",
		"Even at the end of its range, %[5]d (now %[4]d), %[1]s's %[2]s (%[3]s) brings that difference only from %+.0[6]f to %+.0[7]f points: look at its other columns too."},
	"f_at_end": {"%[1]s の%[2]s（%[3]s）はもう範囲の端（%[4]d）なので、ほかの列か効果を見直してください。",
		"%[1]s's %[2]s (%[3]s) is already at the end of its range (%[4]d): revise its other columns or its effect."},
	"f_no_knob": {"動かせる数の列がないので、効果の文を見直してください。", "It has no number to move: revise its effect."},
	"f_value":   {"値", "value"},
	"f_players": {"%s人", "at %s players"},
	"f_effect_at": {"%[1]s: 効果 %+.1[2]f pt（95%% 区間 %+.1[3]f〜%+.1[4]f、%[5]d ゲーム）、同じ種類の中央値 %+.1[6]f pt",
		"%[1]s: effect %+.1[2]f pt (95%% interval %+.1[3]f to %+.1[4]f, %[5]d games), median of its kind %+.1[6]f pt"},
	"f_effect_q":     {"（補正後 q %s）", " (adjusted q %s)"},
	"f_all_players":  {"全人数", "all player counts"},
	"f_n_players":    {"%d人", "%d players"},
	"f_suggest_runs": {"提案の値 %d で測った差 %+.1f pt（対にした %d ゲーム）", "the difference measured at the suggested %d: %+.1f pt (%d paired games)"},
	"f_source": {"カードの所見は最後の bifrost effects の実行（%s ボット、%d ゲーム、幅 CheckCardEffectBand %d ポイント）から。確かさは補正後の q 値から：%s",
		"The card findings come from the last bifrost effects run (%s bots, %d games, band CheckCardEffectBand %d points). How sure, from the adjusted q-value: %s"},
	"f_stale":   {"。その後ブックが変わっているので、もう一度実行してください", ". The workbook has changed since: run it again"},
	"f_inband":  {"。どのカードの効果も同じ種類の中央値から幅の中です", ". Every card's effect lies within the band around its kind's median"},
	"f_no_scan": {"カードごとの効果はまだ測っていません。bifrost effects を実行すると（同じ出力フォルダに）、カードを使った席の勝率への効果で強すぎ・弱すぎのカードを挙げ、直す値を示します", "Card effects have not been measured yet. Run bifrost effects (with the same output folder) to name the cards too strong or too weak by their effect on the win rate of the seat that uses them, each with the value that fixes it"},
	"f_seat_gap": {"%[1]d人: 席の勝率差 %.1[2]f ポイント（最高 P%[3]d %.1[4]f%%、最低 P%[5]d %.1[6]f%%）",
		"%[1]d players: seat gap %.1[2]f points (best P%[3]d %.1[4]f%%, worst P%[5]d %.1[6]f%%)"},
	"f_seat_over":    {"。しきい値 CheckMaxSeatGap は %d ポイントで、超えています", ". Over the threshold CheckMaxSeatGap of %d points"},
	"f_seat_under":   {"。しきい値 CheckMaxSeatGap は %d ポイント以内です", ". Within the threshold CheckMaxSeatGap of %d points"},
	"f_seat_details": {"最高 P%d %s、最低 P%d %s", "best P%d %s, worst P%d %s"},
	"f_use_high":     {"は他のカードより使われる率（1人1ゲームあたり）が高いです（%s）", " is used more often than the other cards, per seat and game (%s)"},
	"f_use_low":      {"は他のカードより使われる率（1人1ゲームあたり）が低いです（%s）", " is used less often than the other cards, per seat and game (%s)"},
	"f_use_details":  {"使われる率 %s、他のカード %.1f%%、補正後 q %s", "use rate %s, other cards %.1f%%, adjusted q %s"},
	"f_use_more":     {"ほかに %d 枚の使用率が有意に外れています（下のカード表）", "%d more cards' use rates differ significantly (the card table below)"},
	"f_dead":         {"は一度も入手・使用・解決されていません", " was never acquired, played or resolved"},
	"f_dead_too":     {"（%s ボットの試行 %d ゲームでも）", " (nor in the %s bots' %d games)"},
	"f_ai_cell": {"AI の指示「%s」が %d 回中 %d 回（%.0f%%）実行できませんでした（しきい値 %d%%）",
		"the AI instruction \"%s\" could not be carried out %[3]d times out of %[2]d (%.0[4]f%%; threshold %[5]d%%)"},
	"f_matchup_best":  {"最も偏った相性: %[1]s 対 %[2]s で %[1]s が勝つ率 %.1[3]f%%", "most lopsided matchup: %[1]s against %[2]s, %[1]s wins %.1[3]f%% of the time"},
	"f_matchup_worst": {"最も不利な相性: %[1]s 対 %[2]s で %[1]s が勝つ率 %.1[3]f%%", "least favourable matchup: %[1]s against %[2]s, %[1]s wins %.1[3]f%% of the time"},
	"f_wilson":        {"%.1f%%（95%% 区間 %.1f–%.1f%%、%d/%d）", "%.1f%% (95%% interval %.1f–%.1f%%, %d/%d)"},
	"f_skill_smaller": {"探索ボット（%[1]s、%[2]s %[3]d ゲーム）では効果が小さく（%+.0[4]f pt、%[5]s では %+.0[6]f pt）、上手な人の手では効き目が小さくなります",
		"With a search bot (%[1]s, %[3]d games %[2]s) its effect is smaller (%+.0[4]f pt against %[5]s's %+.0[6]f pt): in skilled hands it matters less"},
	"f_skill_larger": {"探索ボット（%[1]s、%[2]s %[3]d ゲーム）では効果が大きく（%+.0[4]f pt、%[5]s では %+.0[6]f pt）、上手な人の手ほど効き目が大きくなります",
		"With a search bot (%[1]s, %[3]d games %[2]s) its effect is larger (%+.0[4]f pt against %[5]s's %+.0[6]f pt): in skilled hands it matters more"},
	"f_skill_base_only": {"探索ボット（%[1]s、%[2]s %[3]d ゲーム）では確かな効果が見えず（%+.0[4]f pt、%[5]s では %+.0[6]f pt）、上手な人の手では効き目がはっきりしません",
		"With a search bot (%[1]s, %[3]d games %[2]s) it shows no sure effect (%+.0[4]f pt against %[5]s's %+.0[6]f pt): in skilled hands its effect is not clear"},
	"f_skill_skilled_only": {"探索ボット（%[1]s、%[2]s %[3]d ゲーム）では確かな効果があり（%+.0[4]f pt、%[5]s では確かでない %+.0[6]f pt）、上手な人の手でだけ効き目がはっきりします",
		"With a search bot (%[1]s, %[3]d games %[2]s) it has a sure effect (%+.0[4]f pt against %[5]s's %+.0[6]f pt, not sure): only in skilled hands is its effect clear"},
	"f_skill_opposite": {"探索ボット（%[1]s、%[2]s %[3]d ゲーム）では効果の向きが逆で（%+.0[4]f pt、%[5]s では %+.0[6]f pt）、上手な人の手では逆に働きます",
		"With a search bot (%[1]s, %[3]d games %[2]s) its effect goes the other way (%+.0[4]f pt against %[5]s's %+.0[6]f pt): in skilled hands it works the other way"},
	"f_skill_at": {"%[1]s（%[2]s）: 効果 %+.1[3]f pt（95%% 区間 %+.1[4]f〜%+.1[5]f、%[6]d ゲーム）、%[7]s では %+.1[8]f pt（95%% 区間 %+.1[9]f〜%+.1[10]f）",
		"%[1]s (%[2]s): effect %+.1[3]f pt (95%% interval %+.1[4]f to %+.1[5]f, %[6]d games), with %[7]s %+.1[8]f pt (95%% interval %+.1[9]f to %+.1[10]f)"},
	"f_skill_few": {"。対にできたゲームが少なく、比べられません", "; too few paired games to compare"},
	"f_head":      {"所見", "Findings"},
	"f_none":      {"目立つ点はありません。", "Nothing stands out."},
	"f_details":   {"詳細", "Details"},
}

// tell is findingText's key in l's language.
func tell(l *schema.Lang, key string, args ...any) string {
	return findingText.Err(key, args...).In(l)
}

// How sure a finding is, in words, from its Benjamini–Hochberg adjusted
// p-value (q): below 0.001 almost certain, below 0.01 very likely, below
// 0.05 (the false discovery rate at which anything is named) likely, and
// not sure above.
var sureness = []struct {
	below float64
	word  schema.Word
}{
	{0.001, schema.Word{"ほぼ確実", "almost certain"}},
	{0.01, schema.Word{"かなり確か", "very likely"}},
	{significance, schema.Word{"おそらく", "likely"}},
	{math.Inf(1), schema.Word{"不確か", "not sure"}},
}

// Sureness says in words how sure a finding with adjusted p-value q is.
func Sureness(q float64) schema.Word {
	for _, s := range sureness {
		if q < s.below {
			return s.word
		}
	}
	return sureness[len(sureness)-1].word
}

// surenessLegend lists the bands, for the page's note on where findings come from.
func surenessLegend(l *schema.Lang) string {
	var parts []string
	lo := "q"
	for _, s := range sureness[:len(sureness)-1] {
		parts = append(parts, fmt.Sprintf("%s %s < %s", s.word.In(l), lo, strconv.FormatFloat(s.below, 'f', -1, 64)))
	}
	return strings.Join(parts, l.Pick("、", ", "))
}

// PlayersText names player counts: "2人〜4人" for a run of three or more,
// "2人・4人" otherwise ("at 2–4 players", "at 2, 4 players").
func PlayersText(l *schema.Lang, ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	run := len(ns) > 2 && ns[len(ns)-1]-ns[0] == len(ns)-1
	switch {
	case run && l.English():
		return tell(l, "f_players", parts[0]+"–"+parts[len(parts)-1])
	case run:
		return parts[0] + "人〜" + parts[len(parts)-1] + "人"
	case l.English():
		return tell(l, "f_players", strings.Join(parts, ", "))
	default:
		return tell(l, "f_players", strings.Join(parts, "人・"))
	}
}

// EffectSentence is a flagged card of an effects run as the designer reads
// it, in l's language, continuing the card's name, ID and cell (which the
// page writes before it): what the card does to the seat that uses it
// against its kind's median, in win-rate points, at which player counts,
// how sure (the least sure of those counts, in words), and the suggested
// change of its main number. details are the numbers behind it.
func EffectSentence(l *schema.Lang, e *Effects, f EffectFinding) (text, details string) {
	var ce sim.CardEffect
	for _, c := range e.Cards {
		if c.Card == f.Card {
			ce = c
		}
	}
	var at sim.EffectAtSize
	q, counts := 0.0, ce.Counts
	for _, a := range ce.Effects {
		if !a.Flagged {
			continue
		}
		q = max(q, a.Q)
		if len(ce.Counts) == 0 {
			counts = append(counts, a.Players)
		}
		if at.Games == 0 || math.Abs(a.Win-a.Median) > math.Abs(at.Win-at.Median) {
			at = a
		}
	}
	kind := f.KindName.In(l)
	if kind == "" {
		kind = f.Kind
	}
	key := "f_effect_weak"
	if f.Stronger {
		key = "f_effect_strong"
	}
	text = tell(l, key, kind, math.Abs(at.Win-at.Median), PlayersText(l, counts), Sureness(q).In(l))
	for _, why := range f.Overlooks {
		text += l.Pick("（"+why[0]+"）", " ("+why[1]+")")
	}
	text += l.Pick("。", ". ")
	column := f.Column.In(l)
	if column == "" {
		column = tell(l, "f_value")
	}
	switch s := f.Suggestion; {
	case s == nil:
		text += tell(l, "f_no_knob")
	case s.From == s.To:
		text += tell(l, "f_at_end", f.Card, column, f.Cell, s.From)
	case !s.Reached:
		text += tell(l, "f_unreached", f.Card, column, f.Cell, s.From, s.To, s.Before, s.After)
	default:
		text += tell(l, "f_suggest", f.Card, column, f.Cell, s.From, s.To, s.Before, s.After)
	}
	if sk := SkillSentence(l, strings.Join(e.Bots, ","), f.Skill); sk != "" {
		text += l.Pick("", " ") + sk + l.Pick("。", ".")
	}
	parts := effectDetails(l, ce)
	if s := f.Suggestion; s != nil && s.From != s.To {
		parts = append(parts, tell(l, "f_suggest_runs", s.To, s.After, s.Games))
	}
	if sk := f.Skill; sk != nil {
		part := tell(l, "f_skill_at", sk.Bot, PlayersText(l, []int{sk.Players}), sk.Skilled.Win, sk.Skilled.WinLow, sk.Skilled.WinHigh, sk.Skilled.Games,
			strings.Join(e.Bots, ","), sk.Base.Win, sk.Base.WinLow, sk.Base.WinHigh)
		if sk.Verdict == sim.SkillTooFew {
			part += tell(l, "f_skill_few")
		}
		parts = append(parts, part)
	}
	return text, strings.Join(parts, l.Pick("／", "; "))
}

// SkillSentence says, in l's language, how a skilled bot's measure of a
// finding's card differs from that of the run's bots (named by bots): its
// size or sign, beyond the two intervals (which the details give); "" when
// they agree, when there were too few games to compare, or without a
// skilled measure.
func SkillSentence(l *schema.Lang, bots string, s *sim.SkillEffect) string {
	if s == nil || !s.Verdict.Disagrees() {
		return ""
	}
	return tell(l, "f_skill_"+string(s.Verdict), s.Bot, PlayersText(l, []int{s.Players}), s.Skilled.Games, s.Skilled.Win, bots, s.Base.Win)
}

// effectDetails lists a card's effect per player count with its kind's
// median and the adjusted p-value.
func effectDetails(l *schema.Lang, ce sim.CardEffect) []string {
	var parts []string
	for _, a := range ce.Effects {
		who := tell(l, "f_n_players", a.Players)
		if a.Players == 0 {
			who = tell(l, "f_all_players")
		} else if a.Q < 1 {
			who += tell(l, "f_effect_q", qText(a.Q))
		}
		parts = append(parts, tell(l, "f_effect_at", who, a.Win, a.WinLow, a.WinHigh, a.Basis(), a.Median))
	}
	return parts
}
