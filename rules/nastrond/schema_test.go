package nastrond

import (
	"bifrost/schema"
	"bifrost/schema/schematest"
	"slices"
	"strings"
	"testing"
)

// nastrondSheets is an in-memory Nastrond workbook: sheet name → rows, the
// first row being the header. Tests start from nastrondFixture, a minimal
// book that validates cleanly, and break one thing.
type nastrondSheets map[string][][]string

func nastrondFixture() nastrondSheets {
	return nastrondSheets{
		"Valkyria": {
			{"ID", "名前", "色"},
			{"V1", "ブリュンヒルド", "赤"},
			{"V2", "スクルド", "青"},
			{"V3", "スルーズ", "緑"},
			{"V4", "レギンレイヴ", "黄"},
		},
		"Urd": {
			{"ID", "色", "枚数"},
			{"U1", "赤", "12"},
			{"U2", "青", "12"},
			{"U3", "緑", "12"},
			{"U4", "黄", "12"},
		},
		"Edda": {
			{"ID", "名前", "階層", "目標値", "VP", "勇気", "枚数"},
			{"E1a", "ミーミルの泉", "1", "7", "1", "1", "10"},
			{"E1b", "トールの釣り", "1", "8", "2", "", "10"},
			{"E2a", "バルドルの夢", "2", "11", "2", "", "12"},
			{"E3a", "ロキの捕縛", "3", "15", "4", "", "6"},
		},
		"Einherjar": {
			{"ID", "名前", "登場階層", "コスト", "スキル", "枚数"},
			{"N1", "ベルセルク", "1", "0", "reroll 1", "11"},
			{"N1b", "ウルフヘジン", "1", "0", "before_roll: tiwaz 1", "10"},
			{"N2", "シグムンド", "2", "2", "after_fix: [keeper] power +2", "8"},
			{"N3", "シグルズ", "3", "3", "before_roll: add_die 1", "4"},
		},
		"Keeper": {
			{"ID", "名前", "階層", "目標値", "VP", "開始位置"},
			{"K11", "ガルム", "1", "10", "3", "0"},
			{"K12", "モーズグズ", "1", "10", "3", "1"},
			{"K13", "ラタトスク", "1", "11", "3", "2"},
			{"K14", "フレースヴェルグ", "1", "11", "3", "3"},
			{"K21", "ハティ", "2", "14", "4", ""},
			{"K22", "スコル", "2", "14", "4", ""},
			{"K23", "フリュム", "2", "15", "4", ""},
			{"K24", "ヘル", "2", "15", "5", ""},
			{"K31", "フェンリル", "3", "18", "6", ""},
			{"K32", "ヨルムンガンド", "3", "18", "6", ""},
		},
		"Nidhogg": {
			{"ID", "名前", "目標値", "VP"},
			{"NID", "ニーズヘッグ", "20", "6"},
		},
		"Rules": {
			{"キー", "値", "説明"},
		},
	}
}

// clone returns a deep copy, so a test may change it freely.
func (b nastrondSheets) clone() nastrondSheets {
	out := nastrondSheets{}
	for name, rows := range b {
		for _, r := range rows {
			out[name] = append(out[name], slices.Clone(r))
		}
	}
	return out
}

// col returns the 0-based index of header on sheet, or -1.
func (b nastrondSheets) col(sheet, header string) int {
	return slices.Index(b[sheet][0], header)
}

// row returns the index in b[sheet] of the row with the given ID.
func (b nastrondSheets) row(t *testing.T, sheet, id string) int {
	t.Helper()
	idAt := b.col(sheet, "ID")
	for i, r := range b[sheet][1:] {
		if idAt < len(r) && r[idAt] == id {
			return i + 1
		}
	}
	t.Fatalf("fixture: sheet %s has no row %s", sheet, id)
	return 0
}

// set writes value into the cell of header on the row with the given ID.
func (b nastrondSheets) set(t *testing.T, sheet, id, header, value string) {
	t.Helper()
	at := b.col(sheet, header)
	if at < 0 {
		t.Fatalf("fixture: sheet %s has no column %s", sheet, header)
	}
	i := b.row(t, sheet, id)
	r := b[sheet][i]
	for len(r) <= at {
		r = append(r, "")
	}
	r[at] = value
	b[sheet][i] = r
}

// del removes the row with the given ID.
func (b nastrondSheets) del(t *testing.T, sheet, id string) {
	t.Helper()
	i := b.row(t, sheet, id)
	b[sheet] = slices.Delete(b[sheet], i, i+1)
}

// add appends a data row.
func (b nastrondSheets) add(sheet string, cells ...string) {
	b[sheet] = append(b[sheet], cells)
}

// rule adds a row to the Rules sheet.
func (b nastrondSheets) rule(key, value string) { b.add("Rules", key, value) }

func (b nastrondSheets) validate(lang string) schema.Result {
	return Schema.Validate(schematest.BookOf(b), schema.NewLang(lang))
}

// nastrondCase is one broken book and the problem it must give, in English
// and in Japanese, at sheet!cell.
type nastrondCase struct {
	name        string
	edit        func(t *testing.T, b nastrondSheets)
	sheet, cell string
	en, ja      string
}

