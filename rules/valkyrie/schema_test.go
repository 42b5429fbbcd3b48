package valkyrie

import (
	"slices"
	"strings"
	"testing"

	"bifrost/schema"
	"bifrost/schema/effect"
	"bifrost/schema/schematest"
)

// valkyrieSheets returns a small valid Valkyrie Strike workbook. Its Rules
// sheet scales the seed's counts down so each row is easy to reason about:
// 6 supply Valkyries (3 Assist, 3 Battle), 8 First Valkyries (4 players × 2),
// 1 monster with rages 1–2, 2 weaknesses and 6 VP cards (1VP×4, 2VP×2).
func valkyrieSheets() map[string][][]string {
	return map[string][][]string{
		"Valkyrie": {
			{"ID", "名前", "デッキ", "コスト", "資金", "戦力", "VP", "効果", "テキスト", "枚数"},
			{"A01", "エイル", "Assist", "2", "2", "", "", "", "", "3"},
			{"B01", "ゲイレルル", "Battle", "3", "", "2", "", "[played Battle >= 1] power +1", "", "3"},
		},
		"FirstValkyrie": {
			{"ID", "名前", "資金", "戦力", "VP", "効果", "枚数"},
			{"F01", "見習いの盾乙女", "1", "", "", "", "4"},
			{"F02", "見習いの槍乙女", "", "1", "", "", "4"},
		},
		"Monster": {
			{"ID", "名前", "二つ名"},
			{"M1", "ヨルムンガルド", "空を舞う"},
		},
		"RageTactics": {
			{"ID", "モンスター", "レイジ", "効果"},
			{"T11", "M1", "1", "funds +1"},
			{"T12", "M1", "2", "may trash 1"},
		},
		"Weakness": {
			{"ID", "名前", "モンスター", "レイジ", "耐久値", "VP", "報酬"},
			{"W11", "鱗", "M1", "1", "3", "1", "gain_vp 1"},
			{"W21", "毒牙", "M1", "2", "6", "3", ""},
		},
		"VP": {
			{"ID", "名前", "VP", "枚数"},
			{"V1", "1VP", "1", "4"},
			{"V2", "2VP", "2", "2"},
		},
		"Rules": {
			{"キー", "値"},
			{"SupplyValkyries", "6"},
			{"FirstValkyries", "8"},
			{"Monsters", "1"},
			{"Weaknesses", "2"},
			{"VPCards", "6"},
			{"StartingDeck", "2"},
		},
	}
}

func validateValkyrie(sheets map[string][][]string) schema.Result {
	return Schema.Validate(schematest.BookOf(sheets), schema.NewLang("en"))
}

func TestValkyrie_ValidBookHasNoProblems(t *testing.T) {
	res := validateValkyrie(valkyrieSheets())
	if len(res.Problems) != 0 {
		t.Fatalf("problems:\n%s", strings.Join(schematest.ProblemLines(res.Problems), "\n"))
	}
	want := map[string]int{"Valkyrie": 6, "FirstValkyrie": 8, "Monster": 1, "Weakness": 2, "VP": 6}
	for k, n := range want {
		if res.Components[k] != n {
			t.Errorf("components[%s] = %d, want %d", k, res.Components[k], n)
		}
	}
	if len(res.Components) != len(want) {
		t.Errorf("components = %v, want exactly %v", res.Components, want)
	}
	d, ok := res.Data.(*Data)
	if !ok {
		t.Fatalf("Data is %T, want *ValkyrieData", res.Data)
	}
	if got := d.Valkyries[1]; got.Deck != "Battle" || got.Cost != 3 || got.Power != 2 || got.Copies != 3 || got.Effect.AST == nil {
		t.Errorf("Valkyries[1] = %+v", got)
	}
	if len(d.RageTactics) != 2 || d.RageTactics[1].Rage != 2 || !d.RageTactics[1].Effect.AST.Clauses[0].May {
		t.Errorf("RageTactics = %+v", d.RageTactics)
	}
	if w := d.Weaknesses[0]; w.Durability != 3 || w.Reward.AST == nil || w.Reward.AST.Clauses[0].Action.Name != "gain_vp" {
		t.Errorf("Weaknesses[0] = %+v", w)
	}
	if d.Rules.Int("StartingDeck") != 2 || d.Rules.Int("HandSize") != 5 {
		t.Errorf("rules StartingDeck=%d HandSize=%d, want 2 and 5", d.Rules.Int("StartingDeck"), d.Rules.Int("HandSize"))
	}
}

