package guardian

import (
	"math/rand/v2"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/effect"
)

// Card kinds.
const (
	kGuardian uint8 = iota
	kAdvance
	kOrder
	kMaterial
)

// Clause lists of a card design, by trigger.
const (
	lShip uint8 = iota
	lCheer
	lPrep
	lBattle
	lField
	lEnter
	lConsume
	lOrder // an Order's clauses (no trigger)
	nLists
)

// listOf maps a trigger name to its clause list.
var listOf = map[string]uint8{
	"ship": lShip, "cheer": lCheer, "prep": lPrep, "battle": lBattle,
	"field": lField, "enter": lEnter, "consume": lConsume, "": lOrder,
}

// Verb codes: every verb of the guardian vocabulary.
const (
	vPoint uint8 = iota + 1
	vOppPoint
	vNextPoint
	vDraw
	vTake
	vFortify
	vRecord
	vReturnCheer
	vRecover
	vOppDiscard
	vBreakAdvance
	vFlip
	vNullify
	vUse // the internal verb of an Advance's Condition cell
)

var verbCodes = map[string]uint8{
	"point": vPoint, "opp_point": vOppPoint, "next_point": vNextPoint, "draw": vDraw,
	"take": vTake, "fortify": vFortify, "record": vRecord, "return_cheer": vReturnCheer,
	"recover": vRecover, "opp_discard": vOppDiscard, "break_advance": vBreakAdvance,
	"flip": vFlip, "nullify": vNullify, "use": vUse,
}

// Condition codes: every condition of the guardian vocabulary.
const (
	cCheerAttr uint8 = iota + 1
	cCheerCount
	cAdvances
	cBattleAttr
	cOppAttr
	cReckless
	cOppReckless
	cAdvantage
	cDisadvantage
	cResource
	cOppResource
	cHand
	cConsumed
	cCounter
	cPay
)

var condCodes = map[string]uint8{
	"cheer_attr": cCheerAttr, "cheer_count": cCheerCount, "advances": cAdvances,
	"battle_attr": cBattleAttr, "opp_attr": cOppAttr, "reckless": cReckless,
	"opp_reckless": cOppReckless, "advantage": cAdvantage, "disadvantage": cDisadvantage,
	"resource": cResource, "opp_resource": cOppResource, "hand": cHand,
	"consumed": cConsumed, "counter": cCounter, "pay": cPay,
}

// maxDemands bounds the payments one use asks for: pay conditions plus an
// Advance's Material cost. Validation reports a use that asks for more.
const maxDemands = MaxPayments

// cond is a compiled condition.
type cond struct {
	kind uint8
	op   sim.Op
	attr int16 // attribute index for the attribute conditions
	ctr  int16 // counter index for counter
	val  int   // the comparison's number, as written
	n    int16 // pay: number of cards
}

// clause is a compiled clause: conditions, may, one action.
type clause struct {
	conds []cond
	may   bool
	verb  uint8
	n     int16 // the verb's number
	ctr   int16 // record: counter index
	src   effect.Clause
}

// demand is one payment of a use: n cards from hand matching attr (-1: any),
// Materials only for an Advance's cost. fire says whether a Material paid
// this way triggers its consume: ability.
type demand struct {
	n        int8
	attr     int16
	material bool
	fire     bool
	cost     bool // an Advance's Material cost (else a pay condition)
}

// design is one card design compiled for play.
type design struct {
	id, name string
	kind     uint8
	attr     int16
	uses     uint8 // cheer: uses per battle
	lists    [nLists][]clause
	use      []cond   // use condition without pay: an Order's first clause, an Advance's Condition
	usePay   []demand // payments of that use (for an Advance, its Material cost last)
	cheerUse []cond   // a cheer: ability's use condition without pay
	cheerPay []demand // payments of the cheer: ability
	effect   *effect.Effect
	useSrc   *effect.Effect // an Advance's parsed Condition
}

