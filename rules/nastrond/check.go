package nastrond

import "bifrost/schema"

// checked is the state that Check last found sound, with what it derived
// from it. Check re-verifies only the groups the engine marked as changed
// (every group once the game is over), and within them only what differs
// from this copy: the squares that changed, the Einherjar designs that
// moved, the seats marked. What matches the copy was verified before, so
// the answer is the same as a full check's; and what differs from it is
// what changed since, which the invariants about change compare.
type checked struct {
	layout                                  // the board last verified
	started  bool                           // Check has passed once: the copy holds
	urdOn    [maxPlayers]int16              // Urd on the board by seat
	cards    int16                          // Edda and Keepers on the board
	fought   [4]int8                        // Keepers of layer k fought
	pfought  [4]int8                        // the fought counts the pawns were checked against
	hi       int8                           // the largest supply
	keeperAt uint64                         // the Keepers' squares, one bit each
	held     [maxPlayers][maxEinherjar]int8 // the Einherjar held, by seat and design
	nHeld    [maxPlayers]int16              // their sums: held, and what returning them pays
	payPool  [maxPlayers]int16
	pawn     [maxPlayers]Square
	vp       [maxPlayers]int16
	supply   [maxPlayers]int8
	spent    [maxPlayers]int8
	won      [maxPlayers]int16
	icons    [maxPlayers][nIcons]int8
	turn     int16
	used     int16 // urdUsed()
	urdLag   int16 // used less turnsTaking: each turn takes exactly one Urd (I5), so it never changes
	over     bool
	fixed    bool // the dice of this turn are fixed (T25)
	nd       int8
	dFace    [maxDice]int8
}

// Check verifies the invariants of checklist §5 that hold after every
// decision, and then, group by group, those about change (I1, I3, I5, I6,
// I11, I13–I15, I18, G6, T10, T48) against the state it last verified;
// the first time, when there is none, only the former. The harness calls
// it once the game is set up and after every decision, so the change it
// compares is one decision's. It allocates only to describe a violation.
//
// What it reads again is what the engine marked as it changed it, in the
// harness's one scheme (sim.Dirty): the groups of state in g.dirty (gLayout,
// gHands, gPawns, gPurse, gCup), and within them the seats in g.marked, the
// squares in g.sqMoved and the Einherjar designs in g.einMoved. The first
// check and the one at the game's end mark everything; a check that passed
// clears the marks. The recount test (recount_test.go, through
// simtest.Recount) fails when a change goes unmarked.
func (g *Game) Check() error {
	c := &g.chk
	d := &g.dirty
	first := !c.started
	full := first || g.ph == phOver
	if full {
		d.MarkAll()
		g.marked.MarkAll()
	}
	c.started = false // until every check passes: a failure leaves the copy behind
	if v := g.heldVP; v != 0 && (v < 0 || !g.challenging() || g.e.p.skillVPOnFail) {
		return schema.Errorf("T29: P%[1]dがスキルのVP %[2]dを判定まで保留しています（保留できるのはチャレンジの間だけで、SkillVPOnFailure が○なら保留しません）", "T29: P%d holds %d skill VP for the judgement (only during a challenge, and never with SkillVPOnFailure)", g.seat+1, v)
	}
	if d.Has(gLayout) {
		if err := g.checkBoard(first, full); err != nil {
			return err
		}
	}
	if d.Has(gHands) {
		if err := g.checkEinherjar(first, full); err != nil {
			return err
		}
	}
	if d.Has(gPawns) || c.fought != c.pfought {
		if err := g.checkPawns(first); err != nil {
			return err
		}
	}
	used := c.used
	if first {
		used = g.urdUsed()
	}
	if d.Has(gLayout) || d.Has(gPurse) {
		var err error
		if used, err = g.checkPurse(first, used); err != nil {
			return err
		}
	}
	if g.ph == phOver && c.hi > 0 {
		return schema.Errorf("手持ちのウルズが残っているのにゲームが終わっています", "the game is over with Urd left in a supply")
	}
	if limit := int(g.n) * int(g.dealt); int(g.turn) > limit {
		return schema.Errorf("第%[1]d手番は、%[3]d人がウルズ%[4]d枚ずつで遊ぶ%[2]d手番を超えています", "turn %d is past the %d turns of %d players with %d Urd each", g.turn, limit, g.n, g.dealt)
	}
	if g.ph == phMove && len(g.opts) == 0 {
		return schema.Errorf("I21: P%dのポーンはマス%sから移動できるマスがありません（G33）", "I21: P%d's pawn on %s has no square to move to (G33)", g.seat+1, sqText(g.pawn[g.seat]))
	}
	cup := d.Has(gCup)
	if cup {
		if err := g.checkDice(); err != nil {
			return err
		}
	}
	lag := used - g.turnsTaking()
	if !first {
		if err := g.checkTurn(lag, cup); err != nil {
			return err
		}
	}
	fixed := g.fixed()
	if fixed && (!c.fixed || cup) { // the faces last copied are still the faces
		c.dFace = g.dFace
	}
	c.turn, c.used, c.urdLag, c.over, c.fixed, c.nd = g.turn, used, lag, g.ph == phOver, fixed, g.nd
	c.started = true
	d.Clear()
	g.marked.Clear()
	g.marked.Mark(int(g.seat)) // the seat to play may change its purse before the next check
	return nil
}

