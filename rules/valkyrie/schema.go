package valkyrie

import (
	"slices"

	"bifrost/schema"
	"bifrost/schema/effect"
)

// Valkyrie Strike card kinds. Field names follow the seed's own words: funds
// (資金), power (戦力), rage (レイジ), durability (耐久値).

// VValkyrie is a supply Valkyrie design, bought with funds from the Assist or
// Battle supply deck.
type Valkyrie struct {
	ID     string        `xlsx:"ID,ID,required"`
	Name   string        `xlsx:"名前,Name,required"`
	Deck   string        `xlsx:"デッキ,Deck,required" validate:"oneof=Assist Battle" doc:"属するサプライデッキ（Assist か Battle）"`
	Cost   int           `xlsx:"コスト,Cost,required" validate:"min=0,max=20" doc:"入手に払う資金" tune:"down"`
	Funds  int           `xlsx:"資金,Funds" validate:"min=0,max=10" doc:"使用したときに得る資金" tune:"up"`
	Power  int           `xlsx:"戦力,Power" validate:"min=0,max=20" doc:"使用したときに得る戦力" tune:"up"`
	VP     int           `xlsx:"VP,VP" validate:"min=0,max=10" doc:"ゲーム終了時、自分のデッキにあれば得るVP" tune:"up"`
	Effect schema.Effect `xlsx:"効果,Effect" doc:"効果言語。タイミング end:（ターン終了時）。【】の条件は使用した時点で判定" tune:"up"`
	Text   string        `xlsx:"テキスト,Text,textof=Effect" doc:"カードに印刷する文。空欄なら効果から生成"`
	Copies int           `xlsx:"枚数,Copies" validate:"min=1,max=30" doc:"同じカードの枚数。空欄は1"`
	Flavor string        `xlsx:"フレーバー,Flavor"`
}

// VFirstValkyrie is a First Valkyrie design: the starting decks. It has no
// supply deck and no cost, and never enters the supply.
type FirstValkyrie struct {
	ID     string        `xlsx:"ID,ID,required"`
	Name   string        `xlsx:"名前,Name,required"`
	Funds  int           `xlsx:"資金,Funds" validate:"min=0,max=10" doc:"使用したときに得る資金" tune:"up"`
	Power  int           `xlsx:"戦力,Power" validate:"min=0,max=20" doc:"使用したときに得る戦力" tune:"up"`
	VP     int           `xlsx:"VP,VP" validate:"min=0,max=10" doc:"ゲーム終了時、自分のデッキにあれば得るVP" tune:"up"`
	Effect schema.Effect `xlsx:"効果,Effect" doc:"効果言語（ヴァルキリーと同じ）" tune:"up"`
	Text   string        `xlsx:"テキスト,Text,textof=Effect" doc:"カードに印刷する文。空欄なら効果から生成"`
	Copies int           `xlsx:"枚数,Copies" validate:"min=1,max=40" doc:"同じカードの枚数。空欄は1"`
	Flavor string        `xlsx:"フレーバー,Flavor"`
}

// VMonster is a monster sheet. One is chosen per game; its weaknesses and
// rage tactics are the rows that name it.
type Monster struct {
	ID      string `xlsx:"ID,ID,required"`
	Name    string `xlsx:"名前,Name,required"`
	Epithet string `xlsx:"二つ名,Epithet" doc:"名前の前に添える呼び名（例: 空を舞う）"`
	Flavor  string `xlsx:"フレーバー,Flavor"`
}

// VRageTactic is one monster's rage tactics ability at one rage level. It is
// resolved in every turn's rage tactics phase while that rage is current.
type RageTactic struct {
	ID      string        `xlsx:"ID,ID,required"`
	Monster string        `xlsx:"モンスター,Monster,required" doc:"モンスターシートの ID"`
	Rage    int           `xlsx:"レイジ,Rage,required" validate:"min=1,max=9" doc:"このレイジのとき解決する（1から順に）"`
	Effect  schema.Effect `xlsx:"効果,Effect,vocab=tactics" doc:"効果言語（レイジタクティクスの語彙）。空欄なら何も起きない"`
	Text    string        `xlsx:"テキスト,Text,textof=Effect" doc:"シートに印刷する文。空欄なら効果から生成"`
}

