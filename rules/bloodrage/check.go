package bloodrage

import "bifrost/schema"

// statWords name the three stats in violation messages.
var statWords = [3]schema.Word{{"激情", "Rage"}, {"名誉ステータス（斧）", "Axes"}, {"指揮ステータス（角笛）", "Horns"}}

// placeWord names a place in both languages (a province by its name and ID).
func (g *Game) placeWord(loc int) schema.Word {
	return schema.Word{g.place(loc, schema.Japanese), g.place(loc, schema.English)}
}

// figWord names figure kind k in both languages.
func figWord(k int8) schema.Word { return figNames[k] }

// cardWord names card instance i in both languages: 「its name」 and its ID.
func (g *Game) cardWord(i int) schema.Word {
	return schema.Word{"「" + g.instName(int16(i), schema.Japanese) + "」", g.instName(int16(i), schema.English)}
}

// Check verifies the invariants of issue 8 and checklist §5 (I1, I3, I5,
// I7, I13, village capacity, destroyed provinces). The figures and cards
// are read incrementally (checkFigures, checkCards): only what changed since
// the last check is read again.
//
// The marks are the harness's one scheme (sim.Dirty): moveFig marks the
// figure it moves in g.figsMoved and moveCard the card in g.cardsMoved;
// Check reads again what is marked and clears the marks, and the first
// check, a new Age and a determinized copy read everything. The recount
// test (recount_test.go, through simtest.Recount) fails when a figure or
// card changes unmarked.
func (g *Game) Check() error {
	e := g.e
	if err := g.checkFigures(); err != nil {
		return err
	}
	fc := &g.figCheck
	for s := range g.n {
		if fc.kinds[s] != [4]int{e.p.warriors, 1, e.p.ships, e.p.maxMon} {
			return schema.Errorf("P%dのフィギュアが%vです（戦士、リーダー、船、怪物の順）", "P%d has figures %v (warriors, leader, ships, monsters)", s+1, fc.kinds[s])
		}
	}
	occ := &fc.occ
	if fc.cnt != g.cnt || fc.cntW != g.cntW || *occ != g.occ {
		return schema.Errorf("フィギュアの数の集計が、フィギュアの置き場所と合いません", "figure counts disagree with the figures' places")
	}
	for p := range nProv {
		if p != ygg && int(occ[p]) > int(e.prov[p].villages) {
			return schema.Errorf("%sにフィギュアが%d体ありますが、村は%d個です", "%s holds %d figures in %d villages", g.placeWord(p), occ[p], e.prov[p].villages)
		}
		if g.destroyed[p] && occ[p] != 0 {
			return schema.Errorf("破壊された%sにフィギュアが%d体あります", "destroyed %s holds %d figures", g.placeWord(p), occ[p])
		}
	}
	for j := range nFjord {
		if !g.fjordOpen(j) && occ[locFjord0+j] != 0 {
			return schema.Errorf("両側の地方が破壊されたフィヨルド%sに船が%d隻あります", "fjord %s between two destroyed provinces holds %d ships", g.placeWord(locFjord0+j), occ[locFjord0+j])
		}
	}
	for s := range g.n {
		c := &g.clan[s]
		if c.rage < 0 {
			return schema.Errorf("P%dの激情が%dです", "P%d's Rage is %d", s+1, c.rage)
		}
		if c.glory < 0 {
			return schema.Errorf("P%dの名誉が%dです", "P%d's glory is %d", s+1, c.glory)
		}
		for k := range 3 {
			if c.step[k] < 0 || int(c.step[k]) >= len(e.p.tracks[k]) {
				return schema.Errorf("P%dの%sが%d段目にあります（その段はありません）", "P%d's %s is on step %d", s+1, statWords[k], c.step[k])
			}
		}
		if g.onBoard(s) > g.statValue(s, statHorns) {
			return schema.Errorf("P%dは盤上にフィギュアが%d体ありますが、指揮ステータスは%dです", "P%d has %d figures on the board with Horns %d", s+1, g.onBoard(s), g.statValue(s, statHorns))
		}
		for sl := range e.slots {
			if i := c.slot[sl]; i >= 0 && (g.cLoc[i] != clSheet || int(g.cOwn[i]) != s) {
				return schema.Errorf("P%dの氏族シートの枠%dに%sがありますが、そのカードは別の場所にあります", "P%d's sheet slot %d holds %s, which is elsewhere", s+1, sl, g.cardWord(int(i)))
			}
		}
		if s == 0 {
			continue
		}
		if c.subs > c.pillages {
			return schema.Errorf("I14: P%dは略奪の成功%[3]d回で報酬の代わりを%[2]d回受け取りました", "I14: P%d took the reward's substitute %d times in %d successful pillages", s+1, c.subs, c.pillages)
		}
		if c.pass < 1 || int(c.pass) > e.p.passLimit {
			return schema.Errorf("P%dのパスダイスの目が%dです", "P%d's pass die shows %d", s+1, c.pass)
		}
		if want := min(1+int(c.fails), e.p.passLimit); int(c.pass) != want && !(c.t9 && int(c.pass) == e.p.passLimit) {
			return schema.Errorf("I2: この時代に%[3]d回失敗したあと、P%[1]dのパスダイスの目が%[2]dです", "I2: P%d's pass die shows %d after %d failures this Age", s+1, c.pass, c.fails)
		}
		bd := &e.boards[c.board]
		for f := range nTracks {
			n := len(bd.tracks[f])
			if c.marker[f] < 0 || int(c.marker[f]) > n {
				return schema.Errorf("P%dのトラック%dのマーカーが%d マス目にあります（マスは%d個）", "P%d's marker %d is on cell %d of %d", s+1, f+1, c.marker[f], n)
			}
			want := int(c.stepped[f]) // I4: the marker is where its steps along the arrows lead
			if want > n && bd.tracks[f][n-1].loop {
				want = (want-1)%n + 1
			}
			if int(c.marker[f]) != want {
				return schema.Errorf("I4: この時代に%[4]dマス進んだP%[1]dのトラック%[2]dのマーカーが、%[3]dマス目にあります", "I4: P%d's marker %d is on cell %d after %d steps this Age", s+1, f+1, c.marker[f], c.stepped[f])
			}
		}
	}
	if err := g.checkCards(); err != nil {
		return err
	}
	switch g.prompt {
	case pCall, pCard, pLate, pSave, pRetreat, pKeep, pThin:
		if !g.b.active {
			return schema.Errorf("戦闘がないのに戦闘の選択（プロンプト%d）があります", "a battle decision (prompt %d) with no battle", g.prompt)
		}
	}
	return nil
}