// runNastrondCases validates each case's book in both languages and checks
// that the expected problem appears at its cell.
func runNastrondCases(t *testing.T, cases []nastrondCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := nastrondFixture().clone()
			tc.edit(t, b)
			schematest.WantProblem(t, b.validate("en").Problems, tc.sheet, tc.cell, tc.en)
			schematest.WantProblem(t, b.validate("ja").Problems, tc.sheet, tc.cell, tc.ja)
		})
	}
}

// noProblem fails t if any problem's message contains substr.
func noProblem(t *testing.T, ps []schema.Problem, substr string) {
	t.Helper()
	for _, p := range ps {
		if strings.Contains(p.Message, substr) {
			t.Errorf("unexpected problem %s", p)
		}
	}
}

func TestNastrond_FixtureIsClean(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		r := nastrondFixture().validate(lang)
		if len(r.Problems) != 0 {
			t.Fatalf("%s: the fixture has problems:\n%s", lang, strings.Join(schematest.ProblemLines(r.Problems), "\n"))
		}
		want := map[string]int{"Valkyria": 4, "Urd": 48, "Edda": 38, "Einherjar": 33, "Keeper": 10, "Nidhogg": 1}
		for k, n := range want {
			if r.Components[k] != n {
				t.Errorf("%s: components[%s] = %d, want %d", lang, k, r.Components[k], n)
			}
		}
		if len(r.Components) != len(want) {
			t.Errorf("%s: components = %v, want exactly %v", lang, r.Components, want)
		}
		d, ok := r.Data.(*Data)
		if !ok || len(d.Edda) != 4 || len(d.Einherjar) != 4 || len(d.Keepers) != 10 || len(d.Nidhogg) != 1 {
			t.Fatalf("%s: Data = %#v", lang, r.Data)
		}
		if got := d.Einherjar[2].Skill.AST; got == nil || got.Clauses[0].Trigger != "after_fix" || got.Clauses[0].Action.Name != "power" {
			t.Errorf("%s: Einherjar N2 skill parsed as %+v", lang, got)
		}
	}
}

func TestNastrond_EddaCountPerLayer(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "one short on layer 2",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Edda", "E2a", "枚数", "11") },
			sheet: "Edda", cell: "G4",
			en: `layer-2 Edda should number 12 but there are 11 (counted: G4); fix the copies, or if this is intended, add to the Rules sheet a row "EddaLayer2" with the value 11`,
			ja: "第2層のエッダは12枚のはずですが11枚あります（数えた行: G4）。枚数を直すか、意図的なら Rulesシートに「EddaLayer2」の行を加えて値を 11 にしてください",
		},
		{
			name:  "one too many on layer 3",
			edit:  func(t *testing.T, b nastrondSheets) { b.add("Edda", "E3b", "巫女の予言", "3", "16", "5") },
			sheet: "Edda", cell: "G5",
			en: "layer-3 Edda should number 6 but there are 7 (counted: G5:G6)",
			ja: "第3層のエッダは6枚のはずですが7枚あります",
		},
		{
			name: "a card moved from layer 1 to layer 2",
			edit: func(t *testing.T, b nastrondSheets) {
				b.set(t, "Edda", "E1a", "枚数", "9")
				b.add("Edda", "E2b", "ヘルモーズの騎行", "2", "12", "3")
			},
			sheet: "Edda", cell: "G2",
			en: "layer-1 Edda should number 20 but there are 19 (counted: G2:G3)",
			ja: "第1層のエッダは20枚のはずですが19枚あります（数えた行: G2〜G3）",
		},
		{
			name: "the count follows the Rules sheet",
			edit: func(t *testing.T, b nastrondSheets) {
				b.rule("EddaLayer3", "5")
				b.rule("KeeperLayer3", "3")
			},
			sheet: "Edda", cell: "G5",
			en: "layer-3 Edda should number 5 but there are 6 (counted: G5); fix the copies, or if this is intended, change Rules!B2 to 6",
			ja: "第3層のエッダは5枚のはずですが6枚あります（数えた行: G5）。枚数を直すか、意図的なら Rules!B2 を 6 に変更してください",
		},
	})
}

func TestNastrond_EinherjarCountPerLayer(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "one short on layer 1",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Einherjar", "N1", "枚数", "10") },
			sheet: "Einherjar", cell: "F2",
			en: "layer-1 Einherjar should number 21 but there are 20 (counted: F2:F3)",
			ja: "登場階層1のエインヘリアルは21枚のはずですが20枚あります",
		},
		{
			name: "an extra design on layer 2",
			edit: func(t *testing.T, b nastrondSheets) {
				b.add("Einherjar", "N4", "スタルカド", "2", "2", "after_fix: power +1")
			},
			sheet: "Einherjar", cell: "F4",
			en: "layer-2 Einherjar should number 8 but there are 9 (counted: F4, F6)",
			ja: "登場階層2のエインヘリアルは8枚のはずですが9枚あります",
		},
		{
			name:  "layer 3 emptied",
			edit:  func(t *testing.T, b nastrondSheets) { b.del(t, "Einherjar", "N3") },
			sheet: "Einherjar", cell: "A1",
			en: `layer-3 Einherjar should number 4 but there are 0 (counted: none); add or remove rows, or if this is intended, add to the Rules sheet a row "EinherjarLayer3" with the value 0`,
			ja: "登場階層3のエインヘリアルは4枚のはずですが0枚あります（数えた行: なし）",
		},
	})
}

