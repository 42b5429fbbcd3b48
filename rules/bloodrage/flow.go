package bloodrage

import (
	"fmt"

	"bifrost/rules/sim"
)

// task is one step of the game's procedure. The game runs a stack of them;
// a task that needs the human's decision sets a prompt and stops the run.
type task struct {
	kind    uint8
	a, b, c int16
}

// Task kinds.
const (
	tAgeStart      = iota + 1 // a = Age
	tDraftRound               // a = round index
	tDraftEnd                 // deal the AI clans their Battle cards
	tTurn                     // a = seat whose turn it is
	tActionEnd                // green upgrades, Rage to glory
	tDiscard                  // the Discard phase
	tDiscardEnd               // the human's hand after choosing what to keep
	tQuest                    // the Quest phase
	tRagnarok                 // the Ragnarök phase
	tRelease                  // Release Valhalla
	tAgeEnd                   // next-Age preparation
	tGameEnd                  // final scoring
	tStatPrompt               // a = seat, b = stat kind (any/other), c = stat excepted
	tFreeInvade               // a = seat, b = figure code (after an upgrade)
	tBonus                    // a = seat, b = province, c = warriors (bonus_warrior)
	tPillageNow               // a = seat, b = province, c = cost (pillage_now)
	tMoveAdj                  // a = seat, b = figure (move_adjacent)
	tBattleCall               // call to battle
	tBattleStart              // who fights
	tBattlePlay               // play cards
	tBattleLate               // cards played after the reveal
	tBattleResolve            // a = step
	tDestroy                  // destroy the batch (saves, retreats)
)

// exec runs one task.
func (g *Game) exec(t task) {
	switch t.kind {
	case tAgeStart:
		g.ageStart(int(t.a))
	case tDraftRound:
		g.draftRoundStart(int(t.a))
	case tDraftEnd:
		g.draftEnd()
	case tTurn:
		g.turnOf(int(t.a))
	case tActionEnd:
		g.actionEnd()
	case tDiscard:
		g.discardPhase()
	case tDiscardEnd:
		g.discardEnd()
	case tQuest:
		g.questPhase()
	case tRagnarok:
		g.ragnarok()
	case tRelease:
		g.release()
	case tAgeEnd:
		g.ageEnd()
	case tGameEnd:
		g.gameEnd()
	case tStatPrompt:
		g.statPrompt(int(t.a), int(t.b), int(t.c))
	case tFreeInvade:
		g.freeInvade(int(t.a), int(t.b))
	case tBonus:
		g.bonusWarrior(int(t.a), int(t.b), int(t.c))
	case tPillageNow:
		g.pillageNow(int(t.a), int(t.b), int(t.c))
	case tMoveAdj:
		g.moveAdjacent(int(t.a), int(t.b))
	case tBattleCall:
		g.battleCall()
	case tBattleStart:
		g.battleStart()
	case tBattlePlay:
		g.battlePlay()
	case tBattleLate:
		g.battleLate()
	case tBattleResolve:
		g.battleResolve(int(t.a))
	case tDestroy:
		g.destroyBatch()
	default:
		panic(fmt.Sprintf("bloodrage: unknown task %d", t.kind))
	}
}

// ageStart begins an Age: the Age's decks, full Rage, reset AI boards,
// then the gods' gifts (the draft).
func (g *Game) ageStart(age int) {
	e := g.e
	g.age = int8(age)
	g.ev(evAge, -1, -1, age, 0)
	for i, di := range e.inst {
		d := &e.cards[di]
		if int(d.age) != age || g.cLoc[i] != clBox || !g.inGame(d.age, d.players) {
			continue
		}
		g.moveCard(int16(i), clQuestPile+uint8(d.kind), -1)
	}
	g.shufflePile(clQuestPile)
	g.shufflePile(clUpgradePile)
	g.shufflePile(clBattlePile)
	for s := range g.n {
		c := &g.clan[s]
		c.rage = int16(g.statValue(s, statRage))
		c.passed = false
		c.resetBoard()
	}
	for p := range g.pillaged {
		g.pillaged[p] = false
	}
	g.draftBatt = 0
	g.push(task{kind: tDraftEnd})
	g.push(task{kind: tDraftRound, a: 0})
}

