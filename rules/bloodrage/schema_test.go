package bloodrage

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/schema"
	"bifrost/schema/effect"
	"bifrost/schema/schematest"
)

// brBook is an in-memory Blood Rage workbook: sheet → rows, row 0 the header.
type brBook map[string][][]string

// brValid returns a small workbook that passes validation: one AI board with
// six tracks and a full upgrade table, the seed's draft and pillage tables
// cut to two rounds, the base board, and five Age I cards.
func brValid() brBook {
	b := brBook{
		"Rules": {{"キー", "値"},
			{"AIClans", "1"}, {"MaxAIClans", "1"}, {"Ages", "1"}, {"CardsPerAge", "5"},
			{"DraftRounds", "2"}, {"MaxHumanBattleCards", "1"}, {"AIBattleCards", "1"}},
		"AIBoard": {{"ID", "名前", "氏族", "クエスト名誉", "激情換算", "激情単位", "ヴァルハラ名誉", "略奪指示", "ブースト", "戦闘時効果"},
			{"WOLF", "フェンリルの牙", "狼", "1", "1", "2", "1", "target lead; target strongest", "reinforce 2 strongest", "[attacker] str +1; win: glory 1"}},
		"AITrack":   {{"ID", "ボード", "出目", "順番", "指示", "ループ"}},
		"AIUpgrade": {{"ID", "ボード", "出目", "効果", "コスト", "色", "怪物"}},
		"Draft":     {{"回", "クエスト", "強化", "戦闘"}, {"1", "1", "1", "1"}, {"2", "0", "1", "1"}},
		"Pillage": {{"元エリア状態", "差下限", "差上限", "方式", "目"},
			{"非略奪", "-2", "2", "1回", "6"},
			{"非略奪", "3", "", "1回", "5"},
			{"非略奪", "", "-3", "2連続", "6"},
			{"略奪済", "-2", "2", "2連続以外", "1"},
			{"略奪済", "3", "", "2連続以外", "1"},
			{"略奪済", "", "-3", "1回", "3"}},
		"Province": {{"ID", "名前", "番号", "領域", "村", "略奪報酬"},
			{"ANGERBODA", "アンゲルボカ", "1", "マンハイム", "5", "stat rage 1"},
			{"MUSPELHEIM", "ムスペルヘイム", "2", "ヨトゥンヘイム", "5", "stat axes 1"},
			{"HORGR", "ホルグ", "3", "ヨトゥンヘイム", "4", "stat horns 1"},
			{"UTGARD", "ウトガルド", "4", "ヨトゥンヘイム", "3", "glory 5"},
			{"ANDLANG", "アンドラング", "5", "アルフヘイム", "3", "stat rage 1"},
			{"GIMLE", "ギムレー", "6", "アルフヘイム", "5", "stat axes 1"},
			{"MYRKULOR", "ミュルクロル", "7", "マンハイム", "3", "stat horns 1"},
			{"ELVAGAR", "エルヴァガル", "8", "マンハイム", "4", "stat rage 1"},
			{"YGGDRASIL", "ユグドラシル", "9", "なし", "0", "stat all 1"}},
		"Fjord": {{"ID", "番号", "隣接1", "隣接2"},
			{"F1", "1", "ELVAGAR", "ANGERBODA"},
			{"F2", "2", "MUSPELHEIM", "HORGR"},
			{"F3", "3", "UTGARD", "ANDLANG"},
			{"F4", "4", "GIMLE", "MYRKULOR"}},
		"Card": {{"ID", "名前", "時代", "種類", "戦力", "人数", "スロット", "名誉", "後出し", "枚数", "効果"},
			{"A1-TROLL", "岩喰らいのトロール", "1", "強化", "2", "", "怪物", "", "", "", "invade: destroy_enemies warrior"},
			{"A1-CHARM", "フリッグのまじない", "1", "強化", "0", "", "氏族", "", "", "", "discount 1"},
			{"A1-MANHEIM", "マンハイムの支配", "1", "クエスト", "", "", "", "5", "", "", "control manheim"},
			{"A1-BASH", "テュールの殴打", "1", "戦闘", "2", "", "", "", "", "2", ""}},
	}
	for face := 1; face <= 6; face++ {
		f := strconv.Itoa(face)
		b.add("AITrack", "W"+f+"-1", "WOLF", f, "1", "invade")
		b.add("AITrack", "W"+f+"-2", "WOLF", f, "2", "pillage")
	}
	b.add("AITrack", "W6-3", "WOLF", "6", "3", "boost", "○")
	b.set("AITrack", "W5-2", "指示", "monster A1-TROLL")
	for face := 1; face <= 10; face++ {
		f := strconv.Itoa(face)
		b.add("AIUpgrade", "WU"+f, "WOLF", f, "str +1", "2", "赤", "")
	}
	b.set("AIUpgrade", "WU10", "効果", "")
	b.set("AIUpgrade", "WU10", "色", "青")
	b.set("AIUpgrade", "WU10", "怪物", "A1-TROLL")
	return b
}

