package nastrond

import (
	"fmt"
	"math/rand/v2"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Limits of the flat state. New rejects data beyond them.
const (
	maxEinherjar = 64  // Einherjar designs
	maxKeepers   = 16  // Keeper cards
	maxDice      = 64  // dice in the active player's hands at once
	maxClauses   = 4   // clauses of one skill
	maxConds     = 3   // conditions of one clause
	maxPlayers   = 4   // seats
	maxCards     = 512 // card designs in all
)

// Growth bonuses (T52–T55), in the order of the Edda's icon columns.
const (
	courage = iota
	intellect
	dignity
	affection
	nIcons
)

// cardKind says what a card design is.
type cardKind uint8

const (
	kindEdda cardKind = iota + 1
	kindEinherjar
	kindKeeper
	kindNidhogg
)

// cardInfo is what the engine reads of one card design.
type cardInfo struct {
	kind   cardKind
	layer  int8 // 1..3; 4 for Nidhogg
	target int16
	vp     int16
	icons  [nIcons]int8
	cost   int8 // Einherjar only
	copies int8
	ein    int8 // Einherjar design index, or -1
	keeper int8 // Keeper index, or -1
	start  int8 // layer-1 Keepers: clockwise offset of the start square
	id     string
	name   string
}

// params are the Rules sheet's values the engine uses.
type params struct {
	urdFor         [maxPlayers + 1]int8
	ownDice        int8
	blankD6        int16
	d8             int8
	maxD8          int8
	majorityVP     int16
	tiwazVP        int16
	tiwazOnFailure bool
	skillVPOnFail  bool
	tiwazPaysScout bool
	divineAfterFix bool
	countAllUrd    bool
	unlimitedDice  bool
	minMove        int8
	arrivalShare   bool
	turnCap        int
}

// Engine is Nastrond built from one workbook's data. It is immutable and
// safe for concurrent use; each Game has its own state.
type Engine struct {
	data     *Data
	p        params
	cards    []string   // Cards(): Edda, Einherjar, Keeper, Nidhogg design IDs
	info     []cardInfo // by card index
	einCard  []int16    // card index of each Einherjar design
	skills   []skill    // by Einherjar design
	keepCard []int16    // card index of each Keeper
	nidhogg  int16      // card index of Nidhogg
	valkyria []string   // Valkyria names by seat
	colours  []string   // Valkyria colours by seat
	urdCopy  []int      // Urd cards of each seat's colour
	edda     [4][]int16 // Edda card indices by layer, one per physical card
	keepers  [4][]int16 // Keeper card indices by layer
	counts   []int      // supported player counts
	d6Total  int16      // every d6 of the game: own colours and blank

	// Einherjar design sets, one bit per design, for listing choices.
	winMask     [nTriggers]uint64 // designs with a skill clause at the trigger
	layerMask   [5]uint64         // designs of appearance layer k or less
	nBoardCards int               // Edda and Keeper cards
	einCost     [maxEinherjar]int16
	einLayer    [maxEinherjar]int16 // appearance layer: what returning one pays (T43)
	einCopies   [maxEinherjar]int8
	costAtMost  []uint64 // costAtMost[c]: designs costing c or less, up to the dearest

	// Phase-1 moves from each square in listing order, before removing the
	// squares other pawns hold; moveAt[from][to] is to's place in that list,
	// or -1.
	moves  [squares]moveList
	moveAt [squares][squares]int8
}

// moveList is the moves from one square.
type moveList struct {
	c [maxMoves]Choice
	n int8
}

// maxMoves bounds the moves from a square: MinMove 0 to half of ring 1.
const maxMoves = 13

var _ sim.Engine = (*Engine)(nil)

// New builds the engine from validated Nastrond data. It returns an error
// when the data cannot be laid out on the 7×7 board or uses a skill word the
// engine does not know; values that validation checks (ranges, counts per
// Rules) are trusted, so that a broken workbook shows up in a smoke run. It
// reads the rules settings, the card designs, the board, the listing
// tables and the seats.
func New(d *Data) (*Engine, error) {
	if d == nil {
		return nil, schema.Errorf("データがありません", "nastrond: no data")
	}
	e := &Engine{data: d}
	e.settings(d.Rules)
	e.d6Total = e.p.blankD6 + int16(e.p.ownDice)*int16(len(d.Valkyria))
	for _, step := range []func(*Data) error{e.cardDesigns, e.layOut, e.seats} {
		if err := step(d); err != nil {
			return nil, err
		}
	}
	e.listMoves()
	e.costTable(d)
	return e, nil
}

// settings reads the Rules sheet's values.
func (e *Engine) settings(r schema.Rules) {
	e.p = params{
		ownDice:        int8(r.Int("OwnDice")),
		blankD6:        int16(r.Int("BlankD6")),
		d8:             int8(r.Int("D8")),
		maxD8:          int8(r.Int("MaxD8")),
		majorityVP:     int16(r.Int("MajorityVP")),
		tiwazVP:        int16(r.Int("TiwazVP")),
		tiwazOnFailure: r.Bool("TiwazPaysOnFailure"),
		skillVPOnFail:  r.Bool("SkillVPOnFailure"),
		tiwazPaysScout: r.Bool("TiwazPaysScout"),
		divineAfterFix: r.Bool("DivineAfterFix"),
		countAllUrd:    r.Bool("CountAllUrd"),
		unlimitedDice:  r.Bool("UnlimitedDice"),
		minMove:        int8(r.Int("MinMove")),
		arrivalShare:   r.Bool("ArrivalMayShare"),
		turnCap:        r.Int("TurnCap"),
	}
	for n := 2; n <= maxPlayers; n++ {
		e.p.urdFor[n] = int8(r.Int(fmt.Sprintf("UrdFor%d", n)))
	}
}

// add adds card design ci and returns its card index.
func (e *Engine) add(ci cardInfo) int16 {
	e.cards = append(e.cards, ci.id)
	e.info = append(e.info, ci)
	return int16(len(e.cards) - 1)
}

// cardDesigns adds the designs in Cards() order: Edda, Einherjar (with
// their compiled skills), Keepers, then Nidhogg.
func (e *Engine) cardDesigns(d *Data) error {
	for _, x := range d.Edda {
		if x.Layer < 1 || x.Layer > 3 {
			return schema.Errorf("エッダ %s の階層 %d は 1〜3 ではありません", "nastrond: Edda %s: layer %d is not 1–3", x.ID, x.Layer)
		}
		copies := max(x.Copies, 1)
		i := e.add(cardInfo{kind: kindEdda, layer: int8(x.Layer), target: int16(x.Target), vp: int16(x.VP),
			icons:  [nIcons]int8{int8(x.Courage), int8(x.Intellect), int8(x.Dignity), int8(x.Affection)},
			copies: int8(copies), ein: -1, keeper: -1, id: x.ID, name: x.Name})
		for range copies {
			e.edda[x.Layer] = append(e.edda[x.Layer], i)
		}
	}
	if err := e.einherjar(d); err != nil {
		return err
	}
	if len(d.Keepers) > maxKeepers {
		return schema.Errorf("キーパーが %d 枚あります。盤に置けるのは %d 枚までです", "nastrond: %d Keepers; the board holds at most %d", len(d.Keepers), maxKeepers)
	}
	for j, x := range d.Keepers {
		if x.Layer < 1 || x.Layer > 3 {
			return schema.Errorf("キーパー %s の階層 %d は 1〜3 ではありません", "nastrond: Keeper %s: layer %d is not 1–3", x.ID, x.Layer)
		}
		i := e.add(cardInfo{kind: kindKeeper, layer: int8(x.Layer), target: int16(x.Target), vp: int16(x.VP),
			icons:  [nIcons]int8{int8(x.Courage), int8(x.Intellect), int8(x.Dignity), int8(x.Affection)},
			copies: 1, ein: -1, keeper: int8(j), start: int8(x.Start), id: x.ID, name: x.Name})
		e.keepCard = append(e.keepCard, i)
		e.keepers[x.Layer] = append(e.keepers[x.Layer], i)
	}
	if len(d.Nidhogg) != 1 {
		return schema.Errorf("ニーズヘッグが %d 体います。ちょうど 1 体にしてください", "nastrond: want exactly 1 Nidhogg, got %d", len(d.Nidhogg))
	}
	x := d.Nidhogg[0]
	e.nidhogg = e.add(cardInfo{kind: kindNidhogg, layer: 4, target: int16(x.Target), vp: int16(x.VP), copies: 1, ein: -1, keeper: -1, id: x.ID, name: x.Name})
	if len(e.cards) > maxCards {
		return schema.Errorf("カードが %d 種類あります。エンジンが扱えるのは %d 種類までです", "nastrond: %d card designs; the engine holds at most %d", len(e.cards), maxCards)
	}
	return nil
}

// einherjar adds the Einherjar designs with their compiled skills and the
// design sets listing reads.
func (e *Engine) einherjar(d *Data) error {
	if len(d.Einherjar) > maxEinherjar {
		return schema.Errorf("エインヘリアルが %d 種類あります。エンジンが扱えるのは %d 種類までです", "nastrond: %d Einherjar designs; the engine holds at most %d", len(d.Einherjar), maxEinherjar)
	}
	for j, x := range d.Einherjar {
		if x.Layer < 1 || x.Layer > 3 {
			return schema.Errorf("エインヘリアル %s の階層 %d は 1〜3 ではありません", "nastrond: Einherjar %s: layer %d is not 1–3", x.ID, x.Layer)
		}
		sk, err := compileSkill(x.Skill.AST)
		if err != nil {
			return schema.Errorf("エインヘリアル %s のスキル「%s」: %s", "nastrond: Einherjar %s: skill \"%s\": %s", x.ID, x.Skill.Src, err)
		}
		i := e.add(cardInfo{kind: kindEinherjar, layer: int8(x.Layer), cost: int8(x.Cost), copies: int8(max(x.Copies, 1)),
			ein: int8(j), keeper: -1, id: x.ID, name: x.Name})
		e.einCard = append(e.einCard, i)
		e.einCost[j] = int16(x.Cost)
		e.einLayer[j] = int16(x.Layer)
		e.einCopies[j] = int8(max(x.Copies, 1))
		e.skills = append(e.skills, sk)
		for t := range nTriggers {
			if sk.windows&(1<<t) != 0 {
				e.winMask[t] |= 1 << j
			}
		}
		for k := x.Layer; k < len(e.layerMask); k++ {
			e.layerMask[k] |= 1 << j
		}
	}
	return nil
}

// layOut checks that the cards fit the board: ring k holds exactly its
// Edda and Keepers (C13), the layer-1 and layer-2 Keepers on the corners
// (S9).
func (e *Engine) layOut(*Data) error {
	for k := 1; k <= 3; k++ {
		if got, want := len(e.edda[k])+len(e.keepers[k]), int(board.ringLen[k]); got != want {
			return schema.Errorf("第%d階層はエッダ %d 枚とキーパー %d 枚で %d 枚ですが、マスは %d あります",
				"nastrond: layer %d has %d Edda and %d Keepers, %d cards for %d squares",
				k, len(e.edda[k]), len(e.keepers[k]), got, want)
		}
	}
	for k := 1; k <= 3; k++ {
		e.nBoardCards += len(e.edda[k]) + len(e.keepers[k])
	}
	for k := 1; k <= 2; k++ {
		if len(e.keepers[k]) > 4 {
			return schema.Errorf("第%d階層のキーパーが %d 枚あります。四隅に置けるのは 4 枚までです", "nastrond: layer %d has %d Keepers for its 4 corners", k, len(e.keepers[k]))
		}
	}
	return nil
}

// costTable fills costAtMost: for each cost up to the dearest Einherjar's,
// the designs costing that or less.
func (e *Engine) costTable(d *Data) {
	dearest := 0
	for _, x := range d.Einherjar {
		dearest = max(dearest, x.Cost)
	}
	e.costAtMost = make([]uint64, dearest+1)
	for j, x := range d.Einherjar {
		for c := max(x.Cost, 0); c <= dearest; c++ {
			e.costAtMost[c] |= 1 << j
		}
	}
}

// seats reads the Valkyria and their Urd, and the player counts: 2–4
// (G20), as far as there are Valkyria, Urd of their colours and a layer-1
// Keeper to deal to each player (G15).
func (e *Engine) seats(d *Data) error {
	for _, v := range d.Valkyria {
		e.valkyria = append(e.valkyria, v.Name)
		e.colours = append(e.colours, v.Colour)
		n := 0
		for _, u := range d.Urd {
			if u.Colour == v.Colour {
				n += u.Copies
			}
		}
		e.urdCopy = append(e.urdCopy, n)
	}
	for n := 2; n <= min(maxPlayers, len(d.Valkyria), len(e.keepers[1])); n++ {
		ok := e.p.urdFor[n] > 0
		for s := range n {
			ok = ok && e.urdCopy[s] >= int(e.p.urdFor[n])
		}
		if ok {
			e.counts = append(e.counts, n)
		}
	}
	if len(e.counts) == 0 {
		return schema.Errorf("遊べるプレイ人数がありません（2 人以上のヴァルキュリアと、それぞれにその色のウルズが足りるだけと第1階層のキーパー 1 枚が要ります）", "nastrond: no player count is playable (need 2+ Valkyria with enough Urd of their colour and a layer-1 Keeper each)")
	}
	return nil
}

// Name is the game id.
func (e *Engine) Name() string { return "nastrond" }

// PlayerCounts lists the playable player counts, ascending.
func (e *Engine) PlayerCounts() []int { return e.counts }

// Cards lists every card design ID: Edda, Einherjar, Keepers, then Nidhogg.
func (e *Engine) Cards() []string { return e.cards }

// TurnCap is the Rules sheet's TurnCap.
func (e *Engine) TurnCap() int { return e.p.turnCap }

// bots is the engine's one list of bots.
var bots = sim.BotList{
	{Name: "random", New: sim.NewRandom},
	{Name: "greedy", New: NewGreedy},
	{Name: "search", New: NewSearch},
}

// Bots names the bots: random, greedy and search (sim.SearchBot at the
// budget Search).
func (e *Engine) Bots() []string { return bots.Names() }

// NewBot returns the named bot, or nil.
func (e *Engine) NewBot(name string) sim.Bot { return bots.New(name) }

// NewGame sets up a game for cfg.Players seats; seat s plays Valkyria s.
func (e *Engine) NewGame(cfg sim.Config, rng *rand.Rand) sim.Game {
	return e.newGame(cfg.Players, rng)
}

// Reset sets a finished game of this engine up again in place, as NewGame
// would set up a new one; it implements sim.Resetter.
func (e *Engine) Reset(old sim.Game, cfg sim.Config, rng *rand.Rand) sim.Game {
	g, ok := old.(*Game)
	if !ok || g.e != e {
		return e.newGame(cfg.Players, rng)
	}
	*g = Game{}
	e.setUp(g, cfg.Players, rng)
	return g
}

// listMoves fills moves and moveAt: clockwise along the square's ring by
// MinMove up to half the ring (T13).
func (e *Engine) listMoves() {
	for from := range Square(squares) {
		for to := range e.moveAt[from] {
			e.moveAt[from][to] = -1
		}
		k := board.layer[from]
		if k == 4 {
			continue
		}
		ring, size, idx := &board.ring[k], board.ringLen[k], board.ringIdx[from]
		ml := &e.moves[from]
		*ml = moveList{}
		for d := max(e.p.minMove, 0); d <= size/2; d++ {
			to := ring[(idx+d)%size]
			e.moveAt[from][to] = ml.n
			ml.c[ml.n] = Choice{Kind: KMove, A: int16(to), B: int16(d)}
			ml.n++
		}
	}
}

// affordable is the set of Einherjar designs costing limit or less.
func (e *Engine) affordable(limit int16) uint64 {
	switch {
	case int(limit) >= len(e.costAtMost):
		return e.costAtMost[len(e.costAtMost)-1]
	case limit >= 0:
		return e.costAtMost[limit]
	}
	m := uint64(0)
	for j := range e.skills {
		if e.einCost[j] <= limit {
			m |= 1 << j
		}
	}
	return m
}