// checkTurn verifies I5 and I6, and T10 and I18 when the dice changed
// (cup), against the state last verified; lag is used less turnsTaking now.
func (g *Game) checkTurn(lag int16, cup bool) error {
	c := &g.chk
	switch {
	case g.turn < c.turn:
		return schema.Errorf("I6: 手番が第%d手番から第%d手番に戻りました", "I6: the turn went back from %d to %d", c.turn, g.turn)
	case c.over && g.ph != phOver:
		return schema.Errorf("I6: ゲームが終わった後も続いています", "I6: the game went on after it was over")
	case lag != c.urdLag:
		return schema.Errorf("I5: 1手番に1枚を超えて、手持ちのウルズが%+d枚使われました（第%d手番から第%d手番）", "I5: %+d Urd taken from the supplies beyond one a turn (turn %d to %d)", lag-c.urdLag, c.turn, g.turn)
	case c.fixed && g.turn == c.turn && cup:
		for i := range min(c.nd, g.nd) {
			if g.dFace[i] != c.dFace[i] {
				return schema.Errorf("T10、I18: 目の確定後にサイコロの目が%dから%dに変わりました", "T10, I18: a die changed from %d to %d after the dice were fixed", c.dFace[i], g.dFace[i])
			}
		}
	}
	return nil
}

// checkPurse verifies I4 and VP that are not negative for the marked
// seats (those whose purse or board Urd changed), I3 for the Edda and
// Keepers and the supplies within 1 of I5; and then, unless first, I15,
// I5, G6, I3 and T48 for those seats against the state last verified. It
// returns the Urd taken from the supplies (urdUsed), used before.
func (g *Game) checkPurse(first bool, used int16) (int16, error) {
	c := &g.chk
	n := g.n
	seats := &g.marked
	for i := range seats.All() {
		s := int8(i)
		if g.supply[s] < 0 || g.divine[s] < 0 || g.spent[s] < 0 {
			return used, schema.Errorf("P%dのウルズが負の数です（手持ち%d枚、ヴァルキリアの下%d枚、使用済み%d枚）", "P%d: negative Urd (supply %d, divine %d, spent %d)", s+1, g.supply[s], g.divine[s], g.spent[s])
		}
		if got := int(g.supply[s]) + int(c.urdOn[s]) + int(g.divine[s]) + int(g.spent[s]); got != int(g.dealt) {
			return used, schema.Errorf("ウルズの数が合いません：P%dは手持ち%d枚＋盤面%d枚＋ヴァルキリアの下%d枚＋使用済み%d枚＝%d枚ですが、配られたのは%d枚です", "Urd conservation: P%d has %d in supply + %d on the board + %d under the Valkyria + %d spent = %d, dealt %d",
				s+1, g.supply[s], c.urdOn[s], g.divine[s], g.spent[s], got, g.dealt)
		}
		if g.vp[s] < 0 {
			return used, schema.Errorf("P%dのVPが負の数です（%d）", "P%d has negative VP (%d)", s+1, g.vp[s])
		}
	}
	// The seats beyond n hold nothing: what they held would break this too.
	cards := int(c.cards)
	for _, w := range g.won {
		cards += int(w)
	}
	lo, hi := g.supply[0], g.supply[0]
	for _, v := range g.supply[1:n] {
		lo, hi = min(lo, v), max(hi, v)
	}
	if want := g.e.nBoardCards; cards != want {
		return used, schema.Errorf("カードの数が合いません：盤面と各自の手元にあるエッダとキーパーは%d枚ですが、%d枚のはずです", "card conservation: %d Edda and Keepers on the board and in areas, want %d", cards, want)
	}
	if hi-lo > 1 {
		return used, schema.Errorf("各自の手持ちのウルズに%d枚の差があります（1手番に1枚ずつ使うので、差は1枚以内のはずです）", "Urd supplies differ by %d (one Urd per turn keeps them within 1)", hi-lo)
	}
	for i := range seats.All() {
		s := int8(i)
		if !first {
			if err := g.stepPurse(s); err != nil {
				return used, err
			}
			used += int16(c.supply[s] - g.supply[s])
		}
		c.vp[s], c.supply[s], c.spent[s], c.won[s], c.icons[s] = g.vp[s], g.supply[s], g.spent[s], g.won[s], g.icons[s]
	}
	c.hi = hi
	return used, nil
}

