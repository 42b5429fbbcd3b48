package bloodrage

import (
	"fmt"
	"math/bits"

	"bifrost/rules/sim"
)

// Prompts: the decision the human faces.
const (
	pNone       = iota
	pDraft      // keep one card of the draft round
	pAction     // an action of the Action phase
	pFreeInvade // where the upgraded figure invades, free
	pCall       // move a figure into the battle, or stop
	pCard       // the card to show in battle
	pLate       // a late Battle card to add, or stop
	pSave       // Frigga's Protection: save a figure, or stop
	pRetreat    // the Völva: retreat to Yggdrasil?
	pKeep       // Tyr's Prowess: keep a shown card, or stop
	pStat       // the stat to raise
	pBonus      // a bonus warrior?
	pPillNow    // Thor's Domain: pillage now?
	pMoveAdj    // Lord of Hammers: move the leader, or stop
	pDiscard    // the card to keep for the next Age, or none
	pThin       // Odin's Tide: the figures to keep in the battle
	pSacrifice  // Frigga's Sacrifice: a figure to destroy (pa left)
	pStuck      // past the turn cap (the harness ends the game first)
)

// Choice kinds (sim.Choice.Kind). Figure codes: 0 warrior, 1 leader, 2
// ship, 4+m the monster of slot m.
const (
	KDraft      = iota + 1 // A = card instance kept (-1: none may be kept)
	KInvade                // A = figure code, B = place (province 0..8, fjord 9..12)
	KMarch                 // A = from, B = to, C = figure group (see grpLeader)
	KUpgrade               // A = card instance, B = sheet slot it takes (replacing the card there)
	KQuest                 // A = card instance
	KPillage               // A = province
	KRepillage             // A = province (Tyr's Challenge)
	KSacrifice             // A = stat raised (Frigga's Sacrifice)
	KValhalla              // A = figure code, B = place (Frigga's Domain)
	KPass                  // give up the remaining Rage
	KFreeInvade            // A = figure code, B = place
	KCall                  // A = from province, B = figure code
	KCard                  // A = card instance shown
	KLate                  // A = card instance added
	KSave                  // A = figure saved
	KKeep                  // A = card instance kept after a win
	KStat                  // A = stat
	KMove                  // A = province
	KKeepHand              // A = card instance kept for the next Age
	KYes
	KStop // no, stop, none
	KContinue
	KThin    // C = figure group kept in the battle (Odin's Tide)
	KDestroy // A = place, B = figure code destroyed (Frigga's Sacrifice)
)

// A figure group (march, Odin's Tide) packs which figures in one sim.Choice
// field: bits 0–4 the number of warriors, bit 5 the leader, bits 6–8 the
// number of ships, bits 9 on each monster slot.
const (
	grpWarriors = 1<<5 - 1
	grpLeader   = 1 << 5
	grpShip0    = 6
	grpMon0     = 9
)

// grpSize counts the figures of a group.
func grpSize(c int) int {
	return c&grpWarriors + c>>5&1 + c>>grpShip0&7 + bits.OnesCount(uint(c>>grpMon0))
}

// appendGroups appends a choice per distinct group drawn from w warriors,
// l leaders (0 or 1), sh ships and the monster slots in mons, whose size
// is in [lo, hi].
func appendGroups(buf []sim.Choice, kind uint8, a, b int16, w, l, sh int, mons int, lo, hi int) []sim.Choice {
	for sub := mons; ; sub = (sub - 1) & mons {
		for L := range l + 1 {
			for s := range sh + 1 {
				for k := range w + 1 {
					c := k | L<<5 | s<<grpShip0 | sub<<grpMon0
					if n := grpSize(c); n >= lo && n <= hi {
						buf = append(buf, sim.Choice{Kind: kind, A: a, B: b, C: int16(c)})
					}
				}
			}
		}
		if sub == 0 {
			return buf
		}
	}
}

// figuresAt counts the human's figures at one place, not queued for
// destruction, by group part:
// warriors, leader, ships and the monster slots present.
func (g *Game) figuresAt(loc int8) (w, l, sh, mons int) {
	for k := range g.e.perClan {
		f := &g.figs[k]
		if f.loc != loc || g.inBatch(k) {
			continue
		}
		switch f.kind {
		case fkWarrior:
			w++
		case fkLeader:
			l = 1
		case fkShip:
			sh++
		default:
			mons |= 1 << f.slot
		}
	}
	return
}

