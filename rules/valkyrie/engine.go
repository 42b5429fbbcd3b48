package valkyrie

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/effect"
)

// kind is what a card design is.
type kind uint8

const (
	kindValkyrie kind = iota // a supply Valkyrie (Assist or Battle)
	kindFirst                // a First Valkyrie (starting decks)
	kindWeakness             // a monster's weakness card
	kindVP                   // a VP card of the common pool
	kindTactic               // a rage tactics ability (not a physical card)
)

// The two supply decks, and the First Valkyries' category for "played".
const (
	deckAssist = 0
	deckBattle = 1
	catFirst   = 2
)

var deckNames = [3]string{"Assist", "Battle", "First"}

// design is one card design (or rage tactic) of the loaded data. Its index is
// the card index of sim.Event and Engine.Cards.
type design struct {
	id, name string
	kind     kind
	cat      int8 // deckAssist, deckBattle or catFirst for Valkyries; -1 otherwise
	cost     int
	funds    int
	power    int
	vp       int
	dur      int // weakness durability
	rage     int // weakness or tactic rage
	monster  int // weakness or tactic monster index; -1 otherwise
	prog     []clause
	hasEnd   bool // some clause has the end: trigger
	value    float64
}

// verb is a compiled effect verb.
type verb uint8

const (
	vFunds verb = iota
	vPower
	vDraw
	vDiscard
	vTrash
	vGainVP
	vGainFree
	vCost
	vEachDiscard
	vReturnVP
	vTrashRow
	vHarden
	numVerbs
)

// verbCode maps every verb name of the valkyrie vocabularies to its code.
var verbCode = map[string]verb{
	"funds": vFunds, "power": vPower, "draw": vDraw, "discard": vDiscard, "trash": vTrash,
	"gain_vp": vGainVP, "gain_free": vGainFree, "cost": vCost, "each_discard": vEachDiscard,
	"return_vp": vReturnVP, "trash_row": vTrashRow, "harden": vHarden,
}

// condKind is a compiled condition.
type condKind uint8

const (
	cPlayed condKind = iota
	cHand
	cRage
	cDestroyed
	cGained
)

// condCode maps every condition name of the vocabularies to its code.
var condCode = map[string]condKind{
	"played": cPlayed, "hand": cHand, "rage": cRage, "destroyed": cDestroyed, "gained": cGained,
}

// triggerEnd is the one trigger of the card vocabulary.
const triggerEnd = "end"

type cond struct {
	kind condKind
	deck int8   // cPlayed: deckAssist, deckBattle, catFirst, or -1 for Any
	op   sim.Op // never sim.OpNone: every condition compares
	val  int
}

// clause is one compiled ability.
type clause struct {
	end    bool // "end:" trigger
	may    bool
	verb   verb
	n      int // the numeric argument; for trash_row the row (0 front … 2 back)
	conds  []cond
	ja, en string // its text, for replays
}

// Engine is the Valkyrie Strike rules engine. It implements sim.Engine.
type Engine struct {
	// Monster forces the monster of every game (an index into the Monster
	// sheet); -1, the default, rotates through the monsters by cfg.Index so
	// that a batch covers each of them.
	Monster int

	d         *Data
	designs   []design
	ids       []string
	inst      []int16    // physical card → design
	deckInst  [2][]int16 // supply Valkyries by deck
	first     []int16    // First Valkyries
	weak      [][]int16  // weaknesses by monster
	vpOrder   []int16    // VP designs, largest VP first
	vpInst    [][]int16  // VP cards by vpOrder
	tactic    [][]int16  // per monster, per rage-1: tactic design or -1
	rages     []int      // per monster: number of rage decks (highest weakness rage)
	counts    []int      // per design: physical copies
	kindCount [4]int     // physical cards of each kind (I2–I5)
	home      [][]home   // per monster, per physical card: where it may be (I6)
	checkers  sync.Pool  // *checker of finished games, for Check to reuse
	mix       []int      // per design: First Valkyries in one starting deck

	minP, maxP  int
	startDeck   int
	handSize    int
	rowSlots    int
	consolation int
	strict      bool
	reveal      bool
	endsAtOnce  bool
	endAtPlay   bool // EndConditionAtPlay: end: 【】 judged when the card is played (T13)
	turnCap     int
}

var _ sim.Engine = (*Engine)(nil)
var _ sim.Configured = (*Engine)(nil)

