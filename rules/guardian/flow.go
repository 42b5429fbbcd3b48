package guardian

import "bifrost/rules/sim"

// Engine event kinds, for replays. The harness kinds carry their own
// meaning: Acquired (N: 0 drawn, 1 taken from the resource zone, 2 returned
// from the cheer seat, 3 recovered from the consume zone), Played (N: how,
// see the play* constants; M: 1 for a reckless forging) and Resolved (one
// clause of the card carried out; N: its clause list).
const (
	evTurn      = sim.EventEngine + iota // Seat: first player; N: turn
	evMulligan                           // Seat; N: cards set aside and redrawn
	evResources                          // Seat; N: cards placed in the resource zone
	evRPS                                // Seat: first player of the game
	evNoForge                            // Seat did not forge; N: 1 when it held a Guardian (ForgeMandatory ×)
	evForged                             // the forging step ends: both choices are told together
	evShip                               // Seat; Card; N: 1 when reckless
	evPoint                              // Seat: whose Guardian; Card: source; N: change
	evNext                               // Seat; Card: source; N: change next turn
	evFortify                            // Seat; N: cards moved
	evRecord                             // Seat; N: counter; M: new value
	evDiscard                            // Seat: whose hand; Card
	evBreak                              // Seat: the Advance's owner; Card
	evFlip                               // Seat: who flipped; Card: source
	evNullify                            // Seat; Card
	evPay                                // Seat; Card; N: 1 consumed (it triggers); M: 1 for a pay condition, 0 an Advance's cost
	evPass                               // Seat
	evResult                             // Seat: winner, -1 (a draw) or -2 (both lose, G9); N, M: final points of seats 0 and 1; Card: -1
	evNoShip                             // Seat lost the battle without a Guardian
	evTake                               // Seat; N: the resource zone left
	evGameWin                            // Seat
	evPlace                              // Seat; Card; N: 0 hand, 1 cheer seat
	evLimit                              // Seat; Card discarded over the hand limit
	evAffinity                           // Seat: the advantaged seat or -1; N: 1 when nullified
	evStale                              // Seat: the winner by battles won (ExtendedBattleLimit); N, M: its and the loser's wins
	evRepeat                             // Seat: the winner by battles won, or -1 for a draw (RepetitionLimit); N, M: P1's and P2's battles won
)

// How a card was played (Event.N of sim.Played).
const (
	playForge   = 1
	playCheer   = 2
	playOrder   = 3
	playConsume = 4
	playAdvance = 5
	playPaid    = 6 // consumed by a pay condition
)

func (g *Game) setAsk(k ask, seat int) {
	g.p.ask, g.p.askSeat = k, int8(seat)
}

// advance runs the game until a seat must decide or the game is over.
func (g *Game) advance() {
	for g.p.ask == askNone && g.p.phase != phOver {
		if g.p.sp > 0 {
			g.stepFrame()
			continue
		}
		g.stepPhase()
	}
}