func (b brBook) col(sheet, header string) int {
	i := slices.Index(b[sheet][0], header)
	if i < 0 {
		panic("no column " + header + " in " + sheet)
	}
	return i
}

// row returns the index in b[sheet] of the row whose first cell is key.
func (b brBook) row(sheet, key string) int {
	for i, r := range b[sheet][1:] {
		if r[0] == key {
			return i + 1
		}
	}
	panic("no row " + key + " in " + sheet)
}

func (b brBook) add(sheet string, cells ...string) {
	row := make([]string, len(b[sheet][0]))
	copy(row, cells)
	b[sheet] = append(b[sheet], row)
}

func (b brBook) set(sheet, key, header, v string) {
	b[sheet][b.row(sheet, key)][b.col(sheet, header)] = v
}

func (b brBook) setAt(sheet string, row int, header, v string) {
	b[sheet][row][b.col(sheet, header)] = v
}

func (b brBook) del(sheet, key string) {
	i := b.row(sheet, key)
	b[sheet] = slices.Delete(b[sheet], i, i+1)
}

// cell names the cell of key's row in header's column, e.g. "E5".
func (b brBook) cell(sheet, key, header string) string {
	return schema.CellName(b.col(sheet, header)+1, b.row(sheet, key)+1)
}

func (b brBook) rule(key, value string) {
	for _, r := range b["Rules"][1:] {
		if r[0] == key {
			r[1] = value
			return
		}
	}
	b["Rules"] = append(b["Rules"], []string{key, value})
}

func (b brBook) validate() schema.Result {
	return Schema.Validate(schematest.BookOf(b), schema.NewLang("en"))
}

// brCase is one in-memory mutation and the problem it must raise. cell is
// computed after the mutation, so row numbers follow deletions.
type brCase struct {
	name   string
	mutate func(b brBook)
	sheet  string
	cell   func(b brBook) string
	want   string
}

func at(c string) func(brBook) string { return func(brBook) string { return c } }

// ruleAt is the Value cell of rule key in the Rules sheet.
func ruleAt(key string) func(brBook) string {
	return func(b brBook) string { return schema.CellName(2, b.row("Rules", key)+1) }
}

func cellOf(sheet, key, header string) func(brBook) string {
	return func(b brBook) string { return b.cell(sheet, key, header) }
}

func runBrCases(t *testing.T, cases []brCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := brValid()
			tc.mutate(b)
			schematest.WantProblem(t, b.validate().Problems, tc.sheet, tc.cell(b), tc.want)
		})
	}
}

func TestBloodrage_ValidBookHasNoProblems(t *testing.T) {
	res := brValid().validate()
	if len(res.Problems) != 0 {
		t.Fatalf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(res.Problems), "\n"))
	}
	want := map[string]int{"AIBoard": 1, "Quest": 1, "Upgrade": 2, "Battle": 2}
	for k, n := range want {
		if res.Components[k] != n {
			t.Errorf("components[%s] = %d, want %d (all: %v)", k, res.Components[k], n, res.Components)
		}
	}
	d := res.Data.(*Data)
	if got := d.Track("WOLF", 6); len(got) != 3 || got[2].Instruction.AST.Clauses[0].Action.Name != "boost" || !got[2].Loop {
		t.Errorf("Track(WOLF, 6) = %+v, want 3 cells ending in a looping boost", got)
	}
	if d.Boards[0].RagePer != 2 {
		t.Errorf("RagePer = %d, want 2", d.Boards[0].RagePer)
	}
	if d.Cards[3].Copies != 2 || d.Cards[0].Copies != 1 {
		t.Errorf("copies = %d, %d; want 2 and blank → 1", d.Cards[3].Copies, d.Cards[0].Copies)
	}
}

func TestBloodrage_TrackHasAllSixFaces(t *testing.T) {
	runBrCases(t, []brCase{
		{"face 3 missing", func(b brBook) { b.del("AITrack", "W3-1"); b.del("AITrack", "W3-2") },
			"AIBoard", at("A2"), `board "WOLF" has no track for face 3`},
		{"faces 1 and 4 missing", func(b brBook) {
			for _, id := range []string{"W1-1", "W1-2", "W4-1", "W4-2"} {
				b.del("AITrack", id)
			}
		}, "AIBoard", at("A2"), "face 1, 4"},
	})
}

