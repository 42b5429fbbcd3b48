package bloodrage

import (
	"math/bits"

	"bifrost/rules/sim"
)

// battle is the pillage in progress: the call to battle, the cards, the
// resolution (digest 45–51, T24–T33).
type battle struct {
	active                   bool
	prov                     int8
	pillager                 int8
	fought                   bool // another clan was there: cards were played
	callIdx                  int8
	moved                    bool
	aiCalled                 uint8
	part                     uint8 // participants
	canceled                 uint8 // clans whose card texts an opponent cancelled
	winner                   int8
	rewardSt                 int8 // the stat the pillage reward raised, for "stat other"
	humanPlay                bool
	aiPlayed                 bool
	lateDone                 bool
	saveDone                 bool
	retreatAsked, retreatYes bool
	keepDone                 bool
	played                   [maxClans][maxPlayed]int16
	np                       [maxClans]int8
	cardSTR                  [maxClans]int16
	total                    [maxClans]int16
	dead                     [maxClans]int8
	present                  [maxClans]uint16 // slots whose figure was in the battle
}

// Resolution steps.
const (
	rsTexts = iota
	rsCompare
	rsCards
	rsGlory
	rsPillage
	rsEnd
)

// Why a batch of figures is destroyed.
const (
	whyCard = iota // kill_warriors, thin
	whyLose        // the losers of a battle
)

// startBattle begins clan s's pillage of province p.
func (g *Game) startBattle(p, s int) {
	if g.b.active {
		panic("bloodrage: a battle inside a battle")
	}
	g.b = battle{active: true, prov: int8(p), pillager: int8(s), winner: -1, rewardSt: -1}
	g.ev(evBattle, s, -1, p, 0)
	g.push(task{kind: tBattleStart})
	g.push(task{kind: tBattleCall})
}

// battleCall runs the call to battle clockwise from the pillager's left
// (T24, G24): each AI decides once by the pillage table; the human moves one
// figure per turn of the round, until a whole round moves nothing.
func (g *Game) battleCall() {
	b := &g.b
	for {
		if int(b.callIdx) >= g.n {
			if !b.moved {
				return
			}
			b.callIdx, b.moved = 0, false
		}
		seat := (int(b.pillager) + 1 + int(b.callIdx)) % g.n
		if seat != 0 {
			if b.aiCalled&(1<<seat) == 0 {
				b.aiCalled |= 1 << seat
				if g.aiJoin(seat) {
					b.moved = true
				}
			}
			b.callIdx++
			continue
		}
		if g.humanCanCall() {
			g.push(task{kind: tBattleCall})
			g.prompt = pCall
			return
		}
		b.callIdx++
	}
}

// humanCanCall reports whether the human has a figure next to the battle
// and the battle province has room.
func (g *Game) humanCanCall() bool {
	P := int(g.b.prov)
	if g.room(P) <= 0 {
		return false
	}
	for _, q := range g.e.prov[P].adj {
		if !g.destroyed[q] && g.cnt[0][q] > 0 {
			return true
		}
	}
	return false
}

// slotPresence marks the sheet slots whose figures stand in the battle.
func (g *Game) slotPresence(s, P int) uint16 {
	var m uint16
	fj := int8(-1)
	if j := g.e.prov[P].fjord; j >= 0 {
		fj = locFjord0 + j
	}
	base := s * g.e.perClan
	for k := range g.e.perClan {
		f := &g.figs[base+k]
		if int(f.loc) != P && f.loc != fj {
			continue
		}
		switch f.kind {
		case fkLeader:
			m |= 1 << slotLeader
		case fkWarrior:
			m |= 1 << slotWarrior
		case fkShip:
			m |= 1 << slotShip
		case fkMonster:
			m |= 1 << (slotMonster0 + int(f.slot))
		}
	}
	return m
}

// battleStart sees who is in the province after the call.
func (g *Game) battleStart() {
	b := &g.b
	P := int(b.prov)
	for s := range g.n {
		if g.presentIn(s, P) {
			b.part |= 1 << s
			b.present[s] = g.slotPresence(s, P)
		}
	}
	switch {
	case b.part&(1<<b.pillager) == 0:
		g.ev(evBattleEnd, -1, -1, P, 0)
		b.active = false
	case b.part == 1<<b.pillager: // nobody opposes: the reward, no battle glory (digest 46)
		g.push(task{kind: tBattleResolve, a: rsPillage})
	default:
		b.fought = true
		g.push(task{kind: tBattleResolve, a: rsTexts})
		g.push(task{kind: tBattleLate})
		g.push(task{kind: tBattlePlay})
	}
}