func TestValkyrie_BlankCopiesMeanOne(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "VP", 2, "枚数", "")
	schematest.SetRule(s, "VPCards", "5")
	res := validateValkyrie(s)
	if len(res.Problems) != 0 {
		t.Fatalf("problems:\n%s", strings.Join(schematest.ProblemLines(res.Problems), "\n"))
	}
	if res.Components["VP"] != 5 || res.Data.(*Data).VPCards[1].Copies != 1 {
		t.Errorf("VP components = %d, copies = %d; want 5 and 1", res.Components["VP"], res.Data.(*Data).VPCards[1].Copies)
	}
}

func TestValkyrie_RulesDefaults(t *testing.T) {
	s := valkyrieSheets()
	s["Rules"] = [][]string{{"キー", "値"}}
	res := validateValkyrie(s)
	r := res.Data.(*Data).Rules
	for key, want := range map[string]int{
		"SupplyValkyries": 144, "FirstValkyries": 40, "Monsters": 2, "Weaknesses": 24, "VPCards": 40,
		"MinPlayers": 2, "MaxPlayers": 4, "StartingDeck": 10, "HandSize": 5, "RowSlots": 1,
		"AttackConsolationVP": 0, "StrictExceed": 1, "RevealWeakness": 1, "WeaknessEndsAtOnce": 0,
	} {
		if got := r.Int(key); got != want {
			t.Errorf("rule %s = %d, want %d", key, got, want)
		}
	}
	// With the seed's counts the small book is short everywhere.
	schematest.WantProblem(t, res.Problems, "Valkyrie", "J2", `supply Valkyries should number 144 but there are 6 (counted: J2:J3); fix the copies, or if this is intended, add to the Rules sheet a row "SupplyValkyries" with the value 6`)
	schematest.WantProblem(t, res.Problems, "FirstValkyrie", "G2", "First Valkyries should number 40 but there are 8")
}

func TestValkyrie_ComponentCounts(t *testing.T) {
	for _, tc := range []struct {
		rule, sheet, cell, want string
	}{
		{"SupplyValkyries", "Valkyrie", "J2", "supply Valkyries should number 7 but there are 6 (counted: J2:J3); fix the copies, or if this is intended, change Rules!B2 to 6"},
		{"FirstValkyries", "FirstValkyrie", "G2", "First Valkyries should number 7 but there are 8 (counted: G2:G3); fix the copies, or if this is intended, change Rules!B3 to 8"},
		{"Monsters", "Monster", "A2", "monsters should number 7 but there are 1 (counted: A2); add or remove rows, or if this is intended, change Rules!B4 to 1"},
		{"Weaknesses", "Weakness", "A2", "weaknesses should number 7 but there are 2 (counted: A2:A3); add or remove rows, or if this is intended, change Rules!B5 to 2"},
		{"VPCards", "VP", "D2", "VP cards should number 7 but there are 6 (counted: D2:D3); fix the copies, or if this is intended, change Rules!B6 to 6"},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			s := valkyrieSheets()
			schematest.SetRule(s, tc.rule, "7")
			schematest.WantProblem(t, validateValkyrie(s).Problems, tc.sheet, tc.cell, tc.want)
		})
	}
}

func TestValkyrie_DeckIsAssistOrBattle(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "Valkyrie", 1, "デッキ", "Support")
	schematest.WantProblem(t, validateValkyrie(s).Problems, "Valkyrie", "C2", "must be one of Assist, Battle")
}

func TestValkyrie_BothSupplyDecksNonEmpty(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "Valkyrie", 2, "デッキ", "Assist")
	ps := validateValkyrie(s).Problems
	schematest.WantProblem(t, ps, "Valkyrie", "A1", "the Battle supply deck has no Valkyries")
}

func TestValkyrie_SupplyDeckFillsItsSlots(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetRule(s, "RowSlots", "2")
	ps := validateValkyrie(s).Problems
	schematest.WantProblem(t, ps, "Valkyrie", "A1", "the Assist supply deck has only 3 cards but the supply has 6 slots")
	schematest.WantProblem(t, ps, "Valkyrie", "A1", "the Battle supply deck has only 3 cards but the supply has 6 slots")
}

func TestValkyrie_FirstValkyriesForMaxPlayers(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetRule(s, "StartingDeck", "3")
	schematest.WantProblem(t, validateValkyrie(s).Problems, "FirstValkyrie", "A1", "8 First Valkyries cannot give 4 players 3 each (12 needed")

	s = valkyrieSheets()
	schematest.SetRule(s, "MaxPlayers", "3") // 3 × 2 = 6 ≤ 8
	if ps := validateValkyrie(s).Problems; len(ps) != 0 {
		t.Errorf("3 players × 2 from 8 cards: %v", schematest.ProblemLines(ps))
	}
}

