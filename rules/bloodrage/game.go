package bloodrage

import (
	"fmt"
	"math/rand/v2"

	"bifrost/rules/sim"
)

// figure is one clan figure. Its place is loc: a province, a fjord, the
// reserve, Valhalla or the box (monsters whose card the clan does not hold).
type figure struct {
	owner int8
	kind  int8
	loc   int8
	slot  int8 // monster slot (monsters only)
}

// Card places. Every card instance is in exactly one.
const (
	clBox         = iota // not in this game, or an earlier Age's spent card
	clQuestPile          // the Age's Quest deck
	clUpgradePile        // the Age's Upgrade deck
	clBattlePile         // the Age's Battle deck
	clPool               // drawn in the current draft round
	clDiscard            // the Age's discard pile
	clHand               // in a clan's hand
	clKept               // kept in the Discard phase (still the hand)
	clPlayed             // shown in the current battle
	clSheet              // on a clan sheet (upgrade)
	clQuest              // a committed quest
	clAIDeck             // the AI battle deck (G10)
)

// clan is one clan's state. Seat 0 is the human; the others are AI clans.
type clan struct {
	rage   int16
	step   [3]int8 // stat steps: Rage, Axes, Horns
	glory  int32
	passed bool // the human passed this Action phase
	board  int8 // AI board index; -1 for the human
	pass   int8 // pass die 1..PassLimit
	marker [nTracks]int8
	owned  uint16 // AI upgrade-table faces acquired (bit face-1)
	// pillages counts the clan's successful pillages and subs the times it
	// took FailedRewardGlory instead of a reward (I14: subs <= pillages).
	pillages, subs int16
	// This Age's record of the AI board, for I2 and I4: failures that
	// turned the pass die, whether T9 set it, D6 rolls taken, and the
	// steps each marker moved along its arrows (a loop wraps the marker,
	// not the count).
	fails   int8
	t9      bool
	rolls   int32
	stepped [nTracks]int32
	lost    int32     // glory taken by an opponent's card (R37), for the glory invariant
	slot    [10]int16 // card instance in each sheet slot, -1 when empty
	seq     [10]int32 // when each slot was filled, to replace the oldest

	// Derived from the sheet by refresh.
	warSTR, warCost, pairN, discount, questStr int8
}

// resetBoard prepares the AI board for an Age: the pass die on 1, every
// marker on its die cell (S3, E7, E8).
func (c *clan) resetBoard() {
	c.pass, c.marker, c.fails, c.t9, c.rolls, c.stepped = 1, [nTracks]int8{}, 0, false, 0, [nTracks]int32{}
}

// Game is one game in progress. All state is in flat arrays and slices made
// once by NewGame, so a decision does not allocate.
type Game struct {
	e      *Engine
	rng    *rand.Rand
	n      int
	emit   func(sim.Event)
	opened bool // Opening has told of Age I

	age       int8
	first     int8
	over      bool
	turn      int
	decisions int
	seq       int32 // upgrades placed so far (clan.seq)

	destroyed [nProv]bool
	pillaged  [nProv]bool
	doom      [4]int8     // doomed province of Ages 1..3
	reward    [nProv]int8 // province whose token lies on each province

	clan [maxClans]clan
	figs []figure
	cnt  [maxClans][nLocs]int8 // figures by clan and place
	cntW [maxClans][nLocs]int8 // warriors by clan and place
	occ  [nLocs]int8           // figures by place, all clans

	cLoc []uint8 // card instance → place
	cOwn []int8  // card instance → clan (hand, played, sheet, quest)
	// cOrd is, per card instance, the random key that places it in its
	// deck. Cards of equal keys would be drawn in the workbook's row order;
	// at 32 bits that is all but impossible.
	cOrd []uint32
	// cSeen tells, per card instance, whether the human knows where it is:
	// it was shown, or is in a face-up place, since it last went face down
	// where the human cannot follow it (the AI battle deck, an AI's discard).
	cSeen []bool
	hand  [maxClans]int8
	// worth is the sum of the human's cards in hand and quests as greedy
	// weighs them (Engine.worth), kept by moveCard.
	worth int32

	stack [maxStack]task
	sp    int

	prompt     int8 // the decision the human faces, or pNone
	pa, pb     int16
	draftRound int8
	draftBatt  int8 // Battle cards the human drafted this Age
	b          battle
	batch      [maxBatch]int16
	nb         int
	batchWhy   int8

	snap     snapshot // the state at the last CheckStep
	figCheck figCheck // what Check read of the figures
	// What moved since Check last read it (sim.Dirty, see check.go): the
	// figures moveFig moved and the card instances moveCard moved.
	figsMoved, cardsMoved sim.Dirty
	cardCheck             cardCheck // what Check read of the cards
	stats                 []int32   // counters for the tally (see layout)
	forced                []int     // scripted dice, for tests
	hidden                []int16   // Determinize's scratch
	// untilAI stops run before an AI clan's turn: greedy's trials measure
	// the human's choice up to there (Greedy).
	untilAI bool
}