func TestBloodrage_TrackStepsRunFromOne(t *testing.T) {
	runBrCases(t, []brCase{
		{"gap", func(b brBook) { b.set("AITrack", "W6-3", "順番", "4") },
			"AITrack", cellOf("AITrack", "W6-3", "順番"), "track 6 skips step 3"},
		{"starts at 2", func(b brBook) { b.del("AITrack", "W2-1") },
			"AITrack", cellOf("AITrack", "W2-2", "順番"), "track 2 skips step 1"},
		{"duplicate step", func(b brBook) { b.set("AITrack", "W1-2", "順番", "1") },
			"AITrack", cellOf("AITrack", "W1-2", "順番"), "has step 1 twice (first on row 2)"},
	})
}

func TestBloodrage_LoopOnlyOnLastCell(t *testing.T) {
	runBrCases(t, []brCase{
		{"loop mid-track", func(b brBook) { b.set("AITrack", "W6-2", "ループ", "○") },
			"AITrack", cellOf("AITrack", "W6-2", "ループ"), "only a track's last cell may loop (this track runs to step 3)"},
	})
}

func TestBloodrage_TrackBoardExists(t *testing.T) {
	runBrCases(t, []brCase{
		{"unknown board", func(b brBook) { b.set("AITrack", "W1-1", "ボード", "BEAR") },
			"AITrack", cellOf("AITrack", "W1-1", "ボード"), `"BEAR" does not exist`},
	})
}

func TestBloodrage_TrackCellHoldsOneInstruction(t *testing.T) {
	runBrCases(t, []brCase{
		{"two clauses", func(b brBook) { b.set("AITrack", "W1-1", "指示", "invade; pillage") },
			"AITrack", cellOf("AITrack", "W1-1", "指示"), "exactly one instruction (found 2)"},
	})
}

func TestBloodrage_AIColumnsAllowTheirVerbs(t *testing.T) {
	runBrCases(t, []brCase{
		{"battle verb on a track", func(b brBook) { b.set("AITrack", "W1-1", "指示", "str +2") },
			"AITrack", cellOf("AITrack", "W1-1", "指示"), `"str" is not allowed here (allowed: invade, ship`},
		{"track verb in the pillage rule", func(b brBook) { b.set("AIBoard", "WOLF", "略奪指示", "pillage") },
			"AIBoard", cellOf("AIBoard", "WOLF", "略奪指示"), `"pillage" is not allowed here (allowed: target)`},
		{"track verb in the boost", func(b brBook) { b.set("AIBoard", "WOLF", "ブースト", "invade") },
			"AIBoard", cellOf("AIBoard", "WOLF", "ブースト"), `"invade" is not allowed here`},
		{"boost verb in the battle effect", func(b brBook) { b.set("AIBoard", "WOLF", "戦闘時効果", "reinforce 1 doomed") },
			"AIBoard", cellOf("AIBoard", "WOLF", "戦闘時効果"), `"reinforce" is not allowed here`},
		{"may in an AI column", func(b brBook) { b.set("AIBoard", "WOLF", "ブースト", "may glory 2") },
			"AIBoard", cellOf("AIBoard", "WOLF", "ブースト"), `cannot use "may"`},
		{"trigger on a track", func(b brBook) { b.set("AITrack", "W1-1", "指示", "win: invade") },
			"AITrack", cellOf("AITrack", "W1-1", "指示"), `trigger "win" is not allowed here`},
		{"unknown verb", func(b brBook) { b.set("AITrack", "W1-1", "指示", "invdae") },
			"AITrack", cellOf("AITrack", "W1-1", "指示"), `did you mean "invade"`},
	})
}

func TestBloodrage_UpgradeColourLimitsVerbs(t *testing.T) {
	runBrCases(t, []brCase{
		{"red takes no stat", func(b brBook) { b.set("AIUpgrade", "WU1", "効果", "stat axes") },
			"AIUpgrade", cellOf("AIUpgrade", "WU1", "効果"), `"stat" is not allowed here (allowed: str, draw, glory, gain_rage)`},
		{"blue takes no str", func(b brBook) { b.set("AIUpgrade", "WU1", "色", "青") },
			"AIUpgrade", cellOf("AIUpgrade", "WU1", "効果"), `"str" is not allowed here`},
		{"green takes no trigger", func(b brBook) {
			b.set("AIUpgrade", "WU1", "色", "緑")
			b.set("AIUpgrade", "WU1", "効果", "win: glory 1")
		}, "AIUpgrade", cellOf("AIUpgrade", "WU1", "効果"), `trigger "win" is not allowed here`},
	})
}