func TestValkyrie_PlayerRange(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetRule(s, "MinPlayers", "5")
	schematest.WantProblem(t, validateValkyrie(s).Problems, "Rules", "B8", "rule MinPlayers (5) is greater than MaxPlayers (4)")
}

func TestValkyrie_WeaknessMonsterResolves(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "Weakness", 1, "モンスター", "M9")
	schematest.WantProblem(t, validateValkyrie(s).Problems, "Weakness", "C2", `Monster "M9" does not exist`)

	res := Schema.Validate(schematest.BookOf(s), schema.NewLang("ja"))
	schematest.WantProblem(t, res.Problems, "Weakness", "C2", "モンスター「M9」は存在しません")
}

func TestValkyrie_TacticsMonsterResolves(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "RageTactics", 2, "モンスター", "M2")
	ps := validateValkyrie(s).Problems
	schematest.WantProblem(t, ps, "RageTactics", "B3", `Monster "M2" does not exist`)
	// Rage 2 of M1 now has no tactics, so its weakness is reported too.
	schematest.WantProblem(t, ps, "Weakness", "D3", `monster "M1" has no rage tactics for rage 2`)
}

func TestValkyrie_WeaknessRageHasTactics(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "Weakness", 2, "レイジ", "3")
	ps := validateValkyrie(s).Problems
	schematest.WantProblem(t, ps, "Weakness", "D3", `monster "M1" has no rage tactics for rage 3`)
	// Rage 2 now has tactics but no weakness.
	schematest.WantProblem(t, ps, "RageTactics", "C3", `monster "M1" has no rage-2 weaknesses, so these tactics never apply`)
}

func TestValkyrie_WeaknessRageIsANumber(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "Weakness", 1, "レイジ", "強")
	schematest.WantProblem(t, validateValkyrie(s).Problems, "Weakness", "D2", "must be a whole number")
}

func TestValkyrie_TacticsOnePerRage(t *testing.T) {
	s := valkyrieSheets()
	s["RageTactics"] = append(s["RageTactics"], []string{"T12b", "M1", "2", "funds +2"})
	schematest.WantProblem(t, validateValkyrie(s).Problems, "RageTactics", "C4", `monster "M1" has rage 2 tactics twice (first on row 3)`)
}

func TestValkyrie_RagesRunOnFromOne(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "RageTactics", 2, "レイジ", "3")
	schematest.SetCell(t, s, "Weakness", 2, "レイジ", "3")
	ps := validateValkyrie(s).Problems
	schematest.WantProblem(t, ps, "RageTactics", "C3", `monster "M1"'s rage levels do not run on from 1 (rage 2 is missing)`)
	if errs := schematest.ErrorsOf(ps); len(errs) != 0 {
		t.Errorf("a rage gap is only a warning; errors: %v", schematest.ProblemLines(errs))
	}
	for _, p := range ps {
		if p.Severity != schema.Warning {
			t.Errorf("want a warning, got %v", p)
		}
	}
}

func TestValkyrie_MonsterHasTactics(t *testing.T) {
	s := valkyrieSheets()
	s["Monster"] = append(s["Monster"], []string{"M2", "フェンリル"})
	s["Weakness"] = append(s["Weakness"], []string{"W2", "牙", "M2", "1", "4", "1", ""})
	schematest.SetRule(s, "Monsters", "2")
	schematest.SetRule(s, "Weaknesses", "3")
	ps := validateValkyrie(s).Problems
	schematest.WantProblem(t, ps, "Monster", "A3", `monster "M2" has no rage tactics`)
	schematest.WantProblem(t, ps, "Weakness", "D4", `monster "M2" has no rage tactics for rage 1`)
}

func TestValkyrie_MonsterHasWeaknesses(t *testing.T) {
	s := valkyrieSheets()
	s["Monster"] = append(s["Monster"], []string{"M2", "フェンリル"})
	s["RageTactics"] = append(s["RageTactics"], []string{"T21", "M2", "1", "draw 1"})
	schematest.SetRule(s, "Monsters", "2")
	ps := validateValkyrie(s).Problems
	schematest.WantProblem(t, ps, "Monster", "A3", `monster "M2" has no weaknesses (a game with it would end at once)`)
	if n := len(schematest.ErrorsOf(ps)); n != 1 {
		t.Errorf("want 1 error, got %v", schematest.ProblemLines(ps))
	}
}

