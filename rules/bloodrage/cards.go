package bloodrage

import "bifrost/rules/sim"

// The base game's Age cards: upgrades on clan sheets and their abilities,
// and the "may" abilities that become the human's choices (an AI always
// takes them; RULINGS R14).

// slotRange is the range [lo, hi) of sheet slots an upgrade card design fits.
func (g *Game) slotRange(d *cardDef) (lo, hi int) {
	switch d.slot {
	case skLeader:
		return slotLeader, slotLeader + 1
	case skWarrior:
		return slotWarrior, slotWarrior + 1
	case skShip:
		return slotShip, slotShip + 1
	case skMonster:
		return slotMonster0, slotMonster0 + g.e.p.maxMon
	}
	return g.e.clanSlot0, g.e.clanSlot0 + nClanSlots
}

// freeSlot is the first empty slot of the card's kind on clan s's sheet,
// else the one filled longest ago (what an AI replaces, digest 33).
func (g *Game) freeSlot(s int, d *cardDef) int {
	c := &g.clan[s]
	lo, hi := g.slotRange(d)
	sl := -1
	for k := lo; k < hi; k++ {
		if c.slot[k] < 0 {
			return k
		}
		if sl < 0 || c.seq[k] < c.seq[sl] {
			sl = k
		}
	}
	return sl
}

// placeUpgrade puts upgrade card inst on clan s's sheet in slot sl (-1:
// freeSlot), replacing the card there (digest 33). For a monster it returns
// the monster slot and puts the monster figure in the reserve; else -1.
func (g *Game) placeUpgrade(s int, inst int16, sl int) int {
	c := &g.clan[s]
	d := g.design(inst)
	if sl < 0 {
		sl = g.freeSlot(s, d)
	}
	if old := c.slot[sl]; old >= 0 {
		if int(g.design(old).age) == int(g.age) {
			g.moveCard(old, clDiscard, -1)
		} else {
			g.moveCard(old, clBox, -1)
		}
		if d.slot == skMonster { // the old monster goes back to the box
			if f := g.slotFigure(s, sl-slotMonster0); f >= 0 {
				g.moveFig(f, locBox)
			}
		}
	}
	g.seq++
	c.slot[sl], c.seq[sl] = inst, g.seq
	g.moveCard(inst, clSheet, s)
	g.refresh(s)
	if d.slot != skMonster {
		return -1
	}
	m := sl - slotMonster0
	if f := g.slotFigure(s, m); f >= 0 && g.figs[f].loc == locBox {
		g.moveFig(f, locReserve)
	}
	return m
}

// slotFigure is clan s's monster figure of slot m.
func (g *Game) slotFigure(s, m int) int {
	base := s * g.e.perClan
	for k := range g.e.perClan {
		if f := &g.figs[base+k]; f.kind == fkMonster && int(f.slot) == m {
			return base + k
		}
	}
	return -1
}

// sheetTrigger runs clan s's sheet abilities with a trigger. Battle
// triggers of a figure's upgrade need that figure in the battle; clan
// upgrades always apply. n is the province (battles) or the count (release).
func (g *Game) sheetTrigger(s int, trig int8, n int) {
	c := &g.clan[s]
	for sl, i := range c.slot[:g.e.slots] {
		if i < 0 {
			continue
		}
		d := g.design(i)
		if sl < g.e.clanSlot0 {
			switch trig {
			case trWin, trLose, trBattleEnd, trPillaged:
				if g.b.present[s]&(1<<sl) == 0 {
					continue
				}
			}
		}
		fig := -1
		if sl >= slotMonster0 && sl < g.e.clanSlot0 {
			fig = g.slotFigure(s, sl-slotMonster0)
		}
		for k := range d.eff {
			if d.eff[k].trig == trig {
				g.cardDo(s, &d.eff[k], int(g.e.inst[i]), n, fig)
			}
		}
	}
}

