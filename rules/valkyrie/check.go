package valkyrie

import (
	"bifrost/schema"
	"fmt"
	"slices"
)

// zone names a place a card can be, for Check.
type zone uint8

const (
	zDeck zone = iota
	zHand
	zPlay
	zGained
	zDiscard
	zVPArea
	zSupply
	zRow
	zTrash
	zRage
	zPool
	zBox
)

// zoneNames names the zone kinds in Japanese and English.
var zoneNames = [...]schema.Word{{"山札", "draw pile"}, {"手札", "hand"}, {"使用エリア", "play area"}, {"入手エリア", "acquired area"},
	{"捨て札置場", "discard pile"}, {"VPエリア", "VP area"}, {"サプライデッキ", "supply deck"}, {"サプライの列", "supply row"},
	{"廃棄置場", "trash pile"}, {"レイジデッキ", "rage deck"}, {"VPカードの山", "VP pool"}, {"箱", "box"}}

// kindInvariant names the count invariant of each physical card kind (I2–I5).
var (
	kindInvariant = [...]string{kindValkyrie: "I2", kindFirst: "I3", kindWeakness: "I4", kindVP: "I5"}
	kindNames     = [...]schema.Word{kindValkyrie: {"ヴァルキリー", "Valkyrie"}, kindFirst: {"ファーストヴァルキリー", "First Valkyrie"},
		kindWeakness: {"弱点", "weakness"}, kindVP: {"VP", "VP"}}
)

// runOut is the two supply decks' run-out flags in a violation message.
func runOut(f [2]bool) schema.Word {
	return schema.Word{fmt.Sprintf("%s %s・%s %s", deckNames[0], schema.YesNo(f[0])[0], deckNames[1], schema.YesNo(f[1])[0]), fmt.Sprint(f)}
}

// home is where one physical card may be (I6), what it is and what it scores.
type home struct {
	zones uint16 // bit z: the card may be in zones of kind z
	arg   int8   // the deck, rage-1 or VP pile its supply, row, trash, rage deck or pool must be
	kind  kind
	vp    int16
}

// homes lists, for a game against monster m, where each physical card may be.
func (e *Engine) homes(m int) []home {
	const owned = 1<<zDeck | 1<<zHand | 1<<zPlay | 1<<zDiscard
	out := make([]home, len(e.inst))
	for c, dsn := range e.inst {
		ds := &e.designs[dsn]
		h := home{kind: ds.kind, vp: int16(ds.vp), arg: -1}
		switch ds.kind {
		case kindValkyrie:
			h.zones, h.arg = owned|1<<zGained|1<<zSupply|1<<zRow|1<<zTrash, ds.cat
		case kindFirst:
			h.zones = owned | 1<<zBox
		case kindWeakness:
			h.zones, h.arg = 1<<zGained|1<<zVPArea|1<<zRage, int8(ds.rage-1)
			if ds.monster != m {
				h.zones = 1 << zBox
			}
		case kindVP:
			h.zones = 1<<zGained | 1<<zVPArea | 1<<zPool
			for k, d := range e.vpOrder {
				if d == dsn {
					h.arg = int8(k)
				}
			}
		}
		out[c] = h
	}
	return out
}

// zoneCount is the number of zones of the game: three per seat (its own
// cards, the acquired area, the VP area), then each supply deck's deck, rows
// and trash pile, the rage decks, the VP pool's piles and the box. A seat's
// own cards (draw pile, hand, play area and discard pile) are one zone: they
// move among those four piles most of the time, and may be in any of them.
func (g *Game) zoneCount() int { return 3*g.n + 6 + len(g.rage) + len(g.pool) + 1 }

// zid numbers zone kind k with its argument (seat, deck, rage-1 or pile).
func (g *Game) zid(k zone, arg int) int {
	switch k {
	case zDeck, zHand, zPlay, zDiscard:
		return 3 * arg
	case zGained:
		return 3*arg + 1
	case zVPArea:
		return 3*arg + 2
	case zSupply, zRow, zTrash:
		return 3*g.n + 2*int(k-zSupply) + arg
	case zRage:
		return 3*g.n + 6 + arg
	case zPool:
		return 3*g.n + 6 + len(g.rage) + arg
	}
	return 3*g.n + 6 + len(g.rage) + len(g.pool)
}