func TestNastrond_KeeperCountPerLayer(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "a layer-2 Keeper moved to layer 3: layer 2 is short",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Keeper", "K24", "階層", "3") },
			sheet: "Keeper", cell: "A6",
			en: "layer-2 Keepers should number 4 but there are 3 (counted: A6:A8); add or remove rows",
			ja: "第2層のキーパーは4枚のはずですが3枚あります",
		},
		{
			name:  "a layer-2 Keeper moved to layer 3: layer 3 has one too many",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Keeper", "K24", "階層", "3") },
			sheet: "Keeper", cell: "A9",
			en: "layer-3 Keepers should number 2 but there are 3",
			ja: "第3層のキーパーは2枚のはずですが3枚あります",
		},
		{
			name:  "a layer-1 Keeper missing",
			edit:  func(t *testing.T, b nastrondSheets) { b.del(t, "Keeper", "K14") },
			sheet: "Keeper", cell: "A2",
			en: "layer-1 Keepers should number 4 but there are 3",
			ja: "第1層のキーパーは4枚のはずですが3枚あります",
		},
		{
			name:  "two Nidhogg",
			edit:  func(t *testing.T, b nastrondSheets) { b.add("Nidhogg", "NID2", "黒き竜", "22", "7") },
			sheet: "Nidhogg", cell: "A2",
			en: "Nidhogg should number 1 but there are 2",
			ja: "ニーズヘッグは1枚のはずですが2枚あります",
		},
		{
			name:  "a fifth Valkyria",
			edit:  func(t *testing.T, b nastrondSheets) { b.add("Valkyria", "V5", "ヒルド", "") },
			sheet: "Valkyria", cell: "A2",
			en: "Valkyria should number 4 but there are 5",
			ja: "ヴァルキリアは4枚のはずですが5枚あります",
		},
	})
}

func TestNastrond_RingSizesMatchRules(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "EddaLayer1 = 21 overfills the 24 squares of layer 1",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("EddaLayer1", "21") },
			sheet: "Rules", cell: "B2",
			en: "EddaLayer1 (21) plus KeeperLayer1 (4) is 25, but layer 1 of the board has 24 squares, fixed by the board; make the two add up to 24",
			ja: "EddaLayer1（21）と KeeperLayer1（4）の合計は25ですが、盤面の第1層は24マスで固定です。2つの合計を24にしてください",
		},
		{
			name: "KeeperLayer3 = 3 overfills layer 3; the problem sits on that rule's row",
			edit: func(t *testing.T, b nastrondSheets) {
				b.rule("MajorityVP", "5")
				b.rule("KeeperLayer3", "3")
			},
			sheet: "Rules", cell: "B3",
			en: "EddaLayer3 (6) plus KeeperLayer3 (3) is 9, but layer 3 of the board has 8 squares",
			ja: "EddaLayer3（6）と KeeperLayer3（3）の合計は9ですが、盤面の第3層は8マスで固定です",
		},
		{
			name: "a Japanese Rules sheet with the value column first",
			edit: func(t *testing.T, b nastrondSheets) {
				delete(b, "Rules")
				b["ルール"] = [][]string{{"値", "キー"}, {"15", "EddaLayer2"}}
			},
			sheet: "ルール", cell: "A2",
			en: "EddaLayer2 (15) plus KeeperLayer2 (4) is 19, but layer 2 of the board has 16 squares",
			ja: "EddaLayer2（15）と KeeperLayer2（4）の合計は19",
		},
	})

	t.Run("moving a square between Edda and Keepers keeps the ring whole", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.rule("EddaLayer3", "7")
		b.rule("KeeperLayer3", "1")
		b.set(t, "Edda", "E3a", "枚数", "7")
		b.del(t, "Keeper", "K32")
		r := b.validate("en")
		if len(r.Problems) != 0 {
			t.Errorf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
		}
	})
}

func TestNastrond_UrdPerColour(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "one red Urd short",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Urd", "U1", "枚数", "11") },
			sheet: "Urd", cell: "C2",
			en: "Urd of colour 赤 should number 12 but there are 11 (counted: C2)",
			ja: "ウルズ（赤）は12枚のはずですが11枚あります（数えた行: C2）",
		},
		{
			name: "a colour split over two rows is summed",
			edit: func(t *testing.T, b nastrondSheets) {
				b.set(t, "Urd", "U2", "枚数", "6")
				b.add("Urd", "U5", "青", "7")
			},
			sheet: "Urd", cell: "C3",
			en: "Urd of colour 青 should number 12 but there are 13 (counted: C3, C6)",
			ja: "ウルズ（青）は12枚のはずですが13枚あります（数えた行: C3、C6）",
		},
		{
			name:  "the Rules sheet sets the count",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("UrdPerColour", "13") },
			sheet: "Urd", cell: "C5",
			en: "Urd of colour 黄 should number 13 but there are 12 (counted: C5); fix the copies, or if this is intended, change Rules!B2 to 12",
			ja: "ウルズ（黄）は13枚のはずですが12枚あります（数えた行: C5）。枚数を直すか、意図的なら Rules!B2 を 12 に変更してください",
		},
		{
			name:  "a Valkyria whose colour has no Urd",
			edit:  func(t *testing.T, b nastrondSheets) { b.del(t, "Urd", "U4") },
			sheet: "Valkyria", cell: "C5",
			en: `Valkyria "レギンレイヴ" has colour 黄 but no Urd row has it`,
			ja: "ヴァルキリア「レギンレイヴ」の色 黄 のウルズがありません",
		},
	})

	t.Run("a colour split over two rows that adds up passes", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.set(t, "Urd", "U2", "枚数", "5")
		b.add("Urd", "U5", "青", "7")
		if r := b.validate("en"); len(r.Problems) != 0 || r.Components["Urd"] != 48 {
			t.Errorf("Urd = %d, problems:\n%s", r.Components["Urd"], strings.Join(schematest.ProblemLines(r.Problems), "\n"))
		}
	})
}