// maxDecisions guards against a decision loop that the turn cap, which
// counts Action-phase turns, would not see.
const maxDecisions = 20000

// Choices appends the human's legal choices.
func (g *Game) Choices(buf []sim.Choice) []sim.Choice {
	buf = buf[:0]
	switch g.prompt {
	case pDraft:
		for i, l := range g.cLoc {
			if l == clPool && (g.design(int16(i)).kind != cardBattle || int(g.draftBatt) < g.e.p.maxHumanBattle) {
				buf = append(buf, sim.Choice{Kind: KDraft, A: int16(i)})
			}
		}
		if len(buf) == 0 { // G9, G12: every card drawn would break the cap
			buf = append(buf, sim.Choice{Kind: KDraft, A: -1})
		}
	case pAction:
		buf = g.actionChoices(buf)
	case pFreeInvade:
		f := g.findFig(0, int(g.pa), locReserve)
		buf = g.targets(buf, KFreeInvade, g.pa, f)
		buf = append(buf, sim.Choice{Kind: KStop})
	case pCall:
		P := int(g.b.prov)
		for _, q := range g.e.prov[P].adj {
			if g.destroyed[q] || g.cnt[0][q] == 0 {
				continue
			}
			for code := range 4 + g.e.p.maxMon {
				if code == fkShip || code == fkMonster {
					continue
				}
				if g.findFig(0, code, q) >= 0 {
					buf = append(buf, sim.Choice{Kind: KCall, A: int16(q), B: int16(code)})
				}
			}
		}
		buf = append(buf, sim.Choice{Kind: KStop})
	case pCard:
		for i, l := range g.cLoc {
			if l == clHand && g.cOwn[i] == 0 {
				buf = append(buf, sim.Choice{Kind: KCard, A: int16(i)})
			}
		}
	case pLate:
		for i, l := range g.cLoc {
			if l == clHand && g.cOwn[i] == 0 {
				if d := g.design(int16(i)); d.kind == cardBattle && d.late {
					buf = append(buf, sim.Choice{Kind: KLate, A: int16(i)})
				}
			}
		}
		buf = append(buf, sim.Choice{Kind: KStop})
	case pSave:
		for _, f := range g.batch[:g.nb] {
			if g.figs[f].owner == 0 {
				buf = append(buf, sim.Choice{Kind: KSave, A: f})
			}
		}
		buf = append(buf, sim.Choice{Kind: KStop})
	case pRetreat, pBonus, pPillNow:
		buf = append(buf, sim.Choice{Kind: KYes}, sim.Choice{Kind: KStop})
	case pKeep:
		for _, c := range g.b.played[0][:g.b.np[0]] {
			if g.cLoc[c] == clPlayed {
				buf = append(buf, sim.Choice{Kind: KKeep, A: c})
			}
		}
		buf = append(buf, sim.Choice{Kind: KStop})
	case pStat:
		for k := range 3 {
			if k != int(g.pb) && !g.atMax(0, k) {
				buf = append(buf, sim.Choice{Kind: KStat, A: int16(k)})
			}
		}
	case pMoveAdj:
		from := int(g.figs[g.pa].loc)
		for _, q := range g.e.prov[from].adj {
			if g.room(int(q)) > 0 {
				buf = append(buf, sim.Choice{Kind: KMove, A: int16(q)})
			}
		}
		buf = append(buf, sim.Choice{Kind: KStop})
	case pDiscard:
		for i, l := range g.cLoc {
			if l == clHand && g.cOwn[i] == 0 {
				buf = append(buf, sim.Choice{Kind: KKeepHand, A: int16(i)})
			}
		}
		buf = append(buf, sim.Choice{Kind: KStop})
	case pThin: // keep exactly pa figures of those in the battle
		P := g.b.prov
		w, l, _, mons := g.figuresAt(P)
		sh := 0
		if j := g.e.prov[P].fjord; j >= 0 {
			_, _, s, m := g.figuresAt(locFjord0 + j)
			sh, mons = s, mons|m
		}
		buf = appendGroups(buf, KThin, 0, 0, w, l, sh, mons, int(g.pa), int(g.pa))
	case pSacrifice:
		for loc := range int8(locReserve) {
			if g.cnt[0][loc] == 0 {
				continue
			}
			for code := range g.figCodes() {
				if code != fkMonster && g.findFig(0, code, loc) >= 0 {
					buf = append(buf, sim.Choice{Kind: KDestroy, A: int16(loc), B: int16(code)})
				}
			}
		}
	case pStuck:
		buf = append(buf, sim.Choice{Kind: KContinue})
	}
	return buf
}

