package guardian

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"bifrost/schema"
	"bifrost/schema/effect"
)

// 匠の守護者 (guardian) card kinds. Field names follow the seed's own words:
// forging (フォージング), ship (シップ), cheer seat (応援席), resource zone
// (リソースゾーン), consume zone (消費ゾーン), reckless attack (捨て身).

// GGuardian is a Guardian design: forged face down, shipped, then it fights.
// Every Guardian starts a battle at the BasePoint rule (1).
type Guardian struct {
	ID     string        `xlsx:"ID,ID,required"`
	Name   string        `xlsx:"名前,Name,required" doc:"カード名。同名カードはデッキに MaxCopies 枚まで"`
	Attr   string        `xlsx:"属性,Attribute,required" doc:"相性シートの属性（例: 火）"`
	Effect schema.Effect `xlsx:"効果,Effect" doc:"効果言語。タイミング ship:（シップ時） cheer:（応援席で起動） prep:（準備フェイズ開始時） battle:（戦闘フェイズ開始時） field:（場にある限り）" tune:"up"`
	Uses   int           `xlsx:"使用回数,Uses" validate:"min=1,max=9" doc:"応援（cheer:）の能力を1回の戦闘で使える回数。空欄は1"`
	Text   string        `xlsx:"テキスト,Text,textof=Effect" doc:"カードに印刷する文。空欄なら効果から生成"`
	Flavor string        `xlsx:"フレーバー,Flavor"`
}

// GAdvance is an Advance design: put into the cheer seat during battle by
// placing Cost Materials from hand into the consume zone.
type Advance struct {
	ID       string `xlsx:"ID,ID,required"`
	Name     string `xlsx:"名前,Name,required" doc:"カード名。同名カードはデッキに MaxCopies 枚まで"`
	Attr     string `xlsx:"属性,Attribute,required" doc:"相性シートの属性"`
	Cost     int    `xlsx:"コスト,Cost,required" validate:"min=0,max=9" doc:"出すときに手札から消費ゾーンに置くマテリアルの枚数（マテリアルの消費時の効果は発動しない）" tune:"down"`
	CostAttr string `xlsx:"コスト属性,CostAttribute" doc:"コストのマテリアルをこの属性に限る。空欄ならどの属性でもよい"`
	// Condition holds only 【】 conditions in the effect language: all must
	// hold to put the Advance into play (a pay condition is paid then).
	Condition string        `xlsx:"条件,Condition" doc:"使用条件。効果言語の【】条件だけを並べる（例: 【応援属性 火 >= 1】）。空欄なら条件なし"`
	Effect    schema.Effect `xlsx:"効果,Effect" doc:"効果言語。タイミング enter:（登場時） cheer:（応援席で起動） prep: battle: field:" tune:"up"`
	Uses      int           `xlsx:"使用回数,Uses" validate:"min=1,max=9" doc:"応援（cheer:）の能力を1回の戦闘で使える回数。空欄は1"`
	Text      string        `xlsx:"テキスト,Text" doc:"カードに印刷する文。空欄なら条件と効果から生成"`
	Flavor    string        `xlsx:"フレーバー,Flavor"`

	// Use is Condition parsed: one clause whose Conds are the use condition.
	// It is set by validation; nil when Condition is blank or did not parse.
	Use *effect.Effect
}

// GOrder is an Order design: used from hand during battle, placed in the
// forging zone, and sent to the consume zone after the battle phase.
type Order struct {
	ID     string        `xlsx:"ID,ID,required"`
	Name   string        `xlsx:"名前,Name,required" doc:"カード名。同名カードはデッキに MaxCopies 枚まで"`
	Attr   string        `xlsx:"属性,Attribute,required" doc:"相性シートの属性"`
	Effect schema.Effect `xlsx:"効果,Effect,required" doc:"効果言語（タイミングなし）。最初の文の【】条件が使用条件で、【消費】（手札の消費）はそこにだけ書ける。2文目以降の【】はその文だけの条件"`
	Text   string        `xlsx:"テキスト,Text,textof=Effect" doc:"カードに印刷する文。空欄なら効果から生成"`
	Flavor string        `xlsx:"フレーバー,Flavor"`
}

// GMaterial is a Material design: mainly an Advance's cost, or consumed
// (消費する) from hand for its own consume: ability.
type Material struct {
	ID     string        `xlsx:"ID,ID,required"`
	Name   string        `xlsx:"名前,Name,required" doc:"カード名。マテリアルはデッキに何枚でも入れられる"`
	Attr   string        `xlsx:"属性,Attribute,required" doc:"相性シートの属性"`
	Effect schema.Effect `xlsx:"効果,Effect" doc:"効果言語。タイミング consume:（消費時）だけ。空欄ならコスト専用で、アクションとして消費できない" tune:"up"`
	Text   string        `xlsx:"テキスト,Text,textof=Effect" doc:"カードに印刷する文。空欄なら効果から生成"`
	Flavor string        `xlsx:"フレーバー,Flavor"`
}

// GAffinity is one attribute and what it has the advantage over. It is not a
// card; every attribute a card or effect names must be a row here.
type Affinity struct {
	ID       string   `xlsx:"属性,Attribute,required" doc:"属性名（例: 火）。カードの属性列、コスト属性、効果の属性引数はこの値を参照する"`
	Beats    []string `xlsx:"有利,Beats" doc:"この属性が有利な属性（カンマ区切り）。「*」か「全」なら他の全ての属性。互いに有利な組は相殺されて互角"`
	Reckless bool     `xlsx:"捨て身,Reckless,required" doc:"この属性の守護者が捨て身の攻撃をできるか（○/×）。種の文書では SP と闇は×"`
	// Proposal is a designer's proposed chart, beyond what the seed states.
	Proposal []string `xlsx:"提案の有利,ProposedBeats" doc:"デザイナーの提案する有利（種の文書にはない相性。例: 火→風→土→水→火 の循環）。ルール AffinityProposal が○のときだけ「有利」に加わる。書き方は「有利」と同じ"`
	Note     string   `xlsx:"説明,Note" doc:"メモ（読み込みでは使いません）"`

	// All is set when Beats is "*": the advantage over every other attribute.
	All bool
	// ProposalAll is set when Proposal is "*".
	ProposalAll bool
}

