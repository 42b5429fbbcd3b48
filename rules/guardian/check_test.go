package guardian

import (
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
