package guardian

import (
	"math/rand/v2"
	"slices"
	"testing"

	"bifrost/rules/sim"
)

// T1: S1–S9, I1, I3: shuffle, draw 6, one mulligan whose set-aside cards go
// to the bottom of the deck after the redraw, then 3 resources.
func TestS1_S9_setupAndMulligan(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	g := e.newGame(0, 0, rand.New(rand.NewPCG(5, 6)))
	if g.p.ask != askMulligan || g.Seat() != 0 || len(g.h[0].hand) != 6 || len(g.h[0].deck) != 24 {
		t.Fatalf("after the deal: ask %d seat %d hand %d deck %d; want P1's mulligan, 6 and 24",
			g.p.ask, g.Seat(), len(g.h[0].hand), len(g.h[0].deck))
	}
	var aside []int16
	for range 2 {
		c := g.h[0].hand[0]
		aside = append(aside, c)
		if !slices.Contains(g.Choices(nil), sim.Choice{Kind: cAside, A: c}) {
			t.Fatalf("setting aside %s is not offered", e.ids[c])
		}
		g.Apply(sim.Choice{Kind: cAside, A: c}, nil)
		if err := g.Check(); err != nil {
			t.Fatalf("with cards set aside: %v", err)
		}
	}
	g.Apply(sim.Choice{Kind: cKeep}, nil)
	bottom := slices.Clone(g.h[0].deck[:2])
	slices.Sort(bottom)
	slices.Sort(aside)
	if !slices.Equal(bottom, aside) || len(g.h[0].hand) != 6 || len(g.h[0].deck) != 24 {
		t.Errorf("after the mulligan: bottom %v (set aside %v), hand %d, deck %d", bottom, aside, len(g.h[0].hand), len(g.h[0].deck))
	}
	if g.Seat() != 1 || g.p.ask != askMulligan {
		t.Fatalf("P2 is not offered its own mulligan")
	}
	g.Apply(sim.Choice{Kind: cKeep}, nil)
	for s := range 2 {
		h, ps := &g.h[s], &g.p.ps[s]
		if len(h.hand) != 6 || len(h.res) != 3 || len(h.deck) != 21 || len(ps.consumed)+len(ps.cheer) != 0 {
			t.Errorf("P%d after setup: hand %d res %d deck %d; want 6, 3, 21 (S9)", s+1, len(h.hand), len(h.res), len(h.deck))
		}
	}
	b := slices.Clone(g.h[0].deck[:2])
	slices.Sort(b)
	if !slices.Equal(b, aside) {
		t.Errorf("the set-aside cards left the bottom of the deck: %v", b)
	}
	if err := g.Check(); err != nil {
		t.Error(err)
	}
}

// S3, Mulligans: the number of mulligans comes from the Rules sheet.
func TestS3_mulligansRule(t *testing.T) {
	for _, tt := range []struct {
		rule  string
		times int
	}{{"Mulligans=0", 0}, {"Mulligans=1", 1}, {"Mulligans=2", 2}} {
		e := engineFor(t, testSheets(), "DrawPerTurn=0", tt.rule)
		g := e.newGame(0, 0, rand.New(rand.NewPCG(1, 1)))
		n := 0
		for g.Seat() == 0 && g.p.ask == askMulligan {
			g.Apply(sim.Choice{Kind: cAside, A: g.h[0].hand[0]}, nil)
			g.Apply(sim.Choice{Kind: cKeep}, nil)
			n++
		}
		if n != tt.times {
			t.Errorf("%s: P1 mulliganed %d times, want %d", tt.rule, n, tt.times)
		}
	}
}

// S8: rock-paper-scissors gives either seat the first turn, about evenly.
func TestS8_firstPlayerByRockPaperScissors(t *testing.T) {
	e := engineFor(t, testSheets())
	first := 0
	const n = 400
	for i := range n {
		g := e.NewGame(sim.Config{Players: 2, Index: i}, rand.New(rand.NewPCG(uint64(i), 9))).(*Game)
		for g.p.ask == askMulligan {
			g.Apply(sim.Choice{Kind: cKeep}, nil)
		}
		if g.p.gameFirst == 0 {
			first++
		}
	}
	if first < n*35/100 || first > n*65/100 {
		t.Errorf("P1 went first in %d of %d games", first, n)
	}
}

// R3: each player draws DrawPerTurn cards in every preparation phase,
// turn 1 included.
func TestR3_drawEveryTurn(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=2")
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF"}, deck: []string{"MC", "MC", "MC"}, res: res3}, {hand: []string{"GE"}, deck: []string{"MC"}, res: res3}})
	if len(s.g.h[0].hand) != 3 || len(s.g.h[1].hand) != 2 {
		t.Errorf("hands %d and %d after drawing 2 from decks of 3 and 1; want 3 and 2", len(s.g.h[0].hand), len(s.g.h[1].hand))
	}
}
