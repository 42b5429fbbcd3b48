package guardian

import (
	"slices"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// drawTurn plays one drawn battle: both seats forge their one Guardian (GE
// against GE: 1 point each) and take it back to hand, or, holding none,
// both forge nothing (G9).
func drawTurn(s *sc) {
	s.t.Helper()
	f := int(s.g.p.first)
	for _, seat := range []int{f, other(f)} {
		if s.g.hasGuardian(seat) {
			s.forge(seat, "GE", false)
		} else {
			s.do(seat, sim.Choice{Kind: cNoForge})
		}
	}
	for _, seat := range []int{f, other(f)} {
		if s.g.p.ask == askAction {
			s.pass(seat)
		}
	}
	for !s.g.Over() && s.g.p.ask == askPlace {
		s.do(s.g.Seat(), sim.Choice{Kind: cPlace, A: 0})
	}
}

// TestG10_extendedBattleLimit (G10, R33): ExtendedBattleLimit. With 0 (the seed's literal
// rule) drawn extended battles go on for ever; with N, the N-th drawn
// battle in a row with both resource zones empty ends the game for the
// seat that has won more battles, and a draw while a resource zone still
// held a card does not count. On equal wins the extended battles go on.
// The dead end without Guardians (G10) jumps to the turn cap unless the
// limit can end it. RepetitionLimit is off here: it is tested on its own.
func TestG10_extendedBattleLimit(t *testing.T) {
	for _, tt := range []struct {
		name    string
		limit   string
		hand    string   // each seat's one card: GE, or MC for the dead end
		res1    []string // P2's resource zone (P1's is empty)
		wins    [2]int16
		overAt  int // the drawn battle that ends the game, 0 for none in 6
		explain string
	}{
		{"no limit (seed)", "0", "GE", nil, [2]int16{1, 0}, 0, ""},
		{"limit 2", "2", "GE", nil, [2]int16{1, 0}, 2, "extended-battle limit: 2 draws in a row with both resource zones empty; P1 has won more battles (1 to 0)"},
		{"limit 2, P2 ahead", "2", "GE", nil, [2]int16{2, 3}, 2, "extended-battle limit: 2 draws in a row with both resource zones empty; P2 has won more battles (3 to 2)"},
		{"limit 1 counts only empty zones", "1", "GE", []string{"MC"}, [2]int16{1, 0}, 2, "extended-battle limit: 1 draws in a row with both resource zones empty; P1 has won more battles (1 to 0)"},
		{"limit 2, equal wins", "2", "GE", nil, [2]int16{1, 1}, 0, ""},
		{"dead end, no limit (seed)", "0", "MC", nil, [2]int16{1, 0}, 0, ""},
		{"dead end, limit 2", "2", "MC", nil, [2]int16{1, 0}, 2, "extended-battle limit: 2 draws in a row with both resource zones empty; P1 has won more battles (1 to 0)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := engineFor(t, testSheets(), "DrawPerTurn=0", "ExtendedBattleLimit="+tt.limit, "RepetitionLimit=0")
			s := scenario(t, e, 0, [2]seatSpec{{hand: []string{tt.hand}}, {hand: []string{tt.hand}, res: tt.res1}})
			s.g.p.ps[0].wins, s.g.p.ps[1].wins = tt.wins[0], tt.wins[1]
			for n := 1; n <= 6 && !s.g.Over() && s.g.p.ask != askStall; n++ {
				drawTurn(s)
				if w, _, _ := s.result(); w != -1 {
					t.Fatalf("battle %d was not drawn", n)
				}
				if s.g.Over() != (n == tt.overAt) {
					t.Fatalf("after drawn battle %d: over %v, want over at battle %d", n, s.g.Over(), tt.overAt)
				}
			}
			if stalled := s.g.p.ask == askStall; stalled != (tt.hand == "MC" && tt.overAt == 0) {
				t.Errorf("stalled at the turn cap: %v (turn %d)", stalled, s.g.p.turn)
			}
			if tt.overAt == 0 {
				return
			}
			if !s.g.Over() {
				t.Fatalf("the game is not over after %d drawn battles", tt.overAt)
			}
			want := 0
			if tt.wins[1] > tt.wins[0] {
				want = 1
			}
			if s.g.Winner() != want {
				t.Errorf("winner P%d, want P%d", s.g.Winner()+1, want+1)
			}
			var told []string
			for _, ev := range s.events {
				if ev.Kind == evStale {
					told = append(told, s.g.Explain(ev, schema.English))
				}
			}
			if len(told) != 1 || told[0] != tt.explain {
				t.Errorf("told %q, want %q", told, tt.explain)
			}
		})
	}
}