func TestNastrond_UrdEnoughForEachPlayerCount(t *testing.T) {
	nine := func(t *testing.T, b nastrondSheets) {
		b.rule("UrdPerColour", "9")
		for _, id := range []string{"U1", "U2", "U3", "U4"} {
			b.set(t, "Urd", id, "枚数", "9")
		}
	}
	runNastrondCases(t, []nastrondCase{
		{
			name: "9 per colour is too few for 2 players", edit: nine, sheet: "Urd", cell: "A1",
			en: "a 2-player game needs 12 Urd each but colour 赤 has only 9 (rule UrdFor2)",
			ja: "2人プレイには1人12枚のウルズが要りますが、赤 は9枚しかありません（ルール UrdFor2）",
		},
		{
			name: "9 per colour is too few for 3 players", edit: nine, sheet: "Urd", cell: "A1",
			en: "a 3-player game needs 10 Urd each but colour 青 has only 9 (rule UrdFor3)",
			ja: "3人プレイには1人10枚のウルズが要りますが、青 は9枚しかありません",
		},
		{
			name:  "a larger 4-player allotment",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("UrdFor4", "13") },
			sheet: "Urd", cell: "A1",
			en: "a 4-player game needs 13 Urd each but colour 緑 has only 12 (rule UrdFor4)",
			ja: "4人プレイには1人13枚のウルズが要りますが、緑 は12枚しかありません",
		},
	})

	t.Run("9 per colour is enough for 4 players", func(t *testing.T) {
		b := nastrondFixture().clone()
		nine(t, b)
		noProblem(t, b.validate("en").Problems, "4-player")
	})
	t.Run("with 3 Valkyria no 4-player game is checked", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.rule("Valkyria", "3")
		b.rule("UrdFor4", "13")
		b.del(t, "Valkyria", "V4")
		if r := b.validate("en"); len(r.Problems) != 0 {
			t.Errorf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
		}
	})
}

func TestNastrond_ValkyriaColourUnique(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "two red Valkyria",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Valkyria", "V2", "色", "赤") },
			sheet: "Valkyria", cell: "C3",
			en: "colour 赤 is already used by the Valkyria on row 2",
			ja: "色 赤 は 2 行目のヴァルキリアと同じです",
		},
		{
			name: "the third of three yellow Valkyria points at the first",
			edit: func(t *testing.T, b nastrondSheets) {
				b.set(t, "Valkyria", "V2", "色", "黄")
				b.set(t, "Valkyria", "V3", "色", "黄")
			},
			sheet: "Valkyria", cell: "C5",
			en: "colour 黄 is already used by the Valkyria on row 3",
			ja: "色 黄 は 3 行目のヴァルキリアと同じです",
		},
		{
			name:  "a colour outside the four",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Valkyria", "V4", "色", "紫") },
			sheet: "Valkyria", cell: "C5",
			en: "must be one of 赤, 青, 緑, 黄",
			ja: "赤・青・緑・黄 のどれか",
		},
	})
}

func TestNastrond_StartOnlyOnLayer1(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "a start on a layer-2 Keeper",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Keeper", "K21", "開始位置", "2") },
			sheet: "Keeper", cell: "F6",
			en: "Start may only be set on a layer-1 Keeper (this one is on layer 2)",
			ja: "開始位置は第1層のキーパーにしか書けません（第2層）",
		},
		{
			name:  "an explicit 0 counts as set",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Keeper", "K32", "開始位置", "0") },
			sheet: "Keeper", cell: "F11",
			en: "Start may only be set on a layer-1 Keeper (this one is on layer 3)",
			ja: "開始位置は第1層のキーパーにしか書けません（第3層）",
		},
		{
			name:  "a full-width 0 counts as set too",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Keeper", "K22", "開始位置", "０") },
			sheet: "Keeper", cell: "F7",
			en: "Start may only be set on a layer-1 Keeper",
			ja: "開始位置は第1層のキーパーにしか書けません",
		},
		{
			name:  "beyond 5 squares",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Keeper", "K14", "開始位置", "6") },
			sheet: "Keeper", cell: "F5",
			en: "5 or less",
			ja: "5以下",
		},
	})

	t.Run("a blank or spaces-only start off layer 1 is fine", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.set(t, "Keeper", "K31", "開始位置", "\u3000")
		if r := b.validate("en"); len(r.Problems) != 0 {
			t.Errorf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
		}
	})
}

