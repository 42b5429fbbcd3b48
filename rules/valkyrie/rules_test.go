package valkyrie

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// clearPlayer moves every card of seat's draw pile, hand and discard pile
// (First Valkyries at the start) into the box.
func clearPlayer(t *testing.T, g *Game, seat int) {
	t.Helper()
	p := &g.pl[seat]
	for _, z := range []*[]int16{&p.deck, &p.hand, &p.discard} {
		for _, c := range *z {
			if g.ds(c).kind != kindFirst {
				t.Fatalf("clearPlayer: %s is not a First Valkyrie", g.ds(c).id)
			}
		}
		g.box = append(g.box, *z...)
		*z = (*z)[:0]
	}
	g.resync()
}

func countIDs(g *Game, piles ...[]int16) map[string]int {
	out := map[string]int{}
	for _, p := range piles {
		for _, c := range p {
			out[g.ds(c).id]++
		}
	}
	return out
}

// TestS_setup checks the setup for every table size: ten First Valkyries
// each in the same mix (G12), five in hand, the supply rows dealt (S6), the
// chosen monster's rage decks and the rest in the box (S4, G7), the VP pool.
func TestS_setup(t *testing.T) {
	e := shippedEngine(t)
	for _, n := range []int{2, 3, 4} {
		g := newTestGame(e, n, 0, uint64(n))
		mustCheck(t, g)
		for i := range g.pl {
			p := &g.pl[i]
			if len(p.hand) != 5 || len(p.deck) != 5 || len(p.discard) != 0 {
				t.Errorf("%dp P%d: hand %d deck %d discard %d, want 5 5 0", n, i+1, len(p.hand), len(p.deck), len(p.discard))
			}
			mix := countIDs(g, p.hand, p.deck)
			if mix["F01"] != 6 || mix["F02"] != 3 || mix["F03"] != 1 {
				t.Errorf("%dp P%d: starting mix %v, want F01 6, F02 3, F03 1", n, i+1, mix)
			}
		}
		for d := range 2 {
			if got := g.ids(g.rows[d]); slices.Contains(got, "-") {
				t.Errorf("%dp: %s rows %v not all dealt", n, deckNames[d], got)
			}
			if len(g.supply[d]) != 69 || len(g.trash[d]) != 0 || g.exhausted[d] {
				t.Errorf("%dp: %s deck %d trash %d exhausted %v", n, deckNames[d], len(g.supply[d]), len(g.trash[d]), g.exhausted[d])
			}
		}
		if len(g.rage) != 3 {
			t.Fatalf("%dp: %d rage decks, want 3", n, len(g.rage))
		}
		for r, deck := range g.rage {
			if len(deck) != 4 {
				t.Errorf("%dp: rage deck %d holds %d", n, r+1, len(deck))
			}
		}
		box := countIDs(g, g.box)
		firsts := box["F01"] + box["F02"] + box["F03"]
		weak := len(g.box) - firsts
		if firsts != 40-10*n || weak != 12 {
			t.Errorf("%dp: box holds %d First Valkyries and %d weaknesses, want %d and 12", n, firsts, weak, 40-10*n)
		}
		pool := 0
		for _, p := range g.pool {
			pool += len(p)
		}
		if pool != 40 {
			t.Errorf("%dp: VP pool %d, want 40", n, pool)
		}
	}
}

// TestS3_monsterChoice: the game index rotates the monster, and the Monster
// field (or SetMonster) forces one.
func TestS3_monsterChoice(t *testing.T) {
	e := shippedEngine(t)
	rng := rand.New(rand.NewPCG(1, 1))
	for i, want := range []int{0, 1, 0, 1} {
		if g := e.NewGame(sim.Config{Players: 2, Index: i}, rng).(*Game); g.monster != want {
			t.Errorf("index %d: monster %d, want %d", i, g.monster, want)
		}
	}
	if err := e.SetMonster("M2"); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		g := e.NewGame(sim.Config{Players: 2, Index: i}, rng).(*Game)
		if g.monster != 1 {
			t.Errorf("forced M2, index %d: monster %d", i, g.monster)
		}
		for _, deck := range g.rage {
			for _, c := range deck {
				if g.ds(c).monster != 1 {
					t.Errorf("forced M2: %s in a rage deck", g.ds(c).id)
				}
			}
		}
	}
	if err := e.SetMonster("M9"); err == nil {
		t.Error("SetMonster(M9) succeeded")
	}
}

// TestT1_firstTurnSkipsInvasion (X1): no invasion on the first player's
// first turn, but its rage tactic does resolve; the second turn invades.
func TestT1_firstTurnSkipsInvasion(t *testing.T) {
	e := shippedEngine(t)
	g := newTestGame(e, 3, 0, 1)
	before := [2][]string{g.ids(g.rows[0]), g.ids(g.rows[1])}
	if g.funds != 1 {
		t.Errorf("turn 1 funds %d, want 1 from the rage-1 tactic (funds +1)", g.funds)
	}
	if len(g.trash[0])+len(g.trash[1]) != 0 || len(g.supply[0]) != 69 {
		t.Errorf("turn 1 invaded: trash %d+%d, deck %d", len(g.trash[0]), len(g.trash[1]), len(g.supply[0]))
	}
	finishTurn(t, g)
	if g.active != 1 || g.funds != 1 {
		t.Fatalf("after P1: active P%d funds %d", g.active+1, g.funds)
	}
	for d := range 2 {
		after := g.ids(g.rows[d])
		if got := g.ids(g.trash[d]); !slices.Equal(got, before[d][:1]) {
			t.Errorf("%s trash %v, want the old front %v", deckNames[d], got, before[d][:1])
		}
		if !slices.Equal(after[:2], before[d][1:]) {
			t.Errorf("%s rows %v, want %v shifted forward", deckNames[d], after, before[d])
		}
	}
}

