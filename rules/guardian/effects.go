package guardian

import "bifrost/rules/sim"

// Choice kinds. A, B and C are as noted.
const (
	cAside   uint8 = iota + 1 // mulligan: set aside one card of design A
	cKeep                     // mulligan: done; redraw for the set-aside cards
	cForge                    // forge Guardian design A; B = 1 reckless
	cNoForge                  // forge nothing (only when ForgeMandatory is ×)
	cPass                     // pass for the rest of the battle
	cCheer                    // use the cheer: ability of own cheer-seat card at position A
	cOrder                    // use Order design A from hand
	cConsume                  // consume Material design A from hand
	cAdvance                  // put Advance design A from hand into the cheer seat
	cYes                      // use the optional clause
	cNo                       // decline it
	cPick                     // pick: A design or position, B the verb (0 for a payment)
	cPlace                    // end phase: A = 0 Guardian to hand, 1 to the cheer seat
	cDiscard                  // over the hand limit: design A to the consume zone
	cWait                     // past the turn cap: nothing happens
)

func (g *Game) stepFrame() {
	f := &g.p.stack[g.p.sp-1]
	switch f.kind {
	case frClauses:
		g.stepClauses(f)
	case frPay:
		g.stepPay(f)
	case frEnter:
		g.enterAdvance(f)
	}
}

// stepClauses resolves the clauses of f in order until one needs a decision.
func (g *Game) stepClauses(f *frame) {
	cls := g.e.d[f.card].lists[f.list]
	s := int(f.seat)
	for int(f.idx) < len(cls) {
		cl := &cls[f.idx]
		switch f.state {
		case stBegin:
			if !(f.skip && f.idx == 0) && !g.holds(s, cl.conds, 0, g.p.flip) {
				f.idx++
				continue
			}
			if cl.may {
				if !g.canDo(s, cl) { // C5: nothing it could do
					f.idx++
					continue
				}
				f.state = stMay
				g.setAsk(askMay, s)
				return
			}
			f.state = stDo
		case stDo:
			if g.do(f, cl) {
				return
			}
			f.idx++
			f.state = stBegin
		default:
			panic("guardian: clause waiting without a decision")
		}
	}
	g.p.sp--
}

// canDo reports whether clause cl of seat s would change anything now.
func (g *Game) canDo(s int, cl *clause) bool {
	p, o := &g.p, other(s)
	switch cl.verb {
	case vPoint:
		return p.ps[s].forged
	case vOppPoint:
		return p.ps[o].forged
	case vDraw, vFortify:
		return len(g.h[s].deck) > 0
	case vTake:
		return len(g.h[s].res) > 0
	case vReturnCheer, vRecover, vOppDiscard, vBreakAdvance:
		return g.pickTotal(s, cl.verb) > 0
	}
	return true
}

// do carries out the action of cl for frame f. It returns true when it
// waits for a pick.
func (g *Game) do(f *frame, cl *clause) bool {
	p := &g.p
	s, o := int(f.seat), other(int(f.seat))
	g.ev(sim.Event{Kind: sim.Resolved, Seat: f.seat, Card: int32(f.card), N: int32(f.list)})
	src := int32(f.card)
	switch cl.verb {
	case vPoint:
		if p.ps[s].forged {
			p.ps[s].mod += int32(cl.n)
			g.ev(sim.Event{Kind: evPoint, Seat: int8(s), Card: src, N: int32(cl.n)})
		}
	case vOppPoint:
		if p.ps[o].forged {
			p.ps[o].mod += int32(cl.n)
			g.ev(sim.Event{Kind: evPoint, Seat: int8(o), Card: src, N: int32(cl.n)})
		}
	case vNextPoint:
		p.ps[s].next += int32(cl.n)
		g.ev(sim.Event{Kind: evNext, Seat: int8(s), Card: src, N: int32(cl.n)})
	case vDraw:
		g.draw(s, int(cl.n), 0)
	case vTake:
		g.take(s, int(cl.n))
	case vFortify:
		h := &g.h[s]
		n := 0
		for ; n < int(cl.n) && len(h.deck) > 0; n++ {
			h.res = append(h.res, h.deck[len(h.deck)-1])
			h.deck = h.deck[:len(h.deck)-1]
			p.ps[s].fortified++
		}
		g.stacked.drop(g.e.weight, s, zsDeck, h.deck)
		g.ev(sim.Event{Kind: evFortify, Seat: int8(s), Card: src, N: int32(n)})
	case vRecord:
		c := &p.ps[s].counters[cl.ctr]
		*c += int32(cl.n)
		g.ev(sim.Event{Kind: evRecord, Seat: int8(s), Card: src, N: int32(cl.ctr), M: int32(*c)})
	case vFlip:
		p.flip = !p.flip
		g.ev(sim.Event{Kind: evFlip, Seat: int8(s), Card: src})
	case vNullify:
		p.nullify = true
		g.ev(sim.Event{Kind: evNullify, Seat: int8(s), Card: src})
	case vReturnCheer, vRecover, vOppDiscard, vBreakAdvance:
		f.left = int8(min(int(cl.n), g.pickTotal(s, cl.verb)))
		return g.continuePick(f, cl)
	}
	return false
}