// GDeckRow is one line of a sample deck: a card and how many copies.
type DeckRow struct {
	ID     string `xlsx:"ID,ID,required" doc:"行のID（例: D1-01）"`
	Deck   string `xlsx:"デッキ,Deck,required" doc:"デッキ名。同じデッキ名の行をまとめて1つのデッキになる"`
	Card   string `xlsx:"カードID,Card,required" doc:"入れるカードのID（守護者・アドバンス・オーダー・マテリアル）"`
	Copies int    `xlsx:"枚数,Copies" validate:"min=1,max=99" doc:"枚数。空欄は1"`
	Note   string `xlsx:"メモ,Note" doc:"デッキの狙いなど（読み込みでは使いません）"`
}

// GuardianData is the validated guardian workbook, for the engine.
type Data struct {
	Attributes []Affinity // the Affinity sheet
	Guardians  []Guardian
	Advances   []Advance
	Orders     []Order
	Materials  []Material
	Decks      []schema.SampleDeck
	Rules      schema.Rules
	// Proposal says whether the Affinity sheet's proposed advantages are in
	// force (the AffinityProposal rule).
	Proposal bool
}

// SampleDecks lists the Decks sheet's decks (DeckLister).
func (d *Data) SampleDecks() []schema.SampleDeck { return d.Decks }

// Attr returns the attribute with the given ID, or nil.
func (d *Data) Attr(id string) *Affinity {
	for i := range d.Attributes {
		if d.Attributes[i].ID == id {
			return &d.Attributes[i]
		}
	}
	return nil
}

// beats reports whether attribute a lists b as one it has the advantage
// over, in the Beats column or, when Proposal is set, the proposal column.
func (d *Data) beats(a, b string) bool {
	at := d.Attr(a)
	if at == nil || a == b {
		return false
	}
	return at.All || slices.Contains(at.Beats, b) || d.Proposal && (at.ProposalAll || slices.Contains(at.Proposal, b))
}

// Edge returns the affinity of attribute a against b before reckless attacks:
// +1 advantage, -1 disadvantage, 0 neutral. A pair that each beat the other
// (SP against 闇) cancels out, and an attribute against itself is neutral.
func (d *Data) Edge(a, b string) int {
	n := 0
	if d.beats(a, b) {
		n++
	}
	if d.beats(b, a) {
		n--
	}
	return n
}

// Affinity returns the affinity of a Guardian of attribute a against one of
// attribute b, given whether each went reckless: a single reckless attack
// reverses the advantage (a neutral pairing stays neutral), two cancel out.
func (d *Data) Affinity(a string, aReckless bool, b string, bReckless bool) int {
	n := d.Edge(a, b)
	if aReckless != bReckless {
		n = -n
	}
	return n
}

// Guardian is the two-player battle card game with simultaneous hidden forging.
var Schema = &schema.Game{
	ID:    "guardian",
	Title: "匠の守護者",
	Sheets: []*schema.SheetSpec{
		{Key: "Guardian", JA: "守護者", Row: Guardian{}, Doc: "フォージングゾーンに出して戦う主役のカード。ポイントは最初はすべて1（ルール BasePoint）。1行が1種類のカード。"},
		{Key: "Advance", JA: "アドバンス", Row: Advance{}, Doc: "使用条件を満たし、コスト分のマテリアルを手札から消費ゾーンに置いて、戦闘中に応援席に出すカード。"},
		{Key: "Order", JA: "オーダー", Row: Order{}, Doc: "戦闘中に手札から使うカード。使用後はフォージングゾーンに置かれ、戦闘フェイズ終了後に消費ゾーンへ送られる。"},
		{Key: "Material", JA: "マテリアル", Row: Material{}, Doc: "主にアドバンスのコストにするカード。自身の消費時の能力のために消費することもできる。デッキに何枚でも入れられる。"},
		{Key: "Affinity", JA: "相性", Row: Affinity{}, Doc: "属性と相性の表（カードではない）。1行が1属性。有利な属性を列挙する。通常の4属性の循環はデザイナーが自由に変えてよい。"},
		{Key: "Decks", JA: "デッキ", Row: DeckRow{}, Doc: "サンプルデッキ（カードではない）。1行が「デッキ・カードID・枚数」。デッキ枚数（DeckSize）と同名カードの上限（MaxCopies、マテリアルは除く）を検証する。シミュレーションはこのデッキを使う。"},
	},
	Rules:    guardianRules,
	Vocabs:   map[string]*effect.Vocab{"": guardianVocab},
	Check:    checkGuardian,
	Messages: guardianMessages,
}