// TestT2_invasionShiftsRows (X2, X3): the front row is trashed, the rows
// shift forward and the back row is refilled; a gap moves forward unfilled.
func TestT2_invasionShiftsRows(t *testing.T) {
	tests := []struct {
		name         string
		rows, top    [2][3]string // front, middle, back; top of deck
		wantRows     [2][]string
		wantTrash    [2][]string
		wantDeckLoss int
		skipTop      bool
	}{
		{name: "full rows",
			rows:      [2][3]string{{"A01", "A02", "A03"}, {"B01", "B02", "B03"}},
			top:       [2][3]string{{"A04"}, {"B04"}},
			wantRows:  [2][]string{{"A02", "A03", "A04"}, {"B02", "B03", "B04"}},
			wantTrash: [2][]string{{"A01"}, {"B01"}}, wantDeckLoss: 1},
		{name: "bought middle slot",
			rows:      [2][3]string{{"A01", "", "A03"}, {"B01", "B02", "B03"}},
			top:       [2][3]string{{"A04"}, {"B04"}},
			wantRows:  [2][]string{{"-", "A03", "A04"}, {"B02", "B03", "B04"}},
			wantTrash: [2][]string{{"A01"}, {"B01"}}, wantDeckLoss: 1},
		{name: "empty front",
			rows:      [2][3]string{{"", "A02", "A03"}, {"", "", "B03"}},
			top:       [2][3]string{{"A05"}, {"B05"}},
			wantRows:  [2][]string{{"A02", "A03", "A05"}, {"-", "B03", "B05"}},
			wantTrash: [2][]string{{}, {}}, wantDeckLoss: 1},
	}
	e := shippedEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(e, 2, 0, 3)
			for d := range 2 {
				for s := range 3 {
					setSlot(t, g, d, s, tt.rows[d][s])
				}
				put(t, g, &g.supply[d], tt.top[d][0])
			}
			mustCheck(t, g)
			decks := [2]int{len(g.supply[0]), len(g.supply[1])}
			g.invadeOutOfTurn()
			mustCheck(t, g)
			for d := range 2 {
				if got := g.ids(g.rows[d]); !slices.Equal(got, tt.wantRows[d]) {
					t.Errorf("%s rows %v, want %v", deckNames[d], got, tt.wantRows[d])
				}
				if got := g.ids(g.trash[d]); !slices.Equal(got, tt.wantTrash[d]) {
					t.Errorf("%s trash %v, want %v", deckNames[d], got, tt.wantTrash[d])
				}
				if decks[d]-len(g.supply[d]) != tt.wantDeckLoss {
					t.Errorf("%s deck went from %d to %d", deckNames[d], decks[d], len(g.supply[d]))
				}
			}
		})
	}
}

// keepSupply leaves `keep` cards in deck d (the top ones), puts `trash`
// more on its 廃棄置場 and the rest in P2's discard pile.
func keepSupply(g *Game, d, keep, trash int) {
	s := g.supply[d]
	rest := s[:len(s)-keep]
	top := append([]int16(nil), s[len(s)-keep:]...)
	g.trash[d] = append(g.trash[d], rest[:trash]...)
	g.pl[1].discard = append(g.pl[1].discard, rest[trash:]...)
	g.supply[d] = append(g.supply[d][:0], top...)
	g.resync()
}

// TestT7_emptySupplyDeckTakesItsTrash (X4, G15, I9): the deck that gives its
// last card is marked run out and at once rebuilt from its 廃棄置場.
func TestT7_emptySupplyDeckTakesItsTrash(t *testing.T) {
	tests := []struct {
		name     string
		trash    int
		empty    []int // Assist slots emptied first
		wantDeck int   // after the first invasion
		wantBack bool  // the back row is filled after the second invasion
	}{
		{name: "seven in the trash", trash: 7, wantDeck: 8, wantBack: true},
		{name: "empty trash", trash: 0, wantDeck: 1, wantBack: true}, // the trashed front card is the new deck
		{name: "nothing left", trash: 0, empty: []int{rowFront, rowMiddle}, wantDeck: 0, wantBack: false},
	}
	e := shippedEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(e, 2, 0, 5)
			for _, s := range tt.empty {
				setSlot(t, g, deckAssist, s, "")
			}
			keepSupply(g, deckAssist, 1, tt.trash)
			mustCheck(t, g)
			g.invadeOutOfTurn()
			mustCheck(t, g)
			if !g.exhausted[deckAssist] || g.exhausted[deckBattle] || g.endTriggered {
				t.Errorf("flags %v, end %v; want Assist only, no end", g.exhausted, g.endTriggered)
			}
			if len(g.supply[deckAssist]) != tt.wantDeck || len(g.trash[deckAssist]) != 0 {
				t.Errorf("deck %d trash %d after the invasion, want %d and 0", len(g.supply[deckAssist]), len(g.trash[deckAssist]), tt.wantDeck)
			}
			g.invadeOutOfTurn()
			mustCheck(t, g)
			if back := g.rows[deckAssist][rowBack]; (back >= 0) != tt.wantBack {
				t.Errorf("rows %v after the second invasion", g.ids(g.rows[deckAssist]))
			}
			if !g.exhausted[deckAssist] {
				t.Error("the run-out flag was cleared")
			}
		})
	}
}

// TestE1_bothSupplyDecksRunOut: the end triggers once each deck has run out
// once, not at the same time, and flags stay set after a rebuilt deck.
func TestE1_bothSupplyDecksRunOut(t *testing.T) {
	e := shippedEngine(t)
	g := newTestGame(e, 2, 0, 6)
	keepSupply(g, deckAssist, 1, 5)
	g.invadeOutOfTurn()
	mustCheck(t, g)
	if !g.exhausted[deckAssist] || g.endTriggered {
		t.Fatalf("after Assist: flags %v end %v", g.exhausted, g.endTriggered)
	}
	keepSupply(g, deckBattle, 1, 0)
	g.invadeOutOfTurn()
	mustCheck(t, g)
	if !g.exhausted[deckBattle] || !g.endTriggered || g.endReason != endSupply {
		t.Errorf("after Battle: flags %v end %v reason %d", g.exhausted, g.endTriggered, g.endReason)
	}
}

