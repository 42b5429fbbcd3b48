package guardian

import (
	"slices"
	"strings"
	"testing"

	"bifrost/schema"
	"bifrost/schema/effect"
	"bifrost/schema/schematest"
)

// guardianSheets returns a small valid guardian workbook. Its Rules sheet
// scales decks down to 8 cards (hand 3, resources 2) so a deck fits in a few
// rows: G1 ×2, G2 ×2, O1, A1 and M1 ×2.
func guardianSheets() map[string][][]string {
	return map[string][][]string{
		"Affinity": {
			{"属性", "有利", "捨て身"},
			{"火", "風", "○"},
			{"風", "土", "○"},
			{"土", "水", "○"},
			{"水", "火", "○"},
			{"SP", "*", "×"},
			{"闇", "全", "×"},
		},
		"Guardian": {
			{"ID", "名前", "属性", "効果", "使用回数"},
			{"G1", "鎚打ちのゴウエン", "火", "シップ時: ポイント +1", ""},
			{"G2", "砥ぎ水のミナモ", "水", "応援: 【消費 1 水】 引く 1; 応援: ポイント +1", "2"},
			{"G3", "刃匠ハガネ", "SP", "", ""},
			{"G4", "赤錆のサビオ", "闇", "シップ時: 記録する 「錆」 1; field: [記録 「錆」 >= 2] 相手ポイント -1", ""},
		},
		"Advance": {
			{"ID", "名前", "属性", "コスト", "コスト属性", "条件", "効果"},
			{"A1", "火造りの炉", "火", "2", "火", "【応援属性 火 >= 1】【消費 1 火】", "登場時: ポイント +1; 応援: [戦闘属性 火] ポイント +1"},
		},
		"Order": {
			{"ID", "名前", "属性", "効果"},
			{"O1", "火花散らし", "火", "【戦闘属性 火】ポイント +2"},
			{"O2", "一打入魂", "火", "[pay 1 火] point +2; draw 1"},
		},
		"Material": {
			{"ID", "名前", "属性", "効果"},
			{"M1", "鋼材", "火", "消費時: ポイント +1"},
			{"M2", "炭", "火", ""},
		},
		"Decks": {
			{"ID", "デッキ", "カードID", "枚数"},
			{"D1-01", "火の速攻", "G1", "2"},
			{"D1-02", "火の速攻", "G2", "2"},
			{"D1-03", "火の速攻", "O1", "1"},
			{"D1-04", "火の速攻", "A1", ""},
			{"D1-05", "火の速攻", "M1", "2"},
		},
		"Rules": {
			{"キー", "値"},
			{"DeckSize", "8"},
			{"StartHand", "3"},
			{"ResourceZone", "2"},
		},
	}
}

func validateGuardian(sheets map[string][][]string) schema.Result {
	return Schema.Validate(schematest.BookOf(sheets), schema.NewLang("en"))
}

func guardianData(t *testing.T, sheets map[string][][]string) *Data {
	t.Helper()
	res := validateGuardian(sheets)
	if schema.HasErrors(res.Problems) {
		t.Fatalf("unexpected errors:\n%s", strings.Join(schematest.ProblemLines(res.Problems), "\n"))
	}
	return res.Data.(*Data)
}

// wantOnly fails t unless ps holds exactly one problem, at sheet!cell, containing substr.
func wantOnly(t *testing.T, ps []schema.Problem, sheet, cell, substr string) {
	t.Helper()
	if len(ps) != 1 {
		t.Errorf("want exactly 1 problem, got %d:\n%s", len(ps), strings.Join(schematest.ProblemLines(ps), "\n"))
	}
	schematest.WantProblem(t, ps, sheet, cell, substr)
}

func TestGuardian_ValidBookHasNoProblems(t *testing.T) {
	res := validateGuardian(guardianSheets())
	if len(res.Problems) != 0 {
		t.Fatalf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(res.Problems), "\n"))
	}
	want := map[string]int{"Guardian": 4, "Advance": 1, "Order": 2, "Material": 2}
	for k, n := range want {
		if res.Components[k] != n {
			t.Errorf("components[%s] = %d, want %d", k, res.Components[k], n)
		}
	}
	if len(res.Components) != len(want) {
		t.Errorf("components = %v, want only the four card kinds", res.Components)
	}
}