var guardianRules = []schema.RuleParam{
	{Key: "DeckSize", Default: "30", Min: 1, Max: 100, Doc: "山札（デッキ）の枚数"},
	{Key: "DeckExact", Kind: schema.RuleBool, Default: "○", Doc: "デッキはちょうど DeckSize 枚か（×なら DeckSize 枚以上）"},
	{Key: "MaxCopies", Default: "2", Min: 1, Max: 100, Doc: "同名カードをデッキに入れられる枚数（マテリアルは何枚でも）"},
	{Key: "StartHand", Default: "6", Min: 0, Max: 30, Doc: "最初に引く手札の枚数（ResourceZone との合計は DeckSize まで）"},
	{Key: "Mulligans", Default: "1", Min: 0, Max: 5, Doc: "手札の引き直しができる回数"},
	{Key: "ResourceZone", Default: "3", Min: 0, Max: 10, Doc: "準備でリソースゾーンに置く枚数（StartHand との合計は DeckSize まで）"},
	{Key: "DrawPerTurn", Default: "1", Min: 0, Max: 5, Doc: "準備フェイズに各プレイヤーが引く枚数（1ターン目から）"},
	{Key: "BasePoint", Default: "1", Min: -9, Max: 9, Doc: "守護者の基本ポイント"},
	{Key: "AffinityBonus", Default: "1", Min: 0, Max: 9, Doc: "相性が有利な側のポイントの増加（裁定 G1）"},
	{Key: "AffinityPenalty", Default: "0", Min: 0, Max: 9, Doc: "相性が不利な側のポイントの減少（裁定 G1。0なら減らない）"},
	{Key: "AffinityProposal", Kind: schema.RuleBool, Default: "×", Doc: "相性シートの「提案の有利」列（デザイナーの提案で、種の文書にはない相性）を使うか（裁定 G2。×なら「有利」列だけ）"},
	{Key: "WinCheckBeforeResource", Kind: schema.RuleBool, Default: "○", Doc: "勝利条件（相手のリソースゾーンが0）を敗者がリソースを引く前に判定するか（裁定 G6。×なら引いた後）"},
	{Key: "NoShipBothDraw", Kind: schema.RuleBool, Default: "○", Doc: "両者とも守護者を出せなかった戦闘を引き分けとするか（裁定 G9。×なら両者の敗北）"},
	{Key: "DrawChoosesLikeLoser", Kind: schema.RuleBool, Default: "○", Doc: "引き分けのとき各自が守護者を手札に戻すか応援席に置くか選ぶか（裁定 G11。×なら両者とも応援席）"},
	{Key: "ForgeMandatory", Kind: schema.RuleBool, Default: "○", Doc: "手札に守護者がいればフォージングは必須か（裁定 G12）"},
	{Key: "BarredKeepsTriggers", Kind: schema.RuleBool, Default: "○", Doc: "守護者を出せなかったプレイヤーも開始時の能力や継続効果は働くか（裁定 G13）"},
	{Key: "AdvanceSameBattle", Kind: schema.RuleBool, Default: "○", Doc: "出したアドバンスの応援の能力をその戦闘中に使えるか（裁定 G15）"},
	{Key: "PayFiresConsume", Kind: schema.RuleBool, Default: "○", Doc: "【消費】条件で手札から消費したマテリアルの消費時の能力が発動するか（裁定 G17）"},
	{Key: "ResourceIsDraw", Kind: schema.RuleBool, Default: "○", Doc: "リソースゾーンから手札に加えることを「引く」として扱うか（裁定 G19）"},
	{Key: "HandLimit", Default: "0", Min: 0, Max: 30, Doc: "手札の上限（0なら上限なし。裁定 G24）"},
	{Key: "CheerSeatLimit", Default: "0", Min: 0, Max: 30, Doc: "応援席に置けるカードの上限（0なら上限なし。裁定 G25）"},
	{Key: "ExtendedBattleLimit", Default: "0", Min: 0, Max: 1000, Doc: "両者のリソースゾーンが0のまま引き分けた戦闘がこの回数続いたら、勝った戦闘の数が多いプレイヤーがゲームに勝利する（同数なら延長戦を続ける。0なら上限なし＝種の文書どおり。裁定 G10）"},
	{Key: "RepetitionLimit", Default: "2", Min: 0, Max: 100, Doc: "千日手：両者のリソースゾーンが0のあいだ、ターンの終わりの局面（両者の手札・山札・リソースゾーン・場・消費ゾーン・記録・次のターンの効果・次の先攻）が、それより前のターンの終わりにこの回数現れた局面と同じになったら、ゲームは引き分け（ExtendedBattleLimit が1以上で勝った戦闘の数に差があれば、多いプレイヤーの勝利）。0なら同じ局面をくり返しても延長戦を続ける（種の文書の字義どおり。裁定 G10）"},
	{Key: "TurnCap", Default: "100", Min: 10, Max: 10000, Doc: "シミュレーションのターン上限。超えたら未完了とする（裁定 G10）", Setting: true},
}

// The guardian engine's limits. Validation reports data beyond them at the
// cell, so a workbook that validates always plays.
const (
	MaxDecks      = 500   // sample decks: the matchup matrix grows as their square
	MaxDeckCards  = 1000  // cards in one sample deck
	MaxDesigns    = 32767 // card designs on the four card sheets together
	MaxAttributes = 1000  // rows of the Affinity sheet
	MaxCounters   = 1000  // distinct names that record counts
	MaxPayments   = 4     // payments of one use: each pay condition, and an Advance's Cost when not 0
)

// guardianAttr is an attribute argument: an ID of the Affinity sheet,
// resolved by checkGuardian.
func guardianAttr(name string) effect.ArgSpec { return effect.ArgSpec{Name: name, Kind: effect.Ref} }