func TestBloodrage_BoostCellNeedsBoostInstruction(t *testing.T) {
	runBrCases(t, []brCase{
		{"boost cell, blank boost", func(b brBook) { b.set("AIBoard", "WOLF", "ブースト", "") },
			"AIBoard", cellOf("AIBoard", "WOLF", "ブースト"), `board "WOLF" has a boost cell on its tracks but no boost instruction`},
	})
	b := brValid()
	b.set("AITrack", "W6-3", "指示", "ship")
	b.set("AIBoard", "WOLF", "ブースト", "")
	if ps := b.validate().Problems; len(ps) != 0 {
		t.Errorf("a board without boost cells may leave the boost blank; got %v", schematest.ProblemLines(ps))
	}
}

func TestBloodrage_MonsterIsMonsterUpgrade(t *testing.T) {
	runBrCases(t, []brCase{
		{"track names an unknown card", func(b brBook) { b.set("AITrack", "W5-2", "指示", "monster A9-NONE") },
			"AITrack", cellOf("AITrack", "W5-2", "指示"), `"A9-NONE" does not exist`},
		{"track names a clan upgrade", func(b brBook) { b.set("AITrack", "W5-2", "指示", "monster A1-CHARM") },
			"AITrack", cellOf("AITrack", "W5-2", "指示"), `"A1-CHARM" is not a Monster upgrade card (kind 強化, slot 氏族)`},
		{"upgrade table names a battle card", func(b brBook) { b.set("AIUpgrade", "WU10", "怪物", "A1-BASH") },
			"AIUpgrade", cellOf("AIUpgrade", "WU10", "怪物"), `"A1-BASH" is not a Monster upgrade card (kind 戦闘`},
	})
}

func TestBloodrage_UpgradeTableHasTenFaces(t *testing.T) {
	runBrCases(t, []brCase{
		{"face 7 missing", func(b brBook) { b.del("AIUpgrade", "WU7") },
			"AIBoard", at("A2"), `board "WOLF"'s upgrade table has no entry for face 7`},
		{"face 2 twice", func(b brBook) { b.set("AIUpgrade", "WU3", "出目", "2") },
			"AIUpgrade", cellOf("AIUpgrade", "WU3", "出目"), "has face 2 twice (first on row 3)"},
		{"unknown board", func(b brBook) { b.set("AIUpgrade", "WU1", "ボード", "RAVEN") },
			"AIUpgrade", cellOf("AIUpgrade", "WU1", "ボード"), `"RAVEN" does not exist`},
		{"face 11", func(b brBook) { b.set("AIUpgrade", "WU1", "出目", "11") },
			"AIUpgrade", cellOf("AIUpgrade", "WU1", "出目"), "Face"},
	})
}

func TestBloodrage_UpgradeNeedsEffectOrMonster(t *testing.T) {
	runBrCases(t, []brCase{
		{"both blank", func(b brBook) { b.set("AIUpgrade", "WU10", "怪物", "") },
			"AIUpgrade", cellOf("AIUpgrade", "WU10", "効果"), "give an effect or a monster"},
	})
}

func TestBloodrage_EnoughBoardsForMaxAIClans(t *testing.T) {
	runBrCases(t, []brCase{
		{"one board, three AI clans", func(b brBook) { b.rule("MaxAIClans", "3") },
			"AIBoard", at("A1"), "only 1 AI boards but up to 3 AI clans"},
		{"AIClans above MaxAIClans", func(b brBook) { b.rule("AIClans", "2") },
			"Rules", ruleAt("AIClans"), "rule AIClans (2) must not exceed MaxAIClans (1)"},
	})
}

