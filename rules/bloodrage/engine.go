package bloodrage

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Limits of the flat state. New rejects data beyond them.
const (
	maxClans    = 4  // 1 human + up to 3 AI clans
	nProv       = 9  // 8 outer provinces and Yggdrasil
	ygg         = 8  // Yggdrasil's province index (number 9)
	nFjord      = 4  // fjords, numbered 1..4
	nTracks     = 6  // one track per D6 face
	nUpFaces    = 10 // one upgrade entry per D10 face
	maxMonsters = 4  // Rules MaxMonsters upper bound
	nClanSlots  = 3  // clan upgrade slots on a clan sheet
	maxHand     = 32 // cards in one hand
	maxPlayed   = 8  // cards one clan shows in one round of a battle
	maxStack    = 64 // pending tasks
	maxBatch    = 64 // figures destroyed at once
)

// Figure locations: provinces 0..8, fjords 9..12, then the off-board places.
const (
	locFjord0   = nProv
	locReserve  = nProv + nFjord
	locValhalla = locReserve + 1
	locBox      = locValhalla + 1
	nLocs       = locBox + 1
)

// Figure kinds. A monster figure belongs to one monster slot of its clan.
const (
	fkWarrior = iota
	fkLeader
	fkShip
	fkMonster
)

// Clan-sheet slots: leader, warrior, ship, the monster slots, the clan slots.
const (
	slotLeader = iota
	slotWarrior
	slotShip
	slotMonster0
)

// Card kinds.
const (
	cardQuest = iota
	cardUpgrade
	cardBattle
)

// Upgrade-card slot kinds (the Card sheet's スロット column).
const (
	skLeader = iota
	skWarrior
	skShip
	skMonster
	skClan
)

// Stats, in the tie order of T37: Rage (激情) > Axes (名誉) > Horns (指揮).
const (
	statRage = iota
	statAxes
	statHorns
	statAny
	statOther
	statAll
)

// Realms (the Province sheet's 領域 column).
const (
	realmManheim = iota
	realmAlfheim
	realmJotunheim
	realmNone
)

// AI upgrade colours.
const (
	colourBlue = iota
	colourRed
	colourGreen
)

// instInfo is a card instance's design in brief, so that Check reads a
// compact array rather than every cardDef.
type instInfo struct{ age, kind, players int8 }

// provDef is one province as the data gives it.
type provDef struct {
	id, name string
	realm    int8
	villages int8
	adj      []int8 // adjacent provinces (ring neighbours and Yggdrasil)
	fjord    int8   // supporting fjord index, or -1
	reward   []clause
}

// fjordDef is one fjord.
type fjordDef struct {
	id, name string
	side     [2]int8 // province indexes
}

// cellDef is one cell of an AI track.
type cellDef struct {
	id    string
	instr clause
	loop  bool
	text  string
	at    Pos
}

// upDef is one entry of an AI board's D10 upgrade table.
type upDef struct {
	id      string
	eff     []clause
	cost    int
	colour  int8
	monster int16 // card design, or -1
	text    string
	at      Pos
}

// boardDef is one AI board.
type boardDef struct {
	id, name      string
	questGlory    int
	rageGlory     int
	ragePer       int
	valhallaGlory int
	pillage       []clause
	boost         []clause
	battle        []clause
	tracks        [nTracks][]cellDef
	cellBase      int // index of this board's first cell among all boards' cells
	ncells        int
	up            [nUpFaces]upDef
}

// cellIndex is the board-local index of track face (1..6), step (1..n).
func (b *boardDef) cellIndex(face, step int) int {
	i := 0
	for f := 0; f < face-1; f++ {
		i += len(b.tracks[f])
	}
	return i + step - 1
}

