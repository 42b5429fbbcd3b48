package bloodrage

import (
	"bifrost/rules/sim"
)

// The AI clans: one turn of an AI board (T3–T9), its instructions (T10–T43)
// and the invade, ship and pillage procedures (§6.1, §6.2).

// Invade fallbacks (T17–T19, G14–G16), for the tally.
const (
	fbDirect          = iota // the D10's province was valid
	fbBlockedEvenYgg         // destroyed or full, even: Yggdrasil (T17a)
	fbBlockedOddDoom         // destroyed or full, odd: the doomed province (T17b)
	fbPillagedEvenYgg        // pillaged, even: Yggdrasil (T18a)
	fbPillagedOddDoom        // pillaged, odd: the doomed province (T18b)
	fbRandom                 // the fallback was unusable: a random province (T19)
	fbNone                   // nowhere to invade: the instruction fails
	nFallbacks
)

// aiTurn plays one turn of AI seat s.
func (g *Game) aiTurn(s int) {
	e := g.e
	c := &g.clan[s]
	if int(c.pass) >= e.p.passLimit {
		return // T8: no roll, no marker
	}
	g.turn++
	bi := int(c.board)
	bd := &e.boards[bi]
	g.count(e.lay.misc + bi*nMisc + miscTurns)
	if c.rage <= 0 { // T9, G5(a): one last pillage, then the pass die shows 6
		g.count(e.lay.misc + bi*nMisc + miscRage0)
		c.pass = int8(e.p.passLimit)
		c.t9 = true
		g.ev(evRage0, s, -1, int(c.pass), 0)
		if p := g.pillageTarget(s); p >= 0 {
			g.startBattle(p, s)
		}
		return
	}
	face := g.d(6)
	c.rolls++
	tr := bd.tracks[face-1]
	pos := int(c.marker[face-1])
	if pos >= len(tr) {
		if !tr[len(tr)-1].loop { // G2(a): the marker cannot move
			g.count(e.lay.endFail + bi*nTracks + face - 1)
			g.ev(evTrackEnd, s, -1, face, 0)
			g.failAI(s)
			return
		}
		pos = 0 // the loop arrow leads back to the first cell
	}
	pos++
	c.marker[face-1] = int8(pos)
	c.stepped[face-1]++
	cell := bd.cellBase + bd.cellIndex(face, pos)
	g.count(e.lay.cellTried + cell)
	g.ev(evCell, s, -1, cell, 0)
	if !g.aiInstr(s, &tr[pos-1].instr) {
		g.count(e.lay.cellFailed + cell)
		g.ev(evFailed, s, -1, cell, 0)
		g.failAI(s) // T6, G38: the marker stays on the new cell
	}
}

// failAI turns the pass die up by 1 (T6, G4).
func (g *Game) failAI(s int) {
	c := &g.clan[s]
	if int(c.pass) < g.e.p.passLimit {
		c.pass++
	}
	c.fails++
	g.ev(evPass, s, -1, int(c.pass), 0)
}

// aiInstr carries out one track instruction; false if it cannot (G3).
func (g *Game) aiInstr(s int, cl *clause) bool {
	if !g.condsHold(s, cl.conds, -1) {
		return false
	}
	switch cl.verb {
	case vPillage:
		p := g.pillageTarget(s)
		if p < 0 {
			return false
		}
		g.startBattle(p, s)
		return true
	case vStat:
		return g.aiStat(s, int(cl.a), g.e.p.statCost)
	case vBoost:
		return g.aiBoost(s)
	case vUpgrade:
		return g.aiUpgrade(s)
	case vMonster:
		cost := int(g.e.cards[cl.a].str)
		if g.e.cards[cl.a].free {
			cost = 0
		}
		return g.aiMonster(s, cl.a, cost)
	case vInvade:
		return g.aiInvade(s, int(cl.a), false)
	case vShip:
		return g.aiShip(s, false)
	}
	return g.aiDo(s, cl, srcBoard)
}