var guardianVocab = &effect.Vocab{
	Name: "guardian",
	Triggers: []effect.Trigger{
		{Name: "ship", Aliases: []string{"シップ時", "シップ"}, Text: "シップ時：",
			Doc: "守護者: シップで表向きになったとき、先攻から解決する（捨て身でも有効）"},
		{Name: "cheer", Aliases: []string{"応援"}, Text: "応援：",
			Doc: "守護者・アドバンス: 応援席にあるとき、戦闘フェイズのアクションとして使う能力。1回の戦闘で使用回数（既定1）まで。カードの cheer: の文すべてで1つの能力で、最初の文の【】条件が使用条件"},
		{Name: "prep", Aliases: []string{"準備"}, Text: "準備フェイズ開始時：",
			Doc: "守護者・アドバンス: 応援席にあるとき、準備フェイズの開始時に先攻から解決する"},
		{Name: "battle", Aliases: []string{"戦闘"}, Text: "戦闘フェイズ開始時：",
			Doc: "守護者・アドバンス: 応援席にあるとき、戦闘フェイズの開始時（シップの前）に先攻から解決する"},
		{Name: "field", Aliases: []string{"場にある限り", "常時"}, Text: "このカードが場にある限り、",
			Doc: "守護者・アドバンス: このカードが場（フォージングゾーンで表向き、または応援席）にある限り、毎回の戦闘の勝敗判定で【】条件を確かめて適用する継続効果。ポイントと相性の動詞だけ"},
		{Name: "enter", Aliases: []string{"登場時"}, Text: "登場時：",
			Doc: "アドバンス: 応援席に出たとき、すぐに解決する"},
		{Name: "consume", Aliases: []string{"消費時"}, Text: "消費時：",
			Doc: "マテリアル: 手札から消費したとき（アクション、または【消費】条件で）解決する。コストとして消費ゾーンに置いたときは発動しない"},
	},
	Verbs: []effect.Verb{
		{Name: "point", Aliases: []string{"ポイント"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Signed, Min: -9, Max: 9}},
			Text: "ポイント{1}", MayText: "ポイント{1}してもよい",
			Doc: "この戦闘の間、自分のフォージングゾーンの守護者のポイントを n 増減する（守護者がいなければ何もしない）"},
		{Name: "opp_point", Aliases: []string{"相手ポイント"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Signed, Min: -9, Max: 9}},
			Text: "相手のポイント{1}", MayText: "相手のポイント{1}してもよい",
			Doc: "この戦闘の間、相手のフォージングゾーンの守護者のポイントを n 増減する"},
		{Name: "next_point", Aliases: []string{"次ポイント"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Signed, Min: -9, Max: 9}},
			Text: "次のターン、ポイント{1}", MayText: "次のターン、ポイント{1}してもよい",
			Doc: "次のターンの戦闘の間、自分の守護者のポイントを n 増減する（終了フェイズのリセットで消えず、次のターンの終了時に消える）"},
		{Name: "draw", Aliases: []string{"引く"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}},
			Text: "カードを{1}枚引く", MayText: "カードを{1}枚引いてもよい",
			Doc: "山札からカードを n 枚引く。足りなければ引けるだけ引く"},
		{Name: "take", Aliases: []string{"リソース回収"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 3}},
			Text: "リソースゾーンの上からカードを{1}枚手札に加える", MayText: "リソースゾーンの上からカードを{1}枚手札に加えてもよい",
			Doc: "自分のリソースゾーンの上からカードを n 枚手札に加える（リソースが減るので勝利条件に近づかれる）"},
		{Name: "fortify", Aliases: []string{"リソース補充"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 3}},
			Text: "山札の上からカードを{1}枚リソースゾーンに置く", MayText: "山札の上からカードを{1}枚リソースゾーンに置いてもよい",
			Doc: "自分の山札の上からカードを n 枚、裏向きのままリソースゾーンの上に置く"},
		{Name: "record", Aliases: []string{"記録する"}, Args: []effect.ArgSpec{{Name: "name", Kind: effect.Text}, {Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "「{1}」を{2}回記録する", MayText: "「{1}」を{2}回記録してもよい",
			Doc: "自分の名前付きの記録（カウンター）を n 増やす。記録はゲーム終了まで残る"},
		{Name: "return_cheer", Aliases: []string{"応援席回収"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 3}},
			Text: "応援席の守護者を{1}体選んで手札に戻す", MayText: "応援席の守護者を{1}体選んで手札に戻してもよい",
			Doc: "自分の応援席の守護者を n 体選んで手札に戻す（このカード自身も選べる）"},
		{Name: "recover", Aliases: []string{"消費回収"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 3}},
			Text: "消費ゾーンのマテリアルを{1}枚選んで手札に加える", MayText: "消費ゾーンのマテリアルを{1}枚選んで手札に加えてもよい",
			Doc: "自分の消費ゾーンのマテリアルを n 枚選んで手札に加える"},
		{Name: "opp_discard", Aliases: []string{"相手手札消費"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 3}},
			Text: "相手は手札を{1}枚選んで消費ゾーンに置く", MayText: "相手に手札を{1}枚選ばせて消費ゾーンに置かせてもよい",
			Doc: "相手が自分の手札から n 枚選んで消費ゾーンに置く（消費ではないので消費時の能力は発動しない）"},
		{Name: "break_advance", Aliases: []string{"アドバンス破壊"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 3}},
			Text: "相手の応援席のアドバンスを{1}枚選んで消費ゾーンに置く", MayText: "相手の応援席のアドバンスを{1}枚選んで消費ゾーンに置いてもよい",
			Doc: "相手の応援席のアドバンスを n 枚選び、相手の消費ゾーンに置く"},
		{Name: "flip", Aliases: []string{"相性逆転"},
			Text: "相性を逆転する", MayText: "相性を逆転してもよい",
			Doc: "この戦闘の相性（有利と不利）を逆転する。互角は互角のまま。2回で元に戻る"},
		{Name: "nullify", Aliases: []string{"相性無効"},
			Text: "相性によるポイントの増減をなくす", MayText: "相性によるポイントの増減をなくしてもよい",
			Doc: "この戦闘では相性によるポイントの増減（AffinityBonus と AffinityPenalty）を両者とも適用しない"},
	},
	Conds: []effect.Verb{
		{Name: "cheer_attr", Aliases: []string{"応援属性"}, Args: []effect.ArgSpec{guardianAttr("attribute")}, Compare: true,
			Text: "応援席に{1}属性の守護者が{n}体{op}いる", Doc: "自分の応援席にいる、その属性の守護者の数（アドバンスは数えない）"},
		{Name: "cheer_count", Aliases: []string{"応援数"}, Compare: true,
			Text: "応援席に守護者が{n}体{op}いる", Doc: "自分の応援席にいる守護者の数"},
		{Name: "advances", Aliases: []string{"アドバンス数"}, Compare: true,
			Text: "応援席にアドバンスが{n}枚{op}ある", Doc: "自分の応援席にあるアドバンスの数"},
		{Name: "battle_attr", Aliases: []string{"戦闘属性"}, Args: []effect.ArgSpec{guardianAttr("attribute")},
			Text: "戦闘に{1}属性の守護者が出ている", Doc: "自分のフォージングゾーンの表向きの守護者がその属性"},
		{Name: "opp_attr", Aliases: []string{"相手属性"}, Args: []effect.ArgSpec{guardianAttr("attribute")},
			Text: "相手の守護者が{1}属性", Doc: "相手のフォージングゾーンの表向きの守護者がその属性"},
		{Name: "reckless", Aliases: []string{"捨て身"},
			Text: "捨て身の攻撃をしている", Doc: "自分の守護者が捨て身の攻撃（上下反転でフォージング）をしている"},
		{Name: "opp_reckless", Aliases: []string{"相手捨て身"},
			Text: "相手が捨て身の攻撃をしている", Doc: "相手の守護者が捨て身の攻撃をしている"},
		{Name: "advantage", Aliases: []string{"有利"},
			Text: "相性が有利", Doc: "いまの相性（捨て身と相性の効果を反映した後）が自分に有利"},
		{Name: "disadvantage", Aliases: []string{"不利"},
			Text: "相性が不利", Doc: "いまの相性（捨て身と相性の効果を反映した後）が自分に不利"},
		{Name: "resource", Aliases: []string{"リソース"}, Compare: true,
			Text: "リソースゾーンが{n}枚{op}", Doc: "自分のリソースゾーンの枚数"},
		{Name: "opp_resource", Aliases: []string{"相手リソース"}, Compare: true,
			Text: "相手のリソースゾーンが{n}枚{op}", Doc: "相手のリソースゾーンの枚数"},
		{Name: "hand", Aliases: []string{"手札"}, Compare: true,
			Text: "手札が{n}枚{op}", Doc: "自分の手札の枚数（使おうとしているカード自身は数えない）"},
		{Name: "consumed", Aliases: []string{"消費数"}, Compare: true,
			Text: "消費ゾーンのカードが{n}枚{op}", Doc: "自分の消費ゾーンのカードの枚数"},
		{Name: "counter", Aliases: []string{"記録"}, Args: []effect.ArgSpec{{Name: "name", Kind: effect.Text}}, Compare: true,
			Text: "「{1}」の記録が{n}回{op}", Doc: "自分の名前付きの記録（record で増やす）の値。記録がなければ0"},
		{Name: "pay", Aliases: []string{"消費"}, Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}, guardianAttr("attribute")},
			Text: "手札から{2}属性のカードを{1}枚消費する",
			Doc:  "使用条件かつコスト: 手札（使うカード自身を除く）からその属性のカードを n 枚消費ゾーンに置く。足りなければ使えない。マテリアルは消費時の能力が発動する（ルール PayFiresConsume）。使用条件（オーダーの最初の文、最初の cheer: の文、アドバンスの条件）にだけ書ける。1回の使用で4つまで（アドバンスのコストも1つと数える）"},
	},
}