// Engine is the 匠の守護者 battle engine: two players, sample decks from the
// workbook, simultaneous hidden forging. It holds only immutable data and is
// safe for concurrent use.
type Engine struct {
	data     *Data
	d        []design
	ids      []string
	attrs    []string // attribute IDs by index
	edge     [][]int8 // edge[a][b]: affinity of a against b before reckless attacks
	reckOK   []bool   // whether an attribute may go reckless
	counters []string // counter names by index
	// ctrCap is, per counter, one more than the largest number a condition
	// compares it with: every value from there up meets the same conditions
	// (0 when no condition reads it), so a repeated position (G10) looks
	// no further.
	ctrCap   []int32
	decks    [][]int16
	deckName []string
	prior    []int16 // every sample deck's cards: what a bot expects of an unknown deck
	priorG   []int16 // the Guardians among them

	// rules
	deckSize, startHand, mulligans, resourceZone, drawPerTurn int
	basePoint, affBonus, affPenalty, handLimit, cheerLimit    int
	turnCap, extLimit, repLimit                               int
	winCheckBefore, noShipBothDraw, drawChooses, forgeMand    bool
	barredKeeps, advanceSame, payFires, resourceIsDraw        bool
	maxDeck                                                   int

	// for Check: the workbook rows, and per-design weights whose sums over
	// a seat's zones must equal its deck list's (I1)
	rows    []dataRow
	weight  []uint64
	deckSum []uint64
}

// New compiles the validated guardian data into an engine. It fails when the
// data has no playable deck or uses a word the engine does not know. It
// reads the rules settings, the attributes, the card designs, the counters
// and the sample decks.
func New(d *Data) (*Engine, error) {
	e := &Engine{data: d}
	e.settings(d.Rules)
	c := compiler{e: e, attr: map[string]int16{}, ctr: map[string]int16{}}
	if err := c.attributes(d); err != nil {
		return nil, err
	}
	if err := c.designs(d); err != nil {
		return nil, err
	}
	if err := c.counters(); err != nil {
		return nil, err
	}
	if err := e.sampleDecks(d); err != nil {
		return nil, err
	}
	e.checkTables()
	return e, nil
}

// settings reads the Rules sheet's values.
func (e *Engine) settings(r schema.Rules) {
	e.deckSize, e.startHand, e.mulligans = r.Int("DeckSize"), r.Int("StartHand"), r.Int("Mulligans")
	e.resourceZone, e.drawPerTurn = r.Int("ResourceZone"), r.Int("DrawPerTurn")
	e.basePoint, e.affBonus, e.affPenalty = r.Int("BasePoint"), r.Int("AffinityBonus"), r.Int("AffinityPenalty")
	e.handLimit, e.cheerLimit, e.turnCap = r.Int("HandLimit"), r.Int("CheerSeatLimit"), r.Int("TurnCap")
	e.extLimit, e.repLimit = r.Int("ExtendedBattleLimit"), r.Int("RepetitionLimit")
	e.winCheckBefore, e.noShipBothDraw = r.Bool("WinCheckBeforeResource"), r.Bool("NoShipBothDraw")
	e.drawChooses, e.forgeMand = r.Bool("DrawChoosesLikeLoser"), r.Bool("ForgeMandatory")
	e.barredKeeps, e.advanceSame = r.Bool("BarredKeepsTriggers"), r.Bool("AdvanceSameBattle")
	e.payFires, e.resourceIsDraw = r.Bool("PayFiresConsume"), r.Bool("ResourceIsDraw")
}

// attributes reads the Affinity sheet: the attributes and their edges.
func (c compiler) attributes(d *Data) error {
	e := c.e
	for i, a := range d.Attributes {
		c.attr[a.ID] = int16(i)
		e.attrs = append(e.attrs, a.ID)
		e.reckOK = append(e.reckOK, a.Reckless)
	}
	if len(e.attrs) == 0 || len(e.attrs) > MaxAttributes {
		return schema.Errorf("相性シートの属性が %d 個です。1〜%d 個にしてください", "guardian: the Affinity sheet has %d attributes, want 1 to %d", len(e.attrs), MaxAttributes)
	}
	e.edge = make([][]int8, len(e.attrs))
	for i, a := range e.attrs {
		e.edge[i] = make([]int8, len(e.attrs))
		for j, b := range e.attrs {
			e.edge[i][j] = int8(d.Edge(a, b))
		}
	}
	return nil
}

