package guardian

import (
	"testing"

	"bifrost/rules/sim"
)

// battle arranges a scenario and forges g0 (P1, first) and g1 (P2); the
// game then waits for P1's first action after the ship abilities.
func battle(t *testing.T, e *Engine, seats [2]seatSpec, g0 string, r0 bool, g1 string, r1 bool) *sc {
	t.Helper()
	seats[0].hand = append([]string{g0}, seats[0].hand...)
	seats[1].hand = append([]string{g1}, seats[1].hand...)
	if seats[0].res == nil {
		seats[0].res = res3
	}
	if seats[1].res == nil {
		seats[1].res = res3
	}
	s := scenario(t, e, 0, seats)
	s.forge(0, g0, r0)
	s.forge(1, g1, r1)
	return s
}

// verbCases shows each verb of the guardian vocabulary doing its job.
var verbCases = map[string]func(t *testing.T, e *Engine){
	"point": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{hand: []string{"OP"}}, {}}, "GE", false, "GE", false)
		s.do(0, sim.Choice{Kind: cOrder, A: s.id("OP")})
		if pts := s.points(); pts != [2]int{3, 1} {
			t.Errorf("points %v, want [3 1]", pts)
		}
	},
	"opp_point": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{hand: []string{"OD"}}, {}}, "GE", false, "GE", false)
		s.do(0, sim.Choice{Kind: cOrder, A: s.id("OD")})
		if pts := s.points(); pts != [2]int{1, -1} {
			t.Errorf("points %v, want [1 -1]", pts)
		}
	},
	"next_point": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{hand: []string{"ON", "GE"}}, {hand: []string{"GE"}}}, "GE", false, "GE", false)
		s.do(0, sim.Choice{Kind: cOrder, A: s.id("ON")})
		if pts := s.points(); pts != [2]int{1, 1} {
			t.Errorf("points %v this turn, want [1 1]", pts)
		}
		s.pass(1)
		s.pass(0)
		s.do(0, sim.Choice{Kind: cPlace, A: 1})
		s.do(1, sim.Choice{Kind: cPlace, A: 1})
		s.forge(0, "GE", false)
		s.forge(1, "GE", false)
		if pts := s.points(); pts != [2]int{3, 1} {
			t.Errorf("points %v next turn, want [3 1]", pts)
		}
	},
	"draw": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{hand: []string{"MD"}, deck: []string{"OP"}}, {}}, "GE", false, "GE", false)
		s.do(0, sim.Choice{Kind: cConsume, A: s.id("MD")})
		if got := s.zone(s.g.h[0].hand); got != "OP" {
			t.Errorf("hand %q, want OP", got)
		}
	},
	"take": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{res: []string{"MC", "OP"}}, {}}, "GT", false, "GE", false)
		if got := s.zone(s.g.h[0].hand) + "|" + s.zone(s.g.h[0].res); got != "OP|MC" {
			t.Errorf("hand|resources %q, want OP|MC", got)
		}
	},
	"fortify": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{hand: []string{"AS", "ML", "MC"}, deck: []string{"OP"}}, {}}, "GE", false, "GE", false)
		s.do(0, sim.Choice{Kind: cAdvance, A: s.id("AS")})
		if got := s.zone(s.g.h[0].res); got != "MC,MC,MC,OP" {
			t.Errorf("resources %q, want MC,MC,MC,OP", got)
		}
		if got := s.zone(s.g.p.ps[0].consumed); got != "ML,MC" {
			t.Errorf("consumed %q, want ML (the pay condition) then MC (the cost)", got)
		}
	},
	"record": func(t *testing.T, e *Engine) {
		// 風 against 水 is neutral.
		s := battle(t, e, [2]seatSpec{{hand: []string{"GK"}}, {hand: []string{"GA"}}}, "GK", false, "GA", false)
		if c, pts := s.g.p.ps[0].counters[0], s.points(); c != 1 || pts[0] != 1 {
			t.Errorf("record %d points %d after one ship, want 1 and 1", c, pts[0])
		}
		// A second ship in a later turn reaches 2 and gains +2.
		s.pass(0)
		s.pass(1)
		s.do(0, sim.Choice{Kind: cPlace, A: 1})
		s.do(1, sim.Choice{Kind: cPlace, A: 1})
		s.forge(0, "GK", false)
		s.forge(1, "GA", false)
		if c, pts := s.g.p.ps[0].counters[0], s.points(); c != 2 || pts[0] != 3 {
			t.Errorf("record %d points %d on the second ship, want 2 and 3", c, pts[0])
		}
	},
	"return_cheer": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{cheer: []string{"GY", "GF", "AF"}}, {}}, "GE", false, "GE", false)
		s.do(0, sim.Choice{Kind: cCheer, A: 0})
		if s.g.p.ask != askPick || s.legal(sim.Choice{Kind: cPick, A: 2, B: int16(vReturnCheer)}) {
			t.Fatalf("not asked to pick a Guardian, or an Advance is offered: %s", s.choices())
		}
		s.do(0, sim.Choice{Kind: cPick, A: 1, B: int16(vReturnCheer)})
		if got := s.zone(s.g.h[0].hand) + "|" + s.cheer(0); got != "GF|GY,AF" {
			t.Errorf("hand|cheer %q, want GF|GY,AF", got)
		}
	},
	"recover": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{hand: []string{"AR", "MC"}, consumed: []string{"MP", "OP", "MD"}}, {}}, "GE", false, "GE", false)
		s.do(0, sim.Choice{Kind: cAdvance, A: s.id("AR")})
		if s.legal(sim.Choice{Kind: cPick, A: s.id("OP"), B: int16(vRecover)}) {
			t.Errorf("an Order is offered for recovery")
		}
		s.do(0, sim.Choice{Kind: cPick, A: s.id("MD"), B: int16(vRecover)})
		if got := s.zone(s.g.h[0].hand); got != "MD" {
			t.Errorf("hand %q, want MD", got)
		}
	},
	"opp_discard": func(t *testing.T, e *Engine) {
		s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GO"}, res: res3}, {hand: []string{"GE", "MC", "OP"}, res: res3}})
		s.forge(0, "GO", false)
		s.forge(1, "GE", false)
		if s.g.Seat() != 1 || s.g.p.ask != askPick {
			t.Fatalf("the opponent does not choose the card it puts away")
		}
		s.do(1, sim.Choice{Kind: cPick, A: s.id("MC"), B: int16(vOppDiscard)})
		if got := s.zone(s.g.h[1].hand) + "|" + s.zone(s.g.p.ps[1].consumed); got != "OP|MC" {
			t.Errorf("P2 hand|consumed %q, want OP|MC", got)
		}
	},
	"break_advance": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{}, {cheer: []string{"GF", "AF", "AC"}}}, "GV", false, "GE", false)
		s.do(0, sim.Choice{Kind: cPick, A: 2, B: int16(vBreakAdvance)})
		if got := s.cheer(1) + "|" + s.zone(s.g.p.ps[1].consumed); got != "GF,AF|AC" {
			t.Errorf("P2 cheer|consumed %q, want GF,AF|AC", got)
		}
	},
	"flip": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{}, {hand: []string{"OF"}}}, "GF", false, "GW", false)
		s.pass(0)
		s.do(1, sim.Choice{Kind: cOrder, A: s.id("OF")})
		if pts := s.points(); pts != [2]int{1, 2} {
			t.Errorf("points %v after the flip, want [1 2]", pts)
		}
	},
	"nullify": func(t *testing.T, e *Engine) {
		s := battle(t, e, [2]seatSpec{{}, {hand: []string{"OU"}}}, "GF", false, "GW", false)
		s.pass(0)
		s.do(1, sim.Choice{Kind: cOrder, A: s.id("OU")})
		if pts := s.points(); pts != [2]int{1, 1} {
			t.Errorf("points %v after nullify, want [1 1]", pts)
		}
		// The ship ability of GN nullifies only when at a disadvantage.
		s = battle(t, e, [2]seatSpec{{}, {}}, "GN", false, "GE", false) // 水 against 土: 土 beats 水
		if pts := s.points(); pts != [2]int{1, 1} {
			t.Errorf("GN at a disadvantage: points %v, want [1 1]", pts)
		}
	},
}