// zoneRef is zone id's pile, kind and argument. A seat's own cards have the
// kind zDeck, the seat and its discard pile (where cards from other zones
// come in).
func (g *Game) zoneRef(id int) zoneRef {
	if id < 3*g.n {
		p := &g.pl[id/3]
		return [...]zoneRef{{pile: &p.discard, own: p, kind: zDeck}, {pile: &p.gained, kind: zGained}, {pile: &p.vparea, kind: zVPArea}}[id%3].at(id / 3)
	}
	j := id - 3*g.n
	switch {
	case j < 2:
		return zoneRef{pile: &g.supply[j], kind: zSupply, arg: j}
	case j < 4:
		return zoneRef{pile: &g.rows[j-2], kind: zRow, arg: j - 2}
	case j < 6:
		return zoneRef{pile: &g.trash[j-4], kind: zTrash, arg: j - 4}
	case j < 6+len(g.rage):
		return zoneRef{pile: &g.rage[j-6], kind: zRage, arg: j - 6}
	case j < 6+len(g.rage)+len(g.pool):
		return zoneRef{pile: &g.pool[j-6-len(g.rage)], kind: zPool, arg: j - 6 - len(g.rage)}
	}
	return zoneRef{pile: &g.box, kind: zBox, arg: 0}
}

func (z zoneRef) at(arg int) zoneRef { z.arg = arg; return z }

// piles lists the piles of zone z.
func (z *zoneRef) piles() [][]int16 {
	if p := z.own; p != nil {
		return [][]int16{p.deck, p.hand, p.play, p.discard}
	}
	return [][]int16{*z.pile}
}

// len is the number of cards in zone z.
func (z *zoneRef) len() int {
	if p := z.own; p != nil {
		return len(p.deck) + len(p.hand) + len(p.play) + len(p.discard)
	}
	if z.kind == zRow {
		n := 0
		for _, c := range *z.pile {
			if c >= 0 {
				n++
			}
		}
		return n
	}
	return len(*z.pile)
}

// touch marks zone k (with its argument) as changed in g.dirty: cards new
// to it can be only from position from on (a zone that only lost cards
// passes its length; for a seat's own cards, a position in the discard
// pile, or noNew when cards only moved among its four piles). The next
// Check reads that part and recounts the zone.
func (g *Game) touch(k zone, arg, from int) {
	id := g.zid(k, arg)
	if !g.dirty.Has(id) {
		g.dirty.Mark(id)
		g.low[id] = int16(from)
	} else if int16(from) < g.low[id] {
		g.low[id] = int16(from)
	}
}

// noNew is touch's from when no card came from another zone.
const noNew = 1<<15 - 1

// arrive records that card c came into seat's own piles from another zone;
// when more came than are kept, the next Check reads all four piles.
func (g *Game) arrive(seat int, c int16) {
	if g.nArrivals < len(g.arrived) {
		g.arrived[g.nArrivals], g.arrivedAt[g.nArrivals] = c, seat
		g.touch(zDiscard, seat, noNew)
	} else {
		g.touch(zDiscard, seat, 0)
	}
	g.nArrivals++
}

// touchAll marks every zone as changed throughout.
func (g *Game) touchAll() {
	g.dirty.MarkAll()
	clear(g.low)
}

// checker holds Check's tallies between calls. A check reads only the part
// of each zone that changed since the last one (the engine marks it) and
// follows each card it finds there from the zone it was last seen in.
type checker struct {
	zones []zoneRef  // per zone id
	seen  []sighting // per card
	epoch uint32
	kinds [4]int          // cards of each kind seen so far
	turn  int             // the turn of the last checkTurn, -1 for none
	new   bool            // a card was seen for the first time: count the kinds (I2–I5)
	ends  bool            // a rage deck or supply deck changed: judge the end trigger (E1/E2)
	log   uint32          // the phase log last judged
	vp    [maxPlayers]int // per seat: the VP of the cards seen in its zones
}