// in reports whether clan s takes part in the battle.
func (b *battle) in(s int) bool { return b.part&(1<<s) != 0 }

// playCard shows card instance c for clan s.
func (g *Game) playCard(s int, c int16) {
	b := &g.b
	if int(b.np[s]) >= maxPlayed {
		panic("bloodrage: too many cards in one battle")
	}
	g.moveCard(c, clPlayed, s)
	b.played[s][b.np[s]] = c
	b.np[s]++
	g.ev(sim.Played, s, int(g.e.inst[c]), int(b.prov), 0)
}

// battlePlay: every participant with a hand plays a card (T29). An AI plays
// at random (G26) and, when its card is one normally played late, draws one
// more from the AI battle deck and plays it too (T30, G27).
func (g *Game) battlePlay() {
	b := &g.b
	if b.in(0) && !b.humanPlay && g.handSize(0) > 0 {
		g.push(task{kind: tBattlePlay})
		g.prompt = pCard
		return
	}
	if b.aiPlayed {
		return
	}
	b.aiPlayed = true
	for s := 1; s < g.n; s++ {
		if !b.in(s) {
			continue
		}
		n := g.handSize(s)
		if n == 0 {
			continue
		}
		c := g.nthHand(s, g.rng.IntN(n))
		g.playCard(s, c)
		if d := g.design(c); d.kind == cardBattle && d.late {
			g.count(g.e.lay.misc + int(g.clan[s].board)*nMisc + miscLateDraw)
			if x := g.drawPile(clAIDeck); x >= 0 {
				g.ev(sim.Acquired, s, int(g.e.inst[x]), 0, 0)
				g.playCard(s, x)
			}
		}
	}
}

// hasLate reports whether clan s holds a Battle card playable after the reveal.
func (g *Game) hasLate(s int) bool {
	for i, l := range g.cLoc {
		if l == clHand && int(g.cOwn[i]) == s {
			if d := g.design(int16(i)); d.kind == cardBattle && d.late {
				return true
			}
		}
	}
	return false
}

// battleLate lets the human add late Battle cards after the reveal (digest 48).
func (g *Game) battleLate() {
	b := &g.b
	if b.in(0) && !b.lateDone && g.hasLate(0) {
		g.push(task{kind: tBattleLate})
		g.prompt = pLate
	}
}

// playedHas reports whether a card clan s shows has a verb, and its first argument.
func (g *Game) playedHas(s int, verb int8) (int16, bool) {
	b := &g.b
	for _, c := range b.played[s][:b.np[s]] {
		for _, cl := range g.design(c).eff {
			if cl.verb == verb {
				return cl.a, true
			}
		}
	}
	return 0, false
}

// battleResolve runs one step of the resolution.
func (g *Game) battleResolve(step int) {
	switch step {
	case rsTexts:
		g.resolveTexts()
	case rsCompare:
		g.resolveCompare()
	case rsCards:
		g.resolveCards()
	case rsGlory:
		g.resolveGlory()
	case rsPillage:
		g.resolvePillage()
	case rsEnd:
		g.resolveEnd()
	}
}