// TestG3_exceedsMeansStrictlyGreater (X8): power must exceed durability
// (StrictExceed ○), or reach it (×). A destroyed weakness goes to the
// acquired area, its reward applies at once, and the next one is on top.
func TestG3_exceedsMeansStrictlyGreater(t *testing.T) {
	tests := []struct {
		strict bool
		power  int
		broke  bool
	}{
		{true, 5, false},
		{true, 6, true},
		{false, 5, true},
		{false, 4, false},
	}
	for _, tt := range tests {
		e := shippedEngine(t)
		e.strict = tt.strict
		g := newTestGame(e, 2, 0, 7)
		put(t, g, &g.rage[0], "W104") // durability 5, reward funds +1, 2 VP
		g.revealed = false            // face down: every amount is offered
		g.power = tt.power
		funds := g.funds
		attackWith(t, g, tt.power)
		top := g.ds(g.topWeakness()).id
		switch {
		case tt.broke && (top == "W104" || g.funds != funds+1 || !slices.Equal(g.ids(g.pl[0].gained), []string{"W104"}) || g.destroyed != 1):
			t.Errorf("strict %v power %d: not destroyed as it should be (top %s funds %d gained %v)", tt.strict, tt.power, top, g.funds, g.ids(g.pl[0].gained))
		case !tt.broke && (top != "W104" || len(g.pl[0].gained) != 0 || g.power != 0):
			t.Errorf("strict %v power %d: destroyed (top %s gained %v power %d)", tt.strict, tt.power, top, g.ids(g.pl[0].gained), g.power)
		}
		finishTurn(t, g)
		if tt.broke && !slices.Equal(g.ids(g.pl[0].vparea), []string{"W104"}) {
			t.Errorf("VP area %v after the turn, want [W104]", g.ids(g.pl[0].vparea))
		}
		if !tt.broke && len(g.pl[0].vparea) != 0 {
			t.Errorf("a failed attack gave %v (G4: nothing)", g.ids(g.pl[0].vparea))
		}
	}
}

// TestG4_attackConsolationVP: a failed attack gives nothing by default, and
// AttackConsolationVP once per turn when set; it turns the weakness face up.
func TestG4_attackConsolationVP(t *testing.T) {
	for _, consolation := range []int{0, 1, 2} {
		e := shippedEngine(t)
		e.consolation = consolation
		g := newTestGame(e, 2, 0, 8)
		put(t, g, &g.rage[0], "W104")
		g.revealed = false // face down: every amount is offered
		g.power = 4
		attackWith(t, g, 2)
		if got := g.pl[0].score; got != consolation {
			t.Errorf("consolation %d: a failed attack gave %d VP", consolation, got)
		}
		if has(g, kindIs(chAttack)) {
			t.Errorf("consolation %d: another attack offered with 2 power against durability 5 (pays once a turn)", consolation)
		}
	}
}

// TestG18_attackCommitsChosenPower: each attack takes the power it names
// and the rest stays for the next weakness. Against a face-up weakness the
// attack offered is the least power that destroys it (or 1 for the
// consolation VP); against a face-down one, every amount.
func TestG18_attackCommitsChosenPower(t *testing.T) {
	tests := []struct {
		name        string
		power       int
		reveal      bool
		strict      bool
		consolation int
		want        []int // attack amounts offered against W101 (durability 3)
	}{
		{"face up, enough power", 10, true, true, 0, []int{4}},
		{"face up, not strict", 10, true, false, 0, []int{3}},
		{"face up, too little power", 3, true, true, 0, nil},
		{"face up, consolation", 3, true, true, 1, []int{1}},
		{"face down", 4, false, true, 0, []int{1, 2, 3, 4}},
		{"no power", 0, false, true, 1, nil},
	}
	for _, tt := range tests {
		e := shippedEngine(t)
		e.reveal, e.strict, e.consolation = tt.reveal, tt.strict, tt.consolation
		g := newTestGame(e, 2, 0, 9)
		put(t, g, &g.rage[0], "W101")
		g.power = tt.power
		var got []int
		for _, c := range g.Choices(nil) {
			if c.Kind == chAttack {
				got = append(got, int(c.A))
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: attacks %v, want %v", tt.name, got, tt.want)
		}
	}

	e := shippedEngine(t)
	g := newTestGame(e, 2, 0, 9)
	put(t, g, &g.rage[0], "W103", "W101") // W101 (3) on top of W103 (4)
	g.power = 10
	attackWith(t, g, 4)
	attackWith(t, g, 5)
	if g.power != 1 || g.destroyed != 2 {
		t.Errorf("power %d destroyed %d, want 1 and 2", g.power, g.destroyed)
	}
}

// TestT13_conditionCheckedWhenPlayed (X9 and the five conditions): a 【】 is
// checked when the card is played, never again; "played" excludes the card
// itself and First Valkyries count only as First/Any; "hand" excludes the card.
func TestT13_conditionCheckedWhenPlayed(t *testing.T) {
	tests := []struct {
		cond  string
		name  string
		cards []string // the hand; the cards to play when nil
		setup func(t *testing.T, g *Game)
		order []string // cards to play, in order
		funds int      // after playing (the rage-1 tactic gives 1)
		power int
		hand  int // cards left in hand, -1 to skip
	}{
		{cond: "played", name: "Battle after グン", order: []string{"B02", "B01"}, funds: 1, power: 4, hand: -1},
		{cond: "played", name: "グン after a Battle", order: []string{"B01", "B02"}, funds: 1, power: 5, hand: -1},
		{cond: "played", name: "a First is not Battle", order: []string{"F02", "B02"}, funds: 1, power: 3, hand: -1},
		{cond: "played", name: "フレック after an Assist", order: []string{"A02", "A05"}, funds: 6, power: 0, hand: -1},
		{cond: "played", name: "フレック alone", order: []string{"A05"}, funds: 3, power: 0, hand: -1},
		{cond: "hand", name: "エルルーン with one other card", cards: []string{"A09", "F01"}, order: []string{"A09"}, funds: 2, hand: 3},
		{cond: "hand", name: "エルルーン with two other cards", cards: []string{"A09", "F01", "F01"}, order: []string{"A09"}, funds: 2, hand: 2},
		{cond: "rage", name: "シグルーン at rage 1", order: []string{"B11"}, funds: 1, power: 4, hand: -1},
		{cond: "rage", name: "シグルーン at rage 2", order: []string{"B11"}, funds: 1, power: 6, hand: -1,
			setup: func(t *testing.T, g *Game) {
				g.pl[1].vparea = append(g.pl[1].vparea, g.rage[0]...)
				g.rage[0] = g.rage[0][:0]
				g.resync()
			}},
		{cond: "destroyed", name: "ロタ before destroying", order: []string{"B06"}, funds: 1, power: 3, hand: -1},
		{cond: "destroyed", name: "ロタ after destroying", order: []string{"B06"}, funds: 3, power: 3, hand: -1,
			setup: func(t *testing.T, g *Game) {
				put(t, g, &g.rage[0], "W101") // durability 3, reward gain_vp 1
				g.power = 4
				attackWith(t, g, 4)
				g.funds = 1
			}},
	}
	e := shippedEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(e, 2, 0, 10)
			cards := tt.cards
			if cards == nil {
				cards = tt.order
			}
			setHand(t, g, 0, cards...)
			if tt.setup != nil {
				tt.setup(t, g)
			}
			for _, id := range tt.order {
				play(t, g, id)
			}
			if g.funds != tt.funds || g.power != tt.power || (tt.hand >= 0 && len(g.pl[0].hand) != tt.hand) {
				t.Errorf("funds %d power %d hand %d; want %d %d %d", g.funds, g.power, len(g.pl[0].hand), tt.funds, tt.power, tt.hand)
			}
		})
	}
	// "gained" is an end: condition; see TestT22. Every condition of the
	// vocabulary has a case here or there.
	covered := map[string]bool{"gained": true}
	for _, tt := range tests {
		covered[tt.cond] = true
	}
	for name := range condCode {
		if !covered[name] {
			t.Errorf("condition %q has no case", name)
		}
	}
}

