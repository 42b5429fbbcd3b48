package guardian

import (
	"math/rand/v2"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/effect"
)

// Check verifies the invariants of the checklist's §7 after a decision:
//   - I1: every seat's cards across its zones are exactly its deck list (30):
//     as many cards, and the same sum of per-design weights (a card that
//     changed design changes the sum), the long zones' weights kept as
//     running sums (stackSums) so that a check reads only what moved;
//   - I7: the resource zone holds ResourceZone + fortified − taken cards, and
//     never fewer than none;
//   - I11: no cheer-seat ability used more often this battle than its card allows;
//   - I10: a player who passed never acts again in that battle;
//   - I4–I6: card kinds by zone, one Guardian in the forging zone, no reckless
//     SP or 闇, Orders in the forging zone only during the battle.
//
// Its marks are the harness's one scheme (sim.Dirty): the engine marks a
// summed zone that changed below its top (stackSums.forget) and Check reads
// it whole, then clears the marks; the rest it reads whole every time. The
// recount test (recount_test.go, through simtest.Recount) fails when a
// change goes unmarked or undropped.
func (g *Game) Check() error {
	e, p := g.e, &g.p
	if p.badAct {
		return schema.Errorf("ターン%dの戦闘で、パスしたプレイヤーがまた行動しました", "a player who passed acted again in the battle of turn %d", p.turn)
	}
	if p.ask == askAction && p.ps[p.askSeat].passed {
		return schema.Errorf("P%dはパスしたのに行動を求められています", "P%d is asked to act after passing", p.askSeat+1)
	}
	// G10: a game drawn by repetition is over, with no winner.
	if p.drawn && (p.phase != phOver || p.winner != -1) {
		return schema.Errorf("千日手の引き分けなのに、ゲームが終わっていないか勝者がいます（勝者 P%d）", "the game is drawn by repetition but is not over or has a winner (P%d)", p.winner+1)
	}
	for s := range 2 {
		ps, h := &p.ps[s], &g.h[s]
		n := len(h.hand) + len(h.deck) + len(h.res) + len(h.aside) + len(ps.cheer) + len(ps.consumed) + len(ps.orders)
		if h.forge >= 0 {
			n++
		}
		if ps.shipped {
			n++
		}
		if n != int(ps.n) {
			return schema.Errorf("P%dのゾーンにあるカードは合わせて%d枚ですが、%d枚のはずです", "P%d has %d cards across its zones, want %d", s+1, n, ps.n)
		}
		// I1 by design: the zones hold exactly the deck list.
		if g.zoneSum(s) != e.deckSum[ps.deck] {
			return g.copiesError(s)
		}
		// I7: the resource zone.
		want := e.resourceZone + int(ps.fortified) - int(ps.taken)
		if p.phase == phMulligan {
			want = 0
		}
		if want < 0 || len(h.res) != want {
			return schema.Errorf("P%dのリソースゾーンは%d枚ですが、%d枚のはずです（初めに置いた%d枚＋加えた%d枚−手札に加えた%d枚）", "P%d's resource zone holds %d cards, want %d (placed %d + fortified %d − taken %d)",
				s+1, len(h.res), want, e.resourceZone, ps.fortified, ps.taken)
		}
		// I11: once per battle (the card's Uses per battle), read from the
		// workbook rows rather than the engine's compiled tables.
		for _, cc := range ps.cheer {
			r := &e.rows[cc.card]
			if r.kind != kGuardian && r.kind != kAdvance {
				return schema.Errorf("P%dの応援席に、守護者でもアドバンスでもない%sがあります", "P%d's cheer seat holds %s, which is neither a Guardian nor an Advance", s+1, e.ids[cc.card])
			}
			if int(cc.used) > r.uses {
				return schema.Errorf("P%dはこの戦闘で%sの応援の能力を%d回使いました（使えるのは%d回まで）", "P%d used the cheer ability of %s %d times this battle, at most %d", s+1, e.ids[cc.card], cc.used, r.uses)
			}
		}
		// I4, I5, I6: the forging zone.
		if h.forge >= 0 && ps.shipped {
			return schema.Errorf("P%dのフォージングゾーンに守護者が2体あります", "P%d has two Guardians in the forging zone", s+1)
		}
		for _, f := range [2]struct {
			card     int16
			reckless bool
		}{{h.forge, h.reckless}, {ps.guard, ps.reckless}} {
			if f.card < 0 {
				continue
			}
			r := &e.rows[f.card]
			if r.kind != kGuardian {
				return schema.Errorf("P%dは守護者でない%sをフォージングしました", "P%d forged %s, which is not a Guardian", s+1, e.ids[f.card])
			}
			if f.reckless && !r.reckless {
				return schema.Errorf("P%dは%sで捨て身の攻撃をしましたが、その属性%sではできません（R31）", "P%d made a reckless attack with %s, whose attribute %s cannot (R31)", s+1, e.ids[f.card], r.attr)
			}
		}
		for _, o := range ps.orders {
			if e.rows[o].kind != kOrder {
				return schema.Errorf("P%dのフォージングゾーンに、オーダーとして%sがあります", "P%d's forging zone holds %s as an Order", s+1, e.ids[o])
			}
		}
		if len(ps.orders) > 0 && (p.phase < phBattleStart || p.phase > phDecide) && p.phase != phOver {
			return schema.Errorf("P%dのフォージングゾーンに、戦闘フェイズの外でオーダーがあります", "P%d has Orders in the forging zone outside the battle phase", s+1)
		}
	}
	g.stacked.whole.Clear() // both seats' zones are read
	return nil
}