func TestValkyrie_ConditionNeedsComparison(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "Valkyrie", 2, "効果", "power +1; [played Battle] power +1")
	schematest.WantProblem(t, validateValkyrie(s).Problems, "Valkyrie", "H3", `effect, character 12: condition "played" needs a comparison`)

	s = valkyrieSheets()
	schematest.SetCell(t, s, "FirstValkyrie", 1, "効果", "end: 【破壊数】 draw 1")
	schematest.WantProblem(t, validateValkyrie(s).Problems, "FirstValkyrie", "F2", `effect, character 7: condition "destroyed" needs a comparison`)
}

func TestValkyrie_EffectParseErrorsAtCell(t *testing.T) {
	for _, tc := range []struct {
		name, sheet, col, cell, src, want string
		row                               int
	}{
		{"unknown verb", "Valkyrie", "効果", "H2", "drwa 1", `unknown verb "drwa" (did you mean "draw"?)`, 1},
		{"tactics take no trigger", "RageTactics", "効果", "D2", "end: funds +1", `unknown trigger "end"`, 1},
		{"reward has no each_discard", "Weakness", "報酬", "G2", "each_discard 1", `unknown verb "each_discard"`, 1},
		{"main has no harden", "FirstValkyrie", "効果", "F3", "harden 2", `unknown verb "harden"`, 2},
		{"funds is positive", "Valkyrie", "効果", "H2", "funds -1", `bad argument "-1"; write a whole number from 1 to 10`, 1},
		{"deck word", "Valkyrie", "効果", "H2", "[played Support >= 1] draw 1", `bad argument "Support"; write one of Assist, Battle, First, Any`, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := valkyrieSheets()
			schematest.SetCell(t, s, tc.sheet, tc.row, tc.col, tc.src)
			schematest.WantProblem(t, validateValkyrie(s).Problems, tc.sheet, tc.cell, tc.want)
		})
	}
}

func TestValkyrie_GainVPPayableFromPool(t *testing.T) {
	s := valkyrieSheets()
	// Only 2VP cards: a 1VP reward cannot be paid exactly.
	s["VP"] = [][]string{{"ID", "名前", "VP", "枚数"}, {"V2", "2VP", "2", "6"}}
	ps := validateValkyrie(s).Problems
	schematest.WantProblem(t, ps, "Weakness", "G2", "the VP card pool cannot make exactly 1 VP")
	if errs := schematest.ErrorsOf(ps); len(errs) != 0 {
		t.Errorf("an unpayable gain_vp is only a warning; errors: %v", schematest.ProblemLines(errs))
	}

	s = valkyrieSheets()
	schematest.SetCell(t, s, "RageTactics", 2, "効果", "gain_vp 9") // the pool holds 8 VP
	schematest.WantProblem(t, validateValkyrie(s).Problems, "RageTactics", "D3", "the VP card pool cannot make exactly 9 VP")
}

func TestValkyrie_VPPaidLargestFirst(t *testing.T) {
	for _, tc := range []struct {
		pool map[int]int
		n    int
		want bool
	}{
		{map[int]int{1: 4, 2: 2}, 8, true},
		{map[int]int{1: 4, 2: 2}, 9, false},
		{map[int]int{1: 1, 2: 2}, 3, true},
		{map[int]int{2: 3}, 3, false},
		{map[int]int{3: 2, 2: 1}, 4, false}, // 3 first leaves 1: greedy cannot use 2+2
		{map[int]int{}, 1, false},
	} {
		if got := vpPayable(tc.pool, tc.n); got != tc.want {
			t.Errorf("vpPayable(%v, %d) = %v, want %v", tc.pool, tc.n, got, tc.want)
		}
	}
}

func TestValkyrie_BlankCardWarns(t *testing.T) {
	s := valkyrieSheets()
	schematest.SetCell(t, s, "Valkyrie", 1, "資金", "")
	ps := validateValkyrie(s).Problems
	schematest.WantProblem(t, ps, "Valkyrie", "B2", "the card has no funds, power, VP or effect")
	if errs := schematest.ErrorsOf(ps); len(errs) != 0 {
		t.Errorf("errors: %v", schematest.ProblemLines(errs))
	}
}

func TestValkyrie_RequiredCells(t *testing.T) {
	for _, tc := range []struct{ sheet, col, cell string }{
		{"Valkyrie", "コスト", "D2"},
		{"Valkyrie", "デッキ", "C2"},
		{"Weakness", "耐久値", "E2"},
		{"Weakness", "レイジ", "D2"},
		{"RageTactics", "レイジ", "C2"},
		{"VP", "VP", "C2"},
	} {
		t.Run(tc.sheet+"/"+tc.col, func(t *testing.T) {
			s := valkyrieSheets()
			schematest.SetCell(t, s, tc.sheet, 1, tc.col, "")
			schematest.WantProblem(t, validateValkyrie(s).Problems, tc.sheet, tc.cell, "is required")
		})
	}
}