func TestBloodrage_DraftRoundsRunFromOne(t *testing.T) {
	runBrCases(t, []brCase{
		{"round missing", func(b brBook) { b.rule("DraftRounds", "3") },
			"Draft", at("A1"), "draft round 3 is missing (rule DraftRounds is 3)"},
		{"round twice", func(b brBook) { b.setAt("Draft", 2, "回", "1") },
			"Draft", at("A3"), "draft round 1 appears twice (first on row 2)"},
		{"round beyond the rule", func(b brBook) { b.add("Draft", "3", "1", "1", "1") },
			"Draft", at("A4"), "round 3 is beyond rule DraftRounds (2)"},
		{"empty round", func(b brBook) {
			b.setAt("Draft", 2, "クエスト", "0")
			b.setAt("Draft", 2, "強化", "")
			b.setAt("Draft", 2, "戦闘", "0")
		}, "Draft", at("A3"), "this round draws no card"},
		{"battle-only rounds force the cap", func(b brBook) {
			for r := 1; r <= 2; r++ {
				b.setAt("Draft", r, "クエスト", "0")
				b.setAt("Draft", r, "強化", "0")
			}
		}, "Draft", at("D3"), "2 rounds draw only Battle cards, which forces more than 1 Battle cards"},
	})
}

func TestDraftTableNeedsEnoughCardsAtEveryClanCount(t *testing.T) {
	runBrCases(t, []brCase{
		{"two Quest cards drawn, one in the deck", func(b brBook) { b.setAt("Draft", 2, "クエスト", "1") },
			"Draft", at("B3"), "Age 1 with 2 clans: the クエスト deck has only 1 cards, fewer than the 2 the draft table draws"},
		{"RemoveByClanCount removes a 3+ Upgrade card at 2 clans", func(b brBook) {
			b.rule("MaxAIClans", "2")
			b.rule("AIClans", "2")
			b.add("AIBoard", "W2", "二", "鴉", "1", "1", "1", "1", "target lead")
			for face := 1; face <= 6; face++ {
				b.add("AITrack", "X"+strconv.Itoa(face), "W2", strconv.Itoa(face), "1", "invade")
			}
			for face := 1; face <= 10; face++ {
				b.add("AIUpgrade", "XU"+strconv.Itoa(face), "W2", strconv.Itoa(face), "str +1", "2", "赤", "")
			}
			b.add("Card", "A1-BASH2", "テュールの殴打", "1", "戦闘", "2", "", "", "", "", "", "")
			b.set("Card", "A1-CHARM", "人数", "3")
			b.rule("CardsPerAge", "6")
			b.rule("RemoveByClanCount", "○")
		}, "Draft", at("C3"), "Age 1 with 2 clans: the 強化 deck has only 1 cards, fewer than the 2 the draft table draws"},
	})
	// By default no card is removed: the same book draws in full.
	b := brValid()
	b.set("Card", "A1-CHARM", "人数", "3")
	for _, p := range b.validate().Problems {
		if strings.Contains(p.Message, "draft table") {
			t.Errorf("without RemoveByClanCount: %v", p)
		}
	}
}

func TestBloodrage_PillageRangesCoverEveryDifference(t *testing.T) {
	runBrCases(t, []brCase{
		{"overlap", func(b brBook) { b.setAt("Pillage", 2, "差下限", "2") },
			"Pillage", at("B3"), `state "非略奪": STR difference +2〜 overlaps the range on row 2`},
		{"gap in the middle", func(b brBook) { b.setAt("Pillage", 5, "差下限", "4") },
			"Pillage", at("B6"), `state "略奪済": no row covers STR difference +3〜+3`},
		{"no lower end", func(b brBook) { b.setAt("Pillage", 3, "差下限", "-9") },
			"Pillage", at("B4"), `state "非略奪": no row covers STR difference 〜-10`},
		{"no upper end", func(b brBook) { b.setAt("Pillage", 2, "差上限", "9") },
			"Pillage", at("C3"), `state "非略奪": no row covers STR difference +10〜`},
		{"two unbounded lows", func(b brBook) { b.setAt("Pillage", 1, "差下限", "") },
			"Pillage", at("B4"), `STR difference 〜-3 overlaps the range on row 2`},
		{"state missing", func(b brBook) {
			for r := 4; r <= 6; r++ {
				b.setAt("Pillage", r, "元エリア状態", "非略奪")
			}
		}, "Pillage", at("A1"), `no row for state "略奪済"`},
		{"bounds reversed", func(b brBook) { b.setAt("Pillage", 1, "差下限", "3") },
			"Pillage", at("B2"), "lower bound 3 exceeds its upper bound 2"},
		{"bound not a number", func(b brBook) { b.setAt("Pillage", 1, "差上限", "二") },
			"Pillage", at("C2"), "MaxDiff must be a whole number, or blank"},
		{"bad mode", func(b brBook) { b.setAt("Pillage", 1, "方式", "3回") },
			"Pillage", at("D2"), "Mode must be one of 1回, 2連続, 2連続以外"},
	})
}