// resolveTexts applies the card texts before the comparison: cancel,
// rebattle, copy_best, kill_warriors and thin (RULINGS R12).
func (g *Game) resolveTexts() {
	b := &g.b
	P := int(b.prov)
	humanThin := 0
	var cancelers uint8
	for s := range g.n {
		if _, ok := g.playedHas(s, kCancel); ok && b.in(s) {
			cancelers |= 1 << s
			g.resolvedCards(s, kCancel)
		}
	}
	b.canceled = 0
	for s := range g.n {
		if b.in(s) && cancelers&^(1<<s) != 0 {
			b.canceled |= 1 << s
		}
	}
	// Heimdall's Watch: discard everything shown, glory for the sum, again.
	var watchers uint8
	sum := 0
	for s := range g.n {
		for _, c := range b.played[s][:b.np[s]] {
			if d := g.design(c); d.kind == cardBattle {
				sum += int(d.str)
			}
		}
		if _, ok := g.playedHas(s, kRebattle); ok && b.canceled&(1<<s) == 0 {
			watchers |= 1 << s
		}
	}
	if watchers != 0 {
		for s := range g.n {
			if watchers&(1<<s) != 0 {
				g.resolvedCards(s, kRebattle)
				g.gain(s, sum, srcCards)
			}
			for _, c := range b.played[s][:b.np[s]] {
				g.moveCard(c, clDiscard, -1)
			}
			b.np[s] = 0
		}
		b.humanPlay, b.aiPlayed, b.lateDone = false, false, false
		g.ev(evRebattle, -1, -1, sum, 0)
		g.push(task{kind: tBattleResolve, a: rsTexts})
		g.push(task{kind: tBattleLate})
		g.push(task{kind: tBattlePlay})
		return
	}
	// Card strength: printed +STR; copy_best takes the best opposing card.
	var printed [maxClans]int
	for s := range g.n {
		for _, c := range b.played[s][:b.np[s]] {
			d := g.design(c)
			switch d.kind {
			case cardBattle:
				printed[s] += int(d.str)
			case cardQuest:
				printed[s] += int(g.clan[s].questStr)
			}
		}
	}
	for s := range g.n {
		b.cardSTR[s] = int16(printed[s])
		if _, ok := g.playedHas(s, kCopyBest); ok && b.canceled&(1<<s) == 0 {
			best := 0
			for o := range g.n {
				if o != s {
					for _, c := range b.played[o][:b.np[o]] {
						if d := g.design(c); d.kind == cardBattle {
							best = max(best, int(d.str))
						}
					}
				}
			}
			b.cardSTR[s] += int16(best)
			g.resolvedCards(s, kCopyBest)
		}
	}
	// Figures destroyed before the comparison.
	g.nb = 0
	for s := range g.n {
		if b.canceled&(1<<s) != 0 {
			continue
		}
		if n, ok := g.playedHas(s, kKillWarriors); ok {
			g.resolvedCards(s, kKillWarriors)
			for o := range g.n {
				if o == s || !b.in(o) {
					continue
				}
				k := 0
				base := o * g.e.perClan
				for i := range g.e.perClan {
					f := base + i
					if k < int(n) && g.figs[f].kind == fkWarrior && int(g.figs[f].loc) == P && !g.inBatch(f) {
						g.addBatch(f)
						k++
					}
				}
			}
		}
	}
	for s := range g.n {
		if b.canceled&(1<<s) != 0 {
			continue
		}
		if n, ok := g.playedHas(s, kThin); ok {
			g.resolvedCards(s, kThin)
			for o := range g.n {
				switch {
				case !b.in(o):
				case o == 0: // the human chooses what to keep (R21)
					if humanThin == 0 || int(n) < humanThin {
						humanThin = int(n)
					}
				default:
					g.thin(o, int(n))
				}
			}
		}
	}
	g.push(task{kind: tBattleResolve, a: rsCompare})
	thinning := humanThin > 0 && g.battleFigures() > humanThin
	if g.nb > 0 || thinning {
		g.b.saveDone, g.b.retreatAsked, g.b.retreatYes = false, false, false
		g.batchWhy = whyCard
		g.push(task{kind: tDestroy})
	}
	if thinning {
		g.pa = int16(humanThin)
		g.prompt = pThin
	}
}

// battleFigures counts clan 0's figures in the battle province and its
// fjord that are not yet queued for destruction.
func (g *Game) battleFigures() int {
	w, l, sh, mons := g.figuresAt(g.b.prov)
	n := w + l + sh + bits.OnesCount(uint(mons))
	if j := g.e.prov[g.b.prov].fjord; j >= 0 {
		w, l, sh, mons = g.figuresAt(locFjord0 + j)
		n += w + l + sh + bits.OnesCount(uint(mons))
	}
	return n
}

// thin adds to the batch all but clan o's n strongest figures in the battle.
func (g *Game) thin(o, n int) {
	P := g.b.prov
	fj := int8(-1)
	if j := g.e.prov[P].fjord; j >= 0 {
		fj = locFjord0 + j
	}
	var keep [32]int16
	nk := 0
	for nk < n && nk < len(keep) {
		pick, ps := -1, -1
		base := o * g.e.perClan
		for i := range g.e.perClan {
			f := base + i
			l := g.figs[f].loc
			if (l == P || l == fj) && !g.inBatch(f) && !contains16(keep[:nk], int16(f)) {
				if st := g.figSTR(f); st > ps {
					pick, ps = f, st
				}
			}
		}
		if pick < 0 {
			break
		}
		keep[nk] = int16(pick)
		nk++
	}
	base := o * g.e.perClan
	for i := range g.e.perClan {
		f := base + i
		l := g.figs[f].loc
		if (l == P || l == fj) && !g.inBatch(f) && !contains16(keep[:nk], int16(f)) {
			g.addBatch(f)
		}
	}
}