func TestNastrond_StartSquaresDistinct(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "two layer-1 Keepers with start 2",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Keeper", "K14", "開始位置", "2") },
			sheet: "Keeper", cell: "F5",
			en: "start 2 is the same as the layer-1 Keeper's on row 4",
			ja: "開始位置 2 は 4 行目の第1層キーパーと同じです",
		},
		{
			name:  "a blank start is 0 and clashes with an explicit 0",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Keeper", "K12", "開始位置", "") },
			sheet: "Keeper", cell: "F3",
			en: "start 0 is the same as the layer-1 Keeper's on row 2",
			ja: "開始位置 0 は 2 行目の第1層キーパーと同じです",
		},
	})

	t.Run("blank starts normalise to 0 in the data", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.set(t, "Keeper", "K11", "開始位置", "")
		r := b.validate("en")
		if len(r.Problems) != 0 {
			t.Fatalf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
		}
		if k := r.Data.(*Data).Keepers[0]; k.ID != "K11" || k.Start != 0 {
			t.Errorf("Keepers[0] = %+v, want K11 with start 0", k)
		}
	})
}

func TestNastrond_LayerOneKeepersForEveryPlayer(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name: "3 layer-1 Keepers for 4 players",
			edit: func(t *testing.T, b nastrondSheets) {
				b.rule("EddaLayer1", "21")
				b.rule("KeeperLayer1", "3")
				b.set(t, "Edda", "E1a", "枚数", "11")
				b.del(t, "Keeper", "K14")
			},
			sheet: "Rules", cell: "B3",
			en: "there are 3 layer-1 Keepers (KeeperLayer1) but a 4-player game (Valkyria) deals one to each player",
			ja: "第1層のキーパーは3枚（KeeperLayer1）ですが、4人プレイ（Valkyria）では各プレイヤーに1枚ずつ必要です",
		},
	})

	t.Run("3 layer-1 Keepers are enough for 3 Valkyria", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.rule("Valkyria", "3")
		b.rule("EddaLayer1", "21")
		b.rule("KeeperLayer1", "3")
		b.set(t, "Edda", "E1a", "枚数", "11")
		b.del(t, "Keeper", "K14")
		b.del(t, "Valkyria", "V4")
		if r := b.validate("en"); len(r.Problems) != 0 {
			t.Errorf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
		}
	})
}

func TestNastrond_CopiesBlankIsOne(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(t *testing.T, b nastrondSheets)
		kind   string
		want   int
		sheet  string
		copies func(d *Data) int
	}{
		{
			name: "an Edda row with blank copies is one card",
			edit: func(t *testing.T, b nastrondSheets) {
				b.set(t, "Edda", "E3a", "枚数", "5")
				b.add("Edda", "E3b", "巫女の予言", "3", "16", "5", "", "")
			},
			kind: "Edda", want: 38,
			copies: func(d *Data) int { return d.Edda[4].Copies },
		},
		{
			name: "an Einherjar row with blank copies is one card",
			edit: func(t *testing.T, b nastrondSheets) {
				b.set(t, "Einherjar", "N3", "枚数", "3")
				b.add("Einherjar", "N4", "ハーラル戦牙王", "3", "3", "before_roll: add_die 2")
			},
			kind: "Einherjar", want: 33,
			copies: func(d *Data) int { return d.Einherjar[4].Copies },
		},
		{
			name: "a copies cell of spaces is blank",
			edit: func(t *testing.T, b nastrondSheets) {
				b.set(t, "Einherjar", "N3", "枚数", "3")
				b.add("Einherjar", "N4", "ハーラル戦牙王", "3", "3", "before_roll: add_die 2", " \u3000")
			},
			kind: "Einherjar", want: 33,
			copies: func(d *Data) int { return d.Einherjar[4].Copies },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := nastrondFixture().clone()
			tt.edit(t, b)
			r := b.validate("en")
			if len(r.Problems) != 0 {
				t.Fatalf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
			}
			if r.Components[tt.kind] != tt.want {
				t.Errorf("components[%s] = %d, want %d", tt.kind, r.Components[tt.kind], tt.want)
			}
			if got := tt.copies(r.Data.(*Data)); got != 1 {
				t.Errorf("copies in the data = %d, want 1", got)
			}
		})
	}

	runNastrondCases(t, []nastrondCase{
		{
			name:  "an explicit 0 copies is an error, not a blank",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Edda", "E1a", "枚数", "0") },
			sheet: "Edda", cell: "G2",
			en: "1 or greater",
			ja: "1以上",
		},
		{
			name:  "Urd copies are required",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Urd", "U3", "枚数", "") },
			sheet: "Urd", cell: "C4",
			en: "Copies is required",
			ja: "枚数は必須です",
		},
	})
}