// figCheck is what Check keeps of the figures between calls: each figure
// as it last read it, the counts by clan, place and kind of what it read,
// and the monster cards on the clans' sheets then.
type figCheck struct {
	seen      []figure
	cnt, cntW [maxClans][nLocs]int8
	occ       [nLocs]int8
	kinds     [maxClans][4]int
	monsters  [maxClans][maxMonsters]int16
}

// checkFigures reads again each figure that changed since the last check
// (every figure at the first; none when no figure is marked in
// g.figsMoved, as figures move only through moveFig, which marks them),
// and every monster of a clan whose monster cards changed, since what it
// may be and where depends on its card: it is its clan's, somewhere, in the
// box exactly when no card holds it, and at sea exactly when it sails (I1,
// I3). When any figure is marked it compares every figure with what it
// last read, not the marked ones only: the counts move with the figures
// and Check compares them with the engine's, so a figure moved without
// moveFig shows at the first check after any figure moves.
func (g *Game) checkFigures() error {
	e, fc := g.e, &g.figCheck
	if len(fc.seen) != len(g.figs) {
		*fc = figCheck{seen: append(fc.seen[:0], g.figs...)}
		for f := range g.figs {
			if err := g.checkFig(f); err != nil {
				return err
			}
			fc.count(&g.figs[f], 1)
		}
		for s := range g.n {
			fc.monsters[s] = g.monsterSlots(s)
		}
		g.figsMoved.Clear()
		return nil
	}
	if g.figsMoved.Any() {
		for f := range g.figs {
			fg, was := &g.figs[f], &fc.seen[f]
			if *fg == *was {
				continue
			}
			if err := g.checkFig(f); err != nil {
				return err
			}
			fc.count(was, -1)
			fc.count(fg, 1)
			*was = *fg
		}
		g.figsMoved.Clear()
	}
	for s := range g.n {
		if m := g.monsterSlots(s); m != fc.monsters[s] {
			fc.monsters[s] = m
			for f := (s+1)*e.perClan - e.p.maxMon; f < (s+1)*e.perClan; f++ {
				if err := g.checkFig(f); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// monsterSlots is what clan s's monster slots hold.
func (g *Game) monsterSlots(s int) (m [maxMonsters]int16) {
	copy(m[:], g.clan[s].slot[slotMonster0:slotMonster0+g.e.p.maxMon])
	return m
}

// count adds d of figure fg to the counts.
func (fc *figCheck) count(fg *figure, d int8) {
	fc.cnt[fg.owner][fg.loc] += d
	fc.occ[fg.loc] += d
	fc.kinds[fg.owner][fg.kind] += int(d)
	if fg.kind == fkWarrior {
		fc.cntW[fg.owner][fg.loc] += d
	}
}

// checkFig checks figure f by itself.
func (g *Game) checkFig(f int) error {
	e, fg := g.e, &g.figs[f]
	s := int(fg.owner)
	if s != f/e.perClan {
		return schema.Errorf("フィギュア%dの持ち主が氏族%dですが、氏族%dのはずです", "figure %d belongs to clan %d, not %d", f, s, f/e.perClan)
	}
	if fg.loc < 0 || int(fg.loc) >= nLocs {
		return schema.Errorf("P%[2]dのフィギュア%[1]dがどこにもありません（場所%[3]d）", "figure %d of P%d is nowhere (place %d)", f, s+1, fg.loc)
	}
	if fg.kind < 0 || fg.kind > fkMonster {
		return schema.Errorf("P%[2]dのフィギュア%[1]dの種類が%[3]dです", "figure %d of P%d is of kind %d", f, s+1, fg.kind)
	}
	held := fg.kind != fkMonster || g.clan[s].slot[slotMonster0+int(fg.slot)] >= 0
	if held == (fg.loc == locBox) {
		return schema.Errorf("P%dの%s（枠%d）が場所%dにあります（カードあり：%v）", "P%d's %s (slot %d) is in place %d with card %v", s+1, figWord(fg.kind), fg.slot, fg.loc, schema.YesNo(held))
	}
	ship := g.isShip(f)
	atSea := fg.loc >= locFjord0 && fg.loc < locReserve
	if atSea && !ship || ship && int(fg.loc) < nProv {
		return schema.Errorf("P%dの%sが%sにあります（置けない場所です）", "P%d's %s is in %s", s+1, figWord(fg.kind), g.placeWord(int(fg.loc)))
	}
	return nil
}

// cardCheck is what Check keeps of the cards between calls: each card
// instance's place and owner as last read, and the tallies of what it read.
type cardCheck struct {
	loc                 []uint8
	own                 []int8
	age                 int8 // the Age when it last read every card
	onSheet, hand, held [maxClans]int
	pool, played        int // cards in the draft pool, shown in battle
}

// checkCards checks that each card instance is in one place, consistent
// with its owner. Cards change place only through moveCard, which marks
// them in g.cardsMoved; a check reads again only the cards marked since the
// last one, and every card when the Age changed (a card's Age is judged
// against it) or at the first check. Every state the other card checks
// read (the draft, the battle) changes only as cards move, so nothing is
// read when no card has moved. The box, where most cards lie, needs no
// more than its place.
func (g *Game) checkCards() error {
	e, cc := g.e, &g.cardCheck
	moved := &g.cardsMoved
	if len(cc.loc) == len(g.cLoc) && !moved.Any() {
		return nil
	}
	if len(cc.loc) != len(g.cLoc) || cc.age != g.age {
		*cc = cardCheck{loc: append(cc.loc[:0], g.cLoc...), own: append(cc.own[:0], g.cOwn...), age: g.age}
		for i := range g.cLoc {
			if err := g.checkCard(i); err != nil {
				return err
			}
			cc.tally(i, 1)
		}
	} else {
		for i := range moved.All() {
			if err := g.checkCard(i); err != nil {
				return err
			}
			cc.tally(i, -1)
			cc.loc[i], cc.own[i] = g.cLoc[i], g.cOwn[i]
			cc.tally(i, 1)
		}
	}
	if cc.pool > 0 && g.prompt != pDraft || cc.played > 0 && !g.b.active {
		for i := range g.cLoc {
			if err := g.checkCard(i); err != nil {
				return err
			}
		}
		return schema.Errorf("ドラフトの山に%d枚、公開中に%d枚と数えましたが、そこにカードはありません", "Check counts %d cards in the draft pool and %d shown, which none holds", cc.pool, cc.played)
	}
	for s := range g.n {
		filled := 0
		for _, i := range g.clan[s].slot[:e.slots] {
			if i >= 0 {
				filled++
			}
		}
		if filled != cc.onSheet[s] {
			return schema.Errorf("P%dの氏族シートのカードは%d枚ですが、埋まった枠は%d個です", "P%d has %d cards on its sheet but %d slots filled", s+1, cc.onSheet[s], filled)
		}
		if cc.hand[s] != g.handSize(s) {
			return schema.Errorf("P%dの手札の枚数%dが、実際の%d枚と合いません", "P%d's hand count %d disagrees with its %d cards", s+1, g.handSize(s), cc.hand[s])
		}
		if cc.held[s] > maxHand {
			return schema.Errorf("P%dがカードを%d枚持っています", "P%d holds %d cards", s+1, cc.held[s])
		}
	}
	moved.Clear()
	return nil
}

// tally adds d of card instance i, where Check last read it, to the tallies.
func (cc *cardCheck) tally(i, d int) {
	own := int(cc.own[i])
	switch cc.loc[i] {
	case clSheet:
		cc.onSheet[own] += d
	case clHand:
		cc.hand[own] += d
		cc.held[own] += d
	case clKept:
		cc.held[own] += d
	case clPool:
		cc.pool += d
	case clPlayed:
		cc.played += d
	}
}

// checkCard checks card instance i by itself, where it is now.
func (g *Game) checkCard(i int) error {
	l := g.cLoc[i]
	if l == clBox {
		return nil
	}
	e := g.e
	own := int(g.cOwn[i])
	d := &e.instCard[i]
	switch l {
	case clHand, clKept, clPlayed, clSheet, clQuest:
		if own < 0 || own >= g.n {
			return schema.Errorf("カード%sを誰も持っていません", "card %s is held by nobody", g.cardWord(i))
		}
		if own > 0 && l != clSheet && d.kind != cardBattle {
			return schema.Errorf("AIのP%dが%sカード%sを持っています", "AI P%d holds the %s card %s", own+1, [3]schema.Word{{"クエスト", "quest"}, {"強化", "upgrade"}, {"戦闘", "battle"}}[d.kind], g.cardWord(i))
		}
		if l == clPlayed && !g.b.active {
			return schema.Errorf("戦闘の外でカード%sが公開されています", "card %s is shown outside a battle", g.cardWord(i))
		}
	case clPool:
		if g.prompt != pDraft {
			return schema.Errorf("ドラフトの外でカード%sがドラフトの山にあります", "card %s is in the draft pool outside the draft", g.cardWord(i))
		}
	case clDiscard, clAIDeck, clQuestPile, clUpgradePile, clBattlePile:
	default:
		return schema.Errorf("カード%sが場所%dにあります", "card %s is in place %d", g.cardWord(i), l)
	}
	if !g.inGame(d.age, d.players) {
		return schema.Errorf("このゲームで使わないカード%sが場所%dにあります", "card %s, which is not in this game, is in place %d", g.cardWord(i), l)
	}
	faceUp := l == clPool || l == clKept || l == clPlayed || l == clSheet || l == clQuest || l == clHand && own == 0
	if faceUp && !g.cSeen[i] || l == clAIDeck && g.cSeen[i] {
		return schema.Errorf("場所%[2]dのカード%[1]sについて、プレイヤーが見たかどうかの印が正しくありません（見た：%[3]v）", "card %s in place %d is marked seen %v by the human", g.cardWord(i), l, schema.YesNo(g.cSeen[i]))
	}
	aiSheet := l == clSheet && own > 0 // a monster searched out of a later Age (T43)
	if !aiSheet && int(d.age) > int(g.age) || (l == clQuestPile || l == clUpgradePile || l == clBattlePile || l == clAIDeck) && int(d.age) != int(g.age) {
		return schema.Errorf("時代%[2]dのカード%[1]sが時代%[3]dに使われています（場所%[4]d）", "card %s of Age %d is in play in Age %d (place %d)", g.cardWord(i), d.age, g.age, l)
	}
	return nil
}