// condCase checks that an Order with the condition is usable in one
// arrangement and not in the other.
type condCase struct {
	order     string
	yes, no   [2]seatSpec
	yesG, noG [2]string // the forged Guardians
	yesR, noR [2]bool   // their orientations
}

var condCases = map[string]condCase{
	"cheer_attr": {order: "OC", yesG: [2]string{"GF", "GF"}, noG: [2]string{"GF", "GF"},
		yes: [2]seatSpec{{cheer: []string{"GE"}}, {}}, no: [2]seatSpec{{cheer: []string{"GF"}}, {}}},
	"cheer_count": {order: "OK", yesG: [2]string{"GF", "GF"}, noG: [2]string{"GF", "GF"},
		yes: [2]seatSpec{{cheer: []string{"GE", "GF"}}, {}}, no: [2]seatSpec{{cheer: []string{"GE", "AF"}}, {}}},
	"advances": {order: "OA", yesG: [2]string{"GF", "GF"}, noG: [2]string{"GF", "GF"},
		yes: [2]seatSpec{{cheer: []string{"AF"}}, {}}, no: [2]seatSpec{{cheer: []string{"GE"}}, {}}},
	"battle_attr":  {order: "OB", yesG: [2]string{"GF", "GE"}, noG: [2]string{"GE", "GF"}},
	"opp_attr":     {order: "OO", yesG: [2]string{"GE", "GA"}, noG: [2]string{"GA", "GE"}},
	"reckless":     {order: "OS", yesG: [2]string{"GE", "GE"}, noG: [2]string{"GE", "GE"}, yesR: [2]bool{true, false}, noR: [2]bool{false, true}},
	"opp_reckless": {order: "OR", yesG: [2]string{"GE", "GE"}, noG: [2]string{"GE", "GE"}, yesR: [2]bool{false, true}, noR: [2]bool{true, false}},
	"advantage":    {order: "OV", yesG: [2]string{"GF", "GW"}, noG: [2]string{"GF", "GE"}},
	"disadvantage": {order: "OW", yesG: [2]string{"GW", "GF"}, noG: [2]string{"GF", "GW"}},
	"resource": {order: "OL", yesG: [2]string{"GE", "GE"}, noG: [2]string{"GE", "GE"},
		yes: [2]seatSpec{{res: []string{"MC"}}, {}}},
	"opp_resource": {order: "OM", yesG: [2]string{"GE", "GE"}, noG: [2]string{"GE", "GE"},
		no: [2]seatSpec{{}, {res: []string{"MC", "MC"}}}},
	"hand": {order: "OH", yesG: [2]string{"GE", "GE"}, noG: [2]string{"GE", "GE"},
		yes: [2]seatSpec{{hand: []string{"MC"}}, {}}, no: [2]seatSpec{{hand: []string{"MC", "MC"}}, {}}},
	"consumed": {order: "OZ", yesG: [2]string{"GE", "GE"}, noG: [2]string{"GE", "GE"},
		yes: [2]seatSpec{{consumed: []string{"MC", "OP"}}, {}}, no: [2]seatSpec{{consumed: []string{"MC"}}, {}}},
	"counter": {order: "OX", yesG: [2]string{"GK", "GE"}, noG: [2]string{"GW", "GE"}},
	"pay": {order: "OY", yesG: [2]string{"GE", "GE"}, noG: [2]string{"GE", "GE"},
		yes: [2]seatSpec{{hand: []string{"MC"}}, {}}, no: [2]seatSpec{{hand: []string{"MA"}}, {}}},
}