// draftRoundStart draws one round of the human's draft (S5, D1–D6, G12).
func (g *Game) draftRoundStart(r int) {
	if r >= len(g.e.draft) || r >= g.e.p.draftRounds {
		return
	}
	row := g.e.draft[r]
	drawn := 0
	for _, pd := range [3]struct {
		pile uint8
		n    int
	}{{clQuestPile, row.Quest}, {clUpgradePile, row.Upgrade}, {clBattlePile, row.Battle}} {
		for range pd.n {
			c := g.drawPile(pd.pile)
			if c < 0 {
				break
			}
			g.moveCard(c, clPool, -1)
			drawn++
		}
	}
	g.push(task{kind: tDraftRound, a: int16(r + 1)})
	if drawn == 0 {
		return
	}
	g.draftRound = int8(r)
	g.prompt = pDraft
}

// draftEnd deals the Battle cards left over to the AI clans (S9–S11, G10).
func (g *Game) draftEnd() {
	e := g.e
	for i, di := range e.inst {
		l := g.cLoc[i]
		if int(e.cards[di].age) == int(g.age) && e.cards[di].kind == cardBattle && (l == clBattlePile || l == clDiscard) {
			g.moveCard(int16(i), clAIDeck, -1)
		}
	}
	g.shufflePile(clAIDeck)
	for range e.p.aiBattle {
		for s := 1; s < g.n; s++ {
			c := g.drawPile(clAIDeck)
			if c < 0 {
				break
			}
			g.moveCard(c, clHand, s)
			g.ev(sim.Acquired, s, int(e.inst[c]), 0, 0)
		}
	}
	g.first = 0
	if g.age > 1 && !e.p.humanAlwaysFirst {
		g.first = int8(int(g.age-1) % g.n) // the token passes left each Age (G7)
	}
	g.push(task{kind: tTurn, a: int16(g.first)})
}

// phaseOver is E1 with G6: every province left has been pillaged, or every
// AI's pass die is at the limit (and, without EndWhenAIsDone, the human is
// out of Rage too).
func (g *Game) phaseOver() bool {
	all := true
	for p := range nProv {
		if !g.destroyed[p] && !g.pillaged[p] {
			all = false
			break
		}
	}
	if all {
		return true
	}
	for s := 1; s < g.n; s++ {
		if int(g.clan[s].pass) < g.e.p.passLimit {
			return false
		}
	}
	return g.e.p.endWhenAIsDone || g.humanDone()
}

// humanDone reports whether the human can take no more actions this phase.
func (g *Game) humanDone() bool { return g.clan[0].passed || g.clan[0].rage <= 0 }

// turnOf runs one clan turn of the Action phase.
func (g *Game) turnOf(seat int) {
	if g.phaseOver() {
		g.push(task{kind: tActionEnd})
		return
	}
	if g.turn > g.e.p.turnCap {
		g.push(task{kind: tTurn, a: int16(seat)})
		g.prompt = pStuck // the harness stops the game as unfinished
		return
	}
	g.push(task{kind: tTurn, a: int16((seat + 1) % g.n)})
	if seat == 0 {
		if !g.humanDone() {
			g.turn++
			g.prompt = pAction
		}
		return
	}
	g.aiTurn(seat)
}