// TestT16_buyIntoAcquiredArea (X10, G8): buying spends funds; the card goes
// to the acquired area, can't be played this turn, and is discarded at the end.
func TestT16_buyIntoAcquiredArea(t *testing.T) {
	e := shippedEngine(t)
	g := newTestGame(e, 2, 0, 11)
	setHand(t, g, 0, "F01", "F01")
	setSlot(t, g, deckAssist, rowFront, "A02") // cost 3
	setSlot(t, g, deckBattle, rowFront, "B01") // cost 2
	play(t, g, "F01")
	play(t, g, "F01")
	if g.funds != 3 {
		t.Fatalf("funds %d, want 3", g.funds)
	}
	a02 := designOf(t, e, "A02")
	apply(t, g, func(c sim.Choice) bool { return c.Kind == chBuy && c.C == a02 })
	if g.funds != 0 || !slices.Equal(g.ids(g.pl[0].gained), []string{"A02"}) || g.rows[deckAssist][rowFront] != -1 {
		t.Errorf("funds %d gained %v front %v", g.funds, g.ids(g.pl[0].gained), g.ids(g.rows[deckAssist]))
	}
	if has(g, kindIs(chPlay)) || has(g, kindIs(chBuy)) {
		t.Errorf("after buying: %v", g.Choices(nil))
	}
	finishTurn(t, g)
	if !slices.Contains(g.ids(g.pl[0].discard), "A02") && !slices.Contains(g.ids(g.pl[0].hand), "A02") && !slices.Contains(g.ids(g.pl[0].deck), "A02") {
		t.Errorf("A02 is not among P1's cards after the turn")
	}
	if len(g.pl[0].gained) != 0 {
		t.Errorf("acquired area %v after the turn", g.ids(g.pl[0].gained))
	}
}

// TestT24_cleanupAndReshuffle (X11, T28, I12): play area, hand and gained
// Valkyries go to the discard pile, weaknesses and VP cards to the VP area;
// the draw reshuffles the discard pile when the draw pile runs short.
func TestT24_cleanupAndReshuffle(t *testing.T) {
	e := shippedEngine(t)
	g := newTestGame(e, 2, 0, 12)
	clearPlayer(t, g, 0)
	p := &g.pl[0]
	put(t, g, &p.deck, "F02", "F02", "F02")
	put(t, g, &p.discard, "F01", "F01", "F01", "F01")
	put(t, g, &p.hand, "F01", "F01", "F01")
	play(t, g, "F01")
	play(t, g, "F01")
	put(t, g, &p.gained, "A01", "W101", "V1")
	g.gainedN = 1
	mustCheck(t, g)
	apply(t, g, kindIs(chEndPlay))
	if len(p.hand) != 5 || len(p.deck) != 6 || len(p.discard) != 0 {
		t.Errorf("hand %d deck %d discard %d, want 5 6 0", len(p.hand), len(p.deck), len(p.discard))
	}
	if got := countIDs(g, p.vparea); got["W101"] != 1 || got["V1"] != 1 || len(p.vparea) != 2 {
		t.Errorf("VP area %v", g.ids(p.vparea))
	}
	if got := countIDs(g, p.deck, p.hand); got["W101"]+got["V1"] != 0 || got["A01"] != 1 {
		t.Errorf("deck and hand %v", got)
	}

	// G20: with too few cards in all, the hand is what there is.
	g = newTestGame(e, 2, 0, 12)
	clearPlayer(t, g, 0)
	put(t, g, &g.pl[0].discard, "F01", "F01")
	apply(t, g, kindIs(chEndPlay))
	if len(g.pl[0].hand) != 2 {
		t.Errorf("hand %d, want the 2 cards there are", len(g.pl[0].hand))
	}
}

