package guardian

import (
	"slices"
	"strings"
	"testing"
)

// §7 invariants: Check catches each kind of broken state.
func TestI1_I7_I11_checkCatchesBrokenStates(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	tests := []struct {
		name    string
		corrupt func(s *sc)
		want    string
	}{
		{"I1: a card vanishes", func(s *sc) { s.g.h[0].hand = s.g.h[0].hand[:len(s.g.h[0].hand)-1] }, "cards across its zones"},
		{"I1: a card changes", func(s *sc) { s.g.h[0].hand[0] = s.id("OP") }, "copies of"},
		{"I7: a resource card appears", func(s *sc) {
			h := &s.g.h[1]
			h.res = append(h.res, h.hand[len(h.hand)-1])
			h.hand = h.hand[:len(h.hand)-1]
		}, "resource zone"},
		{"I11: an ability used twice", func(s *sc) { s.g.p.ps[0].cheer[0].used = 2 }, "used the cheer ability"},
		{"I10: a passed player asked", func(s *sc) { s.g.p.ps[0].passed = true }, "after passing"},
		{"I6: a Material in the cheer seat", func(s *sc) {
			ps := &s.g.p.ps[0]
			ps.cheer = append(ps.cheer, cheerCard{card: s.id("MC")})
			s.g.h[0].hand = s.g.h[0].hand[1:] // the MC moved from hand
		}, "neither a Guardian nor an Advance"},
		{"I5: a reckless SP", func(s *sc) { s.g.p.ps[1].reckless = true }, "reckless attack"},
		{"I4: a Material forged", func(s *sc) {
			ps, h := &s.g.p.ps[0], &s.g.h[0]
			ps.guard, h.hand[0] = h.hand[0], ps.guard // the GF back in hand, an MC in its place
		}, "which is not a Guardian"},
		{"I4: a second Guardian forged beside the face-up one", func(s *sc) {
			ps := &s.g.p.ps[0]
			s.g.h[0].forge = ps.cheer[0].card // the GC moved from the cheer seat
			ps.cheer = ps.cheer[:0]
		}, "two Guardians in the forging zone"},
		{"G10: a drawn game goes on", func(s *sc) { s.g.p.drawn = true }, "drawn by repetition but is not over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "MC", "MC"}, res: res3, cheer: []string{"GC"}}, {hand: []string{"GS", "MC"}, res: res3}})
			s.forge(0, "GF", false)
			s.forge(1, "GS", false)
			tt.corrupt(s)
			err := s.g.Check()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check = %v, want an error about %q", err, tt.want)
			}
		})
	}
}

// TestCheckStepCatchesBrokenTransitions: CheckStep catches each broken transition between two
// decisions. Each case records a position, changes it as a broken engine
// might, and checks again.
func TestCheckStepCatchesBrokenTransitions(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	tests := []struct {
		name    string
		actions bool        // drive to step 4 (both forge) first
		before  func(s *sc) // a change to record first (nil: none)
		break_  func(s *sc) // the broken change
		want    string
	}{
		{"the turn goes back", false, nil, func(s *sc) { s.g.p.turn-- }, "turn went back"},
		{"battles won go back", false, func(s *sc) { s.g.p.ps[1].wins = 2 }, func(s *sc) { s.g.p.ps[1].wins = 1 }, "one-way counts"},
		{"I8: the deck grows", false, nil, func(s *sc) {
			h := &s.g.h[0]
			h.deck = append(h.deck, h.hand[0])
			h.hand = h.hand[1:]
		}, "(I8)"},
		{"I7: a resource zone grows without fortify", false, nil, func(s *sc) {
			h := &s.g.h[0]
			h.res = append(h.res, h.hand[0])
			h.hand = h.hand[1:]
		}, "(I7)"},
		{"I9: the consume zone shrinks without recover", false, nil, func(s *sc) {
			ps := &s.g.p.ps[0]
			s.g.h[0].hand = append(s.g.h[0].hand, ps.consumed[0])
			ps.consumed = ps.consumed[1:]
		}, "(I9)"},
		{"a record goes back", false, func(s *sc) { s.g.p.ps[0].counters[0] = 2 }, func(s *sc) { s.g.p.ps[0].counters[0] = 1 }, "went back from 2 to 1"},
		{"I14: the wrong first player", false, nil, func(s *sc) {
			s.g.p.turn++
			s.g.p.endRes = [2]int16{3, 1} // P2 has fewer resources: it must go first
			s.g.p.first = 0
		}, "R39–R41"},
		{"I11: a marker survives the turn", false, nil, func(s *sc) {
			s.g.p.turn++
			s.g.p.endRes, s.g.p.result = [2]int16{3, 3}, -1 // the first player stays
			s.g.p.ps[0].cheer[0].used = 1
		}, "(I11)"},
		{"I10: the second player acts first", false, nil, func(s *sc) { s.g.p.ask, s.g.p.askSeat = askAction, 1 }, "first action"},
		{"I10: a seat acts twice in a row", true, nil, func(s *sc) {}, "twice in a row"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scenario(t, e, 0, [2]seatSpec{
				{hand: []string{"GF", "MC", "MC"}, res: res3, cheer: []string{"GC"}, consumed: []string{"MC"}},
				{hand: []string{"GE", "MC"}, res: res3}})
			if tt.actions {
				s.forge(0, "GF", false)
				s.forge(1, "GE", false)
				if s.g.p.ask != askAction || s.g.Seat() != 0 {
					t.Fatalf("not at P1's first action")
				}
			}
			// The scenario recorded every position it reached.
			if tt.before != nil {
				tt.before(s)
				if err := s.g.CheckStep(); err != nil {
					t.Fatalf("the recorded position is already broken: %v", err)
				}
			}
			tt.break_(s)
			err := s.g.CheckStep()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("CheckStep = %v, want an error about %q", err, tt.want)
			}
		})
	}
}

// TestI4_OrdersStayInTheForgingZoneOnlyDuringTheBattle: an Order used in
// the battle lies in the forging zone until the battle is decided; one
// still there once the Guardians leave it is a violation.
func TestI4_OrdersStayInTheForgingZoneOnlyDuringTheBattle(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	for _, tt := range []struct {
		phase phase
		bad   bool
	}{{phActions, false}, {phDecide, false}, {phPlace, true}, {phEnd, true}} {
		s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "OP", "MC"}, res: res3}, {hand: []string{"GS", "MC"}, res: res3}})
		s.forge(0, "GF", false)
		s.forge(1, "GS", false)
		ps, h := &s.g.p.ps[0], &s.g.h[0]
		i := slices.Index(h.hand, s.id("OP"))
		if i < 0 {
			t.Fatalf("no OP in hand %v", h.hand)
		}
		ps.orders = append(ps.orders, h.hand[i]) // used, as an action does
		h.hand = slices.Delete(h.hand, i, i+1)
		s.g.p.phase = tt.phase
		err := s.g.Check()
		if bad := err != nil && strings.Contains(err.Error(), "Orders in the forging zone outside the battle phase"); bad != tt.bad || !tt.bad && err != nil {
			t.Errorf("phase %d: Check() = %v, want an Order outside the battle reported %v", tt.phase, err, tt.bad)
		}
	}
}