// guardianUseVerb is the verb appended to an Advance's Condition cell so the
// effect parser reads its bare conditions as one clause.
const guardianUseVerb = "use"

// guardianUseVocab parses an Advance's Condition cell: the conditions of
// guardianVocab and a verb that prints nothing.
var guardianUseVocab = &effect.Vocab{
	Name:  "guardian/use",
	Conds: guardianVocab.Conds,
	Verbs: []effect.Verb{{Name: guardianUseVerb, Aliases: []string{"使用条件"}, Text: "", MayText: "",
		Doc: "アドバンスの条件の列を読むための内部の動詞（書かなくてよい）"}},
}

// guardianFieldVerbs are the verbs a field: (while on the field) clause may use:
// the lasting modifiers checked when a battle is decided.
var guardianFieldVerbs = []string{"point", "opp_point", "flip", "nullify"}

// guardianShipConds are the conditions about the shipped Guardians. Before
// the ship (prep: and battle: clauses) no Guardian is face up, so they never hold.
var guardianShipConds = []string{"battle_attr", "opp_attr", "reckless", "opp_reckless", "advantage", "disadvantage"}

// guardianNames lists names as "canonical/alias", e.g. "point/ポイント".
func guardianNames(names []string, find func(string) *effect.Verb) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if v := find(n); v != nil && len(v.Aliases) > 0 {
			out[i] += "/" + v.Aliases[0]
		}
	}
	return strings.Join(out, ", ")
}

var guardianMessages = schema.Catalogue{
	"g_empty_sheet":      {"シートにデータ行がありません", "the sheet has no data rows"},
	"g_unknown_attr":     {"属性「%s」は相性シートにありません", "attribute %q is not in the Affinity sheet"},
	"g_effect_attr":      {"効果の %d 文字目: 属性「%s」は相性シートにありません", "effect, character %d: attribute %q is not in the Affinity sheet"},
	"g_aff_self":         {"属性「%s」が自分自身に有利になっています", "attribute %q is listed as beating itself"},
	"g_aff_star":         {"「*」（他の全ての属性）は単独で書いてください", `"*" (all other attributes) must stand alone`},
	"g_aff_mutual":       {"「%s」と「%s」が互いに有利なので、相殺されて互角になります", "%q and %q each beat the other, so they cancel out to neutral"},
	"g_cond_op":          {"効果の %d 文字目: 条件「%s」には比較が必要です（例: >= 2）", "effect, character %d: condition %q needs a comparison (e.g. >= 2)"},
	"g_field_verb":       {"効果の %d 文字目: 「場にある限り」（field:）で使えるのは %s だけです（入力: 「%s」）", "effect, character %d: a field: clause may only use %s (found %q)"},
	"g_cond_timing":      {"効果の %d 文字目: 条件「%s」はシップ前（%s:）には満たされません（守護者がまだ表向きでないため）", "effect, character %d: condition %q never holds at %s: (no Guardian is face up before the ship)"},
	"g_pay_where":        {"効果の %d 文字目: 【消費】（pay）は使用条件（オーダーの最初の文、最初の cheer: の文、アドバンスの条件）にしか書けません", "effect, character %d: pay may only appear in a use condition (an Order's first clause, the first cheer: clause, an Advance's Condition)"},
	"g_uses_no_cheer":    {"使用回数は応援（cheer:）の能力があるカードにしか書けません", "Uses applies only to a card with a cheer: ability"},
	"g_cost_attr_none":   {"コスト属性「%s」のマテリアルが1種類もないため、このアドバンスは出せません", "no Material has the cost attribute %q, so this Advance can never be played"},
	"g_counter_unset":    {"効果の %d 文字目: 記録「%s」を増やすカードがありません（record）", "effect, character %d: no card records %q (record)"},
	"g_dup_name":         {"名前「%s」は %s!%s のカードにも使われています（同名カードとしてデッキの枚数制限を共有します）", "name %q is also used by the card at %s!%s (they share the deck copy limit as same-name cards)"},
	"g_dup_card_id":      {"ID「%s」は %s!%s のカードにも使われています（デッキはIDでカードを指すので、シートをまたいで一意にしてください）", "ID %q is also used by the card at %s!%s (decks name cards by ID, so IDs must be unique across sheets)"},
	"g_deck_size":        {"デッキ「%s」は%d枚のはずですが%d枚です（ルール DeckSize）", "deck %q should have %d cards but has %d (rule DeckSize)"},
	"g_deck_min":         {"デッキ「%s」は%d枚以上のはずですが%d枚です（ルール DeckSize）", "deck %q should have at least %d cards but has %d (rule DeckSize)"},
	"g_deck_copies":      {"デッキ「%s」に同名カード「%s」が%d枚あります。%d枚までです（ルール MaxCopies）", "deck %q: the same-name card %q appears %d times; at most %d are allowed (rule MaxCopies)"},
	"g_deck_no_guardian": {"デッキ「%s」に守護者がいません（守護者を出せない戦闘は負けになります）", "deck %q has no Guardians (a battle without a Guardian is lost)"},
	"g_deck_card_label":  {"カードID", "card ID"},
	"g_limit_decks":      {"サンプルデッキが多すぎます（%d個まで。このワークブックは%d個）。対戦表はデッキ数の2乗で大きくなります", "too many sample decks (at most %d; this workbook has %d): the matchup matrix grows as their square"},
	"g_limit_deck_cards": {"デッキ「%s」は%d枚です。エンジンが扱えるのは%d枚までです", "deck %q has %d cards; the engine plays decks of at most %d"},
	"g_limit_designs":    {"カードの種類が多すぎます（4つのカードシートで合わせて%d種類まで）", "too many card designs (at most %d across the four card sheets)"},
	"g_limit_attributes": {"属性が多すぎます（%d個まで）", "too many attributes (at most %d)"},
	"g_limit_counters":   {"効果の %d 文字目: 記録の名前が多すぎます（%d種類まで）", "effect, character %d: too many record names (at most %d)"},
	"g_limit_payments":   {"効果の %d 文字目: 1回の使用で払うものが多すぎます（【消費】とアドバンスのコストを合わせて%dつまで）", "effect, character %d: one use asks for too many payments (at most %d, counting each pay condition and an Advance's cost)"},
	"g_rules_setup":      {"初期手札（StartHand %d）とリソース（ResourceZone %d）の合計がデッキの枚数（DeckSize %d）を超えています", "the starting hand (StartHand %d) and resources (ResourceZone %d) need more cards than a deck has (DeckSize %d)"},
}

