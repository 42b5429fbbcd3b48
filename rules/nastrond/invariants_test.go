package nastrond

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"bifrost/rules/sim"
)

// TestBatch_sameReportForAnyWorkerCount is issue 3's "must show": a
// 3000-game batch with invariant checks gives the same report on 1 and 4
// workers, with no violation and no unfinished game.
func TestBatch_sameReportForAnyWorkerCount(t *testing.T) {
	e := shippedEngine(t)
	games := 3000
	if testing.Short() {
		games = 300
	}
	report := func(workers int) []byte {
		o := sim.BatchOptions{Seed: 11, Games: games, Check: true, Workers: workers}
		s := sim.Run(context.Background(), e, o)
		r := sim.NewReport(e, o, s)
		if r.ViolationCount != 0 || r.Unfinished != 0 {
			t.Fatalf("%d workers: %d violations (%v), %d unfinished", workers, r.ViolationCount, r.Violations, r.Unfinished)
		}
		if r.Games != games {
			t.Fatalf("%d games played, want %d", r.Games, games)
		}
		r.ElapsedS, r.GamesPerSecond, r.Workers = 0, 0, 0
		var b bytes.Buffer
		if err := r.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	one, four := report(1), report(4)
	if !bytes.Equal(one, four) {
		t.Errorf("reports differ between 1 and 4 workers:\n%s\n---\n%s", one, four)
	}
	var r sim.Report
	if err := json.Unmarshal(one, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.DeadCards) != 0 {
		t.Errorf("dead cards in %d games: %v", games, r.DeadCards)
	}
}

// TestInvariants_holdForEveryBot plays batches with invariant checks after
// every decision, for each bot and a mix of them.
func TestInvariants_holdForEveryBot(t *testing.T) {
	e := shippedEngine(t)
	for _, bots := range [][]string{{"random"}, {"greedy"}, {"greedy", "random"}} {
		o := sim.BatchOptions{Seed: 3, Games: 600, Check: true, Bots: bots}
		s := sim.Run(context.Background(), e, o)
		if len(s.Violations) != 0 || s.Unfinished != 0 {
			t.Errorf("bots %v: %d violations (first %+v), %d unfinished", bots, len(s.Violations), s.Violations, s.Unfinished)
		}
	}
}

// TestInvariants_everyParameterVariantPlays plays the Rules variants the
// rulings name.
func TestInvariants_everyParameterVariantPlays(t *testing.T) {
	base := shippedEngine(t)
	for name, change := range map[string]func(p *params){
		"TiwazVP=0":           func(p *params) { p.tiwazVP = 0 },
		"TiwazPaysScout":      func(p *params) { p.tiwazPaysScout = true },
		"CountAllUrd":         func(p *params) { p.countAllUrd = true },
		"UnlimitedDice":       func(p *params) { p.unlimitedDice = true },
		"MinMove=0":           func(p *params) { p.minMove = 0 },
		"ArrivalMayShare=×":   func(p *params) { p.arrivalShare = false },
		"MaxD8=1":             func(p *params) { p.maxD8 = 1 },
		"BlankD6=0,OwnDice=0": func(p *params) { p.blankD6, p.ownDice = 0, 0 },
	} {
		e := withParams(base, change)
		o := sim.BatchOptions{Seed: 5, Games: 300, Check: true, Bots: []string{"greedy", "random"}}
		s := sim.Run(context.Background(), e, o)
		if len(s.Violations) != 0 || s.Unfinished != 0 {
			t.Errorf("%s: %d violations (%+v), %d unfinished", name, len(s.Violations), s.Violations, s.Unfinished)
		}
	}
}

// TestCheck_catchesEachBrokenInvariant breaks one invariant at a time, so
// that no check can silently pass.
func TestCheck_catchesEachBrokenInvariant(t *testing.T) {
	e := shippedEngine(t)
	for _, tt := range []struct {
		name   string
		params func(p *params)
		break_ func(g *Game)
		want   string
	}{
		{"an Urd appears in a supply", nil, func(g *Game) { g.supply[1]++ }, "Urd conservation"},
		{"an Urd vanishes from a supply", nil, func(g *Game) { g.supply[0]-- }, "Urd conservation"},
		{"a die vanishes from the Stock", nil, func(g *Game) { g.stockD6-- }, "dice conservation"},
		{"a d8 goes missing", nil, func(g *Game) { g.d8Res-- }, "d8 conservation"},
		{"more d8 than MaxD8", func(p *params) { p.maxD8 = 1 }, func(g *Game) {
			for i := range int8(2) {
				g.dSides[i], g.dOrig[i] = 8, fromD8
				g.ownAside++
				g.d8Res--
			}
		}, "MaxD8"},
		{"two pawns on one square", nil, func(g *Game) { g.pawn[1] = g.pawn[0] }, "both stand on"},
		{"three pawns at Nidhogg", nil, func(g *Game) { g.pawn[0], g.pawn[1], g.pawn[2] = centre, centre, centre }, "pawns at Nidhogg"},
		{"a fought Keeper still on its square", nil, func(g *Game) { g.keeperBy[0] = 0 }, "was fought"},
		{"negative VP", nil, func(g *Game) { g.vp[2] = -1 }, "negative VP"},
		{"a d6 shows 7", nil, func(g *Game) { g.dFace[0] = 7 }, "shows 7"},
		{"a pawn below an unbeaten Keeper", nil, func(g *Game) { g.pawn[3] = sq(1, 3) }, "Keepers fought"},
		{"an Edda in the wrong layer", nil, func(g *Game) {
			a, b := sq(0, 1), sq(1, 2)
			g.board[a], g.board[b] = g.board[b], g.board[a]
		}, "layer"},
		{"an Einherjar duplicated", nil, func(g *Game) { g.held[0][0]++; g.nHeld[0]++ }, "Einherjar"},
		{"a turn too many", nil, func(g *Game) { g.turn = 37 }, "past the 36 turns"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := e
			if tt.params != nil {
				e = withParams(e, tt.params)
			}
			g := setupGame(t, e, 4)
			r := &recorder{}
			standOn(g, 0, sq(0, 1), r)
			script(g, 3, 4)
			choose(t, g, r, Choice{Kind: KRoll, A: 2})
			g.ph = phRolled // a window with rolled dice, whatever the bonuses
			check(t, g)
			tt.break_(g)
			err := g.Check()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check() = %v, want an error about %q", err, tt.want)
			}
		})
	}
}