// stepPurse verifies I15, I5, G6, I3 and T48 for seat s against the state
// last verified.
func (g *Game) stepPurse(s int8) error {
	c := &g.chk
	switch {
	case g.vp[s] < c.vp[s]:
		return schema.Errorf("I15: P%dのVPが%dから%dに減りました", "I15: P%d's VP went down from %d to %d", s+1, c.vp[s], g.vp[s])
	case g.supply[s] > c.supply[s]:
		return schema.Errorf("I5: P%dの手持ちのウルズが%d枚から%d枚に増えました", "I5: P%d's Urd supply grew from %d to %d", s+1, c.supply[s], g.supply[s])
	case g.spent[s] < c.spent[s]:
		return schema.Errorf("G6: P%dの使用済みのウルズが%d枚から%d枚に戻りました", "G6: P%d's spent Urd went from %d back to %d", s+1, c.spent[s], g.spent[s])
	case g.won[s] < c.won[s]:
		return schema.Errorf("I3: P%dの手元のエッダとキーパーが減りました（%d枚から%d枚）", "I3: P%d's area lost Edda or Keepers (%d to %d)", s+1, c.won[s], g.won[s])
	case g.icons[s] == c.icons[s]:
		return nil
	}
	for i := range nIcons {
		if g.icons[s][i] < c.icons[s][i] {
			return schema.Errorf("T48: P%dの%sの成長が%dから%dに下がりました", "T48: P%d's %s growth went down from %d to %d", s+1, schema.Word{iconJA[i], iconEN[i]}, c.icons[s][i], g.icons[s][i])
		}
	}
	return nil
}

