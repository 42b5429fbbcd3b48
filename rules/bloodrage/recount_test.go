package bloodrage

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// TestBloodrageIncrementalCountsMatchRecount: Check reads the figures incrementally. It keeps each figure
// as it last read it and counts by clan, place and kind from those, and it
// reads the figures only when moveFig was called since. After every
// decision of many seeded games, before Check, a figure may differ from
// what Check last read only if a figure moved through moveFig; after Check
// every figure is as read and Check's counts equal a full recount.
func TestBloodrageIncrementalCountsMatchRecount(t *testing.T) {
	moves := 0
	decisions := checkEachDecision(t, engine(t), func(g *Game, i, n int) {
		if fc := &g.figCheck; fc.seen != nil && fc.moves != g.figMoves {
			moves++
		}
		if err := figuresMarked(g); err != nil {
			t.Fatalf("game %d, decision %d: %v", i, n, err)
		}
	}, func(g *Game, i, n int) {
		if err := recountFigures(g); err != nil {
			t.Fatalf("game %d, decision %d: %v", i, n, err)
		}
	})
	if moves < decisions/10 {
		t.Errorf("figures moved before only %d of %d checks: the test does not exercise the reading", moves, decisions)
	}
}

// checkEachDecision plays 300 seeded games, random and greedy bots in turn,
// and after each decision calls before, runs Check (a violation fails t) and
// calls after, both with the game's and the decision's numbers. It returns
// how many decisions were played.
func checkEachDecision(t *testing.T, e *Engine, before, after func(g *Game, game, decision int)) int {
	t.Helper()
	var buf []sim.Choice
	decisions := 0
	for i := range 300 {
		cfg := sim.Config{Players: e.PlayerCounts()[i%len(e.PlayerCounts())], Index: i}
		engineRng, botRng := sim.Streams(sim.GameSeed(18, cfg.Players, i))
		g := e.NewGame(cfg, engineRng).(*Game)
		bot := e.NewBot([]string{"random", "greedy"}[i%2])
		for !g.Over() && g.Turn() <= e.TurnCap() {
			buf = g.Choices(buf[:0])
			g.Apply(buf[bot.Choose(g, buf, botRng)], nil)
			decisions++
			before(g, i, decisions)
			if err := g.Check(); err != nil {
				t.Fatalf("game %d, decision %d: %v", i, decisions, err)
			}
			after(g, i, decisions)
		}
	}
	return decisions
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

// TestBloodrageIncrementalCardTalliesMatchRecount: Check reads again only the cards moveCard noted since the
// last check and keeps its tallies from what it read. After every decision
// of many seeded games, before Check, every card whose place or owner
// differs from what Check last read must have been noted (or more moved
// than are noted); after Check its copies equal the cards and its tallies
// equal a full recount.
func TestBloodrageIncrementalCardTalliesMatchRecount(t *testing.T) {
	partial := 0
	decisions := checkEachDecision(t, engine(t), func(g *Game, i, n int) {
		if cc := &g.cardCheck; cc.loc != nil && g.nMoved <= len(g.moved) && cc.age == g.age {
			partial++
		}
		if err := cardsMarked(g); err != nil {
			t.Fatalf("game %d, decision %d: %v", i, n, err)
		}
	}, func(g *Game, i, n int) {
		if err := recountCards(g); err != nil {
			t.Fatalf("game %d, decision %d: %v", i, n, err)
		}
	})
	if partial < decisions/2 {
		t.Errorf("only %d of %d checks read the noted cards alone: the test does not exercise them", partial, decisions)
	}
}

// recount proves Check's incremental reading of figures and cards
// (simtest.Recount).
var recount = simtest.Recount{
	Marked: func(g sim.Game) error { return errors.Join(figuresMarked(g.(*Game)), cardsMarked(g.(*Game))) },
	Counts: func(g sim.Game) error { return errors.Join(recountFigures(g.(*Game)), recountCards(g.(*Game))) },
}

// figuresMarked reports, before Check, a figure that differs from what
// Check last read though no figure moved through moveFig since.
func figuresMarked(g *Game) error {
	fc := &g.figCheck
	if fc.seen == nil || fc.moves != g.figMoves {
		return nil
	}
	for f := range g.figs {
		if g.figs[f] != fc.seen[f] {
			return fmt.Errorf("figure %d changed from %+v to %+v without moveFig", f, fc.seen[f], g.figs[f])
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
// from what Check last read though moveCard did not note it (unless more
// moved than are noted, or a new Age began).
func cardsMarked(g *Game) error {
	cc := &g.cardCheck
	if cc.loc == nil || g.nMoved > len(g.moved) || cc.age != g.age {
		return nil
	}
	for c := range g.cLoc {
		if (g.cLoc[c] != cc.loc[c] || g.cOwn[c] != cc.own[c]) && !slices.Contains(g.moved[:g.nMoved], int16(c)) {
			return fmt.Errorf("card %d moved from place %d to %d unnoted", c, cc.loc[c], g.cLoc[c])
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