// VWeakness is a weakness card: it sits in its monster's rage deck and is
// destroyed by an attack whose power exceeds its durability.
type Weakness struct {
	ID         string        `xlsx:"ID,ID,required"`
	Name       string        `xlsx:"名前,Name,required"`
	Monster    string        `xlsx:"モンスター,Monster,required" doc:"モンスターシートの ID"`
	Rage       int           `xlsx:"レイジ,Rage,required" validate:"min=1,max=9" doc:"入るレイジデッキ"`
	Durability int           `xlsx:"耐久値,Durability,required" validate:"min=0,max=99" doc:"これを超える戦力で攻撃すると破壊できる"`
	VP         int           `xlsx:"VP,VP" validate:"min=0,max=20" doc:"破壊して入手したとき、VPエリアで数えるVP"`
	Reward     schema.Effect `xlsx:"報酬,Reward,vocab=reward" doc:"効果言語（報酬の語彙）。破壊したときすぐに解決する"`
	Text       string        `xlsx:"テキスト,Text,textof=Reward" doc:"カードに印刷する文。空欄なら報酬から生成"`
	Flavor     string        `xlsx:"フレーバー,Flavor"`
}

// VVPCard is a victory point card design of the common pool.
type VPCard struct {
	ID     string `xlsx:"ID,ID,required"`
	Name   string `xlsx:"名前,Name,required"`
	VP     int    `xlsx:"VP,VP,required" validate:"min=1,max=10" doc:"カードに書かれた得点"`
	Copies int    `xlsx:"枚数,Copies" validate:"min=1,max=40" doc:"同じカードの枚数。空欄は1"`
}

// ValkyrieData is the validated Valkyrie Strike workbook, for the engine.
// Copies are filled in (a blank cell is 1).
type Data struct {
	Valkyries      []Valkyrie
	FirstValkyries []FirstValkyrie
	Monsters       []Monster
	RageTactics    []RageTactic
	Weaknesses     []Weakness
	VPCards        []VPCard
	Rules          schema.Rules
}

// Valkyrie is ヴァルキリーストライク, the 2–4 player deck-builder.
var Schema = &schema.Game{
	ID:    "valkyrie",
	Title: "ヴァルキリーストライク",
	Sheets: []*schema.SheetSpec{
		{Key: "Valkyrie", JA: "ヴァルキリー", Row: Valkyrie{}, Doc: "サプライのヴァルキリー。デッキ列で Assist と Battle のサプライデッキに分かれる。"},
		{Key: "FirstValkyrie", JA: "ファーストヴァルキリー", Row: FirstValkyrie{}, Doc: "各プレイヤーの初期山札になるヴァルキリー。サプライには入らない。"},
		{Key: "Monster", JA: "モンスター", Row: Monster{}, Doc: "巨大モンスターのシート。ゲームごとに1枚を選ぶ。"},
		{Key: "RageTactics", JA: "レイジタクティクス", Row: RageTactic{}, Doc: "モンスターのレイジごとの能力。モンスターとレイジの組ごとに1行。"},
		{Key: "Weakness", JA: "弱点", Row: Weakness{}, Doc: "モンスターの弱点カード。レイジごとにシャッフルしてレイジデッキにする。"},
		{Key: "VP", JA: "VPカード", Row: VPCard{}, Doc: "ビクトリーポイントカード。共通の山に置く。"},
	},
	Rules: valkyrieRules,
	Vocabs: map[string]*effect.Vocab{
		"":        valkyrieVocab,
		"tactics": valkyrieTacticsVocab,
		"reward":  valkyrieRewardVocab,
	},
	Check:    checkValkyrie,
	Messages: valkyrieMessages,
}