// checkBoard verifies I2, the Keeper squares and then, unless first, I1
// against the board last verified, where the board changed, keeping the
// Urd, card and fought-Keeper counts the other checks use. The changed
// squares are those the engine marked (judge); the first time and once the
// game is over, those that differ from the copy (every square the first
// time).
func (g *Game) checkBoard(first, full bool) error {
	e := g.e
	c := &g.chk
	if first {
		c.board = g.board
		for q := range c.board {
			c.board[q] = empty // every square differs from the cache
		}
		c.urdOn, c.cards, c.fought = [maxPlayers]int16{}, 0, [4]int8{}
		for k := range c.keeperBy {
			c.keeperSq[k], c.keeperBy[k] = -1, -2 // every Keeper differs from the cache
		}
	}
	urdOn, cards, fought := c.urdOn, c.cards, c.fought
	changed := &g.sqMoved
	if full {
		changed.Clear()
		for q := range Square(squares) {
			if g.board[q] != c.board[q] {
				changed.Mark(int(q))
			}
		}
	}
	for i := range changed.All() {
		q := Square(i)
		v, was := g.board[q], c.board[q]
		if v == was {
			continue
		}
		switch {
		case was < 0 && was != empty:
			urdOn[-1-was]--
		case was >= 0 && q != centre:
			cards--
		}
		if q == centre {
			if v != e.nidhogg {
				return schema.Errorf("中央にニーズヘッグではなく%sがあります", "the centre holds %s, not Nidhogg", g.cellWord(q))
			}
			continue
		}
		if v < 0 {
			s := -1 - v
			if s >= int16(g.n) {
				return schema.Errorf("マス%sに、ゲームにいない席%dのウルズがあります", "square %s holds an Urd of seat %d, not in the game", sqText(q), s+1)
			}
			urdOn[s]++
			continue
		}
		if int(v) >= len(e.info) {
			return schema.Errorf("マス%sにあるのはカードではありません（%d）", "square %s holds no card (%d)", sqText(q), v)
		}
		ci := &e.info[v]
		switch {
		case ci.kind != kindEdda && ci.kind != kindKeeper:
			return schema.Errorf("マス%sに、エッダでもキーパーでもない%sがあります", "square %s holds %s, which is no Edda or Keeper", sqText(q), ci.id)
		case ci.layer != board.layer[q]:
			return schema.Errorf("マス%s（第%d層）に第%[4]d層の%[3]sがあります", "square %s (layer %d) holds %s of layer %d", sqText(q), board.layer[q], ci.id, ci.layer)
		case ci.kind == kindKeeper && ci.layer < 3 && !board.corner(q):
			return schema.Errorf("キーパー%sが角でないマス%sにあります", "Keeper %s is on %s, not a corner", ci.id, sqText(q))
		}
		cards++
	}
	// Keeper squares: a Keeper stands until fought; then its square holds
	// the fighter's Urd (T33, T34).
	keepers := len(e.keepCard)
	if !full && g.keeperSq == c.keeperSq && g.keeperBy == c.keeperBy && !g.keeperSquareChanged() {
		keepers = 0 // no Keeper and none of their squares changed
	}
	for k, kc := range e.keepCard[:keepers] {
		at := g.keeperSq[k]
		if at == c.keeperSq[k] && g.keeperBy[k] == c.keeperBy[k] && !changed.Has(int(at)) {
			continue
		}
		if c.keeperBy[k] >= 0 {
			fought[e.info[kc].layer]--
		}
		if at < 0 || at >= squares {
			return schema.Errorf("キーパー%sが盤面の外にあります（%d）", "Keeper %s is off the board (%d)", e.info[kc].id, at)
		}
		switch by := g.keeperBy[k]; {
		case by < 0 && g.board[at] != kc:
			return schema.Errorf("キーパー%sとはまだ誰も戦っていないのに、そのマス%sに%sがあります", "Keeper %s was not fought but its square %s holds %s", e.info[kc].id, sqText(at), g.cellWord(at))
		case by >= 0 && g.board[at] != urd(by):
			return schema.Errorf("キーパー%sとはP%dが戦ったのに、そのマス%sに%sがあります", "Keeper %s was fought by P%d but its square %s holds %s", e.info[kc].id, by+1, sqText(at), g.cellWord(at))
		case by >= 0:
			fought[e.info[kc].layer]++
		}
	}
	if err := g.checkUrdAt(full); err != nil {
		return err
	}
	for i := range changed.All() {
		q := Square(i)
		switch was, v := c.board[q], g.board[q]; {
		case first || v == was:
		case was < 0:
			return schema.Errorf("I1: マス%sにあったP%dのウルズが%sになりました（ウルズはマスから動きません）", "I1: square %s held the Urd of P%d and now holds %s; an Urd never leaves its square", sqText(q), -was, g.cellWord(q))
		case v >= 0:
			return schema.Errorf("I1: マス%sが%sから%sに変わりました（カードはウルズとしか交換されません）", "I1: square %s changed from %s to %s; a card is only ever exchanged for an Urd", sqText(q), g.e.cardWord(was), g.cellWord(q))
		}
		c.board[q] = g.board[q]
	}
	if keepers > 0 {
		c.keeperSq, c.keeperBy, c.keeperAt = g.keeperSq, g.keeperBy, 0
		for _, at := range g.keeperSq[:keepers] {
			c.keeperAt |= 1 << at
		}
	}
	c.urdOn, c.cards, c.fought = urdOn, cards, fought
	changed.Clear()
	return nil
}

// keeperSquareChanged reports whether a square that held a Keeper, or the
// Urd of its fighter, when Check last passed is marked as changed.
func (g *Game) keeperSquareChanged() bool {
	changed := &g.sqMoved
	for q := range changed.All() {
		if g.chk.keeperAt&(1<<q) != 0 {
			return true
		}
	}
	return false
}