func contains16(xs []int16, x int16) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// resolvedCards emits Resolved for clan s's played cards with a verb.
func (g *Game) resolvedCards(s int, verb int8) {
	b := &g.b
	for _, c := range b.played[s][:b.np[s]] {
		for _, cl := range g.design(c).eff {
			if cl.verb == verb {
				g.ev(sim.Resolved, s, int(g.e.inst[c]), 0, 0)
				break
			}
		}
	}
}

// aiBonus is an AI's battle STR from its board and red upgrades (T31).
func (g *Game) aiBonus(s int) int {
	if s == 0 {
		return 0
	}
	c := &g.clan[s]
	bd := &g.e.boards[c.board]
	t := 0
	for i := range bd.battle {
		if cl := &bd.battle[i]; cl.verb == vStr && cl.trig == trNone && g.condsHold(s, cl.conds, -1) {
			t += int(cl.a)
		}
	}
	for f := range nUpFaces {
		if c.owned&(1<<f) == 0 || bd.up[f].colour != colourRed {
			continue
		}
		for i := range bd.up[f].eff {
			if cl := &bd.up[f].eff[i]; cl.verb == vStr && cl.trig == trNone && g.condsHold(s, cl.conds, -1) {
				t += int(cl.a)
			}
		}
	}
	return t
}

// resolveCompare totals the STR; the unique highest wins, a tie loses for
// all (T32, G28). The losers' figures are destroyed.
func (g *Game) resolveCompare() {
	b := &g.b
	P := int(b.prov)
	best, count := -1<<30, 0
	for s := range g.n {
		if !b.in(s) {
			continue
		}
		t := g.strIn(s, P) + int(b.cardSTR[s]) + g.aiBonus(s)
		b.total[s] = int16(t)
		switch {
		case t > best:
			best, count, b.winner = t, 1, int8(s)
		case t == best:
			count++
		}
	}
	if count != 1 {
		b.winner = -1
	}
	g.ev(evResult, int(b.winner), -1, P, best)
	g.nb = 0
	for s := range g.n {
		if b.in(s) && s != int(b.winner) {
			g.collectOf(P, s)
			if fj := g.e.prov[P].fjord; fj >= 0 {
				g.collectOf(int(locFjord0+fj), s)
			}
		}
	}
	g.push(task{kind: tBattleResolve, a: rsCards})
	if g.nb > 0 {
		b.saveDone, b.retreatAsked, b.retreatYes = false, false, false
		g.batchWhy = whyLose
		g.push(task{kind: tDestroy})
	}
}

// resolveCards: the winner discards its cards, the losers take theirs back
// (digest 49); keep_cards and take_cards change that.
func (g *Game) resolveCards() {
	b := &g.b
	w := int(b.winner)
	if w >= 0 && !b.keepDone {
		if cost := g.sheetCost(w, func(d *cardDef) int8 { return d.keep }); cost >= 0 {
			if w == 0 {
				if int(g.clan[0].rage) >= cost && g.playedLeft(0) > 0 {
					g.push(task{kind: tBattleResolve, a: rsCards})
					g.prompt = pKeep
					return
				}
			} else {
				for _, c := range b.played[w][:b.np[w]] {
					if g.cLoc[c] == clPlayed && int(g.clan[w].rage) >= cost {
						g.clan[w].rage -= int16(cost)
						g.moveCard(c, clHand, w)
					}
				}
			}
		}
	}
	taker := -1
	if w >= 0 {
		for i := 1; i <= g.n; i++ {
			s := (int(b.pillager) + i) % g.n
			if s != w && b.in(s) && b.canceled&(1<<s) == 0 {
				if _, ok := g.playedHas(s, kTakeCards); ok {
					taker = s
					g.resolvedCards(s, kTakeCards)
					break
				}
			}
		}
	}
	for s := range g.n {
		for _, c := range b.played[s][:b.np[s]] {
			if g.cLoc[c] != clPlayed {
				continue
			}
			switch {
			case s != w:
				g.moveCard(c, clHand, s)
			case taker == 0 || taker > 0 && g.design(c).kind == cardBattle:
				g.moveCard(c, clHand, taker)
				g.ev(sim.Acquired, taker, int(g.e.inst[c]), 0, 0)
			default:
				g.moveCard(c, clDiscard, -1)
			}
		}
	}
	g.push(task{kind: tBattleResolve, a: rsGlory})
}