// TestG10_greedyStalematesEndWithTheLimit (G10): the greedy bots' stalemates. Under the seed's literal
// rule (RepetitionLimit 0) a batch of greedy games has some that repeat
// drawn extended battles until the turn cap; with ExtendedBattleLimit 3
// none is left unfinished.
func TestG10_greedyStalematesEndWithTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("2 × 2000 games")
	}
	o := sim.BatchOptions{Seed: 1, Games: 2000, Bots: []string{"greedy"}, Check: true}
	e := newEngine(t)
	e.repLimit = 0
	seed := runBatch(t, e, o)
	e = newEngine(t)
	e.repLimit, e.extLimit = 0, 3
	limited := runBatch(t, e, o)
	for _, s := range []*sim.Stats{seed, limited} {
		if len(s.Violations) > 0 {
			t.Fatalf("%d violations: %v", len(s.Violations), s.Violations[0])
		}
	}
	if seed.Unfinished == 0 {
		t.Fatal("no stalemate under the seed's rule: the batch cannot show the limit working")
	}
	if limited.Unfinished != 0 {
		t.Errorf("with ExtendedBattleLimit 3, %d games are still unfinished, the first: %+v", limited.Unfinished, limited.Stalled[0].Spec)
	}
	t.Logf("unfinished: %d under the seed's rule, %d with ExtendedBattleLimit 3", seed.Unfinished, limited.Unfinished)
}

// G10, R33: RepetitionLimit (千日手). When the position at the end of a turn
// comes back for the RepetitionLimit-th time, the game ends in a draw:
// no winner, told once. Positions count only while both resource zones are
// empty (a drawn battle that takes a card changes the position anyway).
// With ExtendedBattleLimit set, a seat that has won more battles wins
// instead, as the limit would make it later; with equal wins it is a draw.
// 0 is the seed's literal rule: the drawn battles go on.
func TestG10_R33_repeatedPositionDrawsTheGame(t *testing.T) {
	for _, tt := range []struct {
		name, reps, ext string
		hand            string   // each seat's one card: GE, or MC for no Guardian at all
		res1            []string // P2's resource zone (P1's is empty)
		wins            [2]int16
		overAt          int // the drawn battle after which the game is over, 0 for none in 6
		winner          int // -1 for a drawn game
		explain         string
	}{
		{"limit 2", "2", "0", "GE", nil, [2]int16{1, 0}, 3, -1,
			"repetition: the position at the end of a turn has come back 2 times (battles won: P1 1, P2 0); the game is drawn"},
		{"limit 1", "1", "0", "GE", nil, [2]int16{0, 0}, 2, -1,
			"repetition: the position at the end of a turn has come back once (battles won: P1 0, P2 0); the game is drawn"},
		{"off (seed)", "0", "0", "GE", nil, [2]int16{1, 0}, 0, -1, ""},
		{"only with both zones empty", "1", "0", "GE", []string{"MC", "MC"}, [2]int16{0, 0}, 3, -1,
			"repetition: the position at the end of a turn has come back once (battles won: P1 0, P2 0); the game is drawn"},
		{"no Guardians", "2", "0", "MC", nil, [2]int16{0, 0}, 3, -1,
			"repetition: the position at the end of a turn has come back 2 times (battles won: P1 0, P2 0); the game is drawn"},
		{"extended-battle limit, P2 ahead", "2", "5", "GE", nil, [2]int16{2, 3}, 3, 1,
			"repetition: the position at the end of a turn has come back 2 times (battles won: P1 2, P2 3); under the extended-battle limit, P2, who has won more battles, wins"},
		{"extended-battle limit, equal wins", "2", "5", "GE", nil, [2]int16{2, 2}, 3, -1,
			"repetition: the position at the end of a turn has come back 2 times (battles won: P1 2, P2 2); the game is drawn"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := engineFor(t, testSheets(), "DrawPerTurn=0", "RepetitionLimit="+tt.reps, "ExtendedBattleLimit="+tt.ext)
			s := scenario(t, e, 0, [2]seatSpec{{hand: []string{tt.hand}}, {hand: []string{tt.hand}, res: tt.res1}})
			s.g.p.ps[0].wins, s.g.p.ps[1].wins = tt.wins[0], tt.wins[1]
			s.g.emit = s.record
			for n := 1; n <= 6 && !s.g.Over(); n++ {
				drawTurn(s)
				if w, _, _ := s.result(); w != -1 {
					t.Fatalf("battle %d was not drawn", n)
				}
				if s.g.Over() != (n == tt.overAt) {
					t.Fatalf("after drawn battle %d: over %v, want over after battle %d", n, s.g.Over(), tt.overAt)
				}
				s.check()
			}
			var told []string
			for _, ev := range s.events {
				if ev.Kind == evRepeat {
					told = append(told, s.g.Explain(ev, schema.English))
				}
			}
			if tt.overAt == 0 {
				if len(told) > 0 || s.g.p.ask == askStall && tt.hand == "GE" {
					t.Errorf("the game ended or stalled without a repetition rule: told %q", told)
				}
				return
			}
			if len(told) != 1 || told[0] != tt.explain {
				t.Errorf("told %q, want %q", told, tt.explain)
			}
			if s.g.p.drawn != (tt.winner < 0) || int(s.g.p.winner) != tt.winner {
				t.Errorf("drawn %v winner P%d, want winner P%d (0 for a draw)", s.g.p.drawn, s.g.p.winner+1, tt.winner+1)
			}
			if s.g.Winner() != tt.winner {
				t.Errorf("Winner() P%d, want P%d", s.g.Winner()+1, tt.winner+1)
			}
			if s.g.p.turn != int32(tt.overAt) {
				t.Errorf("the game ended in turn %d, want the turn of battle %d", s.g.p.turn, tt.overAt)
			}
		})
	}
}

