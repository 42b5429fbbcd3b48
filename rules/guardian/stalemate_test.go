package guardian

import (
	"testing"

	"bifrost/rules/sim"
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

// Issue 15.4, G10, R33: ExtendedBattleLimit. With 0 (the seed's literal
// rule) drawn extended battles go on for ever; with N, the N-th drawn
// battle in a row with both resource zones empty ends the game for the
// seat that has won more battles, and a draw while a resource zone still
// held a card does not count. On equal wins the extended battles go on.
// The dead end without Guardians (G10) jumps to the turn cap unless the
// limit can end it.
func TestIssue15_4_G10_extendedBattleLimit(t *testing.T) {
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
			e := engineFor(t, testSheets(), "DrawPerTurn=0", "ExtendedBattleLimit="+tt.limit)
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
					told = append(told, s.g.Explain(ev, "en"))
				}
			}
			if len(told) != 1 || told[0] != tt.explain {
				t.Errorf("told %q, want %q", told, tt.explain)
			}
		})
	}
}

// Issue 15.4, G10: the greedy bots' stalemates. Under the seed's rule a
// batch of greedy games has some that repeat drawn extended battles until
// the turn cap; with ExtendedBattleLimit 3 none is left unfinished.
func TestIssue15_4_G10_greedyStalematesEndWithTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("2 × 2000 games")
	}
	o := sim.BatchOptions{Seed: 1, Games: 2000, Bots: []string{"greedy"}, Check: true}
	seed := runBatch(t, newEngine(t), o)
	e := newEngine(t)
	e.extLimit = 3
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
		t.Errorf("with ExtendedBattleLimit 3, %d games are still unfinished, the first: %s", limited.Unfinished, limited.Stalled[0].Replay)
	}
	t.Logf("unfinished: %d under the seed's rule, %d with ExtendedBattleLimit 3", seed.Unfinished, limited.Unfinished)
}