// cardDef is one card design with the abilities the engine looks up often.
type cardDef struct {
	id, name string
	age      int8
	kind     int8
	str      int8
	players  int8
	slot     int8 // upgrade cards: skLeader..skClan
	glory    int16
	late     bool
	eff      []clause

	// Static abilities of upgrade cards (from the effect's clauses).
	free, asShip, invYgg, rewardAgain, retreat bool
	yggSTR, figSTR, pairN, discount, questStr  int8
	double                                     uint8 // bit 0 ragnarok, bit 1 quest
	repillage, save, keep, pillNow, valInvade  int8  // costs; -1 when absent
	sacrifice                                  int8  // figures; 0 when absent
	hasControl, hasValhalla                    bool  // quest conditions
	questWhere                                 int8
	questN                                     int8
}

// params are the Rules sheet's values the engine uses.
type params struct {
	maxAI, ages, draftRounds int
	maxHumanBattle, aiBattle int
	keepCards, passLimit     int
	statCost                 int
	tracks                   [3][]int
	bonusMid, bonusMax       int
	warriors, ships, maxMon  int
	warriorSTR, leaderSTR    int
	leaderCost, shipSTR      int
	endWhenAIsDone           bool
	humanAlwaysFirst         bool
	failedRewardGlory        int
	ragnarokGlory            []int
	destroyedAtStart         []int
	shuffleRewards           bool
	removeByClans            bool
	keepBlue                 bool // blue upgrade entries are kept for the game, like red and green
	cellFailRate             int  // percent (CheckCellFailRate)
	turnCap                  int
}

// Engine is the Blood Rage solo variant built from one workbook's data. It is
// immutable and safe for concurrent use; each game has its own state.
type Engine struct {
	data      *Data
	p         params
	prov      [nProv]provDef
	fjord     [nFjord]fjordDef
	boards    []boardDef
	ncells    int // cells of all boards
	cards     []cardDef
	cardIDs   []string
	inst      []int16    // card instance → design
	instCard  []instInfo // card instance → what Check reads of its design
	worth     []int32    // card instance → its weight in greedy's evaluation
	ageInst   [4][]int16 // card instances of each Age (1..3)
	draft     []Draft
	pillage   []Pillage
	perClan   int // figures per clan
	slots     int // clan-sheet slots
	clanSlot0 int // first clan slot
	lay       layout
}

// New builds the engine from validated Blood Rage data: the rules
// settings, the Age cards, the provinces and fjords, and the AI boards.
func New(d *Data) (*Engine, error) {
	e := &Engine{data: d, draft: d.Draft, pillage: d.Pillage}
	e.settings(d.Rules)
	bl := builder{e: e, byID: map[string]int16{}}
	bl.checkSettings(d)
	// Cards first: boards refer to monster cards.
	bl.cards(d)
	bl.provinces(d)
	bl.fjords(d)
	for _, b := range d.Boards {
		bl.board(d, b)
	}
	if len(e.pillage) == 0 {
		bl.errs = append(bl.errs, schema.Errorf("略奪報酬の表がありません", "bloodrage: no pillage table"))
	}
	if len(bl.errs) > 0 {
		return nil, errors.Join(bl.errs...)
	}
	e.makeLayout()
	return e, nil
}

// settings reads the Rules sheet's values and the clan sheet's slots.
func (e *Engine) settings(r schema.Rules) {
	e.p = params{
		maxAI: r.Int("MaxAIClans"), ages: r.Int("Ages"), draftRounds: r.Int("DraftRounds"),
		maxHumanBattle: r.Int("MaxHumanBattleCards"), aiBattle: r.Int("AIBattleCards"),
		keepCards: r.Int("KeepCards"), passLimit: r.Int("PassLimit"), statCost: r.Int("StatCost"),
		tracks:   [3][]int{r.Ints("RageTrack"), r.Ints("AxesTrack"), r.Ints("HornsTrack")},
		bonusMid: r.Int("StatBonusMid"), bonusMax: r.Int("StatBonusMax"),
		warriors: r.Int("Warriors"), ships: r.Int("Ships"), maxMon: r.Int("MaxMonsters"),
		warriorSTR: r.Int("WarriorSTR"), leaderSTR: r.Int("LeaderSTR"), leaderCost: r.Int("LeaderCost"),
		shipSTR: r.Int("ShipSTR"), endWhenAIsDone: r.Bool("EndWhenAIsDone"),
		humanAlwaysFirst: r.Bool("HumanAlwaysFirst"), failedRewardGlory: r.Int("FailedRewardGlory"),
		ragnarokGlory: r.Ints("RagnarokGlory"), destroyedAtStart: r.Ints("DestroyedAtStart"),
		shuffleRewards: r.Bool("ShufflePillageRewards"), removeByClans: r.Bool("RemoveByClanCount"),
		keepBlue:     r.Bool("KeepBlueUpgrades"),
		cellFailRate: r.Int("CheckCellFailRate"), turnCap: r.Int("TurnCap"),
	}
	e.perClan = 1 + e.p.warriors + e.p.ships + e.p.maxMon
	e.clanSlot0 = slotMonster0 + e.p.maxMon
	e.slots = e.clanSlot0 + nClanSlots
}