// playedLeft counts clan s's cards still shown.
func (g *Game) playedLeft(s int) int {
	n := 0
	for _, c := range g.b.played[s][:g.b.np[s]] {
		if g.cLoc[c] == clPlayed {
			n++
		}
	}
	return n
}

// resolveGlory: the winner's Axes in glory (digest 51), then win and lose
// abilities of cards, sheets and AI boards.
func (g *Game) resolveGlory() {
	b := &g.b
	g.push(task{kind: tBattleResolve, a: rsPillage})
	w := int(b.winner)
	if w >= 0 {
		g.gain(w, g.statValue(w, statAxes), srcBattle)
	}
	for s := range g.n {
		if !b.in(s) {
			continue
		}
		trig := trLose
		if s == w {
			trig = trWin
		}
		g.playedTrigger(s, trig)
		g.sheetTrigger(s, trig, int(b.prov))
		if s > 0 {
			g.boardTrigger(s, trig)
		}
	}
}

// playedTrigger runs clan s's shown cards' clauses with a trigger.
func (g *Game) playedTrigger(s int, trig int8) {
	b := &g.b
	if b.canceled&(1<<s) != 0 {
		return
	}
	for _, c := range b.played[s][:b.np[s]] {
		d := g.design(c)
		for i := range d.eff {
			if d.eff[i].trig == trig {
				g.cardDo(s, &d.eff[i], int(g.e.inst[c]), int(b.prov), -1)
			}
		}
	}
}

// boardTrigger runs an AI's board battle effects and red upgrades with a trigger.
func (g *Game) boardTrigger(s int, trig int8) {
	c := &g.clan[s]
	bd := &g.e.boards[c.board]
	for i := range bd.battle {
		if bd.battle[i].trig == trig {
			g.aiDo(s, &bd.battle[i], srcBoard)
		}
	}
	for f := range nUpFaces {
		if c.owned&(1<<f) == 0 || bd.up[f].colour != colourRed {
			continue
		}
		for i := range bd.up[f].eff {
			if bd.up[f].eff[i].trig == trig {
				g.aiDo(s, &bd.up[f].eff[i], srcUpgrade)
			}
		}
	}
}

// resolvePillage: a pillager who won (or met nobody) takes the reward and
// its pillaged abilities (digest 46, 50; T33).
func (g *Game) resolvePillage() {
	b := &g.b
	g.push(task{kind: tBattleResolve, a: rsEnd})
	s := int(b.pillager)
	P := int(b.prov)
	if b.fought && int(b.winner) != s {
		return
	}
	g.pillaged[P] = true
	g.ev(evPillaged, s, -1, P, 0)
	times := 1
	for m := range g.e.p.maxMon {
		if d := g.monsterCard(s, m); d != nil && d.rewardAgain && b.present[s]&(1<<(slotMonster0+m)) != 0 {
			times = 2
			g.ev(sim.Resolved, s, int(g.e.inst[g.clan[s].slot[slotMonster0+m]]), 0, 0)
		}
	}
	lost := false
	for range times {
		if !g.applyReward(s, P) {
			lost = true
		}
	}
	c := &g.clan[s]
	c.pillages++
	if lost && s > 0 { // T33, G29: once per pillage, however often the reward is paid
		c.subs++
		g.count(g.e.lay.misc + int(c.board)*nMisc + miscFailedReward)
		g.gain(s, g.e.p.failedRewardGlory, srcFailedReward)
	}
	g.playedTrigger(s, trPillaged)
	g.sheetTrigger(s, trPillaged, P)
}

// applyReward gives clan s the pillage token lying on province P; false
// when part of it could not be received (T33, G29: the caller pays an AI
// FailedRewardGlory instead, once per pillage).
func (g *Game) applyReward(s, P int) bool {
	ok := true
	for i := range g.e.prov[g.reward[P]].reward {
		if !g.rewardDo(s, &g.e.prov[g.reward[P]].reward[i]) {
			ok = false
		}
	}
	return ok
}

