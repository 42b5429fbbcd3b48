package valkyrie

import (
	"slices"
	"testing"

	"bifrost/rules/sim"
)

// verbCases gives every verb of the valkyrie vocabularies its meaning in a
// test. TestEffects_everyVerbIsImplemented fails when a verb lacks one.
var verbCases = map[string]func(t *testing.T){
	"funds": func(t *testing.T) {
		e, x := testEngine(t, "funds +2")
		g := newTestGame(e, 2, 0, 30)
		g.startTactic(x[0])
		if g.funds != 3 {
			t.Errorf("funds %d, want 1+2", g.funds)
		}
	},
	"power": func(t *testing.T) {
		e, x := testEngine(t, "power +3")
		g := newTestGame(e, 2, 0, 30)
		g.startTactic(x[0])
		if g.power != 3 {
			t.Errorf("power %d, want 3", g.power)
		}
	},
	"draw": func(t *testing.T) {
		e, x := testEngine(t, "draw 2", "draw 5")
		g := newTestGame(e, 2, 0, 30)
		g.startTactic(x[0])
		if len(g.pl[0].hand) != 7 || len(g.pl[0].deck) != 3 {
			t.Errorf("hand %d deck %d, want 7 and 3", len(g.pl[0].hand), len(g.pl[0].deck))
		}
		g.startTactic(x[1]) // 3 in the deck, none in the discard pile: draw what there is
		mustCheck(t, g)
		if len(g.pl[0].hand) != 10 {
			t.Errorf("hand %d, want all 10 cards", len(g.pl[0].hand))
		}
	},
	"discard": func(t *testing.T) {
		e, x := testEngine(t, "card:discard 2")
		g := newTestGame(e, 2, 0, 30)
		setHand(t, g, 0, "F01", "F02", "A01")
		discards := len(g.pl[0].discard)
		g.startTactic(x[0])
		if g.step != stDiscard || g.Seat() != 0 || len(g.Choices(nil)) != 3 {
			t.Fatalf("step %d seat %d choices %v", g.step, g.Seat(), g.Choices(nil))
		}
		f02 := designOf(t, e, "F02")
		apply(t, g, func(c sim.Choice) bool { return c.Kind == chDiscard && c.B == f02 })
		apply(t, g, kindIs(chDiscard))
		if len(g.pl[0].hand) != 1 || len(g.pl[0].discard) != discards+2 || g.step != stMain {
			t.Errorf("hand %v discard +%d step %d", g.ids(g.pl[0].hand), len(g.pl[0].discard)-discards, g.step)
		}
		setHand(t, g, 0, "F01", "F01", "F01") // one design only: nothing to choose
		g.startTactic(x[0])
		if len(g.pl[0].hand) != 1 || g.step != stMain {
			t.Errorf("forced discard: hand %d step %d", len(g.pl[0].hand), g.step)
		}
	},
	"trash": func(t *testing.T) {
		e, x := testEngine(t, "trash 2")
		g := newTestGame(e, 2, 0, 30)
		setHand(t, g, 0, "A10", "F01", "F02")
		box := len(g.box)
		g.startTactic(x[0])
		a10, f01 := designOf(t, e, "A10"), designOf(t, e, "F01")
		if g.step != stTrash || !has(g, kindIs(chStop)) {
			t.Fatalf("step %d choices %v", g.step, g.Choices(nil))
		}
		apply(t, g, func(c sim.Choice) bool { return c.Kind == chTrash && c.B == a10 })
		apply(t, g, func(c sim.Choice) bool { return c.Kind == chTrash && c.B == f01 })
		if got := g.ids(g.trash[deckAssist]); !slices.Equal(got, []string{"A10"}) || len(g.box) != box+1 {
			t.Errorf("Assist trash %v, box +%d; want [A10] and the First Valkyrie in the box", got, len(g.box)-box)
		}
		if g.step != stMain || len(g.pl[0].hand) != 1 || g.pl[0].score != 0 {
			t.Errorf("step %d hand %d score %d", g.step, len(g.pl[0].hand), g.pl[0].score)
		}
		g.startTactic(x[0]) // up to n: stopping at once is allowed
		apply(t, g, kindIs(chStop))
		if len(g.pl[0].hand) != 1 || g.step != stMain {
			t.Errorf("after stop: hand %d step %d", len(g.pl[0].hand), g.step)
		}
	},
	"gain_vp": func(t *testing.T) {
		e, x := testEngine(t, "gain_vp 3")
		g := newTestGame(e, 2, 0, 30)
		g.startTactic(x[0])
		if got := countIDs(g, g.pl[0].gained); got["V2"] != 1 || got["V1"] != 1 || g.pl[0].score != 3 {
			t.Errorf("gain_vp 3 took %v, want one V2 and one V1", got)
		}
		k := slices.Index(e.vpOrder, designOf(t, e, "V2"))
		g.pl[1].vparea = append(g.pl[1].vparea, g.pool[k]...) // no V2 left
		g.pool[k] = g.pool[k][:0]
		g.resync()
		g.startTactic(x[0])
		if got := countIDs(g, g.pl[0].gained); got["V1"] != 4 {
			t.Errorf("without V2: %v, want three more V1", got)
		}
		for k := range g.pool {
			g.pl[1].vparea = append(g.pl[1].vparea, g.pool[k]...)
			g.pool[k] = g.pool[k][:0]
		}
		g.resync()
		g.startTactic(x[0])
		mustCheck(t, g)
		if len(g.pl[0].gained) != 5 {
			t.Errorf("an empty pool still gave cards: %v", g.ids(g.pl[0].gained))
		}
	},
	"gain_free": func(t *testing.T) {
		e, x := testEngine(t, "card:gain_free 4", "cost -1", "card:gain_free 0")
		g := newTestGame(e, 2, 0, 30)
		for s, id := range []string{"A01", "A07", "A04"} { // costs 2, 5, 4
			setSlot(t, g, deckAssist, s, id)
		}
		for s, id := range []string{"B01", "B12", "B04"} { // costs 2, 8, 4
			setSlot(t, g, deckBattle, s, id)
		}
		offered := func() []string {
			var out []string
			for _, c := range g.Choices(nil) {
				out = append(out, e.designs[c.C].id)
			}
			return out
		}
		g.startTactic(x[0])
		if got := offered(); g.step != stGainFree || !slices.Equal(got, []string{"A01", "A04", "B01", "B04"}) {
			t.Fatalf("step %d offered %v", g.step, got)
		}
		b04 := designOf(t, e, "B04")
		apply(t, g, func(c sim.Choice) bool { return c.Kind == chGainFree && c.C == b04 })
		if g.funds != 1 || g.gainedN != 1 || !slices.Equal(g.ids(g.pl[0].gained), []string{"B04"}) || g.rows[deckBattle][rowBack] != -1 {
			t.Errorf("funds %d gained %v rows %v", g.funds, g.ids(g.pl[0].gained), g.ids(g.rows[deckBattle]))
		}
		g.startTactic(x[1]) // cost -1: A07 now costs 4
		g.startTactic(x[0])
		if got := offered(); !slices.Contains(got, "A07") {
			t.Errorf("with cost -1 offered %v, want A07 too", got)
		}
		apply(t, g, kindIs(chGainFree))
		g.startTactic(x[2]) // nothing costs 0: nothing happens
		if g.step != stMain || len(g.pl[0].gained) != 2 {
			t.Errorf("gain_free 0: step %d gained %v", g.step, g.ids(g.pl[0].gained))
		}
	},
	"cost": func(t *testing.T) {
		e, x := testEngine(t, "cost +1", "cost -5")
		g := newTestGame(e, 2, 0, 30)
		setSlot(t, g, deckAssist, rowFront, "A02") // cost 3
		a02 := designOf(t, e, "A02")
		isA02 := func(c sim.Choice) bool { return c.Kind == chBuy && c.C == a02 }
		g.funds = 3
		if !has(g, isA02) {
			t.Fatal("A02 not buyable with 3 funds")
		}
		g.startTactic(x[0])
		if has(g, isA02) {
			t.Error("A02 buyable at cost 3+1 with 3 funds")
		}
		g.startTactic(x[1])
		g.startTactic(x[1])
		g.funds = 0
		if !has(g, isA02) {
			t.Error("A02 not free at cost 3+1-10 (never below 0)")
		}
		finishTurn(t, g)
		if g.costMod != 0 {
			t.Errorf("cost change %d outlived the turn", g.costMod)
		}
	},
	"each_discard": func(t *testing.T) {
		e, x := testEngine(t, "each_discard 1")
		g := newTestGame(e, 3, 0, 30)
		setHand(t, g, 0, "F01", "F02")
		setHand(t, g, 1, "F01", "F02", "A01")
		setHand(t, g, 2, "F01", "F01")
		g.startTactic(x[0])
		var seats []int
		for g.step == stDiscard {
			seats = append(seats, g.Seat())
			apply(t, g, kindIs(chDiscard))
		}
		if !slices.Equal(seats, []int{0, 1}) {
			t.Errorf("deciding seats %v, want P1 then P2 (P3's choice is forced)", seats)
		}
		for i, want := range []int{1, 2, 1} {
			if len(g.pl[i].hand) != want {
				t.Errorf("P%d hand %d, want %d", i+1, len(g.pl[i].hand), want)
			}
		}
		if g.step != stMain || g.Seat() != 0 {
			t.Errorf("step %d seat %d after each_discard", g.step, g.Seat())
		}
	},
	"return_vp": func(t *testing.T) {
		e, x := testEngine(t, "return_vp 1")
		g := newTestGame(e, 2, 0, 30)
		put(t, g, &g.pl[0].vparea, "V1", "V2", "W101")
		g.startTactic(x[0])
		var offered []string
		for _, c := range g.Choices(nil) {
			offered = append(offered, e.designs[c.B].id)
		}
		if g.step != stReturnVP || !slices.Equal(offered, []string{"V1", "V2"}) {
			t.Fatalf("step %d offered %v, want the VP cards only", g.step, offered)
		}
		v2 := designOf(t, e, "V2")
		apply(t, g, func(c sim.Choice) bool { return c.Kind == chReturnVP && c.B == v2 })
		if got := g.ids(g.pl[0].vparea); !slices.Equal(got, []string{"V1", "W101"}) || g.pl[0].score != 2 {
			t.Errorf("VP area %v score %d", got, g.pl[0].score)
		}
		g.startTactic(x[0]) // one VP card: no choice
		g.startTactic(x[0]) // only a weakness: nothing
		if got := g.ids(g.pl[0].vparea); !slices.Equal(got, []string{"W101"}) || g.step != stMain {
			t.Errorf("VP area %v step %d", got, g.step)
		}
	},
	"trash_row": func(t *testing.T) {
		e, x := testEngine(t, "trash_row middle")
		g := newTestGame(e, 2, 0, 30)
		setSlot(t, g, deckAssist, rowMiddle, "A02")
		setSlot(t, g, deckBattle, rowMiddle, "B02")
		back := [2]string{g.ds(g.rows[0][rowBack]).id, g.ds(g.rows[1][rowBack]).id}
		g.startTactic(x[0])
		mustCheck(t, g)
		for d, want := range []string{"A02", "B02"} {
			if got := g.ids(g.trash[d]); !slices.Equal(got, []string{want}) || g.rows[d][rowMiddle] != -1 {
				t.Errorf("%s trash %v rows %v", deckNames[d], got, g.ids(g.rows[d]))
			}
		}
		finishTurn(t, g) // the next invasion: the gap moves to the front
		for d := range 2 {
			if r := g.ids(g.rows[d]); r[rowFront] != "-" || r[rowMiddle] != back[d] || r[rowBack] == "-" {
				t.Errorf("%s rows %v after the invasion", deckNames[d], r)
			}
		}
	},
	"harden": func(t *testing.T) {
		e, x := testEngine(t, "harden 2")
		g := newTestGame(e, 2, 0, 30)
		put(t, g, &g.rage[0], "W104") // durability 5
		g.startTactic(x[0])
		g.power = 15
		if c := find(t, g, kindIs(chAttack)); c.A != 8 {
			t.Errorf("attack offered with %d power, want 5+2+1", c.A)
		}
		g.revealed = false // face down: every amount is offered
		attackWith(t, g, 7)
		if g.destroyed != 0 {
			t.Fatal("7 power destroyed durability 5+2")
		}
		attackWith(t, g, 8)
		if g.destroyed != 1 {
			t.Error("8 power did not destroy durability 5+2")
		}
		finishTurn(t, g)
		if g.harden != 0 {
			t.Errorf("harden %d outlived the turn", g.harden)
		}
	},
}