// builder builds an engine from the data, keeping every error.
type builder struct {
	e    *Engine
	byID map[string]int16 // card ID → design
	errs []error
}

// checkSettings reports settings the engine cannot play.
func (bl *builder) checkSettings(d *Data) {
	e := bl.e
	if e.p.maxMon > maxMonsters {
		bl.errs = append(bl.errs, schema.Errorf("MaxMonsters の %d は上限の %d を超えています", "bloodrage: MaxMonsters %d exceeds %d", e.p.maxMon, maxMonsters))
	}
	if len(d.Boards) < e.p.maxAI {
		bl.errs = append(bl.errs, schema.Errorf("AIボードが %d 枚しかありません。AI氏族は最大 %d なので、その数だけ要ります", "bloodrage: %d AI boards for up to %d AI clans", len(d.Boards), e.p.maxAI))
	}
	for i, t := range e.p.tracks {
		if len(t) == 0 || len(t) > 30 {
			bl.errs = append(bl.errs, schema.Errorf("ステータストラック %d のマスが %d 個です（1〜30 個にしてください）", "bloodrage: stat track %d has %d steps", i, len(t)))
		}
	}
	if len(e.p.ragnarokGlory) < e.p.ages || len(e.p.destroyedAtStart) < 3 {
		bl.errs = append(bl.errs, schema.Errorf("RagnarokGlory（時代の数だけ）か DestroyedAtStart（3 つ）の値が足りません", "bloodrage: RagnarokGlory or DestroyedAtStart too short"))
	}
	for _, n := range e.p.destroyedAtStart {
		if n+e.p.ages > 8 {
			bl.errs = append(bl.errs, schema.Errorf("初めに %d 地方を破滅させると、%d 時代分のラグナロクの地方が残りません", "bloodrage: %d provinces destroyed at start leave no Ragnarök province for %d ages", n, e.p.ages))
			break
		}
	}
}

// cards adds the Age card designs with their compiled effects and static
// abilities, and their physical copies.
func (bl *builder) cards(d *Data) {
	e, byID := bl.e, bl.byID
	for i, c := range d.Cards {
		cd := cardDef{id: c.ID, name: c.Name, age: int8(c.Age), str: int8(c.STR), players: int8(c.Players),
			glory: int16(c.Glory), late: c.Late,
			repillage: -1, save: -1, keep: -1, pillNow: -1, valInvade: -1}
		switch c.Kind {
		case CardQuest:
			cd.kind = cardQuest
		case CardUpgrade:
			cd.kind = cardUpgrade
		default:
			cd.kind = cardBattle
		}
		cd.slot = -1
		if sk, ok := map[string]int8{"リーダー": skLeader, "戦士": skWarrior, "船": skShip, "怪物": skMonster, "氏族": skClan}[c.Slot]; ok && cd.kind == cardUpgrade {
			cd.slot = sk
		} else if cd.kind == cardUpgrade {
			bl.errs = append(bl.errs, schema.Errorf("カード %s: アップグレードの対象「%s」はリーダー・戦士・船・怪物・氏族のどれでもありません", "card %s: upgrade slot \"%s\"", c.ID, c.Slot))
		}
		eff, err := compile(c.Effect, vocabCard)
		if err != nil {
			bl.errs = append(bl.errs, schema.Errorf("カード %s: %s", "card %s: %s", c.ID, err))
		}
		cd.eff = eff
		cd.static()
		byID[c.ID] = int16(i)
		e.cards = append(e.cards, cd)
		e.cardIDs = append(e.cardIDs, c.ID)
		for range max(c.Copies, 1) {
			if c.Age >= 1 && c.Age <= 3 {
				e.ageInst[c.Age] = append(e.ageInst[c.Age], int16(len(e.inst)))
			}
			e.inst = append(e.inst, int16(i))
			e.instCard = append(e.instCard, instInfo{cd.age, cd.kind, cd.players})
			e.worth = append(e.worth, int32(cd.str)+int32(cd.glory)/2)
		}
	}
	if len(e.inst) > schema.MaxCards {
		bl.errs = append(bl.errs, schema.Errorf("カードが合わせて %d 枚あり、多すぎます", "bloodrage: %d card instances", len(e.inst)))
	}
}