func TestNastrond_RulesDefaultsWhenOmitted(t *testing.T) {
	tests := []struct {
		name  string
		rules [][]string // rows of the Rules sheet after its header
		want  map[string]int
	}{
		{
			name: "no rows at all: every default",
			want: map[string]int{"UrdFor2": 12, "UrdFor3": 10, "UrdFor4": 9, "EddaLayer2": 12, "MajorityVP": 6, "TiwazVP": 1, "CountAllUrd": 0, "ArrivalMayShare": 1, "MinMove": 1},
		},
		{
			name:  "one key set, the others default",
			rules: [][]string{{"MajorityVP", "5"}},
			want:  map[string]int{"MajorityVP": 5, "UrdFor4": 9, "EddaLayer1": 20},
		},
		{
			name:  "a key with a blank value keeps its default",
			rules: [][]string{{"UrdFor4", ""}, {"TiwazVP", "2"}},
			want:  map[string]int{"UrdFor4": 9, "TiwazVP": 2},
		},
		{
			name:  "booleans as designers type them, keys in any case",
			rules: [][]string{{"countallurd", "○"}, {"ArrivalMayShare", "いいえ"}, {"UnlimitedDice", "TRUE"}},
			want:  map[string]int{"CountAllUrd": 1, "ArrivalMayShare": 0, "UnlimitedDice": 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := nastrondFixture().clone()
			for _, r := range tt.rules {
				b.rule(r[0], r[1])
			}
			r := b.validate("en")
			if len(r.Problems) != 0 {
				t.Fatalf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
			}
			rules := r.Data.(*Data).Rules
			for k, v := range tt.want {
				if got := rules.Int(k); got != v {
					t.Errorf("rule %s = %d, want %d", k, got, v)
				}
			}
		})
	}

	// Without a Rules row, the count checks must use the seed's numbers.
	runNastrondCases(t, []nastrondCase{{
		name: "a default drives the Edda count check",
		edit: func(t *testing.T, b nastrondSheets) {
			b.rule("MajorityVP", "5")
			b.set(t, "Edda", "E1b", "枚数", "9")
		},
		sheet: "Edda", cell: "G2",
		en: "layer-1 Edda should number 20 but there are 19 (counted: G2:G3)",
		ja: "第1層のエッダは20枚のはずですが19枚あります",
	}})
}

func TestNastrond_UnknownRuleKey(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "a typo gets a suggestion",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("EddaLayr2", "12") },
			sheet: "Rules", cell: "A2",
			en: `unknown rule "EddaLayr2" (did you mean "EddaLayer2"?)`,
			ja: "未知のルール「EddaLayr2」です（「EddaLayer2」のことですか？）",
		},
		{
			name:  "a British/American spelling slip",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("MajorityVP", "6"); b.rule("UrdPerColor", "12") },
			sheet: "Rules", cell: "A3",
			en: `(did you mean "UrdPerColour"?)`,
			ja: "（「UrdPerColour」のことですか？）",
		},
		{
			name:  "no suggestion for a name far from every rule",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("ドラゴンの数", "3") },
			sheet: "Rules", cell: "A2",
			en: `unknown rule "ドラゴンの数"`,
			ja: "未知のルール「ドラゴンの数」です",
		},
	})

	t.Run("an unknown key does not change any rule", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.rule("EddaLayr2", "11")
		r := b.validate("en")
		if got := r.Data.(*Data).Rules.Int("EddaLayer2"); got != 12 {
			t.Errorf("EddaLayer2 = %d, want the default 12", got)
		}
		noProblem(t, r.Problems, "layer-2 Edda")
	})
}

func TestNastrond_RuleValueOutOfRange(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "more layer-3 Edda than layer 3 has squares",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("EddaLayer3", "9") },
			sheet: "Rules", cell: "B2",
			en: `rule "EddaLayer3" must be a whole number from 0 to 8 (got "9")`,
			ja: "ルール「EddaLayer3」の値は 0〜8 の整数にしてください（入力値: 「9」）",
		},
		{
			name:  "five Valkyria",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("TiwazVP", "1"); b.rule("Valkyria", "5") },
			sheet: "Rules", cell: "B3",
			en: `rule "Valkyria" must be a whole number from 2 to 4`,
			ja: "ルール「Valkyria」の値は 2〜4 の整数にしてください",
		},
		{
			name:  "a boolean rule given a number word",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("TiwazPaysScout", "たぶん") },
			sheet: "Rules", cell: "B2",
			en: `rule "TiwazPaysScout" must be ○ or ×`,
			ja: "ルール「TiwazPaysScout」の値は ○か×にしてください",
		},
		{
			name:  "a full-width value is read, then range-checked",
			edit:  func(t *testing.T, b nastrondSheets) { b.rule("MinMove", "２") },
			sheet: "Rules", cell: "B2",
			en: `rule "MinMove" must be a whole number from 0 to 1 (got "２")`,
			ja: "ルール「MinMove」の値は 0〜1 の整数にしてください（入力値: 「２」）",
		},
	})

	t.Run("a bad value leaves the default in force", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.rule("EddaLayer3", "9")
		r := b.validate("en")
		noProblem(t, r.Problems, "layer-3 Edda")
		noProblem(t, r.Problems, "squares")
	})
}