func (g *Game) stepPhase() {
	e, p := g.e, &g.p
	switch p.phase {
	case phMulligan:
		s := int(p.actor)
		if s >= 2 {
			g.finishSetup()
			return
		}
		h := &g.h[s]
		if p.ps[s].mulls > 0 && len(h.hand)+len(h.aside) > 0 {
			g.setAsk(askMulligan, s)
			return
		}
		p.actor++
	case phPrep:
		if int(p.turn) > e.turnCap {
			// Turns can pass without a decision (no Guardian on either
			// side): stop here so the harness sees the cap (G10).
			g.setAsk(askStall, int(p.first))
			return
		}
		g.decided, g.start = false, g.shape()
		g.pushTriggers(lPrep, false)
		p.phase = phDraw
	case phDraw:
		for k := range 2 {
			g.draw(g.order(k), e.drawPerTurn, 0)
		}
		p.phase, p.step = phForge, 0
	case phForge:
		if p.step == 2 {
			g.revealForging()
			p.phase = phBattleStart
			return
		}
		// Every seat makes its forging choice, even one without a
		// Guardian (its one choice is to forge nothing), so the order of
		// decisions tells nobody who held one (R5, G8).
		g.setAsk(askForge, g.order(int(p.step)))
		return
	case phBattleStart:
		g.pushTriggers(lBattle, !e.barredKeeps)
		p.phase = phShip
	case phShip:
		g.ship()
	case phActions:
		a := int(p.actor)
		if p.ps[a].passed {
			a = other(a)
			p.actor = int8(a)
		}
		if p.ps[a].passed {
			p.phase = phDecide
			return
		}
		g.setAsk(askAction, a)
	case phDecide:
		g.decide()
	case phPlace:
		if p.step == 2 {
			p.phase, p.step = phHandLimit, 0
			return
		}
		s := g.order(int(p.step))
		ps := &p.ps[s]
		switch {
		case !ps.shipped:
		case int(p.result) == s || p.result < 0 && !e.drawChooses:
			g.place(s, g.cheerRoom(s))
		case g.cheerRoom(s):
			g.setAsk(askPlace, s)
			return
		default:
			g.place(s, false)
		}
		p.step++
	case phHandLimit:
		if e.handLimit == 0 || p.step == 2 {
			p.phase = phEnd
			return
		}
		s := g.order(int(p.step))
		if len(g.h[s].hand) > e.handLimit {
			g.setAsk(askDiscard, s)
			return
		}
		p.step++
	case phEnd:
		g.endTurn()
	}
}

// revealForging ends the simultaneous forging: what each seat put down, or
// that it put nothing down, is told together, in turn order (R5, R9).
func (g *Game) revealForging() {
	g.ev(sim.Event{Kind: evForged, Seat: -1, Card: -1})
	for k := range 2 {
		s := g.order(k)
		h, ps := &g.h[s], &g.p.ps[s]
		ps.forged = h.forge >= 0
		ps.barred = !ps.forged
		switch {
		case ps.forged:
			m := int32(0)
			if h.reckless {
				m = 1
			}
			g.ev(sim.Event{Kind: sim.Played, Seat: int8(s), Card: int32(h.forge), N: playForge, M: m})
		case g.hasGuardian(s):
			g.ev(sim.Event{Kind: evNoForge, Seat: int8(s), Card: -1, N: 1})
		default:
			g.ev(sim.Event{Kind: evNoForge, Seat: int8(s), Card: -1})
		}
	}
}

// finishSetup places the resource zones (S7), decides the first player by
// rock-paper-scissors (S8) and starts turn 1.
func (g *Game) finishSetup() {
	p := &g.p
	for s := range 2 {
		h := &g.h[s]
		n := 0
		for ; n < g.e.resourceZone && len(h.deck) > 0; n++ {
			h.res = append(h.res, h.deck[len(h.deck)-1])
			h.deck = h.deck[:len(h.deck)-1]
		}
		g.stacked.drop(g.e.weight, s, zsDeck, h.deck)
		g.ev(sim.Event{Kind: evResources, Seat: int8(s), Card: -1, N: int32(n)})
	}
	p.first = int8(g.rng.IntN(2))
	p.gameFirst = p.first
	g.ev(sim.Event{Kind: evRPS, Seat: p.first, Card: -1})
	p.turn = 1
	p.phase = phPrep
	g.ev(sim.Event{Kind: evTurn, Seat: p.first, Card: -1, N: 1})
}

// mulligan sets the aside cards on the bottom of the deck in random order
// after drawing as many (S5, S6).
func (g *Game) mulligan(s int) {
	h := &g.h[s]
	n := len(h.aside)
	g.draw(s, n, 0)
	shuffle(g.rng, h.aside[:n])
	k := len(h.deck)
	h.deck = h.deck[:k+n]
	copy(h.deck[n:], h.deck[:k])
	copy(h.deck, h.aside)
	h.aside = h.aside[:0]
	g.stacked.forget(s, zsDeck)
	g.ev(sim.Event{Kind: evMulligan, Seat: int8(s), Card: -1, N: int32(n)})
}