var valkyrieRules = []schema.RuleParam{
	{Key: "SupplyValkyries", Default: "144", Min: 1, Max: 999, Doc: "サプライのヴァルキリーの枚数（Assist と Battle の合計）"},
	{Key: "FirstValkyries", Default: "40", Min: 1, Max: 999, Doc: "ファーストヴァルキリーの枚数"},
	{Key: "Monsters", Default: "2", Min: 1, Max: 20, Doc: "モンスターの枚数"},
	{Key: "Weaknesses", Default: "24", Min: 1, Max: 999, Doc: "弱点カードの枚数（全モンスターの合計）"},
	{Key: "VPCards", Default: "40", Min: 0, Max: 999, Doc: "VPカードの枚数"},
	{Key: "MinPlayers", Default: "2", Min: 1, Max: 6, Doc: "最少人数（MaxPlayers 以下）"},
	{Key: "MaxPlayers", Default: "4", Min: 1, Max: 6, Doc: "最多人数（MinPlayers 以上）。ファーストヴァルキリーは MaxPlayers × StartingDeck 枚以上必要"},
	{Key: "StartingDeck", Default: "10", Min: 1, Max: 40, Doc: "各プレイヤーの初期山札の枚数（ファーストヴァルキリー）。残りは箱へ。ファーストヴァルキリーは MaxPlayers × StartingDeck 枚以上必要"},
	{Key: "HandSize", Default: "5", Min: 1, Max: 15, Doc: "ゲーム開始時とターン終了時に引く手札の枚数"},
	{Key: "RowSlots", Default: "1", Min: 1, Max: 5, Doc: "サプライ置場の1列あたり、サプライデッキごとの枠の数（前列・中列・後列）"},
	{Key: "AttackConsolationVP", Default: "0", Min: 0, Max: 5, Doc: "弱点を破壊できなかった攻撃1回で得るVP（VPカードで受け取る）"},
	{Key: "StrictExceed", Default: "○", Doc: "○なら戦力が耐久値を超えたとき、×なら耐久値以上で破壊する"},
	{Key: "RevealWeakness", Default: "○", Doc: "○ならレイジデッキの一番上の弱点を表向きにしておく。×なら攻撃するまで裏向き"},
	{Key: "EndConditionAtPlay", Default: "○", Doc: "○ならターン終了時（end:）の能力の【】の条件も、カードを使用した時点で判定し、その結果をターン終了まで覚えておく（ルールの「使用した時点で」）。×ならその能力を解決するときに判定する"},
	{Key: "WeaknessEndsAtOnce", Default: "×", Doc: "○なら最後の弱点を破壊した時点でゲーム終了。×ならそのラウンドを最後まで行う"},
	{Key: "TurnCap", Default: "400", Min: 10, Max: 10000, Doc: "シミュレーションの手番上限（全員の手番の合計）。超えたら未完了とする", Setting: true},
}

// valkyrieDeckWord is the deck argument of the "played" condition.
var valkyrieDeckWord = effect.ArgSpec{Name: "deck", Kind: effect.Word,
	Enum:   []string{"Assist", "Battle", "First", "Any"},
	Labels: []string{"Assistの", "Battleの", "ファースト", ""}}

