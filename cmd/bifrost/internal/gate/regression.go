package gate

import (
	"strings"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Regression judges `check --base`: the balance batch played on the
// workbook at a base revision and on the current one, game for game with
// the same seeds and bots (c). Each measure fails in the direction that
// hurts:
//   - a seat gap (by turn order where it is dealt at random) that grows by
//     more than CheckMaxSeatGapGrowth points;
//   - in a solo game (sim.Soloist), the human's win rate moving more than
//     CheckMaxSeatGapGrowth points away from the base's, either way, with a
//     paired 95 % interval that excludes no change: the Rules sheet names no
//     target win rate, so the base is the difficulty the game was tuned to;
//   - more unfinished games, or more games that break a rule, than the base
//     on the very same seeds (any growth: the games are the same, so the
//     change caused it).
//
// It returns one line per figure, for stderr, and the problems.
func Regression(res schema.Result, e sim.Engine, c *sim.Comparison, base string, lang *schema.Lang) (lines []string, ps []schema.Problem) {
	limit := res.Rules.Int("CheckMaxSeatGapGrowth")
	bots := strings.Join(c.Bots, ",")
	fail := func(key string, args ...any) {
		ps = append(ps, schema.Problem{Severity: schema.Error, File: res.File, Message: msg(lang, key, args...)})
	}
	human := -1
	if s, ok := e.(sim.Soloist); ok {
		human = s.HumanSeat()
	}
	for _, n := range c.PlayerCounts {
		line, grewKey := "regress_line", "regress_grew"
		oldGap, newGap, m := seatGaps(c.Measures, n, "turn_order_win_rate")
		if m > 0 {
			line, grewKey = "regress_order_line", "regress_order_grew"
		} else {
			oldGap, newGap, m = seatGaps(c.Measures, n, "seat_win_rate")
		}
		lines = append(lines, msg(lang, line, res.Game, n, 100*oldGap, 100*newGap, base, m, bots))
		if grew := 100 * (newGap - oldGap); grew > float64(limit) {
			fail(grewKey, n, base, 100*oldGap, 100*newGap, grew, limit, bots, m)
		}
		if human < 0 {
			continue
		}
		for _, ch := range c.Measures {
			if ch.Measure != "seat_win_rate" || ch.Players != n || ch.Seat != human+1 {
				continue
			}
			lines = append(lines, msg(lang, "regress_human_line", res.Game, n, 100*ch.Old, 100*ch.New, 100*ch.Diff, 100*ch.Low, 100*ch.High, base, ch.Paired, bots))
			if HumanMoved(ch, limit) {
				fail("regress_human", n, base, 100*ch.Old, 100*ch.New, 100*ch.Diff, 100*ch.Low, 100*ch.High, limit, ch.Paired, bots)
			}
		}
	}
	lines = append(lines, msg(lang, "regress_broken_line", res.Game, c.Unfinished[0], c.Unfinished[1], c.Violations[0], c.Violations[1], base, c.Games, bots))
	if c.Unfinished[1] > c.Unfinished[0] {
		fail("regress_unfinished", base, c.Unfinished[0], c.Unfinished[1], c.Games, bots)
	}
	if c.Violations[1] > c.Violations[0] {
		fail("regress_violations", base, c.Violations[0], c.Violations[1], c.Games, bots)
	}
	return lines, ps
}

// HumanMoved reports whether a solo game's human win rate moved, by the
// paired change ch, more than limit points away from the base and surely
// so (its 95 % interval lies on one side of zero).
func HumanMoved(ch sim.Change, limit int) bool {
	away := 100 * ch.Diff
	if away < 0 {
		away = -away
	}
	return away > float64(limit) && (ch.Low > 0 || ch.High < 0)
}

// seatGaps is the gap between the best and the worst win rate of measure
// (by seat, or by place in a turn order dealt at random) at n players,
// before and after, and the paired games it rests on (0: no such measure).
func seatGaps(ms []sim.Change, n int, measure string) (old, new float64, paired int) {
	oldLo, oldHi, newLo, newHi := 1.0, 0.0, 1.0, 0.0
	for _, m := range ms {
		if m.Measure != measure || m.Players != n {
			continue
		}
		oldLo, oldHi = min(oldLo, m.Old), max(oldHi, m.Old)
		newLo, newHi = min(newLo, m.New), max(newHi, m.New)
		paired = m.Paired
	}
	return max(0, oldHi-oldLo), max(0, newHi-newLo), paired
}