func (g *Game) hasGuardian(s int) bool {
	for _, c := range g.h[s].hand {
		if g.e.d[c].kind == kGuardian {
			return true
		}
	}
	return false
}

// draw moves up to n cards from the top of the deck to hand (C4).
func (g *Game) draw(s, n int, how int32) {
	h := &g.h[s]
	for ; n > 0 && len(h.deck) > 0; n-- {
		c := h.deck[len(h.deck)-1]
		h.deck = h.deck[:len(h.deck)-1]
		h.hand = append(h.hand, c)
		g.stacked.drop(g.e.weight, s, zsDeck, h.deck)
		g.ev(sim.Event{Kind: sim.Acquired, Seat: int8(s), Card: int32(c), N: how})
	}
}

// take moves up to n cards from the top of the resource zone to hand.
func (g *Game) take(s, n int) {
	h := &g.h[s]
	for ; n > 0 && len(h.res) > 0; n-- {
		c := h.res[len(h.res)-1]
		h.res = h.res[:len(h.res)-1]
		h.hand = append(h.hand, c)
		g.stacked.drop(g.e.weight, s, zsRes, h.res)
		g.p.ps[s].taken++
		g.ev(sim.Event{Kind: sim.Acquired, Seat: int8(s), Card: int32(c), N: 1})
		g.ev(sim.Event{Kind: evTake, Seat: int8(s), Card: int32(c), N: int32(len(h.res))})
	}
}

// pushTriggers queues a phase-start trigger of every cheer-seat card, the
// first player's first and in seat order (G14).
func (g *Game) pushTriggers(list uint8, skipBarred bool) {
	for k := 1; k >= 0; k-- {
		s := g.order(k)
		ps := &g.p.ps[s]
		if skipBarred && ps.barred {
			continue
		}
		for i := len(ps.cheer) - 1; i >= 0; i-- {
			if c := ps.cheer[i].card; len(g.e.d[c].lists[list]) > 0 {
				g.push(frame{kind: frClauses, seat: int8(s), card: c, list: list})
			}
		}
	}
}

func (g *Game) push(f frame) {
	if int(g.p.sp) >= maxFrames {
		panic("guardian: effect stack overflow")
	}
	g.p.stack[g.p.sp] = f
	g.p.sp++
}

// ship turns the forged Guardians face up and queues their ship abilities,
// the first player's resolving first (R12, R14).
func (g *Game) ship() {
	p := &g.p
	for k := range 2 {
		s := g.order(k)
		h, ps := &g.h[s], &p.ps[s]
		if h.forge < 0 {
			continue
		}
		ps.shipped, ps.guard, ps.reckless = true, h.forge, h.reckless
		h.forge, h.reckless = -1, false
		g.show(s, ps.guard)
		n := int32(0)
		if ps.reckless {
			n = 1
		}
		g.ev(sim.Event{Kind: evShip, Seat: int8(s), Card: int32(ps.guard), N: n})
	}
	for k := 1; k >= 0; k-- {
		s := g.order(k)
		if ps := &p.ps[s]; ps.shipped && len(g.e.d[ps.guard].lists[lShip]) > 0 {
			g.push(frame{kind: frClauses, seat: int8(s), card: ps.guard, list: lShip})
		}
	}
	for s := range 2 {
		p.ps[s].passed = p.ps[s].barred
	}
	p.phase, p.actor = phActions, p.first
}