// Verbs shared by several vocabularies. Each has one meaning everywhere; the
// tactics vocabulary only prints them differently (its actor is the turn
// player, named on the monster sheet).
var (
	verbFunds = effect.Verb{Name: "funds", Aliases: []string{"資金"},
		Args: []effect.ArgSpec{{Name: "n", Kind: effect.Signed, Min: 1, Max: 10}},
		Text: "資金{1}を得る", MayText: "資金{1}を得てもよい",
		Doc: "このターンの資金にnを加える"}
	verbPower = effect.Verb{Name: "power", Aliases: []string{"戦力"},
		Args: []effect.ArgSpec{{Name: "n", Kind: effect.Signed, Min: 1, Max: 20}},
		Text: "戦力{1}を得る", MayText: "戦力{1}を得てもよい",
		Doc: "このターンの戦力にnを加える"}
	verbDraw = effect.Verb{Name: "draw", Aliases: []string{"引く"},
		Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}},
		Text: "カードを{1}枚引く", MayText: "カードを{1}枚引いてもよい",
		Doc: "山札からn枚引いて手札に加える。山札が足りなければ捨て札をシャッフルして山札にし、両方尽きたら引ける分だけ"}
	verbDiscard = effect.Verb{Name: "discard", Aliases: []string{"捨てる"},
		Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}},
		Text: "手札を{1}枚捨てる", MayText: "手札を{1}枚捨ててもよい",
		Doc: "手札からn枚（足りなければすべて）を自分で選び、捨て札置場に置く"}
	verbTrash = effect.Verb{Name: "trash", Aliases: []string{"廃棄"},
		Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}},
		Text: "手札を{1}枚まで廃棄する", MayText: "手札を{1}枚まで廃棄してもよい",
		Doc: "手札から0〜n枚を選んで廃棄する。サプライのヴァルキリーはそのデッキの廃棄置場へ、ファーストヴァルキリーは箱へ"}
	verbGainVP = effect.Verb{Name: "gain_vp", Aliases: []string{"VP獲得"},
		Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 10}},
		Text: "{1}VP分のVPカードを得る", MayText: "{1}VP分のVPカードを得てもよい",
		Doc: "VPカードの山から、残りのVP以下で最も大きい値のカードを1枚ずつ取り、合計nVPになるまで入手エリアに置く（作れなければ取れる分だけ）"}
	verbGainFree = effect.Verb{Name: "gain_free", Aliases: []string{"無料入手"},
		Args: []effect.ArgSpec{{Name: "cost", Kind: effect.Count, Min: 0, Max: 20}},
		Text: "コスト{1}以下のヴァルキリー1枚を無料で入手する", MayText: "コスト{1}以下のヴァルキリー1枚を無料で入手してもよい",
		Doc: "サプライ置場の表向きのヴァルキリーから、今のコストがcost以下の1枚を選び、資金を払わずに入手エリアに置く（なければ何もしない）"}
	verbCost = effect.Verb{Name: "cost", Aliases: []string{"コスト"},
		Args: []effect.ArgSpec{{Name: "n", Kind: effect.Signed, Min: -5, Max: 5}},
		Text: "このターン、ヴァルキリーのコスト{1}", MayText: "このターン、ヴァルキリーのコストを{1}してもよい",
		Doc: "このターンの残りの間、サプライのヴァルキリーのコストをnだけ増減する（重ねがけは合算、コストは最低0）"}
)

var valkyrieVocab = &effect.Vocab{
	Name: "valkyrie",
	Triggers: []effect.Trigger{
		{Name: "end", Aliases: []string{"ターン終了時"}, Text: "ターン終了時：",
			Doc: "ターン終了フェイズに解決する（使用エリアのカードだけ。【】の条件はカードを使用した時点で判定。ルール EndConditionAtPlay が×なら解決するときに判定）"},
	},
	Verbs: []effect.Verb{verbFunds, verbPower, verbDraw, verbDiscard, verbTrash, verbGainVP, verbGainFree, verbCost},
	Conds: []effect.Verb{
		{Name: "played", Aliases: []string{"使用枚数"}, Args: []effect.ArgSpec{valkyrieDeckWord}, Compare: true,
			Text: "このターンに使用した{1}ヴァルキリーが{n}枚{op}",
			Doc:  "このターンにこのカードより前に使用したカードのうち、deck（Assist/Battle/First=ファーストヴァルキリー/Any=すべて）の枚数。このカード自身は数えない"},
		{Name: "hand", Aliases: []string{"手札"}, Compare: true,
			Text: "手札が{n}枚{op}", Doc: "今の手札の枚数（このカードは数えない）"},
		{Name: "rage", Aliases: []string{"レイジ"}, Compare: true,
			Text: "レイジが{n}{op}", Doc: "今のレイジ（空でない最小のレイジデッキの番号。すべて空なら最大のレイジ）"},
		{Name: "destroyed", Aliases: []string{"破壊数"}, Compare: true,
			Text: "このターンに破壊した弱点が{n}枚{op}", Doc: "このターンに自分が破壊した弱点の枚数"},
		{Name: "gained", Aliases: []string{"入手数"}, Compare: true,
			Text: "このターンに入手したヴァルキリーが{n}枚{op}", Doc: "このターンに自分が入手したヴァルキリーの枚数（無料の入手も含む）"},
	},
}