// TestT22_endOfTurnAbilities (X12, T23, G17): end: abilities of played cards
// resolve in the order chosen, "may" ones may be declined, and all before the
// cleanup. シグルドリーヴァ's 【入手数 ≥ 2】 is judged when it is played (T13):
// the two buys come first.
func TestT22_endOfTurnAbilities(t *testing.T) {
	e := shippedEngine(t)
	a10, a12 := designOf(t, e, "A10"), designOf(t, e, "A12")
	for _, buys := range []int{0, 2} {
		g := newTestGame(e, 2, 0, 13)
		setHand(t, g, 0, "A10", "A12", "F03")
		for range buys {
			g.funds = 9
			apply(t, g, kindIs(chBuy))
		}
		play(t, g, "A10") // end: may trash 1
		play(t, g, "A12") // end: [gained >= 2] gain_vp 2
		apply(t, g, kindIs(chEndPlay))
		if g.step != stEndOrder || len(g.pl[0].play) != 2 || len(g.pl[0].hand) != 1 {
			t.Fatalf("buys %d: step %d play %d hand %d; want the order choice before cleanup", buys, g.step, len(g.pl[0].play), len(g.pl[0].hand))
		}
		var offered []string
		for _, c := range g.Choices(nil) {
			offered = append(offered, g.e.designs[c.B].id+map[int16]string{0: "-", 1: "+"}[c.C])
		}
		want := map[int][]string{0: {"A10+", "A10-"}, 2: {"A10+", "A10-", "A12+"}}[buys]
		if !slices.Equal(offered, want) {
			t.Errorf("buys %d: offered %v, want %v", buys, offered, want)
		}
		if buys == 2 {
			apply(t, g, func(c sim.Choice) bool { return c.Kind == chEndAbility && c.B == a12 && c.C == 1 })
			if vp := countIDs(g, g.pl[0].gained)["V2"]; vp != 1 {
				t.Errorf("シグルドリーヴァ gave %d V2, want 1", vp)
			}
		}
		apply(t, g, func(c sim.Choice) bool { return c.Kind == chEndAbility && c.B == a10 && c.C == 1 })
		if g.step != stTrash {
			t.Fatalf("buys %d: step %d after resolving the trash, want stTrash", buys, g.step)
		}
		apply(t, g, kindIs(chTrash))
		if g.active != 1 || countIDs(g, g.box)["F03"] != 2 {
			t.Errorf("buys %d: active P%d, F03 in box %d (want P2 and 2: the trashed one is back)", buys, g.active+1, countIDs(g, g.box)["F03"])
		}
	}
}

// TestT13_endConditionJudgedWhenPlayed: ゲイルスケグル reads
// "end: 【this turn you destroyed a weakness】 gain 1 VP". By default
// (EndConditionAtPlay ○, the seed's 「使用した時点で」) the 【】 is judged
// when the card is played and remembered: a weakness destroyed afterwards
// pays nothing. With EndConditionAtPlay × it is judged at the end of the turn.
func TestT13_endConditionJudgedWhenPlayed(t *testing.T) {
	tests := []struct {
		atPlay      string
		playFirst   bool // play ゲイルスケグル before destroying the weakness
		vp          int  // V1 cards gained
		condFailure bool // the replay says the condition failed when played
	}{
		{"○", true, 0, true},
		{"○", false, 1, false},
		{"×", true, 1, false},
		{"×", false, 1, false},
	}
	for _, tt := range tests {
		e, err := New(loadData(t, withRules(t, "EndConditionAtPlay", tt.atPlay)))
		if err != nil {
			t.Fatal(err)
		}
		g := newTestGame(e, 2, 0, 13)
		setHand(t, g, 0, "B09")
		put(t, g, &g.rage[0], "W104") // durability 5, reward funds +1
		destroy := func() {
			g.power = 6
			attackWith(t, g, 6)
			if g.destroyed != 1 {
				t.Fatalf("the weakness was not destroyed")
			}
		}
		if !tt.playFirst {
			destroy()
		}
		play(t, g, "B09")
		if tt.playFirst {
			destroy()
		}
		var told []string
		g.Apply(find(t, g, kindIs(chEndPlay)), func(ev sim.Event) {
			if ev.Kind == evCondFailed {
				told = append(told, g.Explain(ev, schema.English))
			}
		})
		mustCheck(t, g)
		if got := countIDs(g, g.pl[0].vparea)["V1"]; got != tt.vp {
			t.Errorf("EndConditionAtPlay %s, played first %v: %d V1, want %d", tt.atPlay, tt.playFirst, got, tt.vp)
		}
		if failed := len(told) == 1 && strings.Contains(told[0], "when it was played"); failed != tt.condFailure {
			t.Errorf("EndConditionAtPlay %s, played first %v: told %q", tt.atPlay, tt.playFirst, told)
		}
	}
}

// TestT9_optionalRageTactic (X13, G22): a "may" tactic can be declined by the
// active player; a plain one resolves before the playing phase.
func TestT9_optionalRageTactic(t *testing.T) {
	e := shippedEngine(t)
	for _, yes := range []int16{0, 1} {
		g := newTestGame(e, 3, 1, 14) // M2 rage 1: may draw 1
		if g.step != stMay || g.phase != phTactics || g.Seat() != 0 {
			t.Fatalf("step %d phase %d seat %d, want the may question", g.step, g.phase, g.Seat())
		}
		apply(t, g, func(c sim.Choice) bool { return c.Kind == chMay && c.A == yes })
		if want := 5 + int(yes); len(g.pl[0].hand) != want || g.step != stMain || g.funds != 0 {
			t.Errorf("answer %d: hand %d step %d funds %d, want hand %d in the playing phase", yes, len(g.pl[0].hand), g.step, g.funds, want)
		}
	}
}