// zoneSum sums the weights of the cards in seat s's zones. The deck, the
// resource zone and the consume zone, the long ones, are summed through
// their running sums (stacked); the others are read whole.
func (g *Game) zoneSum(s int) uint64 {
	w, ps, h := g.e.weight, &g.p.ps[s], &g.h[s]
	st := &g.stacked
	sum := weights(w, h.hand) + weights(w, h.aside) + weights(w, ps.orders) +
		st.read(w, s, zsDeck, h.deck) + st.read(w, s, zsRes, h.res) + st.read(w, s, zsConsumed, ps.consumed)
	for _, cc := range ps.cheer {
		sum += w[cc.card]
	}
	if h.forge >= 0 {
		sum += w[h.forge]
	}
	if ps.shipped {
		sum += w[ps.guard]
	}
	return sum
}

// The zones whose running sums Check keeps.
const (
	zsDeck = iota
	zsRes
	zsConsumed
	nStacked
)

// stackSums keeps, for Check, running weight sums of the zones that the
// engine changes mostly at their top (the end of the slice): the deck, the
// resource zone and the consume zone. sum[s][z] is the weight of the first
// valid[s][z] cards of seat s's zone z, which Check read before; it reads
// only the cards above them. The engine calls drop when it takes cards off
// the top of such a zone (the sum loses them before another card can take
// their place) and forget when it changes one below its top, which marks
// the zone in whole (the harness's one scheme of marks, sim.Dirty) for
// Check to read it whole; a card changed in place below the top without
// forget would not be read again, which the recount test (recount_test.go,
// through simtest.Recount) rules out after every decision of many games.
type stackSums struct {
	valid [2][nStacked]int
	sum   [2][nStacked]uint64
	whole sim.Dirty // zone z of seat s, part s*nStacked+z: changed below its top since Check
}

// reset makes st read every zone whole, as at the start of a game.
func (st *stackSums) reset() {
	*st = stackSums{}
	st.whole.Size(2 * nStacked)
}

// read returns the weight of zone z of seat s, whose cards are now cards,
// reading only those above the part read before, and takes them in. A
// zone marked whole, or shorter than that part (a move that did not
// drop), is read whole.
func (st *stackSums) read(w []uint64, s, z int, cards []int16) uint64 {
	v, sum := st.valid[s][z], st.sum[s][z]
	if v > len(cards) || st.whole.Has(s*nStacked+z) {
		v, sum = 0, 0
	}
	for _, c := range cards[v:] {
		sum += w[c]
	}
	st.valid[s][z], st.sum[s][z] = len(cards), sum
	return sum
}

