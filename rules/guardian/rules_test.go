package guardian

import (
	"os"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// res3 is a resource zone of three cost-only Materials.
var res3 = []string{"MC", "MC", "MC"}

// T5, T6: the affinity table with reckless attacks (R7, R8, R30–R32, G3, G4).
func TestR7_R8_R30_R32_affinityAndRecklessAttacks(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	tests := []struct {
		name           string
		a              string
		ar             bool
		b              string
		br             bool
		winner, p0, p1 int
	}{
		{"火 beats 風", "GF", false, "GW", false, 0, 2, 1},
		{"the cycle closes: 水 beats 火", "GA", false, "GF", false, 0, 2, 1},
		{"R7: a reckless attack reverses the advantage", "GF", true, "GW", false, 1, 1, 2},
		{"R7: the disadvantaged side goes reckless", "GF", false, "GW", true, 1, 1, 2},
		{"R8: both reckless is the normal affinity", "GF", true, "GW", true, 0, 2, 1},
		{"G4: a neutral pairing stays neutral when reckless", "GF", true, "GE", false, -1, 1, 1},
		{"R30: SP beats every other attribute", "GS", false, "GE", false, 0, 2, 1},
		{"R30: 闇 beats every other attribute", "GA", false, "GD", false, 1, 1, 2},
		{"R32: SP loses the advantage to a reckless opponent", "GS", false, "GE", true, 1, 1, 2},
		{"R32: 闇 loses the advantage to a reckless opponent", "GD", false, "GA", true, 1, 1, 2},
		{"G3: SP against 闇 is neutral", "GS", false, "GD", false, -1, 1, 1},
		{"G3: SP against SP is neutral", "GS", false, "GS", false, -1, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scenario(t, e, 0, [2]seatSpec{{hand: []string{tt.a}, res: res3}, {hand: []string{tt.b}, res: res3}})
			s.forge(0, tt.a, tt.ar)
			s.forge(1, tt.b, tt.br)
			s.pass(0)
			s.pass(1)
			if w, p0, p1 := s.result(); w != tt.winner || p0 != tt.p0 || p1 != tt.p1 {
				t.Errorf("result winner %d, %d against %d; want %d, %d against %d", w, p0, p1, tt.winner, tt.p0, tt.p1)
			}
		})
	}
}

// T5: R31, I5: SP and 闇 may not be forged upside down; others may.
func TestR31_I5_SPAndDarkCannotGoReckless(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	for _, tt := range []struct {
		id       string
		reckless bool
	}{{"GS", false}, {"GD", false}, {"GF", true}, {"GA", true}} {
		s := scenario(t, e, 0, [2]seatSpec{{hand: []string{tt.id}, res: res3}, {hand: []string{"GE"}, res: res3}})
		if got := s.legal(sim.Choice{Kind: cForge, A: s.id(tt.id), B: 1}); got != tt.reckless {
			t.Errorf("%s reckless legal = %v, want %v", tt.id, got, tt.reckless)
		}
		if !s.legal(sim.Choice{Kind: cForge, A: s.id(tt.id)}) {
			t.Errorf("%s cannot be forged upright", tt.id)
		}
	}
}

// R5, G12: forging is mandatory for a player holding a Guardian, unless
// ForgeMandatory is ×; only Guardians can be forged.
func TestR5_G12_forgingIsMandatory(t *testing.T) {
	for _, tt := range []struct {
		rule     string
		optional bool
	}{{"ForgeMandatory=○", false}, {"ForgeMandatory=×", true}} {
		e := engineFor(t, testSheets(), "DrawPerTurn=0", tt.rule)
		s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "OP", "MP"}, res: res3}, {hand: []string{"GE"}, res: res3}})
		cs := s.g.Choices(nil)
		for _, c := range cs {
			if c.Kind == cForge && s.e.d[c.A].kind != kGuardian {
				t.Errorf("%s: forging %s is offered", tt.rule, s.e.ids[c.A])
			}
		}
		if got := s.legal(sim.Choice{Kind: cNoForge}); got != tt.optional {
			t.Errorf("%s: forging nothing legal = %v", tt.rule, got)
		}
		if tt.optional {
			s.do(0, sim.Choice{Kind: cNoForge})
			s.forge(1, "GE", false)
			if !s.g.p.ps[0].barred || s.g.Seat() != 1 {
				t.Errorf("a player who declines to forge is not barred")
			}
		}
	}
}