// chooser is the seat that picks for verb v of seat s: the opponent picks
// the cards it puts from its own hand (opp_discard).
func chooser(s int, v uint8) int {
	if v == vOppDiscard {
		return other(s)
	}
	return s
}

// continuePick makes the picks of f that need no decision: all remaining
// candidates when there are no more than the picks left, or the one kind
// there is. It returns true when a seat must pick.
func (g *Game) continuePick(f *frame, cl *clause) bool {
	s := int(f.seat)
	for f.left > 0 {
		total := g.pickTotal(s, cl.verb)
		if total == 0 {
			break
		}
		g.buf = g.pickChoices(g.buf[:0], s, cl.verb)
		if total <= int(f.left) || len(g.buf) == 1 {
			g.pick(s, cl.verb, int(g.buf[0].A), f.card)
			f.left--
			continue
		}
		f.state = stPick
		g.setAsk(askPick, chooser(s, cl.verb))
		return true
	}
	f.left = 0
	return false
}

// pickTotal counts the cards verb v of seat s can pick.
func (g *Game) pickTotal(s int, v uint8) int {
	e, p := g.e, &g.p
	n := 0
	switch v {
	case vReturnCheer:
		for _, cc := range p.ps[s].cheer {
			if e.d[cc.card].kind == kGuardian {
				n++
			}
		}
	case vRecover:
		for _, c := range p.ps[s].consumed {
			if e.d[c].kind == kMaterial {
				n++
			}
		}
	case vOppDiscard:
		n = len(g.h[other(s)].hand)
	case vBreakAdvance:
		for _, cc := range p.ps[other(s)].cheer {
			if e.d[cc.card].kind == kAdvance {
				n++
			}
		}
	}
	return n
}

// pickChoices lists the distinct picks of verb v of seat s.
func (g *Game) pickChoices(buf []sim.Choice, s int, v uint8) []sim.Choice {
	e, p := g.e, &g.p
	gen := g.stamp()
	b := int16(v)
	switch v {
	case vReturnCheer:
		cheer := p.ps[s].cheer
		for i, cc := range cheer {
			if e.d[cc.card].kind == kGuardian && !dupCheer(cheer, i) {
				buf = append(buf, sim.Choice{Kind: cPick, A: int16(i), B: b})
			}
		}
	case vRecover:
		for _, c := range p.ps[s].consumed {
			if e.d[c].kind == kMaterial && g.firstTime(c, gen) {
				buf = append(buf, sim.Choice{Kind: cPick, A: c, B: b})
			}
		}
	case vOppDiscard:
		for _, c := range g.h[other(s)].hand {
			if g.firstTime(c, gen) {
				buf = append(buf, sim.Choice{Kind: cPick, A: c, B: b})
			}
		}
	case vBreakAdvance:
		cheer := p.ps[other(s)].cheer
		for i, cc := range cheer {
			if e.d[cc.card].kind == kAdvance && !dupCheer(cheer, i) {
				buf = append(buf, sim.Choice{Kind: cPick, A: int16(i), B: b})
			}
		}
	}
	return buf
}

// dupCheer reports whether an earlier cheer-seat card is the same as card i
// in every way that matters (design, uses, entry).
func dupCheer(cheer []cheerCard, i int) bool {
	for j := range i {
		if cheer[j] == cheer[i] {
			return true
		}
	}
	return false
}

// pick carries out one pick a (a design or a position) of verb v for seat s.
func (g *Game) pick(s int, v uint8, a int, src int16) {
	p := &g.p
	switch v {
	case vReturnCheer:
		ps := &p.ps[s]
		c := ps.cheer[a].card
		ps.cheer = append(ps.cheer[:a], ps.cheer[a+1:]...)
		g.h[s].hand = append(g.h[s].hand, c)
		g.ev(sim.Event{Kind: sim.Acquired, Seat: int8(s), Card: int32(c), N: 2})
	case vRecover:
		ps := &p.ps[s]
		var ok bool
		if ps.consumed, ok = removeOne(ps.consumed, int16(a)); !ok {
			panic("guardian: recover: no such card")
		}
		g.stacked.forget(s, zsConsumed) // the cards above it moved down
		g.h[s].hand = append(g.h[s].hand, int16(a))
		ps.recovered++
		g.ev(sim.Event{Kind: sim.Acquired, Seat: int8(s), Card: int32(a), N: 3})
	case vOppDiscard:
		o := other(s)
		h := &g.h[o]
		var ok bool
		if h.hand, ok = removeOne(h.hand, int16(a)); !ok {
			panic("guardian: opp_discard: no such card")
		}
		p.ps[o].consumed = append(p.ps[o].consumed, int16(a))
		g.show(o, int16(a))
		g.ev(sim.Event{Kind: evDiscard, Seat: int8(o), Card: int32(a)})
	case vBreakAdvance:
		o := other(s)
		ps := &p.ps[o]
		c := ps.cheer[a].card
		ps.cheer = append(ps.cheer[:a], ps.cheer[a+1:]...)
		ps.consumed = append(ps.consumed, c)
		g.ev(sim.Event{Kind: evBreak, Seat: int8(o), Card: int32(c)})
	}
}