var valkyrieTacticsVocab = &effect.Vocab{
	Name: "valkyrie/tactics",
	Verbs: []effect.Verb{
		turnPlayer(verbFunds), turnPlayer(verbPower), turnPlayer(verbDraw), turnPlayer(verbDiscard), turnPlayer(verbTrash), turnPlayer(verbGainVP),
		{Name: "each_discard", Aliases: []string{"全員捨てる"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}},
			Text: "各プレイヤーは手札を{1}枚捨てる", MayText: "各プレイヤーは手札を{1}枚捨ててもよい",
			Doc: "ターンプレイヤーから順に、各プレイヤーが手札からn枚（足りなければすべて）を自分で選び、捨て札置場に置く"},
		{Name: "return_vp", Aliases: []string{"VP返却"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}},
			Text: "ターンプレイヤーはVPエリアのVPカードを{1}枚、山に戻す", MayText: "ターンプレイヤーはVPエリアのVPカードを{1}枚、山に戻してもよい",
			Doc: "ターンプレイヤーはVPエリアのVPカードn枚（足りなければすべて）を自分で選び、VPカードの山に戻す。弱点カードは戻さない"},
		{Name: "trash_row", Aliases: []string{"列廃棄"},
			Args: []effect.ArgSpec{{Name: "row", Kind: effect.Word, Enum: []string{"front", "middle", "back"}, Labels: []string{"前列", "中列", "後列"}}},
			Text: "サプライ置場の{1}のヴァルキリーをすべて廃棄する", MayText: "サプライ置場の{1}のヴァルキリーをすべて廃棄してもよい",
			Doc: "サプライ置場のその列のカードを、それぞれのデッキの廃棄置場に置く。空いた枠は次の侵攻フェイズまで空のまま"},
		{Name: "harden", Aliases: []string{"硬化"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 10}},
			Text: "このターン、弱点の耐久値+{1}", MayText: "このターン、弱点の耐久値を+{1}してもよい",
			Doc: "このターンの残りの間、すべての弱点の耐久値をnだけ上げる（重ねがけは合算）"},
		verbCost,
	},
}

var valkyrieRewardVocab = &effect.Vocab{
	Name:  "valkyrie/reward",
	Verbs: []effect.Verb{verbFunds, verbPower, verbDraw, verbTrash, verbGainVP, verbGainFree, verbCost},
}

// turnPlayer returns v with its card text addressed to the turn player, as a
// monster sheet prints it. The meaning is unchanged: the rage tactics phase
// happens on the turn player's own turn.
func turnPlayer(v effect.Verb) effect.Verb {
	v.Text = "ターンプレイヤーは" + v.Text
	v.MayText = "ターンプレイヤーは" + v.MayText
	return v
}