// T7: R9, R10, R13, R26, G9: without a Guardian the battle is lost and only
// the opponent acts, whatever its points; with none on either side it is a draw.
func TestR9_R10_R13_R26_G9_noGuardian(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0", "BasePoint=-2")
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"OP", "MP"}, res: res3}, {hand: []string{"GE", "GE"}, res: res3}})
	if cs := s.g.Choices(nil); s.g.Seat() != 0 || s.g.p.ask != askForge || len(cs) != 1 || cs[0].Kind != cNoForge {
		t.Fatalf("P1 holds no Guardian: it should make the forging choice with nothing to forge, not %s", s.choices())
	}
	s.do(0, sim.Choice{Kind: cNoForge})
	s.forge(1, "GE", false)
	if s.g.Seat() != 1 {
		t.Fatalf("the barred P1 is asked to act")
	}
	s.pass(1)
	w, _, p1 := s.result()
	if w != 1 || p1 != -2 {
		t.Errorf("winner P%d with %d points; want P2 winning with -2", w+1, p1)
	}
	if len(s.g.h[0].res) != 2 || len(s.g.h[0].hand) != 3 {
		t.Errorf("the loser's resource zone %d, hand %d; want 2 and 3", len(s.g.h[0].res), len(s.g.h[0].hand))
	}

	// The resource card each takes is a Guardian, so turn 2 stops at forging.
	s = scenario(t, e, 1, [2]seatSpec{{hand: []string{"OP"}, res: []string{"MC", "MC", "GF"}}, {hand: []string{"MP"}, res: []string{"MC", "MC", "GE"}}})
	s.do(1, sim.Choice{Kind: cNoForge})
	s.do(0, sim.Choice{Kind: cNoForge})
	if w, _, _ := s.result(); w != -1 {
		t.Errorf("neither forged: winner P%d, want a draw", w+1)
	}
	if len(s.g.h[0].res) != 2 || len(s.g.h[1].res) != 2 || s.g.p.first != 1 || s.g.p.turn != 2 {
		t.Errorf("after a double no-ship: resources %d/%d, first P%d, turn %d; want 2/2, P2, 2",
			len(s.g.h[0].res), len(s.g.h[1].res), s.g.p.first+1, s.g.p.turn)
	}
}

// T8: R15–R21, R43–R45, I10: actions alternate from the first player; a
// passed player acts no more; the battle ends when both have passed.
func TestR15_R21_alternationAndPassing(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	s := scenario(t, e, 0, [2]seatSpec{
		{hand: []string{"GF", "OP"}, res: res3},
		{hand: []string{"GE", "MP", "AF", "MC", "MC"}, res: res3, cheer: []string{"GC"}},
	})
	s.forge(0, "GF", false)
	s.forge(1, "GE", false)
	s.do(0, sim.Choice{Kind: cOrder, A: s.id("OP")})
	if s.g.Seat() != 1 {
		t.Fatalf("after P1's action P%d acts; want P2", s.g.Seat()+1)
	}
	s.do(1, sim.Choice{Kind: cCheer, A: 0})
	if s.g.Seat() != 0 {
		t.Fatalf("P2 acted twice in a row before P1 passed")
	}
	s.pass(0)
	s.do(1, sim.Choice{Kind: cConsume, A: s.id("MP")})
	if s.g.Seat() != 1 {
		t.Fatalf("after P1 passed, P%d is asked; want P2 again", s.g.Seat()+1)
	}
	s.do(1, sim.Choice{Kind: cAdvance, A: s.id("AF")})
	s.pass(1)
	// P1: 1 + 2 (Order); P2: 1 + 2 (GC) + 1 (MP) + 1 (AF enter) = 5.
	if w, p0, p1 := s.result(); w != 1 || p0 != 3 || p1 != 5 {
		t.Errorf("result P%d, %d against %d; want P2, 3 against 5", w+1, p0, p1)
	}
	if s.g.p.phase <= phActions && s.g.p.ask == askAction {
		t.Errorf("the battle did not end after both passed")
	}
}