// decide settles the battle (R22–R29), the resources (R27, R28) and victory (V1, G6).
func (g *Game) decide() {
	e, p := g.e, &g.p
	pts, adv, null := g.totals()
	b0, b1 := p.ps[0].barred, p.ps[1].barred
	w := -1
	switch {
	case b0 && b1: // G9: a draw (NoShipBothDraw) or a double loss; both take a resource either way
	case b0:
		w = 1
	case b1:
		w = 0
	case pts[0] > pts[1]:
		w = 0
	case pts[1] > pts[0]:
		w = 1
	}
	if !b0 && !b1 {
		n := int32(0)
		if null {
			n = 1
		}
		g.ev(sim.Event{Kind: evAffinity, Seat: int8(adv), Card: -1, N: n})
	}
	for s := range 2 {
		if p.ps[s].barred {
			g.ev(sim.Event{Kind: evNoShip, Seat: int8(s), Card: -1})
		}
	}
	told := int8(w)
	if b0 && b1 && !e.noShipBothDraw {
		told = -2 // G9 ×: neither shipped, and both lose
	}
	g.ev(sim.Event{Kind: evResult, Seat: told, Card: -1, N: int32(pts[0]), M: int32(pts[1])})
	for s := range 2 { // R34: used Orders go to the consume zone
		ps := &p.ps[s]
		ps.consumed = append(ps.consumed, ps.orders...)
		ps.orders = ps.orders[:0]
	}
	p.result = int8(w)
	if w < 0 {
		if len(g.h[0].res) == 0 && len(g.h[1].res) == 0 {
			p.stale++ // an extended battle (R33) is drawn
		} else {
			p.stale = 0
		}
		g.take(g.order(0), 1)
		g.take(g.order(1), 1)
		if g.staleWin() {
			return
		}
	} else {
		p.stale = 0
		l := other(w)
		p.ps[w].wins++
		if e.winCheckBefore && len(g.h[l].res) == 0 {
			g.win(w)
			return
		}
		g.take(l, 1)
		if !e.winCheckBefore && len(g.h[l].res) == 0 {
			g.win(w)
			return
		}
	}
	p.phase, p.step = phPlace, 0
}

// staleWin ends a stalemate under ExtendedBattleLimit (G10): after that
// many drawn battles in a row with both resource zones empty, the seat that
// has won more battles wins the game. On equal wins the extended battles go
// on, as the seed says.
func (g *Game) staleWin() bool {
	p := &g.p
	w0, w1 := p.ps[0].wins, p.ps[1].wins
	if g.e.extLimit == 0 || int(p.stale) < g.e.extLimit || w0 == w1 {
		return false
	}
	w := 0
	if w1 > w0 {
		w = 1
	}
	g.ev(sim.Event{Kind: evStale, Seat: int8(w), Card: -1, N: int32(p.ps[w].wins), M: int32(p.ps[other(w)].wins)})
	g.win(w)
	return true
}

// repeated ends the game by RepetitionLimit (G10) when the position at the
// end of this turn, the next turn's first player chosen, has been reached
// RepetitionLimit times before at the end of a turn. Positions are noted
// only while both resource zones are empty: only drawn extended battles
// (R33) can bring one back, since every other battle takes a resource card
// or ends the game, and a card drawn never returns to the deck. A draw of
// the game, unless ExtendedBattleLimit is set and one seat has won more
// battles: that seat wins, as the limit would make it a few battles later.
func (g *Game) repeated() bool {
	e, p := g.e, &g.p
	if e.repLimit == 0 {
		return false
	}
	if len(g.h[0].res) > 0 || len(g.h[1].res) > 0 {
		g.reps = g.reps[:0]
		return false
	}
	pos, n := g.position(), 0
	for _, q := range g.reps {
		if q == pos {
			n++
		}
	}
	if n < e.repLimit {
		g.reps = append(g.reps, pos)
		return false
	}
	w0, w1 := p.ps[0].wins, p.ps[1].wins
	ev := sim.Event{Kind: evRepeat, Seat: -1, Card: -1, N: int32(w0), M: int32(w1)}
	switch {
	case e.extLimit > 0 && w0 > w1:
		ev.Seat = 0
	case e.extLimit > 0 && w1 > w0:
		ev.Seat = 1
	}
	g.ev(ev)
	if ev.Seat >= 0 {
		g.win(int(ev.Seat))
		return true
	}
	p.drawn = true
	p.phase = phOver
	return true
}