func TestGuardian_RulesDefaults(t *testing.T) {
	s := guardianSheets()
	s["Rules"] = [][]string{{"キー", "値"}}
	res := validateGuardian(s)
	d := res.Data.(*Data)
	for key, want := range map[string]int{
		"DeckSize": 30, "MaxCopies": 2, "StartHand": 6, "Mulligans": 1, "ResourceZone": 3,
		"BasePoint": 1, "AffinityBonus": 1, "AffinityPenalty": 0, "DrawPerTurn": 1, "TurnCap": 100,
	} {
		if got := d.Rules.Int(key); got != want {
			t.Errorf("rule %s = %d, want %d", key, got, want)
		}
	}
	if !d.Rules.Bool("DeckExact") || !d.Rules.Bool("WinCheckBeforeResource") {
		t.Errorf("DeckExact and WinCheckBeforeResource default to ○")
	}
	// The 8-card sample deck is now short of the default 30.
	wantOnly(t, res.Problems, "Decks", "B2", `deck "火の速攻" should have 30 cards but has 8 (rule DeckSize)`)
}

func TestGuardian_RulesSetupFitsTheDeck(t *testing.T) {
	s := guardianSheets()
	schematest.SetRule(s, "StartHand", "7")
	wantOnly(t, validateGuardian(s).Problems, "Rules", "B3",
		"the starting hand (StartHand 7) and resources (ResourceZone 2) need more cards than a deck has (DeckSize 8)")
}

func TestGuardian_UsesDefaultToOne(t *testing.T) {
	d := guardianData(t, guardianSheets())
	if d.Guardians[0].Uses != 1 || d.Guardians[1].Uses != 2 || d.Advances[0].Uses != 1 {
		t.Errorf("uses = %d, %d, %d; want 1 (blank), 2, 1 (blank)", d.Guardians[0].Uses, d.Guardians[1].Uses, d.Advances[0].Uses)
	}
}

func TestGuardian_UsesNeedsACheerAbility(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Guardian", 1, "使用回数", "2") // G1 has only a ship: ability
	wantOnly(t, validateGuardian(s).Problems, "Guardian", "E2", "Uses applies only to a card with a cheer: ability")
}

func TestGuardian_AttributeResolves(t *testing.T) {
	for _, tc := range []struct{ sheet, col, cell string }{
		{"Guardian", "属性", "C2"},
		{"Advance", "属性", "C2"},
		{"Advance", "コスト属性", "E2"},
		{"Order", "属性", "C2"},
		{"Material", "属性", "C2"},
	} {
		t.Run(tc.sheet+"/"+tc.col, func(t *testing.T) {
			s := guardianSheets()
			schematest.SetCell(t, s, tc.sheet, 1, tc.col, "光")
			ps := validateGuardian(s).Problems
			schematest.WantProblem(t, ps, tc.sheet, tc.cell, `attribute "光" is not in the Affinity sheet`)
			if len(guardianErrors(ps)) != 1 {
				t.Errorf("want 1 error, got:\n%s", strings.Join(schematest.ProblemLines(ps), "\n"))
			}
		})
	}
}

func TestGuardian_AffinityBeatsResolve(t *testing.T) {
	for _, tc := range []struct{ name, beats, want string }{
		{"unknown", "風, 光", `attribute "光" is not in the Affinity sheet`},
		{"self", "火", `attribute "火" is listed as beating itself`},
		{"star alone", "*, 風", `"*" (all other attributes) must stand alone`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := guardianSheets()
			schematest.SetCell(t, s, "Affinity", 1, "有利", tc.beats)
			wantOnly(t, validateGuardian(s).Problems, "Affinity", "B2", tc.want)
		})
	}
}