// zoneRef is one zone, for Check: its pile, kind and argument, and its
// size when last read beside the cards seen into it and not seen out of it.
type zoneRef struct {
	pile        *[]int16
	own         *player // a seat's own cards: its four piles
	kind        zone
	arg         int
	size, count int32
}

// sighting is where and when Check last saw a card, beside where it may be.
type sighting struct {
	home
	epoch uint32 // the check
	zone  int16  // the zone, or -1 before the first sighting
}

// Check verifies every invariant of the checklist's §5 that holds at one
// moment; CheckStep verifies the ones about change. It is incremental: it
// reads the changed part of each zone the engine marked (every zone at the
// first call), and compares the marked zones' sizes (every zone's once the
// game is over) with the cards seen into and out of them, so a card that
// moved without its zones being marked shows up as lost, as come unseen or as
// in two zones (I1). What only a new turn changes is checked when a turn has
// begun since the last call.
//
// The marks are the harness's one scheme (sim.Dirty): the engine marks each
// zone it changes in g.dirty through touch, which also notes in g.low where
// cards new to the zone may lie; Check reads the marked zones in ascending
// order and clears the marks once they all passed. The first check and the
// one at the game's end mark every zone. The recount test (recount_test.go,
// through simtest.Recount) fails when a zone changes unmarked.
//
//   - I1: every card is in exactly one zone, none twice;
//   - I2–I5: the Valkyries, First Valkyries, weaknesses and VP cards are all there;
//   - I6: each zone holds only what it may;
//   - I7: each supply deck has three rows of RowSlots;
//   - I8: right after the last refill, every back-row slot is filled unless
//     that deck and its trash pile were both empty;
//   - I9: an empty supply deck has an empty trash pile;
//   - I10: no counter below 0; funds, power and the turn's modifiers were 0
//     when phase 2 began;
//   - I11: play and acquired areas are empty outside one's turn;
//   - I12, I13: every draw took min(wanted, draw pile + discard pile), a short
//     draw left both empty, and the end-of-turn draw made the whole hand;
//   - I14: invasion was skipped exactly once, on the first turn;
//   - I15, I16: turn counts and the end timing; E1/E2: the end trigger;
//   - I17: this turn's phases came in order (1 skipped only on the first
//     turn), cards were played and bought only in phase 3, and every draw
//     came from the setup, the end of turn or an effect;
//   - I18: the running scores equal the zones' VP.
func (g *Game) Check() error {
	ch := g.chk
	if ch == nil {
		ch = g.newChecker()
	}
	if g.over {
		// Every zone's size against its count, once.
		for _, z := range ch.zones {
			g.touch(z.kind, z.arg, noNew)
		}
		ch.turn = -1
	}
	if err := g.checkZones(ch); err != nil {
		return err
	}
	if g.turns != ch.turn {
		ch.ends = true
	}
	for i := range g.n {
		if ch.vp[i] != g.pl[i].score {
			return schema.Errorf("I18: P%dのゾーンのカードは%dVPですが、累計の得点は%dです", "I18: P%d's zones are worth %d VP but the running score is %d", i+1, ch.vp[i], g.pl[i].score)
		}
	}
	// A bitwise or of ints is negative when one of them is.
	if g.funds|g.power|g.harden|g.played[0]|g.played[1]|g.played[2]|g.left|g.destroyed|g.gainedN < 0 {
		return schema.Errorf("I10: 0より小さい数があります（資金%d、戦力%d、硬化%d、使用%v、残り%d、破壊%d、入手%d）", "I10: a counter below 0 (funds %d, power %d, harden %d, played %v, left %d, destroyed %d, gained %d)",
			g.funds, g.power, g.harden, g.played, g.left, g.destroyed, g.gainedN)
	}
	if g.nDraws > 0 {
		if err := g.checkDraws(); err != nil {
			return err
		}
	}
	if g.phaseLog != ch.log {
		if err := g.checkPhases(); err != nil {
			return err
		}
		ch.log = g.phaseLog
	}
	if g.phaseLog&0xf < 3 && g.playedAny|g.bought != 0 {
		return schema.Errorf("I17: フェイズ3の前に%d枚を使用し、%d枚を入手しました", "I17: %d cards played and %d bought before phase 3", g.playedAny, g.bought)
	}
	if ch.ends {
		if want := (g.exhausted[0] && g.exhausted[1]) || g.rageLeft() == 0; want != g.endTriggered {
			return schema.Errorf("E1/E2: 終了条件を満たしたか：%v、終了の合図：%v（一致しません）", "E1/E2: end conditions met %v but end triggered %v", schema.YesNo(want), schema.YesNo(g.endTriggered))
		}
		ch.ends = false
	}
	if g.turns != ch.turn {
		if err := g.checkTurn(); err != nil {
			return err
		}
		ch.turn = g.turns
	}
	if !g.over && g.step == stNone {
		return schema.Errorf("ゲームがどの選択も待っていません", "the game waits for no decision")
	}
	if g.over {
		// The last sweep is done: the tallies serve the next game.
		clear(ch.zones)
		g.e.checkers.Put(ch)
		g.chk = nil
	}
	return nil
}