// I10: a passed player is never asked again, and acting after passing is
// caught by Check.
func TestI10_passedPlayerNeverActsAgain(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "OP", "MP"}, res: res3}, {hand: []string{"GE", "MP", "MP", "MP"}, res: res3}})
	s.forge(0, "GF", false)
	s.forge(1, "GE", false)
	s.pass(0)
	for range 3 {
		s.do(1, sim.Choice{Kind: cConsume, A: s.id("MP")})
	}
	s.pass(1)
	s.result()
	// Force an action by the passed seat: Check must report it.
	s = scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "OP"}, res: res3}, {hand: []string{"GE", "MP"}, res: res3}})
	s.forge(0, "GF", false)
	s.forge(1, "GE", false)
	s.pass(0)
	s.g.p.askSeat = 0 // a broken engine asking the passed P1
	s.g.Apply(sim.Choice{Kind: cOrder, A: s.id("OP")}, nil)
	if err := s.g.Check(); err == nil {
		t.Errorf("Check accepts a passed player acting")
	}
}

// T9: R19, R49, C2, K3–K5, G15: an Advance is paid for with Materials that
// do not trigger, its entry effect applies at once, and its ability can be
// used later in the same battle (unless AdvanceSameBattle is ×).
func TestR19_R49_C2_G15_advancePaymentIsNotConsuming(t *testing.T) {
	for _, tt := range []struct {
		rule       string
		sameBattle bool
	}{{"AdvanceSameBattle=○", true}, {"AdvanceSameBattle=×", false}} {
		e := engineFor(t, testSheets(), "DrawPerTurn=0", tt.rule)
		s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "AF", "MP"}, res: res3}, {hand: []string{"GE"}, res: res3}})
		s.forge(0, "GF", false)
		s.forge(1, "GE", false)
		if s.legal(sim.Choice{Kind: cAdvance, A: s.id("AF")}) {
			t.Errorf("an Advance costing 2 can be placed with 1 Material")
		}
		s = scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "AF", "MP", "MP"}, res: res3}, {hand: []string{"GE"}, res: res3}})
		s.forge(0, "GF", false)
		s.forge(1, "GE", false)
		s.do(0, sim.Choice{Kind: cAdvance, A: s.id("AF")})
		if got := s.zone(s.g.p.ps[0].consumed); got != "MP,MP" {
			t.Errorf("consume zone %q, want MP,MP", got)
		}
		if got := s.cheer(0); got != "AF" {
			t.Errorf("cheer seat %q, want AF", got)
		}
		// GF 1 + AF enter +1; the Materials placed as a cost add nothing.
		if pts := s.points(); pts[0] != 2 {
			t.Errorf("points %d after placing the Advance, want 2", pts[0])
		}
		s.pass(1)
		use := sim.Choice{Kind: cCheer, A: 0}
		if got := s.legal(use); got != tt.sameBattle {
			t.Fatalf("%s: using the new Advance's ability legal = %v", tt.rule, got)
		}
		if tt.sameBattle {
			s.do(0, use)
			if pts := s.points(); pts[0] != 3 {
				t.Errorf("points %d after its ability, want 3", pts[0])
			}
		}
	}
}

// T10: C1, R18, K10, G28: consuming a Material fires its consume ability; a
// Material without one cannot be consumed as an action.
func TestC1_R18_G28_consumingAMaterial(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "MP", "MC"}, res: res3}, {hand: []string{"GE"}, res: res3}})
	s.forge(0, "GF", false)
	s.forge(1, "GE", false)
	if s.legal(sim.Choice{Kind: cConsume, A: s.id("MC")}) {
		t.Errorf("a Material without a consume ability can be consumed (G28)")
	}
	s.do(0, sim.Choice{Kind: cConsume, A: s.id("MP")})
	if pts := s.points(); pts[0] != 2 || s.zone(s.g.p.ps[0].consumed) != "MP" {
		t.Errorf("points %d, consume zone %q; want 2 and MP", pts[0], s.zone(s.g.p.ps[0].consumed))
	}
}

