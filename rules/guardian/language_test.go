package guardian

import (
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
	"bifrost/schema"
)

// TestGuardianViolationsSpeakJapanese: guardian's invariant violations, from Check, CheckStep and a
// batch, read in Japanese and in English.
func TestGuardianViolationsSpeakJapanese(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	seats := [2]seatSpec{
		{hand: []string{"GF", "MC", "MC"}, res: res3, cheer: []string{"GC"}, consumed: []string{"MC"}},
		{hand: []string{"GS", "MC"}, res: res3}}
	for name, corrupt := range map[string]func(s *sc) error{
		"I1: a card vanishes": func(s *sc) error { s.g.h[0].hand = s.g.h[0].hand[1:]; return s.g.Check() },
		"I1: a card changes":  func(s *sc) error { s.g.h[0].hand[0] = s.id("OP"); return s.g.Check() },
		"I11: used twice":     func(s *sc) error { s.g.p.ps[0].cheer[0].used = 2; return s.g.Check() },
		"I5: a reckless SP": func(s *sc) error {
			s.forge(0, "GF", false)
			s.forge(1, "GS", false)
			s.g.p.ps[1].reckless = true
			return s.g.Check()
		},
		"I8: the deck grows": func(s *sc) error {
			h := &s.g.h[0]
			h.deck, h.hand = append(h.deck, h.hand[0]), h.hand[1:]
			return s.g.CheckStep()
		},
		"I14: the wrong first player": func(s *sc) error {
			s.g.p.turn++
			s.g.p.endRes, s.g.p.first = [2]int16{3, 1}, 0
			return s.g.CheckStep()
		},
	} {
		t.Run(name, func(t *testing.T) { simtest.SpeaksBoth(t, name, corrupt(scenario(t, e, 0, seats))) })
	}

	// Through the harness: a compiled table that lets SP attack recklessly.
	be := newEngine(t)
	for i, a := range be.attrs {
		if a == "SP" {
			be.reckOK[i] = true
		}
	}
	s := runBatch(t, be, sim.BatchOptions{Seed: 1, Games: 200, Check: true})
	if len(s.Violations) == 0 {
		t.Fatal("a reckless SP Guardian went unnoticed")
	}
	v := s.Violations[0]
	simtest.SpeaksBoth(t, "batch violation", schema.Errorf(v.MessageJA, v.Message))
	if v.Text(schema.Japanese) != v.MessageJA || v.Text(schema.English) != v.Message {
		t.Errorf("violation %+v: Text does not pick the forms", v)
	}
}