// newChecker sets up Check's tallies at its first call, reusing those of a
// finished game when it can; every zone is read.
func (g *Game) newChecker() *checker {
	nz := g.dirty.Len()
	ch, _ := g.e.checkers.Get().(*checker)
	if ch == nil {
		ch = &checker{}
	}
	if cap(ch.zones) < nz {
		ch.zones = make([]zoneRef, nz)
	}
	if cap(ch.seen) < len(g.e.inst) {
		ch.seen = make([]sighting, len(g.e.inst))
	}
	*ch = checker{zones: ch.zones[:nz], seen: ch.seen[:len(g.e.inst)],
		turn: -1}
	for id := range ch.zones {
		ch.zones[id] = g.zoneRef(id)
	}
	for c, h := range g.e.home[g.monster] {
		ch.seen[c] = sighting{home: h, zone: -1}
	}
	g.chk = ch
	g.touchAll()
	return ch
}

// checkZones reads the changed zones (I1–I7, I9, I11) and forgets the marks.
func (g *Game) checkZones(ch *checker) error {
	ch.epoch++
	d := &g.dirty
	for id := range d.All() {
		z := &ch.zones[id]
		low := int(g.low[id])
		z.size = int32(z.len())
		if low < len(*z.pile) || z.own != nil && (low == 0 || g.nArrivals > 0) {
			if err := g.look(ch, id, z); err != nil {
				return err
			}
		}
		switch z.kind {
		case zRage:
			ch.ends = true
		case zDeck, zGained, zSupply, zRow, zTrash:
			ch.ends = ch.ends || z.kind == zSupply
			if err := g.zoneRules(z); err != nil {
				return err
			}
		}
	}
	g.nArrivals = 0
	// Moves keep every zone's count equal to its size; a card lost or come
	// unseen makes them differ.
	for id := range d.All() {
		if z := &ch.zones[id]; z.size != z.count {
			return g.recount(ch, id)
		}
	}
	d.Clear()
	if ch.new {
		ch.new = false
		for k, n := range ch.kinds {
			if want := g.e.kindCount[k]; n != want {
				return schema.Errorf("%s（I1）: ゾーンにある%[3]sカードは%[2]d枚ですが、%[4]d枚のはずです", "%s (I1): %d %s cards are in the zones, want %d", kindInvariant[k], n, kindNames[k], want)
			}
		}
	}
	return nil
}

