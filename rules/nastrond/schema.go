package nastrond

import (
	"fmt"
	"slices"

	"bifrost/schema"
	"bifrost/schema/effect"
)

// Nastrond card kinds. Field names follow the seed's own words.

// NValkyria is a player's Valkyria card: a name and a base colour.
type Valkyria struct {
	ID     string `xlsx:"ID,ID,required" doc:"カードの識別子（英数字）。シート内で重複不可"`
	Name   string `xlsx:"名前,Name,required" doc:"ヴァルキリアの名前"`
	Colour string `xlsx:"色,Colour,required" validate:"oneof=赤 青 緑 黄" doc:"ベースカラー（ウルズと自分のサイコロの色）。ヴァルキリアごとに違う色"`
	Flavor string `xlsx:"フレーバー,Flavor" doc:"カードに印刷するフレーバーテキスト"`
}

// NUrd is an Urd card design: one row per colour, with its copies.
type Urd struct {
	ID     string `xlsx:"ID,ID,required" doc:"カードの識別子（英数字）"`
	Colour string `xlsx:"色,Colour,required" validate:"oneof=赤 青 緑 黄" doc:"ヴァルキリアのベースカラー"`
	Copies int    `xlsx:"枚数,Copies,required" validate:"min=1,max=99" doc:"この色のウルズの枚数。色ごとの合計はルール UrdPerColour"`
}

// NEdda is an Edda (story) card: a square of layer 1–3 with growth icons.
type Edda struct {
	ID        string `xlsx:"ID,ID,required" doc:"カードの識別子（英数字）"`
	Name      string `xlsx:"名前,Name,required" doc:"物語の題名"`
	Layer     int    `xlsx:"階層,Layer,required" validate:"min=1,max=3" doc:"1 ミドガルズ / 2 ニブルヘイム / 3 フヴェルゲルミル"`
	Target    int    `xlsx:"目標値,Target,required" validate:"min=1,max=60" doc:"チャレンジロールの成功に必要なパワー"`
	VP        int    `xlsx:"VP,VP" validate:"min=0,max=30" doc:"成功時に得るVP。空欄は0"`
	Courage   int    `xlsx:"勇気,Courage" validate:"min=0,max=3" doc:"勇気アイコンの数（サイコロ1個の目+1）"`
	Intellect int    `xlsx:"知性,Intellect" validate:"min=0,max=3" doc:"知性アイコンの数（サイコロ1個を8面体に）"`
	Dignity   int    `xlsx:"威厳,Dignity" validate:"min=0,max=3" doc:"威厳アイコンの数（成功時VP+1）"`
	Affection int    `xlsx:"親愛,Affection" validate:"min=0,max=3" doc:"親愛アイコンの数（スカウトのコスト-1）"`
	Copies    int    `xlsx:"枚数,Copies" validate:"min=1,max=20" doc:"同じカードの枚数。空欄は1"`
	Story     string `xlsx:"物語,Story" doc:"カードに印刷する物語の文"`
}

// NEinherjar is an Einherjar card: hired in phase 4, with one skill.
type Einherjar struct {
	ID     string        `xlsx:"ID,ID,required" doc:"カードの識別子（英数字）"`
	Name   string        `xlsx:"名前,Name,required" doc:"戦士の名前"`
	Layer  int           `xlsx:"登場階層,Layer,required" validate:"min=1,max=3" doc:"この階層以上にいるときスカウトできる。コスト支払いに戻したときの価値にもなる"`
	Cost   int           `xlsx:"コスト,Cost" validate:"min=0,max=9" doc:"雇うのに必要なコスト。空欄は0" tune:"down"`
	Skill  schema.Effect `xlsx:"スキル,Skill" doc:"効果言語。タイミングは before_roll:（ロール前） after_roll:（ロール後。省略時） after_fix:（目の確定後） scout:（スカウト時）" tune:"up"`
	Text   string        `xlsx:"テキスト,Text,textof=Skill" doc:"カードに印刷する文。空欄ならスキルから生成"`
	Copies int           `xlsx:"枚数,Copies" validate:"min=1,max=20" doc:"同じカードの枚数。空欄は1"`
	Flavor string        `xlsx:"フレーバー,Flavor" doc:"カードに印刷するフレーバーテキスト"`
}

