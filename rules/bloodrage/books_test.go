package bloodrage

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/layout/book"
	"bifrost/layout/book/booktest"
	"bifrost/schema"
	fig "bifrost/schema/figure"
	"bifrost/schema/workbook"
)

// expandBooks expands the player's books from the shipped workbook with the
// Rules values in set, as the rulebook command does, and returns each book's
// text by file name.
func expandBooks(t *testing.T, set map[string]string) map[string]string {
	t.Helper()
	b, err := workbook.Open("../../cardsrc/bloodrage.xlsx", "cardsrc/bloodrage.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	for key, value := range set {
		b, _ = booktest.WithRule(b, key, value)
	}
	res := Schema.Validate(b, schema.NewLang("en"))
	if schema.HasErrors(res.Problems) {
		t.Fatalf("%v does not validate: %v", set, res.Problems)
	}
	books, err := booktest.Expand(t, ".", book.Data{Game: Schema, Result: res, Lang: schema.English,
		Figures: map[string]*fig.Figure{"map": {W: 10, H: 10}}}) // the map's drawing states no rule
	if err != nil {
		t.Fatalf("%v: %v", set, err)
	}
	out := map[string]string{}
	for name, text := range books {
		out[name+".md"] = text
	}
	return out
}

// tableRows returns the rows of the markdown table whose header row is
// header, each as its cells.
func tableRows(t *testing.T, text, header string) [][]string {
	t.Helper()
	lines := strings.Split(text, "\n")
	i := slices.Index(lines, header)
	if i < 0 {
		t.Fatalf("no table headed %q in:\n%s", header, text)
	}
	var rows [][]string
	for _, l := range lines[i+2:] {
		if !strings.HasPrefix(l, "|") {
			break
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(l, "|"), "|") {
			cells = append(cells, strings.TrimSpace(c))
		}
		rows = append(rows, cells)
	}
	return rows
}

// TestRulebookStatesTheLeadersInvadeCostFromTheRulesSheet: the player's
// action table gives the invade cost as the figure's STR, and the Leader's
// as the Rules sheet's LeaderCost (0 in the base game), which the engine
// charges.
func TestRulebookStatesTheLeadersInvadeCostFromTheRulesSheet(t *testing.T) {
	for _, cost := range []string{"0", "2"} {
		text := expandBooks(t, map[string]string{"LeaderCost": cost})["rulebook.md"]
		var invade []string
		for _, r := range tableRows(t, text, "| アクション | 払う激情 | 内容 |") {
			if r[0] == "侵攻" {
				invade = r
			}
		}
		if invade == nil || !strings.Contains(invade[1], "リーダーは"+cost) {
			t.Errorf("LeaderCost %s: the action table's invade row is %q; want the Leader's cost %s", cost, invade, cost)
		}
	}
}

// TestRulebookPrintsTheDieTablesInDieOrder: the province and fjord tables
// are what a player reads a D10 or a D4 against, so their rows run 1, 2, 3…
func TestRulebookPrintsTheDieTablesInDieOrder(t *testing.T) {
	for _, shuffle := range []string{"○", "×"} {
		text := expandBooks(t, map[string]string{"ShufflePillageRewards": shuffle})["rulebook.md"]
		header := "| 番号 | 名前 | 領域 | 村 |"
		if shuffle == "×" {
			header = "| 番号 | 名前 | 領域 | 村 | 略奪報酬 |"
		}
		for _, tt := range []struct {
			header string
			n      int
		}{{header, 9}, {"| 番号 | 名前 |", 4}} {
			var got []int
			for _, r := range tableRows(t, text, tt.header) {
				n, _ := strconv.Atoi(r[0])
				got = append(got, n)
			}
			want := make([]int, tt.n)
			for i := range want {
				want[i] = i + 1
			}
			if !slices.Equal(got, want) {
				t.Errorf("the table headed %s lists numbers %v, want %v", tt.header, got, want)
			}
		}
	}
}