// checkTurn checks what changes only when a turn begins (I8, I10 at phase
// 2, I11, I14, I15, I16).
func (g *Game) checkTurn() error {
	for d := range 2 {
		if r := g.refill[d]; r.holes > 0 && (r.supply > 0 || r.trash > 0) {
			return schema.Errorf("I8: 補充のあと%sの後列に空きが%d枠ありますが、サプライデッキに%d枚、廃棄置場に%d枚残っています", "I8: after the refill the %s back row had %d empty slots while its deck held %d and its trash pile %d",
				deckNames[d], r.holes, r.supply, r.trash)
		}
	}
	if a := g.atPhase2; a[0]|a[1]|a[2]|a[3] != 0 {
		return schema.Errorf("I10: フェイズ2の始めに資金%d、戦力%d、コスト%+d、硬化%dが残っています", "I10: phase 2 began with funds %d, power %d, cost %+d, harden %d", a[0], a[1], a[2], a[3])
	}
	if g.invasions != max(g.turns-1, 0) {
		return schema.Errorf("I14: %[2]dターンで侵攻が%[1]d回です（侵攻しないのは最初のターンだけです）", "I14: %d invasions in %d turns (only the first turn skips it)", g.invasions, g.turns)
	}
	sum := 0
	for i := range g.pl {
		p := &g.pl[i]
		if i != g.active && len(p.play)|len(p.gained) != 0 {
			return schema.Errorf("I11: P%dは自分のターンの外で、使用エリアに%d枚、入手エリアに%d枚あります", "I11: P%d has %d cards in play and %d acquired outside its turn", i+1, len(p.play), len(p.gained))
		}
		sum += p.turns
		if i > 0 && p.turns > g.pl[i-1].turns {
			return schema.Errorf("I15: P%dは%dターンを始めていて、P%dの%dターンより多くなっています", "I15: P%d has begun %d turns, more than P%d's %d", i+1, p.turns, i, g.pl[i-1].turns)
		}
	}
	if g.pl[0].turns-g.pl[g.n-1].turns > 1 || sum != g.turns {
		return schema.Errorf("I15: 各プレイヤーのターン数が%d〜%dで、合計%dですが、%dのはずです", "I15: turn counts %d..%d, sum %d of %d", g.pl[g.n-1].turns, g.pl[0].turns, sum, g.turns)
	}
	if g.endTriggered && g.pl[0].turns > g.endRound {
		return schema.Errorf("I16: %[2]d巡目に終了の合図が出たあと、P1が%[1]dターン目を始めました", "I16: P1 began turn %d after the end was triggered in round %d", g.pl[0].turns, g.endRound)
	}
	if g.over && !g.endNow && (!g.endTriggered || g.pl[g.n-1].turns != g.pl[0].turns) {
		return schema.Errorf("I16: 各プレイヤーのターン数が%d〜%dのままゲームが終わりました（終了の合図：%v）", "I16: the game ended with turn counts %d..%d (end triggered %v)", g.pl[g.n-1].turns, g.pl[0].turns, schema.YesNo(g.endTriggered))
	}
	return nil
}

// look reads the changed part of zone id (a seat's own cards: all four
// piles, or the cards that came into them from elsewhere): each card there that
// was last seen in another zone has moved here, from a zone that changed too
// (I1); it is checked against the zone (I6) and its tallies move with it.
func (g *Game) look(ch *checker, id int, z *zoneRef) error {
	low := int(g.low[id])
	if p := z.own; p != nil {
		if low > 0 {
			for i := range min(g.nArrivals, len(g.arrived)) {
				if g.arrivedAt[i] == z.arg {
					if err := g.lookPile(ch, id, z, g.arrived[i:i+1], zDiscard); err != nil {
						return err
					}
				}
			}
			return nil
		}
		for k, s := range [...][]int16{zDeck: p.deck, zHand: p.hand, zPlay: p.play, zDiscard: p.discard} {
			if err := g.lookPile(ch, id, z, s, zone(k)); err != nil {
				return err
			}
		}
		return nil
	}
	return g.lookPile(ch, id, z, (*z.pile)[low:], z.kind)
}