func TestGuardian_AffinityMutualAdvantageWarns(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Affinity", 2, "有利", "土, 火") // 風 beats 火, and 火 beats 風
	ps := validateGuardian(s).Problems
	wantOnly(t, ps, "Affinity", "B3", `"火" and "風" each beat the other, so they cancel out to neutral`)
	if ps[0].Severity != schema.Warning {
		t.Errorf("a mutual advantage is a warning, got %s", ps[0].Severity)
	}
}

func TestGuardian_AffinitySheetNeedsRows(t *testing.T) {
	s := guardianSheets()
	s["Affinity"] = s["Affinity"][:1]
	// Only the empty sheet is reported, not every attribute that now fails to resolve.
	wantOnly(t, validateGuardian(s).Problems, "Affinity", "A1", "the sheet has no data rows")
}

func TestGuardian_AffinityMatchups(t *testing.T) {
	d := guardianData(t, guardianSheets())
	for _, tc := range []struct {
		a      string
		ra     bool
		b      string
		rb     bool
		want   int
		reason string
	}{
		{"火", false, "風", false, 1, "火 lists 風"},
		{"風", false, "火", false, -1, "the other side of the same edge"},
		{"火", false, "土", false, 0, "no edge between them"},
		{"火", false, "火", false, 0, "same attribute"},
		{"SP", false, "火", false, 1, "SP beats all others"},
		{"闇", false, "水", false, 1, "闇 (全) beats all others"},
		{"SP", false, "闇", false, 0, "each beats the other: cancels (G3)"},
		{"SP", false, "SP", false, 0, "SP is not other than itself (G3)"},
		{"火", true, "風", false, -1, "one reckless attack reverses the advantage (R7)"},
		{"風", false, "火", true, 1, "the reckless opponent's disadvantage becomes advantage (R7)"},
		{"火", true, "風", true, 1, "both reckless: normal affinity (R8)"},
		{"火", true, "土", false, 0, "a neutral pair stays neutral (G4)"},
		{"SP", false, "土", true, -1, "SP loses to a reckless opponent (R32)"},
	} {
		if got := d.Affinity(tc.a, tc.ra, tc.b, tc.rb); got != tc.want {
			t.Errorf("Affinity(%s %v, %s %v) = %d, want %d: %s", tc.a, tc.ra, tc.b, tc.rb, got, tc.want, tc.reason)
		}
	}
	if d.Attr("SP").Reckless || !d.Attr("火").Reckless || d.Attr("光") != nil {
		t.Errorf("SP may not go reckless, 火 may, and 光 does not exist")
	}
}

func TestGuardian_EffectAttributeResolves(t *testing.T) {
	for _, tc := range []struct{ sheet, col, cell, src, want string }{
		{"Guardian", "効果", "D2", "シップ時: [応援属性 光 >= 1] ポイント +1", `effect, character 13: attribute "光" is not in the Affinity sheet`},
		{"Order", "効果", "D2", "[pay 2 金] point +1", `effect, character 8: attribute "金" is not in the Affinity sheet`},
		{"Advance", "条件", "F2", "【相手属性 光】", `effect, character 7: attribute "光" is not in the Affinity sheet`},
	} {
		t.Run(tc.sheet, func(t *testing.T) {
			s := guardianSheets()
			schematest.SetCell(t, s, tc.sheet, 1, tc.col, tc.src)
			wantOnly(t, validateGuardian(s).Problems, tc.sheet, tc.cell, tc.want)
		})
	}
}

func TestGuardian_ConditionNeedsComparison(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Order", 1, "効果", "【応援属性 火】ポイント +2")
	wantOnly(t, validateGuardian(s).Problems, "Order", "D2", `effect, character 2: condition "cheer_attr" needs a comparison (e.g. >= 2)`)

	s = guardianSheets()
	schematest.SetCell(t, s, "Advance", 1, "条件", "[hand]")
	wantOnly(t, validateGuardian(s).Problems, "Advance", "F2", `effect, character 2: condition "hand" needs a comparison`)
}