func TestValkyrie_CardText(t *testing.T) {
	for _, tc := range []struct {
		vocab, src, want string
	}{
		{"", "[played Battle >= 2] power +2", "【このターンに使用したBattleのヴァルキリーが2枚以上】戦力+2を得る。"},
		{"", "【使用枚数 Any > 2】 引く 1", "【このターンに使用したヴァルキリーが2枚より多い】カードを1枚引く。"},
		{"", "[played First >= 1] funds 1", "【このターンに使用したファーストヴァルキリーが1枚以上】資金+1を得る。"},
		{"", "end: may trash 1", "ターン終了時：手札を1枚まで廃棄してもよい。"},
		{"", "ターン終了時: [destroyed >= 1] gain_vp 2", "ターン終了時：【このターンに破壊した弱点が1枚以上】2VP分のVPカードを得る。"},
		{"", "draw 2; discard 1", "カードを2枚引く。手札を1枚捨てる。"},
		{"", "cost -1", "このターン、ヴァルキリーのコスト-1。"},
		{"tactics", "funds +1", "ターンプレイヤーは資金+1を得る。"},
		{"tactics", "may trash 1", "ターンプレイヤーは手札を1枚まで廃棄してもよい。"},
		{"tactics", "trash_row front", "サプライ置場の前列のヴァルキリーをすべて廃棄する。"},
		{"tactics", "each_discard 1; harden 2", "各プレイヤーは手札を1枚捨てる。このターン、弱点の耐久値+2。"},
		{"tactics", "コスト +1", "このターン、ヴァルキリーのコスト+1。"},
		{"reward", "gain_free 4", "コスト4以下のヴァルキリー1枚を無料で入手する。"},
		{"reward", "may gain_free 4", "コスト4以下のヴァルキリー1枚を無料で入手してもよい。"},
	} {
		v := Schema.Vocabs[tc.vocab]
		e, err := effect.Parse(schema.Normalize(tc.src), v)
		if err != nil {
			t.Errorf("%s %q: %v", v.Name, tc.src, err)
			continue
		}
		if got := e.Text(v, nil); got != tc.want {
			t.Errorf("%s %q:\n got %s\nwant %s", v.Name, tc.src, got, tc.want)
		}
	}
}

// TestValkyrie_VocabularyComplete checks that every verb, condition and
// trigger is documented and printable, so engines and the printer can rely
// on it, and that the columns name existing vocabularies.
func TestValkyrie_VocabularyComplete(t *testing.T) {
	for name, v := range Schema.Vocabs {
		seen := map[string]bool{}
		for _, group := range [][]effect.Verb{v.Verbs, v.Conds} {
			for _, vb := range group {
				if vb.Name == "" || len(vb.Aliases) == 0 || vb.Text == "" || vb.Doc == "" {
					t.Errorf("vocab %q: %q lacks a name, alias, text or doc", name, vb.Name)
				}
				if !vb.Compare && vb.MayText == "" && slices.ContainsFunc(v.Verbs, func(x effect.Verb) bool { return x.Name == vb.Name }) {
					t.Errorf("vocab %q: verb %q has no MayText", name, vb.Name)
				}
				for _, a := range vb.Args {
					if a.Kind == effect.Ref {
						t.Errorf("vocab %q: %q takes a card ID, which checkValkyrie does not resolve", name, vb.Name)
					}
				}
				for _, n := range append([]string{vb.Name}, vb.Aliases...) {
					if seen[strings.ToLower(n)] {
						t.Errorf("vocab %q: name %q used twice", name, n)
					}
					seen[strings.ToLower(n)] = true
				}
			}
			clear(seen) // verbs and conditions live in separate namespaces
		}
		for _, tr := range v.Triggers {
			if tr.Text == "" || tr.Doc == "" || len(tr.Aliases) == 0 {
				t.Errorf("vocab %q: trigger %q lacks text, doc or alias", name, tr.Name)
			}
		}
	}
	for _, s := range Schema.Sheets {
		for _, c := range s.Columns() {
			if c.Kind == schema.KindEffect && Schema.Vocabs[c.Vocab] == nil {
				t.Errorf("%s.%s names vocab %q, which does not exist", s.Key, c.Field, c.Vocab)
			}
		}
	}
}