var valkyrieMessages = schema.Catalogue{
	"v_label_supply":        {"ヴァルキリー", "supply Valkyries"},
	"v_label_first":         {"ファーストヴァルキリー", "First Valkyries"},
	"v_label_monster":       {"モンスター", "monsters"},
	"v_label_weakness":      {"弱点", "weaknesses"},
	"v_label_vp":            {"VPカード", "VP cards"},
	"v_deck_empty":          {"サプライデッキ（%s）のヴァルキリーが1枚もありません", "the %s supply deck has no Valkyries"},
	"v_deck_short":          {"サプライデッキ（%s）は%d枚しかなく、サプライ置場の%d枠（3列×ルール RowSlots）を埋められません", "the %s supply deck has only %d cards but the supply has %d slots to fill (3 rows × rule RowSlots)"},
	"v_first_short":         {"ファーストヴァルキリーが%d枚では%d人に%d枚ずつ配れません（%d枚必要。ルール MaxPlayers と StartingDeck）", "%d First Valkyries cannot give %d players %d each (%d needed; rules MaxPlayers and StartingDeck)"},
	"v_players":             {"ルール MinPlayers（%d）が MaxPlayers（%d）より大きいです", "rule MinPlayers (%d) is greater than MaxPlayers (%d)"},
	"v_no_tactics":          {"モンスター「%s」にはレイジ%dのレイジタクティクスがありません", "monster %q has no rage tactics for rage %d"},
	"v_dup_tactics":         {"モンスター「%s」のレイジ%dのレイジタクティクスが重複しています（最初は %d 行目）", "monster %q has rage %d tactics twice (first on row %d)"},
	"v_rage_gap":            {"モンスター「%s」のレイジが1から連続していません（レイジ%dがありません）", "monster %q's rage levels do not run on from 1 (rage %d is missing)"},
	"v_monster_no_tactics":  {"モンスター「%s」にレイジタクティクスが1行もありません", "monster %q has no rage tactics"},
	"v_monster_no_weakness": {"モンスター「%s」に弱点が1枚もありません（選ぶとすぐにゲームが終わります）", "monster %q has no weaknesses (a game with it would end at once)"},
	"v_tactics_unused":      {"モンスター「%s」にはレイジ%dの弱点がないため、このレイジタクティクスは使われません", "monster %q has no rage-%d weaknesses, so these tactics never apply"},
	"v_cond_op":             {"効果の %d 文字目: 条件「%s」には比較が必要です（例: >= 2）", "effect, character %d: condition %q needs a comparison (e.g. >= 2)"},
	"v_vp_unpayable":        {"VPカードの山から%dVPちょうどを作れません（大きい値から取る規則で）", "the VP card pool cannot make exactly %d VP (taking the largest values first)"},
	"v_blank_card":          {"資金・戦力・VP・効果のどれもありません", "the card has no funds, power, VP or effect"},
	"v_limit_clauses":       {"効果の %d 文字目: 文が多すぎます（1つの効果に%d文まで。この文で%d文目）", "effect, character %d: too many clauses (at most %d in one effect; this is clause %d)"},
}

// valkyrieDeckSlots is the number of rows in the supply (front, middle, back).
const valkyrieDeckSlots = 3

// ValkyrieMaxClauses is the most clauses the engine plays in one effect.
const MaxClauses = 64