// TestEffects_everyVerbIsImplemented: every verb, condition and trigger of
// every valkyrie vocabulary compiles and has a meaning tested here.
func TestEffects_everyVerbIsImplemented(t *testing.T) {
	for name, v := range Schema.Vocabs {
		for _, verb := range v.Verbs {
			if _, ok := verbCode[verb.Name]; !ok {
				t.Errorf("vocabulary %q: verb %s is not implemented", name, verb.Name)
			}
			if verbCases[verb.Name] == nil {
				t.Errorf("vocabulary %q: verb %s has no test of its meaning", name, verb.Name)
			}
		}
		for _, c := range v.Conds {
			if _, ok := condCode[c.Name]; !ok {
				t.Errorf("vocabulary %q: condition %s is not implemented", name, c.Name)
			}
		}
		for _, tr := range v.Triggers {
			if tr.Name != triggerEnd {
				t.Errorf("vocabulary %q: trigger %s is not implemented", name, tr.Name)
			}
		}
	}
	if len(verbCode) != int(numVerbs) {
		t.Errorf("%d verb codes for %d verbs", len(verbCode), numVerbs)
	}
}

// TestEffects_verbMeanings runs each verb's case.
func TestEffects_verbMeanings(t *testing.T) {
	for name, run := range verbCases {
		t.Run(name, run)
	}
}

// TestEffects_shippedCardsCompile: every effect of the shipped workbook
// compiles, and the texts for replays are filled in.
func TestEffects_shippedCardsCompile(t *testing.T) {
	e := shippedEngine(t)
	clauses := 0
	for _, d := range e.designs {
		for _, c := range d.prog {
			clauses++
			if c.ja == "" || c.en == "" {
				t.Errorf("%s: a clause without text", d.id)
			}
		}
	}
	if clauses < 40 {
		t.Errorf("only %d clauses compiled", clauses)
	}
}