// provinces adds provinces 1..9 with their rewards; provinces 1..8 form a
// ring around Yggdrasil.
func (bl *builder) provinces(d *Data) {
	e := bl.e
	seen := 0
	for _, p := range d.Provinces {
		i := p.Number - 1
		if i < 0 || i >= nProv {
			bl.errs = append(bl.errs, schema.Errorf("地方 %s の番号 %d は 1〜9 ではありません", "province %s has number %d", p.ID, p.Number))
			continue
		}
		seen |= 1 << i
		rw, err := compile(p.Reward, vocabReward)
		if err != nil {
			bl.errs = append(bl.errs, schema.Errorf("地方 %s: %s", "province %s: %s", p.ID, err))
		}
		realm := map[string]int8{"マンハイム": realmManheim, "アルフヘイム": realmAlfheim, "ヨトゥンヘイム": realmJotunheim}[p.Realm]
		if i == ygg {
			realm = realmNone
		}
		e.prov[i] = provDef{id: p.ID, name: p.Name, realm: realm, villages: int8(p.Villages), fjord: -1, reward: rw}
	}
	if seen != 1<<nProv-1 {
		bl.errs = append(bl.errs, schema.Errorf("地方 1〜9 がそろっていません", "bloodrage: provinces 1..9 are not all given"))
	}
	for i := range 8 {
		e.prov[i].adj = []int8{int8((i + 1) % 8), int8((i + 7) % 8), ygg}
	}
	for i := range 8 {
		e.prov[ygg].adj = append(e.prov[ygg].adj, int8(i))
	}
}

// fjords adds fjords 1..4 between the provinces they name.
func (bl *builder) fjords(d *Data) {
	e := bl.e
	provByID := map[string]int8{}
	for i, p := range e.prov {
		provByID[p.id] = int8(i)
	}
	fseen := 0
	for _, f := range d.Fjords {
		i := f.Number - 1
		a, okA := provByID[f.Side1]
		b, okB := provByID[f.Side2]
		if i < 0 || i >= nFjord || !okA || !okB || a == ygg || b == ygg {
			bl.errs = append(bl.errs, schema.Errorf("フィヨルド %s の番号か両側の地方が正しくありません", "fjord %s is malformed", f.ID))
			continue
		}
		fseen |= 1 << i
		e.fjord[i] = fjordDef{id: f.ID, name: f.Name, side: [2]int8{a, b}}
		e.prov[a].fjord, e.prov[b].fjord = int8(i), int8(i)
	}
	if fseen != 1<<nFjord-1 {
		bl.errs = append(bl.errs, schema.Errorf("フィヨルド 1〜4 がそろっていません", "bloodrage: fjords 1..4 are not all given"))
	}
}

