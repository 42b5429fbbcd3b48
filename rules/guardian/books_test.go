package guardian

import (
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"

	"bifrost/layout/book"
	"bifrost/layout/book/booktest"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

var (
	shippedBookOnce sync.Once
	shippedBook     *schema.Book
	shippedBookErr  error
)

// playerBooks expands rulebook.md and summary.md with the shipped
// workbook's Rules changed by kv (key, value, …), as a player reads them;
// the drawings (example cards, figures) print no rule text and are left out.
func playerBooks(t testing.TB, kv ...string) map[string]string {
	t.Helper()
	shippedBookOnce.Do(func() { shippedBook, shippedBookErr = workbook.Open(shipped, "guardian.xlsx") })
	if shippedBookErr != nil {
		t.Fatal(shippedBookErr)
	}
	return booktest.PlayerBooksWith(t, Schema, ".", shippedBook, kv...)
}

// says lists phrases of the rulebook and of the summary.
type says struct{ rulebook, summary []string }

// checkBooks fails for each phrase of want that the books do not say, and
// each of not that they still say.
func checkBooks(t *testing.T, books map[string]string, want, not says) {
	t.Helper()
	for _, c := range []struct {
		name      string
		want, not []string
	}{{"rulebook", want.rulebook, not.rulebook}, {"summary", want.summary, not.summary}} {
		for _, w := range c.want {
			if !strings.Contains(books[c.name], w) {
				t.Errorf("%s.md does not say %q", c.name, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(books[c.name], n) {
				t.Errorf("%s.md still says %q", c.name, n)
			}
		}
	}
}

// G24, G25: with no hand limit and no cheer-seat limit (0, the seed's
// reading) the books say there is none, never "0枚まで"; a limit is stated
// with its number wherever it applies, and the other limit stays "none".
func TestG24_G25_PlayerBooksSayNoLimitWhenTheLimitIs0(t *testing.T) {
	for _, c := range []struct {
		name      string
		kv        []string
		want, not says
	}{
		{name: "no limits",
			want: says{rulebook: []string{"**A.** どちらにも上限はありません。"}},
			not: says{rulebook: []string{"0枚まで", "0なら", "上限の0枚", "いっぱい"},
				summary: []string{"0枚まで", "0枚を超え", "いっぱい"}}},
		{name: "hand limit 7", kv: []string{"HandLimit", "7"},
			want: says{
				rulebook: []string{"**A.** 手札は7枚までです。終了フェイズに超えていたら", "応援席に上限はありません。", "手札が**7枚**を超えているプレイヤーは", "手札は上限の7枚を超えていない"},
				summary:  []string{"手札が7枚を超えたら、超えた分を消費ゾーンへ"}},
			not: says{rulebook: []string{"どちらにも上限はありません", "手札に上限はありません", "応援席は0枚"}}},
		{name: "cheer-seat limit 5", kv: []string{"CheerSeatLimit", "5"},
			want: says{
				rulebook: []string{"**A.** 手札に上限はありません。応援席は5枚までです。", "合わせて5枚まで", "応援席がいっぱい（5枚）のときは出せません", "応援席がいっぱいなら、手札に戻します"},
				summary:  []string{"応援席は5枚まで（いっぱいなら手札へ）"}},
			not: says{rulebook: []string{"どちらにも上限はありません", "応援席に上限はありません", "手札は0枚"}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkBooks(t, playerBooks(t, c.kv...), c.want, c.not) })
	}
}

// G10: the simulation's turn cap is no rule of the game: the player's books
// do not print it, and they read the same whatever it is. They state the
// rule that ends an endless extended battle instead: 千日手 after
// RepetitionLimit repetitions, or, with 0, no end until a battle is won.
func TestG10_PlayerBooksStateTheRepetitionRuleNotTheTurnCap(t *testing.T) {
	base := playerBooks(t)
	for _, name := range []string{"rulebook", "summary"} {
		md, err := os.ReadFile(name + ".md")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(md), `"TurnCap"`) {
			t.Errorf("%s.md prints TurnCap", name)
		}
	}
	if capped := playerBooks(t, "TurnCap", "500"); capped["rulebook"] != base["rulebook"] || capped["summary"] != base["summary"] {
		t.Error("the player's books change with TurnCap")
	}
	checkBooks(t, base, says{
		rulebook: []string{"どちらも勝てなくなることがあります（", "くり返しが2回になったら、その場でゲームは終わり、**引き分け**です。", "ことが2回くり返されたら、引き分けでゲームを終えます。"},
		summary:  []string{"千日手（同じ局面のくり返し）が2回で引き分け。"}},
		says{rulebook: []string{"100ターン", "ターンたっても"}})
	checkBooks(t, playerBooks(t, "RepetitionLimit", "3"), says{
		rulebook: []string{"くり返しが3回になったら"}, summary: []string{"が3回で引き分け"}},
		says{rulebook: []string{"くり返しが2回"}})
	checkBooks(t, playerBooks(t, "RepetitionLimit", "0"), says{
		rulebook: []string{"千日手になっても、延長戦はどちらかが戦闘に勝つまで続きます。", "**A.** 千日手になっても、どちらかが戦闘に勝つまで延長戦を続けます。"},
		summary:  []string{"千日手でも勝者が出るまで続ける。"}},
		says{rulebook: []string{"くり返しが", "局面が同じとは"}, summary: []string{"回で引き分け"}})
	checkBooks(t, playerBooks(t, "RepetitionLimit", "2", "ExtendedBattleLimit", "3"), says{
		rulebook: []string{"両者のリソースゾーンが0枚のまま3回続けて引き分けたら、それまでに勝った戦闘の数が多い人の勝利です。",
			"くり返しが2回になったら、その場でゲームは終わり、勝った戦闘の数が多い人の勝利です。同じ数なら**引き分け**です。"},
		summary: []string{"3回続けて引き分けたら勝った戦闘の多い人の勝ち。", "2回で勝った戦闘の多い人の勝ち（同数なら引き分け）"}},
		says{})
}

// Each ○/× rule the engine plays changes every place of the player's books
// that states it, and the other reading is gone; so do the numbers whose
// value 0 (or 1) needs other words.
func TestPlayerBooksStateTheRuleTheEngineReads(t *testing.T) {
	for _, c := range []struct {
		name      string
		kv        []string
		want, not says
	}{
		{name: "G6 WinCheckBeforeResource ×", kv: []string{"WinCheckBeforeResource", "×"},
			want: says{
				rulebook: []string{"戦闘に勝って相手のリソースゾーンを空にすることです", "加えた**後の枚数**で行います", "相手を3回負かせば勝ちです", "この処理の後で、勝利条件を確かめます", "**A.** 加えた後の枚数で判定します。", "それでもまだカードが残っているので"},
				summary:  []string{"相手のリソースゾーンを**0枚**にした人の勝ち（敗者がカードを加えた後の枚数で判定）"}},
			not: says{rulebook: []string{"前の枚数", "さらにもう1回勝つ", "この処理の前に", "0枚ではなかったので"}, summary: []string{"加える前"}}},
		{name: "G9 NoShipBothDraw ×", kv: []string{"NoShipBothDraw", "×"},
			want: says{rulebook: []string{"両者の負けとして扱います。勝者がいないので", "**A.** 両者の負けです。"}},
			not:  says{rulebook: []string{"出さなかったときは、引き分けとして扱います", "**A.** 引き分けです。"}}},
		{name: "G11 DrawChoosesLikeLoser ×", kv: []string{"DrawChoosesLikeLoser", "×"},
			want: says{rulebook: []string{"引き分けなら、両者とも守護者を応援席に置きます。", "**A.** 両者とも応援席へ移します。"},
				summary: []string{"敗者は手札か応援席へ（引き分けなら両者とも応援席へ）"}},
			not: says{rulebook: []string{"負けた側と同じように選びます", "手札に戻すか応援席へ移すかを決めます"}, summary: []string{"（引き分けなら両者）は手札か応援席へ"}}},
		{name: "G12 ForgeMandatory ×", kv: []string{"ForgeMandatory", "×"},
			want: says{rulebook: []string{"手札に守護者がいても、出さないことを選べます", "出さないことを選んだときも、**その戦闘の負けが決まります**", "**A.** できます。ただし、その戦闘は負けになります。"},
				summary: []string{"（出さなくてもよい）"}},
			not: says{rulebook: []string{"必ず出さなければなりません", "必ずフォージングします"}}},
		{name: "G13 BarredKeepsTriggers ×", kv: []string{"BarredKeepsTriggers", "×"},
			want: says{rulebook: []string{"「場にある限り」の効果も働きません", "**A.** アクションに加えて"}},
			not:  says{rulebook: []string{"効果は働きます", "**A.** アクションだけです"}}},
		{name: "G15 AdvanceSameBattle ×", kv: []string{"AdvanceSameBattle", "×"},
			want: says{rulebook: []string{"出したアドバンスの応援の能力は、次の戦闘から使えます。", "**A.** 次の戦闘から使えます。"}, summary: []string{"（応援は次の戦闘から）"}},
			not:  says{rulebook: []string{"すぐに使えます", "出したその戦闘から"}}},
		{name: "G17 PayFiresConsume ×", kv: []string{"PayFiresConsume", "×"},
			want: says{rulebook: []string{"コストに払ったときと同じく働きません", "**A.** 働きません。コストに払ったときと同じです。"}},
			not:  says{rulebook: []string{"この方法で消費したマテリアルの「消費時」の能力は働きます", "**A.** 働きます。"}}},
		{name: "G19 ResourceIsDraw ×", kv: []string{"ResourceIsDraw", "×"},
			want: says{rulebook: []string{"「引く」ことには数えません", "**A.** 数えません。"}},
			not:  says{rulebook: []string{"「引く」ことに数えます", "**A.** 数えます。"}}},
		{name: "G2 AffinityProposal ○", kv: []string{"AffinityProposal", "○"},
			want: says{rulebook: []string{"| 属性 | 有利 | 提案の有利 | 捨て身 |", "「提案の有利」の列で決まります", "「提案の有利」の列に書かれた相手に有利です"}},
			not:  says{rulebook: []string{"ふつうの属性どうしは互角です", "相性が動くのは、SPや闇の守護者が戦うときです"}}},
		{name: "G22 DeckExact ×", kv: []string{"DeckExact", "×"},
			want: says{rulebook: []string{"デッキは**30枚以上**で作ります", "（**30枚**以上。", "**A.** 30枚以上です。"}},
			not:  says{rulebook: []string{"ちょうど"}}},
		{name: "G1 AffinityBonus 0, AffinityPenalty 0", kv: []string{"AffinityBonus", "0", "AffinityPenalty", "0"},
			want: says{rulebook: []string{"有利・不利を条件にするカードが働きます", "相性によってポイントは増減しません", "| 有利 | 増減なし |", "**A.** 変わりません。", "相性ではポイントは動かないので"}},
			not:  says{rulebook: []string{"＋0", "−0", "ポイントが増減します", "相性の増減もAさんに味方して"}}},
		{name: "G1 AffinityPenalty 1", kv: []string{"AffinityPenalty", "1"},
			want: says{rulebook: []string{"| 不利 | −1 |", "不利で−1", "有利な側は＋1、不利な側は−1です。"}},
			not:  says{rulebook: []string{"不利な側は変わりません"}}},
		{name: "S2 S3 S7 R3 no hand, mulligan, resources or draw", kv: []string{"StartHand", "0", "Mulligans", "0", "ResourceZone", "0", "DrawPerTurn", "0"},
			want: says{
				rulebook: []string{"最初の手札はありません", "手札の引き直しはできません。", "リソースゾーンにはカードを置きません", "準備フェイズにカードを引きません", "最初に戦闘に勝った人がゲームに勝ちます", "カードの効果でリソースゾーンが増えたあとの局面です"},
				summary:  []string{"カードは引かない。"}},
			not: says{
				rulebook: []string{"0枚を引いて", "0回", "0枚を", "0枚引きます", "相手の選択を見てから決められますか", "両者は山札からカードを引きます"},
				summary:  []string{"0枚引く"}}},
		{name: "S3 R3 the numbers", kv: []string{"Mulligans", "2", "DrawPerTurn", "2", "ResourceZone", "4", "StartHand", "5", "DeckSize", "40", "MaxCopies", "3", "BasePoint", "2"},
			want: says{
				rulebook: []string{"**2回**まで引き直せます", "もう一度引き直すときは", "山札から**2枚**引きます", "山札が足りなければ、あるだけ引きます", "山札の上から**4枚**を、1枚ずつ", "相手を4回負かしたうえで",
					"山札の上から**5枚**を引いて", "デッキはちょうど**40枚**", "同じ名前のカードは**3枚**まで", "基本ポイント **2**"},
				summary: []string{"山札から2枚引く。", "基本2＋効果"}},
			not: says{rulebook: []string{"**1回**だけ"}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkBooks(t, playerBooks(t, c.kv...), c.want, c.not) })
	}
}

// The player's books expand under every combination of the ○/× rules the
// engine plays, name no Rules parameter, and print no 0 as a limit or a
// count; the summary fits its A5 sheet and its card with every switch
// flipped and every limit set (the lead's generic test flips one key at a
// time).
func TestPlayerBooksRenderUnderEverySwitch(t *testing.T) {
	switches := []string{"WinCheckBeforeResource", "NoShipBothDraw", "DrawChoosesLikeLoser", "ForgeMandatory",
		"BarredKeepsTriggers", "AdvanceSameBattle", "PayFiresConsume", "ResourceIsDraw", "AffinityProposal", "DeckExact"}
	var keys []string
	for _, p := range Schema.AllRules() {
		keys = append(keys, regexp.QuoteMeta(p.Key))
	}
	ruleKey := regexp.MustCompile(`\b(` + strings.Join(keys, "|") + `)\b`)
	zero := regexp.MustCompile(`[^0-9.]0(枚まで|回まで|枚を|枚引|回だけ)`)
	step := 1
	if testing.Short() {
		step = 37
	}
	// Many combinations expand to the same text: each text is searched once.
	checked := map[string]bool{}
	for mask := 0; mask < 1<<len(switches); mask += step {
		var kv []string
		for i, k := range switches {
			kv = append(kv, k, map[bool]string{true: "×", false: "○"}[mask&(1<<i) != 0])
			if k == "AffinityProposal" {
				kv[len(kv)-1] = map[bool]string{true: "○", false: "×"}[mask&(1<<i) != 0]
			}
		}
		for name, text := range playerBooks(t, kv...) {
			if checked[text] {
				continue
			}
			checked[text] = true
			if m := ruleKey.FindString(text); m != "" {
				t.Errorf("%v: %s.md names the Rules parameter %s", kv, name, m)
			}
			if m := zero.FindString(text); m != "" {
				t.Errorf("%v: %s.md says %q", kv, name, m)
			}
		}
	}
	fonts := book.WithFonts(book.InstalledChain(book.Mincho), book.InstalledChain(book.Gothic))
	for _, kv := range [][]string{nil, {"ForgeMandatory", "×", "DrawChoosesLikeLoser", "×", "AdvanceSameBattle", "×", "WinCheckBeforeResource", "×",
		"CheerSeatLimit", "30", "HandLimit", "30", "ExtendedBattleLimit", "1000", "RepetitionLimit", "100", "DrawPerTurn", "5", "BasePoint", "-9"}} {
		summary := playerBooks(t, kv...)["summary"]
		for _, paper := range [][]book.PDFOption{nil, {book.WithPaper("card")}} {
			if err := book.PDF(io.Discard, []byte(summary), nil, append(paper, fonts)...); err != nil {
				t.Errorf("%v: the summary: %v", kv, err)
			}
		}
	}
}
