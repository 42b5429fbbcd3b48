package nastrond

import (
	"slices"
	"testing"

	"bifrost/schema/effect"
)

func vocab() *effect.Vocab { return Schema.Vocabs[""] }

// TestVerbs_eachVerbDoesWhatItsDocSays gives every verb of the vocabulary a
// skill and checks its effect; a verb without a case fails.
func TestVerbs_eachVerbDoesWhatItsDocSays(t *testing.T) {
	afterRoll := func(t *testing.T, g *Game, r *recorder, faces ...int) {
		t.Helper()
		standOn(g, 0, sq(0, 1), r)
		rollFaces(t, g, r, faces...)
		if g.ph != phRolled {
			t.Fatalf("no after-roll window (phase %d)", g.ph)
		}
	}
	use := func(t *testing.T, g *Game, r *recorder, b, _ int16) {
		t.Helper()
		choose(t, g, r, Choice{Kind: KSkill, A: 0, B: b})
	}
	cases := map[string]struct {
		skill string
		run   func(t *testing.T, g *Game, r *recorder)
	}{
		"die_plus": {"after_roll: die_plus +2", func(t *testing.T, g *Game, r *recorder) {
			afterRoll(t, g, r, 1, 1)
			use(t, g, r, 0, 0)
			if got := faces(g); !slices.Equal(got, []int{3, 1}) {
				t.Errorf("faces %v, want [3 1]", got)
			}
		}},
		"set_die": {"after_roll: set_die 5", func(t *testing.T, g *Game, r *recorder) {
			afterRoll(t, g, r, 1, 2)
			use(t, g, r, 1, 0)
			if got := faces(g); !slices.Equal(got, []int{1, 5}) {
				t.Errorf("faces %v, want [1 5]", got)
			}
		}},
		"reroll": {"after_roll: reroll 2", func(t *testing.T, g *Game, r *recorder) {
			afterRoll(t, g, r, 1, 6, 2)
			use(t, g, r, -1, 0)
			choose(t, g, r, Choice{Kind: KReroll, B: 0})
			if !legal(g, Choice{Kind: KRerollGo}) {
				t.Error("rerolling just 1 of up to 2 is not offered")
			}
			script(g, 4, 5)
			choose(t, g, r, Choice{Kind: KReroll, B: 2}) // the last pick rerolls on its own
			if got := faces(g); !slices.Equal(got, []int{4, 6, 5}) {
				t.Errorf("faces %v, want the 1 and the 2 rerolled to [4 6 5]", got)
			}
		}},
		"add_die": {"before_roll: add_die 2", func(t *testing.T, g *Game, r *recorder) {
			standOn(g, 0, sq(0, 1), r)
			stock := g.stockD6
			use(t, g, r, -1, 0)
			if g.count(dsPool) != 4 || g.stockD6 != stock-2 {
				t.Errorf("pool %d, Stock %d→%d; want 2 more dice from the Stock", g.count(dsPool), stock, g.stockD6)
			}
		}},
		"power": {"after_fix: power +3", func(t *testing.T, g *Game, r *recorder) {
			standOn(g, 0, sq(0, 1), r)
			rollFaces(t, g, r, 2, 2) // nothing to do before the fix: fixed on its own
			if g.ph != phFixed {
				t.Fatalf("no after-fix window (phase %d)", g.ph)
			}
			use(t, g, r, -1, 0)
			if g.power != 7 {
				t.Errorf("Power %d, want 4 + 3", g.power)
			}
		}},
		"vp": {"scout: vp 2", func(t *testing.T, g *Game, r *recorder) {
			placeUrd(g, sq(0, 1), 1)
			standOn(g, 0, sq(0, 1), r)
			use(t, g, r, -1, 0)
			if g.vp[0] != 2 {
				t.Errorf("%d VP, want 2", g.vp[0])
			}
		}},
		"to_d8": {"before_roll: to_d8 2", func(t *testing.T, g *Game, r *recorder) {
			standOn(g, 0, sq(0, 1), r)
			use(t, g, r, -1, 0)
			if g.d8InUse() != 2 || g.d8Res != 2 || g.ownAside != 2 {
				t.Errorf("%d d8 in use, %d in reserve, %d own d6 aside; want 2, 2, 2", g.d8InUse(), g.d8Res, g.ownAside)
			}
		}},
		"cost_minus": {"scout: cost_minus 2", func(t *testing.T, g *Game, r *recorder) {
			placeUrd(g, sq(0, 1), 1)
			standOn(g, 0, sq(0, 1), r)
			use(t, g, r, -1, 0)
			if g.discount != 2 {
				t.Errorf("scout discount %d, want 2", g.discount)
			}
		}},
		"tiwaz": {"before_roll: tiwaz 2", func(t *testing.T, g *Game, r *recorder) {
			standOn(g, 0, sq(0, 1), r)
			use(t, g, r, -1, 0)
			if g.tiwazCount() != 2 {
				t.Fatalf("↑ %d, want 2", g.tiwazCount())
			}
			script(g, 6, 6) // a success: ↑ pay (G1)
			choose(t, g, r, Choice{Kind: KRoll, A: 2})
			if ev, ok := r.last(EvVP); !ok || ev.M != vpTiwaz || ev.N != 2 {
				t.Errorf("VP at judgement %+v, want 2 for the skill's ↑", ev)
			}
		}},
	}
	for _, vb := range vocab().Verbs {
		c, ok := cases[vb.Name]
		if !ok {
			t.Errorf("verb %s: no test of its meaning", vb.Name)
			continue
		}
		t.Run(vb.Name, func(t *testing.T) {
			g := setupGame(t, withEinherjar(t, c.skill), 2)
			give(g, 0, 0, 1)
			r := &recorder{}
			c.run(t, g, r)
			if r.count(Played) != 1 {
				t.Errorf("the skill was used %d times", r.count(Played))
			}
			check(t, g)
		})
	}
}