func TestBloodrage_PillageTableJoins(t *testing.T) {
	d := brValid().validate().Data.(*Data)
	// Scenarios 9 and 10 of the checklist (§8).
	cases := []struct {
		spent        bool
		diff         int
		roll1, roll2 int
		want         bool
	}{
		{false, 3, 5, 0, true},
		{false, 3, 4, 0, false},
		{false, 0, 6, 0, true},
		{false, 2, 5, 0, false},
		{false, -3, 6, 6, true},
		{false, -3, 6, 5, false},
		{true, -4, 3, 0, true},
		{true, -4, 2, 0, false},
		{true, 0, 1, 1, false},
		{true, 0, 1, 2, true},
		{true, 7, 2, 1, true},
	}
	for _, tc := range cases {
		p := d.PillageRow(tc.spent, tc.diff)
		if p == nil {
			t.Fatalf("no row for spent=%v diff=%d", tc.spent, tc.diff)
		}
		if got := p.Joins(tc.roll1, tc.roll2); got != tc.want {
			t.Errorf("spent=%v diff=%+d rolls %d,%d: Joins = %v, want %v (row %+v)", tc.spent, tc.diff, tc.roll1, tc.roll2, got, tc.want, *p)
		}
	}
	if n := d.PillageRow(false, 0).Rolls(); n != 1 {
		t.Errorf("P1 rolls %d dice, want 1", n)
	}
	if n := d.PillageRow(true, 0).Rolls(); n != 2 {
		t.Errorf("P4 rolls %d dice, want 2", n)
	}
}

func TestBloodrage_ProvincesNumberedOneToNine(t *testing.T) {
	runBrCases(t, []brCase{
		{"number missing", func(b brBook) { b.set("Province", "GIMLE", "番号", "5") },
			"Province", at("A1"), "no province has number 6"},
		{"number twice", func(b brBook) { b.set("Province", "GIMLE", "番号", "5") },
			"Province", cellOf("Province", "GIMLE", "番号"), "province number 5 is used twice (first on row 6)"},
		{"Yggdrasil with a realm", func(b brBook) { b.set("Province", "YGGDRASIL", "領域", "マンハイム") },
			"Province", cellOf("Province", "YGGDRASIL", "領域"), "Yggdrasil (number 9) must have realm なし"},
		{"Yggdrasil with villages", func(b brBook) { b.set("Province", "YGGDRASIL", "村", "3") },
			"Province", cellOf("Province", "YGGDRASIL", "村"), "Yggdrasil has no villages"},
		{"outer province without realm", func(b brBook) { b.set("Province", "HORGR", "領域", "なし") },
			"Province", cellOf("Province", "HORGR", "領域"), "needs a realm"},
		{"outer province without villages", func(b brBook) { b.set("Province", "HORGR", "村", "0") },
			"Province", cellOf("Province", "HORGR", "村"), "at least 1 village"},
		{"reward outside the vocabulary", func(b brBook) { b.set("Province", "HORGR", "略奪報酬", "draw 1") },
			"Province", cellOf("Province", "HORGR", "略奪報酬"), `unknown verb "draw"`},
	})
}

func TestBloodrage_FjordsTouchNeighbouringOuterProvinces(t *testing.T) {
	runBrCases(t, []brCase{
		{"fjord naming Yggdrasil", func(b brBook) { b.set("Fjord", "F2", "隣接2", "YGGDRASIL") },
			"Fjord", cellOf("Fjord", "F2", "隣接2"), `a fjord cannot touch Yggdrasil ("YGGDRASIL")`},
		{"unknown province", func(b brBook) { b.set("Fjord", "F2", "隣接1", "MIDGARD") },
			"Fjord", cellOf("Fjord", "F2", "隣接1"), `"MIDGARD" does not exist`},
		{"same province twice", func(b brBook) { b.set("Fjord", "F2", "隣接2", "MUSPELHEIM") },
			"Fjord", cellOf("Fjord", "F2", "隣接2"), `Side1 and Side2 name the same province "MUSPELHEIM"`},
		{"not neighbours", func(b brBook) {
			b.set("Fjord", "F3", "隣接2", "MYRKULOR")
			b.set("Fjord", "F4", "隣接2", "ANDLANG")
		},
			"Fjord", cellOf("Fjord", "F3", "隣接2"), `"UTGARD" (number 4) and "MYRKULOR" (number 7) are not neighbouring`},
		{"province in two fjords", func(b brBook) {
			b.set("Fjord", "F2", "隣接1", "ANGERBODA")
			b.set("Fjord", "F2", "隣接2", "MUSPELHEIM")
		},
			"Fjord", cellOf("Fjord", "F2", "隣接1"), `province "ANGERBODA" touches two fjords (first on row 2)`},
		{"D4 face missing", func(b brBook) { b.set("Fjord", "F4", "番号", "3") },
			"Fjord", at("A1"), "no fjord has number 4"},
	})
}