// checkValkyrie decodes the six sheets, checks across rows and counts the
// components: the seed's counts, both supply decks able to fill the supply,
// enough First Valkyries for the largest table, every weakness on a monster
// and rage that has tactics, rages running on from 1, and effects the VP
// pool can pay.
func checkValkyrie(c *schema.Checker) any {
	r := c.Rules
	val := schema.Decode[Valkyrie](c, c.Game.Spec("Valkyrie"))
	first := schema.Decode[FirstValkyrie](c, c.Game.Spec("FirstValkyrie"))
	mon := schema.Decode[Monster](c, c.Game.Spec("Monster"))
	tac := schema.Decode[RageTactic](c, c.Game.Spec("RageTactics"))
	weak := schema.Decode[Weakness](c, c.Game.Spec("Weakness"))
	vp := schema.Decode[VPCard](c, c.Game.Spec("VP"))

	if lo, hi := r.Int("MinPlayers"), r.Int("MaxPlayers"); lo > hi {
		sheet, row, col, header, _ := schema.RuleCell(c, "MinPlayers", "MaxPlayers")
		c.P.Errorf(sheet, row, col, header, "v_players", lo, hi)
	}

	// VP cards first: effects that gain VP are checked against the pool.
	pool := map[int]int{}
	nVP := 0
	for i := range vp.Items {
		v := &vp.Items[i]
		v.Copies = max(v.Copies, 1)
		nVP += v.Copies
		if v.VP > 0 {
			pool[v.VP] += v.Copies
		}
	}
	c.Count("VP", nVP)
	schema.ExpectCount(vp, schema.Indexes(vp.Items, nil), c.Lang.Msg("v_label_vp"), "VPCards", nVP)

	// Supply Valkyries: both decks must fill their share of the supply.
	byDeck := map[string]int{}
	nVal := 0
	for i := range val.Items {
		v := &val.Items[i]
		v.Copies = max(v.Copies, 1)
		nVal += v.Copies
		byDeck[v.Deck] += v.Copies
		checkValkyrieEffect(val, i, "Effect", v.Effect, pool)
		if v.Funds == 0 && v.Power == 0 && v.VP == 0 && v.Effect.Src == "" {
			val.Warnf(i, "Name", "v_blank_card")
		}
	}
	c.Count("Valkyrie", nVal)
	schema.ExpectCount(val, schema.Indexes(val.Items, nil), c.Lang.Msg("v_label_supply"), "SupplyValkyries", nVal)
	if len(val.Items) > 0 {
		slots := valkyrieDeckSlots * r.Int("RowSlots")
		for _, deck := range []string{"Assist", "Battle"} {
			switch n := byDeck[deck]; {
			case n == 0:
				val.SheetErrorf("v_deck_empty", deck)
			case n < slots:
				val.SheetErrorf("v_deck_short", deck, n, slots)
			}
		}
	}

	// First Valkyries: enough for the largest table.
	nFirst := 0
	for i := range first.Items {
		f := &first.Items[i]
		f.Copies = max(f.Copies, 1)
		nFirst += f.Copies
		checkValkyrieEffect(first, i, "Effect", f.Effect, pool)
		if f.Funds == 0 && f.Power == 0 && f.VP == 0 && f.Effect.Src == "" {
			first.Warnf(i, "Name", "v_blank_card")
		}
	}
	c.Count("FirstValkyrie", nFirst)
	schema.ExpectCount(first, schema.Indexes(first.Items, nil), c.Lang.Msg("v_label_first"), "FirstValkyries", nFirst)
	if players, each := r.Int("MaxPlayers"), r.Int("StartingDeck"); nFirst < players*each {
		first.SheetErrorf("v_first_short", nFirst, players, each, players*each)
	}

	// Monsters.
	monIdx := map[string]int{}
	for i, m := range mon.Items {
		if _, dup := monIdx[m.ID]; !dup && m.ID != "" {
			monIdx[m.ID] = i
		}
	}
	c.Count("Monster", len(mon.Items))
	schema.ExpectCount(mon, schema.Indexes(mon.Items, nil), c.Lang.Msg("v_label_monster"), "Monsters", len(mon.Items))

	// Rage tactics: one row per (monster, rage), rages running on from 1.
	type key struct {
		monster string
		rage    int
	}
	tacRow := map[key]int{} // → index into tac.Items
	for i, t := range tac.Items {
		checkValkyrieEffect(tac, i, "Effect", t.Effect, pool)
		if _, ok := monIdx[t.Monster]; !ok {
			if t.Monster != "" {
				tac.Errorf(i, "Monster", "unknown_ref", tac.Header("Monster"), t.Monster)
			}
			continue
		}
		if t.Rage < 1 {
			continue // blank or invalid, already reported
		}
		k := key{t.Monster, t.Rage}
		if j, dup := tacRow[k]; dup {
			tac.Errorf(i, "Rage", "v_dup_tactics", t.Monster, t.Rage, tac.Rows[j])
			continue
		}
		tacRow[k] = i
	}

	// Weaknesses: each names a monster and a rage that has tactics.
	weakBy := map[key]int{}
	weakOf := map[string]int{}
	for i, w := range weak.Items {
		checkValkyrieEffect(weak, i, "Reward", w.Reward, pool)
		if _, ok := monIdx[w.Monster]; !ok {
			if w.Monster != "" {
				weak.Errorf(i, "Monster", "unknown_ref", weak.Header("Monster"), w.Monster)
			}
			continue
		}
		weakOf[w.Monster]++
		if w.Rage < 1 {
			continue
		}
		weakBy[key{w.Monster, w.Rage}]++
		if _, ok := tacRow[key{w.Monster, w.Rage}]; !ok {
			weak.Errorf(i, "Rage", "v_no_tactics", w.Monster, w.Rage)
		}
	}
	c.Count("Weakness", len(weak.Items))
	schema.ExpectCount(weak, schema.Indexes(weak.Items, nil), c.Lang.Msg("v_label_weakness"), "Weaknesses", len(weak.Items))

	// Per monster: tactics exist, start at rage 1 without gaps, and apply.
	for i, m := range mon.Items {
		if j, ok := monIdx[m.ID]; !ok || j != i {
			continue // a blank or duplicate ID, reported by Decode
		}
		var rages []int
		for k := range tacRow {
			if k.monster == m.ID {
				rages = append(rages, k.rage)
			}
		}
		slices.Sort(rages)
		if len(rages) == 0 && tac.Found() {
			mon.Errorf(i, "ID", "v_monster_no_tactics", m.ID)
		}
		for want, got := range rages {
			if got != want+1 {
				tac.Warnf(tacRow[key{m.ID, got}], "Rage", "v_rage_gap", m.ID, want+1)
				break
			}
		}
		if weakOf[m.ID] == 0 && weak.Found() {
			mon.Errorf(i, "ID", "v_monster_no_weakness", m.ID)
			continue
		}
		for _, rage := range rages {
			if weakBy[key{m.ID, rage}] == 0 {
				tac.Warnf(tacRow[key{m.ID, rage}], "Rage", "v_tactics_unused", m.ID, rage)
			}
		}
	}

	return &Data{
		Valkyries:      val.Items,
		FirstValkyries: first.Items,
		Monsters:       mon.Items,
		RageTactics:    tac.Items,
		Weaknesses:     weak.Items,
		VPCards:        vp.Items,
		Rules:          r,
	}
}