// TestVocabulary_everyVerbAndConditionIsPlayed iterates the guardian
// vocabulary: every verb and condition must be compiled by the engine and
// shown working in play by a case above.
func TestVocabulary_everyVerbAndConditionIsPlayed(t *testing.T) {
	v := Schema.Vocabs[""]
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	for _, verb := range v.Verbs {
		t.Run("verb/"+verb.Name, func(t *testing.T) {
			if _, ok := verbCodes[verb.Name]; !ok {
				t.Fatalf("the engine does not compile verb %s", verb.Name)
			}
			f, ok := verbCases[verb.Name]
			if !ok {
				t.Fatalf("no play case for verb %s", verb.Name)
			}
			f(t, engineFor(t, testSheets(), "DrawPerTurn=0"))
		})
	}
	for _, c := range v.Conds {
		t.Run("cond/"+c.Name, func(t *testing.T) {
			if _, ok := condCodes[c.Name]; !ok {
				t.Fatalf("the engine does not compile condition %s", c.Name)
			}
			tt, ok := condCases[c.Name]
			if !ok {
				t.Fatalf("no play case for condition %s", c.Name)
			}
			for _, want := range []bool{true, false} {
				seats, g, r := tt.no, tt.noG, tt.noR
				if want {
					seats, g, r = tt.yes, tt.yesG, tt.yesR
				}
				seats[0].hand = append([]string{tt.order}, seats[0].hand...)
				s := battle(t, e, seats, g[0], r[0], g[1], r[1])
				if got := s.legal(sim.Choice{Kind: cOrder, A: s.id(tt.order)}); got != want {
					t.Errorf("%s usable = %v, want %v", tt.order, got, want)
				}
			}
		})
	}
	for name := range verbCases {
		if v.Verb(name) == nil {
			t.Errorf("play case for %s, which is not in the vocabulary", name)
		}
	}
}
