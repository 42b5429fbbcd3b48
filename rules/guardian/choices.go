package guardian

import "bifrost/rules/sim"

// Seat is the seat that decides next.
func (g *Game) Seat() int { return int(g.p.askSeat) }

// FirstSeat is the first player of the game, decided by
// rock-paper-scissors (sim.TurnOrderer).
func (g *Game) FirstSeat() int { return int(g.p.gameFirst) }

// Over reports whether a seat has won the game.
func (g *Game) Over() bool { return g.p.phase == phOver }

// Turn is the current turn (1 from the first preparation phase on).
func (g *Game) Turn() int { return int(g.p.turn) }

// Scores are the battles each seat won.
func (g *Game) Scores(buf []int) []int {
	return append(buf[:0], int(g.p.ps[0].wins), int(g.p.ps[1].wins))
}

// Winner is the seat that won the game: -1 before the end and for a game
// drawn by repetition (G10).
func (g *Game) Winner() int { return int(g.p.winner) }

// Choices lists the legal decisions of the deciding seat.
func (g *Game) Choices(buf []sim.Choice) []sim.Choice {
	buf = buf[:0]
	e, p := g.e, &g.p
	s := int(p.askSeat)
	h := &g.h[s]
	switch p.ask {
	case askMulligan:
		gen := g.stamp()
		for _, c := range h.hand {
			if g.firstTime(c, gen) {
				buf = append(buf, sim.Choice{Kind: cAside, A: c})
			}
		}
		buf = append(buf, sim.Choice{Kind: cKeep})
	case askForge:
		gen, n := g.stamp(), len(buf)
		for _, c := range h.hand {
			if d := &e.d[c]; d.kind == kGuardian && g.firstTime(c, gen) {
				buf = append(buf, sim.Choice{Kind: cForge, A: c})
				if e.reckOK[d.attr] {
					buf = append(buf, sim.Choice{Kind: cForge, A: c, B: 1})
				}
			}
		}
		if !e.forgeMand || len(buf) == n { // R9: without a Guardian, forging nothing is the one choice
			buf = append(buf, sim.Choice{Kind: cNoForge})
		}
	case askAction:
		buf = g.actions(buf, s)
	case askMay:
		buf = append(buf, sim.Choice{Kind: cYes}, sim.Choice{Kind: cNo})
	case askPick:
		f := &p.stack[p.sp-1]
		if f.kind == frPay {
			return g.payChoices(buf, f)
		}
		return g.pickChoices(buf, int(f.seat), e.d[f.card].lists[f.list][f.idx].verb)
	case askPlace:
		buf = append(buf, sim.Choice{Kind: cPlace, A: 0}, sim.Choice{Kind: cPlace, A: 1})
	case askStall:
		buf = append(buf, sim.Choice{Kind: cWait})
	case askDiscard:
		gen := g.stamp()
		for _, c := range h.hand {
			if g.firstTime(c, gen) {
				buf = append(buf, sim.Choice{Kind: cDiscard, A: c})
			}
		}
	}
	return buf
}

// actions lists seat s's step-4 actions (R16–R20): cheer-seat abilities,
// Orders, Materials to consume, Advances to place, and pass.
func (g *Game) actions(buf []sim.Choice, s int) []sim.Choice {
	e, p := g.e, &g.p
	ps := &p.ps[s]
	for i, cc := range ps.cheer {
		d := &e.d[cc.card]
		if len(d.lists[lCheer]) == 0 || cc.used >= d.uses || cc.fresh && !e.advanceSame || dupCheer(ps.cheer, i) {
			continue
		}
		if g.holds(s, d.cheerUse, 0, p.flip) && g.canPay(s, d.cheerPay, -1) {
			buf = append(buf, sim.Choice{Kind: cCheer, A: int16(i)})
		}
	}
	gen := g.stamp()
	room := g.cheerRoom(s)
	for _, c := range g.h[s].hand {
		d := &e.d[c]
		if d.kind == kGuardian || !g.firstTime(c, gen) {
			continue
		}
		switch d.kind {
		case kOrder:
			if g.holds(s, d.use, 1, p.flip) && g.canPay(s, d.usePay, c) {
				buf = append(buf, sim.Choice{Kind: cOrder, A: c})
			}
		case kMaterial:
			if len(d.lists[lConsume]) > 0 { // G28: a Material without consume: is a cost only
				buf = append(buf, sim.Choice{Kind: cConsume, A: c})
			}
		case kAdvance:
			if room && g.holds(s, d.use, 1, p.flip) && g.canPay(s, d.usePay, c) {
				buf = append(buf, sim.Choice{Kind: cAdvance, A: c})
			}
		}
	}
	return append(buf, sim.Choice{Kind: cPass})
}