// board adds AI board b: its instructions, tracks and upgrade table.
func (bl *builder) board(d *Data, b AIBoard) {
	e := bl.e
	bd := boardDef{id: b.ID, name: b.Name, questGlory: b.QuestGlory, rageGlory: b.RageGlory,
		ragePer: max(b.RagePer, 1), valhallaGlory: b.ValhallaGlory, cellBase: e.ncells}
	var err error
	if bd.pillage, err = compile(b.Pillage, vocabAI); err != nil {
		bl.errs = append(bl.errs, schema.Errorf("AIボード %s の略奪指示: %s", "board %s pillage: %s", b.ID, err))
	}
	if bd.boost, err = compile(b.Boost, vocabAI); err != nil {
		bl.errs = append(bl.errs, schema.Errorf("AIボード %s のブースト: %s", "board %s boost: %s", b.ID, err))
	}
	if bd.battle, err = compile(b.Battle, vocabAI); err != nil {
		bl.errs = append(bl.errs, schema.Errorf("AIボード %s の戦闘時効果: %s", "board %s battle: %s", b.ID, err))
	}
	bl.tracks(d, b, &bd)
	e.ncells += bd.ncells
	bl.upgrades(d, b, &bd)
	e.boards = append(e.boards, bd)
}

// tracks compiles board b's six tracks, one instruction a cell, into bd.
func (bl *builder) tracks(d *Data, b AIBoard, bd *boardDef) {
	e, byID := bl.e, bl.byID
	for f := 1; f <= nTracks; f++ {
		for _, t := range d.Track(b.ID, f) {
			cl, err := compile(t.Instruction, vocabAI)
			if err != nil || len(cl) != 1 {
				bl.errs = append(bl.errs, schema.Errorf("AIボード %s のトラック %d のマス %d: 指示はちょうど 1 つにしてください（%v）", "board %s track %d step %d: one instruction wanted (%v)", b.ID, f, t.Step, err))
				continue
			}
			if cl[0].verb == vMonster {
				cl[0].a = -1
				if id, ok := byID[cl[0].ref]; ok {
					cl[0].a = id
				}
				if cl[0].a < 0 || e.cards[cl[0].a].slot != skMonster || e.cards[cl[0].a].kind != cardUpgrade {
					bl.errs = append(bl.errs, schema.Errorf("AIボード %s のトラック %d のマス %d: 「%s」は怪物のアップグレードカードではありません", "board %s track %d step %d: \"%s\" is not a monster card", b.ID, f, t.Step, cl[0].ref))
				}
			}
			bd.tracks[f-1] = append(bd.tracks[f-1], cellDef{id: t.ID, instr: cl[0], loop: t.Loop, text: t.Text, at: t.At})
		}
		if len(bd.tracks[f-1]) == 0 {
			bl.errs = append(bl.errs, schema.Errorf("AIボード %s に出目 %d のトラックがありません", "board %s has no track for face %d", b.ID, f))
		}
		bd.ncells += len(bd.tracks[f-1])
	}
}

// upgrades compiles board b's D10 upgrade table into bd.
func (bl *builder) upgrades(d *Data, b AIBoard, bd *boardDef) {
	e, byID := bl.e, bl.byID
	got := 0
	for _, u := range d.Upgrades {
		if u.Board != b.ID || u.Face < 1 || u.Face > nUpFaces {
			continue
		}
		eff, err := compile(u.Effect, vocabAI)
		if err != nil {
			bl.errs = append(bl.errs, schema.Errorf("AIボード %s の強化 %d: %s", "board %s upgrade %d: %s", b.ID, u.Face, err))
		}
		ud := upDef{id: u.ID, eff: eff, cost: u.Cost, monster: -1, text: u.Text, at: u.At}
		ud.colour = map[string]int8{"青": colourBlue, "赤": colourRed, "緑": colourGreen}[u.Colour]
		if u.Monster != "" {
			id, ok := byID[u.Monster]
			if !ok || e.cards[id].slot != skMonster || e.cards[id].kind != cardUpgrade {
				bl.errs = append(bl.errs, schema.Errorf("AIボード %s の強化 %d: 「%s」は怪物のアップグレードカードではありません", "board %s upgrade %d: \"%s\" is not a monster card", b.ID, u.Face, u.Monster))
			} else {
				ud.monster = id
			}
		}
		bd.up[u.Face-1] = ud
		got |= 1 << (u.Face - 1)
	}
	if got != 1<<nUpFaces-1 {
		bl.errs = append(bl.errs, schema.Errorf("AIボード %s の強化表に欠けている出目があります", "board %s: the upgrade table lacks faces", b.ID))
	}
}