// holds reports whether every condition holds for seat s. adj is subtracted
// from the hand size (the card being used, still in hand); flip is the
// affinity reversal in force.
func (g *Game) holds(s int, cs []cond, adj int, flip bool) bool {
	for i := range cs {
		if !g.test(s, &cs[i], adj, flip) {
			return false
		}
	}
	return true
}

func (g *Game) test(s int, c *cond, adj int, flip bool) bool {
	e, p := g.e, &g.p
	me, opp := &p.ps[s], &p.ps[other(s)]
	v := 0
	switch c.kind {
	case cCheerAttr, cCheerCount:
		for _, cc := range me.cheer {
			d := &e.d[cc.card]
			if d.kind == kGuardian && (c.kind == cCheerCount || d.attr == c.attr) {
				v++
			}
		}
	case cAdvances:
		for _, cc := range me.cheer {
			if e.d[cc.card].kind == kAdvance {
				v++
			}
		}
	case cBattleAttr:
		return me.shipped && e.d[me.guard].attr == c.attr
	case cOppAttr:
		return opp.shipped && e.d[opp.guard].attr == c.attr
	case cReckless:
		return me.shipped && me.reckless
	case cOppReckless:
		return opp.shipped && opp.reckless
	case cAdvantage:
		return g.affinity(s, flip) > 0
	case cDisadvantage:
		return g.affinity(s, flip) < 0
	case cResource:
		v = len(g.h[s].res)
	case cOppResource:
		v = len(g.h[other(s)].res)
	case cHand:
		v = len(g.h[s].hand) - adj
	case cConsumed:
		v = len(me.consumed)
	case cCounter:
		v = int(me.counters[c.ctr])
	case cPay:
		return true // a payment, checked and made by the use itself
	}
	return c.op.Holds(v, c.val)
}

// demands returns the payments of frame f's use.
func (g *Game) demands(f *frame) []demand {
	if f.list == 1 {
		return g.e.d[f.card].cheerPay
	}
	return g.e.d[f.card].usePay
}

// startPay pushes the payment of a use's demands.
func (g *Game) startPay(s int, card int16, cheer bool, excl int16) {
	d := &g.e.d[card]
	dem, list := d.usePay, uint8(0)
	if cheer {
		dem, list = d.cheerPay, 1
	}
	if len(dem) == 0 {
		return
	}
	for k := range g.p.need {
		g.p.need[k] = 0
		if k < len(dem) {
			g.p.need[k] = dem[k].n
		}
	}
	g.p.nfire = 0
	g.push(frame{kind: frPay, seat: int8(s), card: card, list: list, excl: excl})
}

// stepPay makes the payments of f, asking when more than one kind of card
// could be paid; then the consume: abilities of Materials consumed by a pay
// condition resolve, in the order paid (G17).
func (g *Game) stepPay(f *frame) {
	dem := g.demands(f)
	s := int(f.seat)
	for int(f.idx) < len(dem) {
		if g.p.need[f.idx] == 0 {
			f.idx++
			continue
		}
		g.buf = g.payChoices(g.buf[:0], f)
		switch len(g.buf) {
		case 0:
			panic("guardian: a payment became impossible")
		case 1:
			g.pay(f, g.buf[0].A)
		default:
			g.setAsk(askPick, s)
			return
		}
	}
	g.p.sp--
	for i := int(g.p.nfire) - 1; i >= 0; i-- {
		g.push(frame{kind: frClauses, seat: int8(s), card: g.p.fire[i], list: lConsume})
	}
	g.p.nfire = 0
}

// payChoices lists the designs in hand that can pay the current demand of f
// and still leave the rest payable.
func (g *Game) payChoices(buf []sim.Choice, f *frame) []sim.Choice {
	dem := g.demands(f)
	k := int(f.idx)
	s := int(f.seat)
	gen := g.stamp()
	for _, c := range g.h[s].hand {
		if !g.firstTime(c, gen) || !g.matches(c, dem[k]) {
			continue
		}
		if c == f.excl && count(g.h[s].hand, c) < 2 {
			continue
		}
		need := g.p.need
		need[k]--
		if g.payable(s, dem, need, f.excl, c) {
			buf = append(buf, sim.Choice{Kind: cPick, A: c})
		}
	}
	return buf
}