func TestNastrond_SkillTiming(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{
			name:  "no die changes after the dice are fixed",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Einherjar", "N1", "スキル", "after_fix: reroll 1") },
			sheet: "Einherjar", cell: "E2",
			en: `"reroll" cannot act at after_fix (allowed: after_roll)`,
			ja: "「reroll」は「after_fix」には使えません。使えるタイミングは ロール後 です",
		},
		{
			name:  "Power changes only after the fix, even with no trigger written",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Einherjar", "N2", "スキル", "[keeper] power +2") },
			sheet: "Einherjar", cell: "E4",
			en: `"power" cannot act at the default timing (after_roll) (allowed: after_fix)`,
			ja: "「power」はタイミングなし（ロール後の扱い）には使えません。使えるタイミングは 目の確定後 です",
		},
		{
			name: "a d8 comes in before the roll, written with Japanese names",
			edit: func(t *testing.T, b nastrondSheets) {
				b.set(t, "Einherjar", "N3", "スキル", "ロール後: 八面体 1")
			},
			sheet: "Einherjar", cell: "E5",
			en: `"八面体" cannot act at ロール後 (allowed: before_roll)`,
			ja: "「八面体」は「ロール後」には使えません。使えるタイミングは ロール前 です",
		},
		{
			name: "a cost cut acts only when scouting; the second clause is checked too",
			edit: func(t *testing.T, b nastrondSheets) {
				b.set(t, "Einherjar", "N1", "スキル", "scout: cost_minus 1; before_roll: cost_minus 1")
			},
			sheet: "Einherjar", cell: "E2",
			en: `"cost_minus" cannot act at before_roll (allowed: scout)`,
			ja: "「cost_minus」は「before_roll」には使えません。使えるタイミングは スカウト時 です",
		},
		{
			name:  "↑ is counted before scouting",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Einherjar", "N1", "スキル", "scout: tiwaz 1") },
			sheet: "Einherjar", cell: "E2",
			en: `"tiwaz" cannot act at scout (allowed: before_roll, after_roll, after_fix)`,
			ja: "「tiwaz」は「scout」には使えません。使えるタイミングは ロール前、ロール後、目の確定後 です",
		},
		{
			name: "an unknown trigger is a parse error with a suggestion",
			edit: func(t *testing.T, b nastrondSheets) {
				b.set(t, "Einherjar", "N1", "スキル", "after_fixed: power +1")
			},
			sheet: "Einherjar", cell: "E2",
			en: `unknown trigger "after_fixed" (did you mean "after_fix"?)`,
			ja: "未知のタイミング「after_fixed」です",
		},
	})

	t.Run("a blank skill is a vanilla Einherjar", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.set(t, "Einherjar", "N2", "スキル", "")
		r := b.validate("en")
		if len(r.Problems) != 0 {
			t.Fatalf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
		}
		if e := r.Data.(*Data).Einherjar[2]; e.ID != "N2" || e.Skill.Src != "" || e.Skill.AST != nil {
			t.Errorf("Einherjar[2] = %+v, want N2 with no skill", e)
		}
	})

	t.Run("every verb at an allowed timing passes", func(t *testing.T) {
		b := nastrondFixture().clone()
		b.set(t, "Einherjar", "N1", "スキル",
			"die_plus +1; after_roll: set_die 6; reroll 2; before_roll: add_die 1; after_roll: add_die 1; "+
				"before_roll: to_d8 1; after_fix: power +1; scout: cost_minus 1; before_roll: tiwaz 1; "+
				"after_fix: tiwaz 1; scout: vp 1; after_fix: vp 1; [layer >= 2] may 出目修正 -1; コスト減 1")
		r := b.validate("en")
		if len(r.Problems) != 1 || !strings.Contains(r.Problems[0].Message, `"コスト減" cannot act at the default timing (after_roll)`) {
			t.Errorf("want only the untimed コスト減 reported, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
		}
	})
}

// TestAnUnknownVerbListsTheVerbsAndSaysANewOneNeedsTheProgrammer: a skill
// with a verb the engine lacks is refused at its cell with the count typed
// straight after it split off, the column's verbs listed in the script the
// designer typed, and the word that a new verb is the engine programmer's
// work, in both languages.
func TestAnUnknownVerbListsTheVerbsAndSaysANewOneNeedsTheProgrammer(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{"a Japanese verb with its count glued on", func(t *testing.T, b nastrondSheets) { b.set(t, "Einherjar", "N1", "スキル", "VP奪取1") }, "Einherjar", "E2",
			`unknown verb "VP奪取" (the 1 after it is read as a count) (did you mean "vp"?). The verbs of this column: 出目修正, 出目変更, 振り直し,`,
			"未知の動詞「VP奪取」です（後ろの「1」は数として読みました）（「vp」のことですか？）。この列で使える動詞：出目修正、出目変更、振り直し、"},
		{"an English verb", func(t *testing.T, b nastrondSheets) { b.set(t, "Einherjar", "N1", "スキル", "steal_vp 1") }, "Einherjar", "E2",
			"unknown verb \"steal_vp\". The verbs of this column: die_plus, set_die, reroll,",
			"未知の動詞「steal_vp」です。この列で使える動詞：die_plus、set_die、reroll、"},
		{"the programmer's part", func(t *testing.T, b nastrondSheets) { b.set(t, "Einherjar", "N1", "スキル", "steal_vp 1") }, "Einherjar", "E2",
			`cannot be used until the engine's programmer adds it to the engine (see "effect vocabulary" in cardsrc/README.md)`,
			"語彙にない動詞は、エンジンの担当者がエンジンに加えるまで使えません（cardsrc/README.md の「効果の語彙」）"},
	})
}