// TestG5_rageGoesUp (X14): destroying the last rage-1 weakness makes rage 2
// current: its tactic applies next turn and attacks hit rage deck 2.
func TestG5_rageGoesUp(t *testing.T) {
	e := shippedEngine(t)
	g := newTestGame(e, 2, 0, 15)
	top := g.rage[0][len(g.rage[0])-1]
	g.pl[1].vparea = append(g.pl[1].vparea, g.rage[0][:len(g.rage[0])-1]...)
	g.rage[0] = append(g.rage[0][:0], top)
	g.resync()
	mustCheck(t, g)
	g.power = 9
	apply(t, g, kindIs(chAttack))
	if g.curRage() != 2 || g.ds(g.topWeakness()).rage != 2 {
		t.Fatalf("rage %d, top weakness rage %d", g.curRage(), g.ds(g.topWeakness()).rage)
	}
	finishTurn(t, g)
	// M1 rage 2: harden 1; may trash 1.
	if g.harden != 1 {
		t.Errorf("harden %d on P2's turn, want 1 from the rage-2 tactic", g.harden)
	}
}

// playToTurn finishes turns until turn number n (all seats together) is the
// active one.
func playToTurn(t *testing.T, g *Game, n int) {
	t.Helper()
	for g.turns < n && !g.over {
		finishTurn(t, g)
	}
}

// TestE4_equalTurnsFinish (X5, X6, I16): once the end triggers, play goes on
// until every seat has had the same number of turns.
func TestE4_equalTurnsFinish(t *testing.T) {
	e := shippedEngine(t)
	for _, n := range []int{2, 3, 4} {
		for s := range n {
			g := newTestGame(e, n, 0, uint64(16+s))
			playToTurn(t, g, n+s) // the turn before seat s's second turn
			g.exhausted[deckBattle] = true
			keepSupply(g, deckAssist, 1, 3)
			mustCheck(t, g)
			finishTurn(t, g)
			if !g.endTriggered || g.active != s {
				t.Fatalf("%dp trigger on P%d: end %v active P%d", n, s+1, g.endTriggered, g.active+1)
			}
			rest := 0
			for !g.over {
				finishTurn(t, g)
				rest++
			}
			if rest != n-s {
				t.Errorf("%dp trigger on P%d: %d more turns ended, want %d", n, s+1, rest, n-s)
			}
			for i := range g.pl {
				if g.pl[i].turns != 2 {
					t.Errorf("%dp trigger on P%d: P%d took %d turns, want 2", n, s+1, i+1, g.pl[i].turns)
				}
			}
			if len(g.Choices(nil)) != 0 {
				t.Errorf("choices after the end")
			}
		}
	}
}

// TestE2_allWeaknessesDestroyed (X7, G6): the round is played out (the
// WeaknessEndsAtOnce rule ends the game at once instead); with no weakness
// left there is no attack and the highest rage's tactic applies.
func TestE2_allWeaknessesDestroyed(t *testing.T) {
	for _, atOnce := range []bool{false, true} {
		e := shippedEngine(t)
		e.endsAtOnce = atOnce
		g := newTestGame(e, 3, 0, 20)
		finishTurn(t, g) // P2's turn
		var last int16 = -1
		for r := range g.rage {
			for _, c := range g.rage[r] {
				if g.ds(c).id == "W304" {
					last = c
				} else {
					g.pl[2].vparea = append(g.pl[2].vparea, c)
				}
			}
			g.rage[r] = g.rage[r][:0]
		}
		g.rage[2] = append(g.rage[2], last)
		g.resync()
		mustCheck(t, g)
		g.power = 20
		apply(t, g, kindIs(chAttack))
		if !g.endTriggered || g.endReason != endWeakness || g.curRage() != 3 {
			t.Fatalf("atOnce %v: end %v reason %d rage %d", atOnce, g.endTriggered, g.endReason, g.curRage())
		}
		if atOnce {
			if !g.over || g.turns != 2 {
				t.Errorf("WeaknessEndsAtOnce: over %v after %d turns", g.over, g.turns)
			}
			continue
		}
		finishTurn(t, g) // P3's turn: rage 3 tactic each_discard 1; harden 2
		for g.step == stDiscard {
			apply(t, g, kindIs(chDiscard))
		}
		g.power = 5
		if g.active != 2 || g.harden != 2 || has(g, kindIs(chAttack)) {
			t.Errorf("P3's turn: active P%d harden %d attack offered %v", g.active+1, g.harden, has(g, kindIs(chAttack)))
		}
		finishTurn(t, g)
		if !g.over || g.turns != 3 {
			t.Errorf("over %v after %d turns, want after 3", g.over, g.turns)
		}
	}
}

// TestE10_tieBreak (X15, E7, E8, G14): the score is the VP of every owned
// Valkyrie plus the VP area; a tie goes to the earlier seat.
func TestE10_tieBreak(t *testing.T) {
	tests := []struct {
		name   string
		cards  [3][]string // per seat: into the VP area (weakness, VP) or the discard pile (Valkyries)
		scores []int
		winner int
	}{
		{"nobody scores", [3][]string{{}, {}, {}}, []int{0, 0, 0}, 0},
		{"B and C tie", [3][]string{{"V2", "V2", "V1"}, {"A12", "V2", "V2"}, {"V2", "V2", "V2", "V1"}}, []int{5, 7, 7}, 1},
		{"C ahead", [3][]string{{"V2", "V2", "V1"}, {"A12", "V2", "V2"}, {"V2", "V2", "V2", "V2"}}, []int{5, 7, 8}, 2},
		{"a weakness counts", [3][]string{{"W304"}, {"B12", "V2"}, {"V1"}}, []int{6, 4, 1}, 0},
	}
	e := shippedEngine(t)
	for _, tt := range tests {
		g := newTestGame(e, 3, 0, 21)
		for seat, ids := range tt.cards {
			for _, id := range ids {
				pile := &g.pl[seat].vparea
				if id[0] == 'A' || id[0] == 'B' {
					pile = &g.pl[seat].discard
				}
				put(t, g, pile, id)
			}
		}
		mustCheck(t, g)
		if got := g.Scores(nil); !slices.Equal(got, tt.scores) || g.Winner() != tt.winner {
			t.Errorf("%s: scores %v winner P%d, want %v P%d", tt.name, got, g.Winner()+1, tt.scores, tt.winner+1)
		}
	}
}