// aiDo carries out one right-half or upgrade effect clause; false if it did
// nothing. Clauses with a trigger run only from battles.
func (g *Game) aiDo(s int, cl *clause, src int) bool {
	if !g.condsHold(s, cl.conds, -1) {
		return false
	}
	c := &g.clan[s]
	switch cl.verb {
	case vInvade:
		return g.aiInvade(s, int(cl.a), true)
	case vShip:
		return g.aiShip(s, true)
	case vStat:
		return g.aiStat(s, int(cl.a), 0)
	case vReinforce:
		return g.reinforce(s, int(cl.a), int(cl.b))
	case vGainRage:
		c.rage += cl.a
		g.ev(evRageGain, s, -1, int(cl.a), 0)
		return true
	case vGlory:
		g.gain(s, int(cl.a), src)
		return true
	case vDraw:
		return g.aiDraw(s, int(cl.a)) > 0
	case vStr:
		return g.b.active // counted in the battle's totals
	case vGloryPer:
		var n int
		switch cl.a {
		case perRegion:
			n = g.regionsControlled(s)
		case perFigure:
			n = g.onBoard(s)
		case perValhalla:
			n = int(g.cnt[s][locValhalla])
		case perRage:
			n = int(c.rage)
		}
		g.gain(s, n*int(cl.b), src)
		return n > 0
	case vPillage:
		p := g.pillageTarget(s)
		if p < 0 || g.b.active {
			return false
		}
		g.startBattle(p, s)
		return true
	case vBoost:
		return g.aiBoost(s)
	case vUpgrade:
		return g.aiUpgrade(s)
	case vMonster:
		return g.aiMonster(s, cl.a, 0)
	case vTarget:
		return false // only inside the pillage instruction
	}
	panic("bloodrage: unhandled ai verb")
}