// figCodes is the number of figure codes: warrior, leader, ship, (unused
// plain monster), then one per monster slot.
func (g *Game) figCodes() int { return fkMonster + 1 + g.e.p.maxMon }

// targets appends a choice per place figure f may invade.
func (g *Game) targets(buf []sim.Choice, kind uint8, code int16, f int) []sim.Choice {
	if f < 0 {
		return buf
	}
	if g.isShip(f) {
		for j := range nFjord {
			if g.fjordOpen(j) {
				buf = append(buf, sim.Choice{Kind: kind, A: code, B: int16(locFjord0 + j)})
			}
		}
		return buf
	}
	for p := range 8 {
		if g.room(p) > 0 {
			buf = append(buf, sim.Choice{Kind: kind, A: code, B: int16(p)})
		}
	}
	if g.figs[f].kind == fkMonster {
		if d := g.monsterCard(int(g.figs[f].owner), int(g.figs[f].slot)); d != nil && d.invYgg {
			buf = append(buf, sim.Choice{Kind: kind, A: code, B: ygg})
		}
	}
	return buf
}

// anyTarget reports whether figure f has somewhere to invade.
func (g *Game) anyTarget(f int) bool {
	var tmp [16]sim.Choice
	return len(g.targets(tmp[:0], KInvade, 0, f)) > 0
}

// upgradeCost is the Rage clan s pays for upgrade card design d.
func (g *Game) upgradeCost(s int, d *cardDef) int {
	if d.free {
		return 0
	}
	return max(0, int(d.str)-int(g.clan[s].discount))
}

// actionChoices lists the human's actions (digest 30–37).
func (g *Game) actionChoices(buf []sim.Choice) []sim.Choice {
	c := &g.clan[0]
	rage := int(c.rage)
	// Invade.
	if g.canPlace(0) {
		for code := range g.figCodes() {
			if code == fkMonster {
				continue
			}
			f := g.findFig(0, code, locReserve)
			if f >= 0 && g.invadeCost(f) <= rage {
				buf = g.targets(buf, KInvade, int16(code), f)
			}
		}
	}
	// March: every distinct group of figures (R26).
	for from := range nProv {
		if g.cnt[0][from] == 0 || g.destroyed[from] {
			continue
		}
		w, l, _, mons := g.figuresAt(int8(from))
		for to := range nProv {
			if to != from && g.room(to) > 0 {
				buf = appendGroups(buf, KMarch, int16(from), int16(to), w, l, 0, mons, 1, g.room(to))
			}
		}
	}
	// Upgrade and Quest cards.
	for i, l := range g.cLoc {
		if l != clHand || g.cOwn[i] != 0 {
			continue
		}
		d := g.design(int16(i))
		switch d.kind {
		case cardUpgrade:
			if g.upgradeCost(0, d) <= rage && (d.slot != skMonster || g.e.p.maxMon > 0) {
				buf = g.upgradeSlots(buf, int16(i), d)
			}
		case cardQuest:
			buf = append(buf, sim.Choice{Kind: KQuest, A: int16(i)})
		}
	}
	// Pillage, and Tyr's Challenge.
	re := g.sheetCost(0, func(d *cardDef) int8 { return d.repillage })
	for p := range nProv {
		if g.destroyed[p] || !g.presentIn(0, p) {
			continue
		}
		switch {
		case !g.pillaged[p]:
			buf = append(buf, sim.Choice{Kind: KPillage, A: int16(p)})
		case re >= 0 && re <= rage:
			buf = append(buf, sim.Choice{Kind: KRepillage, A: int16(p)})
		}
	}
	// Frigga's Sacrifice.
	if n := g.sacrificeN(); n > 0 && g.onBoard(0) >= n {
		for k := range 3 {
			if !g.atMax(0, k) {
				buf = append(buf, sim.Choice{Kind: KSacrifice, A: int16(k)})
			}
		}
	}
	// Frigga's Domain.
	if vi := g.sheetCost(0, func(d *cardDef) int8 { return d.valInvade }); vi >= 0 && vi <= rage && g.canPlace(0) {
		for code := range g.figCodes() {
			if code != fkMonster {
				buf = g.targets(buf, KValhalla, int16(code), g.findFig(0, code, locValhalla))
			}
		}
	}
	return append(buf, sim.Choice{Kind: KPass})
}