// checkUrdAt verifies the sets of Urd squares that challenges count from
// (countUrd) against the board: on the changed squares, and on every square
// when full.
func (g *Game) checkUrdAt(full bool) error {
	if full {
		var want [maxPlayers]uint64
		for q, v := range g.board {
			if v < 0 && v != empty && -1-v < maxPlayers {
				want[-1-v] |= 1 << q
			}
		}
		if want != g.urdAt {
			return schema.Errorf("チャレンジで数えるウルズのマスは%xですが、盤面では%xです", "the Urd squares challenges count are %x, the board has %x", g.urdAt, want)
		}
		return nil
	}
	changed := &g.sqMoved
	for i := range changed.All() {
		q := Square(i)
		for s := range int8(maxPlayers) {
			if has := g.urdAt[s]&(1<<q) != 0; has != (g.board[q] == urd(s)) {
				return schema.Errorf("マス%sには%sがありますが、チャレンジで数えるP%[4]dのウルズのマスでは「%[3]v」です", "square %s holds %s but the Urd squares challenges count say %v for P%d", sqText(q), g.cellWord(q), urdWord[b2i(has)], s+1)
			}
		}
	}
	return nil
}

// checkEinherjar verifies I3 for the Einherjar designs that moved (those
// the engine marked in setHeld; every design the first time and once the
// game is over), with the sets that listing reads for them, and the sums
// listing reads: what each seat's holding of the designs that moved differs
// from the holding last verified must be what its sums differ by.
func (g *Game) checkEinherjar(first, full bool) error {
	e := g.e
	c := &g.chk
	n := g.n
	all := uint64(1)<<len(e.skills) - 1
	if first {
		c.held, c.nHeld, c.payPool = [maxPlayers][maxEinherjar]int8{}, [maxPlayers]int16{}, [maxPlayers]int16{}
	}
	moved := &g.einMoved
	if full {
		moved.MarkAll()
		for s := range n {
			if g.heldMask[s]&^all != 0 {
				return schema.Errorf("P%dが存在しない種類のエインヘリアル（%b）を持っています", "P%d holds designs %b that do not exist", s+1, g.heldMask[s]&^all)
			}
		}
		if g.fieldMask&^all != 0 {
			return schema.Errorf("場に存在しない種類のエインヘリアル（%b）があります", "the field holds designs %b that do not exist", g.fieldMask&^all)
		}
	}
	// The seats, four at most, are written out: seats beyond n hold
	// nothing, so they count for nothing.
	n0, n1, n2, n3 := c.nHeld[0], c.nHeld[1], c.nHeld[2], c.nHeld[3]
	p0, p1, p2, p3 := c.payPool[0], c.payPool[1], c.payPool[2], c.payPool[3]
	for i := range moved.All() {
		j := i & (maxEinherjar - 1) // i itself: the mask spares the bounds checks
		h0, h1, h2, h3 := g.held[0][j], g.held[1][j], g.held[2][j], g.held[3][j]
		listed := g.heldMask[0]>>j&1 | g.heldMask[1]>>j&1<<1 | g.heldMask[2]>>j&1<<2 | g.heldMask[3]>>j&1<<3
		holding := uint64(b2u(h0 > 0) | b2u(h1 > 0)<<1 | b2u(h2 > 0)<<2 | b2u(h3 > 0)<<3)
		if h0|h1|h2|h3 < 0 || holding != listed {
			return g.heldError(j)
		}
		if sum := int(g.field[j]) + int(h0) + int(h1) + int(h2) + int(h3); g.field[j] < 0 || sum != int(e.einCopies[j]) {
			return schema.Errorf("エインヘリアル%s：場と各自の手元に合わせて%d枚ですが、%d枚のはずです", "Einherjar %s: %d on the field and with players, want %d", e.info[e.einCard[j]].id, sum, e.einCopies[j])
		}
		if (g.field[j] > 0) != (g.fieldMask&(1<<j) != 0) {
			return schema.Errorf("場にエインヘリアル%[2]sが%[1]d枚ありますが、選択肢の一覧が読む種類は%[3]bです", "the field has %d of Einherjar %s but listing reads the designs %b", g.field[j], e.info[e.einCard[j]].id, g.fieldMask)
		}
		layer := e.einLayer[j]
		d0, d1 := int16(h0)-int16(c.held[0][j]), int16(h1)-int16(c.held[1][j])
		d2, d3 := int16(h2)-int16(c.held[2][j]), int16(h3)-int16(c.held[3][j])
		n0, n1, n2, n3 = n0+d0, n1+d1, n2+d2, n3+d3
		p0, p1, p2, p3 = p0+d0*layer, p1+d1*layer, p2+d2*layer, p3+d3*layer
		c.held[0][j], c.held[1][j], c.held[2][j], c.held[3][j] = h0, h1, h2, h3
	}
	nHeld, payPool := [maxPlayers]int16{n0, n1, n2, n3}, [maxPlayers]int16{p0, p1, p2, p3}
	if nHeld != g.nHeld || payPool != g.payPool {
		for s := range int8(maxPlayers) {
			if nHeld[s] != g.nHeld[s] || payPool[s] != g.payPool[s] {
				return schema.Errorf("P%dはエインヘリアルを%d枚（登場階層の合計%d）持っていますが、数えた値は%d枚（合計%d）です", "P%d holds %d Einherjar worth %d but counts %d worth %d", s+1, nHeld[s], payPool[s], g.nHeld[s], g.payPool[s])
			}
		}
	}
	c.nHeld, c.payPool = nHeld, payPool
	moved.Clear()
	return nil
}