// New builds the engine from validated data. It fails on data no game can be
// built from: no monsters, or an effect verb or condition it does not know.
// It reads the rules settings, compiles the card designs, and lays out the
// physical cards and the tables Check and the bots read.
func New(d *Data) (*Engine, error) {
	e, err := newEngine(d)
	if err != nil {
		return nil, err
	}
	if err := e.compileDesigns(d); err != nil {
		return nil, err
	}
	if len(e.inst) > schema.MaxCards {
		return nil, schema.Errorf("カードが合わせて %d 枚あり、多すぎます", "valkyrie: %d cards are too many", len(e.inst))
	}
	e.sortCards()
	e.tables()
	return e, nil
}

// newEngine is an engine with the Rules sheet's settings and no cards yet.
func newEngine(d *Data) (*Engine, error) {
	if d == nil {
		return nil, schema.Errorf("データがありません", "valkyrie: no data")
	}
	if len(d.Monsters) == 0 {
		return nil, schema.Errorf("モンスターシートにモンスターがいません", "valkyrie: the Monster sheet is empty")
	}
	r := d.Rules
	e := &Engine{Monster: -1, d: d,
		minP: r.Int("MinPlayers"), maxP: r.Int("MaxPlayers"),
		startDeck: r.Int("StartingDeck"), handSize: r.Int("HandSize"), rowSlots: r.Int("RowSlots"),
		consolation: r.Int("AttackConsolationVP"), strict: r.Bool("StrictExceed"),
		reveal: r.Bool("RevealWeakness"), endsAtOnce: r.Bool("WeaknessEndsAtOnce"),
		endAtPlay: r.Bool("EndConditionAtPlay"), turnCap: r.Int("TurnCap"),
	}
	if e.minP < 1 || e.maxP < e.minP || e.maxP > 8 {
		return nil, schema.Errorf("プレイ人数 %d〜%d 人では遊べません（1〜8 人の範囲で、最少が最多以下になるようにしてください）", "valkyrie: player counts %d..%d are not playable", e.minP, e.maxP)
	}
	return e, nil
}

// designs compiles the card designs of the data into an engine, in the
// order of Cards(), and keeps every error.
type designs struct {
	e      *Engine
	monIdx map[string]int // monster ID → index
	errs   []error
}

// compileDesigns adds every design in Cards() order: supply Valkyries,
// First Valkyries, weaknesses, VP cards, then rage tactics.
func (e *Engine) compileDesigns(d *Data) error {
	b := designs{e: e, monIdx: map[string]int{}}
	for i, m := range d.Monsters {
		b.monIdx[m.ID] = i
	}
	b.valkyries(d)
	b.weaknesses(d)
	for _, p := range d.VPCards {
		b.add(design{id: p.ID, name: p.Name, kind: kindVP, cat: -1, vp: p.VP, monster: -1}, schema.Effect{}, nil, max(p.Copies, 1))
	}
	b.tactics(d)
	return errors.Join(b.errs...)
}

// add compiles design ds with its effect in vocabulary v and adds it with
// its physical copies.
func (b *designs) add(ds design, eff schema.Effect, v *effect.Vocab, copies int) {
	e := b.e
	prog, err := compile(eff, v)
	if err != nil {
		b.errs = append(b.errs, schema.Errorf("%s: %s", "valkyrie: %s: %s", ds.id, err))
	}
	ds.prog = prog
	for _, c := range prog {
		ds.hasEnd = ds.hasEnd || c.end
	}
	idx := int16(len(e.designs))
	e.designs = append(e.designs, ds)
	e.counts = append(e.counts, copies)
	for range copies {
		e.inst = append(e.inst, idx)
	}
}

// valkyries adds the supply and the First Valkyries.
func (b *designs) valkyries(d *Data) {
	cardVocab := Schema.Vocabs[""]
	for _, v := range d.Valkyries {
		cat := int8(deckAssist)
		if v.Deck == "Battle" {
			cat = deckBattle
		}
		b.add(design{id: v.ID, name: v.Name, kind: kindValkyrie, cat: cat, cost: v.Cost, funds: v.Funds, power: v.Power, vp: v.VP, monster: -1},
			v.Effect, cardVocab, max(v.Copies, 1))
	}
	for _, f := range d.FirstValkyries {
		b.add(design{id: f.ID, name: f.Name, kind: kindFirst, cat: catFirst, funds: f.Funds, power: f.Power, vp: f.VP, monster: -1},
			f.Effect, cardVocab, max(f.Copies, 1))
	}
}

// weaknesses adds each monster's weaknesses and counts its rage decks.
func (b *designs) weaknesses(d *Data) {
	e := b.e
	e.weak = make([][]int16, len(d.Monsters))
	e.rages = make([]int, len(d.Monsters))
	for _, w := range d.Weaknesses {
		m, ok := b.monIdx[w.Monster]
		if !ok {
			b.errs = append(b.errs, schema.Errorf("弱点 %s のモンスター「%s」は モンスターシートにいません", "valkyrie: weakness %s names unknown monster \"%s\"", w.ID, w.Monster))
			continue
		}
		b.add(design{id: w.ID, name: w.Name, kind: kindWeakness, cat: -1, vp: w.VP, dur: w.Durability, rage: max(w.Rage, 1), monster: m},
			w.Reward, Schema.Vocabs["reward"], 1)
		e.rages[m] = max(e.rages[m], max(w.Rage, 1))
	}
}