// pay moves one card of design c from hand to the consume zone for the
// current demand of f.
func (g *Game) pay(f *frame, c int16) {
	dem := g.demands(f)[f.idx]
	s := int(f.seat)
	h := &g.h[s]
	var ok bool
	if h.hand, ok = removeOne(h.hand, c); !ok {
		panic("guardian: paying a card not in hand")
	}
	g.p.ps[s].consumed = append(g.p.ps[s].consumed, c)
	g.show(s, c)
	g.p.need[f.idx]--
	d := &g.e.d[c]
	fire := dem.fire && d.kind == kMaterial
	n := int32(0)
	if fire {
		n = 1
		g.ev(sim.Event{Kind: sim.Played, Seat: f.seat, Card: int32(c), N: playPaid})
		if len(d.lists[lConsume]) > 0 {
			if int(g.p.nfire) >= len(g.p.fire) {
				panic("guardian: too many consumed Materials in one payment")
			}
			g.p.fire[g.p.nfire] = c
			g.p.nfire++
		}
	}
	m := int32(1) // a pay condition
	if dem.cost {
		m = 0
	}
	g.ev(sim.Event{Kind: evPay, Seat: f.seat, Card: int32(c), N: n, M: m})
}

func (g *Game) matches(c int16, dm demand) bool {
	d := &g.e.d[c]
	return (!dm.material || d.kind == kMaterial) && (dm.attr < 0 || d.attr == dm.attr)
}

// payable reports whether seat s's hand, less one card of each of x1 and x2
// (-1 for none), can pay need of the demands dem: Hall's condition over
// every set of demands, which is exact for this assignment (G27: a partial
// payment never counts).
func (g *Game) payable(s int, dem []demand, need [maxDemands]int8, x1, x2 int16) bool {
	if len(dem) == 1 { // most uses: count the cards that match
		return g.payableOne(s, dem[0], int(need[0]), x1, x2)
	}
	var cnt [1 << maxDemands]int16
	for _, c := range g.h[s].hand {
		if c == x1 {
			x1 = -2
			continue
		}
		if c == x2 {
			x2 = -2
			continue
		}
		m := 0
		for k := range dem {
			if need[k] > 0 && g.matches(c, dem[k]) {
				m |= 1 << k
			}
		}
		cnt[m]++
	}
	for set := 1; set < 1<<len(dem); set++ {
		req, have := 0, 0
		for k := range dem {
			if set&(1<<k) != 0 {
				req += int(need[k])
			}
		}
		if req == 0 {
			continue
		}
		for m := 1; m < 1<<len(dem); m++ {
			if m&set != 0 {
				have += int(cnt[m])
			}
		}
		if have < req {
			return false
		}
	}
	return true
}

// payableOne is payable for one demand dm: whether n cards of seat s's
// hand, less one card of each of x1 and x2, match it.
func (g *Game) payableOne(s int, dm demand, n int, x1, x2 int16) bool {
	for _, c := range g.h[s].hand {
		if n <= 0 {
			return true
		}
		switch {
		case c == x1:
			x1 = -2
		case c == x2:
			x2 = -2
		case g.matches(c, dm):
			n--
		}
	}
	return n <= 0
}

// canPay reports whether seat s can pay the demands dem from hand, not
// counting one card of design excl (the card being used).
func (g *Game) canPay(s int, dem []demand, excl int16) bool {
	if len(dem) == 0 {
		return true
	}
	var need [maxDemands]int8
	for k := range dem {
		need[k] = dem[k].n
	}
	return g.payable(s, dem, need, excl, -1)
}

// enterAdvance puts the paid-for Advance into the cheer seat and queues its
// enter: ability (K4).
func (g *Game) enterAdvance(f *frame) {
	s := int(f.seat)
	h := &g.h[s]
	var ok bool
	if h.hand, ok = removeOne(h.hand, f.card); !ok {
		panic("guardian: the Advance left the hand while being paid for")
	}
	ps := &g.p.ps[s]
	ps.cheer = append(ps.cheer, cheerCard{card: f.card, fresh: true})
	g.show(s, f.card)
	g.ev(sim.Event{Kind: sim.Played, Seat: f.seat, Card: int32(f.card), N: playAdvance})
	card := f.card
	g.p.sp--
	if len(g.e.d[card].lists[lEnter]) > 0 {
		g.push(frame{kind: frClauses, seat: int8(s), card: card, list: lEnter})
	}
}
