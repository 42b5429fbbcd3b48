package bloodrage

import (
	"math"
	"strconv"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Counters a game keeps for the tally, per AI board (each board plays at
// most one seat of a game), in one flat slice laid out by layout.
const (
	miscTurns        = iota // AI turns taken
	miscRage0               // T9 pillages at 0 Rage
	miscShipReroll          // T21 rerolls
	miscLateDraw            // T30: a late card played first, one more drawn
	miscFailedReward        // T33: 5 glory instead of the reward
	miscAgeEnds             // Action phases ended (the pass-die sample)
	nMisc
)

// passCells is the width of a pass-die histogram row (faces 0..6).
const passCells = 7

// layout gives each group of counters its offset in Game.stats.
type layout struct {
	cellTried, cellFailed int // per global cell
	endFail               int // per board × face
	upTried, upFailed     int // per board × D10 face
	fallback              int // per board × fallback kind
	pilRolls, pilJoins    int // per pillage-table row
	passEnd               int // per board × pass die
	misc                  int // per board × misc counter
	glory                 int // per (human, boards…) × source
	size                  int
}

func (e *Engine) makeLayout() {
	nb := len(e.boards)
	off := 0
	next := func(n int) int { o := off; off += n; return o }
	l := &e.lay
	l.cellTried = next(e.ncells)
	l.cellFailed = next(e.ncells)
	l.endFail = next(nb * nTracks)
	l.upTried = next(nb * nUpFaces)
	l.upFailed = next(nb * nUpFaces)
	l.fallback = next(nb * nFallbacks)
	l.pilRolls = next(len(e.pillage))
	l.pilJoins = next(len(e.pillage))
	l.passEnd = next(nb * passCells)
	l.misc = next(nb * nMisc)
	l.glory = next((nb + 1) * nSources)
	l.size = off
}

var fallbackNames = [nFallbacks]string{"direct", "blocked_even_yggdrasil", "blocked_odd_doomed",
	"pillaged_even_yggdrasil", "pillaged_odd_doomed", "random", "none"}

// Tally accumulates the AI statistics of a batch: extra.bloodrage. Its
// counts are exported so that a shard report's tally survives the JSON
// round trip (sim.Tally).
type Tally struct {
	e          *Engine
	C          []int64               `json:"counters"`
	Games      int64                 `json:"games"`
	Unfinished int64                 `json:"unfinished"`
	Players    map[int]*playersTally `json:"players"`
	HumanGlory map[int]int64         `json:"human_glory"`
	BoardGlory []map[int]int64       `json:"board_glory"`
	BoardGames []int64               `json:"board_games"`
	BoardWins  []int64               `json:"board_wins"`
}

type playersTally struct {
	Games     int64
	HumanWins int64
}

// NewTally implements sim.Tallier.
func (e *Engine) NewTally() sim.Tally {
	t := &Tally{e: e, C: make([]int64, e.lay.size), Players: map[int]*playersTally{}, HumanGlory: map[int]int64{},
		BoardGames: make([]int64, len(e.boards)), BoardWins: make([]int64, len(e.boards))}
	for range e.boards {
		t.BoardGlory = append(t.BoardGlory, map[int]int64{})
	}
	return t
}

// Record adds one finished game.
func (t *Tally) Record(cfg sim.Config, gm sim.Game, r *sim.Result) {
	g, ok := gm.(*Game)
	if !ok {
		return
	}
	if r.Unfinished || !g.over {
		t.Unfinished++
		return
	}
	t.Games++
	for i, v := range g.stats {
		t.C[i] += int64(v)
	}
	w := g.Winner()
	pt := t.Players[cfg.Players]
	if pt == nil {
		pt = &playersTally{}
		t.Players[cfg.Players] = pt
	}
	pt.Games++
	if w == 0 {
		pt.HumanWins++
	}
	t.HumanGlory[int(g.clan[0].glory)]++
	for s := 1; s < g.n; s++ {
		b := g.clan[s].board
		t.BoardGames[b]++
		if w == s {
			t.BoardWins[b]++
		}
		t.BoardGlory[b][int(g.clan[s].glory)]++
	}
}

// Merge adds another tally of the same engine.
func (t *Tally) Merge(other sim.Tally) {
	o := other.(*Tally)
	for i, v := range o.C {
		t.C[i] += v
	}
	t.Games += o.Games
	t.Unfinished += o.Unfinished
	for n, p := range o.Players {
		q := t.Players[n]
		if q == nil {
			q = &playersTally{}
			t.Players[n] = q
		}
		q.Games += p.Games
		q.HumanWins += p.HumanWins
	}
	for k, v := range o.HumanGlory {
		t.HumanGlory[k] += v
	}
	for b := range t.BoardGlory {
		for k, v := range o.BoardGlory[b] {
			t.BoardGlory[b][k] += v
		}
		t.BoardGames[b] += o.BoardGames[b]
		t.BoardWins[b] += o.BoardWins[b]
	}
}

// Report is extra.bloodrage in the sim report.
type Report struct {
	Games        int64                    `json:"games"`
	Unfinished   int64                    `json:"unfinished"`
	Human        SeatReport               `json:"human"`
	ByPlayers    map[string]PlayersReport `json:"by_players"`
	Boards       []BoardReport            `json:"boards"`
	PillageTable []PillageRowReport       `json:"pillage_table"`
	DeadCells    []string                 `json:"dead_cells"`
	DeadUpgrades []string                 `json:"dead_upgrades"`
	// FailingCells are the track cells and upgrade entries that failed more
	// often than the Rules' CheckCellFailRate, with their cells.
	FailingCells []FailingCell `json:"failing_cells"`
	Static       []string      `json:"static_problems"`
}

// FailingCell is an AI instruction that mostly could not be carried out.
type FailingCell struct {
	At          string  `json:"at"` // e.g. "AITrack!E20"
	ID          string  `json:"id"`
	Instruction string  `json:"instruction"`
	Tried       int64   `json:"tried"`
	Failed      int64   `json:"failed"`
	FailRate    float64 `json:"fail_rate"`
	Threshold   int     `json:"threshold_percent"`

	pos Pos
}

// minTries is how often a cell must have run before its failure rate is
// judged, so that a handful of unlucky tries is not reported.
const minTries = 10

// failing appends cell c when it failed more often than the threshold.
func (e *Engine) failing(out []FailingCell, at Pos, id, what string, tried, failed int64) []FailingCell {
	if tried < minTries || failed*100 <= tried*int64(e.p.cellFailRate) {
		return out
	}
	return append(out, FailingCell{At: at.Sheet + "!" + schema.CellName(at.Col, at.Row), ID: id, Instruction: what,
		Tried: tried, Failed: failed, FailRate: ratio(failed, tried), Threshold: e.p.cellFailRate, pos: at})
}

// Warnings are the failing cells as warnings at their cells of file, for
// the CI gate (bifrost check).
func (r Report) Warnings(file string, lang *schema.Lang) []schema.Problem {
	ps := schema.Problems{File: file, Lang: lang.With(Schema.Messages)}
	for _, c := range r.FailingCells {
		ps.Warnf(c.pos.Sheet, c.pos.Row, c.pos.Col, c.pos.Column, "b_cell_fails", c.ID, c.Instruction, c.Failed, c.Tried, 100*c.FailRate, c.Threshold)
	}
	return ps.Sorted()
}

// SeatReport is the human's record.
type SeatReport struct {
	WinRate       sim.Wilson         `json:"win_rate"`
	Glory         sim.Distribution   `json:"glory"`
	GloryBySource map[string]float64 `json:"glory_by_source"` // mean per game
}

// PlayersReport is the human's win rate at one clan count.
type PlayersReport struct {
	Games      int64      `json:"games"`
	HumanWin   sim.Wilson `json:"human_win_rate"`
	AIWin      sim.Wilson `json:"ai_win_rate"`
	ClansTotal int        `json:"clans"`
	AIClans    int        `json:"ai_clans"`
}

// BoardReport is one AI board's record.
type BoardReport struct {
	ID            string             `json:"id"`
	Name          string             `json:"name"`
	Games         int64              `json:"games"`
	WinRate       sim.Wilson         `json:"win_rate"`
	Glory         sim.Distribution   `json:"glory"`
	GloryBySource map[string]float64 `json:"glory_by_source"` // mean per game
	PassDie       map[string]int64   `json:"pass_die_at_age_end"`
	PassDieMean   float64            `json:"pass_die_mean"`
	TurnsPerAge   float64            `json:"turns_per_age"`
	Rage0Pillages int64              `json:"rage0_pillages"`
	ShipRerolls   int64              `json:"ship_rerolls"`
	LateDraws     int64              `json:"late_card_draws"`
	FailedRewards int64              `json:"failed_rewards"`
	Fallbacks     map[string]int64   `json:"invade_fallbacks"`
	TrackEndFails []int64            `json:"track_end_fails"`
	Cells         []CellReport       `json:"cells"`
	Upgrades      []CellReport       `json:"upgrades"`
}

// CellReport is one track cell or upgrade entry: how often it was carried
// out (tried) and how often it could not be (failed: pass die +1).
type CellReport struct {
	ID          string  `json:"id"`
	Face        int     `json:"face"`
	Step        int     `json:"step,omitempty"`
	Instruction string  `json:"instruction"`
	Tried       int64   `json:"tried"`
	Failed      int64   `json:"failed"`
	FailRate    float64 `json:"fail_rate"`
}

// PillageRowReport is one pillage-table row with its observed join rate.
type PillageRowReport struct {
	State    string  `json:"state"`
	MinDiff  string  `json:"min_diff"`
	MaxDiff  string  `json:"max_diff"`
	Mode     string  `json:"mode"`
	Face     int     `json:"face"`
	Rolls    int64   `json:"rolls"`
	Joins    int64   `json:"joins"`
	JoinRate float64 `json:"join_rate"`
}

// summarize describes a glory histogram with the harness's summary.
func summarize(h map[int]int64) sim.Distribution {
	counts := make(map[int]int, len(h))
	for k, v := range h {
		counts[k] = int(v)
	}
	return sim.Summarize(counts)
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return round4(float64(a) / float64(b))
}

// Report builds extra.bloodrage.
func (t *Tally) Report() any {
	e := t.e
	l := &e.lay
	r := Report{Games: t.Games, Unfinished: t.Unfinished, ByPlayers: map[string]PlayersReport{},
		DeadCells: []string{}, DeadUpgrades: []string{}, FailingCells: []FailingCell{}, Static: lintLines(e.Lint())}
	if r.Static == nil {
		r.Static = []string{}
	}
	var humanWins int64
	for n, p := range t.Players {
		humanWins += p.HumanWins
		r.ByPlayers[strconv.Itoa(n)] = PlayersReport{Games: p.Games, ClansTotal: n, AIClans: n - 1,
			HumanWin: sim.WilsonInterval(int(p.HumanWins), int(p.Games)),
			AIWin:    sim.WilsonInterval(int(p.Games-p.HumanWins), int(p.Games))}
	}
	bySource := func(row int, games int64) map[string]float64 {
		m := map[string]float64{}
		for k := range nSources {
			m[sourceNames[k]] = ratio(t.C[l.glory+row*nSources+k], games)
		}
		return m
	}
	r.Human = SeatReport{WinRate: sim.WilsonInterval(int(humanWins), int(t.Games)),
		Glory: summarize(t.HumanGlory), GloryBySource: bySource(0, t.Games)}
	for bi := range e.boards {
		bd := &e.boards[bi]
		misc := func(k int) int64 { return t.C[l.misc+bi*nMisc+k] }
		br := BoardReport{ID: bd.id, Name: bd.name, Games: t.BoardGames[bi],
			WinRate:       sim.WilsonInterval(int(t.BoardWins[bi]), int(t.BoardGames[bi])),
			Glory:         summarize(t.BoardGlory[bi]),
			GloryBySource: bySource(bi+1, t.BoardGames[bi]),
			PassDie:       map[string]int64{}, Fallbacks: map[string]int64{},
			Rage0Pillages: misc(miscRage0), ShipRerolls: misc(miscShipReroll), LateDraws: misc(miscLateDraw),
			FailedRewards: misc(miscFailedReward), TurnsPerAge: ratio(misc(miscTurns), misc(miscAgeEnds))}
		var sum int64
		for f := 1; f < passCells; f++ {
			v := t.C[l.passEnd+bi*passCells+f]
			br.PassDie[strconv.Itoa(f)] = v
			sum += int64(f) * v
		}
		br.PassDieMean = ratio(sum, misc(miscAgeEnds))
		for k := range nFallbacks {
			br.Fallbacks[fallbackNames[k]] = t.C[l.fallback+bi*nFallbacks+k]
		}
		for f := range nTracks {
			br.TrackEndFails = append(br.TrackEndFails, t.C[l.endFail+bi*nTracks+f])
			for st := range bd.tracks[f] {
				cell := &bd.tracks[f][st]
				gi := bd.cellBase + bd.cellIndex(f+1, st+1)
				tried, failed := t.C[l.cellTried+gi], t.C[l.cellFailed+gi]
				br.Cells = append(br.Cells, CellReport{ID: cell.id, Face: f + 1, Step: st + 1,
					Instruction: instrWord(cell.instr.verb, schema.English), Tried: tried, Failed: failed, FailRate: ratio(failed, tried)})
				if t.Games > 0 && (tried == 0 || failed == tried) {
					r.DeadCells = append(r.DeadCells, cell.id)
				}
				r.FailingCells = e.failing(r.FailingCells, cell.at, cell.id, instrWord(cell.instr.verb, schema.English), tried, failed)
			}
		}
		for f := range nUpFaces {
			u := &bd.up[f]
			tried, failed := t.C[l.upTried+bi*nUpFaces+f], t.C[l.upFailed+bi*nUpFaces+f]
			what := "effect"
			if len(u.eff) > 0 {
				what = "effect " + aiVerbName(u.eff[0].verb)
			}
			if u.monster >= 0 {
				what = "monster " + e.cards[u.monster].id
			}
			br.Upgrades = append(br.Upgrades, CellReport{ID: u.id, Face: f + 1, Instruction: what,
				Tried: tried, Failed: failed, FailRate: ratio(failed, tried)})
			if t.Games > 0 && (tried == 0 || failed == tried) {
				r.DeadUpgrades = append(r.DeadUpgrades, u.id)
			}
			r.FailingCells = e.failing(r.FailingCells, u.at, u.id, what, tried, failed)
		}
		r.Boards = append(r.Boards, br)
	}
	for i := range e.pillage {
		p := &e.pillage[i]
		rolls, joins := t.C[l.pilRolls+i], t.C[l.pilJoins+i]
		r.PillageTable = append(r.PillageTable, PillageRowReport{State: p.State, MinDiff: p.MinDiff, MaxDiff: p.MaxDiff,
			Mode: p.Mode, Face: p.Face, Rolls: rolls, Joins: joins, JoinRate: ratio(joins, rolls)})
	}
	return r
}

// aiVerbName is the name of an "ai" vocabulary verb.
func aiVerbName(v int8) string {
	for name, id := range verbIDs[vocabAI] {
		if id == v {
			return name
		}
	}
	return "?"
}

// lintLines renders static findings for the report.
func lintLines(fs []sim.Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.ID + ": " + f.Message
	}
	return out
}

// ReportHeadings are the Japanese headings of the keys of the game's report
// section (its Tally), in the order a table shows them as columns.
var ReportHeadings = [][2]string{
	{"all", "全体"},
	{"human", "人間プレイヤー"},
	{"glory", "栄光"},
	{"glory_by_source", "栄光の出どころ（1ゲーム平均）"},
	{"by_players", "氏族数別"},
	{"human_win_rate", "人間の勝率"},
	{"ai_win_rate", "AI の勝率"},
	{"clans", "氏族数"},
	{"ai_clans", "AI 氏族数"},
	{"boards", "AI ボード"},
	{"pass_die_at_age_end", "時代の終わりのパスダイス"},
	{"pass_die_mean", "パスダイスの平均"},
	{"turns_per_age", "時代あたりの手番"},
	{"rage0_pillages", "激情0での略奪"},
	{"ship_rerolls", "船の振り直し"},
	{"late_card_draws", "遅いカード補充"},
	{"failed_rewards", "失敗した報酬"},
	{"invade_fallbacks", "侵攻の代替"},
	{"track_end_fails", "トラック終端での失敗"},
	{"cells", "トラックのセル"},
	{"upgrades", "強化"},
	{"pillage_table", "略奪表"},
	{"state", "状態"},
	{"min_diff", "差の下限"},
	{"max_diff", "差の上限"},
	{"mode", "方式"},
	{"rolls", "振った回数"},
	{"joins", "参加"},
	{"join_rate", "参加率"},
	{"dead_cells", "一度も使われないセル"},
	{"dead_upgrades", "一度も使われない強化"},
	{"failing_cells", "ほとんど実行できない指示"},
	{"static_problems", "静的な問題"},
	{"ai_board", "AI ボード"},
	{"ai_upgrade", "AI 強化"},
	{"battle", "戦闘"},
	{"cards", "カード"},
	{"failed_reward", "失敗した報酬"},
	{"pillage_reward", "略奪報酬"},
	{"quest", "クエスト"},
	{"rage", "激情"},
	{"ragnarok", "ラグナロク"},
	{"stat_bonus", "ステータス"},
	{"stolen", "奪取"},
	{"valhalla", "ヴァルハラ"},
	{"blocked_even_yggdrasil", "阻止（偶数・ユグドラシル）"},
	{"blocked_odd_doomed", "阻止（奇数・破滅）"},
	{"direct", "直接"},
	{"none", "なし"},
	{"pillaged_even_yggdrasil", "略奪済み（偶数・ユグドラシル）"},
	{"pillaged_odd_doomed", "略奪済み（奇数・破滅）"},
	{"random", "無作為"},
}