func TestBloodrage_CardColumnsFitTheirKind(t *testing.T) {
	runBrCases(t, []brCase{
		{"upgrade without slot", func(b brBook) { b.set("Card", "A1-CHARM", "スロット", "") },
			"Card", cellOf("Card", "A1-CHARM", "スロット"), "a 強化 card needs Slot"},
		{"battle with slot", func(b brBook) { b.set("Card", "A1-BASH", "スロット", "戦士") },
			"Card", cellOf("Card", "A1-BASH", "スロット"), "a 戦闘 card cannot have Slot"},
		{"quest without glory", func(b brBook) { b.set("Card", "A1-MANHEIM", "名誉", "") },
			"Card", cellOf("Card", "A1-MANHEIM", "名誉"), "a クエスト card needs Glory"},
		{"battle with glory", func(b brBook) { b.set("Card", "A1-BASH", "名誉", "3") },
			"Card", cellOf("Card", "A1-BASH", "名誉"), "a 戦闘 card cannot have Glory"},
		{"quest with STR", func(b brBook) { b.set("Card", "A1-MANHEIM", "戦力", "2") },
			"Card", cellOf("Card", "A1-MANHEIM", "戦力"), "a クエスト card cannot have STR"},
		{"late upgrade", func(b brBook) { b.set("Card", "A1-CHARM", "後出し", "○") },
			"Card", cellOf("Card", "A1-CHARM", "後出し"), "a 強化 card cannot have Late"},
		{"quest without condition", func(b brBook) { b.set("Card", "A1-MANHEIM", "効果", "") },
			"Card", cellOf("Card", "A1-MANHEIM", "効果"), "a クエスト card needs Effect"},
		{"quest with a battle verb", func(b brBook) { b.set("Card", "A1-MANHEIM", "効果", "glory 3") },
			"Card", cellOf("Card", "A1-MANHEIM", "効果"), `"glory" is not allowed here (allowed: control, valhalla)`},
		{"battle with a quest verb", func(b brBook) { b.set("Card", "A1-BASH", "効果", "control yggdrasil") },
			"Card", cellOf("Card", "A1-BASH", "効果"), "a 戦闘 card cannot have control"},
		{"player mark 5", func(b brBook) { b.set("Card", "A1-BASH", "人数", "5") },
			"Card", cellOf("Card", "A1-BASH", "人数"), "Players"},
	})
}

func TestBloodrage_CardsPerAge(t *testing.T) {
	runBrCases(t, []brCase{
		{"one card short", func(b brBook) { b.set("Card", "A1-BASH", "枚数", "1") },
			"Card", at("J2"), "Age 1 cards should number 5 but there are 4 (counted: J2:J5); fix the copies, or if this is intended, change Rules!B5 to 4"},
		{"no Age 2 cards", func(b brBook) { b.rule("Ages", "2"); b.rule("RagnarokGlory", "2,3") },
			"Rules", at("B5"), "Age 2 cards should number 5 but there are 0 (counted: none); add or remove rows, or if this is intended, change Rules!B5 to 0"},
	})
}

func TestBloodrage_BattleCardsEnoughToDeal(t *testing.T) {
	runBrCases(t, []brCase{
		{"too few for the AI", func(b brBook) { b.rule("AIBattleCards", "2") },
			"Card", at("A1"), "Age 1 has only 2 Battle cards with 2 clans (1 AI), too few to keep 1 for the player (MaxHumanBattleCards) and deal 2 to each AI (AIBattleCards)"},
		{"3+ cards left out with 2 clans", func(b brBook) {
			b.set("Card", "A1-BASH", "人数", "3")
			b.rule("RemoveByClanCount", "○")
		},
			"Card", at("A1"), "Age 1 has only 0 Battle cards with 2 clans"},
	})
}