// checkValkyrieEffect checks item i's effect column beyond parsing (each
// vocabulary declares exactly the triggers its column allows): a comparison
// on every condition (all Valkyrie Strike conditions count something, so a
// bare one has no meaning), gain_vp amounts the VP pool can pay, and at
// most ValkyrieMaxClauses clauses.
func checkValkyrieEffect[T any](s *schema.Sheet[T], i int, field string, e schema.Effect, pool map[int]int) {
	if e.AST == nil {
		return
	}
	if n := len(e.AST.Clauses); n > MaxClauses {
		s.Errorf(i, field, "v_limit_clauses", schema.CharNumber(e.Src, e.AST.Clauses[MaxClauses].Pos), MaxClauses, MaxClauses+1)
	}
	for _, cl := range e.AST.Clauses {
		for _, cond := range cl.Conds {
			if cond.Op == "" {
				s.Errorf(i, field, "v_cond_op", schema.CharNumber(e.Src, cond.Pos), cond.Name)
			}
		}
		if cl.Action.Name == "gain_vp" {
			if n := cl.Action.Int(0); !vpPayable(pool, n) {
				s.Warnf(i, field, "v_vp_unpayable", n)
			}
		}
	}
}

// vpPayable reports whether the full VP pool makes exactly n VP when cards
// are taken largest value first, each no larger than what is still owed; this
// is how gain_vp pays.
func vpPayable(pool map[int]int, n int) bool {
	values := make([]int, 0, len(pool))
	for v := range pool {
		values = append(values, v)
	}
	slices.Sort(values)
	for _, v := range slices.Backward(values) {
		take := min(pool[v], n/v)
		n -= take * v
	}
	return n == 0
}
