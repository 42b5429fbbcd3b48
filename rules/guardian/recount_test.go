package guardian

import (
	"fmt"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// TestGuardianIncrementalCountsMatchRecount: Check sums the deck, resource and consume zones through
// running sums of the part of each zone it read before, which the engine
// keeps as it takes cards off. After every decision of many seeded games,
// before Check reads anything, that part of each zone must lie within it
// and weigh what its running sum says; after Check the seat's sum must
// equal a full recount. The games must have taken cards off every kind of
// zone and changed them below their top (mulligan, take, fortify, recover).
func TestGuardianIncrementalCountsMatchRecount(t *testing.T) {
	e := newEngine(t)
	moves := map[sim.EventKind]int{}
	emit := func(ev sim.Event) {
		if ev.Kind == sim.Acquired && ev.N == 3 {
			moves[evRecover]++ // a card recovered from the consume zone
		}
		moves[ev.Kind]++
	}
	var buf []sim.Choice
	decisions := 0
	for i := range 400 {
		cfg := sim.Config{Players: 2, Index: i}
		engineRng, botRng := sim.Streams(sim.GameSeed(18, 2, i))
		g := e.NewGame(cfg, engineRng).(*Game)
		bots := [2]sim.Bot{e.NewBot("random"), e.NewBot([]string{"random", "greedy"}[i%2])}
		for !g.Over() && g.Turn() <= e.TurnCap() {
			buf = g.Choices(buf[:0])
			g.Apply(buf[bots[g.Seat()].Choose(g, buf, botRng)], emit)
			decisions++
			if err := runningSums(g); err != nil {
				t.Fatalf("game %d, decision %d: %v", i, decisions, err)
			}
			if err := g.Check(); err != nil {
				t.Fatalf("game %d, decision %d: %v", i, decisions, err)
			}
			if err := recountZones(g); err != nil {
				t.Fatalf("game %d, decision %d: %v", i, decisions, err)
			}
		}
	}
	for _, k := range []sim.EventKind{evMulligan, evTake, evFortify, evRecover} {
		if moves[k] == 0 {
			t.Errorf("no game had event kind %d: the test does not exercise it", k)
		}
	}
}

// recount proves Check's running sums (simtest.Recount).
var recount = simtest.Recount{Marked: runningSums, Counts: recountZones}

// runningSums reports, before Check, a zone whose trusted part a move
// changed without dropping it from its running sum: that part must lie
// within the zone and weigh what its sum says.
func runningSums(gm sim.Game) error {
	g := gm.(*Game)
	for s := range 2 {
		ps, h := &g.p.ps[s], &g.h[s]
		for z, cards := range [nStacked][]int16{zsDeck: h.deck, zsRes: h.res, zsConsumed: ps.consumed} {
			st := &g.stacked
			if st.valid[s][z] > len(cards) {
				return fmt.Errorf("P%d's zone %d trusts %d cards of %d: a move took cards off it without dropping them", s+1, z, st.valid[s][z], len(cards))
			}
			if v := st.valid[s][z]; st.sum[s][z] != weights(g.e.weight, cards[:v]) {
				return fmt.Errorf("P%d's zone %d: the running sum of its first %d cards is %d, a recount gives %d", s+1, z, v, st.sum[s][z], weights(g.e.weight, cards[:v]))
			}
		}
	}
	return nil
}

// recountZones reports, after Check, a seat whose zones weigh otherwise by
// the running sums than by a recount.
func recountZones(gm sim.Game) error {
	g := gm.(*Game)
	for s := range 2 {
		if got, want := g.zoneSum(s), recountSum(g, s); got != want {
			return fmt.Errorf("P%d's zones weigh %d by the running sums, %d by a recount", s+1, got, want)
		}
	}
	return nil
}

// evRecover counts, in the test above, cards recovered from the consume zone.
const evRecover = sim.EventKind(255)

// recountSum is zoneSum read afresh from every card: with no running sums
// to trust (Check compares the zones it sums with the deck list).
func recountSum(g *Game, s int) uint64 {
	kept := g.stacked
	g.stacked = stackSums{}
	defer func() { g.stacked = kept }()
	return g.zoneSum(s)
}

// TestGuardianComparisonsAndRecordsPastInt16: what a workbook may hold past an int16 still works. A
// comparison's number is kept as written (【手札 >= 65537】 never holds,
// where an int16 made it 【手札 >= 1】), and a record count that passes
// 32767 in a long game keeps growing (CheckStep sees it only grow).
func TestGuardianComparisonsAndRecordsPastInt16(t *testing.T) {
	sheets := testSheets()
	sheets["Order"] = append(sheets["Order"], []string{"OT", "大きな手札の技", "土", "【手札 >= 65537】ポイント +1"})
	e := engineFor(t, sheets)
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"MC", "MC"}, res: res3}, {hand: []string{"MC"}, res: res3}})
	ot := &e.d[s.id("OT")].lists[lOrder][0]
	if len(ot.conds) != 1 || ot.conds[0].kind != cHand {
		t.Fatalf("OT compiled to conditions %+v", ot.conds)
	}
	if s.g.test(0, &ot.conds[0], 0, false) {
		t.Errorf("【手札 >= 65537】 holds with a hand of %d", len(s.g.h[0].hand))
	}
	gk := s.id("GK")
	rec := &e.d[gk].lists[lShip][0]
	if rec.verb != vRecord {
		t.Fatalf("GK's first ship clause has verb %d, want record", rec.verb)
	}
	if err := s.g.CheckStep(); err != nil {
		t.Fatal(err)
	}
	const n = 40000
	for k := 1; k <= n; k++ {
		s.g.do(&frame{kind: frClauses, seat: 0, card: gk, list: lShip}, rec)
		if k%1000 == 0 {
			if err := s.g.CheckStep(); err != nil {
				t.Fatalf("after %d records: %v", k, err)
			}
		}
	}
	if got := int(s.g.p.ps[0].counters[rec.ctr]); got != n {
		t.Errorf("the record holds %d after %d records of 1", got, n)
	}
}