// G17, R53: a pay condition consumes cards from hand, the card being used
// excepted; Materials consumed so trigger unless PayFiresConsume is ×.
func TestG17_R53_payConditionConsumes(t *testing.T) {
	for _, tt := range []struct {
		rule string
		want int
	}{{"PayFiresConsume=○", 3}, {"PayFiresConsume=×", 2}} {
		e := engineFor(t, testSheets(), "DrawPerTurn=0", tt.rule)
		// OY is itself 火: it cannot pay for itself.
		s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "OY", "MA"}, res: res3}, {hand: []string{"GE"}, res: res3}})
		s.forge(0, "GF", false)
		s.forge(1, "GE", false)
		if s.legal(sim.Choice{Kind: cOrder, A: s.id("OY")}) {
			t.Errorf("an Order pays for itself")
		}
		s = scenario(t, e, 0, [2]seatSpec{{hand: []string{"GE", "OY", "MP"}, deck: []string{"MC"}, res: res3}, {hand: []string{"GE"}, res: res3}})
		s.forge(0, "GE", false)
		s.forge(1, "GE", false)
		s.do(0, sim.Choice{Kind: cOrder, A: s.id("OY")})
		if pts := s.points(); pts[0] != tt.want {
			t.Errorf("%s: points %d, want %d", tt.rule, pts[0], tt.want)
		}
		if got := s.zone(s.g.h[0].hand); got != "MC" {
			t.Errorf("hand %q after the Order's draw, want MC", got)
		}
	}
}

// T11: R17, R37, R38, R47, I11, I15: a cheer ability once per battle (Uses
// per card), again next battle; this battle's effects reset, field: stays.
func TestR17_R37_R47_oncePerBattleAndReset(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	s := scenario(t, e, 0, [2]seatSpec{
		{hand: []string{"GF", "GF"}, res: res3, cheer: []string{"GC", "GU", "GL"}},
		{hand: []string{"GE", "GE"}, res: res3},
	})
	s.forge(0, "GF", false)
	s.forge(1, "GE", false)
	s.do(0, sim.Choice{Kind: cCheer, A: 0})
	s.pass(1)
	if s.legal(sim.Choice{Kind: cCheer, A: 0}) {
		t.Errorf("GC's ability can be used twice in a battle")
	}
	s.do(0, sim.Choice{Kind: cCheer, A: 1})
	s.do(0, sim.Choice{Kind: cCheer, A: 1})
	if s.legal(sim.Choice{Kind: cCheer, A: 1}) {
		t.Errorf("GU (Uses 2) can be used three times")
	}
	// GF 1 + 2 + 1 + 1; GE 1 − 1 (GL field).
	if pts := s.points(); pts[0] != 5 || pts[1] != 0 {
		t.Errorf("points %v, want [5 0]", pts)
	}
	s.pass(0)
	s.do(1, sim.Choice{Kind: cPlace, A: 0}) // P2 lost: GE back to hand
	s.forge(1, "GE", false)                 // P2 has fewer resources and goes first
	s.forge(0, "GF", false)
	if pts := s.points(); pts[0] != 1 || pts[1] != 0 {
		t.Errorf("next battle points %v, want [1 0]: the +4 is gone, the field −1 stays", pts)
	}
	s.pass(1)
	if !s.legal(sim.Choice{Kind: cCheer, A: 0}) {
		t.Errorf("GC's ability cannot be used in the next battle")
	}
}

// T12: K7, K8, R34, R52: a used Order lies in the forging zone during the
// battle, goes to the consume zone after it, and its effect ends.
func TestK7_K8_R34_orderLifecycle(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "OP", "GF"}, res: res3}, {hand: []string{"GE", "GE"}, res: res3}})
	s.forge(0, "GF", false)
	s.forge(1, "GE", false)
	s.do(0, sim.Choice{Kind: cOrder, A: s.id("OP")})
	if got := s.zone(s.g.p.ps[0].orders); got != "OP" {
		t.Errorf("forging zone Orders %q during the battle, want OP", got)
	}
	s.pass(1)
	s.pass(0)
	if got := s.zone(s.g.p.ps[0].orders) + "|" + s.zone(s.g.p.ps[0].consumed); got != "|OP" {
		t.Errorf("Orders|consumed %q after the battle, want |OP", got)
	}
	s.do(1, sim.Choice{Kind: cPlace, A: 0})
	s.forge(1, "GE", false)
	s.forge(0, "GF", false)
	if pts := s.points(); pts[0] != 1 {
		t.Errorf("points %d next turn, want 1", pts[0])
	}
}