// position sums up the state a turn ends in, for RepetitionLimit (G10):
// each seat's hand and consume zone as sets of cards, its deck, resource
// zone and cheer seat in order, its records (each only up to one more than
// the largest number a card compares it with: beyond it, no card can tell
// the values apart) and the points it carries into the next turn, and who
// goes first. Battle effects and cheer marks have
// been reset by then.
func (g *Game) position() uint64 {
	x := uint64(0x243f6a8885a308d3)
	mix := func(n uint64) {
		x = (x ^ n) * 0x9e3779b97f4a7c15
		x ^= x >> 31
	}
	w := g.e.weight
	for s := range 2 {
		ps, h := &g.p.ps[s], &g.h[s]
		mix(uint64(len(h.hand)))
		mix(weights(w, h.hand))
		mix(uint64(len(ps.consumed)))
		mix(weights(w, ps.consumed))
		for _, z := range [2][]int16{h.deck, h.res} {
			mix(uint64(len(z)))
			for _, c := range z {
				mix(uint64(c))
			}
		}
		mix(uint64(len(ps.cheer)))
		for _, cc := range ps.cheer {
			mix(uint64(cc.card))
		}
		for i, c := range ps.counters {
			mix(uint64(min(c, g.e.ctrCap[i]))) // a record past every condition's number counts as one
		}
		mix(uint64(ps.nextNow))
	}
	mix(uint64(g.p.first))
	return x
}

func (g *Game) win(w int) {
	g.p.winner = int8(w)
	g.p.phase = phOver
	g.ev(sim.Event{Kind: evGameWin, Seat: int8(w), Card: -1})
}

// cheerRoom reports whether seat s's cheer seat can take one more card (G25).
func (g *Game) cheerRoom(s int) bool {
	return g.e.cheerLimit == 0 || len(g.p.ps[s].cheer) < g.e.cheerLimit
}

// place moves seat s's Guardian from the forging zone to the cheer seat or hand.
func (g *Game) place(s int, cheer bool) {
	ps := &g.p.ps[s]
	c := ps.guard
	n := int32(0)
	if cheer {
		ps.cheer = append(ps.cheer, cheerCard{card: c})
		n = 1
	} else {
		g.h[s].hand = append(g.h[s].hand, c)
	}
	// The Guardian has left the forging zone: a determinizer that read
	// forged after this would deal the opponent a phantom face-down card.
	ps.forged, ps.shipped, ps.guard, ps.reckless = false, false, -1, false
	g.ev(sim.Event{Kind: evPlace, Seat: int8(s), Card: int32(c), N: n})
}

// endTurn resets this battle's effects (R37, R38) and picks the next first
// player (R39–R41).
func (g *Game) endTurn() {
	p := &g.p
	for s := range 2 {
		ps := &p.ps[s]
		ps.mod, ps.passed, ps.barred, ps.forged = 0, false, false, false
		ps.nextNow, ps.next = ps.next, 0
		for i := range ps.cheer {
			ps.cheer[i].used, ps.cheer[i].fresh = 0, false
		}
	}
	p.flip, p.nullify = false, false
	if g.e.repLimit == 0 && g.deadEnd() {
		p.turn = int32(g.e.turnCap) // G10: an endless game; the cap ends it at once
	}
	r0, r1 := len(g.h[0].res), len(g.h[1].res)
	p.endRes = [2]int16{int16(r0), int16(r1)}
	switch {
	case r0 < r1:
		p.first = 0
	case r1 < r0:
		p.first = 1
	case p.result >= 0:
		p.first = p.result
	}
	if g.repeated() {
		return
	}
	p.turn++
	p.phase = phPrep
	g.ev(sim.Event{Kind: evTurn, Seat: p.first, Card: -1, N: p.turn})
}