// actionEnd ends the Action phase: green upgrades, Rage to glory (E2), the
// pass dice for the tally; then Discard, Quest, Ragnarök, Release (G35).
func (g *Game) actionEnd() {
	e := g.e
	for s := 1; s < g.n; s++ {
		c := &g.clan[s]
		bd := &e.boards[c.board]
		for f := range nUpFaces {
			if c.owned&(1<<f) == 0 || bd.up[f].colour != colourGreen {
				continue
			}
			for i := range bd.up[f].eff {
				g.aiDo(s, &bd.up[f].eff[i], srcUpgrade)
			}
		}
		if c.rage > 0 {
			g.gain(s, int(c.rage)/bd.ragePer*bd.rageGlory, srcRage)
			c.rage = 0
		}
		g.count(e.lay.passEnd + int(c.board)*passCells + int(c.pass))
		g.count(e.lay.misc + int(c.board)*nMisc + miscAgeEnds)
	}
	g.ev(evPhaseEnd, -1, -1, int(g.age), 0)
	g.push(task{kind: tAgeEnd})
	g.push(task{kind: tRelease})
	g.push(task{kind: tRagnarok})
	g.push(task{kind: tQuest})
	g.push(task{kind: tDiscard})
}

// discardPhase keeps at most KeepCards cards per hand; none in the last Age.
// AI clans keep theirs at random (E4).
func (g *Game) discardPhase() {
	e := g.e
	last := int(g.age) >= e.p.ages
	keep := e.p.keepCards
	if last {
		keep = 0
	}
	for s := 1; s < g.n; s++ {
		if g.handSize(s) > keep {
			g.forgetHand(s)
		}
		for g.handSize(s) > keep {
			c := g.nthHand(s, g.rng.IntN(g.handSize(s)))
			g.moveCard(c, clDiscard, -1)
		}
	}
	g.push(task{kind: tDiscardEnd})
	if keep > 0 && g.handSize(0) > 0 {
		g.pa = 0
		g.prompt = pDiscard
	}
}

// forgetHand marks AI clan s's hand unseen: it discards face down at
// random, so the human no longer knows which card it kept.
func (g *Game) forgetHand(s int) {
	for i, l := range g.cLoc {
		if l == clHand && int(g.cOwn[i]) == s {
			g.cSeen[i] = false
		}
	}
}

// discardEnd discards the human's hand except the cards kept.
func (g *Game) discardEnd() {
	for i, l := range g.cLoc {
		switch {
		case l == clHand && g.cOwn[i] == 0:
			g.moveCard(int16(i), clDiscard, -1)
		case l == clKept:
			g.moveCard(int16(i), clHand, 0)
		}
	}
}

// controls reports whether clan s has strictly the most STR in province p
// (G34: fjord included, a tie is no control, destroyed provinces never).
func (g *Game) controls(s, p int) bool {
	if g.destroyed[p] {
		return false
	}
	mine := g.strIn(s, p)
	if mine == 0 {
		return false
	}
	for o := range g.n {
		if o != s && g.strIn(o, p) >= mine {
			return false
		}
	}
	return true
}

// regionsControlled counts the provinces clan s controls, as controls
// decides: STR in the province and its supporting fjord (strIn), each place
// measured only where the clan has figures (strAt), so a clan absent from
// both costs two counts read (greedy's evaluation reads this for every
// choice it tries).
func (g *Game) regionsControlled(s int) int {
	n := 0
	for p := range nProv {
		if g.destroyed[p] {
			continue
		}
		fj := g.e.prov[p].fjord
		mine := g.strAt(s, int8(p))
		if fj >= 0 {
			mine += g.strAt(s, locFjord0+fj)
		}
		if mine == 0 {
			continue
		}
		held := true
		for o := range g.n {
			if o == s {
				continue
			}
			t := g.strAt(o, int8(p))
			if fj >= 0 {
				t += g.strAt(o, locFjord0+fj)
			}
			if t >= mine {
				held = false
				break
			}
		}
		if held {
			n++
		}
	}
	return n
}

// questDone reports whether clan s fulfils the quest design d.
func (g *Game) questDone(s int, d *cardDef) bool {
	switch {
	case d.hasControl:
		if d.questWhere == whereYggdrasil {
			return g.controls(s, ygg)
		}
		for p := range 8 {
			if g.e.prov[p].realm == d.questWhere && g.controls(s, p) {
				return true
			}
		}
		return false
	case d.hasValhalla:
		return int(g.cnt[s][locValhalla]) >= int(d.questN)
	}
	return false
}