func TestClone_isIndependent(t *testing.T) {
	g := newTestGame(t, 3, 4)
	c := g.Clone(rand.New(rand.NewPCG(1, 1)))
	var buf []Choice
	for range 20 {
		buf = c.Choices(buf)
		c.Apply(buf[0], nil)
	}
	if g.Turn() != 1 || c.Turn() == 1 {
		t.Errorf("playing the clone changed the original (turn %d) or not the clone (turn %d)", g.Turn(), c.Turn())
	}
	check(t, g)
	check(t, c)
}

func TestApply_rejectsAnIllegalChoice(t *testing.T) {
	g := newTestGame(t, 2, 1)
	defer func() {
		if recover() == nil {
			t.Error("an illegal choice was applied")
		}
	}()
	g.Apply(Choice{Kind: KJudge}, nil)
}

// TestDecisions_doNotAllocate plays whole games through Choices and Apply
// with a reused buffer and counts allocations.
func TestDecisions_doNotAllocate(t *testing.T) {
	e := shippedEngine(t)
	games := make([]*Game, 0, 11)
	for i := range 11 {
		games = append(games, e.newGame(4, rand.New(rand.NewPCG(uint64(i), 3))))
	}
	rng := rand.New(rand.NewPCG(8, 8))
	buf := make([]Choice, 0, 256)
	i := 0
	allocs := testing.AllocsPerRun(10, func() {
		g := games[i]
		i++
		for !g.Over() {
			buf = g.Choices(buf)
			g.Apply(buf[rng.IntN(len(buf))], nop)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per game of decisions, want 0", allocs)
	}
}

// TestText_everyEventAndChoiceIsExplained renders every event and choice of
// a batch of games in both languages.
func TestText_everyEventAndChoiceIsExplained(t *testing.T) {
	e := shippedEngine(t)
	seen := map[sim.EventKind]bool{}
	seenChoice := map[uint8]bool{}
	for seed := range uint64(60) {
		g := e.newGame(2+int(seed%3), rand.New(rand.NewPCG(seed, 60)))
		g2 := withParams(e, func(p *params) { p.tiwazPaysScout = true })
		if seed%4 == 0 {
			g = g2.newGame(3, rand.New(rand.NewPCG(seed, 61)))
		}
		rng := rand.New(rand.NewPCG(seed, 62))
		var buf []Choice
		explain := func(ev Event) {
			seen[ev.Kind] = true
			for _, lang := range []string{"ja", "en"} {
				if s := g.Explain(ev, lang); s == "" || strings.Contains(s, "%!") || strings.Contains(s, "?") {
					t.Fatalf("%s: event %+v reads %q", lang, ev, s)
				}
			}
		}
		for !g.Over() {
			buf = g.Choices(buf)
			i := rng.IntN(len(buf))
			if seed%2 == 0 {
				i = Greedy{}.Choose(g, buf, rng)
			}
			for _, c := range buf {
				seenChoice[c.Kind] = true
				for _, lang := range []string{"ja", "en"} {
					if s := g.Describe(c, lang); s == "" || strings.Contains(s, "%!") || strings.Contains(s, "{") {
						t.Fatalf("%s: choice %+v reads %q", lang, c, s)
					}
				}
			}
			g.Apply(buf[i], explain)
		}
	}
	for k := Acquired; k <= EvPass; k++ {
		if !seen[k] {
			t.Errorf("event kind %d never happened in 60 games", k)
		}
	}
	for k := KMove; k <= KPass; k++ {
		if !seenChoice[k] {
			t.Errorf("choice kind %d never offered in 60 games", k)
		}
	}
}