// TestPrintedTextThatSaysMoreThanTheEffectIsWarnedAtTheEffectCell: an
// Einherjar whose printed text describes an ability while its skill cell is
// empty, or has more sentences than its skill has clauses, is warned at the
// skill cell (the simulations play the card without the rest); reminder text
// in parentheses and a text that matches its skill give no warning.
func TestPrintedTextThatSaysMoreThanTheEffectIsWarnedAtTheEffectCell(t *testing.T) {
	withText := func(skill, text string) func(t *testing.T, b nastrondSheets) {
		return func(t *testing.T, b nastrondSheets) {
			b["Einherjar"][0] = append(b["Einherjar"][0], "テキスト")
			b.set(t, "Einherjar", "N1", "スキル", skill)
			b.set(t, "Einherjar", "N1", "テキスト", text)
		}
	}
	runNastrondCases(t, []nastrondCase{
		{"text with an empty skill", withText("", "ダイスを1つ振り直す。"), "Einherjar", "E2",
			`the text describes an ability but Skill is empty: the simulations play this card without it (text: "ダイスを1つ振り直す。")`,
			"テキストには能力が書かれていますが、スキル が空欄です。シミュレーションはこのカードを能力なしで遊びます（テキスト：「ダイスを1つ振り直す。」）"},
		{"a sentence the skill lacks", withText("reroll 1", "ダイスを1つ振り直す。勝てば1VPを得る。"), "Einherjar", "E2",
			`the text has 2 sentences but the effect only 1 clauses: the simulations play this card without the rest (the text's last sentence: "勝てば1VPを得る")`,
			"テキストの文は 2 個ですが、効果の節は 1 個です。シミュレーションは書かれていない部分なしで遊びます（テキストの最後の文：「勝てば1VPを得る」）"},
	})
	for _, tc := range []struct{ name, skill, text string }{
		{"reminder text", "reroll 1", "ダイスを1つ振り直す。（振り直したダイスはもう振り直せない。）"},
		{"two clauses, two sentences", "reroll 1; vp 1", "ダイスを1つ振り直す。1VPを得る。"},
		{"flavour only in its own column", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := nastrondFixture().clone()
			withText(tc.skill, tc.text)(t, b)
			for _, lang := range []string{"en", "ja"} {
				noProblem(t, b.validate(lang).Problems, "")
			}
		})
	}
}

// TestAHeaderMisplacedOrMisspeltIsReportedAtItsCause: a required column
// whose header is a near miss (目標 for 目標値) is reported at that header
// with a did-you-mean, and a header pushed down by a title row is reported
// once, at the row that holds it, instead of as every column missing.
func TestAHeaderMisplacedOrMisspeltIsReportedAtItsCause(t *testing.T) {
	runNastrondCases(t, []nastrondCase{
		{"a near-miss header", func(t *testing.T, b nastrondSheets) { b["Edda"][0][3] = "目標" }, "Edda", "D1",
			`missing required column "目標値" (Target) (did you mean the header "目標"?)`,
			"必須の列「目標値」（Target）がありません（見出し「目標」のことですか？）"},
		{"a title row above the header", func(t *testing.T, b nastrondSheets) {
			b["Keeper"] = append([][]string{{"キーパー一覧（第13版）"}}, b["Keeper"]...)
		}, "Keeper", "A2",
			`put the header on row 1: row 2 looks like the header (row 1: "キーパー一覧（第13版）")`,
			"見出しは1行目に置いてください。2 行目が見出しのようです（1行目：「キーパー一覧（第13版）」）"},
	})
	b := nastrondFixture().clone()
	b["Keeper"] = append([][]string{{"キーパー一覧"}}, b["Keeper"]...)
	for _, p := range b.validate("en").Problems {
		if p.Sheet == "Keeper" && strings.Contains(p.Message, "missing required column") {
			t.Errorf("a title row also gives %s", p)
		}
	}
}

// TestAnEmptiedCopiesCellIsTheOneProblemOfTheShortCount: emptying one Urd
// colour's 枚数 (required) is reported at that cell, and the colour's short
// count and too few Urd per player, which only follow from it, are not
// reported besides; emptying an Einherjar's 枚数 (blank counts as one)
// among rows that all have theirs is reported at that cell as the cause of
// the layer's short count.
func TestAnEmptiedCopiesCellIsTheOneProblemOfTheShortCount(t *testing.T) {
	b := nastrondFixture().clone()
	b.set(t, "Urd", "U3", "枚数", "")
	for _, lang := range []string{"en", "ja"} {
		ps := schematest.ErrorsOf(b.validate(lang).Problems)
		if len(ps) != 1 || ps[0].Sheet != "Urd" || ps[0].Cell != "C4" {
			t.Errorf("%s: want one problem, at Urd!C4, got:\n%s", lang, strings.Join(schematest.ProblemLines(ps), "\n"))
		}
	}
	runNastrondCases(t, []nastrondCase{
		{"a blank Einherjar 枚数", func(t *testing.T, b nastrondSheets) { b.set(t, "Einherjar", "N1b", "枚数", "") }, "Einherjar", "F3",
			"copies is blank, so this row counts as one card; layer-1 Einherjar should number 21 but there are 12: fill in this row's copies",
			"枚数が空欄なので1枚と数えました。"},
	})
}