// static reads the card's static abilities from its clauses.
func (c *cardDef) static() {
	for _, cl := range c.eff {
		switch cl.verb {
		case kFree:
			c.free = true
		case kAsShip:
			c.asShip = true
		case kInvadeYggdrasil:
			c.invYgg = true
		case kYggdrasilStr:
			c.yggSTR = int8(cl.a)
		case kFigureStr:
			c.figSTR = int8(cl.a)
		case kPairStr:
			c.pairN = int8(cl.a)
		case kDiscount:
			c.discount = int8(cl.a)
		case kQuestStr:
			c.questStr = int8(cl.a)
		case kDouble:
			c.double |= 1 << cl.a
		case kRepillage:
			c.repillage = int8(cl.a)
		case kSave:
			c.save = int8(cl.a)
		case kKeepCards:
			c.keep = int8(cl.a)
		case kPillageNow:
			c.pillNow = int8(cl.a)
		case kValhallaInvade:
			c.valInvade = int8(cl.a)
		case kSacrifice:
			c.sacrifice = int8(cl.a)
		case kRewardAgain:
			c.rewardAgain = true
		case kRetreat:
			c.retreat = true
		case kControl:
			c.hasControl, c.questWhere = true, int8(cl.a)
		case kValhalla:
			c.hasValhalla, c.questN = true, int8(cl.a)
		}
	}
}

// Name is the game id.
func (e *Engine) Name() string { return "bloodrage" }

// PlayerCounts lists the clan counts: 1 human plus 1..MaxAIClans AI clans.
func (e *Engine) PlayerCounts() []int {
	var out []int
	for n := 2; n <= 1+e.p.maxAI && n <= maxClans; n++ {
		out = append(out, n)
	}
	return out
}

// HumanSeat is the player's clan: the seat the bots decide for
// (sim.Soloist).
func (e *Engine) HumanSeat() int { return 0 }

// Cards lists the Age card designs.
func (e *Engine) Cards() []string { return e.cardIDs }

// TurnCap is the Rules sheet's TurnCap: clan turns of the Action phases.
func (e *Engine) TurnCap() int { return e.p.turnCap }

// Bots names the bots for the human seat.
func (e *Engine) Bots() []string { return bots.Names() }

// NewBot returns a bot by name.
func (e *Engine) NewBot(name string) sim.Bot { return bots.New(name) }

// bots is the engine's one list of bots.
var bots = sim.BotList{
	{Name: "random", New: sim.NewRandom},
	{Name: "greedy", New: NewGreedy},
	{Name: "search", New: NewSearch},
}

// NewGame sets up a game for cfg.Players clans: seat 0 is the human, seats
// 1.. are AI clans. cfg.Index rotates which AI board each AI seat uses.
func (e *Engine) NewGame(cfg sim.Config, rng *rand.Rand) sim.Game {
	n := cfg.Players
	if n < 2 || n > 1+e.p.maxAI || n > maxClans {
		panic(fmt.Sprintf("bloodrage: %d clans (want 2..%d)", n, 1+e.p.maxAI))
	}
	g := &Game{e: e, rng: rng, n: n}
	g.setup(cfg.Index)
	return g
}

// boardOf returns the index of the board the AI seat uses, for a game index.
func (e *Engine) boardOf(index, seat int) int {
	return (index + seat - 1) % len(e.boards)
}

// cellName is a cell's readable identity: board, face and step.
func (e *Engine) cellName(global int) (board, face, step int) {
	for bi := range e.boards {
		b := &e.boards[bi]
		if global < b.cellBase || global >= b.cellBase+b.ncells {
			continue
		}
		i := global - b.cellBase
		for f := range nTracks {
			if i < len(b.tracks[f]) {
				return bi, f + 1, i + 1
			}
			i -= len(b.tracks[f])
		}
	}
	return -1, 0, 0
}