// cardDo runs one card clause for clan s. design is the card design (for
// the Resolved event), n the province or count, fig the card's figure.
func (g *Game) cardDo(s int, cl *clause, design, n, fig int) {
	if !g.condsHold(s, cl.conds, fig) {
		return
	}
	c := &g.clan[s]
	b := &g.b
	did := true
	switch cl.verb {
	case kStat:
		switch cl.a {
		case statAll:
			for range max(int(cl.b), 1) {
				for k := range 3 {
					g.raise(s, k)
				}
			}
		case statAny, statOther:
			except := -1
			if cl.a == statOther {
				except = int(b.rewardSt)
			}
			for range max(int(cl.b), 1) {
				g.push(task{kind: tStatPrompt, a: int16(s), b: cl.a, c: int16(except)})
			}
		default:
			for range max(int(cl.b), 1) {
				g.raise(s, int(cl.a))
			}
		}
	case kStealRage:
		w := int(b.winner)
		if w < 0 || w == s {
			return
		}
		take := min(int(cl.a), int(g.clan[w].rage))
		g.clan[w].rage -= int16(take)
		c.rage += int16(take)
	case kStealGlory:
		w := int(b.winner)
		if w < 0 || w == s {
			return
		}
		take := min(int(cl.a), int(g.clan[w].glory))
		g.gain(w, -take, srcStolen)
		g.gain(s, take, srcCards)
	case kGlory:
		g.gain(s, int(cl.a), srcCards)
	case kGainRage:
		c.rage += cl.a
	case kGloryPer:
		var k int
		switch cl.a {
		case perDead:
			for o := range g.n {
				k += int(b.dead[o])
			}
		case perEnemyDead:
			k = g.enemyDead(s)
		case perReleased:
			k = n
		case perOnBoard:
			k = g.onBoard(s)
		}
		g.gain(s, k*int(cl.b), srcCards)
		did = k > 0
	case kBonusWarrior:
		g.push(task{kind: tBonus, a: int16(s), b: int16(n), c: cl.a})
	case kMoveAdjacent:
		if f := g.findFig(s, fkLeader, int8(n)); f >= 0 {
			g.push(task{kind: tMoveAdj, a: int16(s), b: int16(f)})
		}
	case kPillageNow:
		g.push(task{kind: tPillageNow, a: int16(s), b: int16(n), c: cl.a})
	case kDestroyEnemies:
		g.destroyEnemies(s, n, int(cl.a))
	case kTakeCards, kKeepCards, kKillWarriors, kThin, kCopyBest, kRebattle, kCancel:
		did = false // battle texts, applied by the resolution
	case kFree, kAsShip, kPairStr, kDiscount, kQuestStr, kInvadeYggdrasil, kYggdrasilStr,
		kFigureStr, kDouble, kRepillage, kSave, kRewardAgain, kRetreat, kValhallaInvade, kSacrifice:
		did = false // static abilities and actions, read where they apply
	case kControl, kValhalla:
		did = false // quest conditions
	default:
		panic("bloodrage: unhandled card verb")
	}
	if did {
		g.ev(sim.Resolved, s, design, 0, 0)
	}
}

// destroyEnemies destroys other clans' warriors (which 0) or non-monster
// figures (which 1) in province p, as a monster invades (Troll, Fire Giant).
func (g *Game) destroyEnemies(s, p, which int) {
	if p < 0 || p >= nProv {
		return
	}
	for o := range g.n {
		if o == s || g.cnt[o][p] == 0 {
			continue
		}
		base := o * g.e.perClan
		for k := range g.e.perClan {
			f := base + k
			fg := &g.figs[f]
			if int(fg.loc) != p || fg.kind == fkMonster || which == 0 && fg.kind != fkWarrior {
				continue
			}
			g.kill(f)
		}
	}
}