// T13: V1, V2, V4, G6: the game is won by winning a battle while the
// opponent's resource zone is empty, counted before the loser takes a card
// (WinCheckBeforeResource ○) or after it (×).
func TestV1_G6_victoryCheck(t *testing.T) {
	for _, tt := range []struct {
		rule    string
		battles int // battles P1 must win
		p2Last  int // P2's resources when it ends
	}{{"WinCheckBeforeResource=○", 2, 0}, {"WinCheckBeforeResource=×", 1, 0}} {
		e := engineFor(t, testSheets(), "DrawPerTurn=0", tt.rule)
		s := scenario(t, e, 0, [2]seatSpec{
			{hand: []string{"GA", "GA"}, res: res3},
			{hand: []string{"GF", "GF"}, res: []string{"MC"}},
		})
		for b := 1; b <= tt.battles; b++ {
			first := int(s.g.p.first)
			if b == 2 && first != 1 {
				t.Errorf("%s: P2 with fewer resources does not go first", tt.rule)
			}
			s.forge(first, map[int]string{0: "GA", 1: "GF"}[first], false)
			s.forge(other(first), map[int]string{0: "GA", 1: "GF"}[other(first)], false)
			s.pass(first)
			s.pass(other(first))
			if b < tt.battles {
				if s.g.Over() {
					t.Fatalf("%s: the game ended after battle %d", tt.rule, b)
				}
				s.do(1, sim.Choice{Kind: cPlace, A: 0})
			}
		}
		if !s.g.Over() || s.g.Winner() != 0 || len(s.g.h[1].res) != tt.p2Last {
			t.Errorf("%s: over %v winner P%d, P2 resources %d", tt.rule, s.g.Over(), s.g.Winner()+1, len(s.g.h[1].res))
		}
		if s.g.p.phase != phOver || !s.g.p.ps[0].shipped {
			t.Errorf("%s: an end phase ran after the game was won (V4)", tt.rule)
		}
	}
}

// T14: R29, R33, G21: a draw with both resource zones empty takes nothing
// and the next turn is an ordinary one; the next won battle wins the game.
func TestR33_G21_extendedBattle(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0", "DrawChoosesLikeLoser=×")
	s := scenario(t, e, 1, [2]seatSpec{{hand: []string{"GE", "GF"}}, {hand: []string{"GE", "GA"}}})
	s.forge(1, "GE", false)
	s.forge(0, "GE", false)
	s.pass(1)
	s.pass(0)
	if w, _, _ := s.result(); w != -1 || s.g.Over() {
		t.Fatalf("want a drawn battle and the game going on")
	}
	if s.g.p.first != 1 || s.g.p.turn != 2 || len(s.g.h[0].hand) != 1 {
		t.Errorf("after the draw: first P%d turn %d hand %d; want P2, 2, 1", s.g.p.first+1, s.g.p.turn, len(s.g.h[0].hand))
	}
	s.forge(1, "GA", false)
	s.forge(0, "GF", false)
	s.pass(1)
	s.pass(0)
	if !s.g.Over() || s.g.Winner() != 1 {
		t.Errorf("the extended battle won by P2 does not win the game")
	}
}

// R39–R41: the next first player has fewer resources; on equal counts the
// battle's winner; after a draw on equal counts, the same player.
func TestR39_R41_nextFirstPlayer(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0", "DrawChoosesLikeLoser=×")
	tests := []struct {
		name       string
		res0, res1 []string
		g0, g1     string
		first      int
		want       int
	}{
		{"R39: the loser has fewer", res3, res3, "GA", "GF", 0, 1},
		{"R40: equal counts, the winner", res3, []string{"MC", "MC"}, "GF", "GA", 1, 1},
		{"R40: equal counts, the winner (P1)", []string{"MC", "MC"}, res3, "GA", "GF", 1, 0},
		{"R41: a draw on equal counts keeps the order", res3, res3, "GE", "GE", 1, 1},
		{"R39: a draw on unequal counts", []string{"MC"}, res3, "GE", "GE", 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A spare Guardian in each hand stops turn 2 at forging.
			s := scenario(t, e, tt.first, [2]seatSpec{{hand: []string{tt.g0, "GS"}, res: tt.res0}, {hand: []string{tt.g1, "GS"}, res: tt.res1}})
			f := tt.first
			s.forge(f, map[int]string{0: tt.g0, 1: tt.g1}[f], false)
			s.forge(other(f), map[int]string{0: tt.g0, 1: tt.g1}[other(f)], false)
			s.pass(f)
			s.pass(other(f))
			for s.g.p.ask == askPlace {
				s.do(s.g.Seat(), sim.Choice{Kind: cPlace, A: 1})
			}
			if got := int(s.g.p.first); got != tt.want || s.g.p.turn != 2 {
				t.Errorf("next first P%d (turn %d), want P%d", got+1, s.g.p.turn, tt.want+1)
			}
		})
	}
}