// Apply carries out a legal choice of the deciding seat.
func (g *Game) Apply(c sim.Choice, emit func(sim.Event)) {
	g.emit = emit
	p := &g.p
	s := int(p.askSeat)
	k := p.ask
	p.ask = askNone
	h := &g.h[s]
	// A seat without a Guardian forging nothing had no choice (G10).
	g.decided = g.decided || k != askForge || g.hasGuardian(s)
	switch k {
	case askMulligan:
		if c.Kind == cAside {
			h.hand = mustRemove(h.hand, c.A)
			h.aside = append(h.aside, c.A)
			break
		}
		ps := &p.ps[s]
		if len(h.aside) > 0 {
			g.mulligan(s)
			ps.mulls--
			if ps.mulls > 0 {
				break
			}
		}
		ps.mulls = 0 // done either way, so the other seat cannot tell (G29)
		p.actor++
	case askForge:
		if c.Kind == cForge { // told at the end of the step (revealForging)
			h.hand = mustRemove(h.hand, c.A)
			h.forge, h.reckless = c.A, c.B == 1
		}
		p.step++
	case askAction:
		g.act(s, c)
	case askMay:
		f := &p.stack[p.sp-1]
		if c.Kind == cYes {
			f.state = stDo
		} else {
			f.idx++
			f.state = stBegin
		}
	case askPick:
		f := &p.stack[p.sp-1]
		if f.kind == frPay {
			g.pay(f, c.A)
			break
		}
		cl := &g.e.d[f.card].lists[f.list][f.idx]
		g.pick(int(f.seat), cl.verb, int(c.A), f.card)
		f.left--
		if !g.continuePick(f, cl) {
			f.idx++
			f.state = stBegin
		}
	case askPlace:
		g.place(s, c.A == 1)
		p.step++
	case askDiscard:
		h.hand = mustRemove(h.hand, c.A)
		p.ps[s].consumed = append(p.ps[s].consumed, c.A)
		g.show(s, c.A)
		g.ev(sim.Event{Kind: evLimit, Seat: int8(s), Card: int32(c.A)})
	case askStall:
	default:
		panic("guardian: Apply with no decision pending")
	}
	g.advance()
	g.emit = nil
}

// act carries out a step-4 action of seat s.
func (g *Game) act(s int, c sim.Choice) {
	p := &g.p
	ps := &p.ps[s]
	if ps.passed {
		p.badAct = true
	}
	o := other(s)
	p.actor = int8(o) // the opponent acts next; advance skips a passed one
	h := &g.h[s]
	switch c.Kind {
	case cPass:
		ps.passed = true
		g.ev(sim.Event{Kind: evPass, Seat: int8(s), Card: -1})
	case cCheer:
		cc := &ps.cheer[c.A]
		cc.used++
		g.ev(sim.Event{Kind: sim.Played, Seat: int8(s), Card: int32(cc.card), N: playCheer})
		g.push(frame{kind: frClauses, seat: int8(s), card: cc.card, list: lCheer, skip: true})
		g.startPay(s, cc.card, true, -1)
	case cOrder:
		h.hand = mustRemove(h.hand, c.A)
		ps.orders = append(ps.orders, c.A)
		g.show(s, c.A)
		g.ev(sim.Event{Kind: sim.Played, Seat: int8(s), Card: int32(c.A), N: playOrder})
		g.push(frame{kind: frClauses, seat: int8(s), card: c.A, list: lOrder, skip: true})
		g.startPay(s, c.A, false, -1)
	case cConsume:
		h.hand = mustRemove(h.hand, c.A)
		ps.consumed = append(ps.consumed, c.A)
		g.show(s, c.A)
		g.ev(sim.Event{Kind: sim.Played, Seat: int8(s), Card: int32(c.A), N: playConsume})
		g.push(frame{kind: frClauses, seat: int8(s), card: c.A, list: lConsume})
	case cAdvance:
		g.push(frame{kind: frEnter, seat: int8(s), card: c.A})
		g.startPay(s, c.A, false, c.A)
	default:
		panic("guardian: not an action")
	}
}

func mustRemove(z []int16, d int16) []int16 {
	z, ok := removeOne(z, d)
	if !ok {
		panic("guardian: the chosen card is not in hand")
	}
	return z
}