// guardianCard is what a deck needs to know of a card design.
type guardianCard struct {
	name     string
	material bool // exempt from MaxCopies
	guardian bool
	where    string // "Sheet!B3": the card's ID cell, for messages
}

// guardianRegistry indexes the card designs of all four card sheets by ID
// and by name.
type guardianRegistry struct {
	byID   map[string]guardianCard
	byName map[string]guardianCard
	n      int // designs registered
}

// guardianRegister adds item i of s to reg, reporting an ID already used on
// another card sheet (an error: decks could not tell them apart) and a name
// already used by another design (a warning: they share the copy limit).
func guardianRegister[T any](s *schema.Sheet[T], i int, id, name string, material, guardian bool, reg *guardianRegistry) {
	card := guardianCard{name: name, material: material, guardian: guardian,
		where: s.Name + "!" + schema.CellName(max(1, s.Column("ID")), s.Rows[i])}
	if reg.n++; reg.n == MaxDesigns+1 {
		s.Errorf(i, "ID", "g_limit_designs", MaxDesigns)
	}
	if first, dup := reg.byID[id]; dup && id != "" {
		sheet, cell, _ := strings.Cut(first.where, "!")
		if sheet != s.Name { // duplicates within a sheet are reported by Decode
			s.Errorf(i, "ID", "g_dup_card_id", id, sheet, cell)
		}
	} else if id != "" {
		reg.byID[id] = card
	}
	if first, dup := reg.byName[name]; dup && name != "" {
		sheet, cell, _ := strings.Cut(first.where, "!")
		s.Warnf(i, "Name", "g_dup_name", name, sheet, cell)
	} else if name != "" {
		reg.byName[name] = card
	}
}

func checkGuardian(c *schema.Checker) any {
	d := &Data{Rules: c.Rules}
	gs := schema.Decode[Guardian](c, c.Game.Spec("Guardian"))
	as := schema.Decode[Advance](c, c.Game.Spec("Advance"))
	ors := schema.Decode[Order](c, c.Game.Spec("Order"))
	ms := schema.Decode[Material](c, c.Game.Spec("Material"))
	af := schema.Decode[Affinity](c, c.Game.Spec("Affinity"))
	ds := schema.Decode[DeckRow](c, c.Game.Spec("Decks"))
	r := c.Rules

	if hand, res, size := r.Int("StartHand"), r.Int("ResourceZone"), r.Int("DeckSize"); hand+res > size {
		sheet, row, col, header, _ := schema.RuleCell(c, "StartHand", "ResourceZone", "DeckSize")
		c.P.Errorf(sheet, row, col, header, "g_rules_setup", hand, res, size)
	}

	d.Attributes = guardianAffinity(af)
	d.Proposal = r.Bool("AffinityProposal")
	attrs := map[string]bool{}
	for _, a := range af.Items {
		attrs[a.ID] = true
	}
	// Unknown attributes are reported only against a table that has rows;
	// an empty or missing Affinity sheet is reported once, on its own.
	checkAttr := func(id string) bool { return len(af.Items) == 0 || id == "" || attrs[id] }

	// Counters: every name a counter condition reads must be recorded somewhere.
	recorded := map[string]bool{}
	for _, e := range guardianEffects(gs.Items, as.Items, ors.Items, ms.Items) {
		for _, cl := range e.Clauses {
			if cl.Action.Name == "record" {
				recorded[cl.Action.Str(0)] = true
			}
		}
	}
	ec := guardianEffectCheck{attr: checkAttr, recorded: recorded, counters: map[string]bool{}}
	reg := &guardianRegistry{byID: map[string]guardianCard{}, byName: map[string]guardianCard{}}

	if len(gs.Items) == 0 && gs.Found() {
		gs.SheetErrorf("g_empty_sheet")
	}
	for i := range gs.Items {
		g := &gs.Items[i]
		if !checkAttr(g.Attr) {
			gs.Errorf(i, "Attr", "g_unknown_attr", g.Attr)
		}
		schema.CheckTriggers(gs, i, "Effect", g.Effect, "ship", "cheer", "prep", "battle", "field")
		guardianCheckEffect(gs, i, "Effect", g.Effect.Src, g.Effect.AST, ec, guardianPayCheer, 0)
		g.Uses = guardianUses(gs, i, g.Uses, g.Effect)
		guardianRegister(gs, i, g.ID, g.Name, false, true, reg)
	}
	materialAttrs := map[string]bool{}
	for _, m := range ms.Items {
		materialAttrs[m.Attr] = true
	}
	for i := range as.Items {
		a := &as.Items[i]
		if !checkAttr(a.Attr) {
			as.Errorf(i, "Attr", "g_unknown_attr", a.Attr)
		}
		if !checkAttr(a.CostAttr) {
			as.Errorf(i, "CostAttr", "g_unknown_attr", a.CostAttr)
		} else if a.CostAttr != "" && a.Cost > 0 && !materialAttrs[a.CostAttr] {
			as.Warnf(i, "CostAttr", "g_cost_attr_none", a.CostAttr)
		}
		if a.Condition != "" {
			a.Use = guardianParseUse(c, as, i, a.Condition)
			guardianCheckEffect(as, i, "Condition", a.Condition, a.Use, ec, guardianPayAll, min(a.Cost, 1))
		}
		schema.CheckTriggers(as, i, "Effect", a.Effect, "enter", "cheer", "prep", "battle", "field")
		guardianCheckEffect(as, i, "Effect", a.Effect.Src, a.Effect.AST, ec, guardianPayCheer, 0)
		a.Uses = guardianUses(as, i, a.Uses, a.Effect)
		guardianRegister(as, i, a.ID, a.Name, false, false, reg)
	}
	for i, o := range ors.Items {
		if !checkAttr(o.Attr) {
			ors.Errorf(i, "Attr", "g_unknown_attr", o.Attr)
		}
		schema.CheckTriggers(ors, i, "Effect", o.Effect, "")
		guardianCheckEffect(ors, i, "Effect", o.Effect.Src, o.Effect.AST, ec, guardianPayFirst, 0)
		guardianRegister(ors, i, o.ID, o.Name, false, false, reg)
	}
	for i, m := range ms.Items {
		if !checkAttr(m.Attr) {
			ms.Errorf(i, "Attr", "g_unknown_attr", m.Attr)
		}
		schema.CheckTriggers(ms, i, "Effect", m.Effect, "consume")
		guardianCheckEffect(ms, i, "Effect", m.Effect.Src, m.Effect.AST, ec, guardianPayCheer, 0)
		guardianRegister(ms, i, m.ID, m.Name, true, false, reg)
	}
	d.Guardians, d.Advances, d.Orders, d.Materials = gs.Items, as.Items, ors.Items, ms.Items
	c.Count("Guardian", len(gs.Items))
	c.Count("Advance", len(as.Items))
	c.Count("Order", len(ors.Items))
	c.Count("Material", len(ms.Items))

	d.Decks = guardianDecks(c, ds, reg.byID)
	return d
}