// G10, R33, R36, R4: the greedy batch's endless game (`bifrost sim guardian
// --bots greedy --games 600` left it unfinished; `bifrost replay guardian
// --seed 3952154837406281429 --players 2 --index 106 --bots greedy` plays
// it). Both decks are empty,
// both resource zones are empty and each player's only Guardian is
// 鉄瓶のテツビン: every battle is drawn, and each takes it back to hand,
// since a player who put it in the cheer seat would have no Guardian to
// forge and would lose the game. The loop is legal; under the seed's
// literal rule (RepetitionLimit 0) it runs to the turn cap, and under the
// default it ends drawn by repetition.
func TestG10_R33_greedyTetsubinLoopEndsDrawnByRepetition(t *testing.T) {
	const seed, index = 3952154837406281429, 106
	tetsubin := ""
	for _, g := range loadData(t).Guardians {
		if g.Name == "鉄瓶のテツビン" {
			tetsubin = g.ID
		}
	}
	for _, reps := range []int{0, 2} {
		e := newEngine(t)
		e.repLimit = reps
		p := sim.NewPlayer(e, []string{"greedy"}, nil)
		p.Check = true
		var g *Game
		var returned []string
		p.OnStart = func(sg sim.Game) { g = sg.(*Game) }
		p.OnEvent = func(ev sim.Event) {
			if ev.Kind == evPlace && ev.N == 0 {
				returned = append(returned, e.ids[ev.Card])
			}
		}
		r := p.Play(sim.Config{Players: 2, Index: index}, seed)
		if r.Violation != nil {
			t.Fatalf("RepetitionLimit %d: %s", reps, r.Violation.Message)
		}
		if len(returned) < 4 || !slices.Equal(returned[len(returned)-4:], slices.Repeat([]string{tetsubin}, 4)) {
			t.Fatalf("RepetitionLimit %d: the last Guardians returned to hand are %v, want 鉄瓶のテツビン (%s) by both players, twice", reps, returned, tetsubin)
		}
		if len(g.h[0].deck)+len(g.h[1].deck)+len(g.h[0].res)+len(g.h[1].res) != 0 {
			t.Errorf("RepetitionLimit %d: decks or resource zones are not empty at the end", reps)
		}
		switch {
		case reps == 0 && !r.Unfinished:
			t.Errorf("under the seed's literal rule the loop ended (turn %d): the game no longer shows it", r.Turns)
		case reps > 0 && (r.Unfinished || !g.p.drawn):
			t.Errorf("RepetitionLimit %d: unfinished %v, drawn %v at turn %d; want a drawn game", reps, r.Unfinished, g.p.drawn, r.Turns)
		}
	}
}

// G10: a record that only grows (旋風のツムジ's 「風車」, recorded every
// battle) does not keep an endless extended battle from being a repeated
// position once it is past every number a condition compares it with. The
// ladder's search-against-greedy game that ran to the turn cap ends drawn.
func TestG10_aRecordPastEveryConditionDoesNotHideARepetition(t *testing.T) {
	const seed, index = 10475535438234353704, 237
	e := newEngine(t)
	p := sim.NewPlayer(e, []string{"search", "greedy"}, nil)
	p.Check = true
	var g *Game
	records := 0
	p.OnStart = func(sg sim.Game) { g = sg.(*Game) }
	p.OnEvent = func(ev sim.Event) {
		if ev.Kind == evRecord {
			records++
		}
	}
	r := p.Play(sim.Config{Players: 2, Index: index}, seed)
	if r.Violation != nil {
		t.Fatal(r.Violation.Message)
	}
	if r.Unfinished || !g.p.drawn || r.Winner != -1 {
		t.Fatalf("unfinished %v, drawn %v, winner %d after %d turns: want a draw by repetition", r.Unfinished, g.p.drawn, r.Winner, r.Turns)
	}
	if records == 0 {
		t.Fatal("no record was made: the game does not show what this test is about")
	}
	for i, c := range g.p.ps[0].counters {
		if c > e.ctrCap[i] && e.ctrCap[i] > 0 {
			return // a record grew past its cap and the repetition was still seen
		}
	}
	t.Errorf("no record passed its cap (%v, caps %v): the game does not show what this test is about", g.p.ps[0].counters, e.ctrCap)
}