// NKeeper guards a bridge between layers; layer-1 Keepers also name start squares.
type Keeper struct {
	ID        string `xlsx:"ID,ID,required" doc:"カードの識別子（英数字）"`
	Name      string `xlsx:"名前,Name,required" doc:"キーパーの名前"`
	Layer     int    `xlsx:"階層,Layer,required" validate:"min=1,max=3" doc:"守る階層。第1・第2層は四隅、第3層はエッダに混ぜて配置"`
	Target    int    `xlsx:"目標値,Target,required" validate:"min=1,max=60" doc:"チャレンジロールの成功に必要なパワー"`
	VP        int    `xlsx:"VP,VP" validate:"min=0,max=30" doc:"成功時に得るVP。空欄は0"`
	Start     int    `xlsx:"開始位置,Start" validate:"min=0,max=5" doc:"第1層のみ: キーパーの角から時計回りに何マス先がスタート地点か（空欄は0＝キーパーのマス）。第1層のキーパーごとに違う値にする"`
	Courage   int    `xlsx:"勇気,Courage" validate:"min=0,max=3" doc:"勇気アイコンの数（通常は空欄）"`
	Intellect int    `xlsx:"知性,Intellect" validate:"min=0,max=3" doc:"知性アイコンの数（通常は空欄）"`
	Dignity   int    `xlsx:"威厳,Dignity" validate:"min=0,max=3" doc:"威厳アイコンの数（通常は空欄）"`
	Affection int    `xlsx:"親愛,Affection" validate:"min=0,max=3" doc:"親愛アイコンの数（通常は空欄）"`
	Flavor    string `xlsx:"フレーバー,Flavor" doc:"カードに印刷するフレーバーテキスト"`
}

// NNidhogg is the layer-4 boss: it revives however often it is beaten.
type Nidhogg struct {
	ID     string `xlsx:"ID,ID,required" doc:"カードの識別子（英数字）"`
	Name   string `xlsx:"名前,Name,required" doc:"ボスの名前"`
	Target int    `xlsx:"目標値,Target,required" validate:"min=1,max=60" doc:"チャレンジロールの成功に必要なパワー"`
	VP     int    `xlsx:"VP,VP" validate:"min=0,max=30" doc:"成功するたびに得るVP"`
	Flavor string `xlsx:"フレーバー,Flavor" doc:"カードに印刷するフレーバーテキスト"`
}

// NastrondData is the validated Nastrond workbook, for the engine.
type Data struct {
	Valkyria  []Valkyria
	Urd       []Urd
	Edda      []Edda
	Einherjar []Einherjar
	Keepers   []Keeper
	Nidhogg   []Nidhogg
	Rules     schema.Rules
}

// Nastrond is the dice-and-board game of draft 13.
var Schema = &schema.Game{
	ID:    "nastrond",
	Title: "ナーストレンド",
	Sheets: []*schema.SheetSpec{
		{Key: "Valkyria", JA: "ヴァルキリア", Row: Valkyria{}, Doc: "プレイヤーが操るヴァルキリア。色ごとに1枚。"},
		{Key: "Urd", JA: "ウルズ", Row: Urd{}, Doc: "ウルズカード。色ごとに1行で、枚数列に枚数。"},
		{Key: "Edda", JA: "エッダ", Row: Edda{}, Doc: "盤面のマスになる物語カード。階層ごとの枚数はルールシートで決まる。"},
		{Key: "Einherjar", JA: "エインヘリアル", Row: Einherjar{}, Doc: "スカウトできる戦士の魂。スキルは効果言語で書く。"},
		{Key: "Keeper", JA: "キーパー", Row: Keeper{}, Doc: "階層をつなぐビルレストを守るボス。第1層のキーパーはスタート地点も決める。"},
		{Key: "Nidhogg", JA: "ニーズヘッグ", Row: Nidhogg{}, Doc: "中央（第4階層）に固定のボス。何度でも復活する。"},
	},
	Rules:    nastrondRules,
	Vocabs:   map[string]*effect.Vocab{"": nastrondVocab},
	Check:    checkNastrond,
	Messages: nastrondMessages,
}