// heldError describes the first seat whose holding of Einherjar design j
// checkEinherjar found unsound: a negative count, or one that the set
// listing reads disagrees with.
func (g *Game) heldError(j int) error {
	id := g.e.info[g.e.einCard[j]].id
	for s := range int8(maxPlayers) {
		h := g.held[s][j]
		if h < 0 {
			return schema.Errorf("P%[1]dは%[3]sを%[2]d枚持っています", "P%d holds %d of %s", s+1, h, id)
		}
		if (h > 0) != (g.heldMask[s]&(1<<j) != 0) {
			return schema.Errorf("P%[1]dはエインヘリアル%[3]sを%[2]d枚持っていますが、選択肢の一覧が読む種類は%[4]bです", "P%d holds %d of Einherjar %s but listing reads the designs %b", s+1, h, id, g.heldMask[s])
		}
	}
	return nil
}

// checkPawns verifies I11–I13: pawns on the board, at most two at Nidhogg,
// no two sharing a square except after a Keeper fight (G17), and as many
// below each layer as Keepers of that layer fought.
func (g *Game) checkPawns(first bool) error {
	n := g.n
	c := &g.chk
	var tally uint32 // pawns by depth (pawnDepth), a byte each
	occupied, shared := uint64(0), false
	for s := range n {
		p := g.pawn[s]
		if p < 0 || p >= squares {
			return schema.Errorf("P%dのポーンが盤面の外にあります（%d）", "P%d's pawn is off the board (%d)", s+1, p)
		}
		tally += pawnDepth[p]
		if p != centre {
			shared = shared || occupied&(1<<p) != 0
			occupied |= 1 << p
		}
	}
	if shared {
		for s := range n {
			for t := s + 1; t < n; t++ {
				if p := g.pawn[s]; g.pawn[t] == p && p != centre && !(g.e.p.arrivalShare && (g.arrived[s] || g.arrived[t])) {
					return schema.Errorf("P%dとP%dのポーンが同じマス%sにいます", "P%d and P%d both stand on %s", s+1, t+1, sqText(p))
				}
			}
		}
	}
	if at, most := tally&0xff, uint32(len(g.e.keepers[3])); at > most {
		return schema.Errorf("ニーズヘッグにポーンが%d個います（たどり着けるのは第3層のキーパーの数、先着%d人までです）", "%d pawns at Nidhogg; only the first %d may reach it, one per layer-3 Keeper", at, most)
	}
	fought := uint32(uint8(c.fought[1]))<<8 | uint32(uint8(c.fought[2]))<<16 | uint32(uint8(c.fought[3]))<<24
	if tally&^0xff != fought {
		for k := 1; k <= 3; k++ {
			if down := int8(tally >> (8 * k)); down != c.fought[k] {
				return schema.Errorf("第%[2]d層より内側にポーンが%[1]d個ありますが、戦った第%[4]d層のキーパーは%[3]d枚です", "%d pawns below layer %d but %d layer-%d Keepers fought", down, k, c.fought[k], k)
			}
		}
	}
	if !first {
		if err := g.stepPawns(); err != nil {
			return err
		}
	}
	c.pfought = c.fought
	c.pawn = g.pawn
	return nil
}