// TestCheckCatchesEveryBrokenInvariant: Check reports each kind of
// broken state, one case (at least) for every moment invariant of the
// checklist, I1–I18 and the end trigger. A break that moves cards marks the
// zones it changed, as the engine does, except in the two cases that show an
// unmarked move is caught too.
func TestCheckCatchesEveryBrokenInvariant(t *testing.T) {
	tests := []struct {
		want   string
		name   string
		break_ func(g *Game)
	}{
		{"I1", "a card twice", func(g *Game) {
			g.pl[0].discard = append(g.pl[0].discard, g.pl[0].hand[0])
			g.touch(zDiscard, 0, 0)
		}},
		{"I1", "a card taken from a zone nobody marked", func(g *Game) {
			s := g.supply[0]
			g.trash[0] = append(g.trash[0], s[len(s)-1])
			g.supply[0] = s[:len(s)-1]
			g.touch(zTrash, 0, 0)
		}},
		{"I3 (I1)", "a card put into a zone nobody marked", func(g *Game) {
			p := &g.pl[0]
			g.box = append(g.box, p.hand[0])
			p.hand = p.hand[1:]
			g.touch(zHand, 0, noNew)
		}},
		{"I1: card #", "a card moved into a seat's own cards marked as come from nowhere", func(g *Game) {
			p := &g.pl[0]
			p.discard = append(p.discard, g.box[len(g.box)-1])
			g.box = g.box[:len(g.box)-1]
			g.touch(zBox, 0, noNew)
			g.touch(zDeck, 0, noNew)
		}},
		{"I1", "an arrival told of a card still in the box", func(g *Game) { g.arrive(0, g.box[0]) }},
		{"I2", "a Valkyrie lost", func(g *Game) { g.supply[0] = g.supply[0][1:]; g.touch(zSupply, 0, 0) }},
		{"I3", "a First Valkyrie lost", func(g *Game) { g.pl[1].deck = g.pl[1].deck[1:]; g.touch(zDeck, 1, 0) }},
		{"I4", "a weakness lost", func(g *Game) { g.rage[1] = g.rage[1][1:]; g.touch(zRage, 1, 0) }},
		{"I5", "a VP card lost", func(g *Game) { g.pool[0] = g.pool[0][1:]; g.touch(zPool, 0, 0) }},
		{"I6", "a weakness in hand", func(g *Game) {
			c := g.rage[0][len(g.rage[0])-1]
			g.rage[0] = g.rage[0][:len(g.rage[0])-1]
			g.pl[0].hand = append(g.pl[0].hand, c)
			g.touch(zRage, 0, 0)
			g.touch(zHand, 0, 0)
		}},
		{"I6", "the decks' rows swapped", func(g *Game) {
			g.rows[0][0], g.rows[1][0] = g.rows[1][0], g.rows[0][0]
			g.touch(zRow, 0, 0)
			g.touch(zRow, 1, 0)
		}},
		{"I6", "a weakness in the wrong rage deck", func(g *Game) {
			c := g.rage[0][0]
			g.rage[0] = g.rage[0][1:]
			g.rage[1] = append(g.rage[1], c)
			g.touch(zRage, 0, 0)
			g.touch(zRage, 1, 0)
		}},
		{"I7", "a fourth row slot", func(g *Game) { g.rows[0] = append(g.rows[0], -1); g.touch(zRow, 0, 0) }},
		{"I8", "a back-row hole with cards to refill it", func(g *Game) { g.refill[1] = refilled{holes: 1, supply: 40} }},
		{"I9", "an empty deck beside a full trash pile", func(g *Game) {
			g.trash[0] = append(g.trash[0], g.supply[0]...)
			g.supply[0] = g.supply[0][:0]
			g.touch(zSupply, 0, 0)
			g.touch(zTrash, 0, 0)
		}},
		{"I10", "negative funds", func(g *Game) { g.funds = -1 }},
		{"I10", "power carried into phase 2", func(g *Game) { g.atPhase2[1] = 2 }},
		{"I11", "cards in play outside one's turn", func(g *Game) {
			c := g.pl[1].hand[0]
			g.pl[1].hand = g.pl[1].hand[1:]
			g.pl[1].play = append(g.pl[1].play, c)
			g.touch(zHand, 1, 0)
			g.touch(zPlay, 1, 0)
		}},
		{"I12", "a new hand larger than the draw", func(g *Game) {
			g.draws[0], g.nDraws = drew{want: 5, avail: 10, got: 5, hand: 6, phase: phEnd}, 1
		}},
		{"I13", "a draw short of the cards there were", func(g *Game) {
			g.draws[0], g.nDraws = drew{want: 2, avail: 5, got: 1, hand: 5, deck: 4, phase: phPlay, effect: true}, 1
		}},
		{"I13", "a short draw that left a discard pile", func(g *Game) {
			g.draws[0], g.nDraws = drew{want: 2, avail: 1, got: 1, hand: 5, discard: 3, phase: phPlay, effect: true}, 1
		}},
		{"I14", "an invasion on the first turn", func(g *Game) { g.invasions = 1 }},
		{"I15", "a later seat ahead", func(g *Game) { g.pl[1].turns = 2 }},
		{"I16", "a turn begun after the end round", func(g *Game) {
			g.exhausted = [2]bool{true, true}
			g.endTriggered, g.endRound = true, 0
		}},
		{"I17", "phase 4 before phase 3", func(g *Game) { g.phaseLog = 0x243 }},
		{"I17", "a card played in phase 2", func(g *Game) { g.phaseLog, g.playedAny = 0x2, 1 }},
		{"I17", "a draw outside the end of turn and any effect", func(g *Game) {
			g.draws[0], g.nDraws = drew{want: 1, avail: 5, got: 1, hand: 6, deck: 4, phase: phPlay}, 1
		}},
		{"I18", "a running score off", func(g *Game) { g.pl[0].score = 3 }},
		{"E1/E2", "run-out flags without the end trigger", func(g *Game) { g.exhausted = [2]bool{true, true} }},
	}
	e := shippedEngine(t)
	seen := map[string]bool{}
	for _, tt := range tests {
		g := newTestGame(e, 2, 0, 22)
		mustCheck(t, g)
		tt.break_(g)
		g.recheckTurn()
		err := g.Check()
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: want a %s error, got %v", tt.name, tt.want, err)
		}
		seen[strings.Fields(tt.want)[0]] = true
	}
	for _, inv := range []string{"I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8", "I9", "I10", "I11", "I12", "I13", "I14", "I15", "I16", "I17", "I18"} {
		if !seen[inv] {
			t.Errorf("no case breaks %s", inv)
		}
	}
}