// TestConditions_eachConditionHoldsWhenItsDocSays checks every condition
// of the vocabulary both ways; a condition without a case fails.
func TestConditions_eachConditionHoldsWhenItsDocSays(t *testing.T) {
	type prep func(t *testing.T, g *Game, r *recorder, holds bool)
	at := func(yes, no Square) prep {
		return func(t *testing.T, g *Game, r *recorder, holds bool) {
			q := no
			if holds {
				q = yes
			}
			standOn(g, 0, q, r)
		}
	}
	cases := map[string]struct {
		skill string
		prep  prep
	}{
		"layer": {"before_roll: [layer >= 2] vp 1", func(t *testing.T, g *Game, r *recorder, holds bool) {
			if holds {
				placeUrd(g, sq(0, 0), 0)
				standOn(g, 0, sq(1, 2), r)
			} else {
				standOn(g, 0, sq(0, 1), r)
			}
		}},
		"dice": {"before_roll: [dice >= 3] vp 1", func(t *testing.T, g *Game, r *recorder, holds bool) {
			standOn(g, 0, sq(0, 1), r)
			if holds {
				poolOf(t, g, 3)
			}
		}},
		"tiwaz": {"after_fix: [tiwaz >= 1] vp 1", func(t *testing.T, g *Game, r *recorder, holds bool) {
			giveDivine(g, 1) // keeps the after-roll window open
			standOn(g, 0, sq(0, 1), r)
			poolOf(t, g, 3)
			roll := 3
			if holds {
				roll = 2
			}
			choose(t, g, r, Choice{Kind: KRoll, A: int16(roll)})
			choose(t, g, r, Choice{Kind: KFix})
		}},
		"target": {"before_roll: [target >= 8] vp 1", func(t *testing.T, g *Game, r *recorder, holds bool) {
			id := "E1-05" // target 5
			if holds {
				id = "E1-02" // target 8
			}
			putCard(t, g, sq(0, 1), card(t, g.e, id))
			standOn(g, 0, sq(0, 1), r)
		}},
		"keeper": {"before_roll: [keeper] vp 1", at(sq(0, 6), sq(0, 1))},
		"einherjar": {"before_roll: [einherjar >= 2] vp 1", func(t *testing.T, g *Game, r *recorder, holds bool) {
			if holds {
				give(g, 0, 0, 1)
			}
			standOn(g, 0, sq(0, 1), r)
		}},
	}
	for _, cd := range vocab().Conds {
		c, ok := cases[cd.Name]
		if !ok {
			t.Errorf("condition %s: no test of its meaning", cd.Name)
			continue
		}
		for _, holds := range []bool{true, false} {
			g := setupGame(t, withEinherjar(t, c.skill), 2)
			give(g, 0, 0, 1)
			c.prep(t, g, &recorder{}, holds)
			if got := legal(g, Choice{Kind: KSkill, A: 0, B: -1}); got != holds {
				t.Errorf("%s: skill offered %v, want %v", c.skill, got, holds)
			}
		}
	}
}