// lookPile reads cards s of zone id, found in a pile of kind pk.
func (g *Game) lookPile(ch *checker, id int, z *zoneRef, s []int16, pk zone) error {
	k, arg, seats := z.kind, z.arg, 3*g.n
	for _, c := range s {
		if c < 0 {
			if k == zRow {
				continue
			}
			return schema.Errorf("I1: %sに空きの枠があります", "I1: an empty slot in the %s", g.zoneName(pk, arg))
		}
		if int(c) >= len(ch.seen) {
			return schema.Errorf("I1: カード#%dはありません", "I1: card #%d does not exist", c)
		}
		sg := &ch.seen[c]
		if sg.epoch == ch.epoch {
			return schema.Errorf("I1: カード#%d（%s）がゾーンに2回あります（2回目は%s）", "I1: card #%d (%s) is twice in the zones (again in the %s)", c, g.ds(c).id, g.zoneName(pk, arg))
		}
		sg.epoch = ch.epoch
		o := int(sg.zone)
		if o == id {
			continue
		}
		if o >= 0 && !g.dirty.Has(o) {
			return schema.Errorf("I1: カード#%d（%s）が%sと%sの両方にあります", "I1: card #%d (%s) is in the %s and the %s", c, g.ds(c).id, g.idName(o), g.zoneName(pk, arg))
		}
		if sg.zones&(1<<k) == 0 || (k >= zSupply && k <= zPool && int(sg.arg) != arg) {
			ds := g.ds(c)
			return schema.Errorf("I6: %s（%s）が%sにあります（置けない場所です）", "I6: %s (%s) is in the %s", ds.id, ds.name, g.zoneName(pk, arg))
		}
		if o < 0 {
			ch.kinds[sg.kind]++
			ch.new = true
		} else {
			ch.zones[o].count--
			if o < seats {
				ch.vp[o/3] -= int(sg.vp)
			}
		}
		z.count++
		if id < seats {
			ch.vp[id/3] += int(sg.vp)
		}
		sg.zone = int16(id)
	}
	return nil
}

// zoneRules checks what a changed zone's size says (I7, I9, I11).
func (g *Game) zoneRules(z *zoneRef) error {
	s, k, arg := *z.pile, z.kind, z.arg
	switch k {
	case zDeck, zGained:
		if k == zDeck {
			k, s = zPlay, z.own.play
		}
		if arg != g.active && len(s) > 0 {
			return schema.Errorf("I11: P%[3]dのターンの外で、%[1]sに%[2]d枚あります", "I11: the %s holds %d cards outside P%d's turn", g.zoneName(k, arg), len(s), arg+1)
		}
	case zRow:
		if len(s) != numRows*g.e.rowSlots {
			return schema.Errorf("I7: %sのサプライの枠が%d個ですが、%d個のはずです", "I7: the %s supply has %d slots, want %d", deckNames[arg], len(s), numRows*g.e.rowSlots)
		}
	case zSupply, zTrash:
		if len(g.supply[arg]) == 0 && len(g.trash[arg]) > 0 {
			return schema.Errorf("I9: %sのサプライデッキが空なのに、廃棄置場に%d枚あります", "I9: the %s supply deck is empty but its trash pile holds %d", deckNames[arg], len(g.trash[arg]))
		}
	}
	return nil
}

// recount explains why a changed zone's size differs from the cards seen
// into and out of it: it names a card that left or arrived unseen.
func (g *Game) recount(ch *checker, id int) error {
	z := g.zoneRef(id)
	holds := func(c int16) bool {
		for _, s := range z.piles() {
			if slices.Contains(s, c) {
				return true
			}
		}
		return false
	}
	for c, sg := range ch.seen {
		if int(sg.zone) == id && !holds(int16(c)) {
			return schema.Errorf("%s（I1）: カード#%d（%s）が%sから出ましたが、どのゾーンにも移っていません", "%s (I1): card #%d (%s) left the %s for no changed zone", kindInvariant[sg.kind], c, g.ds(int16(c)).id, g.idName(id))
		}
	}
	for _, s := range z.piles() {
		for _, c := range s {
			if c >= 0 && int(c) < len(ch.seen) && int(ch.seen[c].zone) != id {
				if ch.seen[c].zone < 0 {
					return schema.Errorf("I1: カード#%d（%s）がどこからともなく%sに入りました", "I1: card #%d (%s) came into the %s unseen", c, g.ds(c).id, g.idName(id))
				}
				return schema.Errorf("I1: カード#%d（%s）が%sに入りましたが、移動が記録されていません（元は%s）", "I1: card #%d (%s) came into the %s unseen (it was in the %s)", c, g.ds(c).id, g.idName(id), g.idName(int(ch.seen[c].zone)))
			}
		}
	}
	return schema.Errorf("I1: %sは%d枚ですが、%d枚のはずです", "I1: the %s holds %d cards, want %d", g.idName(id), z.size, z.count)
}