// drop takes out of the sum of zone z of seat s the cards just taken off
// its top: cards is the zone now, and they still lie beyond its end.
func (st *stackSums) drop(w []uint64, s, z int, cards []int16) {
	v := st.valid[s][z]
	if v <= len(cards) {
		return
	}
	for _, c := range cards[len(cards):v] {
		st.sum[s][z] -= w[c]
	}
	st.valid[s][z] = len(cards)
}

// forget marks zone z of seat s for Check to read whole (it changed below
// its top).
func (st *stackSums) forget(s, z int) {
	st.whole.Mark(s*nStacked + z)
}

// weights sums the weights w of the cards in z.
func weights(w []uint64, z []int16) uint64 {
	var sum uint64
	for _, c := range z {
		sum += w[c]
	}
	return sum
}

// copiesError names a design whose copies across seat s's zones differ
// from its deck list (I1), once zoneSum has found that some do.
func (g *Game) copiesError(s int) error {
	e, ps, h := g.e, &g.p.ps[s], &g.h[s]
	c := make([]int, len(e.d))
	for _, d := range e.decks[ps.deck] {
		c[d]++
	}
	for _, z := range [][]int16{h.hand, h.deck, h.res, h.aside, ps.consumed, ps.orders} {
		for _, d := range z {
			c[d]--
		}
	}
	for _, cc := range ps.cheer {
		c[cc.card]--
	}
	if h.forge >= 0 {
		c[h.forge]--
	}
	if ps.shipped {
		c[ps.guard]--
	}
	for d, v := range c {
		if v != 0 {
			return schema.Errorf("P%dのゾーンにある%[3]sの枚数がデッキリストと%+[2]d枚違います", "P%d's zones hold %+d copies of %s against its deck list", s+1, -v, e.d[d].id)
		}
	}
	return schema.Errorf("P%dのゾーンのカードがデッキリストと合いません", "P%d's zones do not hold its deck list", s+1)
}

// dataRow is what Check reads of a card from the validated workbook rows.
type dataRow struct {
	kind     uint8
	attr     string
	uses     int  // cheer: uses per battle, 0 without a cheer: ability
	reckless bool // its attribute may go reckless (the Affinity sheet)
}

// row reads design c from the workbook data: the designs are the
// Guardian, Advance, Order and Material rows in that order.
func (e *Engine) row(c int16) dataRow {
	d := e.data
	i := int(c)
	cheerUses := func(uses int, ef *effect.Effect) int {
		if ef == nil {
			return 0
		}
		for _, cl := range ef.Clauses {
			if cl.Trigger == "cheer" {
				return max(uses, 1)
			}
		}
		return 0
	}
	if i < len(d.Guardians) {
		g := &d.Guardians[i]
		return dataRow{kind: kGuardian, attr: g.Attr, uses: cheerUses(g.Uses, g.Effect.AST)}
	}
	if i -= len(d.Guardians); i < len(d.Advances) {
		a := &d.Advances[i]
		return dataRow{kind: kAdvance, attr: a.Attr, uses: cheerUses(a.Uses, a.Effect.AST)}
	}
	if i -= len(d.Advances); i < len(d.Orders) {
		return dataRow{kind: kOrder, attr: d.Orders[i].Attr}
	}
	return dataRow{kind: kMaterial, attr: d.Materials[i-len(d.Orders)].Attr}
}

// checkTables reads every design's row for Check (once, in New) and gives
// each design a random weight for the I1 sums, and each deck its sum.
func (e *Engine) checkTables() {
	rng := rand.New(rand.NewPCG(uint64(len(e.d)), 0x6775617264)) // fixed: the weights need only differ
	e.rows, e.weight = make([]dataRow, len(e.d)), make([]uint64, len(e.d))
	for i := range e.d {
		r := e.row(int16(i))
		if a := e.data.Attr(r.attr); a != nil {
			r.reckless = a.Reckless
		}
		e.rows[i], e.weight[i] = r, rng.Uint64()
	}
	e.deckSum = make([]uint64, len(e.decks))
	for k, cards := range e.decks {
		for _, c := range cards {
			e.deckSum[k] += e.weight[c]
		}
	}
}