// R35, R36, G11: the winner's Guardian goes to the cheer seat, the loser
// chooses; after a draw each chooses (DrawChoosesLikeLoser ○) or both go to
// the cheer seat (×).
func TestR35_R36_G11_guardiansLeaveTheForgingZone(t *testing.T) {
	for _, tt := range []struct {
		rule         string
		g1           string
		askP1, askP2 bool
	}{
		{"DrawChoosesLikeLoser=○", "GW", false, true},
		{"DrawChoosesLikeLoser=○", "GE", true, true},
		{"DrawChoosesLikeLoser=×", "GE", false, false},
	} {
		e := engineFor(t, testSheets(), "DrawPerTurn=0", tt.rule)
		s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF"}, res: res3}, {hand: []string{tt.g1}, res: res3}})
		s.forge(0, "GF", false)
		s.forge(1, tt.g1, false)
		s.pass(0)
		s.pass(1)
		asked := [2]bool{}
		for s.g.p.ask == askPlace {
			seat := s.g.Seat()
			asked[seat] = true
			s.do(seat, sim.Choice{Kind: cPlace, A: 0})
		}
		if asked != [2]bool{tt.askP1, tt.askP2} {
			t.Errorf("%s vs %s: asked %v, want [%v %v]", tt.rule, tt.g1, asked, tt.askP1, tt.askP2)
		}
		if !tt.askP1 && s.cheer(0) != "GF" {
			t.Errorf("%s vs %s: P1's cheer seat %q, want GF", tt.rule, tt.g1, s.cheer(0))
		}
		if tt.askP2 && count(s.g.h[1].hand, s.id(tt.g1)) != 1 {
			t.Errorf("%s vs %s: P2's hand %q after choosing hand", tt.rule, tt.g1, s.zone(s.g.h[1].hand))
		}
	}
}

// T15, C4, C5, R4, G27: effects do what they can; a forced effect that can
// do nothing is skipped, and an optional one is not even offered.
func TestC4_C5_R4_effectsDoWhatTheyCan(t *testing.T) {
	e := engineFor(t, testSheets())
	// R4: an empty deck skips the draw, and nobody loses for it.
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF"}, res: res3}, {hand: []string{"GE"}, res: res3}})
	if len(s.g.h[0].hand) != 1 || s.g.Over() {
		t.Errorf("drawing from an empty deck changed the hand or ended the game")
	}
	e = engineFor(t, testSheets(), "DrawPerTurn=0")
	// C4: draw 3 with one card left draws one.
	s = scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "OH"}, deck: []string{"MC"}, res: res3}, {hand: []string{"GE"}, res: res3}})
	s.forge(0, "GF", false)
	s.forge(1, "GE", false)
	s.do(0, sim.Choice{Kind: cOrder, A: s.id("OH")})
	if len(s.g.h[0].hand) != 1 || len(s.g.h[0].deck) != 0 {
		t.Errorf("draw 3 from a deck of 1: hand %d deck %d", len(s.g.h[0].hand), len(s.g.h[0].deck))
	}
	// C5: an optional draw with an empty deck is not offered; with a card it is.
	for _, deck := range [][]string{nil, {"MC"}} {
		s = scenario(t, e, 0, [2]seatSpec{{hand: []string{"GX"}, deck: deck, res: res3}, {hand: []string{"GE"}, res: res3}})
		s.forge(0, "GX", false)
		s.forge(1, "GE", false)
		if asked := s.g.p.ask == askMay; asked != (len(deck) > 0) {
			t.Errorf("deck %v: the optional draw asked = %v", deck, asked)
		}
	}
	// C5: a forced "break an Advance" with none to break does nothing.
	s = scenario(t, e, 0, [2]seatSpec{{hand: []string{"GV"}, res: res3}, {hand: []string{"GE"}, res: res3}})
	s.forge(0, "GV", false)
	s.forge(1, "GE", false)
	if s.g.p.ask != askAction || len(s.g.p.ps[1].consumed) != 0 {
		t.Errorf("breaking no Advance did something")
	}
}