// idName names zone id.
func (g *Game) idName(id int) schema.Word {
	z := g.zoneRef(id)
	if z.own != nil {
		return schema.Word{fmt.Sprintf("P%dの山札・手札・使用エリア・捨て札置場", z.arg+1),
			fmt.Sprintf("P%d's draw pile, hand, play area and discard pile", z.arg+1)}
	}
	return g.zoneName(z.kind, z.arg)
}

// zoneName names zone kind k with its argument.
func (g *Game) zoneName(k zone, arg int) schema.Word {
	n := zoneNames[k]
	switch k {
	case zSupply, zRow, zTrash:
		return schema.Word{n[0] + "（" + deckNames[arg] + "）", deckNames[arg] + " " + n[1]}
	case zRage:
		return schema.Word{fmt.Sprintf("レイジ%dのレイジデッキ", arg+1), fmt.Sprintf("rage %d deck", arg+1)}
	case zBox, zPool:
		return n
	}
	return schema.Word{fmt.Sprintf("P%dの%s", arg+1, n[0]), fmt.Sprintf("P%d's %s", arg+1, n[1])}
}

// checkDraws judges the draws since the last Check (I12, I13, I17) and
// forgets them.
func (g *Game) checkDraws() error {
	n := g.nDraws
	g.nDraws = 0
	for _, d := range g.draws[:min(n, len(g.draws))] {
		if want := min(d.want, d.avail); d.got != want {
			return schema.Errorf("I13: P%dは%[3]d枚のうち%[2]d枚を引きましたが、山札と捨て札置場に%[4]d枚ありました", "I13: P%d drew %d of %d with %d in the draw and discard piles", d.seat+1, d.got, d.want, d.avail)
		}
		if d.got < d.want && (d.deck > 0 || d.discard > 0) {
			return schema.Errorf("I13: P%dは%[3]d枚のうち%[2]d枚を引き、山札に%[4]d枚、捨て札置場に%[5]d枚残しました", "I13: P%d drew %d of %d and left %d in the draw pile and %d in the discard pile", d.seat+1, d.got, d.want, d.deck, d.discard)
		}
		endDraw := d.phase == phEnd && !d.effect
		switch {
		case d.setup || endDraw:
			if d.want != g.e.handSize || d.hand != d.got {
				return schema.Errorf("I12: P%dは%[4]d枚のうち%[3]d枚を引いて新しい手札が%[2]d枚ですが、%[5]dと%[6]dの小さいほうのはずです", "I12: P%d's new hand is %d cards after drawing %d of %d (want min(%d, %d))", d.seat+1, d.hand, d.got, d.want, g.e.handSize, d.avail)
			}
		case !d.effect:
			return schema.Errorf("I17: P%dがターン終了の外、効果の外で%d枚引きました", "I17: P%d drew %d outside the end of turn and outside any effect", d.seat+1, d.got)
		}
	}
	return nil
}

// Phase logs: the phases of a turn in the order entered, 4 bits each.
const (
	logFirstTurn = 0x234  // the first player's first turn skips the invasion (T1)
	logTurn      = 0x1234 // every other turn
)

// prefixOf reports whether log is a non-empty beginning of full.
func prefixOf(log, full uint32) bool {
	for f := full; f != 0; f >>= 4 {
		if f == log {
			return true
		}
	}
	return false
}

// checkPhases judges this turn's phase log (I17): 1→2→3→4, with 1 skipped
// only on the game's first turn.
func (g *Game) checkPhases() error {
	full := uint32(logTurn)
	if g.turns == 1 {
		full = logFirstTurn
	}
	if !prefixOf(g.phaseLog, full) {
		return schema.Errorf("I17: ターン%dのフェイズが%xの順でしたが、%xの順のはずです", "I17: turn %d ran phases %x, want them in the order %x", g.turns, g.phaseLog, full)
	}
	return nil
}