// questPhase reveals the human's quests and pays the AI clans for the
// provinces they control (T11, E3).
func (g *Game) questPhase() {
	for i, l := range g.cLoc {
		if l != clQuest {
			continue
		}
		s := int(g.cOwn[i])
		d := g.design(int16(i))
		g.moveCard(int16(i), clDiscard, -1)
		if !g.questDone(s, d) {
			g.ev(evQuest, s, int(g.e.inst[i]), 0, 0)
			continue
		}
		gl := int(d.glory)
		if g.sheetDouble(s, 2) {
			gl *= 2
		}
		g.ev(sim.Resolved, s, int(g.e.inst[i]), 0, 0)
		g.gain(s, gl, srcQuest)
		g.push(task{kind: tStatPrompt, a: int16(s), b: statAny, c: -1})
	}
	for s := 1; s < g.n; s++ {
		bd := &g.e.boards[g.clan[s].board]
		g.gain(s, g.regionsControlled(s)*bd.questGlory, srcQuest)
	}
}

// ragnarok destroys this Age's doomed province (E5, digest 42).
func (g *Game) ragnarok() {
	p := int(g.doom[g.age])
	glory := g.e.p.ragnarokGlory[g.age-1]
	g.nb = 0
	g.collectOf(p, -1)
	if fj := g.e.prov[p].fjord; fj >= 0 {
		g.collectOf(int(locFjord0+fj), -1)
	}
	for _, f := range g.batch[:g.nb] {
		s := int(g.figs[f].owner)
		gl := glory
		if g.sheetDouble(s, 1) {
			gl *= 2
		}
		g.gain(s, gl, srcRagnarok)
		g.kill(int(f))
	}
	g.nb = 0
	g.destroyed[p] = true
	g.pillaged[p] = false
	g.ev(evRagnarok, -1, -1, p, 0)
}

// release returns Valhalla to the reserves (E6, digest 43).
func (g *Game) release() {
	var back [maxClans]int
	for f := range g.figs {
		if g.figs[f].loc == locValhalla {
			back[g.figs[f].owner]++
			g.moveFig(f, locReserve)
		}
	}
	for s := range g.n {
		if back[s] == 0 {
			continue
		}
		g.ev(evRelease, s, -1, back[s], 0)
		if s > 0 {
			g.gain(s, back[s]*g.e.boards[g.clan[s].board].valhallaGlory, srcValhalla)
		}
		g.sheetTrigger(s, trRelease, back[s])
	}
}

// ageEnd flips the pillage tokens, resets the AI boards (E7, E8) and puts
// the Age's loose cards away.
func (g *Game) ageEnd() {
	for p := range g.pillaged {
		g.pillaged[p] = false
	}
	for s := 1; s < g.n; s++ {
		g.clan[s].resetBoard()
	}
	for i, l := range g.cLoc {
		switch l {
		case clQuestPile, clUpgradePile, clBattlePile, clPool, clDiscard, clAIDeck:
			g.moveCard(int16(i), clBox, -1)
		}
	}
	if int(g.age) >= g.e.p.ages {
		g.push(task{kind: tGameEnd})
		return
	}
	g.push(task{kind: tAgeStart, a: int16(g.age + 1)})
}

// gameEnd scores the stat tracks and game-end abilities (digest 53, 54).
func (g *Game) gameEnd() {
	p := &g.e.p
	for s := range g.n {
		for k := range 3 {
			step, last := int(g.clan[s].step[k]), len(p.tracks[k])-1
			switch {
			case step == last && last > 0:
				g.gain(s, p.bonusMax, srcStatBonus)
			case step >= 3:
				g.gain(s, p.bonusMid, srcStatBonus)
			}
		}
		g.sheetTrigger(s, trGameEnd, 0)
	}
	g.over = true
	g.prompt = pNone
	g.ev(evGameEnd, g.Winner(), -1, 0, 0)
}
