package valkyrie

import (
	"io"
	"regexp"
	"strings"
	"testing"

	"bifrost/layout/book"
	"bifrost/layout/book/booktest"
)

// playerBooks expands rulebook.md and summary.md (the A5 summary and the
// summary card) with the shipped workbook's Rules changed by kv (key, value,
// …), as a player reads them; the drawings (example cards, figures) print
// no rule text and are left out.
func playerBooks(t *testing.T, kv ...string) map[string]string {
	t.Helper()
	return booktest.PlayerBooksWith(t, Schema, ".", shippedBook(t), kv...)
}

// TestG2_G3_G4_G6_T13_PlayerBooksStateTheRuleTheEngineReads: each Rules
// value the engine plays changes every place of the player's books that
// states that rule, and the other reading is gone. Phrases are matched
// with the books' markdown, bold marks included.
func TestG2_G3_G4_G6_T13_PlayerBooksStateTheRuleTheEngineReads(t *testing.T) {
	type says struct{ rulebook, summary []string }
	for _, c := range []struct {
		name      string
		kv        []string
		want, not says
	}{
		{name: "the seed's readings",
			want: says{
				rulebook: []string{"2〜4人で遊ぶ",
					"レイジ1のデッキの一番上のカードを表向きにします", "このカードは表向きなので、耐久値がわかります", "表向きにしておき、全員が耐久値を見られます", // G2
					"耐久値を**超えていれば**", "耐久値以下の戦力では破壊できません", "5は4を超えているので破壊です", "レンは戦力5を割り当てて破壊", "できません。「超える」とは", // G3
					"**A.** ありません。", "レンはこれ以上攻撃しませんでした", // G4
					"終わりに向かいます", "\n終わりが決まっても、ゲームはすぐには終わりません", "**A.** 終わりません。", "最大の番号のレイジを使います", // G6, G5
					"「ターン終了時：」の効果の条件も同じです", "満たしていなかった能力は、解決しません", "**A.** そのカードを使ったときです", // T13
					"空いた後列に、そのデッキのサプライデッキの一番上から1枚を", "各プレイヤーに10枚ずつ", "上から5枚を引いて", "山札から5枚を引いて"},
				summary: []string{"準備：2〜4人", "10枚を切って山札にし、5枚引く", "1枚ずつ表向き", "レイジ1の一番上だけ表向き",
					"耐久値を**超えれば**", "（「ターン終了時：」も）", "弱点がすべてなくなったら、全員のターン数がそろうまで"}},
			not: says{
				rulebook: []string{"裏向きのまま", "**以上なら**", "できます。耐久値と同じ", "VP分のVPカードを受け取", "その場で終わります", "ターンの途中", "解決するときに確かめます"},
				summary:  []string{"表に返す", "**以上なら**", "VP分のVPカード", "報酬を受け取った時点で終了", "解決するとき"}}},
		{name: "G3 StrictExceed ×", kv: []string{"StrictExceed", "×"},
			want: says{
				rulebook: []string{"耐久値**以上なら**", "耐久値より少ない戦力では破壊できません", "5は4以上なので破壊です", "レンは戦力4を割り当てて破壊", "残りは戦力3です", "**A.** できます。耐久値と同じか"},
				summary:  []string{"耐久値**以上なら**破壊"}},
			not: says{
				rulebook: []string{"超えて", "超える", "超えられ", "耐久値以下の戦力では"},
				summary:  []string{"超え"}}},
		{name: "G2 RevealWeakness ×", kv: []string{"RevealWeakness", "×"},
			want: says{
				rulebook: []string{"レイジデッキはすべて裏向きのままにします", "だれかが攻撃するまで裏向きのままです", "割り当てる量を決めてから表に返し", "破壊されるまで表向きのままです",
					"これは裏向きのままです", "裏向きの弱点を戦力5で攻撃します。表に返すと、耐久値は4でした", "次の弱点は裏向きで、耐久値はわかりません", "攻撃したときに表に返します"},
				summary: []string{"（裏向きなら、割り当ててから表に返す）", "攻撃された弱点は表にし、破壊されるまでそのまま"}},
			not: says{
				rulebook: []string{"一番上のカードを表向きにします", "表向きなので、耐久値がわかります", "これを表向きにします", "表向きの弱点（耐久値4）", "次の弱点が表向きになり", "全員が耐久値を見られます"},
				summary:  []string{"一番上だけ表向き"}}},
		{name: "G4 AttackConsolationVP 2", kv: []string{"AttackConsolationVP", "2"},
			want: says{
				rulebook: []string{"破壊できなかったときは、2VP分のVPカードを受け取り、入手エリアに置きます。これは1ターンに1回までです", "**A.** 2VP分のVPカードを、1ターンに1回まで", "レンは戦力1だけを割り当てて攻撃し、2VP分のVPカードを受け取りました"},
				summary:  []string{"破壊できなかった攻撃には、2VP分のVPカード（1ターンに1回まで）"}},
			not: says{rulebook: []string{"**A.** ありません。", "レンはこれ以上攻撃しませんでした"}}},
		{name: "G4 AttackConsolationVP with face-down weaknesses", kv: []string{"AttackConsolationVP", "1", "RevealWeakness", "×"},
			want: says{rulebook: []string{"破壊できなかったので、1VP分のVPカードを受け取りました"}}},
		{name: "G6 WeaknessEndsAtOnce ○", kv: []string{"WeaknessEndsAtOnce", "○"},
			want: says{
				rulebook: []string{"モンスターの弱点がすべて破壊されると、ゲームはその場で終わります", "サプライが尽きて終わりが決まっても", "ターンの途中でもすぐにゲーム終了です", "ターン終了フェイズは行わず",
					"数える前にそのプレイヤーが片付けをします", "**A.** 終わります。", "使用エリアと入手エリアのヴァルキリーも入ります"},
				summary: []string{"報酬を受け取った時点で終了", "片付けてから数える"}},
			not: says{
				rulebook: []string{"**A.** 終わりません。", "最大の番号のレイジを使います", "すべてのレイジデッキが空なら", "\n終わりが決まっても"},
				summary:  []string{"弱点がすべてなくなったら、全員のターン数がそろうまで"}}},
		{name: "T13 EndConditionAtPlay ×", kv: []string{"EndConditionAtPlay", "×"},
			want: says{
				rulebook: []string{"「ターン終了時：」の効果の条件だけは、ターン終了フェイズにその効果を解決するときに確かめます", "【】の条件は、それぞれの能力を解決するときに確かめます",
					"【】の条件は、その効果を解決するときに確かめます", "**A.** その能力を解決するときです"},
				summary: []string{"（「ターン終了時：」は解決するとき）"}},
			not: says{
				rulebook: []string{"条件も同じです", "満たしていなかった能力は、解決しません", "結果をターン終了まで覚えておきます", "**A.** そのカードを使ったときです"},
				summary:  []string{"（「ターン終了時：」も）"}}},
		{name: "G10 G12 the numbers", kv: []string{"RowSlots", "2", "StartingDeck", "8", "HandSize", "6", "MinPlayers", "3", "MaxPlayers", "3"},
			want: says{
				rulebook: []string{"3人で遊ぶ", "デッキごとに2枚ずつ置きます", "空いた後列の2つの枠すべてに", "各プレイヤーに8枚ずつ", "自分の8枚をよく切って", "上から6枚を引いて", "山札から6枚を引いて", "**A.** デッキごとに2枚です", "**A.** 8枚で"},
				summary:  []string{"準備：3人。", "8枚を切って山札にし、6枚引く", "デッキごとに2枚ずつ表向き", "6枚引く。左隣"}},
			not: says{
				rulebook: []string{"3〜3人", "10枚", "5枚を引いて", "1枚ずつ置きます"},
				summary:  []string{"3〜3人", "10枚", "5枚引く"}}},
		{name: "E5 two players at most", kv: []string{"MaxPlayers", "2"},
			want: says{rulebook: []string{"2人で遊ぶ", "AとBの2人で", "Bのターンが終わると全員のターン数がそろう"}},
			not:  says{rulebook: []string{"A、B、C", "2〜2人"}}},
		{name: "E5 four players at least", kv: []string{"MinPlayers", "4"},
			want: says{rulebook: []string{"4人で遊ぶ", "A、B、C、Dの4人で、Aが最初のプレイヤーです", "CからDまでが1ターンずつ", "Dのターンが終わると"}},
			not:  says{rulebook: []string{"A、B、Cの3人", "4〜4人"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			books := playerBooks(t, c.kv...)
			check := func(name string, want, not []string) {
				text := books[name]
				for _, w := range want {
					if !strings.Contains(text, w) {
						t.Errorf("%s.md does not say %q", name, w)
					}
				}
				for _, n := range not {
					if n != "" && strings.Contains(text, n) {
						t.Errorf("%s.md still says %q", name, n)
					}
				}
			}
			check("rulebook", c.want.rulebook, c.not.rulebook)
			check("summary", c.want.summary, c.not.summary)
		})
	}
}

// TestPlayerBooksRenderUnderEverySwitch expands the player's books under
// every combination of the ○/× switches the engine reads, with and without
// a VP card for a failed attack: each renders,
// names no parameter, never says 超える of a weakness outside the reading
// that breaks only above the durability, and the summary still fits its A5
// sheet and its card (the lead's generic test flips one key at a time).
func TestPlayerBooksRenderUnderEverySwitch(t *testing.T) {
	switches := []string{"StrictExceed", "RevealWeakness", "WeaknessEndsAtOnce", "EndConditionAtPlay"}
	var keys []string
	for _, p := range Schema.Rules {
		keys = append(keys, regexp.QuoteMeta(p.Key))
	}
	ruleKey := regexp.MustCompile(`\b(` + strings.Join(keys, "|") + `)\b`)
	fonts := book.WithFonts(book.InstalledChain(book.Mincho), book.InstalledChain(book.Gothic))
	for mask := range 1 << (len(switches) + 1) {
		var kv []string
		for i, k := range switches {
			kv = append(kv, k, map[bool]string{true: "○", false: "×"}[mask&(1<<i) != 0])
		}
		kv = append(kv, "AttackConsolationVP", []string{"0", "1"}[mask>>len(switches)])
		books := playerBooks(t, kv...)
		for _, paper := range [][]book.PDFOption{nil, {book.WithPaper("card")}} {
			if err := book.PDF(io.Discard, []byte(books["summary"]), nil, append(paper, fonts)...); err != nil {
				t.Errorf("%v: the summary: %v", kv, err)
			}
		}
		for name, text := range books {
			if m := ruleKey.FindString(text); m != "" {
				t.Errorf("%v: %s.md names the Rules parameter %s", kv, name, m)
			}
			if kv[1] == "×" && strings.Contains(text, "超え") {
				t.Errorf("%v: %s.md says 超える, but an attack equal to the durability breaks the weakness", kv, name)
			}
		}
	}
}