// stepPawns verifies I11, I13 and I14 for the pawns of the marked seats,
// those that may have moved, against where they last stood.
func (g *Game) stepPawns() error {
	c := &g.chk
	seats := &g.marked
	for s := range seats.All() {
		was, is := c.pawn[s], g.pawn[s]
		switch {
		case was == is:
		case was == centre:
			return schema.Errorf("I14: P%dのポーンがニーズヘッグからマス%sへ移りました", "I14: P%d's pawn left Nidhogg for %s", s+1, sqText(is))
		case board.layer[is] < board.layer[was]:
			return schema.Errorf("I11: P%dのポーンが第%d層から外側の第%d層へ戻りました", "I11: P%d's pawn went up from layer %d to layer %d", s+1, board.layer[was], board.layer[is])
		case board.layer[is] == board.layer[was] && int(g.turn-c.turn) < int(g.n):
			// One move along the ring (I13): clockwise by MinMove..half.
			k := board.layer[is]
			d := (board.ringIdx[is] - board.ringIdx[was] + board.ringLen[k]) % board.ringLen[k]
			if d < g.e.p.minMove || d > board.half(k) {
				return schema.Errorf("I13: P%[1]dのポーンがマス%[3]sから%[4]sへ時計回りに%[2]dマス進みました（最大%[5]dマス）", "I13: P%d's pawn went %d squares clockwise from %s to %s (at most %d)", s+1, d, sqText(was), sqText(is), board.half(k))
			}
		}
	}
	return nil
}

// pawnDepth says, a byte each, what a pawn on a square counts towards in
// checkPawns: byte 0, a pawn at Nidhogg; byte k of 1–3, a pawn below layer k.
var pawnDepth = func() (t [squares]uint32) {
	for q, layer := range board.layer {
		if layer == 4 {
			t[q] = 1
		}
		for k := 1; k < int(layer); k++ {
			t[q] += 1 << (8 * k)
		}
	}
	return t
}()

// checkDice verifies I7–I10 for the dice of the active turn.
func (g *Game) checkDice() error {
	e := g.e
	tally, sound := g.tallyDice()
	if !sound {
		return g.dieError()
	}
	stock, own, d8 := int(tally&0xff), int(tally>>8&0xff), int(tally>>16&0xff)
	if d8 > int(e.p.maxD8) {
		return schema.Errorf("P%dは8面体を%d個持っていて、上限（MaxD8）の%d個を超えています", "P%d holds %d d8, more than MaxD8 %d", g.seat+1, d8, e.p.maxD8)
	}
	if int(g.d8Res)+d8 != int(e.p.d8) || g.d8Res < 0 {
		return schema.Errorf("8面体の数が合いません：ストックの横に%d個＋使用中%d個ですが、%d個のはずです", "d8 conservation: %d in the reserve + %d in use, want %d", g.d8Res, d8, e.p.d8)
	}
	if hands := own + int(g.ownAside); g.nd > 0 && hands != int(e.p.ownDice) {
		return schema.Errorf("P%[1]dは自分の色のサイコロ%[3]d個のうち%[2]d個を使っています", "P%d uses %d of their %d own dice", g.seat+1, hands, e.p.ownDice)
	}
	if !e.p.unlimitedDice {
		// Every d6 is in the Stock, in use this turn, set aside for a d8, or
		// in a player's hand as one of their own (S4, S5, G9).
		hands := int(e.p.ownDice) * int(g.n)
		if g.nd > 0 {
			hands -= int(e.p.ownDice)
		}
		if got := int(g.stockD6) + stock + own + int(g.ownAside) + hands; got != int(e.d6Total) || g.stockD6 < 0 {
			return schema.Errorf("6面体の数が合いません：ストック%d個＋使用中%d個＋8面体と取り替えた%d個＋各自の色のサイコロ%d個＝%d個ですが、%d個のはずです", "dice conservation: Stock %d + in use %d + set aside %d + players' own %d = %d d6, want %d",
				g.stockD6, stock+own, g.ownAside, hands, got, e.d6Total)
		}
	}
	return nil
}