func TestGuardian_FieldClauseUsesOnlyModifiers(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Guardian", 3, "効果", "field: draw 1")
	wantOnly(t, validateGuardian(s).Problems, "Guardian", "D4",
		`effect, character 8: a field: clause may only use point/ポイント, opp_point/相手ポイント, flip/相性逆転, nullify/相性無効 (found "draw")`)

	s = guardianSheets()
	schematest.SetCell(t, s, "Guardian", 3, "効果", "場にある限り: [有利] 相性無効; field: [reckless] point +1")
	if ps := validateGuardian(s).Problems; len(ps) != 0 {
		t.Errorf("field: nullify and point are lasting modifiers; got:\n%s", strings.Join(schematest.ProblemLines(ps), "\n"))
	}
}

func TestGuardian_PayOnlyInAUseCondition(t *testing.T) {
	const msg = "pay may only appear in a use condition"
	for _, tc := range []struct {
		name, sheet, col, src, cell string // cell "" means no problem
	}{
		{"order first clause", "Order", "効果", "[pay 1 火] point +1; draw 1", ""},
		{"order later clause", "Order", "効果", "point +1; [pay 1 火] draw 1", "D2"},
		{"first cheer clause", "Guardian", "効果", "ship: point +1; cheer: [pay 1 火] draw 1; cheer: point +1", ""},
		{"second cheer clause", "Guardian", "効果", "cheer: draw 1; cheer: [pay 1 火] point +1", "D2"},
		{"ship ability", "Guardian", "効果", "ship: [pay 1 火] point +1", "D2"},
		{"material consume", "Material", "効果", "consume: [pay 1 火] point +1", "D2"},
		{"advance condition", "Advance", "条件", "[pay 2 火] [hand >= 1]", ""},
		{"advance enter", "Advance", "効果", "enter: [pay 1 火] point +1", "G2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := guardianSheets()
			schematest.SetCell(t, s, tc.sheet, 1, tc.col, tc.src)
			ps := validateGuardian(s).Problems
			if tc.cell == "" {
				if len(ps) != 0 {
					t.Errorf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(ps), "\n"))
				}
				return
			}
			wantOnly(t, ps, tc.sheet, tc.cell, msg)
		})
	}
}

func TestGuardian_TriggersPerCardKind(t *testing.T) {
	for _, tc := range []struct{ sheet, cell, src, want string }{
		{"Guardian", "D2", "enter: point +1", `trigger "enter" is not allowed here (allowed: ship, cheer, prep, battle, field)`},
		{"Advance", "G2", "ship: point +1", `trigger "ship" is not allowed here (allowed: enter, cheer, prep, battle, field)`},
		{"Order", "D2", "ship: point +1", `trigger "ship" is not allowed here; write the effect without a trigger`},
		{"Material", "D2", "point +1", `effects in this column need a trigger, one of consume, written first as in "consume:"`},
	} {
		t.Run(tc.sheet, func(t *testing.T) {
			s := guardianSheets()
			schematest.SetCell(t, s, tc.sheet, 1, "効果", tc.src)
			wantOnly(t, validateGuardian(s).Problems, tc.sheet, tc.cell, tc.want)
		})
	}
}