// TestI15_TurnCountsSpanAtMostOneTurn: in a 3-player game where each seat
// has begun at most the turns of the seat before it and the counts add up
// to the game's (so only the span of the counts is wrong), the first seat
// two turns ahead of the last breaks I15; one turn ahead is how a round
// goes.
func TestI15_TurnCountsSpanAtMostOneTurn(t *testing.T) {
	e := shippedEngine(t)
	for _, tt := range []struct {
		turns [3]int
		bad   bool
	}{
		{[3]int{2, 2, 1}, false},
		{[3]int{2, 1, 1}, false},
		{[3]int{3, 2, 1}, true},
		{[3]int{3, 3, 1}, true},
	} {
		g := newTestGame(e, 3, 0, 22)
		mustCheck(t, g)
		sum := 0
		for i, n := range tt.turns {
			g.pl[i].turns = n
			sum += n
		}
		g.turns, g.invasions = sum, sum-1 // I14: every turn but the first invades
		g.phaseLog = 0x123                // I17: a turn past the first begins with phase 1
		g.recheckTurn()
		err := g.Check()
		if bad := err != nil && strings.HasPrefix(err.Error(), "I15: turn counts"); bad != tt.bad || !tt.bad && err != nil {
			t.Errorf("turn counts %v: Check() = %v, want an I15 error %v", tt.turns, err, tt.bad)
		}
	}
}

// TestStepCatchesBrokenTransitions: CheckStep reports each kind
// of broken change between two decisions (I14–I17); the first call after a
// good step passes.
func TestStepCatchesBrokenTransitions(t *testing.T) {
	tests := []struct {
		want   string
		name   string
		break_ func(g *Game)
	}{
		{"I14", "a weakness back in its rage deck", func(g *Game) {
			g.rage[0] = append(g.rage[0], g.rage[0][0]) // a copy: only the count matters to CheckStep
		}},
		{"I14", "a run-out flag cleared", func(g *Game) { g.exhausted[0] = false }},
		{"I14", "the end trigger cleared", func(g *Game) { g.endTriggered = false }},
		{"I14", "the end round moved", func(g *Game) { g.endRound++ }},
		{"I15", "a turn count going down as a turn begins", func(g *Game) { g.turns, g.lastLog = g.turns+1, 0x234; g.pl[0].turns-- }},
		{"I15", "two turns in one decision", func(g *Game) { g.turns += 2 }},
		{"I17", "a phase undone", func(g *Game) { g.phaseLog >>= 4 }},
		{"I17", "a card played in phase 2", func(g *Game) { g.playedAny++ }},
		{"I17", "a card bought in phase 2", func(g *Game) { g.bought++ }},
		{"I17", "a turn that ended before phase 4", func(g *Game) { g.turns++; g.lastLog = 0x123 }},
	}
	e := shippedEngine(t)
	seen := map[string]bool{}
	for _, tt := range tests {
		g := newTestGame(e, 2, 0, 23)
		g.phaseLog = 0x2 // as while a "may" tactic waits in phase 2
		g.exhausted[0], g.endTriggered, g.endRound = true, true, 1
		if err := g.CheckStep(); err != nil {
			t.Fatalf("%s: the first CheckStep: %v", tt.name, err)
		}
		if err := g.CheckStep(); err != nil {
			t.Fatalf("%s: an unchanged step: %v", tt.name, err)
		}
		tt.break_(g)
		if err := g.CheckStep(); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: want a %s error, got %v", tt.name, tt.want, err)
		}
		seen[tt.want] = true
	}
	for _, inv := range []string{"I14", "I15", "I17"} {
		if !seen[inv] {
			t.Errorf("no case breaks %s", inv)
		}
	}
}

// TestI16_aGameEndsWithTheRoundAfterTheEndTrigger: a game over (not by an
// immediate end) had its end triggered and every seat played as many turns;
// a game over without the trigger, or with the last seat a turn behind,
// breaks I16.
func TestI16_aGameEndsWithTheRoundAfterTheEndTrigger(t *testing.T) {
	e := shippedEngine(t)
	for _, tt := range []struct {
		name      string
		triggered bool
	}{
		{"over with no end trigger", false},
		{"over with the last seat a turn behind", true},
	} {
		g := newTestGame(e, 2, 0, 22)
		mustCheck(t, g)
		if g.pl[0].turns != 1 || g.pl[1].turns != 0 {
			t.Fatalf("turn counts %d and %d at the start, want 1 and 0", g.pl[0].turns, g.pl[1].turns)
		}
		if tt.triggered {
			g.exhausted = [2]bool{true, true} // E1: both supply decks ran out
			g.endTriggered, g.endRound = true, 1
		}
		g.over = true
		if err := g.Check(); err == nil || !strings.HasPrefix(err.Error(), "I16: the game ended with turn counts 0..1") {
			t.Errorf("%s: Check() = %v, want an I16 error", tt.name, err)
		}
	}
}

// TestCheck_aGameNotOverWaitsForADecision: a game that is not over always
// waits for some decision; one that waits for none is a violation, not a
// harness that stalls.
func TestCheck_aGameNotOverWaitsForADecision(t *testing.T) {
	g := newTestGame(shippedEngine(t), 2, 0, 22)
	mustCheck(t, g)
	g.step = stNone
	if err := g.Check(); err == nil || !strings.Contains(err.Error(), "the game waits for no decision") {
		t.Errorf("Check() = %v, want the game waiting for no decision reported", err)
	}
}