// add compiles a card design's effect clauses into their lists and adds
// the design.
func (c compiler) add(id, name, attr string, kind uint8, uses int, eff *effect.Effect) (*design, error) {
	e := c.e
	a, ok := c.attr[attr]
	if !ok {
		return nil, schema.Errorf("カード %s の属性「%s」は 相性シートにありません", "guardian: card %s: unknown attribute \"%s\"", id, attr)
	}
	if uses < 1 {
		uses = 1
	}
	e.d = append(e.d, design{id: id, name: name, kind: kind, attr: a, uses: uint8(min(uses, 255)), effect: eff})
	e.ids = append(e.ids, id)
	dg := &e.d[len(e.d)-1]
	if eff != nil {
		for _, cl := range eff.Clauses {
			l, ok := listOf[cl.Trigger]
			if !ok {
				return nil, schema.Errorf("カード %s: エンジンの知らないタイミング「%s」です", "guardian: card %s: unknown trigger \"%s\"", id, cl.Trigger)
			}
			cc, err := c.clause(cl)
			if err != nil {
				return nil, schema.Errorf("カード %s: %s", "guardian: card %s: %s", id, err)
			}
			dg.lists[l] = append(dg.lists[l], cc)
		}
	}
	return dg, nil
}

// designs adds the card designs in Cards() order: Guardians, Advances
// (with their use conditions and Material costs), Orders, then Materials,
// and splits each use into its tests and payments.
func (c compiler) designs(d *Data) error {
	e := c.e
	for _, g := range d.Guardians {
		if _, err := c.add(g.ID, g.Name, g.Attr, kGuardian, g.Uses, g.Effect.AST); err != nil {
			return err
		}
	}
	for _, a := range d.Advances {
		if err := c.advance(a); err != nil {
			return err
		}
	}
	for _, o := range d.Orders {
		dg, err := c.add(o.ID, o.Name, o.Attr, kOrder, 1, o.Effect.AST)
		if err != nil {
			return err
		}
		if l := dg.lists[lOrder]; len(l) > 0 {
			dg.use, dg.usePay = c.split(l[0].conds)
		}
	}
	for _, m := range d.Materials {
		if _, err := c.add(m.ID, m.Name, m.Attr, kMaterial, 1, m.Effect.AST); err != nil {
			return err
		}
	}
	for i := range e.d {
		dg := &e.d[i]
		if l := dg.lists[lCheer]; len(l) > 0 {
			dg.cheerUse, dg.cheerPay = c.split(l[0].conds)
		}
		if len(dg.usePay) > maxDemands || len(dg.cheerPay) > maxDemands {
			return schema.Errorf("カード %s の支払いが %d 個を超えています", "guardian: card %s asks for more than %d payments", dg.id, maxDemands)
		}
	}
	if len(e.d) > MaxDesigns {
		return schema.Errorf("カードが %d 種類あり、多すぎます（%d 種類まで）", "guardian: %d card designs is too many (at most %d)", len(e.d), MaxDesigns)
	}
	return nil
}

// advance adds an Advance with its use condition and its Material cost.
func (c compiler) advance(a Advance) error {
	dg, err := c.add(a.ID, a.Name, a.Attr, kAdvance, a.Uses, a.Effect.AST)
	if err != nil {
		return err
	}
	if a.Use != nil && len(a.Use.Clauses) > 0 {
		dg.useSrc = a.Use
		for _, cl := range a.Use.Clauses {
			cc, err := c.clause(cl)
			if err != nil {
				return schema.Errorf("カード %s の使用条件: %s", "guardian: card %s: condition: %s", a.ID, err)
			}
			dg.use, dg.usePay = c.split(cc.conds)
		}
	}
	if a.Cost > 0 {
		ca := int16(-1)
		if a.CostAttr != "" {
			v, ok := c.attr[a.CostAttr]
			if !ok {
				return schema.Errorf("カード %s のコストの属性「%s」は 相性シートにありません", "guardian: card %s: unknown cost attribute \"%s\"", a.ID, a.CostAttr)
			}
			ca = v
		}
		dg.usePay = append(dg.usePay, demand{n: int8(a.Cost), attr: ca, material: true, cost: true})
	}
	return nil
}