// tactics adds the rage tactics, the first of each monster and rage
// applying.
func (b *designs) tactics(d *Data) {
	e := b.e
	e.tactic = make([][]int16, len(d.Monsters))
	for _, t := range d.RageTactics {
		m, ok := b.monIdx[t.Monster]
		if !ok || t.Rage < 1 {
			continue
		}
		idx := int16(len(e.designs))
		b.add(design{id: t.ID, name: d.Monsters[m].Name, kind: kindTactic, cat: -1, rage: t.Rage, monster: m},
			t.Effect, Schema.Vocabs["tactics"], 0)
		for len(e.tactic[m]) < t.Rage {
			e.tactic[m] = append(e.tactic[m], -1)
		}
		if e.tactic[m][t.Rage-1] < 0 {
			e.tactic[m][t.Rage-1] = idx
		}
	}
}

// sortCards sorts the physical cards by kind (I2–I5): the supply decks,
// the First Valkyries, each monster's weaknesses, and the VP piles, largest
// VP first.
func (e *Engine) sortCards() {
	e.ids = qualifiedIDs(e.designs)
	for i := range e.inst {
		ds := &e.designs[e.inst[i]]
		e.kindCount[ds.kind]++
		switch ds.kind {
		case kindValkyrie:
			e.deckInst[ds.cat] = append(e.deckInst[ds.cat], int16(i))
		case kindFirst:
			e.first = append(e.first, int16(i))
		case kindWeakness:
			e.weak[ds.monster] = append(e.weak[ds.monster], int16(i))
		}
	}
	for i, ds := range e.designs {
		if ds.kind == kindVP {
			e.vpOrder = append(e.vpOrder, int16(i))
		}
	}
	// Largest VP first; equal values keep sheet order.
	slices.SortStableFunc(e.vpOrder, func(a, b int16) int { return e.designs[b].vp - e.designs[a].vp })
	e.vpInst = make([][]int16, len(e.vpOrder))
	for k, dsn := range e.vpOrder {
		for i, di := range e.inst {
			if di == dsn {
				e.vpInst[k] = append(e.vpInst[k], int16(i))
			}
		}
	}
}

// tables fills what the bots and Check read: each design's value, the
// starting decks' mix, and where each card may be against each monster.
func (e *Engine) tables() {
	for i := range e.designs {
		e.designs[i].value = cardValue(&e.designs[i])
	}
	e.mix = e.startMix()
	e.home = make([][]home, len(e.d.Monsters))
	for m := range e.home {
		e.home[m] = e.homes(m)
	}
}

// qualifiedIDs lists the design IDs for Cards(). An ID used on two sheets is
// written "Sheet:ID" so that every entry is unique.
func qualifiedIDs(ds []design) []string {
	seen := map[string]int{}
	for _, d := range ds {
		seen[d.id]++
	}
	sheet := [...]string{"Valkyrie", "FirstValkyrie", "Weakness", "VP", "RageTactics"}
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.id
		if seen[d.id] > 1 {
			out[i] = sheet[d.kind] + ":" + d.id
		}
	}
	return out
}