// upgradeSlots appends a choice per slot the human's upgrade card may take:
// an empty slot of its kind, or, when the kind is full, each card it may
// replace (digest 33).
func (g *Game) upgradeSlots(buf []sim.Choice, inst int16, d *cardDef) []sim.Choice {
	lo, hi := g.slotRange(d)
	if sl := g.freeSlot(0, d); hi-lo == 1 || g.clan[0].slot[sl] < 0 {
		return append(buf, sim.Choice{Kind: KUpgrade, A: inst, B: int16(sl)})
	}
	for k := lo; k < hi; k++ {
		buf = append(buf, sim.Choice{Kind: KUpgrade, A: inst, B: int16(k)})
	}
	return buf
}

// keepGroup queues for destruction the human's figures in the battle
// outside the group kept (Odin's Tide, R21).
func (g *Game) keepGroup(grp int) {
	w, sh, mons := grp&grpWarriors, grp>>grpShip0&7, grp>>grpMon0
	P := g.b.prov
	fj := int8(-1)
	if j := g.e.prov[P].fjord; j >= 0 {
		fj = locFjord0 + j
	}
	for k := range g.e.perClan {
		f := &g.figs[k]
		if f.loc != P && f.loc != fj || g.inBatch(k) {
			continue
		}
		keep := false
		switch f.kind {
		case fkWarrior:
			keep, w = w > 0, w-1
		case fkLeader:
			keep = grp&grpLeader != 0
		case fkShip:
			keep, sh = sh > 0, sh-1
		default:
			keep = mons&(1<<f.slot) != 0
		}
		if !keep {
			g.addBatch(k)
		}
	}
}

// sacrificeN is the number of figures Frigga's Sacrifice takes, or 0.
func (g *Game) sacrificeN() int {
	for _, i := range g.clan[0].slot[:g.e.slots] {
		if i >= 0 && g.design(i).sacrifice > 0 {
			return int(g.design(i).sacrifice)
		}
	}
	return 0
}

// Apply carries out the human's choice, then runs the game (and the AI
// clans' turns) until the human's next decision.
func (g *Game) Apply(ch sim.Choice, emit func(sim.Event)) {
	g.emit = emit
	if g.decisions == 0 && !g.opened && emit != nil {
		g.announce(emit) // set up before anyone listened
	}
	g.decisions++
	if g.decisions > maxDecisions {
		panic("bloodrage: decision loop")
	}
	p := g.prompt
	g.prompt = pNone
	c := &g.clan[0]
	switch p {
	case pDraft:
		g.applyDraft(int16(ch.A))
	case pAction:
		g.applyAction(ch)
	case pFreeInvade:
		if ch.Kind == KFreeInvade {
			f := g.findFig(0, int(ch.A), locReserve)
			g.moveFig(f, int8(ch.B))
			g.ev(evInvade, 0, -1, int(ch.B), int(g.figs[f].kind))
			g.afterInvade(0, f, int(ch.B))
		}
	case pCall:
		if ch.Kind == KCall {
			f := g.findFig(0, int(ch.B), int8(ch.A))
			g.moveFig(f, g.b.prov)
			g.ev(evCall, 0, -1, int(ch.A), int(ch.B))
			g.b.moved = true
		}
		g.b.callIdx++
	case pCard:
		g.playCard(0, ch.A)
		g.b.humanPlay = true
	case pLate:
		if ch.Kind == KLate {
			g.playCard(0, ch.A)
		} else {
			g.b.lateDone = true
		}
	case pSave:
		if ch.Kind == KSave {
			cost := g.sheetCost(0, func(d *cardDef) int8 { return d.save })
			c.rage -= int16(cost)
			for i := range g.nb {
				if g.batch[i] == ch.A {
					g.batch[i] = g.batch[g.nb-1]
					g.nb--
					break
				}
			}
			g.ev(evSaved, 0, -1, int(g.figs[ch.A].loc), 0)
		} else {
			g.b.saveDone = true
		}
	case pRetreat:
		g.b.retreatAsked, g.b.retreatYes = true, ch.Kind == KYes
	case pKeep:
		if ch.Kind == KKeep {
			c.rage -= int16(g.sheetCost(0, func(d *cardDef) int8 { return d.keep }))
			g.moveCard(ch.A, clHand, 0)
		} else {
			g.b.keepDone = true
		}
	case pStat:
		g.raise(0, int(ch.A))
	case pBonus:
		if ch.Kind == KYes {
			g.placeWarriors(0, int(g.pa), int(g.pb))
		}
	case pPillNow:
		if ch.Kind == KYes {
			c.rage -= g.pb
			g.startBattle(int(g.pa), 0)
		}
	case pMoveAdj:
		if ch.Kind == KMove {
			g.moveFig(int(g.pa), int8(ch.A))
		}
	case pDiscard:
		if ch.Kind == KKeepHand {
			g.moveCard(ch.A, clKept, 0)
			g.pa++
			if int(g.pa) < g.e.p.keepCards && g.handSize(0) > 0 {
				g.prompt = pDiscard
				return
			}
		}
	case pThin:
		g.keepGroup(int(ch.C))
	case pSacrifice:
		g.kill(g.findFig(0, int(ch.B), int8(ch.A)))
		if g.pa--; g.pa > 0 {
			g.prompt = pSacrifice
		}
	case pStuck:
	default:
		panic(fmt.Sprintf("bloodrage: Apply with no decision pending (prompt %d)", p))
	}
	g.run()
}