// guardianAffinity checks the attribute table: it has rows, each Beats and
// Proposal entry names another attribute or is "*" alone, and a pair listed
// as beating each other (which cancels out) is flagged. It returns the rows
// with "*" turned into All (ProposalAll) and Beats (Proposal) holding only
// attribute IDs.
func guardianAffinity(af *schema.Sheet[Affinity]) []Affinity {
	if len(af.Items) == 0 && af.Found() {
		af.SheetErrorf("g_empty_sheet")
	}
	attrs := map[string]bool{}
	for _, a := range af.Items {
		attrs[a.ID] = true
	}
	for i := range af.Items {
		a := &af.Items[i]
		if i == MaxAttributes {
			af.Errorf(i, "ID", "g_limit_attributes", MaxAttributes)
		}
		a.Beats, a.All = guardianBeats(af, i, "Beats", a.ID, a.Beats, attrs)
		a.Proposal, a.ProposalAll = guardianBeats(af, i, "Proposal", a.ID, a.Proposal, attrs)
	}
	for i, a := range af.Items {
		for _, b := range a.Beats {
			j := slices.IndexFunc(af.Items, func(x Affinity) bool { return x.ID == b })
			if j > i && slices.Contains(af.Items[j].Beats, a.ID) {
				af.Warnf(j, "Beats", "g_aff_mutual", a.ID, b)
			}
		}
	}
	return af.Items
}

// guardianBeats checks the list of attributes that attribute id has the
// advantage over, in column field of row i: the IDs it names, and whether
// it is "*" (every other attribute).
func guardianBeats(af *schema.Sheet[Affinity], i int, field, id string, list []string, attrs map[string]bool) (ids []string, all bool) {
	for _, b := range list {
		switch {
		case b == "*" || b == "全" || b == "全て" || b == "すべて" || strings.EqualFold(b, "all"):
			if len(list) > 1 {
				af.Errorf(i, field, "g_aff_star")
			}
			all = true
		case b == id:
			af.Errorf(i, field, "g_aff_self", b)
		case !attrs[b]:
			af.Errorf(i, field, "g_unknown_attr", b)
		default:
			ids = append(ids, b)
		}
	}
	return ids, all
}

// guardianEffects lists the parsed effects of every card, for scans across sheets.
func guardianEffects(gs []Guardian, as []Advance, ors []Order, ms []Material) []*effect.Effect {
	var out []*effect.Effect
	add := func(e schema.Effect) {
		if e.AST != nil {
			out = append(out, e.AST)
		}
	}
	for _, g := range gs {
		add(g.Effect)
	}
	for _, a := range as {
		add(a.Effect)
	}
	for _, o := range ors {
		add(o.Effect)
	}
	for _, m := range ms {
		add(m.Effect)
	}
	return out
}

// guardianUses reports a Uses value on a card without a cheer: ability and
// returns the number of uses per battle, 1 when blank.
func guardianUses[T any](s *schema.Sheet[T], i, uses int, e schema.Effect) int {
	if uses == 0 {
		return 1
	}
	if e.Src == "" || e.AST != nil && !slices.ContainsFunc(e.AST.Clauses, func(cl effect.Clause) bool { return cl.Trigger == "cheer" }) {
		s.Errorf(i, "Uses", "g_uses_no_cheer")
	}
	return uses
}

// guardianParseUse parses an Advance's Condition cell: its conditions are
// read as one clause by appending the use verb. A parse error is reported at
// the cell; one found in the appended verb is placed at the end of the text.
func guardianParseUse(c *schema.Checker, s *schema.Sheet[Advance], i int, src string) *effect.Effect {
	e, perr := effect.Parse(src+" "+guardianUseVerb, guardianUseVocab)
	if perr == nil {
		return e
	}
	if n := utf8.RuneCountInString(src); perr.Offset > n {
		perr.Offset, perr.Found = n, ""
	}
	s.AddError(i, "Condition", c.EffectMessage(perr, nil)) // the use verb is appended: no verbs to list
	return nil
}

// guardianPay says where a cell may hold a pay condition.
type guardianPay int

const (
	guardianPayCheer guardianPay = iota // only in the first cheer: clause (a card's activated ability)
	guardianPayFirst                    // only in the first clause (an Order's use condition)
	guardianPayAll                      // anywhere (an Advance's Condition cell)
)

// guardianEffectCheck carries what guardianCheckEffect checks effects against.
type guardianEffectCheck struct {
	attr     func(id string) bool // whether an attribute ID resolves
	recorded map[string]bool      // counter names some card records
	counters map[string]bool      // counter names met so far, for GuardianMaxCounters
}

// counter notes a counter name and calls report for the first name past
// GuardianMaxCounters.
func (ec guardianEffectCheck) counter(name string, report func()) {
	if ec.counters[name] {
		return
	}
	ec.counters[name] = true
	if len(ec.counters) == MaxCounters+1 {
		report()
	}
}