// counters names the counters the records and conditions use.
func (c compiler) counters() error {
	e := c.e
	if len(c.ctr) > MaxCounters {
		return schema.Errorf("記録の名前が %d 個あり、多すぎます（%d 個まで）", "guardian: %d record names is too many (at most %d)", len(c.ctr), MaxCounters)
	}
	e.counters = make([]string, len(c.ctr))
	for name, i := range c.ctr {
		e.counters[i] = name
	}
	for len(e.ctrCap) < len(e.counters) {
		e.ctrCap = append(e.ctrCap, 0) // recorded, never read
	}
	return nil
}

// sampleDecks reads the Decks sheet: each sample deck's cards, and the
// cards a bot expects of an unknown deck.
func (e *Engine) sampleDecks(d *Data) error {
	byID := map[string]int16{}
	for i, id := range e.ids {
		byID[id] = int16(i)
	}
	for _, dk := range d.Decks {
		var cards []int16
		for _, dc := range dk.Cards {
			i, ok := byID[dc.ID]
			if !ok {
				return schema.Errorf("デッキ %s のカード %s はどのシートにもありません", "guardian: deck %s: unknown card %s", dk.Name, dc.ID)
			}
			for range max(dc.Copies, 1) {
				cards = append(cards, i)
			}
		}
		if len(cards) < e.startHand+e.resourceZone {
			return schema.Errorf("デッキ %s は %d 枚で、初めの手札とリソースに足りません", "guardian: deck %s has %d cards, fewer than the hand and resources need", dk.Name, len(cards))
		}
		if len(cards) > MaxDeckCards {
			return schema.Errorf("デッキ %s は %d 枚あり、多すぎます（%d 枚まで）", "guardian: deck %s has %d cards, at most %d", dk.Name, len(cards), MaxDeckCards)
		}
		e.decks = append(e.decks, cards)
		e.deckName = append(e.deckName, dk.Name)
		e.prior = append(e.prior, cards...)
		for _, c := range cards {
			if e.d[c].kind == kGuardian {
				e.priorG = append(e.priorG, c)
			}
		}
		e.maxDeck = max(e.maxDeck, len(cards))
	}
	switch n := len(e.decks); {
	case n == 0:
		return schema.Errorf("デッキシートに遊べるデッキがありません", "guardian: the Decks sheet has no deck to play")
	case n > MaxDecks:
		return schema.Errorf("サンプルデッキが %d 個あり、多すぎます（%d 個まで）", "guardian: %d sample decks is too many (at most %d)", n, MaxDecks)
	}
	return nil
}

// compiler turns effect ASTs into clauses.
type compiler struct {
	e    *Engine
	attr map[string]int16
	ctr  map[string]int16
}

func (c compiler) counter(name string) int16 {
	i, ok := c.ctr[name]
	if !ok {
		i = int16(len(c.ctr))
		c.ctr[name] = i
	}
	return i
}