// compile turns an effect cell into clauses.
func compile(eff schema.Effect, v *effect.Vocab) ([]clause, error) {
	if eff.AST == nil {
		if eff.Src != "" {
			return nil, schema.Errorf("効果「%s」を読み取れません", "effect \"%s\" did not parse", eff.Src)
		}
		return nil, nil
	}
	if len(eff.AST.Clauses) > MaxClauses {
		return nil, schema.Errorf("効果の節が %d 個あり、多すぎます（%d 個まで）", "%d clauses are too many (at most %d)", len(eff.AST.Clauses), MaxClauses)
	}
	out := make([]clause, 0, len(eff.AST.Clauses))
	for _, c := range eff.AST.Clauses {
		vb, ok := verbCode[c.Action.Name]
		if !ok {
			return nil, schema.Errorf("エンジンの知らない動作「%s」です", "unknown verb \"%s\"", c.Action.Name)
		}
		cl := clause{may: c.May, verb: vb, n: c.Action.Int(0)}
		switch c.Trigger {
		case "":
		case triggerEnd:
			cl.end = true
		default:
			return nil, schema.Errorf("エンジンの知らないタイミング「%s」です", "unknown trigger \"%s\"", c.Trigger)
		}
		if vb == vTrashRow {
			switch c.Action.Str(0) {
			case "front":
				cl.n = 0
			case "middle":
				cl.n = 1
			case "back":
				cl.n = 2
			default:
				return nil, schema.Errorf("trash_row: 知らない列「%s」です", "trash_row: unknown row \"%s\"", c.Action.Str(0))
			}
		}
		err := sim.CompileConds(c.Conds, condCode, func(k condKind, o sim.Op, cc effect.Call) error {
			if o == sim.OpNone {
				return schema.Errorf("条件「%s」には比較（以上・以下など）が要ります", "condition \"%s\" needs a comparison", cc.Name)
			}
			cd := cond{kind: k, op: o, val: cc.Value, deck: -1}
			if k == cPlayed {
				switch cc.Str(0) {
				case "Assist":
					cd.deck = deckAssist
				case "Battle":
					cd.deck = deckBattle
				case "First":
					cd.deck = catFirst
				case "Any", "":
				default:
					return schema.Errorf("played: 知らないデッキ「%s」です", "played: unknown deck \"%s\"", cc.Str(0))
				}
			}
			cl.conds = append(cl.conds, cd)
			return nil
		})
		if err != nil {
			return nil, err
		}
		one := &effect.Effect{Clauses: []effect.Clause{c}}
		cl.ja, cl.en = one.Text(v, nil), one.String()
		out = append(out, cl)
	}
	return out, nil
}

// Name is the game id.
func (e *Engine) Name() string { return "valkyrie" }

// PlayerCounts lists MinPlayers..MaxPlayers.
func (e *Engine) PlayerCounts() []int {
	out := make([]int, 0, e.maxP-e.minP+1)
	for n := e.minP; n <= e.maxP; n++ {
		out = append(out, n)
	}
	return out
}

// Cards lists every design: supply Valkyries, First Valkyries, weaknesses,
// VP cards, then rage tactics (which are "resolved" each time they apply).
func (e *Engine) Cards() []string { return e.ids }

// TurnCap is the Rules sheet's TurnCap: turns of all players together.
func (e *Engine) TurnCap() int { return e.turnCap }

// bots is the engine's one list of bots.
var bots = sim.BotList{
	{Name: "random", New: sim.NewRandom},
	{Name: "greedy", New: NewGreedy},
	{Name: "bigmoney", New: NewBigMoney},
	{Name: "search", New: NewSearch},
}

// Bots lists the bots: random, greedy, bigmoney and search.
func (e *Engine) Bots() []string { return bots.Names() }

// NewBot returns a bot by name.
func (e *Engine) NewBot(name string) sim.Bot { return bots.New(name) }

// Monsters lists the monster IDs, in sheet order.
func (e *Engine) Monsters() []string {
	out := make([]string, len(e.d.Monsters))
	for i, m := range e.d.Monsters {
		out[i] = m.ID
	}
	return out
}

// SetMonster forces the monster of every game by its ID; "" restores the
// rotation by game index.
func (e *Engine) SetMonster(id string) error {
	if id == "" {
		e.Monster = -1
		return nil
	}
	for i, m := range e.d.Monsters {
		if m.ID == id || m.Name == id {
			e.Monster = i
			return nil
		}
	}
	return schema.Errorf("モンスター「%s」はいません（%s のどれかを選んでください）", "valkyrie: unknown monster \"%s\" (want one of %s)",
		id, schema.Word{strings.Join(e.Monsters(), "、"), strings.Join(e.Monsters(), ", ")})
}

// Settings names the fixed monster by ID, so a replay fights it too.
func (e *Engine) Settings() []sim.Setting {
	if e.Monster < 0 {
		return nil
	}
	return []sim.Setting{{Name: "monster", Value: e.d.Monsters[e.Monster].ID}}
}

// monsterFor is the monster of game cfg.
func (e *Engine) monsterFor(cfg sim.Config) int {
	if e.Monster >= 0 && e.Monster < len(e.d.Monsters) {
		return e.Monster
	}
	return cfg.Index % len(e.d.Monsters)
}

// NewGame sets up a game and runs it to the first decision.
func (e *Engine) NewGame(cfg sim.Config, rng *rand.Rand) sim.Game {
	return newGame(e, cfg.Players, e.monsterFor(cfg), rng)
}

// Reset sets a finished game of this engine up again in place, as NewGame
// would set up a new one; it implements sim.Resetter.
func (e *Engine) Reset(old sim.Game, cfg sim.Config, rng *rand.Rand) sim.Game {
	g, ok := old.(*Game)
	if !ok || g.e != e {
		return e.NewGame(cfg, rng)
	}
	return setUp(g, e, cfg.Players, e.monsterFor(cfg), rng)
}
