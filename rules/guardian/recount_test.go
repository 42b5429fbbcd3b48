package guardian

import (
	"fmt"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// recount proves Check's running sums (simtest.Recount) over 400 games:
// the moves that change the summed zones below their top are rare.
var recount = simtest.Recount{Marked: runningSums, Counts: recountZones, Games: 400}

// TestRecountsMeetEveryRunningSumMove: the seeded games in which the
// conformance suite proves Check's running sums (recount) meet every way
// the engine changes the summed zones between two checks: cards taken off
// the top of the resource zone (take, which drops them from its sum) and
// put on it from the top of the deck (fortify), and the deck and the
// consume zone changed below their top (mulligan, recover), which marks
// them to be read whole.
func TestRecountsMeetEveryRunningSumMove(t *testing.T) {
	var last *Game
	var after [2]int // the resource zones' lengths at last's last check
	var took, fortified, mulligans, recovered int
	counting := recount
	counting.Marked = func(gm sim.Game) error {
		g := gm.(*Game)
		for s := range 2 {
			if g != last {
				break // the game's first check
			}
			switch res := len(g.h[s].res); {
			case res < after[s]:
				took++
			case res > after[s]:
				fortified++
			}
			if g.stacked.whole.Has(s*nStacked + zsDeck) {
				mulligans++
			}
			if g.stacked.whole.Has(s*nStacked + zsConsumed) {
				recovered++
			}
		}
		return recount.Marked(g)
	}
	counting.Counts = func(gm sim.Game) error {
		g := gm.(*Game)
		last, after = g, [2]int{len(g.h[0].res), len(g.h[1].res)}
		return recount.Counts(g)
	}
	simtest.Recounts(t, newEngine(t), counting)
	for _, m := range []struct {
		what string
		n    int
	}{{"took from the resource zone", took}, {"fortified it", fortified}, {"mulliganed", mulligans}, {"recovered from the consume zone", recovered}} {
		if m.n == 0 {
			t.Errorf("no decision %s: the games do not exercise the running sums", m.what)
		}
	}
}

// runningSums reports, before Check, a zone not marked to be read whole
// whose trusted part a move changed without dropping it from its running
// sum: that part must lie within the zone and weigh what its sum says.
func runningSums(gm sim.Game) error {
	g := gm.(*Game)
	for s := range 2 {
		ps, h := &g.p.ps[s], &g.h[s]
		for z, cards := range [nStacked][]int16{zsDeck: h.deck, zsRes: h.res, zsConsumed: ps.consumed} {
			st := &g.stacked
			if st.whole.Has(s*nStacked + z) {
				continue
			}
			if st.valid[s][z] > len(cards) {
				return fmt.Errorf("P%d's zone %d trusts %d cards of %d: a move took cards off it without dropping them", s+1, z, st.valid[s][z], len(cards))
			}
			if v := st.valid[s][z]; st.sum[s][z] != weights(g.e.weight, cards[:v]) {
				return fmt.Errorf("P%d's zone %d: the running sum of its first %d cards is %d, a recount gives %d (changed below its top without forget?)", s+1, z, v, st.sum[s][z], weights(g.e.weight, cards[:v]))
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

// recountSum is zoneSum read afresh from every card: with no running sums
// to trust (Check compares the zones it sums with the deck list).
func recountSum(g *Game, s int) uint64 {
	kept := g.stacked
	g.stacked.reset()
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
