package valkyrie

import (
	"testing"

	"bifrost/rules/sim"
)

// TestBotsForeseeACardsConditionsAsPlayingJudgesThem: what the bots read
// before playing a card from the hand, the clauses whose 【】 judged on
// play would fail (failsOnPlay), is what playing it then judges (the
// clauses whose 【】 it records as failed, playOK), for every Valkyrie with
// a 【】, under EndConditionAtPlay ○ and ×, from hands of one to five
// cards and with none to three cards played, weaknesses destroyed and
// Valkyries gained this turn.
func TestBotsForeseeACardsConditionsAsPlayingJudgesThem(t *testing.T) {
	for _, atPlay := range []string{"○", "×"} {
		e, err := New(loadData(t, withRules(t, "EndConditionAtPlay", atPlay)))
		if err != nil {
			t.Fatal(err)
		}
		var conditional []int16
		filler := ""
		for d, ds := range e.designs {
			for _, cl := range ds.prog {
				if len(cl.conds) > 0 && ds.kind == kindValkyrie {
					conditional = append(conditional, int16(d))
					break
				}
			}
			if ds.kind == kindFirst && filler == "" {
				filler = ds.id
			}
		}
		failing := 0
		for _, d := range conditional {
			judged := uint64(0)
			for i, cl := range e.designs[d].prog {
				if !cl.end || e.endAtPlay {
					judged |= 1 << uint(i)
				}
			}
			for others := range 5 {
				for n := range 4 {
					g := newTestGame(e, 2, 0, 1)
					hand := []string{e.ids[d]}
					for range others {
						hand = append(hand, filler)
					}
					setHand(t, g, g.active, hand...)
					g.played, g.playedAny, g.destroyed, g.gainedN = [3]int{n, n, n}, 3*n, n, n
					c := find(t, g, func(c sim.Choice) bool { return c.Kind == chPlay && c.B == d })
					want, before := g.failsOnPlay(d), len(g.playOK)
					g.Apply(c, nil)
					if got := judged &^ g.playOK[before]; got != want {
						t.Errorf("EndConditionAtPlay %s: %s played from %d cards with %d played, destroyed and gained: foreseen failing %b, judged failing %b",
							atPlay, e.ids[d], len(hand), n, want, got)
					}
					if want != 0 {
						failing++
					}
				}
			}
		}
		if len(conditional) == 0 || failing == 0 {
			t.Errorf("EndConditionAtPlay %s: %d Valkyries with a 【】, %d plays with one failing; want some of each", atPlay, len(conditional), failing)
		}
	}
}