// condsHold evaluates conditions of the ai and card vocabularies for clan s;
// figure is the figure a card's "yggdrasil" condition looks at, or -1.
func (g *Game) condsHold(s int, cs []cond, figure int) bool {
	b := &g.b
	for _, cd := range cs {
		var x int
		switch cd.kind {
		case cRage:
			x = int(g.clan[s].rage)
		case cPass:
			x = int(g.clan[s].pass)
		case cAge:
			x = int(g.age)
		case cAttacker:
			x = b2i(b.active && int(b.pillager) == s)
		case cDefender:
			x = b2i(b.active && int(b.pillager) != s)
		case cYggdrasil:
			x = b2i(b.active && b.prov == ygg)
		case cDoomed:
			x = b2i(b.active && b.prov == g.doom[g.age])
		case cFigures:
			if b.active {
				x = int(g.cnt[s][b.prov])
				if fj := g.e.prov[b.prov].fjord; fj >= 0 {
					x += int(g.cnt[s][locFjord0+fj])
				}
			}
		case cEnemyDead:
			x = g.enemyDead(s)
		case cHere:
			x = b2i(figure >= 0 && g.figs[figure].loc == ygg || figure < 0 && b.active && b.prov == ygg)
		default:
			panic("bloodrage: unhandled condition")
		}
		if !cd.op.Holds(x, int(cd.val)) {
			return false
		}
	}
	return true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// aiPickFigure chooses the figure an AI invades with (G13): the kind named,
// or the cheapest affordable in the order Warrior, Leader, Monster. Free
// placements ignore Rage. Ships and sea monsters go by the ship procedure.
func (g *Game) aiPickFigure(s, kind int, free bool) int {
	if !g.canPlace(s) {
		return -1
	}
	rage := int(g.clan[s].rage)
	best, bestCost := -1, 0
	try := func(f int) {
		if f < 0 || g.isShip(f) {
			return
		}
		cost := g.invadeCost(f)
		if !free && cost > rage {
			return
		}
		if best < 0 || cost < bestCost {
			best, bestCost = f, cost
		}
	}
	if kind < 0 || kind == fkWarrior {
		try(g.findFig(s, fkWarrior, locReserve))
	}
	if kind < 0 || kind == fkLeader {
		try(g.findFig(s, fkLeader, locReserve))
	}
	if kind < 0 || kind == fkMonster {
		for m := range g.e.p.maxMon {
			try(g.findFig(s, fkMonster+1+m, locReserve))
		}
	}
	return best
}

// aiInvade is the Invade instruction: a figure, a D10 province (§6.1), Rage.
func (g *Game) aiInvade(s, kind int, free bool) bool {
	f := g.aiPickFigure(s, kind, free)
	if f < 0 {
		return false
	}
	return g.aiPlace(s, f, free)
}

// aiPlace invades with figure f of AI clan s: a sailing figure by the ship
// procedure, any other by the D10 procedure.
func (g *Game) aiPlace(s, f int, free bool) bool {
	if !g.canPlace(s) {
		return false
	}
	var loc int
	if g.isShip(f) {
		j := g.shipFjord(s)
		if j < 0 {
			return false
		}
		loc = locFjord0 + j
	} else {
		loc = g.invadeTarget(s)
		if loc < 0 {
			return false
		}
	}
	if !free {
		g.clan[s].rage -= int16(g.invadeCost(f))
	}
	g.moveFig(f, int8(loc))
	g.ev(evInvade, s, -1, loc, int(g.figs[f].kind))
	g.afterInvade(s, f, loc)
	return true
}

// invadeTarget rolls the D10 and applies the fallbacks of §6.1; -1 if there
// is nowhere to go.
func (g *Game) invadeTarget(s int) int {
	e := g.e
	row := e.lay.fallback + int(g.clan[s].board)*nFallbacks
	r := g.d(10)
	p := r - 1
	if r > 8 {
		p = ygg
	}
	g.ev(evD10, s, -1, r, p)
	valid := func(q int) bool { return !g.destroyed[q] && g.room(q) > 0 && !g.pillaged[q] }
	if valid(p) {
		g.count(row + fbDirect)
		return p
	}
	blocked := g.destroyed[p] || g.room(p) == 0
	if r%2 == 0 {
		if !g.pillaged[ygg] {
			if blocked {
				g.count(row + fbBlockedEvenYgg)
			} else {
				g.count(row + fbPillagedEvenYgg)
			}
			return ygg
		}
	} else if d := int(g.doom[g.age]); !g.destroyed[d] && g.room(d) > 0 {
		if blocked {
			g.count(row + fbBlockedOddDoom)
		} else {
			g.count(row + fbPillagedOddDoom)
		}
		return d
	}
	// T19, G16: uniform over the provinces not pillaged that can be invaded.
	n := 0
	for q := range nProv {
		if valid(q) {
			n++
		}
	}
	if n == 0 {
		g.count(row + fbNone)
		return -1
	}
	g.count(row + fbRandom)
	k := g.rng.IntN(n)
	for q := range nProv {
		if valid(q) {
			if k == 0 {
				return q
			}
			k--
		}
	}
	return -1
}

// shipFjord rolls the D4 for a fjord, again while both its provinces are
// destroyed (T20, T21); -1 when all four are (G18).
func (g *Game) shipFjord(s int) int {
	open := false
	for j := range nFjord {
		if g.fjordOpen(j) {
			open = true
		}
	}
	if !open {
		return -1
	}
	for {
		j := g.d(4) - 1
		if g.fjordOpen(j) {
			return j
		}
		g.count(g.e.lay.misc + int(g.clan[s].board)*nMisc + miscShipReroll)
		g.ev(evReroll, s, -1, j+1, 0)
	}
}

// aiShip is the Ship instruction: a ship (or a monster that counts as one)
// from the reserve to a D4 fjord, paying its STR unless free.
func (g *Game) aiShip(s int, free bool) bool {
	if !g.canPlace(s) {
		return false
	}
	f := g.findFig(s, fkShip, locReserve)
	if f < 0 {
		for m := range g.e.p.maxMon {
			if h := g.findFig(s, fkMonster+1+m, locReserve); h >= 0 && g.isShip(h) {
				f = h
				break
			}
		}
	}
	if f < 0 || !free && g.invadeCost(f) > int(g.clan[s].rage) {
		return false
	}
	return g.aiPlace(s, f, free)
}

// aiStat raises a stat (T34–T37): the one named, or the lowest for "any";
// it fails when Rage is short or the stat is on its last step (G31).
func (g *Game) aiStat(s, k, cost int) bool {
	c := &g.clan[s]
	if int(c.rage) < cost {
		return false
	}
	if k == statAny {
		k = g.lowestStat(s, -1)
	}
	if k < 0 || k > statHorns || g.atMax(s, k) {
		return false
	}
	c.rage -= int16(cost)
	return g.raise(s, k)
}

// aiBoost runs every clause of the board's boost (T38, T39); it fails when
// none did anything.
func (g *Game) aiBoost(s int) bool {
	bd := &g.e.boards[g.clan[s].board]
	did := false
	for i := range bd.boost {
		if g.aiDo(s, &bd.boost[i], srcBoard) {
			did = true
		}
	}
	return did
}

// reinforce places up to n warriors from the reserve, free, in one province.
func (g *Game) reinforce(s, n, where int) bool {
	p := -1
	switch where {
	case whereStrongest: // R15: only provinces holding own figures; a ship in the fjord is not one
		best := 0
		for q := range nProv {
			if g.room(q) > 0 && g.cnt[s][q] > 0 {
				if st := g.strIn(s, q); st > best {
					p, best = q, st
				}
			}
		}
	case whereDoomed:
		if d := int(g.doom[g.age]); g.room(d) > 0 {
			p = d
		}
	case whereYggdrasil:
		p = ygg
	case whereRandom:
		k := 0
		for q := range nProv {
			if g.room(q) > 0 {
				k++
			}
		}
		if k > 0 {
			k = g.rng.IntN(k)
			for q := range nProv {
				if g.room(q) > 0 {
					if k == 0 {
						p = q
						break
					}
					k--
				}
			}
		}
	case whereInvade:
		p = g.invadeTarget(s)
	}
	if p < 0 {
		return false
	}
	placed := 0
	for placed < n && g.room(p) > 0 && g.canPlace(s) {
		f := g.findFig(s, fkWarrior, locReserve)
		if f < 0 {
			break
		}
		g.moveFig(f, int8(p))
		placed++
	}
	if placed > 0 {
		g.ev(evReinforce, s, -1, p, placed)
	}
	return placed > 0
}

// aiDraw draws up to n cards from the AI battle deck into the hand.
func (g *Game) aiDraw(s, n int) int {
	got := 0
	for range n {
		c := g.drawPile(clAIDeck)
		if c < 0 {
			break
		}
		g.moveCard(c, clHand, s)
		g.ev(sim.Acquired, s, int(g.e.inst[c]), 0, 0)
		got++
	}
	return got
}

// aiUpgrade rolls the D10 on the board's upgrade table (T40–T43). A red
// or green entry is kept for the game and rolling it again fails; a blue one
// takes effect at once and leaves nothing kept, so rolling it again carries
// it out again (unless KeepBlueUpgrades keeps it like the others). A cost
// above Rage or an effect that does nothing fails too.
func (g *Game) aiUpgrade(s int) bool {
	e := g.e
	c := &g.clan[s]
	bi := int(c.board)
	face := g.d(10)
	u := &e.boards[bi].up[face-1]
	g.count(e.lay.upTried + bi*nUpFaces + face - 1)
	owned := c.owned&(1<<(face-1)) != 0
	g.ev(evUpgradeRoll, s, -1, face, b2i(owned))
	ok := false
	switch {
	case owned, u.cost > int(c.rage):
	case u.monster >= 0:
		ok = g.aiMonster(s, u.monster, u.cost)
		if ok && u.colour == colourBlue {
			for i := range u.eff {
				g.aiDo(s, &u.eff[i], srcUpgrade)
			}
		}
	default:
		c.rage -= int16(u.cost)
		ok = u.colour != colourBlue
		if u.colour == colourBlue {
			for i := range u.eff {
				if g.aiDo(s, &u.eff[i], srcUpgrade) {
					ok = true
				}
			}
		}
		if !ok {
			c.rage += int16(u.cost)
		}
	}
	if !ok {
		g.count(e.lay.upFailed + bi*nUpFaces + face - 1)
		return false
	}
	if u.colour != colourBlue || e.p.keepBlue {
		c.owned |= 1 << (face - 1)
	}
	return true
}

// aiMonster searches out the monster card (探し出し: wherever it is not in
// play — an Age deck, a discard pile or the box, any Age of the game), puts
// it on the clan sheet and its figure in the reserve, pays cost, and invades
// with the figure at once for free (T43, G33). A card in a hand or on a
// sheet is in play; so is none of a card the clan count removed.
func (g *Game) aiMonster(s int, design int16, cost int) bool {
	c := &g.clan[s]
	if g.e.p.maxMon == 0 || cost > int(c.rage) || !g.inGame(g.e.cards[design].age, g.e.cards[design].players) {
		return false
	}
	inst := int16(-1)
	for i, di := range g.e.inst {
		if di != design {
			continue
		}
		switch g.cLoc[i] {
		case clBox, clUpgradePile, clDiscard:
			inst = int16(i)
		}
		if inst >= 0 {
			break
		}
	}
	if inst < 0 {
		return false
	}
	c.rage -= int16(cost)
	m := g.placeUpgrade(s, inst, -1)
	g.ev(sim.Acquired, s, int(design), 0, 0)
	g.ev(evMonster, s, int(design), m, 0)
	if f := g.findFig(s, fkMonster+1+m, locReserve); f >= 0 {
		g.aiPlace(s, f, true)
	}
	return true
}

// pillageTarget applies the board's pillage rule (T23, G19): each target
// clause in turn, among the provinces clan s may pillage; -1 if none.
func (g *Game) pillageTarget(s int) int {
	bd := &g.e.boards[g.clan[s].board]
	var cand [nProv]bool
	n := 0
	for p := range nProv {
		if !g.pillaged[p] && !g.destroyed[p] && g.presentIn(s, p) {
			cand[p] = true
			n++
		}
	}
	if n == 0 {
		return -1
	}
	for i := range bd.pillage {
		cl := &bd.pillage[i]
		if cl.verb != vTarget || !g.condsHold(s, cl.conds, -1) {
			continue
		}
		best, bestV := -1, 0
		for p := range nProv {
			if !cand[p] {
				continue
			}
			var v int
			switch cl.a {
			case whereStrongest:
				v = g.strIn(s, p)
			case whereLead:
				v = g.strIn(s, p) - g.maxOther(s, p)
			case whereWeakest:
				v = -g.maxOther(s, p)
			case whereDoomed:
				if p != int(g.doom[g.age]) {
					continue
				}
			case whereYggdrasil:
				if p != ygg {
					continue
				}
			case whereRandom:
				continue
			}
			if best < 0 || v > bestV {
				best, bestV = p, v
			}
		}
		if cl.a == whereRandom {
			k := g.rng.IntN(n)
			for p := range nProv {
				if cand[p] {
					if k == 0 {
						best = p
						break
					}
					k--
				}
			}
		}
		if best >= 0 {
			return best
		}
	}
	return -1
}

// maxOther is the highest STR of a clan other than s in province p.
func (g *Game) maxOther(s, p int) int {
	best := 0
	for o := range g.n {
		if o != s {
			best = max(best, g.strIn(o, p))
		}
	}
	return best
}

// aiJoin is step 4a for AI clan s in the current battle: the strongest
// adjacent source (G20), the assumed move into empty villages (T27, G23),
// the pillage table (T28, G21, G22). It reports whether figures moved.
func (g *Game) aiJoin(s int) bool {
	e := g.e
	P := int(g.b.prov)
	space := g.room(P)
	if space <= 0 {
		return false
	}
	src, best := -1, 0
	for _, q := range e.prov[P].adj {
		if g.destroyed[q] || g.cnt[s][q] == 0 {
			continue
		}
		if st := g.strAt(s, q); src < 0 || st > best {
			src, best = int(q), st
		}
	}
	if src < 0 {
		return false
	}
	spent := g.pillaged[src] || src == int(g.doom[g.age])
	// Move as many figures as fit, strongest first, then measure.
	var moved [32]int16
	nm := 0
	for nm < len(moved) && space > 0 {
		pick, ps := -1, -1
		base := s * e.perClan
		for k := range e.perClan {
			f := base + k
			if int(g.figs[f].loc) == src {
				if st := g.figSTR(f); st > ps {
					pick, ps = f, st
				}
			}
		}
		if pick < 0 {
			break
		}
		g.moveFig(pick, int8(P))
		moved[nm] = int16(pick)
		nm++
		space--
	}
	diff := g.strIn(s, P) - g.maxOther(s, P)
	row := g.pillageRow(spent, diff)
	r1, r2 := g.d(6), 0
	if e.pillage[row].Rolls() == 2 {
		r2 = g.d(6)
	}
	join := e.pillage[row].Joins(r1, r2)
	g.count(e.lay.pilRolls + row)
	if join {
		g.count(e.lay.pilJoins + row)
		g.ev(evJoin, s, -1, src, nm)
	} else {
		for _, f := range moved[:nm] {
			g.moveFig(int(f), int8(src))
		}
		g.ev(evStay, s, -1, src, row)
	}
	return join && nm > 0
}

// pillageRow finds the pillage-table row for a source state and difference.
func (g *Game) pillageRow(spent bool, diff int) int {
	state := PillageFresh
	if spent {
		state = PillageSpent
	}
	for i := range g.e.pillage {
		p := &g.e.pillage[i]
		if p.State == state && p.Lo <= diff && diff <= p.Hi {
			return i
		}
	}
	panic("bloodrage: the pillage table covers no row")
}