var nastrondRules = []schema.RuleParam{
	{Key: "Valkyria", Default: "4", Min: 2, Max: 4, Doc: "ヴァルキリアカードの枚数（最大人数。色は4色まで）"},
	{Key: "UrdPerColour", Default: "12", Min: 1, Max: 30, Doc: "1色あたりのウルズカードの枚数"},
	{Key: "UrdFor2", Default: "12", Min: 1, Max: 30, Doc: "2人プレイで1人が受け取るウルズの枚数（自分の色のウルズから受け取るので UrdPerColour まで）"},
	{Key: "UrdFor3", Default: "10", Min: 1, Max: 30, Doc: "3人プレイで1人が受け取るウルズの枚数（自分の色のウルズから受け取るので UrdPerColour まで）"},
	{Key: "UrdFor4", Default: "9", Min: 1, Max: 30, Doc: "4人プレイで1人が受け取るウルズの枚数（自分の色のウルズから受け取るので UrdPerColour まで）"},
	{Key: "EddaLayer1", Default: "20", Min: 20, Max: 22, Doc: "第1層のエッダの枚数。盤面の第1層は24マスで固定なので、KeeperLayer1 との合計をちょうど24にする（KeeperLayer1 が2〜4なので20〜22）"},
	{Key: "EddaLayer2", Default: "12", Min: 12, Max: 16, Doc: "第2層のエッダの枚数。盤面の第2層は16マスで固定なので、KeeperLayer2 との合計をちょうど16にする（KeeperLayer2 が0〜4なので12〜16）"},
	{Key: "EddaLayer3", Default: "6", Min: 0, Max: 8, Doc: "第3層のエッダの枚数。盤面の第3層は8マスで固定なので、KeeperLayer3 との合計をちょうど8にする"},
	{Key: "EinherjarLayer1", Default: "21", Min: 0, Max: 99, Doc: "登場階層1のエインヘリアルの枚数"},
	{Key: "EinherjarLayer2", Default: "8", Min: 0, Max: 99, Doc: "登場階層2のエインヘリアルの枚数"},
	{Key: "EinherjarLayer3", Default: "4", Min: 0, Max: 99, Doc: "登場階層3のエインヘリアルの枚数"},
	{Key: "KeeperLayer1", Default: "4", Min: 2, Max: 4, Doc: "第1層のキーパーの枚数（四隅に置く。各プレイヤーに1枚ずつ配ってスタート地点を決めるので Valkyria 以上）。EddaLayer1 との合計は第1層の24マス"},
	{Key: "KeeperLayer2", Default: "4", Min: 0, Max: 4, Doc: "第2層のキーパーの枚数（四隅に置く）。EddaLayer2 との合計は第2層の16マス"},
	{Key: "KeeperLayer3", Default: "2", Min: 0, Max: 8, Doc: "第3層のキーパーの枚数（第3層のエッダに混ぜる）。EddaLayer3 との合計は第3層の8マス"},
	{Key: "Nidhogg", Default: "1", Min: 1, Max: 1, Doc: "ニーズヘッグの枚数"},
	{Key: "OwnDice", Default: "2", Min: 0, Max: 6, Doc: "各自が持つ自分の色の6面体サイコロ"},
	{Key: "BlankD6", Default: "4", Min: 0, Max: 20, Doc: "無地の6面体サイコロ（ストック）"},
	{Key: "D8", Default: "4", Min: 0, Max: 8, Doc: "無地の8面体サイコロ（知性で使う）"},
	{Key: "MajorityVP", Default: "6", Min: 0, Max: 30, Doc: "各階層でウルズが最も多いプレイヤーのVP（同数なら人数割り、端数切り捨て）"},
	{Key: "TiwazVP", Default: "1", Min: 0, Max: 5, Doc: "↑（テイワズ）1個あたりのVP。チャレンジロールに成功した手番の判定でだけ得る（失敗した手番は得ない。TiwazPaysOnFailure が○なら失敗でも得る）"},
	{Key: "TiwazPaysOnFailure", Kind: schema.RuleBool, Default: "×", Doc: "チャレンジロールに失敗した手番でも↑（テイワズ）のVPを得るか（×なら成功したときだけ。種の「失敗：ＶＰを得ることはできません」）"},
	{Key: "SkillVPOnFailure", Kind: schema.RuleBool, Default: "×", Doc: "チャレンジ中（ロール前・ロール後・目の確定後）にスキルで得るVPを、失敗した手番でも得るか（×なら判定まで保留し、成功したときだけ得る。種の「失敗：ＶＰを得ることはできません」。スカウト時のスキルのVPはどちらでもすぐ得る）"},
	{Key: "TiwazPaysScout", Kind: schema.RuleBool, Default: "×", Doc: "↑（テイワズ）をスカウトのコストに使えるか"},
	{Key: "DivineAfterFix", Kind: schema.RuleBool, Default: "○", Doc: "目の確定後（判定の前）にも神性介入でサイコロを振り足してパワーに加えられるか（デザイナーの採用メモ「目確定後に追加ロールして目を足してもいい」）"},
	{Key: "CountAllUrd", Kind: schema.RuleBool, Default: "×", Doc: "チャレンジロールで他の色のウルズも数えるか"},
	{Key: "UnlimitedDice", Kind: schema.RuleBool, Default: "×", Doc: "ストックのサイコロを無限とみなすか"},
	{Key: "MinMove", Default: "1", Min: 0, Max: 1, Doc: "移動フェイズで進む最小マス数（0なら留まれる）"},
	{Key: "ArrivalMayShare", Kind: schema.RuleBool, Default: "○", Doc: "キーパー戦後に移る内側の角に他のポーンがいても同じマスに置くか"},
	{Key: "MaxD8", Default: "4", Min: 0, Max: 8, Doc: "知性で8面体にできるサイコロの上限"},
	{Key: "TurnCap", Default: "200", Min: 10, Max: 10000, Doc: "シミュレーションの手番上限。超えたら未完了とする", Setting: true},
}