// enter records that phase p (1–4) of the turn begins.
func (g *Game) enter(p uint32) { g.phaseLog = g.phaseLog<<4 | p }

// trace is what CheckStep remembers of the previous decision.
type trace struct {
	set          bool
	exhausted    [2]bool
	endTriggered bool
	rageLeft     int
	endRound     int
	turns        int
	played       int
	bought       int
	phaseLog     uint32
	seatTurns    [maxPlayers]int
}

// CheckStep verifies the invariants about change from one decision to the
// next (it implements sim.Stepper):
//
//   - I14: the rage decks never gain weaknesses; a run-out flag and the end
//     trigger are never cleared;
//   - I15: turn counts never go down (looked at when a turn begins), and at
//     most one turn begins per decision;
//   - I16: the round in which the end was triggered never changes;
//   - I17: within a turn the phases only move on, and cards are played and
//     bought only in phase 3; a turn that ended went through phase 4.
func (g *Game) CheckStep() error {
	t := &g.trace
	left := g.rageLeft()
	var err error
	if t.set {
		err = g.stepError(t, left)
	}
	if g.turns != t.turns || !t.set {
		for i := range g.pl {
			t.seatTurns[i] = g.pl[i].turns
		}
	}
	t.set, t.exhausted, t.endTriggered = true, g.exhausted, g.endTriggered
	t.rageLeft, t.endRound, t.turns, t.played, t.bought, t.phaseLog = left, g.endRound, g.turns, g.playedAny, g.bought, g.phaseLog
	return err
}

// stepError compares the game with the previous decision's trace; left is
// the weaknesses now in the rage decks.
func (g *Game) stepError(prev *trace, left int) error {
	if left > prev.rageLeft {
		return schema.Errorf("I14: レイジデッキの弱点が%d枚から%d枚に増えました", "I14: the rage decks grew from %d to %d weaknesses", prev.rageLeft, left)
	}
	if prev.exhausted[0] && !g.exhausted[0] || prev.exhausted[1] && !g.exhausted[1] {
		return schema.Errorf("I14: サプライデッキが尽きた印が消えました（尽きたか：%v、今は%v）", "I14: a run-out flag was cleared (%v, now %v)", runOut(prev.exhausted), runOut(g.exhausted))
	}
	if prev.endTriggered && (!g.endTriggered || g.endRound != prev.endRound) {
		return schema.Errorf("I14/I16: 終了の合図（%d巡目）が変わりました（合図：%v、%d巡目）", "I14/I16: the end trigger (round %d) became %v (round %d)", prev.endRound, schema.YesNo(g.endTriggered), g.endRound)
	}
	switch g.turns - prev.turns {
	case 0:
		if g.phaseLog != prev.phaseLog && !prefixOf(prev.phaseLog, g.phaseLog) {
			return schema.Errorf("I17: ターン%[3]dの中でフェイズが%[1]xから%[2]xに変わりました", "I17: the phases went from %x to %x within turn %d", prev.phaseLog, g.phaseLog, g.turns)
		}
		if (g.playedAny > prev.played || g.bought > prev.bought) && prev.phaseLog&0xf != 3 {
			return schema.Errorf("I17: フェイズ%dでカードが使用されたか入手されました", "I17: a card was played or bought in phase %d", prev.phaseLog&0xf)
		}
	case 1:
		if g.lastLog&0xf != 4 {
			return schema.Errorf("I17: ターン%dがフェイズ%dで終わりました", "I17: turn %d ended in phase %d", prev.turns, g.lastLog&0xf)
		}
		for i := range g.pl {
			if g.pl[i].turns < prev.seatTurns[i] {
				return schema.Errorf("I15: P%dのターン数が%dから%dに減りました", "I15: P%d's turn count went down from %d to %d", i+1, prev.seatTurns[i], g.pl[i].turns)
			}
		}
	default:
		return schema.Errorf("I15: 1回の選択でターン数が%dから%dになりました", "I15: the turn count went from %d to %d in one decision", prev.turns, g.turns)
	}
	return nil
}