// Seat is always the human's: the AI clans make no decisions.
func (g *Game) Seat() int { return 0 }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Turn counts clan turns taken in the Action phases.
func (g *Game) Turn() int { return g.turn }

// Scores appends each clan's glory.
func (g *Game) Scores(buf []int) []int {
	buf = buf[:0]
	for s := range g.n {
		buf = append(buf, int(g.clan[s].glory))
	}
	return buf
}

// Winner is the clan with the most glory. The human wins only with strictly
// more glory than every AI; among tied AIs the lowest seat wins (RULINGS R21).
func (g *Game) Winner() int {
	best := 1
	for s := 2; s < g.n; s++ {
		if g.clan[s].glory > g.clan[best].glory {
			best = s
		}
	}
	if g.clan[0].glory > g.clan[best].glory {
		return 0
	}
	return best
}

// setup lays out the board and pushes Age I.
func (g *Game) setup(index int) {
	e := g.e
	g.figs = make([]figure, g.n*e.perClan)
	g.cLoc = make([]uint8, len(e.inst))
	g.cOwn = make([]int8, len(e.inst))
	g.cOrd = make([]uint32, len(e.inst))
	g.cSeen = make([]bool, len(e.inst))
	g.figsMoved.Size(len(g.figs))
	g.cardsMoved.Size(len(e.inst))
	g.stats = make([]int32, e.lay.size)
	for s := range g.n {
		c := &g.clan[s]
		c.board = -1
		if s > 0 {
			c.board = int8(e.boardOf(index, s))
		}
		c.pass = 1
		for i := range c.slot {
			c.slot[i] = -1
		}
		base := s * e.perClan
		k := 0
		add := func(kind, slot int, loc int8) {
			g.figs[base+k] = figure{owner: int8(s), kind: int8(kind), loc: loc, slot: int8(slot)}
			g.cnt[s][loc]++
			if kind == fkWarrior {
				g.cntW[s][loc]++
			}
			g.occ[loc]++
			k++
		}
		add(fkLeader, 0, locReserve)
		for range e.p.warriors {
			add(fkWarrior, 0, locReserve)
		}
		for range e.p.ships {
			add(fkShip, 0, locReserve)
		}
		for m := range e.p.maxMon {
			add(fkMonster, m, locBox)
		}
		g.refresh(s)
	}
	// Pillage tokens: the Yggdrasil token stays; the 8 outer ones shuffle.
	for i := range nProv {
		g.reward[i] = int8(i)
	}
	if e.p.shuffleRewards {
		for i := 7; i > 0; i-- {
			j := g.rng.IntN(i + 1)
			g.reward[i], g.reward[j] = g.reward[j], g.reward[i]
		}
	}
	// Ragnarök tokens: one per Age, then the provinces destroyed at start.
	var order [8]int8
	for i := range order {
		order[i] = int8(i)
	}
	for i := 7; i > 0; i-- {
		j := g.rng.IntN(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	k := 0
	for a := 1; a <= e.p.ages; a++ {
		g.doom[a] = order[k]
		k++
	}
	for range e.p.destroyedAtStart[g.n-2] {
		g.destroyed[order[k]] = true
		k++
	}
	g.push(task{kind: tAgeStart, a: 1})
	g.run()
}

// d returns a die roll 1..sides from the engine's stream (or, in tests,
// the next scripted roll).
func (g *Game) d(sides int) int {
	if len(g.forced) > 0 {
		v := g.forced[0]
		g.forced = g.forced[1:]
		return v
	}
	return g.rng.IntN(sides) + 1
}

// Opening tells of the setup and Age I before the first decision; it
// implements sim.Opener.
func (g *Game) Opening(emit func(sim.Event)) {
	g.announce(emit)
	g.opened = true
}

// announce tells of the setup, so that a replay's reader can check the AI's
// fallbacks: the provinces destroyed at the start, each Age's doomed
// province, the pillage token on each province, which fjord each D4 face
// names (and whether it is rerolled); then the start of Age I.
func (g *Game) announce(emit func(sim.Event)) {
	ev := func(kind sim.EventKind, n, m int) {
		emit(sim.Event{Kind: kind, Seat: -1, Card: -1, N: int32(n), M: int32(m)})
	}
	for p := range nProv {
		if g.destroyed[p] {
			ev(evSetupDestroyed, p, 0)
		}
	}
	for a := 1; a <= g.e.p.ages; a++ {
		ev(evSetupDoom, a, int(g.doom[a]))
	}
	for p := range nProv {
		if !g.destroyed[p] {
			ev(evSetupToken, p, int(g.reward[p]))
		}
	}
	for j := range nFjord {
		ev(evSetupFjord, j, b2i(!g.fjordOpen(j)))
	}
	ev(evAge, 1, 0)
}

// ev emits an event when someone listens.
func (g *Game) ev(kind sim.EventKind, seat, card int, n, m int) {
	if g.emit != nil {
		g.emit(sim.Event{Kind: kind, Seat: int8(seat), Card: int32(card), N: int32(n), M: int32(m)})
	}
}

// design is the card design of instance i.
func (g *Game) design(i int16) *cardDef { return &g.e.cards[g.e.inst[i]] }

// moveCard puts card instance i at place loc, owned by clan own.
func (g *Game) moveCard(i int16, loc uint8, own int) {
	if g.cLoc[i] == clHand {
		g.hand[g.cOwn[i]]--
	}
	if loc == clHand {
		g.hand[own]++
	}
	if humanHeld(g.cLoc[i], int(g.cOwn[i])) {
		g.worth -= g.e.worth[i]
	}
	if humanHeld(loc, own) {
		g.worth += g.e.worth[i]
	}
	g.cLoc[i] = loc
	g.cardsMoved.Mark(int(i))
	g.cOwn[i] = int8(own)
	// Face-up places show the card; the AI battle deck hides it. An AI hand
	// keeps what the human knew: a card shown in battle and taken back, or
	// one drawn unseen.
	switch {
	case loc == clAIDeck:
		g.cSeen[i] = false
	case loc == clPool, loc == clKept, loc == clPlayed, loc == clSheet, loc == clQuest, loc == clHand && own == 0:
		g.cSeen[i] = true
	}
}

// humanHeld reports whether a card at place loc, owned by own, is the
// human's, in hand or a committed quest.
func humanHeld(loc uint8, own int) bool { return (loc == clHand || loc == clQuest) && own == 0 }

// handSize counts clan s's hand.
func (g *Game) handSize(s int) int { return int(g.hand[s]) }

// nthHand returns the k-th card (0-based) of clan s's hand, or -1.
func (g *Game) nthHand(s, k int) int16 {
	for i, l := range g.cLoc {
		if l == clHand && int(g.cOwn[i]) == s {
			if k == 0 {
				return int16(i)
			}
			k--
		}
	}
	return -1
}

// drawPile takes the top card of a pile of the current Age (lowest order
// key), or -1. Piles hold only the current Age's cards.
func (g *Game) drawPile(pile uint8) int16 {
	best := int16(-1)
	for _, i := range g.e.ageInst[g.age] {
		if g.cLoc[i] == pile && (best < 0 || g.cOrd[i] < g.cOrd[best]) {
			best = i
		}
	}
	return best
}

// shufflePile gives every card of a pile a fresh random order key.
func (g *Game) shufflePile(pile uint8) {
	for _, i := range g.e.ageInst[g.age] {
		if g.cLoc[i] == pile {
			g.cOrd[i] = g.rng.Uint32()
		}
	}
}

// inGame reports whether a card of an Age and a Players mark takes part in
// this game: of an Age
// the game plays and, with RemoveByClanCount, not removed for the clan
// count (G11). By default the whole Age deck is used, as the seed's draft
// table needs (S4, RULINGS R25).
func (g *Game) inGame(age, players int8) bool {
	return int(age) <= g.e.p.ages && (!g.e.p.removeByClans || int(players) <= g.n)
}

// stat value of clan s's stat k.
func (g *Game) statValue(s, k int) int { return g.e.p.tracks[k][g.clan[s].step[k]] }

// atMax reports whether clan s's stat k is on its last step.
func (g *Game) atMax(s, k int) bool { return int(g.clan[s].step[k]) >= len(g.e.p.tracks[k])-1 }

// raise moves clan s's stat k one step up; false if it is on its last step.
func (g *Game) raise(s, k int) bool {
	if g.atMax(s, k) {
		return false
	}
	g.clan[s].step[k]++
	g.ev(evStat, s, -1, k, int(g.clan[s].step[k]))
	return true
}

// lowestStat is the stat on the lowest step, ties Rage > Axes > Horns (T36,
// T37, G30), skipping stats on their last step and the stat except; -1 if none.
func (g *Game) lowestStat(s, except int) int {
	best := -1
	for k := range 3 {
		if k == except || g.atMax(s, k) {
			continue
		}
		if best < 0 || g.clan[s].step[k] < g.clan[s].step[best] {
			best = k
		}
	}
	return best
}

// gain adds glory to clan s from a source (negative n takes it away, not below 0).
func (g *Game) gain(s, n, src int) {
	if n == 0 {
		return
	}
	if n < 0 && int(g.clan[s].glory)+n < 0 {
		n = -int(g.clan[s].glory)
	}
	g.clan[s].glory += int32(n)
	if n < 0 {
		g.clan[s].lost -= int32(n)
	}
	g.stats[g.e.lay.glory+g.gloryRow(s)*nSources+src] += int32(n)
	g.ev(evGlory, s, -1, n, src)
}

// gloryRow is the tally row of seat s: 0 for the human, board+1 for an AI.
func (g *Game) gloryRow(s int) int { return int(g.clan[s].board) + 1 }

// count adds 1 to a tally counter.
func (g *Game) count(i int) { g.stats[i]++ }

// refresh recomputes the abilities clan s draws from its sheet.
func (g *Game) refresh(s int) {
	c := &g.clan[s]
	p := &g.e.p
	c.warSTR, c.warCost, c.pairN, c.discount, c.questStr = int8(p.warriorSTR), int8(p.warriorSTR), 0, 0, 0
	for _, i := range c.slot[:g.e.slots] {
		if i < 0 {
			continue
		}
		d := g.design(i)
		if d.slot == skWarrior {
			if d.figSTR > 0 {
				c.warSTR, c.warCost = d.figSTR, d.figSTR
			}
			c.pairN = d.pairN
		}
		c.discount += d.discount
		c.questStr = max(c.questStr, d.questStr)
	}
}

// sheetCost is the lowest cost f reads from clan s's sheet cards (f
// returns -1 for a card without the ability); -1 when none has it.
func (g *Game) sheetCost(s int, f func(*cardDef) int8) int {
	best := -1
	for _, i := range g.clan[s].slot[:g.e.slots] {
		if i >= 0 {
			if v := int(f(g.design(i))); v >= 0 && (best < 0 || v < best) {
				best = v
			}
		}
	}
	return best
}

// sheetDouble reports whether clan s doubles a kind of glory (bit 0
// Ragnarök, bit 1 quests).
func (g *Game) sheetDouble(s int, bit uint8) bool {
	for _, i := range g.clan[s].slot[:g.e.slots] {
		if i >= 0 && g.design(i).double&bit != 0 {
			return true
		}
	}
	return false
}

// monsterCard is the card design of clan s's monster slot m, or nil.
func (g *Game) monsterCard(s, m int) *cardDef {
	i := g.clan[s].slot[slotMonster0+m]
	if i < 0 {
		return nil
	}
	return g.design(i)
}

// moveFig moves figure f to loc, keeping the counts.
func (g *Game) moveFig(f int, loc int8) {
	fg := &g.figs[f]
	o := fg.owner
	g.cnt[o][fg.loc]--
	g.occ[fg.loc]--
	if fg.kind == fkWarrior {
		g.cntW[o][fg.loc]--
		g.cntW[o][loc]++
	}
	fg.loc = loc
	g.cnt[o][loc]++
	g.occ[loc]++
	g.figsMoved.Mark(f)
}

// figSTR is the strength of figure f where it stands.
func (g *Game) figSTR(f int) int {
	fg := &g.figs[f]
	p := &g.e.p
	switch fg.kind {
	case fkWarrior:
		return int(g.clan[fg.owner].warSTR)
	case fkLeader:
		return p.leaderSTR
	case fkShip:
		return p.shipSTR
	}
	d := g.monsterCard(int(fg.owner), int(fg.slot))
	if d == nil {
		return 0
	}
	if fg.loc == ygg && d.yggSTR > 0 {
		return int(d.yggSTR)
	}
	return int(d.str)
}

// isShip reports whether figure f sails: a ship or a monster that counts as one.
func (g *Game) isShip(f int) bool {
	fg := &g.figs[f]
	if fg.kind == fkShip {
		return true
	}
	if fg.kind == fkMonster {
		if d := g.monsterCard(int(fg.owner), int(fg.slot)); d != nil && d.asShip {
			return true
		}
	}
	return false
}

// strAt is clan s's strength at one place (warrior pairs counted).
func (g *Game) strAt(s int, loc int8) int {
	if g.cnt[s][loc] == 0 {
		return 0 // most places hold none of a clan's figures: no call
	}
	return g.strHere(s, loc)
}

// strHere is strAt where clan s has figures.
func (g *Game) strHere(s int, loc int8) int {
	c := &g.clan[s]
	w := int(g.cntW[s][loc])
	total := w * int(c.warSTR)
	if c.pairN > 0 {
		total = w/2*int(c.pairN) + w%2*int(c.warSTR)
	}
	if int(g.cnt[s][loc]) == w {
		return total
	}
	// A clan's figures are its leader, its warriors, then its ships and
	// monsters (setup): only the others than warriors are looked at.
	base := s * g.e.perClan
	if g.figs[base].loc == loc {
		total += g.figSTR(base)
	}
	for f := base + 1 + g.e.p.warriors; f < base+g.e.perClan; f++ {
		if g.figs[f].loc == loc {
			total += g.figSTR(f)
		}
	}
	return total
}

// strIn is clan s's strength in province p, its supporting fjord included.
func (g *Game) strIn(s, p int) int {
	t := g.strAt(s, int8(p))
	if fj := g.e.prov[p].fjord; fj >= 0 {
		t += g.strAt(s, locFjord0+fj)
	}
	return t
}

// presentIn reports whether clan s has a figure in province p or a ship in
// its supporting fjord.
func (g *Game) presentIn(s, p int) bool {
	if g.cnt[s][p] > 0 {
		return true
	}
	fj := g.e.prov[p].fjord
	return fj >= 0 && g.cnt[s][locFjord0+fj] > 0
}

// room is the number of empty villages of province p (Yggdrasil: plenty).
func (g *Game) room(p int) int {
	if p == ygg {
		return 1 << 10
	}
	if g.destroyed[p] {
		return 0
	}
	return int(g.e.prov[p].villages) - int(g.occ[p])
}

// onBoard counts clan s's figures in provinces and fjords.
func (g *Game) onBoard(s int) int {
	n := 0
	for l := range locReserve {
		n += int(g.cnt[s][l])
	}
	return n
}

// canPlace reports whether clan s may put one more figure on the board (Horns).
func (g *Game) canPlace(s int) bool { return g.onBoard(s) < g.statValue(s, statHorns) }

// fjordOpen reports whether fjord j has a province beside it not destroyed.
func (g *Game) fjordOpen(j int) bool {
	f := &g.e.fjord[j]
	return !g.destroyed[f.side[0]] || !g.destroyed[f.side[1]]
}

// findFig finds clan s's figure of a kind in a place (fkMonster: any
// monster; fkMonster+1+m: the monster of slot m), or -1.
func (g *Game) findFig(s int, kind int, loc int8) int {
	base := s * g.e.perClan
	for k := range g.e.perClan {
		f := &g.figs[base+k]
		if f.loc != loc {
			continue
		}
		switch {
		case kind <= fkShip && int(f.kind) == kind:
			return base + k
		case kind == fkMonster && f.kind == fkMonster:
			return base + k
		case kind > fkMonster && f.kind == fkMonster && int(f.slot) == kind-fkMonster-1:
			return base + k
		}
	}
	return -1
}

// invadeCost is what clan s pays in Rage to invade with figure f.
func (g *Game) invadeCost(f int) int {
	fg := &g.figs[f]
	p := &g.e.p
	switch fg.kind {
	case fkWarrior:
		return int(g.clan[fg.owner].warCost)
	case fkLeader:
		return p.leaderCost
	case fkShip:
		return p.shipSTR
	}
	d := g.monsterCard(int(fg.owner), int(fg.slot))
	if d == nil || d.free {
		return 0
	}
	return int(d.str)
}

// push adds a task on top of the stack.
func (g *Game) push(t task) {
	if g.sp == maxStack {
		panic("bloodrage: task stack overflow")
	}
	g.stack[g.sp] = t
	g.sp++
}

// run executes tasks until the human must decide or the game is over.
func (g *Game) run() {
	for g.prompt == pNone && g.sp > 0 && !g.over {
		if g.untilAI && g.stack[g.sp-1].kind == tTurn && g.stack[g.sp-1].a != 0 {
			return
		}
		g.sp--
		t := g.stack[g.sp]
		g.exec(t)
	}
	if g.prompt == pNone && !g.over {
		panic(fmt.Sprintf("bloodrage: no task left in Age %d", g.age))
	}
}