var nastrondVocab = &effect.Vocab{
	Name: "nastrond",
	Triggers: []effect.Trigger{
		{Name: "before_roll", Aliases: []string{"ロール前"}, Text: "ロール前：", Doc: "チャレンジロールで振る数を決める前"},
		{Name: "after_roll", Aliases: []string{"ロール後"}, Text: "ロール後：", Doc: "振った後、目の確定前（タイミングを書かないときはこれ）"},
		{Name: "after_fix", Aliases: []string{"目の確定後"}, Text: "目の確定後：", Doc: "目の確定後。以後、目を変えるスキルは使えない"},
		{Name: "scout", Aliases: []string{"スカウト時"}, Text: "スカウト時：", Doc: "スカウトフェイズ"},
	},
	Verbs: []effect.Verb{
		{Name: "die_plus", Aliases: []string{"出目修正"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Signed, Min: -5, Max: 5}},
			Text: "サイコロ1個の目を{1}する", MayText: "サイコロ1個の目を{1}してもよい", Doc: "サイコロ1個の目を増減（1〜6、8面体は1〜8に収める）。ロール後のみ"},
		{Name: "set_die", Aliases: []string{"出目変更"}, Args: []effect.ArgSpec{{Name: "face", Kind: effect.Count, Min: 1, Max: 8}},
			Text: "サイコロ1個の目を{1}にする", MayText: "サイコロ1個の目を{1}にしてもよい", Doc: "サイコロ1個の目を指定の値にする（6面体は6まで）。ロール後のみ"},
		{Name: "reroll", Aliases: []string{"振り直し"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 8}},
			Text: "サイコロを{1}個まで振り直す", MayText: "サイコロを{1}個まで振り直してもよい", Doc: "振ったサイコロをn個まで振り直す。ロール後のみ"},
		{Name: "add_die", Aliases: []string{"ダイス追加"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 4}},
			Text: "ストックからサイコロを{1}個得る", MayText: "ストックからサイコロを{1}個得てもよい", Doc: "ストックからサイコロを得る（ロール後なら振って合計に足す）。ロール前かロール後"},
		{Name: "power", Aliases: []string{"パワー"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Signed, Min: -10, Max: 10}},
			Text: "パワーを{1}する", MayText: "パワーを{1}してもよい", Doc: "パワー（目の合計）を増減。目の確定後のみ"},
		{Name: "vp", Aliases: []string{"VP"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 10}},
			Text: "{1}VPを得る", MayText: "{1}VPを得てもよい", Doc: "VPを得る。どのタイミングでもよい。チャレンジ中（ロール前・ロール後・目の確定後）のVPは判定まで保留し、成功したときだけ得る（ルール SkillVPOnFailure が○ならすぐ得る）"},
		{Name: "to_d8", Aliases: []string{"八面体"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 4}},
			Text: "サイコロを{1}個まで8面体にする", MayText: "サイコロを{1}個まで8面体にしてもよい", Doc: "サイコロを8面体に替える。ロール前のみ"},
		{Name: "cost_minus", Aliases: []string{"コスト減"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}},
			Text: "スカウトのコストを{1}下げる", Doc: "スカウトのコストを下げる（最低0）。スカウト時のみ"},
		{Name: "tiwaz", Aliases: []string{"テイワズ"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 4}},
			Text: "↑を{1}個増やす", MayText: "↑を{1}個増やしてもよい", Doc: "↑（テイワズ）を増やす。スカウト時は使えない（↑は判定フェイズで数える）"},
	},
	Conds: []effect.Verb{
		{Name: "layer", Aliases: []string{"階層"}, Compare: true, Text: "階層が{n}{op}", Doc: "自分のポーンの階層"},
		{Name: "dice", Aliases: []string{"ダイス数"}, Compare: true, Text: "サイコロが{n}個{op}", Doc: "手元のサイコロの数"},
		{Name: "tiwaz", Aliases: []string{"テイワズ"}, Compare: true, Text: "↑が{n}個{op}", Doc: "↑（テイワズ）の数"},
		{Name: "target", Aliases: []string{"目標値"}, Compare: true, Text: "目標値が{n}{op}", Doc: "挑むマスの目標値"},
		{Name: "keeper", Aliases: []string{"キーパー戦"}, Text: "キーパーかニーズヘッグに挑むとき", Doc: "キーパーかニーズヘッグと戦うとき"},
		{Name: "einherjar", Aliases: []string{"配下数"}, Compare: true, Text: "配下のエインヘリアルが{n}人{op}", Doc: "配下のエインヘリアルの数"},
	},
}