// TestRulebookNamesTheComponentsInJapanese: the component table names each
// kind of card in Japanese, as the rest of the book does.
func TestRulebookNamesTheComponentsInJapanese(t *testing.T) {
	text := expandBooks(t, nil)["rulebook.md"]
	var kinds []string
	for _, r := range tableRows(t, text, "| 種類 | 枚数 |") {
		kinds = append(kinds, r[0])
	}
	latin := regexp.MustCompile(`[a-z]`) // AIボード is Japanese; Quest, AIBoard are not
	for _, k := range kinds {
		if latin.MatchString(k) {
			t.Errorf("the component table names %q", k)
		}
	}
	for _, want := range []string{"AIボード", "クエストカード", "強化カード", "戦闘カード"} {
		if !slices.Contains(kinds, want) {
			t.Errorf("the component table lists %v, without %s", kinds, want)
		}
	}
}

// says is booktest.Says, written in the tables without field names.
type says struct {
	Value   string
	Phrases []string
}

// TestPlayerBooksAnswerAsTheRulesSheetSays expands the player's books under
// both settings of each switch the engine reads, and another value of the
// numbers that only a table or a parenthesis states: each setting's phrases
// must be printed, and the other setting's must not.
func TestPlayerBooksAnswerAsTheRulesSheetSays(t *testing.T) {
	for _, tt := range []struct {
		key  string
		a, b says
	}{
		{"KeepBlueUpgrades",
			says{"×", []string{"同じ目がもう一度出たら、またコストを払って実行します", "同じ赤か緑の強化をすでに得ている", "もう一度コストを払って実行します。"}},
			says{"○", []string{"青も含めてゲームの終わりまで得たものとして残ります", "同じ強化をすでに得ている", "色にかかわらず、実行できません"}}},
		{"EndWhenAIsDone",
			says{"○", []string{"プレイヤーに激情が残っていても終わります", "プレイヤーに激情が残っていても、アクションフェイズを終えます"}},
			says{"×", []string{"プレイヤーも激情が0になったかパスしたとき", "プレイヤーだけが手番を続けます", "尽きるかパスするまでプレイヤーだけ続ける"}}},
		{"HumanAlwaysFirst",
			says{"×", []string{"先手が時代ごとに左へ移ります", "先手を左へ移します", "先手を左へ移してドラフト"}},
			says{"○", []string{"どの時代も**プレイヤーの手番から**始まります", "先手は移さず", "プレイヤーを先手にしてドラフト"}}},
		{"RemoveByClanCount",
			says{"×", []string{"氏族の数にかかわらず**すべて**使います", "抜きません。"}},
			says{"○", []string{"人数の印のカードを抜きます", "人数の印で抜いたカード", "抜きます。基本ゲームどおり"}}},
		{"ShufflePillageRewards",
			says{"○", []string{"外周8地方のトークンはシャッフルして"}},
			says{"×", []string{"シャッフルはせず", "| 略奪報酬 |", "| 1 | アンゲルボカ | マンハイム | 5 | 激情ステータスを1段階上げる。 |"}}},
		{"LeaderSTR",
			says{"3", []string{"リーダー1体（戦力3）"}},
			says{"4", []string{"リーダー1体（戦力4）"}}},
		{"RageTrack",
			says{"6,7,8,9,12,12", []string{"| 激情 | 6,7,8,9,12,12 |"}},
			says{"6,7,8,9,12,13", []string{"| 激情 | 6,7,8,9,12,13 |"}}},
		{"AxesTrack",
			says{"3,4,5,6,8,8", []string{"| 名誉ステータス（斧） | 3,4,5,6,8,8 |"}},
			says{"3,4,5,6,8,9", []string{"| 名誉ステータス（斧） | 3,4,5,6,8,9 |"}}},
		{"HornsTrack",
			says{"4,5,6,7,10,10", []string{"| 指揮ステータス（角笛） | 4,5,6,7,10,10 |"}},
			says{"4,5,6,7,10,11", []string{"| 指揮ステータス（角笛） | 4,5,6,7,10,11 |"}}},
		{"KeepCards",
			says{"1", []string{"手札を1枚まで選んで残し", "| 1枚まで残す | ランダムに1枚残す |"}},
			says{"0", []string{"次の時代に持ち越すカードはありません", "| すべて捨てる | すべて捨てる |"}}},
		{"MaxHumanBattleCards",
			says{"3", []string{"両方を満たす**3枚**までとします"}},
			says{"4", []string{"この冊子では**4枚**までとします"}}},
	} {
		booktest.SayEach(t, tt.key, booktest.Says(tt.a), booktest.Says(tt.b), func(key, value string) map[string]string {
			return expandBooks(t, map[string]string{key: value})
		})
	}
}