func TestBloodrage_StatTracksStartAtStartValues(t *testing.T) {
	runBrCases(t, []brCase{
		{"first step differs", func(b brBook) { b.rule("StartRage", "7") },
			"Rules", ruleAt("StartRage"), "rule RageTrack starts at 6 but StartRage is 7"},
		{"track decreases", func(b brBook) { b.rule("HornsTrack", "4,5,3") },
			"Rules", ruleAt("HornsTrack"), "rule HornsTrack must not decrease"},
		{"Ragnarok glory per age", func(b brBook) { b.rule("Ages", "3"); b.rule("RagnarokGlory", "2,3") },
			"Rules", ruleAt("RagnarokGlory"), "rule RagnarokGlory needs 3 values (has 2)"},
		{"destroyed provinces per clan count", func(b brBook) { b.rule("DestroyedAtStart", "3,2") },
			"Rules", ruleAt("DestroyedAtStart"), "rule DestroyedAtStart needs 3 values (has 2)"},
	})
}

func TestBloodrage_VerbTemplatesRenderJapanese(t *testing.T) {
	cases := []struct {
		vocab *effect.Vocab
		src   string
		want  string
	}{
		{bloodrageAIVocab, "invade", "D10で決めた地方に侵攻する。"},
		{bloodrageAIVocab, "侵攻 leader", "D10で決めた地方にリーダーで侵攻する。"},
		{bloodrageAIVocab, "stat any", "最も低いステータスを1段階上げる。"},
		{bloodrageAIVocab, "[attacker] str +2", "【自分が略奪した戦闘】この戦闘の戦力+2。"},
		{bloodrageAIVocab, "[rage >= 3] target lead; target strongest", "【激情が3以上】他氏族との戦力差が最も大きい地方を略奪する。自軍の戦力が最も高い地方を略奪する。"},
		{bloodrageAIVocab, "monster A1-TROLL", "怪物「岩喰らいのトロール」を探して配置する。"},
		{bloodrageRewardVocab, "stat all 1", "すべてのステータスを1段階上げる。"},
		{bloodrageCardVocab, "lose: may bonus_warrior 1", "戦闘に負けたとき：その地方に戦士1体を無料で侵攻させてもよい。"},
	}
	names := map[string]string{"A1-TROLL": "岩喰らいのトロール"}
	for _, tc := range cases {
		e, err := effect.Parse(tc.src, tc.vocab)
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		if got := e.Text(tc.vocab, func(id string) string { return names[id] }); got != tc.want {
			t.Errorf("%q renders %q, want %q", tc.src, got, tc.want)
		}
	}
}

// Every verb must be fully documented, and every per-column verb list must
// name verbs of the ai vocabulary, or a typo would reject every cell.
func TestBloodrage_VocabulariesAreComplete(t *testing.T) {
	for _, v := range []*effect.Vocab{bloodrageAIVocab, bloodrageRewardVocab, bloodrageCardVocab} {
		for _, vb := range append(slices.Clone(v.Verbs), v.Conds...) {
			if vb.Text == "" || vb.Doc == "" || len(vb.Aliases) == 0 {
				t.Errorf("%s: %s lacks Text, Doc or a Japanese alias", v.Name, vb.Name)
			}
			for _, a := range vb.Args {
				if a.Kind == effect.Word && len(a.Labels) != len(a.Enum) {
					t.Errorf("%s: %s: %d labels for %d enum values", v.Name, vb.Name, len(a.Labels), len(a.Enum))
				}
			}
		}
	}
	lists := [][]string{brTrackVerbs, brPillageVerbs, brBoostVerbs, brBattleVerbs, brBlueVerbs, brGreenVerbs}
	for _, l := range lists {
		for _, name := range l {
			if bloodrageAIVocab.Verb(name) == nil {
				t.Errorf("verb list names %q, which the ai vocabulary lacks", name)
			}
		}
	}
	for _, name := range brQuestVerbs {
		if bloodrageCardVocab.Verb(name) == nil {
			t.Errorf("quest verb %q is missing from the card vocabulary", name)
		}
	}
}

// TestVerbsAreListedInTheDesignersLanguage: a verb a column does not
// allow is echoed as written, and the allowed verbs are listed by their
// Japanese names in Japanese, by their English names in English.
func TestVerbsAreListedInTheDesignersLanguage(t *testing.T) {
	b := brValid()
	b.set("AIUpgrade", "WU1", "効果", "ステータス axes")
	cell := b.cell("AIUpgrade", "WU1", "効果")
	schematest.WantProblem(t, Schema.Validate(schematest.BookOf(b), schema.NewLang("ja")).Problems, "AIUpgrade", cell,
		"「ステータス」はこの列では使えません。使えるのは 戦力、ドロー、名誉、激情獲得 です")
	schematest.WantProblem(t, Schema.Validate(schematest.BookOf(b), schema.NewLang("en")).Problems, "AIUpgrade", cell,
		`"ステータス" is not allowed here (allowed: str, draw, glory, gain_rage)`)
}