// nastrondTimings lists the triggers under which each verb may act ("" is
// the default, after_roll). A verb not listed may act at any timing.
//   - Dice change only between the roll and the fix (T10, T25, CL5).
//   - d8s come in before the roll (T53), Power changes only after the fix (CL5).
//   - Cost cuts belong to scouting (T54); ↑ is counted in phase 3, before scouting (G2).
var nastrondTimings = map[string][]string{
	"die_plus":   {"", "after_roll"},
	"set_die":    {"", "after_roll"},
	"reroll":     {"", "after_roll"},
	"add_die":    {"", "before_roll", "after_roll"},
	"to_d8":      {"before_roll"},
	"power":      {"after_fix"},
	"cost_minus": {"scout"},
	"tiwaz":      {"", "before_roll", "after_roll", "after_fix"},
}

var nastrondMessages = schema.Catalogue{
	"n_ring":           {"EddaLayer%d（%d）と KeeperLayer%d（%d）の合計は%dですが、盤面の第%d層は%dマスで固定です。2つの合計を%dにしてください", "EddaLayer%d (%d) plus KeeperLayer%d (%d) is %d, but layer %d of the board has %d squares, fixed by the board; make the two add up to %d"},
	"n_start_layer1":   {"開始位置は第1層のキーパーにしか書けません（第%d層）", "Start may only be set on a layer-1 Keeper (this one is on layer %d)"},
	"n_start_dup":      {"開始位置 %d は %d 行目の第1層キーパーと同じです。キーパーごとに違う開始位置にしてください（空欄は0）", "start %d is the same as the layer-1 Keeper's on row %d; give each layer-1 Keeper its own start (blank means 0)"},
	"n_start_keepers":  {"第1層のキーパーは%d枚（KeeperLayer1）ですが、%d人プレイ（Valkyria）では各プレイヤーに1枚ずつ必要です", "there are %d layer-1 Keepers (KeeperLayer1) but a %d-player game (Valkyria) deals one to each player"},
	"n_urd_colour":     {"ヴァルキリア「%s」の色 %s のウルズがありません", "Valkyria %q has colour %s but no Urd row has it"},
	"n_urd_enough":     {"%d人プレイには1人%d枚のウルズが要りますが、%s は%d枚しかありません（ルール UrdFor%d）", "a %d-player game needs %d Urd each but colour %s has only %d (rule UrdFor%d)"},
	"n_label_urd":      {"ウルズ（%s）", "Urd of colour %s"},
	"n_label_edda":     {"第%d層のエッダ", "layer-%d Edda"},
	"n_label_einh":     {"登場階層%dのエインヘリアル", "layer-%d Einherjar"},
	"n_label_keeper":   {"第%d層のキーパー", "layer-%d Keepers"},
	"n_label_nidhogg":  {"ニーズヘッグ", "Nidhogg"},
	"n_label_valkyria": {"ヴァルキリア", "Valkyria"},
	"n_dup_colour":     {"色 %s は %d 行目のヴァルキリアと同じです", "colour %s is already used by the Valkyria on row %d"},
	"n_verb_timing":    {"「%s」は%sには使えません。使えるタイミングは %s です", "%q cannot act at %s (allowed: %s)"},
	"n_no_timing":      {"タイミングなし（ロール後の扱い）", "the default timing (after_roll)"},
	"n_timing":         {"「%s」", "%s"},
}

