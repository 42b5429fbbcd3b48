package bloodrage

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// TestRecountsReadFiguresAndCardsIncrementally: the seeded games in which
// the conformance suite proves Check's incremental reading (recount) do
// exercise it. Check keeps each figure as it last read it and counts by
// clan, place and kind from those, reading the figures again only when
// moveFig marked one since; it reads again only the cards moveCard marked
// since the last check and keeps its tallies from what it read. In those
// games figures must have moved before a tenth of the checks at least, and
// half of the checks at least must have read the marked cards alone.
func TestRecountsReadFiguresAndCardsIncrementally(t *testing.T) {
	checks, moves, partial := 0, 0, 0
	counting := recount
	counting.Marked = func(gm sim.Game) error {
		g := gm.(*Game)
		checks++
		if fc := &g.figCheck; fc.seen != nil && g.figsMoved.Any() {
			moves++
		}
		if cc := &g.cardCheck; cc.loc != nil && cc.age == g.age {
			partial++
		}
		return recount.Marked(g)
	}
	simtest.Recounts(t, engine(t), counting)
	if moves < checks/10 {
		t.Errorf("figures moved before only %d of %d checks: the games do not exercise the reading", moves, checks)
	}
	if partial < checks/2 {
		t.Errorf("only %d of %d checks read the noted cards alone: the games do not exercise them", partial, checks)
	}
}

// TestBloodrageCheckAfterACheckCatchesBrokenStates: after a check that passed, the next one still catches what a
// broken engine might do in between: a figure moved where it may not be,
// a monster card gone from the sheet while its figure stays on the board
// (the figure did not move, its card did), and a figure whose place was
// written without moveFig, caught by the counts as soon as any figure moves.
func TestBloodrageCheckAfterACheckCatchesBrokenStates(t *testing.T) {
	e := engine(t)
	tests := []struct {
		name   string
		break_ func(g *Game, monster int16)
		want   string
	}{
		{"clean", func(g *Game, _ int16) {}, ""},
		{"warrior at sea", func(g *Game, _ int16) { put(t, g, 0, fkWarrior, locFjord0) }, "FJORD"},
		{"monster card gone, figure on the board", func(g *Game, m int16) {
			c := &g.clan[0]
			for sl := range c.slot {
				if c.slot[sl] == m {
					c.slot[sl] = -1
				}
			}
			g.moveCard(m, clDiscard, -1)
		}, "with card false"},
		{"a figure moved without moveFig", func(g *Game, _ int16) {
			g.figs[g.findFig(1, fkWarrior, locReserve)].loc = gimle
			put(t, g, 2, fkWarrior, gimle)
		}, "counts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 3)
			m := int16(-1)
			for i, l := range g.cLoc {
				if d := g.design(int16(i)); l == clUpgradePile && d.kind == cardUpgrade && d.slot == skMonster {
					m = int16(i)
					break
				}
			}
			if m < 0 {
				t.Fatal("no monster upgrade card in the Age I pile")
			}
			g.moveFig(g.slotFigure(0, g.placeUpgrade(0, m, -1)), gimle)
			if err := g.Check(); err != nil {
				t.Fatalf("the state before breaking it: %v", err)
			}
			tt.break_(g, m)
			wantViolation(t, g.Check(), tt.want)
		})
	}
}

// TestBloodrageAgeCountsPastInt16: an Age long enough for an AI clan to roll the D6 more than
// 32767 times (TurnCap allows 100000 turns) keeps its counts: the markers'
// steps and the rolls only grow, and I4 still finds each marker where its
// steps lead.
func TestBloodrageAgeCountsPastInt16(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	c := &g.clan[1]
	bd := &e.boards[c.board]
	f := -1
	for k := range nTracks {
		if tr := bd.tracks[k]; tr[len(tr)-1].loop {
			f = k
		}
	}
	if f < 0 {
		t.Fatal("no AI track of the shipped board loops")
	}
	n := len(bd.tracks[f])
	for _, err := range []error{g.Check(), g.CheckStep()} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for k := 1; k <= 40000; k++ {
		c.rolls++
		c.stepped[f]++
		c.marker[f] = int8((k-1)%n + 1)
		if k%1000 == 0 {
			for _, err := range []error{g.Check(), g.CheckStep()} {
				if err != nil {
					t.Fatalf("after %d rolls: %v", k, err)
				}
			}
		}
	}
}

// recount proves Check's incremental reading of figures and cards
// (simtest.Recount).
var recount = simtest.Recount{
	Marked: func(g sim.Game) error { return errors.Join(figuresMarked(g.(*Game)), cardsMarked(g.(*Game))) },
	Counts: func(g sim.Game) error { return errors.Join(recountFigures(g.(*Game)), recountCards(g.(*Game))) },
}

// figuresMarked reports, before Check, a figure that differs from what
// Check last read without its mark (moveFig marks it).
func figuresMarked(g *Game) error {
	fc := &g.figCheck
	if fc.seen == nil {
		return nil
	}
	for f := range g.figs {
		if g.figs[f] != fc.seen[f] && !g.figsMoved.Has(f) {
			return fmt.Errorf("figure %d changed from %+v to %+v without its mark", f, fc.seen[f], g.figs[f])
		}
	}
	return nil
}

// recountFigures reports, after Check, a figure unlike what Check read or
// a count of Check's unlike a full recount.
func recountFigures(g *Game) error {
	fc := &g.figCheck
	var want figCheck
	for f := range g.figs {
		if g.figs[f] != fc.seen[f] {
			return fmt.Errorf("figure %d is %+v, Check last read %+v", f, g.figs[f], fc.seen[f])
		}
		want.count(&g.figs[f], 1)
	}
	if want.cnt != fc.cnt || want.cntW != fc.cntW || want.occ != fc.occ || want.kinds != fc.kinds {
		return errors.New("Check's figure counts disagree with a recount")
	}
	return nil
}

// cardsMarked reports, before Check, a card whose place or owner differs
// from what Check last read without its mark (moveCard marks it), unless a
// new Age began (Check reads every card then).
func cardsMarked(g *Game) error {
	cc := &g.cardCheck
	if cc.loc == nil || cc.age != g.age {
		return nil
	}
	for c := range g.cLoc {
		if (g.cLoc[c] != cc.loc[c] || g.cOwn[c] != cc.own[c]) && !g.cardsMoved.Has(c) {
			return fmt.Errorf("card %d moved from place %d to %d without its mark", c, cc.loc[c], g.cLoc[c])
		}
	}
	return nil
}

// recountCards reports, after Check, Check's copies of the cards unlike
// them or its tallies unlike a full recount.
func recountCards(g *Game) error {
	cc := &g.cardCheck
	want := cardCheck{loc: g.cLoc, own: g.cOwn}
	for c := range g.cLoc {
		want.tally(c, 1)
	}
	if !slices.Equal(cc.loc, g.cLoc) || !slices.Equal(cc.own, g.cOwn) {
		return errors.New("Check's copies of the cards differ from them")
	}
	if want.onSheet != cc.onSheet || want.hand != cc.hand || want.held != cc.held || want.pool != cc.pool || want.played != cc.played {
		return fmt.Errorf("Check's card tallies %+v, a recount %+v",
			[]any{cc.onSheet, cc.hand, cc.held, cc.pool, cc.played}, []any{want.onSheet, want.hand, want.held, want.pool, want.played})
	}
	return nil
}