func (c compiler) clause(cl effect.Clause) (clause, error) {
	out := clause{may: cl.May, src: cl}
	v, ok := verbCodes[cl.Action.Name]
	if !ok {
		return out, schema.Errorf("エンジンの知らない動作「%s」です", "unknown verb \"%s\"", cl.Action.Name)
	}
	out.verb = v
	switch v {
	case vRecord:
		out.ctr = c.counter(cl.Action.Str(0))
		out.n = int16(cl.Action.Int(1))
	case vFlip, vNullify, vUse:
	default:
		out.n = int16(cl.Action.Int(0))
	}
	err := sim.CompileConds(cl.Conds, condCodes, func(k uint8, op sim.Op, call effect.Call) error {
		cd := cond{kind: k, op: op, val: call.Value, attr: -1, ctr: -1}
		switch k {
		case cCheerAttr, cBattleAttr, cOppAttr:
			a, ok := c.attr[call.Str(0)]
			if !ok {
				return schema.Errorf("属性「%s」は 相性シートにありません", "unknown attribute \"%s\"", call.Str(0))
			}
			cd.attr = a
		case cCounter:
			cd.ctr = c.counter(call.Str(0))
			for int(cd.ctr) >= len(c.e.ctrCap) {
				c.e.ctrCap = append(c.e.ctrCap, 0)
			}
			c.e.ctrCap[cd.ctr] = max(c.e.ctrCap[cd.ctr], int32(call.Value)+1)
		case cPay:
			a, ok := c.attr[call.Str(1)]
			if !ok {
				return schema.Errorf("属性「%s」は 相性シートにありません", "unknown attribute \"%s\"", call.Str(1))
			}
			cd.attr, cd.n = a, int16(call.Int(0))
		}
		out.conds = append(out.conds, cd)
		return nil
	})
	if err != nil {
		return out, err
	}
	return out, nil
}

// split separates a use condition into its tests and its payments.
func (c compiler) split(conds []cond) (tests []cond, pay []demand) {
	for _, cd := range conds {
		if cd.kind == cPay {
			pay = append(pay, demand{n: int8(cd.n), attr: cd.attr, fire: c.e.payFires})
		} else {
			tests = append(tests, cd)
		}
	}
	return tests, pay
}

// Name is the game id.
func (e *Engine) Name() string { return "guardian" }

// PlayerCounts: the battle is for two players only.
func (e *Engine) PlayerCounts() []int { return []int{2} }

// Cards lists the card IDs: Guardians, Advances, Orders, then Materials.
func (e *Engine) Cards() []string { return e.ids }

// TurnCap is the TurnCap rule (G10).
func (e *Engine) TurnCap() int { return e.turnCap }

// Bots lists the bots: random, greedy (one-step evaluation), mc
// (determinized Monte Carlo) and search (sim.ISMCTS over Determinize), which
// know of the opponent's deck only what a player sees, and greedy+lists,
// mc+lists and search+lists, which are told its deck list.
func (e *Engine) Bots() []string { return bots.Names() }

// NewBot returns a bot by name.
func (e *Engine) NewBot(name string) sim.Bot { return bots.New(name) }

// bots is the engine's one list of bots.
var bots = sim.BotList{
	{Name: "random", New: sim.NewRandom},
	{Name: "greedy", New: NewGreedy},
	{Name: "mc", New: NewMonteCarlo},
	{Name: "search", New: NewSearch},
	{Name: "greedy+lists", New: NewGreedyLists},
	{Name: "mc+lists", New: NewMonteCarloLists},
	{Name: "search+lists", New: NewSearchLists},
}

// Decks names the sample decks in sheet order.
func (e *Engine) Decks() []string { return e.deckName }

// Pair returns the deck indices (seat 0, seat 1) that game index i plays:
// the ordered pairs of distinct decks in turn, seat 0's deck changing
// slowest, or the one deck against itself.
func (e *Engine) Pair(i int) (int, int) {
	n := len(e.decks)
	if n == 1 {
		return 0, 0
	}
	k := i % (n * (n - 1))
	a, b := k/(n-1), k%(n-1)
	if b >= a {
		b++
	}
	return a, b
}

// NewGame deals a game: the deck pair is chosen by cfg.Index, cycling over
// every ordered pair of distinct sample decks.
func (e *Engine) NewGame(cfg sim.Config, rng *rand.Rand) sim.Game {
	a, b := e.Pair(cfg.Index)
	return e.newGame(a, b, rng)
}