// nastrondRing is the number of squares on each layer's ring of the 7×7 board.
var nastrondRing = [4]int{0, 24, 16, 8}

func checkNastrond(c *schema.Checker) any {
	d := &Data{Rules: c.Rules}
	val := schema.Decode[Valkyria](c, c.Game.Spec("Valkyria"))
	urd := schema.Decode[Urd](c, c.Game.Spec("Urd"))
	edda := schema.Decode[Edda](c, c.Game.Spec("Edda"))
	einh := schema.Decode[Einherjar](c, c.Game.Spec("Einherjar"))
	keep := schema.Decode[Keeper](c, c.Game.Spec("Keeper"))
	nid := schema.Decode[Nidhogg](c, c.Game.Spec("Nidhogg"))
	r := c.Rules

	checkNastrondValkyria(c, val)
	checkNastrondUrd(c, val, urd)

	// Edda, Einherjar and Keepers by layer, against the Rules and the board.
	var eddaBy, einhBy, keepBy [4]int
	for i := range edda.Items {
		e := &edda.Items[i]
		if e.Copies == 0 {
			e.Copies = 1
		}
		if e.Layer >= 1 && e.Layer <= 3 {
			eddaBy[e.Layer] += e.Copies
		}
		c.Count("Edda", e.Copies)
	}
	for i := range einh.Items {
		e := &einh.Items[i]
		if e.Copies == 0 {
			e.Copies = 1
		}
		if e.Layer >= 1 && e.Layer <= 3 {
			einhBy[e.Layer] += e.Copies
		}
		c.Count("Einherjar", e.Copies)
		schema.CheckTriggers(einh, i, "Skill", e.Skill, "", "before_roll", "after_roll", "after_fix", "scout")
		checkNastrondTimings(einh, i, e.Skill)
	}
	for _, k := range keep.Items {
		if k.Layer >= 1 && k.Layer <= 3 {
			keepBy[k.Layer]++
		}
		c.Count("Keeper", 1)
	}
	checkNastrondStarts(c, keep)
	for layer := 1; layer <= 3; layer++ {
		eKey, kKey := fmt.Sprintf("EddaLayer%d", layer), fmt.Sprintf("KeeperLayer%d", layer)
		schema.ExpectCount(edda, schema.Indexes(edda.Items, func(e Edda) bool { return e.Layer == layer }), c.Lang.Msg("n_label_edda", layer), eKey, eddaBy[layer])
		schema.ExpectCount(einh, schema.Indexes(einh.Items, func(e Einherjar) bool { return e.Layer == layer }), c.Lang.Msg("n_label_einh", layer), fmt.Sprintf("EinherjarLayer%d", layer), einhBy[layer])
		schema.ExpectCount(keep, schema.Indexes(keep.Items, func(k Keeper) bool { return k.Layer == layer }), c.Lang.Msg("n_label_keeper", layer), kKey, keepBy[layer])
		if e, k := r.Int(eKey), r.Int(kKey); e+k != nastrondRing[layer] {
			sheet, row, col, header, _ := schema.RuleCell(c, eKey, kKey)
			c.P.Errorf(sheet, row, col, header, "n_ring", layer, e, layer, k, e+k, layer, nastrondRing[layer], nastrondRing[layer])
		}
	}
	if players := min(4, r.Int("Valkyria")); r.Int("KeeperLayer1") < players {
		sheet, row, col, header, _ := schema.RuleCell(c, "KeeperLayer1", "Valkyria")
		c.P.Errorf(sheet, row, col, header, "n_start_keepers", r.Int("KeeperLayer1"), players)
	}
	c.Count("Nidhogg", len(nid.Items))
	schema.ExpectCount(nid, schema.Indexes(nid.Items, nil), c.Lang.Msg("n_label_nidhogg"), "Nidhogg", len(nid.Items))

	d.Valkyria, d.Urd, d.Edda, d.Einherjar, d.Keepers, d.Nidhogg = val.Items, urd.Items, edda.Items, einh.Items, keep.Items, nid.Items
	return d
}