// afterInvade runs the invade abilities after clan s invaded loc with f:
// the figure's own upgrade, and the clan upgrades (any figure).
func (g *Game) afterInvade(s, f, loc int) {
	c := &g.clan[s]
	own := slotOfFigure(&g.figs[f])
	for sl, i := range c.slot[:g.e.slots] {
		if i < 0 || sl < g.e.clanSlot0 && sl != own {
			continue
		}
		d := g.design(i)
		// pillage_now and bonus_warrior push tasks; push the pillage first
		// so that the bonus warrior arrives before the battle.
		for pass := range 2 {
			for k := range d.eff {
				cl := &d.eff[k]
				if cl.trig != trInvade || (cl.verb == kPillageNow) != (pass == 0) {
					continue
				}
				if loc >= nProv && (cl.verb == kPillageNow || cl.verb == kBonusWarrior || cl.verb == kDestroyEnemies) {
					continue // a fjord is not a province
				}
				g.cardDo(s, cl, int(g.e.inst[i]), loc, f)
			}
		}
	}
}

// statPrompt raises one stat chosen by clan s: the human chooses; an AI
// takes the lowest (T36, T37). kind is statAny or statOther; except is the
// stat "other" leaves out.
func (g *Game) statPrompt(s, kind, except int) {
	if kind != statOther {
		except = -1
	}
	if s != 0 {
		if k := g.lowestStat(s, except); k >= 0 {
			g.raise(s, k)
		}
		return
	}
	n, last := 0, -1
	for k := range 3 {
		if k != except && !g.atMax(0, k) {
			n++
			last = k
		}
	}
	switch n {
	case 0:
	case 1:
		g.raise(0, last)
	default:
		g.pb = int16(except)
		g.prompt = pStat
	}
}

// freeInvade offers the free invasion that follows a figure upgrade
// (digest 34, 35).
func (g *Game) freeInvade(s, code int) {
	if s != 0 {
		return
	}
	f := g.findFig(0, code, locReserve)
	if f < 0 || !g.canPlace(0) || !g.anyTarget(f) {
		return
	}
	g.pa = int16(code)
	g.prompt = pFreeInvade
}

// bonusWarrior places up to n free warriors in province p (bonus_warrior).
func (g *Game) bonusWarrior(s, p, n int) {
	if p < 0 || p >= nProv || g.destroyed[p] || g.room(p) <= 0 || !g.canPlace(s) || g.findFig(s, fkWarrior, locReserve) < 0 {
		return
	}
	if s == 0 {
		g.pa, g.pb = int16(p), int16(n)
		g.prompt = pBonus
		return
	}
	g.placeWarriors(s, p, n)
}

// placeWarriors puts up to n warriors from the reserve into province p.
func (g *Game) placeWarriors(s, p, n int) {
	for range n {
		f := g.findFig(s, fkWarrior, locReserve)
		if f < 0 || g.room(p) <= 0 || !g.canPlace(s) {
			return
		}
		g.moveFig(f, int8(p))
		g.ev(evInvade, s, -1, p, fkWarrior)
	}
}

// pillageNow offers the immediate pillage of Thor's Domain.
func (g *Game) pillageNow(s, p, cost int) {
	if g.b.active || p < 0 || p >= nProv || g.pillaged[p] || g.destroyed[p] || int(g.clan[s].rage) < cost || !g.presentIn(s, p) {
		return
	}
	if s == 0 {
		g.pa, g.pb = int16(p), int16(cost)
		g.prompt = pPillNow
		return
	}
	g.clan[s].rage -= int16(cost)
	g.startBattle(p, s)
}

// moveAdjacent offers Lord of Hammers' move to a neighbouring province.
func (g *Game) moveAdjacent(s, f int) {
	from := int(g.figs[f].loc)
	if from >= nProv {
		return
	}
	for _, q := range g.e.prov[from].adj {
		if g.room(int(q)) > 0 {
			if s != 0 {
				g.moveFig(f, q)
				return
			}
			g.pa = int16(f)
			g.prompt = pMoveAdj
			return
		}
	}
}