// tallyDice counts the dice of the turn by origin, a byte each in the
// order of the from constants, and reports whether each die is sound on
// its own: sides 6 or 8, a d8 exactly when it came from the reserve, a
// known state, a rolled face within 1..sides, no face on an unrolled die,
// none in the pool after the roll and none out of it before. It tests the
// dice without branching on them, for they differ die to die.
func (g *Game) tallyDice() (tally uint32, sound bool) {
	bad := uint8(0)
	unrolled := b2u(!g.rolled)
	for i := range g.nd {
		sides, face, state := g.dSides[i], g.dFace[i], g.dState[i]
		// An origin beyond fromD8 lands in a byte no one reads, or in
		// none, so that conservation fails.
		tally += 1 << (8 * uint(uint8(g.dOrig[i])))
		six, eight, reserve := b2u(sides == 6), b2u(sides == 8), b2u(g.dOrig[i] == fromD8)
		pool, rolled, tiwaz := b2u(state == dsPool), b2u(state == dsRolled), b2u(state == dsTiwaz)
		bad |= 1 &^ (six | eight)
		bad |= eight ^ reserve
		bad |= 1 &^ (pool | rolled | tiwaz)
		bad |= rolled & (b2u(face < 1) | b2u(face > sides))
		bad |= (pool | tiwaz) & b2u(face != 0)
		bad |= pool ^ unrolled
	}
	return tally, bad == 0
}

// dieError describes the first die that tallyDice found unsound.
func (g *Game) dieError() error {
	for i := range g.nd {
		sides, face := g.dSides[i], g.dFace[i]
		if (sides == 8) != (g.dOrig[i] == fromD8) || sides != 6 && sides != 8 {
			return schema.Errorf("サイコロ%[1]dは出どころ%[3]dの%[2]d面体です", "die %d is a d%d from origin %d", i, sides, g.dOrig[i])
		}
		switch g.dState[i] {
		case dsRolled:
			if face < 1 || face > sides {
				return schema.Errorf("%d面体の目が%dです", "a d%d shows %d", sides, face)
			}
		case dsPool, dsTiwaz:
			if face != 0 {
				return schema.Errorf("振っていない%d面体の目が%dです", "an unrolled d%d shows %d", sides, face)
			}
		default:
			return schema.Errorf("サイコロ%dの状態が%dです", "die %d is in state %d", i, g.dState[i])
		}
		if g.dState[i] == dsPool && g.rolled || g.dState[i] != dsPool && !g.rolled {
			return schema.Errorf("サイコロ%dの状態%dが、%vであることと合いません", "die %d is in state %d, rolled %v", i, g.dState[i], rolledWord[b2i(g.rolled)])
		}
	}
	return nil
}

// urdUsed is the Urd taken from the supplies.
func (g *Game) urdUsed() int16 {
	used := int16(0)
	for s := range g.n {
		used += int16(g.dealt - g.supply[s])
	}
	return used
}

// turnsTaking is the turns that have taken their Urd: the turns before this
// one, and this one once its square is resolved or judged.
func (g *Game) turnsTaking() int16 {
	if g.ph == phScout || g.ph == phPay || g.ph == phOver {
		return g.turn
	}
	return g.turn - 1
}

// fixed reports whether the dice of the active turn are fixed.
func (g *Game) fixed() bool {
	return g.rolled && (g.ph == phFixed || g.ph == phScout || g.ph == phPay)
}

// stockTotal is the Stock's d6 at setup: the blank ones and the colours no
// player uses (S5).
func (g *Game) stockTotal() int16 {
	return g.e.p.blankD6 + int16(g.e.p.ownDice)*int16(len(g.e.valkyria)-int(g.n))
}

// cellWord names what lies on square q now, in both languages.
func (g *Game) cellWord(q Square) schema.Word {
	return schema.Word{g.cellTextIn(q, schema.Japanese), g.cellTextIn(q, schema.English)}
}

// cardWord names card c in both languages.
func (e *Engine) cardWord(c int16) schema.Word {
	return schema.Word{e.cardText(c, schema.Japanese), e.cardText(c, schema.English)}
}

// urdWord says, by b2i, whether a square counts as an Urd of a seat;
// rolledWord, whether the dice of the turn are rolled.
var (
	urdWord    = [2]schema.Word{{"ウルズなし", "false"}, {"ウルズあり", "true"}}
	rolledWord = [2]schema.Word{{"振る前", "false"}, {"振った後", "true"}}
)

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// b2u is b2i as a byte.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