// guardianCheckEffect checks an effect beyond parsing: attribute arguments
// resolve, counted conditions carry a comparison, counters are recorded
// somewhere, field: clauses use only lasting modifiers, pay appears only in a
// use condition, no use asks for more than GuardianMaxPayments payments
// (paid counts those the cell does not show: an Advance's cost), and
// prep:/battle: clauses do not test the shipped Guardians. src is the cell
// text the AST positions refer to.
func guardianCheckEffect[T any](s *schema.Sheet[T], i int, field, src string, e *effect.Effect, ec guardianEffectCheck, pay guardianPay, paid int) {
	if e == nil {
		return
	}
	pos := func(p int) int { return schema.CharNumber(src, p) }
	firstCheer := slices.IndexFunc(e.Clauses, func(cl effect.Clause) bool { return cl.Trigger == "cheer" })
	for k, cl := range e.Clauses {
		for _, call := range append(slices.Clone(cl.Conds), cl.Action) {
			for _, a := range call.Args {
				if a.Kind == effect.Ref && !ec.attr(a.Str) {
					s.Errorf(i, field, "g_effect_attr", pos(a.Pos), a.Str)
				}
			}
		}
		payOK := pay == guardianPayAll || pay == guardianPayFirst && k == 0 || pay == guardianPayCheer && k == firstCheer
		for _, cond := range cl.Conds {
			if v := guardianVocab.Cond(cond.Name); v != nil && v.Compare && cond.Op == "" {
				s.Errorf(i, field, "g_cond_op", pos(cond.Pos), cond.Name)
			}
			if cond.Name == "counter" {
				if !ec.recorded[cond.Str(0)] {
					s.Warnf(i, field, "g_counter_unset", pos(cond.Pos), cond.Str(0))
				}
				ec.counter(cond.Str(0), func() { s.Errorf(i, field, "g_limit_counters", pos(cond.Pos), MaxCounters) })
			}
			switch {
			case cond.Name != "pay":
			case !payOK:
				s.Errorf(i, field, "g_pay_where", pos(cond.Pos))
			default:
				if paid++; paid == MaxPayments+1 {
					s.Errorf(i, field, "g_limit_payments", pos(cond.Pos), MaxPayments)
				}
			}
			if (cl.Trigger == "prep" || cl.Trigger == "battle") && slices.Contains(guardianShipConds, cond.Name) {
				s.Warnf(i, field, "g_cond_timing", pos(cond.Pos), cond.Name, cl.Trigger)
			}
		}
		if cl.Action.Name == "record" {
			ec.counter(cl.Action.Str(0), func() { s.Errorf(i, field, "g_limit_counters", pos(cl.Action.Pos), MaxCounters) })
		}
		if cl.Trigger == "field" && !slices.Contains(guardianFieldVerbs, cl.Action.Name) {
			s.Errorf(i, field, "g_field_verb", pos(cl.Action.Pos), guardianNames(guardianFieldVerbs, guardianVocab.Verb), cl.Action.Name)
		}
	}
}

// guardianDecks groups the deck rows into decks and checks each one: every
// card ID exists, the deck has DeckSize cards (or at least that many when
// DeckExact is ×), and no name appears more than MaxCopies times, Materials
// excepted. A deck's size is reported at its first row's Deck cell, a name
// over the limit at the Copies cell of the row that passes it.
func guardianDecks(c *schema.Checker, ds *schema.Sheet[DeckRow], cards map[string]guardianCard) []schema.SampleDeck {
	r := c.Rules
	if len(ds.Items) == 0 && ds.Found() {
		ds.SheetErrorf("g_empty_sheet")
	}
	copiesField := "Copies"
	if !ds.Has("Copies") {
		copiesField = "Card"
	}
	type deckName struct{ deck, name string }
	var (
		decks    []schema.SampleDeck
		first    = map[string]int{}   // deck → item index of its first row
		index    = map[string]int{}   // deck → its index in decks
		total    = map[string]int{}   // deck → cards
		hasGuard = map[string]bool{}  // deck → has a Guardian
		perName  = map[deckName]int{} // copies of a name in a deck
		passedAt = map[deckName]int{} // the item index where the name passed MaxCopies
		order    []deckName
	)
	for i := range ds.Items {
		row := &ds.Items[i]
		if row.Copies == 0 {
			row.Copies = 1
		}
		if _, ok := first[row.Deck]; !ok {
			first[row.Deck] = i
			index[row.Deck] = len(decks)
			decks = append(decks, schema.SampleDeck{Name: row.Deck, Row: ds.Rows[i]})
		}
		k := index[row.Deck]
		decks[k].Cards = append(decks[k].Cards, schema.SampleDeckCard{ID: row.Card, Copies: row.Copies})
		total[row.Deck] += row.Copies
		card, ok := cards[row.Card]
		if !ok {
			if row.Card != "" {
				m := c.Lang.Msg("unknown_ref", c.Lang.Msg("g_deck_card_label"), row.Card)
				if hint := guardianCardHint(row.Card, cards); hint != "" {
					m += c.Lang.Msg("did_you_mean", hint)
				}
				ds.AddError(i, "Card", m)
			}
			continue
		}
		hasGuard[row.Deck] = hasGuard[row.Deck] || card.guardian
		if card.material {
			continue
		}
		key := deckName{row.Deck, card.name}
		perName[key] += row.Copies
		if _, passed := passedAt[key]; !passed && perName[key] > r.Int("MaxCopies") {
			passedAt[key] = i
			order = append(order, key)
		}
	}
	for _, key := range order {
		ds.Errorf(passedAt[key], copiesField, "g_deck_copies", key.deck, key.name, perName[key], r.Int("MaxCopies"))
	}
	for k, dk := range decks {
		i := first[dk.Name]
		n, want := total[dk.Name], r.Int("DeckSize")
		if k == MaxDecks {
			ds.Errorf(i, "Deck", "g_limit_decks", MaxDecks, len(decks))
		}
		switch {
		case n > MaxDeckCards:
			ds.Errorf(i, "Deck", "g_limit_deck_cards", dk.Name, n, MaxDeckCards)
		case r.Bool("DeckExact") && n != want:
			ds.Errorf(i, "Deck", "g_deck_size", dk.Name, want, n)
		case !r.Bool("DeckExact") && n < want:
			ds.Errorf(i, "Deck", "g_deck_min", dk.Name, want, n)
		}
		if !hasGuard[dk.Name] {
			ds.Warnf(i, "Deck", "g_deck_no_guardian", dk.Name)
		}
	}
	return decks
}

// guardianCardHint suggests the ID meant by an unknown deck entry: the ID of
// the card with exactly that name, else the nearest ID by spelling.
func guardianCardHint(id string, cards map[string]guardianCard) string {
	var byName []string
	for k, card := range cards {
		if card.name == id {
			byName = append(byName, k)
		}
	}
	if len(byName) > 0 {
		slices.Sort(byName)
		return byName[0]
	}
	return schema.Nearest(id, slices.Collect(maps.Keys(cards)))
}

// UseText renders the Advance's use condition as card text, each condition
// in 【】, or "" when it has none.
func (a Advance) UseText() string {
	if a.Use == nil {
		return ""
	}
	return strings.TrimSuffix(a.Use.Text(guardianUseVocab, nil), "。")
}