// G24: with a HandLimit, extra cards go to the consume zone in the end phase.
func TestG24_handLimit(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0", "HandLimit=2")
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "MC", "MC", "OP", "MD"}, res: res3}, {hand: []string{"GW", "GW"}, res: res3}})
	s.forge(0, "GF", false)
	s.forge(1, "GW", false)
	s.pass(0)
	s.pass(1)
	s.do(1, sim.Choice{Kind: cPlace, A: 1})
	s.do(0, sim.Choice{Kind: cDiscard, A: s.id("MC")})
	s.do(0, sim.Choice{Kind: cDiscard, A: s.id("MD")})
	if s.g.p.ask == askDiscard || s.g.p.turn != 2 {
		t.Errorf("still discarding, or not on to turn 2")
	}
	if len(s.g.h[0].hand) != 2 || s.zone(s.g.p.ps[0].consumed) != "MC,MD" {
		t.Errorf("hand %q consumed %q; want 2 cards left and MC,MD consumed", s.zone(s.g.h[0].hand), s.zone(s.g.p.ps[0].consumed))
	}
}

// G25: with a CheerSeatLimit, a full cheer seat takes no Advance, and the
// winner's Guardian goes to hand instead.
func TestG25_cheerSeatLimit(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0", "CheerSeatLimit=1")
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "AF", "MC", "MC"}, res: res3, cheer: []string{"GE"}}, {hand: []string{"GW"}, res: res3}})
	s.forge(0, "GF", false)
	s.forge(1, "GW", false)
	if s.legal(sim.Choice{Kind: cAdvance, A: s.id("AF")}) {
		t.Errorf("an Advance can enter a full cheer seat")
	}
	s.pass(0)
	s.pass(1)
	if s.cheer(0) != "GE" || count(s.g.h[0].hand, s.id("GF")) != 1 {
		t.Errorf("the winner's Guardian with a full cheer seat: cheer %q hand %q", s.cheer(0), s.zone(s.g.h[0].hand))
	}
	if s.g.p.ask != askPlace || !s.legal(sim.Choice{Kind: cPlace, A: 1}) {
		t.Errorf("P2, whose cheer seat has room, is not offered it")
	}
}

// G13: the start-of-battle abilities of a player without a Guardian still
// resolve, unless BarredKeepsTriggers is ×.
func TestG13_barredPlayersTriggers(t *testing.T) {
	for _, tt := range []struct {
		rule string
		hand int
	}{{"BarredKeepsTriggers=○", 2}, {"BarredKeepsTriggers=×", 1}} {
		e := engineFor(t, testSheets(), "DrawPerTurn=0", tt.rule)
		s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"OP"}, deck: []string{"MC"}, res: res3, cheer: []string{"GB"}}, {hand: []string{"GE"}, res: res3}})
		s.do(0, sim.Choice{Kind: cNoForge})
		s.forge(1, "GE", false)
		if got := len(s.g.h[0].hand); got != tt.hand {
			t.Errorf("%s: the barred P1's hand %d, want %d", tt.rule, got, tt.hand)
		}
	}
}

// R2, R11, R14, G14, G7: phase-start and ship abilities resolve first
// player first; a reckless Guardian's ship ability applies.
func TestR2_R14_G14_G7_triggerOrder(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	s := scenario(t, e, 1, [2]seatSpec{
		{hand: []string{"GT"}, deck: []string{"MC"}, res: res3, cheer: []string{"GP"}},
		{hand: []string{"GT"}, deck: []string{"MC"}, res: res3, cheer: []string{"GP"}},
	})
	var seats []int8
	for _, ev := range s.events {
		if ev.Kind == sim.Acquired {
			seats = append(seats, ev.Seat)
		}
	}
	if len(seats) != 2 || seats[0] != 1 || seats[1] != 0 {
		t.Errorf("prep draws by seat %v, want P2 then P1", seats)
	}
	s.events = nil
	s.forge(1, "GT", true)
	s.forge(0, "GT", false)
	seats = nil
	for _, ev := range s.events {
		if ev.Kind == evTake {
			seats = append(seats, ev.Seat)
		}
	}
	if len(seats) != 2 || seats[0] != 1 || seats[1] != 0 {
		t.Errorf("ship abilities by seat %v, want P2 (reckless) then P1", seats)
	}
}