func TestGuardian_EffectParseErrorsAtCell(t *testing.T) {
	for _, tc := range []struct{ name, sheet, col, cell, src, want string }{
		{"unknown verb", "Guardian", "効果", "D2", "ship: drwa 1", `effect, character 7: unknown verb "drwa" (did you mean "draw"?)`},
		{"point range", "Order", "効果", "D2", "point +12", `bad argument "+12"; write a whole number from -9 to 9`},
		{"order needs an effect", "Order", "効果", "D2", "", "Effect is required"},
		{"condition unclosed", "Advance", "条件", "F2", "【応援属性 火 >= 1", `effect, character 13: expected "】"`},
		{"condition holds no verb", "Advance", "条件", "F2", "draw 1", `unknown verb "draw"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := guardianSheets()
			schematest.SetCell(t, s, tc.sheet, 1, tc.col, tc.src)
			wantOnly(t, validateGuardian(s).Problems, tc.sheet, tc.cell, tc.want)
		})
	}
}

func TestGuardian_AdvanceConditionIsParsed(t *testing.T) {
	d := guardianData(t, guardianSheets())
	use := d.Advances[0].Use
	if use == nil || len(use.Clauses) != 1 {
		t.Fatalf("Use = %v, want one clause", use)
	}
	var names []string
	for _, c := range use.Clauses[0].Conds {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, []string{"cheer_attr", "pay"}) {
		t.Errorf("use conditions = %v, want [cheer_attr pay]", names)
	}
	if got, want := d.Advances[0].UseText(), "【応援席に火属性の守護者が1体以上いる】【手札から火属性のカードを1枚消費する】"; got != want {
		t.Errorf("UseText = %s, want %s", got, want)
	}
}

func TestGuardian_UsesNeedsAnAbilityAtAll(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Guardian", 3, "使用回数", "3") // G3 has no effect
	wantOnly(t, validateGuardian(s).Problems, "Guardian", "E4", "Uses applies only to a card with a cheer: ability")
}

func TestGuardian_ShipConditionsNeverHoldBeforeTheShip(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"戦闘: [戦闘属性 火] ポイント +1", `effect, character 6: condition "battle_attr" never holds at battle: (no Guardian is face up before the ship)`},
		{"prep: [hand >= 1] draw 1; prep: [advantage] draw 1", `effect, character 34: condition "advantage" never holds at prep:`},
	} {
		s := guardianSheets()
		schematest.SetCell(t, s, "Guardian", 3, "効果", tc.src)
		ps := validateGuardian(s).Problems
		wantOnly(t, ps, "Guardian", "D4", tc.want)
		if len(ps) == 1 && ps[0].Severity != schema.Warning {
			t.Errorf("want a warning, got %s", ps[0].Severity)
		}
	}
	s := guardianSheets()
	schematest.SetCell(t, s, "Guardian", 3, "効果", "battle: [cheer_attr 火 >= 1] point +1; ship: [advantage] point +1")
	if ps := validateGuardian(s).Problems; len(ps) != 0 {
		t.Errorf("cheer-seat conditions at battle: and ship conditions at ship: are fine; got:\n%s", strings.Join(schematest.ProblemLines(ps), "\n"))
	}
}

func TestGuardian_CostAttributeNeedsAMaterial(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Advance", 1, "コスト属性", "水") // no 水 Material
	ps := validateGuardian(s).Problems
	wantOnly(t, ps, "Advance", "E2", `no Material has the cost attribute "水", so this Advance can never be played`)
	if ps[0].Severity != schema.Warning {
		t.Errorf("want a warning, got %s", ps[0].Severity)
	}
	schematest.SetCell(t, s, "Advance", 1, "コスト", "0") // free: nothing to pay
	if ps := validateGuardian(s).Problems; len(ps) != 0 {
		t.Errorf("a cost-0 Advance needs no Material; got:\n%s", strings.Join(schematest.ProblemLines(ps), "\n"))
	}
}

func TestGuardian_CounterIsRecordedSomewhere(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Order", 2, "効果", "[counter 「風車」 >= 3] point +2")
	ps := validateGuardian(s).Problems
	wantOnly(t, ps, "Order", "D3", `effect, character 2: no card records "風車" (record)`)
	schematest.SetCell(t, s, "Material", 2, "効果", "consume: record 「風車」 1")
	if ps := validateGuardian(s).Problems; len(ps) != 0 {
		t.Errorf("the counter is recorded by M2 now; got:\n%s", strings.Join(schematest.ProblemLines(ps), "\n"))
	}
}

func TestGuardian_CardIDsUniqueAcrossSheets(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Material", 2, "ID", "O1")
	wantOnly(t, validateGuardian(s).Problems, "Material", "A3",
		`ID "O1" is also used by the card at Order!A2 (decks name cards by ID, so IDs must be unique across sheets)`)
}

func TestGuardian_SameNameAcrossDesignsWarns(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Guardian", 3, "名前", "鎚打ちのゴウエン")
	ps := validateGuardian(s).Problems
	wantOnly(t, ps, "Guardian", "B4", `name "鎚打ちのゴウエン" is also used by the card at Guardian!A2`)
	if ps[0].Severity != schema.Warning {
		t.Errorf("want a warning, got %s", ps[0].Severity)
	}
}

func TestGuardian_DeckSizeIsExact(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Decks", 5, "枚数", "1") // 7 cards
	wantOnly(t, validateGuardian(s).Problems, "Decks", "B2", `deck "火の速攻" should have 8 cards but has 7 (rule DeckSize)`)

	schematest.SetCell(t, s, "Decks", 5, "枚数", "3") // 9 cards
	wantOnly(t, validateGuardian(s).Problems, "Decks", "B2", `deck "火の速攻" should have 8 cards but has 9`)
}

func TestGuardian_DeckSizeAtLeastWhenNotExact(t *testing.T) {
	s := guardianSheets()
	schematest.SetRule(s, "DeckExact", "×")
	schematest.SetCell(t, s, "Decks", 5, "枚数", "3") // 9 cards: fine
	if ps := validateGuardian(s).Problems; len(ps) != 0 {
		t.Errorf("9 cards is at least 8; got:\n%s", strings.Join(schematest.ProblemLines(ps), "\n"))
	}
	schematest.SetCell(t, s, "Decks", 5, "枚数", "1") // 7 cards
	wantOnly(t, validateGuardian(s).Problems, "Decks", "B2", `deck "火の速攻" should have at least 8 cards but has 7 (rule DeckSize)`)
}

func TestGuardian_DeckMaxCopiesOfAName(t *testing.T) {
	// A third 鎚打ちのゴウエン on a later row, in place of one O1.
	s := guardianSheets()
	schematest.SetCell(t, s, "Decks", 3, "カードID", "G1")
	wantOnly(t, validateGuardian(s).Problems, "Decks", "D4",
		`deck "火の速攻": the same-name card "鎚打ちのゴウエン" appears 3 times; at most 2 are allowed (rule MaxCopies)`)

	// The limit is per name: a second design with the same name shares it.
	s = guardianSheets()
	schematest.SetCell(t, s, "Guardian", 3, "名前", "鎚打ちのゴウエン") // G3 is now a same-name card
	schematest.SetCell(t, s, "Decks", 3, "カードID", "G3")
	schematest.WantProblem(t, validateGuardian(s).Problems, "Decks", "D4", `the same-name card "鎚打ちのゴウエン" appears 3 times`)

	// Without a Copies column every row is 1 copy and the problem sits on the card cell.
	s = guardianSheets()
	for i := range s["Decks"] {
		s["Decks"][i] = s["Decks"][i][:3]
	}
	schematest.SetCell(t, s, "Decks", 2, "カードID", "G1")
	schematest.SetCell(t, s, "Decks", 3, "カードID", "G1")
	schematest.WantProblem(t, validateGuardian(s).Problems, "Decks", "C4", `the same-name card "鎚打ちのゴウエン" appears 3 times`)
}

func TestGuardian_DeckMaterialsAreUnlimited(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Decks", 2, "カードID", "M1") // M1 ×2 in place of G2: with row 5, M1 ×4
	if ps := validateGuardian(s).Problems; len(ps) != 0 {
		t.Errorf("Materials are exempt from MaxCopies; got:\n%s", strings.Join(schematest.ProblemLines(ps), "\n"))
	}
}

func TestGuardian_DeckCardMustExist(t *testing.T) {
	for _, tc := range []struct{ card, want string }{
		{"G9", `card ID "G9" does not exist`},
		{"鋼材", `card ID "鋼材" does not exist (did you mean "M1"?)`},
		{"g1", `card ID "g1" does not exist (did you mean "G1"?)`},
	} {
		s := guardianSheets()
		schematest.SetCell(t, s, "Decks", 1, "カードID", tc.card)
		wantOnly(t, validateGuardian(s).Problems, "Decks", "C2", tc.want)
	}
}

func TestGuardian_DeckWithoutGuardiansWarns(t *testing.T) {
	s := guardianSheets()
	schematest.SetCell(t, s, "Decks", 1, "カードID", "M2")
	schematest.SetCell(t, s, "Decks", 2, "カードID", "O2")
	ps := validateGuardian(s).Problems
	wantOnly(t, ps, "Decks", "B2", `deck "火の速攻" has no Guardians`)
	if ps[0].Severity != schema.Warning {
		t.Errorf("want a warning, got %s", ps[0].Severity)
	}
}

func TestGuardian_DecksSheetNeedsRows(t *testing.T) {
	s := guardianSheets()
	s["Decks"] = s["Decks"][:1]
	wantOnly(t, validateGuardian(s).Problems, "Decks", "A1", "the sheet has no data rows")
}

func TestGuardian_GuardianSheetNeedsRows(t *testing.T) {
	s := guardianSheets()
	s["Guardian"] = s["Guardian"][:1]
	s["Decks"] = [][]string{{"ID", "デッキ", "カードID", "枚数"}, {"D1-01", "火の速攻", "M1", "8"}}
	ps := validateGuardian(s).Problems
	schematest.WantProblem(t, ps, "Guardian", "A1", "the sheet has no data rows")
	schematest.WantProblem(t, ps, "Decks", "B2", `deck "火の速攻" has no Guardians`)
	if len(ps) != 2 {
		t.Errorf("want 2 problems, got:\n%s", strings.Join(schematest.ProblemLines(ps), "\n"))
	}
}

func TestGuardian_DecksGroupByName(t *testing.T) {
	s := guardianSheets()
	s["Decks"] = append(s["Decks"],
		[]string{"D2-01", "水の制御", "G2", "2"},
		[]string{"D2-02", "水の制御", "M2", "6"},
		[]string{"D1-06", "火の速攻", "M2", "0"}, // bad copies: reported, counted as 1
	)
	schematest.SetCell(t, s, "Decks", 5, "枚数", "1")
	res := validateGuardian(s)
	wantOnly(t, res.Problems, "Decks", "D9", "Copies must be 1 or greater")
	d := res.Data.(*Data)
	if len(d.Decks) != 2 || d.Decks[0].Name != "火の速攻" || d.Decks[1].Name != "水の制御" || d.Decks[1].Row != 7 {
		t.Fatalf("decks = %+v", d.Decks)
	}
	if got := d.Decks[0].Cards; len(got) != 6 || got[3] != (schema.SampleDeckCard{ID: "A1", Copies: 1}) || got[5].ID != "M2" {
		t.Errorf("火の速攻 cards = %+v", got)
	}
}

func TestGuardian_CardText(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"ship: point +1", "シップ時：ポイント+1。"},
		{"シップ時: 任意 引く 1", "シップ時：カードを1枚引いてもよい。"},
		{"cheer: [pay 1 水] draw 1", "応援：【手札から水属性のカードを1枚消費する】カードを1枚引く。"},
		{"【応援属性 火 >= 2】ポイント +2", "【応援席に火属性の守護者が2体以上いる】ポイント+2。"},
		{"[battle_attr 火] opp_point -1", "【戦闘に火属性の守護者が出ている】相手のポイント-1。"},
		{"field: [resource <= 1] point +1", "このカードが場にある限り、【リソースゾーンが1枚以下】ポイント+1。"},
		{"prep: [hand <= 3] draw 1", "準備フェイズ開始時：【手札が3枚以下】カードを1枚引く。"},
		{"battle: [cheer_count >= 3] point +1", "戦闘フェイズ開始時：【応援席に守護者が3体以上いる】ポイント+1。"},
		{"ship: record 「錆」 1; [counter 「錆」 >= 2] opp_point -1", "シップ時：「錆」を1回記録する。【「錆」の記録が2回以上】相手のポイント-1。"},
		{"enter: return_cheer 1", "登場時：応援席の守護者を1体選んで手札に戻す。"},
		{"consume: [opp_reckless] point +1", "消費時：【相手が捨て身の攻撃をしている】ポイント+1。"},
		{"[disadvantage] nullify", "【相性が不利】相性によるポイントの増減をなくす。"},
		{"[opp_attr SP] flip", "【相手の守護者がSP属性】相性を逆転する。"},
		{"next_point +2", "次のターン、ポイント+2。"},
		{"[opp_resource <= 1] break_advance 1", "【相手のリソースゾーンが1枚以下】相手の応援席のアドバンスを1枚選んで消費ゾーンに置く。"},
		{"[consumed >= 4] recover 1; opp_discard 1", "【消費ゾーンのカードが4枚以上】消費ゾーンのマテリアルを1枚選んで手札に加える。相手は手札を1枚選んで消費ゾーンに置く。"},
		{"[advances >= 1] [reckless] take 1; fortify 1", "【応援席にアドバンスが1枚以上ある】【捨て身の攻撃をしている】リソースゾーンの上からカードを1枚手札に加える。山札の上からカードを1枚リソースゾーンに置く。"},
		{"[advantage] point +1", "【相性が有利】ポイント+1。"},
	} {
		e, err := effect.Parse(schema.Normalize(tc.src), guardianVocab)
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if got := e.Text(guardianVocab, nil); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

// TestGuardian_VocabularyComplete checks that every verb, condition and
// trigger is documented and printable, that card text never names "あなた"
// (the seed's text principle), and that every Ref argument is an attribute
// (checkGuardian resolves Refs against the Affinity sheet only).
func TestGuardian_VocabularyComplete(t *testing.T) {
	v := guardianVocab
	for _, group := range [][]effect.Verb{v.Verbs, v.Conds} {
		seen := map[string]bool{}
		for _, vb := range group {
			if vb.Name == "" || len(vb.Aliases) == 0 || vb.Text == "" || vb.Doc == "" {
				t.Errorf("%q lacks a name, alias, text or doc", vb.Name)
			}
			if strings.Contains(vb.Text+vb.MayText, "あなた") {
				t.Errorf("%q: card text may not say あなた", vb.Name)
			}
			for _, a := range vb.Args {
				if a.Kind == effect.Ref && a.Name != "attribute" {
					t.Errorf("%q: Ref argument %q is not an attribute", vb.Name, a.Name)
				}
			}
			for _, n := range append([]string{vb.Name}, vb.Aliases...) {
				if seen[strings.ToLower(n)] {
					t.Errorf("name %q used twice", n)
				}
				seen[strings.ToLower(n)] = true
			}
		}
	}
	for _, vb := range v.Verbs {
		if vb.MayText == "" {
			t.Errorf("verb %q has no MayText", vb.Name)
		}
	}
	for _, tr := range v.Triggers {
		if tr.Text == "" || tr.Doc == "" || len(tr.Aliases) == 0 {
			t.Errorf("trigger %q lacks text, doc or alias", tr.Name)
		}
	}
	for _, name := range guardianFieldVerbs {
		if v.Verb(name) == nil {
			t.Errorf("field verb %q is not in the vocabulary", name)
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

// TestGuardian_MessagesInBothLanguages renders every guardian message in
// Japanese and English, so a key missing from either side or a format
// mismatch shows up.
func TestGuardian_MessagesInBothLanguages(t *testing.T) {
	for key, m := range guardianMessages {
		if !strings.HasPrefix(key, "g_") || m[0] == "" || m[1] == "" {
			t.Errorf("message %q: want a g_ key with ja and en", key)
		}
		if strings.Count(m[0], "%") != strings.Count(m[1], "%") {
			t.Errorf("message %q: ja and en take different arguments", key)
		}
	}
	s := guardianSheets()
	schematest.SetCell(t, s, "Decks", 3, "カードID", "G1")
	ps := Schema.Validate(schematest.BookOf(s), schema.NewLang("ja")).Problems
	wantOnly(t, ps, "Decks", "D4", "デッキ「火の速攻」に同名カード「鎚打ちのゴウエン」が3枚あります。2枚までです（ルール MaxCopies）")
}

func guardianErrors(ps []schema.Problem) []schema.Problem {
	var out []schema.Problem
	for _, p := range ps {
		if p.Severity == schema.Error {
			out = append(out, p)
		}
	}
	return out
}