func TestCompileSkill_rejectsWhatHasNoMeaning(t *testing.T) {
	for _, tt := range []struct {
		name string
		e    *effect.Effect
	}{
		{"unknown verb", &effect.Effect{Clauses: []effect.Clause{{Action: effect.Call{Name: "fly"}}}}},
		{"unknown condition", &effect.Effect{Clauses: []effect.Clause{{Conds: []effect.Call{{Name: "moon"}}, Action: effect.Call{Name: "vp"}}}}},
		{"unknown timing", &effect.Effect{Clauses: []effect.Clause{{Trigger: "end", Action: effect.Call{Name: "vp"}}}}},
		{"a die change after the fix", &effect.Effect{Clauses: []effect.Clause{{Trigger: "after_fix", Action: effect.Call{Name: "die_plus"}}}}},
	} {
		if _, err := compileSkill(tt.e); err == nil {
			t.Errorf("%s: compiled", tt.name)
		}
	}
}

// TestRerollPicksItsDice: which dice a reroll hits is the
// player's choice, one die at a time in a fixed order (so each set of dice
// is offered once), equal dice as one choice, never a die at its maximum.
func TestRerollPicksItsDice(t *testing.T) {
	e := withEinherjar(t, "after_roll: reroll 2")
	g := setupGame(t, e, 2)
	give(g, 0, 0, 1)
	r := &recorder{}
	standOn(g, 0, sq(0, 1), r)
	rollFaces(t, g, r, 1, 6, 1, 3)
	choose(t, g, r, Choice{Kind: KSkill, A: 0, B: -1})
	if got := kinds(g, KReroll); !slices.Equal(got, []Choice{{Kind: KReroll, B: 0}, {Kind: KReroll, B: 3}}) || legal(g, Choice{Kind: KRerollGo}) {
		t.Fatalf("first pick offers %v, want one of the two 1s and the 3, and no empty reroll", g.opts)
	}
	choose(t, g, r, Choice{Kind: KReroll, B: 0})
	if got := kinds(g, KReroll); !slices.Equal(got, []Choice{{Kind: KReroll, B: 2}, {Kind: KReroll, B: 3}}) || !legal(g, Choice{Kind: KRerollGo}) {
		t.Fatalf("second pick offers %v, want the other 1, the 3, or to stop", g.opts)
	}
	script(g, 5, 4)
	choose(t, g, r, Choice{Kind: KReroll, B: 3}) // the second of 2: rerolled at once
	if got := faces(g); !slices.Equal(got, []int{5, 6, 1, 4}) {
		t.Errorf("faces %v, want the first 1 and the 3 rerolled to [5 6 1 4]", got)
	}
	check(t, g)
}

// TestNoChoiceThatCanOnlyHurt: no face counts but the total, so a
// die change that only lowers, or a reroll of dice at their maximum, is
// never offered unless the same skill gives something else.
func TestNoChoiceThatCanOnlyHurt(t *testing.T) {
	e := withEinherjar(t, "after_roll: reroll 1", "after_roll: die_plus -1", "after_roll: die_plus +1", "after_roll: die_plus -1; vp 1")
	g := setupGame(t, e, 2)
	for j := range 4 {
		give(g, 0, j, 1)
	}
	r := &recorder{}
	standOn(g, 0, sq(0, 1), r)
	rollFaces(t, g, r, 6, 3)
	want := []Choice{
		{Kind: KSkill, A: 0, B: -1}, // the 3 may be rerolled
		{Kind: KSkill, A: 2, B: 1},  // +1 on the 3 only
		{Kind: KSkill, A: 3, B: 0},  // -1 for 1 VP, on either die
		{Kind: KSkill, A: 3, B: 1},
	}
	if got := kinds(g, KSkill); !slices.Equal(got, want) {
		t.Errorf("skills offered %v, want %v", got, want)
	}
	g2 := setupGame(t, e, 2)
	give(g2, 0, 0, 1)
	standOn(g2, 0, sq(0, 1), r)
	rollFaces(t, g2, r, 6, 6)
	if got := kinds(g2, KSkill); len(got) != 0 {
		t.Errorf("with every die at 6 the reroll is still offered: %v", got)
	}
}
