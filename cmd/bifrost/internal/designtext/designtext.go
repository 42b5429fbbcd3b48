// Package designtext says the design measures of a batch (sim.DesignReport:
// choices a decision, forced decisions, lead changes, comebacks and their
// deficit, when the winner settled, stalled turns) and their paired changes
// (sim.Change, as a comparison, a sweep step or a tune run pairs them) per
// player count, in Japanese or English, for compare, sweep and tune.
package designtext

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Messages are the measures' names and the lines that show them: Japanese,
// English.
var Messages = schema.Catalogue{
	"design_branching":        {"手の選択肢（平均）", "choices a decision"},
	"design_forced":           {"選択肢1つの手", "forced decisions"},
	"design_lead_changes":     {"首位の交代（1ゲーム）", "lead changes a game"},
	"design_comebacks":        {"逆転勝ち", "won from behind"},
	"design_comeback_deficit": {"逆転勝ちの点差（平均）", "comeback deficit"},
	"design_settled":          {"勝者が首位を守りきり始めた時点", "winner led for good from"},
	"design_stalls":           {"手詰まりの手番", "stalled turns"},
	"design_label":            {"%d人・%s", "%d players, %s"},
	"design_line":             {"%s：%s → %s（%s [%s, %s]、q=%.4f）%s", "%s: %s → %s (%s [%s, %s], q=%.4f)%s"},
	"design_short":            {"%s %s（%s〜%s）", "%s %s (%s..%s)"},
	"design_values":           {"%d人：%s", "%d players: %s"},
	"design_table":            {"\n| 手ざわり | 旧 | 新 | 差 | 95 %% 区間 | q |\n|---|---:|---:|---:|---|---:|", "\n| design measure | old | new | change | 95 %% interval | q |\n|---|---:|---:|---:|---|---:|"},
}

// Names are the design measures in the order they are shown, by their
// JSON names (sim.DesignReport, sim.Comparison.Design).
var Names = []string{"branching", "forced", "lead_changes", "comebacks", "comeback_deficit", "settled", "stalls"}

// shares are the measures that are shares of something, shown in percent.
var shares = map[string]bool{"forced": true, "comebacks": true, "settled": true, "stalls": true}

func say(l *schema.Lang, key string, args ...any) string { return Messages.Err(key, args...).In(l) }

// Name is a measure's name in l.
func Name(measure string, l *schema.Lang) string { return say(l, "design_"+measure) }

// Value is a measure's value: a share in percent, else a number.
func Value(measure string, v float64) string {
	if shares[measure] {
		return fmt.Sprintf("%.1f%%", 100*v)
	}
	return fmt.Sprintf("%.2f", v)
}

// Signed is a change of a measure: a share's in points, else a number.
func Signed(measure string, v float64) string {
	if shares[measure] {
		return bound(measure, v) + " pt"
	}
	return bound(measure, v)
}

// bound is a change of a measure without its unit, for an interval's ends.
func bound(measure string, v float64) string {
	if shares[measure] {
		return fmt.Sprintf("%+.1f", 100*v)
	}
	return fmt.Sprintf("%+.2f", v)
}

// Label names a paired change: its player count and its measure.
func Label(c sim.Change, l *schema.Lang) string {
	return say(l, "design_label", c.Players, Name(c.Measure, l))
}

// Interval is a paired change's 95 % interval, its two ends without the
// unit joined by sep.
func Interval(c sim.Change, sep string) string {
	return bound(c.Measure, c.Low) + sep + bound(c.Measure, c.High)
}

// Line is one paired change, old → new with the difference, its 95 %
// interval and its adjusted q, and " *" when it is significant.
func Line(c sim.Change, l *schema.Lang) string {
	mark := ""
	if c.Significant {
		mark = " *"
	}
	return say(l, "design_line", Label(c, l), Value(c.Measure, c.Old), Value(c.Measure, c.New),
		Signed(c.Measure, c.Diff), bound(c.Measure, c.Low), bound(c.Measure, c.High), c.Q, mark)
}

// Row is one paired change as a markdown table's row (see Table).
func Row(c sim.Change, l *schema.Lang) string {
	label := Label(c, l)
	if c.Significant {
		label = "**" + label + "**"
	}
	return fmt.Sprintf("| %s | %s | %s | %s | %s | %.4f |", label, Value(c.Measure, c.Old), Value(c.Measure, c.New),
		Signed(c.Measure, c.Diff), Interval(c, " … "), c.Q)
}

// Table is the head of the markdown table whose rows Row writes.
func Table(l *schema.Lang) string { return say(l, "design_table") }

// Short is one paired change in brief, for a list of what moved at its
// player count.
func Short(c sim.Change, l *schema.Lang) string {
	return say(l, "design_short", Name(c.Measure, l), Signed(c.Measure, c.Diff), bound(c.Measure, c.Low), bound(c.Measure, c.High))
}

// Counts are the player counts of a batch's design measures (keyed as
// sim.Report keys them), in order.
func Counts(byCount map[string]sim.DesignReport) []int {
	var counts []int
	for k := range byCount {
		if n, err := strconv.Atoi(k); err == nil {
			counts = append(counts, n)
		}
	}
	slices.Sort(counts)
	return counts
}

// Of is the measure of d with that JSON name (see Names).
func Of(d sim.DesignReport, measure string) float64 {
	return map[string]float64{"branching": d.Branching, "forced": d.Forced, "lead_changes": d.LeadChanges,
		"comebacks": d.Comebacks, "comeback_deficit": d.Deficit, "settled": d.Settled, "stalls": d.Stalls}[measure]
}

// Values is the line of a batch's design measures at n players.
func Values(n int, d sim.DesignReport, l *schema.Lang) string {
	parts := make([]string, len(Names))
	for i, name := range Names {
		parts[i] = Name(name, l) + " " + Value(name, Of(d, name))
	}
	return say(l, "design_values", n, strings.Join(parts, l.Pick("、", ", ")))
}