// checkNastrondValkyria checks that each Valkyria has its own colour, and counts them.
func checkNastrondValkyria(c *schema.Checker, val *schema.Sheet[Valkyria]) {
	first := map[string]int{}
	for i, v := range val.Items {
		if v.Colour == "" {
			continue
		}
		if row, dup := first[v.Colour]; dup {
			val.Errorf(i, "Colour", "n_dup_colour", v.Colour, row)
			continue
		}
		first[v.Colour] = val.Rows[i]
	}
	c.Count("Valkyria", len(val.Items))
	schema.ExpectCount(val, schema.Indexes(val.Items, nil), c.Lang.Msg("n_label_valkyria"), "Valkyria", len(val.Items))
}

// checkNastrondUrd checks the Urd of each colour: UrdPerColour cards, enough
// for each player count the Valkyria allow, and one colour per Valkyria.
// Colours are reported in the order of their first row.
func checkNastrondUrd(c *schema.Checker, val *schema.Sheet[Valkyria], urd *schema.Sheet[Urd]) {
	r := c.Rules
	total, first := map[string]int{}, map[string]int{}
	for i, u := range urd.Items {
		total[u.Colour] += u.Copies
		if _, seen := first[u.Colour]; !seen {
			first[u.Colour] = i
		}
		c.Count("Urd", u.Copies)
	}
	maxPlayers := min(4, r.Int("Valkyria"))
	for i, u := range urd.Items {
		if first[u.Colour] != i || u.Colour == "" {
			continue
		}
		n := total[u.Colour]
		colour := u.Colour
		schema.ExpectCount(urd, schema.Indexes(urd.Items, func(u Urd) bool { return u.Colour == colour }), c.Lang.Msg("n_label_urd", colour), "UrdPerColour", n)
		emptied := slices.ContainsFunc(schema.Indexes(urd.Items, func(u Urd) bool { return u.Colour == colour }), func(i int) bool { return !urd.Written(i, "Copies") })
		for p := 2; p <= maxPlayers && !emptied; p++ { // an emptied 枚数 is the problem, at its cell
			if need := r.Int(fmt.Sprintf("UrdFor%d", p)); n < need {
				urd.SheetErrorf("n_urd_enough", p, need, u.Colour, n, p)
			}
		}
	}
	if len(urd.Items) == 0 {
		return
	}
	for i, v := range val.Items {
		if _, ok := total[v.Colour]; !ok && v.Colour != "" {
			val.Errorf(i, "Colour", "n_urd_colour", v.Name, v.Colour)
		}
	}
}

// checkNastrondStarts checks the start positions: only layer-1 Keepers name
// one, and no two of them name the same (a blank start is 0, the Keeper's
// own square). Blank starts are normalised to 0.
func checkNastrondStarts(c *schema.Checker, keep *schema.Sheet[Keeper]) {
	first := map[int]int{}
	for i, k := range keep.Items {
		set := keep.Written(i, "Start")
		if k.Layer != 1 {
			if set && k.Layer >= 2 && k.Layer <= 3 {
				keep.Errorf(i, "Start", "n_start_layer1", k.Layer)
			}
			continue
		}
		if row, dup := first[k.Start]; dup {
			keep.Errorf(i, "Start", "n_start_dup", k.Start, row)
			continue
		}
		first[k.Start] = keep.Rows[i]
	}
}

// checkNastrondTimings reports a skill clause whose verb cannot act at its
// trigger (see nastrondTimings).
func checkNastrondTimings(s *schema.Sheet[Einherjar], i int, e schema.Effect) {
	if e.AST == nil {
		return
	}
	for _, cl := range e.AST.Clauses {
		allowed, ok := nastrondTimings[cl.Action.Name]
		if !ok || slices.Contains(allowed, cl.Trigger) {
			continue
		}
		l := s.Lang()
		var names []string
		for _, a := range allowed {
			if a != "" {
				names = append(names, schema.TriggerName(l, nastrondVocab, a))
			}
		}
		at := l.Msg("n_no_timing")
		if cl.Trigger != "" {
			at = l.Msg("n_timing", effect.WrittenAt(e.Src, cl.Pos))
		}
		s.Errorf(i, "Skill", "n_verb_timing", schema.VerbName(e.Src, cl.Action), at, l.List(names))
	}
}