// applyDraft keeps one card of the round and discards the rest (S6).
func (g *Game) applyDraft(kept int16) {
	for i, l := range g.cLoc {
		if l != clPool {
			continue
		}
		if int16(i) == kept {
			g.moveCard(kept, clHand, 0)
			if g.design(kept).kind == cardBattle {
				g.draftBatt++
			}
			g.ev(sim.Acquired, 0, int(g.e.inst[kept]), 0, 0)
			continue
		}
		g.moveCard(int16(i), clDiscard, -1)
	}
}

// applyAction carries out one action of the human's turn.
func (g *Game) applyAction(ch sim.Choice) {
	c := &g.clan[0]
	switch ch.Kind {
	case KInvade:
		f := g.findFig(0, int(ch.A), locReserve)
		c.rage -= int16(g.invadeCost(f))
		g.moveFig(f, int8(ch.B))
		g.ev(evInvade, 0, -1, int(ch.B), int(g.figs[f].kind))
		g.afterInvade(0, f, int(ch.B))
	case KMarch:
		c.rage--
		from, to, grp := int8(ch.A), int8(ch.B), int(ch.C)
		for range grp & grpWarriors {
			g.moveFig(g.findFig(0, fkWarrior, from), to)
		}
		if grp&grpLeader != 0 {
			g.moveFig(g.findFig(0, fkLeader, from), to)
		}
		for m := range g.e.p.maxMon {
			if grp>>grpMon0&(1<<m) != 0 {
				g.moveFig(g.findFig(0, fkMonster+1+m, from), to)
			}
		}
		g.ev(evMarch, 0, -1, int(ch.A), int(ch.B))
	case KUpgrade:
		d := g.design(ch.A)
		c.rage -= int16(g.upgradeCost(0, d))
		g.ev(sim.Played, 0, int(g.e.inst[ch.A]), 0, 0)
		m := g.placeUpgrade(0, ch.A, int(ch.B))
		code := -1
		switch d.slot {
		case skLeader:
			code = fkLeader
		case skWarrior:
			code = fkWarrior
		case skShip:
			code = fkShip
		case skMonster:
			code = fkMonster + 1 + m
		}
		if code >= 0 {
			g.push(task{kind: tFreeInvade, a: 0, b: int16(code)})
		}
	case KQuest:
		g.moveCard(ch.A, clQuest, 0)
		g.ev(sim.Played, 0, int(g.e.inst[ch.A]), 0, 0)
	case KPillage:
		g.startBattle(int(ch.A), 0)
	case KRepillage:
		c.rage -= int16(g.sheetCost(0, func(d *cardDef) int8 { return d.repillage }))
		g.startBattle(int(ch.A), 0)
	case KSacrifice: // raise the stat, then choose each figure destroyed
		g.raise(0, int(ch.A))
		g.pa = int16(g.sacrificeN())
		g.prompt = pSacrifice
	case KValhalla:
		f := g.findFig(0, int(ch.A), locValhalla)
		c.rage -= int16(g.sheetCost(0, func(d *cardDef) int8 { return d.valInvade }))
		g.moveFig(f, int8(ch.B))
		g.ev(evInvade, 0, -1, int(ch.B), int(g.figs[f].kind))
		g.afterInvade(0, f, int(ch.B))
	case KPass:
		c.passed = true
		c.rage = 0
		g.ev(evPassPhase, 0, -1, 0, 0)
	default:
		panic(fmt.Sprintf("bloodrage: action kind %d", ch.Kind))
	}
}