// TestG2_shippedChartIsTheSeeds (G2): the shipped chart is the seed's: no advantage among the
// ordinary attributes, SP and 闇 over every other. The designer's proposed
// cycle is in the workbook's proposal column and counts only with
// AffinityProposal ○; the matchup report names the chart it was measured with.
func TestG2_shippedChartIsTheSeeds(t *testing.T) {
	for _, proposal := range []bool{false, true} {
		d := loadData(t)
		if d.Proposal {
			t.Fatal("the shipped workbook turns the proposal on")
		}
		d.Proposal = proposal
		e, err := New(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			a, b string
			seed int // the seed's affinity of a against b
			prop int // with the proposal
		}{
			{"火", "風", 0, 1}, {"風", "土", 0, 1}, {"土", "水", 0, 1}, {"水", "火", 0, 1},
			{"風", "火", 0, -1}, {"火", "土", 0, 0},
			{"SP", "火", 1, 1}, {"闇", "水", 1, 1}, {"SP", "闇", 0, 0}, {"土", "SP", -1, -1},
		} {
			want := tc.seed
			if proposal {
				want = tc.prop
			}
			if got := d.Edge(tc.a, tc.b); got != want {
				t.Errorf("proposal %v: %s against %s = %d, want %d", proposal, tc.a, tc.b, got, want)
			}
		}
		rep := e.NewTally().Report().(MatchupReport)
		wantChart := "the seed's chart (AffinityProposal ×): SP>* 闇>*"
		if proposal {
			wantChart = "the designer's proposal (AffinityProposal ○): 火>風 風>土 土>水 水>火 SP>* 闇>*"
		}
		if !strings.HasSuffix(rep.AffinityChart, wantChart) {
			t.Errorf("the report's chart is %q, want it to end %q", rep.AffinityChart, wantChart)
		}
	}
}

// TestNoDieWithoutADieVerb (C6, G30): no effect rolls a die, so the game has no die: no
// verb of the vocabulary rolls one, no rule sets its faces, and the
// rulebook lists none among the things to prepare.
func TestNoDieWithoutADieVerb(t *testing.T) {
	v := Schema.Vocabs[""]
	for _, verb := range v.Verbs {
		for _, word := range []string{"サイコロ", "ダイス", "die", "dice", "roll"} {
			if strings.Contains(verb.Doc, word) || strings.Contains(verb.Name, word) {
				t.Errorf("verb %s rolls a die (%q): the components and rulebook need the die back", verb.Name, verb.Doc)
			}
		}
	}
	if loadData(t).Rules.Has("DieFaces") {
		t.Error("the DieFaces rule is back without a verb that rolls a die")
	}
	book, err := os.ReadFile("rulebook.md")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(book), "\n") {
		if (strings.Contains(line, "サイコロ") || strings.Contains(line, "ダイス")) && !strings.Contains(line, "記録") {
			t.Errorf("the rulebook still asks for a die: %s", line)
		}
	}
}

// G9: when neither player ships a Guardian, the replay says what the rule
// in play says: a draw by default, both players losing with NoShipBothDraw ×,
// as the player's books put it.
func TestG9_replaySaysWhatTheNoShipRuleDecides(t *testing.T) {
	for _, tt := range []struct{ setting, ja, en string }{
		{"○", "：引き分け", ": a draw"},
		{"×", "：両者の負け", ": both lose the battle"},
	} {
		e := engineFor(t, testSheets(), "DrawPerTurn=0", "NoShipBothDraw="+tt.setting)
		s := scenario(t, e, 1, [2]seatSpec{{hand: []string{"OP"}, res: []string{"MC", "MC", "GF"}}, {hand: []string{"MP"}, res: []string{"MC", "MC", "GE"}}})
		s.do(1, sim.Choice{Kind: cNoForge})
		s.do(0, sim.Choice{Kind: cNoForge})
		var said []string
		for _, ev := range s.events {
			if ev.Kind == evResult {
				said = append(said, s.g.Explain(ev, schema.Japanese), s.g.Explain(ev, schema.English))
			}
		}
		if len(said) != 2 || !strings.HasSuffix(said[0], tt.ja) || !strings.HasSuffix(said[1], tt.en) {
			t.Errorf("NoShipBothDraw %s: the battle's result reads %q, want it to end %q / %q", tt.setting, said, tt.ja, tt.en)
		}
	}
}