// affinity is seat s's affinity against the opponent: +1 advantage, −1
// disadvantage, 0 neutral or no battle (R7, R8, R30–R32, G3, G4).
func (g *Game) affinity(s int, flip bool) int {
	a, b := &g.p.ps[s], &g.p.ps[other(s)]
	if !a.shipped || !b.shipped {
		return 0
	}
	n := int(g.e.edge[g.e.d[a.guard].attr][g.e.d[b.guard].attr])
	if a.reckless != b.reckless {
		n = -n
	}
	if flip {
		n = -n
	}
	return n
}

// totals computes both final points (R22–R25): base, this battle's
// modifiers, last turn's next_point, the field: effects checked now, and the
// affinity. It also returns the advantaged seat (-1 none) and whether the
// affinity was nullified.
func (g *Game) totals() (pts [2]int, adv int, null bool) {
	e, p := g.e, &g.p
	flip, null := p.flip, p.nullify
	// field: flips and nullifies first, so that point clauses see the final affinity.
	for k := range 2 {
		s := g.order(k)
		if p.ps[s].barred && !e.barredKeeps {
			continue
		}
		g.eachField(s, func(cl *clause) {
			if (cl.verb == vFlip || cl.verb == vNullify) && g.holds(s, cl.conds, 0, flip) {
				if cl.verb == vFlip {
					flip = !flip
				} else {
					null = true
				}
			}
		})
	}
	for s := range 2 {
		ps := &p.ps[s]
		pts[s] = e.basePoint + int(ps.mod) + int(ps.nextNow)
	}
	for k := range 2 {
		s := g.order(k)
		if p.ps[s].barred && !e.barredKeeps {
			continue
		}
		g.eachField(s, func(cl *clause) {
			switch cl.verb {
			case vPoint:
				if p.ps[s].forged && g.holds(s, cl.conds, 0, flip) {
					pts[s] += int(cl.n)
				}
			case vOppPoint:
				if o := other(s); p.ps[o].forged && g.holds(s, cl.conds, 0, flip) {
					pts[o] += int(cl.n)
				}
			}
		})
	}
	adv = -1
	switch a := g.affinity(0, flip); {
	case a > 0:
		adv = 0
	case a < 0:
		adv = 1
	}
	if adv >= 0 && !null {
		pts[adv] += e.affBonus
		pts[other(adv)] -= e.affPenalty
	}
	return pts, adv, null
}

// eachField calls f for every field: clause of seat s's cards on the field:
// the face-up Guardian and the cheer seat.
func (g *Game) eachField(s int, f func(*clause)) {
	ps := &g.p.ps[s]
	if ps.shipped {
		for i := range g.e.d[ps.guard].lists[lField] {
			f(&g.e.d[ps.guard].lists[lField][i])
		}
	}
	for _, cc := range ps.cheer {
		l := g.e.d[cc.card].lists[lField]
		for i := range l {
			f(&l[i])
		}
	}
}

// shape sums up the zone sizes and records, to notice a turn that changed nothing.
func (g *Game) shape() uint64 {
	x := uint64(14695981039346656037)
	mix := func(n int) { x = (x ^ uint64(n)) * 1099511628211 }
	for s := range 2 {
		ps, h := &g.p.ps[s], &g.h[s]
		mix(len(h.hand))
		mix(len(h.deck))
		mix(len(h.res))
		mix(len(ps.cheer))
		mix(len(ps.consumed))
		for _, c := range ps.counters {
			mix(int(c))
		}
	}
	return x
}

// deadEnd reports a game that can never end (G10): a turn passed without a
// decision and without changing anything, both decks and resource zones
// are empty and no Guardian is in hand, so every later turn is the same
// drawn battle without Guardians, and ExtendedBattleLimit cannot end it.
func (g *Game) deadEnd() bool {
	if g.decided || g.shape() != g.start {
		return false
	}
	if g.e.extLimit > 0 && g.p.ps[0].wins != g.p.ps[1].wins {
		return false // the drawn battles count up to ExtendedBattleLimit
	}
	for s := range 2 {
		if h := &g.h[s]; len(h.deck) > 0 || len(h.res) > 0 || g.hasGuardian(s) {
			return false
		}
	}
	return true
}