// rewardDo applies one clause of a pillage token; false if part of it
// could not be received (a stat on its last step).
func (g *Game) rewardDo(s int, cl *clause) bool {
	ok := true
	switch cl.verb {
	case rStat:
		for range max(int(cl.b), 1) {
			if cl.a == statAll {
				for k := range 3 {
					ok = g.raise(s, k) && ok
				}
				continue
			}
			g.b.rewardSt = int8(cl.a)
			ok = g.raise(s, int(cl.a)) && ok
		}
	case rGlory:
		g.gain(s, int(cl.a), srcReward)
	default:
		panic("bloodrage: unhandled reward verb")
	}
	return ok
}

// resolveEnd runs the battle_end abilities and closes the battle.
func (g *Game) resolveEnd() {
	b := &g.b
	if b.fought {
		for s := range g.n {
			if b.in(s) {
				g.playedTrigger(s, trBattleEnd)
				g.sheetTrigger(s, trBattleEnd, int(b.prov))
			}
		}
	}
	g.ev(evBattleEnd, int(b.winner), -1, int(b.prov), 0)
	b.active = false
}

// enemyDead counts figures of clans other than s destroyed in this battle.
func (g *Game) enemyDead(s int) int {
	n := 0
	for o := range g.n {
		if o != s {
			n += int(g.b.dead[o])
		}
	}
	return n
}

// addBatch queues figure f for destruction.
func (g *Game) addBatch(f int) {
	if g.nb == maxBatch {
		panic("bloodrage: destruction batch overflow")
	}
	g.batch[g.nb] = int16(f)
	g.nb++
}

// inBatch reports whether figure f is queued.
func (g *Game) inBatch(f int) bool { return contains16(g.batch[:g.nb], int16(f)) }

// collectOf queues every figure at place loc, of clan only (or of every
// clan when only is -1).
func (g *Game) collectOf(loc, only int) {
	for s := range g.n {
		if only >= 0 && s != only || g.cnt[s][loc] == 0 {
			continue
		}
		base := s * g.e.perClan
		for k := range g.e.perClan {
			if int(g.figs[base+k].loc) == loc && !g.inBatch(base+k) {
				g.addBatch(base + k)
			}
		}
	}
}

// destroyBatch destroys the queued figures, after the human's saves
// (Frigga's Protection) and retreats (the Völva), which are choices.
func (g *Game) destroyBatch() {
	b := &g.b
	human := false
	for _, f := range g.batch[:g.nb] {
		if g.figs[f].owner == 0 {
			human = true
			break
		}
	}
	if human && !b.saveDone {
		if cost := g.sheetCost(0, func(d *cardDef) int8 { return d.save }); cost >= 0 && int(g.clan[0].rage) >= cost {
			g.push(task{kind: tDestroy})
			g.prompt = pSave
			return
		}
	}
	for i := 0; i < g.nb; i++ {
		f := int(g.batch[i])
		fg := &g.figs[f]
		if g.batchWhy != whyLose || fg.kind != fkMonster || fg.loc >= ygg {
			continue
		}
		d := g.monsterCard(int(fg.owner), int(fg.slot))
		if d == nil || !d.retreat {
			continue
		}
		if fg.owner == 0 {
			if !b.retreatAsked {
				g.push(task{kind: tDestroy})
				g.prompt = pRetreat
				g.pa = int16(f)
				return
			}
			if !b.retreatYes {
				continue
			}
		}
		g.moveFig(f, ygg)
		g.ev(evRetreat, int(fg.owner), -1, ygg, 0)
		g.batch[i] = g.batch[g.nb-1]
		g.nb--
		i--
	}
	for _, f := range g.batch[:g.nb] {
		g.kill(int(f))
	}
	g.nb = 0
}

// kill sends figure f to Valhalla and runs its slot's destroyed abilities.
func (g *Game) kill(f int) {
	fg := &g.figs[f]
	s := int(fg.owner)
	from := fg.loc
	g.moveFig(f, locValhalla)
	if g.b.active {
		g.b.dead[s]++
	}
	g.ev(evKilled, s, -1, int(from), int(fg.kind))
	sl := slotOfFigure(fg)
	if i := g.clan[s].slot[sl]; i >= 0 {
		d := g.design(i)
		for k := range d.eff {
			if d.eff[k].trig == trDestroyed {
				g.cardDo(s, &d.eff[k], int(g.e.inst[i]), int(from), f)
			}
		}
	}
}

// slotOfFigure is the sheet slot whose upgrade a figure carries.
func slotOfFigure(fg *figure) int {
	switch fg.kind {
	case fkLeader:
		return slotLeader
	case fkWarrior:
		return slotWarrior
	case fkShip:
		return slotShip
	}
	return slotMonster0 + int(fg.slot)
}
