package bloodrage

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"bifrost/schema"
	"bifrost/schema/effect"
)

// Blood Rage solo variant: the AI boards that drive the AI clans, the
// variant's draft and pillage tables, the base game's board and Age cards.
// Field names follow the seed's own words (AI board, track, pass die, pillage
// table) and the base game's (province, fjord, Age, Quest, Upgrade, Battle).

// BAIBoard is one AI board: its glory conversions and the right half's
// pillage, boost and battle instructions. Its tracks and D10 upgrade table
// are the AITrack and AIUpgrade rows that name it.
type AIBoard struct {
	ID            string        `xlsx:"ID,ID,required"`
	Name          string        `xlsx:"名前,Name,required"`
	Clan          string        `xlsx:"氏族,Clan,required" validate:"oneof=狼 鴉 蛇 熊" doc:"このボードが操る氏族のフィギュアの色"`
	Personality   string        `xlsx:"性格,Personality" doc:"メモ（猛攻・略奪・築城など）。読み込みでは使いません"`
	QuestGlory    int           `xlsx:"クエスト名誉,QuestGlory,required" validate:"min=0,max=10" doc:"クエストフェイズに支配している地方1つにつき得る名誉"`
	RageGlory     int           `xlsx:"激情換算,RageGlory,required" validate:"min=0,max=10" doc:"アクションフェイズの終わりに、残った激情「激情単位」ごとに得る名誉"`
	RagePer       int           `xlsx:"激情単位,RagePer" validate:"min=1,max=20" doc:"激情換算の単位（この数の激情につき激情換算の名誉）。空欄は1"`
	ValhallaGlory int           `xlsx:"ヴァルハラ名誉,ValhallaGlory,required" validate:"min=0,max=10" doc:"ヴァルハラから解放されたフィギュア1体につき得る名誉"`
	Pillage       schema.Effect `xlsx:"略奪指示,Pillage,required,vocab=ai" doc:"右半分の略奪指示。target の節を上から試し、最初に地方が決まった節で略奪する"`
	Boost         schema.Effect `xlsx:"ブースト,Boost,vocab=ai" doc:"右半分のブースト（増援）指示。節を順にすべて実行する。トラックにブーストがあれば必須"`
	Battle        schema.Effect `xlsx:"戦闘時効果,Battle,vocab=ai" doc:"このAIが参加する戦闘で毎回適用する効果。タイミング win: lose: が使える"`
	Text          string        `xlsx:"テキスト,Text" doc:"ボードに印刷する説明。空欄なら各指示から生成"`
	Flavor        string        `xlsx:"フレーバー,Flavor"`
}

// BAITrack is one cell of an AI board's track. The D6 face picks the track;
// the marker moves one step along it per turn.
type AITrack struct {
	ID          string        `xlsx:"ID,ID,required"`
	Board       string        `xlsx:"ボード,Board,required" doc:"AIボードのID"`
	Face        int           `xlsx:"出目,Face,required" validate:"min=1,max=6" doc:"このトラックを選ぶD6の目"`
	Step        int           `xlsx:"順番,Step,required" validate:"min=1,max=20" doc:"矢印に沿って何マス目か（1から連続）"`
	Instruction schema.Effect `xlsx:"指示,Instruction,required,vocab=ai" doc:"AI氏族のアクション1つ: invade ship pillage stat boost upgrade monster"`
	Loop        bool          `xlsx:"ループ,Loop" doc:"最後のマスだけ: ○なら矢印が1マス目に戻る。×（既定）なら先へ進めず、実行できなかった扱い"`
	Text        string        `xlsx:"テキスト,Text" doc:"マスに印刷する文。空欄なら指示から生成"`

	At Pos // the instruction's cell, for reports
}

// BPos is where an AI instruction sits in the workbook: the sheet as
// written, and its 1-based row and column.
type Pos struct {
	Sheet    string
	Row, Col int
	Column   string // the header as written
}

// BAIUpgrade is one entry of an AI board's D10 upgrade table.
type AIUpgrade struct {
	ID      string        `xlsx:"ID,ID,required"`
	Board   string        `xlsx:"ボード,Board,required" doc:"AIボードのID"`
	Face    int           `xlsx:"出目,Face,required" validate:"min=1,max=10" doc:"D10の目（ボードごとに1〜10がそろう）"`
	Effect  schema.Effect `xlsx:"効果,Effect,vocab=ai" doc:"青: invade ship stat reinforce gain_rage glory draw / 赤: str draw glory gain_rage / 緑: glory glory_per stat"`
	Cost    int           `xlsx:"コスト,Cost,required" validate:"min=0,max=9" doc:"黒丸の数字。払う激情"`
	Colour  string        `xlsx:"色,Colour,required" validate:"oneof=青 赤 緑" doc:"青はすぐに、赤は戦闘で、緑は時代の終わりに効果を発揮する"`
	Monster string        `xlsx:"怪物,Monster" doc:"怪物の強化カードのID。書けばそのカードを探して配置する"`
	Text    string        `xlsx:"テキスト,Text" doc:"印刷する文。空欄なら効果（怪物なら怪物の名前）から生成"`

	At Pos // the effect's cell (the monster's, for a monster entry), for reports
}

// BDraft is one round of the human's solo draft.
type Draft struct {
	Round   int `xlsx:"回,Round,required" validate:"min=1,max=20" doc:"何回目のドラフトか"`
	Quest   int `xlsx:"クエスト,Quest" validate:"min=0,max=9" doc:"クエストの山札から引く枚数"`
	Upgrade int `xlsx:"強化,Upgrade" validate:"min=0,max=9" doc:"強化の山札から引く枚数"`
	Battle  int `xlsx:"戦闘,Battle" validate:"min=0,max=9" doc:"戦闘の山札から引く枚数"`
}

// The pillage table's source-region states and roll modes.
const (
	PillageFresh = "非略奪" // the source region has not been pillaged
	PillageSpent = "略奪済" // the source region has been pillaged or is doomed

	RollOnce      = "1回"    // one D6; the figures join on Face or more
	RollDouble    = "2連続"   // two D6; they join when both show Face or more
	RollNotDouble = "2連続以外" // two D6; they join unless both show Face or less
)

// noBound stands for a blank (unbounded) end of a pillage-table range.
const noBound = 1 << 30

// BPillage is one row of the pillage table: for a source-region state and a
// band of STR difference, the D6 roll that makes the AI's figures join.
type Pillage struct {
	State   string `xlsx:"元エリア状態,State,required" validate:"oneof=非略奪 略奪済" doc:"移動元の地方: 非略奪 / 略奪済（破滅予定も含む）"`
	MinDiff string `xlsx:"差下限,MinDiff" doc:"戦闘値差の下限（整数）。空欄は下限なし"`
	MaxDiff string `xlsx:"差上限,MaxDiff" doc:"戦闘値差の上限（整数）。空欄は上限なし"`
	Mode    string `xlsx:"方式,Mode,required" validate:"oneof=1回 2連続 2連続以外" doc:"1回: D6が目以上 / 2連続: 2回とも目以上 / 2連続以外: 2回とも目以下でなければ"`
	Face    int    `xlsx:"目,Face,required" validate:"min=1,max=6" doc:"方式で比べるD6の目"`

	// Lo and Hi are the parsed bounds; ±noBound when blank.
	Lo, Hi int
}

// Rolls returns how many D6 the row rolls: 1 or 2.
func (p *Pillage) Rolls() int {
	if p.Mode == RollOnce {
		return 1
	}
	return 2
}

// Joins reports whether the figures join the battle for the given rolls;
// roll2 is read only by the two-roll modes.
func (p *Pillage) Joins(roll1, roll2 int) bool {
	switch p.Mode {
	case RollDouble:
		return roll1 >= p.Face && roll2 >= p.Face
	case RollNotDouble:
		return roll1 > p.Face || roll2 > p.Face
	}
	return roll1 >= p.Face
}

// BProvince is one of the 9 provinces, numbered as the invade D10 reads them.
type Province struct {
	ID       string        `xlsx:"ID,ID,required"`
	Name     string        `xlsx:"名前,Name,required"`
	Number   int           `xlsx:"番号,Number,required" validate:"min=1,max=9" doc:"1〜8はアンゲルボカから時計回り、9はユグドラシル（D10の9と10）"`
	Realm    string        `xlsx:"領域,Realm,required" validate:"oneof=マンハイム アルフヘイム ヨトゥンヘイム なし" doc:"ユグドラシルは「なし」"`
	Villages int           `xlsx:"村,Villages,required" validate:"min=0,max=9" doc:"村の数（フィギュア1体ずつ）。ユグドラシルは0（上限なし）"`
	Reward   schema.Effect `xlsx:"略奪報酬,Reward,required,vocab=reward" doc:"略奪トークンの報酬: stat rage|axes|horns|all N / glory N"`
}

// BFjord is one of the 4 fjords, numbered as the ship D4 reads them.
type Fjord struct {
	ID     string `xlsx:"ID,ID,required"`
	Name   string `xlsx:"名前,Name"`
	Number int    `xlsx:"番号,Number,required" validate:"min=1,max=4" doc:"船舶の配置のD4の目"`
	Side1  string `xlsx:"隣接1,Side1,required" doc:"接する外周の地方のID"`
	Side2  string `xlsx:"隣接2,Side2,required" doc:"接する外周の地方のID（隣接1の隣）"`
}

// The card kinds.
const (
	CardQuest   = "クエスト"
	CardUpgrade = "強化"
	CardBattle  = "戦闘"
)

// BCard is one of the base game's Age cards.
type Card struct {
	ID      string        `xlsx:"ID,ID,required"`
	Name    string        `xlsx:"名前,Name,required"`
	Age     int           `xlsx:"時代,Age,required" validate:"min=1,max=3" doc:"カードの裏の時代（Ⅰ〜Ⅲ）"`
	Kind    string        `xlsx:"種類,Kind,required" validate:"oneof=クエスト 強化 戦闘" doc:"ドラフトで分ける山札"`
	STR     int           `xlsx:"戦力,STR" validate:"min=0,max=9" doc:"戦闘カードは+戦力、強化カードは戦力（=コスト）。+Xは空欄" tune:"up"`
	Players int           `xlsx:"人数,Players" validate:"min=2,max=4" doc:"使う最少の氏族数（3なら3+、4なら4+）。空欄は常に使う"`
	Slot    string        `xlsx:"スロット,Slot" validate:"oneof=リーダー 戦士 船 怪物 氏族" doc:"強化カードだけ: 置く氏族シートの枠"`
	Glory   int           `xlsx:"名誉,Glory" validate:"min=0,max=30" doc:"クエストカードだけ: 達成で得る名誉" tune:"up"`
	Late    bool          `xlsx:"後出し,Late" doc:"戦闘カードだけ: 白い円の戦力。公開の後に追加で出せる"`
	Copies  int           `xlsx:"枚数,Copies" validate:"min=1,max=9" doc:"同じカードの枚数。空欄は1"`
	Effect  schema.Effect `xlsx:"効果,Effect,vocab=card" doc:"カードの能力。クエストは達成条件（control / valhalla）" tune:"up"`
	Text    string        `xlsx:"テキスト,Text,textof=Effect+Late" doc:"カードに印刷する文。空欄なら効果から生成"`
}

// BloodrageData is the validated Blood Rage workbook, for the engine.
type Data struct {
	Boards    []AIBoard
	Tracks    []AITrack // sorted by board, face, step
	Upgrades  []AIUpgrade
	Draft     []Draft // sorted by round
	Pillage   []Pillage
	Provinces []Province
	Fjords    []Fjord
	Cards     []Card // Copies filled in (blank = 1)
	Rules     schema.Rules
}

// Track returns the cells of board's track for a D6 face, in step order.
func (d *Data) Track(board string, face int) []AITrack {
	var out []AITrack
	for _, t := range d.Tracks {
		if t.Board == board && t.Face == face {
			out = append(out, t)
		}
	}
	return out
}

// PillageRow returns the pillage-table row for the source region's state
// (pillaged or doomed, or neither) and the STR difference; nil if none.
func (d *Data) PillageRow(spent bool, diff int) *Pillage {
	state := PillageFresh
	if spent {
		state = PillageSpent
	}
	for i := range d.Pillage {
		p := &d.Pillage[i]
		if p.State == state && p.Lo <= diff && diff <= p.Hi {
			return p
		}
	}
	return nil
}

// Bloodrage is the solo variant of Blood Rage, one human against AI boards.
var Schema = &schema.Game{
	ID:      "bloodrage",
	Title:   "ブラッドレイジ ソロヴァリアント",
	Counted: map[string]string{"Quest": "クエストカード", "Upgrade": "強化カード", "Battle": "戦闘カード"},
	Sheets: []*schema.SheetSpec{
		{Key: "AIBoard", JA: "AIボード", Row: AIBoard{},
			Doc: "AI氏族1つにつき1枚のAIボード。右半分の略奪指示・ブースト・戦闘時効果と名誉の換算。トラックと強化表は別シート。"},
		{Key: "AITrack", JA: "AIトラック", Row: AITrack{},
			Doc: "AIボードのトラックのマス。1行1マス。ボードごとに出目1〜6のトラックがあり、順番は1から連続する。"},
		{Key: "AIUpgrade", JA: "AI強化表", Row: AIUpgrade{},
			Doc: "AIボード右半分のD10強化表。ボードごとに出目1〜10。コストは黒丸の数字。赤と緑の強化は一度得たらゲームの終わりまで有効で、同じ出目をもう一度出したら実行できなかった扱い。青はその場で効果を発揮するだけなので、同じ出目が出るたびにまた実行する（ルール KeepBlueUpgrades が○なら赤・緑と同じ扱い）。"},
		{Key: "Draft", JA: "ドラフト手順表", Row: Draft{},
			Doc: "プレイヤーのドラフト。各回、3つの山札から書かれた枚数を引き、1枚だけ残して他は捨てる。"},
		{Key: "Pillage", JA: "略奪表", Row: Pillage{},
			Doc: "戦闘への参加を決めるD6の表。移動元の地方の状態ごとに、戦闘値差の範囲がすべての整数を重なりなく覆う。"},
		{Key: "Province", JA: "地方", Row: Province{},
			Doc: "盤面の9つの地方。番号は侵攻のD10の目（9と10はユグドラシル）。"},
		{Key: "Fjord", JA: "フィヨルド", Row: Fjord{},
			Doc: "4つのフィヨルド。番号は船舶の配置のD4の目。隣り合う外周の地方2つに接する。"},
		{Key: "Card", JA: "カード", Row: Card{},
			Doc: "基本ゲームの時代Ⅰ〜Ⅲのカード（クエスト・強化・戦闘）。人数の列で氏族数による抜き取りを決める。"},
	},
	Rules:    bloodrageRules,
	Vocabs:   map[string]*effect.Vocab{"ai": bloodrageAIVocab, "reward": bloodrageRewardVocab, "card": bloodrageCardVocab},
	Check:    checkBloodrage,
	Messages: bloodrageMessages,
}

var bloodrageRules = []schema.RuleParam{
	{Key: "AIClans", Default: "3", Min: 1, Max: 3, Doc: "既定のAI氏族の数（人間と合わせて2〜4氏族。MaxAIClans 以下）"},
	{Key: "MaxAIClans", Default: "3", Min: 1, Max: 3, Doc: "AI氏族の最大数（AIClans 以上）。AIボードはこの枚数以上必要"},
	{Key: "Ages", Default: "3", Min: 1, Max: 3, Doc: "時代の数"},
	{Key: "CardsPerAge", Default: "34", Min: 1, Max: 99, Doc: "1時代のカードの枚数（4氏族のとき。基本ゲームは34）"},
	{Key: "DraftRounds", Default: "6", Min: 1, Max: 12, Doc: "ドラフトの回数。1回に1枚残すので、手札はこの枚数になる"},
	{Key: "MaxHumanBattleCards", Default: "3", Min: 0, Max: 12, Doc: "1時代にプレイヤーが残せる戦闘カードの上限（「4枚以上残せない」と「4枚まで」の食い違いは3と裁定）。各時代の戦闘カードは MaxHumanBattleCards ＋ AIBattleCards × AI氏族数 枚以上必要"},
	{Key: "AIBattleCards", Default: "3", Min: 0, Max: 8, Doc: "ドラフトの後、各AI氏族に配る戦闘カードの枚数。各時代の戦闘カードは MaxHumanBattleCards ＋ AIBattleCards × AI氏族数 枚以上必要"},
	{Key: "KeepCards", Default: "1", Min: 0, Max: 3, Doc: "捨て札フェイズで次の時代に残せる手札の枚数（AIはランダムに残す）"},
	{Key: "PassLimit", Default: "6", Min: 2, Max: 6, Doc: "パスダイスがこの目になったAI氏族はもう行動しない"},
	{Key: "StatCost", Default: "1", Min: 0, Max: 5, Doc: "トラックのステータス増加の指示に払う激情"},
	{Key: "StartRage", Default: "6", Min: 1, Max: 30, Doc: "激情の初期値（RageTrack の最初の値と同じにする）"},
	{Key: "StartAxes", Default: "3", Min: 1, Max: 30, Doc: "名誉ステータス（斧）の初期値（AxesTrack の最初の値と同じにする）"},
	{Key: "StartHorns", Default: "4", Min: 1, Max: 30, Doc: "指揮ステータス（角笛）の初期値（HornsTrack の最初の値と同じにする）"},
	{Key: "RageTrack", Kind: schema.RuleIntList, Default: "6,7,8,9,12,12", Min: 1, Max: 30, Doc: "激情トラックの各段階の値（最初の値は StartRage）。実物の氏族シートで要確認"},
	{Key: "AxesTrack", Kind: schema.RuleIntList, Default: "3,4,5,6,8,8", Min: 1, Max: 30, Doc: "名誉ステータスのトラックの各段階の値（最初の値は StartAxes）"},
	{Key: "HornsTrack", Kind: schema.RuleIntList, Default: "4,5,6,7,10,10", Min: 1, Max: 30, Doc: "指揮ステータスのトラックの各段階の値（最初の値は StartHorns）"},
	{Key: "StatBonusMid", Default: "10", Min: 0, Max: 50, Doc: "ゲーム終了時、4・5段階目のステータス1つにつき得る名誉"},
	{Key: "StatBonusMax", Default: "20", Min: 0, Max: 50, Doc: "ゲーム終了時、最後の段階のステータス1つにつき得る名誉"},
	{Key: "Warriors", Default: "8", Min: 1, Max: 20, Doc: "1氏族の戦士の数"},
	{Key: "Ships", Default: "1", Min: 0, Max: 4, Doc: "1氏族の船の数"},
	{Key: "MaxMonsters", Default: "2", Min: 0, Max: 4, Doc: "1氏族が持てる怪物の数"},
	{Key: "WarriorSTR", Default: "1", Min: 0, Max: 9, Doc: "戦士の戦力（=侵攻コスト）"},
	{Key: "LeaderSTR", Default: "3", Min: 0, Max: 9, Doc: "リーダーの戦力"},
	{Key: "LeaderCost", Default: "0", Min: 0, Max: 9, Doc: "リーダーの侵攻コスト（基本ゲームは0）"},
	{Key: "ShipSTR", Default: "2", Min: 0, Max: 9, Doc: "船の戦力（=侵攻コスト）"},
	{Key: "EndWhenAIsDone", Kind: schema.RuleBool, Default: "○", Doc: "全AIのパスダイスが上限になったら、プレイヤーに激情が残っていてもアクションフェイズを終えるか"},
	{Key: "HumanAlwaysFirst", Kind: schema.RuleBool, Default: "×", Doc: "時代Ⅱ・Ⅲもプレイヤーが先手か（×なら先手マーカーが時代ごとに左へ移る）"},
	{Key: "FailedRewardGlory", Default: "5", Min: 0, Max: 30, Doc: "略奪に成功したAIが報酬を受け取れなかったとき代わりに得る名誉"},
	{Key: "RagnarokGlory", Kind: schema.RuleIntList, Default: "2,3,4", Min: 0, Max: 30, Doc: "ラグナロクで破壊されたフィギュア1体につき得る名誉（時代Ⅰ,Ⅱ,Ⅲ）"},
	{Key: "DestroyedAtStart", Kind: schema.RuleIntList, Default: "3,2,1", Min: 0, Max: 7, Doc: "ゲーム開始時に破滅させる地方の数（2,3,4氏族）。どの値も Ages と合わせて8（外周の地方の数）まで"},
	{Key: "ShufflePillageRewards", Kind: schema.RuleBool, Default: "○", Doc: "外周8地方の略奪報酬をゲームごとにシャッフルするか（×なら地方シートのとおり）"},
	{Key: "KeepBlueUpgrades", Kind: schema.RuleBool, Default: "×", Doc: "AIの強化表の青の項目も、一度得たらゲームの終わりまで持っているものとし、同じ目をもう一度出したら実行できないとするか。×（既定）は種の「青の効果は即座に有効になり」のとおり、青はその場で効果を発揮して何も残らないので、同じ目が出るたびにコストを払ってまた実行する。赤と緑はどちらでもゲームの終わりまで有効で、もう一度出たら実行できない"},
	{Key: "RemoveByClanCount", Kind: schema.RuleBool, Default: "×", Doc: "時代のカードを基本ゲームのように氏族数の印（人数の列の3・4）で抜くか。×（既定）は種のとおり時代のカードをすべて3つの山札に分け、どの氏族数でもドラフト手順表の枚数を引ける。○では2・3氏族で枚数が足りない回が出る"},
	{Key: "CheckCellFailRate", Default: "75", Min: 1, Max: 100, Doc: "試行ゲームで、AIトラックのマスや強化表の項目が実行できなかった割合（%）がこれを超えたら、そのセルを警告する（10回以上試されたものだけ）", Setting: true},
	{Key: "TurnCap", Default: "600", Min: 10, Max: 100000, Doc: "シミュレーションの手番上限。超えたら未完了とする", Setting: true},
}

// Word enums shared by several verbs.
var (
	brStatEnum   = []string{"rage", "axes", "horns"}
	brStatLabels = []string{"激情ステータス", "名誉ステータス", "指揮ステータス"}
)

// The verbs each AI column accepts (the "ai" vocabulary is shared).
var (
	brTrackVerbs   = []string{"invade", "ship", "pillage", "stat", "boost", "upgrade", "monster"}
	brPillageVerbs = []string{"target"}
	brBoostVerbs   = []string{"reinforce", "gain_rage", "glory", "draw"}
	brBattleVerbs  = []string{"str", "draw", "glory", "gain_rage"}
	brBlueVerbs    = []string{"invade", "ship", "stat", "reinforce", "gain_rage", "glory", "draw"}
	brGreenVerbs   = []string{"glory", "glory_per", "stat"}
	brQuestVerbs   = []string{"control", "valhalla"}
)

var bloodrageAIVocab = &effect.Vocab{
	Name: "bloodrage/ai",
	Triggers: []effect.Trigger{
		{Name: "win", Aliases: []string{"勝利時"}, Text: "戦闘に勝ったとき：", Doc: "このAIが勝者になった戦闘の解決時（戦闘時効果と赤の強化だけ）"},
		{Name: "lose", Aliases: []string{"敗北時"}, Text: "戦闘に負けたとき：", Doc: "このAIが敗者になった戦闘の解決時（戦闘時効果と赤の強化だけ）"},
	},
	Verbs: []effect.Verb{
		{Name: "invade", Aliases: []string{"侵攻"},
			Args: []effect.ArgSpec{{Name: "figure", Kind: effect.Word, Enum: []string{"warrior", "leader", "monster"}, Labels: []string{"戦士で", "リーダーで", "怪物で"}, Optional: true}},
			Text: "D10で決めた地方に{1}侵攻する",
			Doc:  "D10で地方を決め（1〜8は外周、9・10はユグドラシル、破滅・満員・略奪済みは偶数ならユグドラシル、奇数なら破滅予定の地方、だめならランダム）、控えのフィギュア1体で侵攻する。種類の指定がなければ払える最も安いもの（戦士→リーダー→怪物）。指揮の上限を守り、戦力分の激情を払う（強化表では黒丸のコストだけ）"},
		{Name: "ship", Aliases: []string{"船舶の配置", "船"},
			Text: "D4で決めたフィヨルドに船を配置する",
			Doc:  "D4でフィヨルドを決め、控えの船を置く（激情は船の戦力）。両隣の地方が破滅済みなら振り直し、4つともだめなら実行できない"},
		{Name: "pillage", Aliases: []string{"略奪"},
			Text: "略奪指示に従って略奪する",
			Doc:  "このボードの略奪指示で地方を決めて略奪する。決まらなければ実行できない"},
		{Name: "stat", Aliases: []string{"ステータス増加", "ステータス"},
			Args: []effect.ArgSpec{{Name: "stat", Kind: effect.Word, Enum: []string{"rage", "axes", "horns", "any"}, Labels: append(slices.Clone(brStatLabels), "最も低いステータス")}},
			Text: "{1}を1段階上げる",
			Doc:  "ステータスを1段階上げる。any は段階が最も低いもの（同じなら激情→名誉→指揮）。トラックでは激情を StatCost 払う。最後の段階なら実行できない"},
		{Name: "boost", Aliases: []string{"ブースト", "増援"},
			Text: "ブースト指示に従う",
			Doc:  "このボードのブースト指示を実行する。どの節も何もできなければ実行できない"},
		{Name: "upgrade", Aliases: []string{"強化"},
			Text: "D10を振って強化表に従う",
			Doc:  "D10を振り、このボードの強化表のその目を得る。黒丸のコストを払えない、その赤か緑の項目をもう得ている（KeepBlueUpgrades が○なら青も）、怪物が見つからないときは実行できない"},
		{Name: "monster", Aliases: []string{"怪物"},
			Args: []effect.ArgSpec{{Name: "card", Kind: effect.Ref}},
			Text: "怪物「{1}」を探して配置する",
			Doc:  "指定した怪物の強化カード（カードシートのID）を探して怪物の枠に置き、その戦力の激情を払う。フィギュアは控えに入り、すぐに無料で侵攻する。今の時代の山札になければ実行できない"},
		{Name: "target", Aliases: []string{"略奪先"},
			Args: []effect.ArgSpec{{Name: "where", Kind: effect.Word,
				Enum:   []string{"strongest", "lead", "weakest", "doomed", "yggdrasil", "random"},
				Labels: []string{"自軍の戦力が最も高い地方", "他氏族との戦力差が最も大きい地方", "他氏族の戦力が最も低い地方", "破滅予定の地方", "ユグドラシル", "ランダムな地方"}}},
			Text: "{1}を略奪する",
			Doc:  "略奪指示の1節。略奪できる地方（未略奪・未破滅で、自軍のフィギュアか接するフィヨルドに船がある）から選ぶ。候補がなければ次の節へ。同点は番号の小さい地方"},
		{Name: "reinforce", Aliases: []string{"増援配置"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 8},
				{Name: "where", Kind: effect.Word, Enum: []string{"strongest", "doomed", "yggdrasil", "random", "invade"},
					Labels: []string{"自軍の戦力が最も高い地方", "破滅予定の地方", "ユグドラシル", "ランダムな地方", "D10で決めた地方"}}},
			Text: "戦士{1}体を{2}に無料で配置する",
			Doc:  "控えの戦士を最大n体、激情を払わずにその地方の空き村に置く（ユグドラシルは上限なし）。指揮の上限を守る。1体も置けなければ何もしない"},
		{Name: "gain_rage", Aliases: []string{"激情獲得"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "激情を{1}得る", Doc: "今の激情をn増やす（ステータスは変えない）"},
		{Name: "glory", Aliases: []string{"名誉"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 30}},
			Text: "{1}名誉を得る", Doc: "名誉をn得る"},
		{Name: "draw", Aliases: []string{"ドロー", "引く"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}},
			Text: "AIの戦闘山札から{1}枚引く", Doc: "配った残りの戦闘カード（AIの戦闘山札）からn枚引いて手札に加える。空なら何もしない"},
		{Name: "str", Aliases: []string{"戦力"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Signed, Min: -9, Max: 9}},
			Text: "この戦闘の戦力{1}", Doc: "この戦闘でのこのAIの戦力の合計をn増減する"},
		{Name: "glory_per", Aliases: []string{"名誉換算"},
			Args: []effect.ArgSpec{{Name: "what", Kind: effect.Word, Enum: []string{"region", "figure", "valhalla", "rage"},
				Labels: []string{"支配している地方", "盤上の自軍フィギュア", "ヴァルハラの自軍フィギュア", "残った激情"}},
				{Name: "n", Kind: effect.Count, Min: 1, Max: 10}},
			Text: "{1}1つにつき{2}名誉を得る", Doc: "数えたものの数×n名誉を得る（緑の強化で、時代の終わりに）"},
	},
	Conds: []effect.Verb{
		{Name: "rage", Aliases: []string{"激情"}, Compare: true, Text: "激情が{n}{op}", Doc: "今の激情"},
		{Name: "pass", Aliases: []string{"パス"}, Compare: true, Text: "パスダイスが{n}{op}", Doc: "パスダイスの目"},
		{Name: "age", Aliases: []string{"時代"}, Compare: true, Text: "時代が{n}{op}", Doc: "今の時代（1〜3）"},
		{Name: "attacker", Aliases: []string{"略奪側"}, Text: "自分が略奪した戦闘", Doc: "このAIが略奪を始めた戦闘"},
		{Name: "defender", Aliases: []string{"防衛側"}, Text: "他氏族が略奪した戦闘", Doc: "他の氏族が略奪を始めた戦闘"},
		{Name: "yggdrasil", Aliases: []string{"ユグドラシル"}, Text: "ユグドラシルの戦闘", Doc: "戦場がユグドラシル"},
		{Name: "doomed", Aliases: []string{"破滅予定"}, Text: "破滅予定の地方の戦闘", Doc: "戦場がこの時代に破滅する地方"},
		{Name: "figures", Aliases: []string{"フィギュア"}, Compare: true, Text: "この戦闘の自軍フィギュアが{n}体{op}", Doc: "戦闘に参加している自軍のフィギュア（船を含む）の数"},
	},
}

var bloodrageRewardVocab = &effect.Vocab{
	Name: "bloodrage/reward",
	Verbs: []effect.Verb{
		{Name: "stat", Aliases: []string{"ステータス"},
			Args: []effect.ArgSpec{{Name: "stat", Kind: effect.Word, Enum: append(slices.Clone(brStatEnum), "all"), Labels: append(slices.Clone(brStatLabels), "すべてのステータス")},
				{Name: "n", Kind: effect.Count, Min: 1, Max: 3}},
			Text: "{1}を{2}段階上げる", Doc: "ステータスをn段階上げる（all は3つとも）。最後の段階を超える分は受け取れない"},
		{Name: "glory", Aliases: []string{"名誉"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 30}},
			Text: "{1}名誉を得る", Doc: "名誉をn得る"},
	},
}

var bloodrageCardVocab = &effect.Vocab{
	Name: "bloodrage/card",
	Triggers: []effect.Trigger{
		{Name: "invade", Aliases: []string{"侵攻時"}, Text: "侵攻したとき：", Doc: "このフィギュア（強化）またはいずれかのフィギュアが侵攻したとき"},
		{Name: "pillaged", Aliases: []string{"略奪成功時"}, Text: "略奪に成功したとき：", Doc: "略奪に成功したとき（人物の強化はそのフィギュアが戦闘にいたとき）"},
		{Name: "win", Aliases: []string{"勝利時"}, Text: "戦闘に勝ったとき：", Doc: "戦闘の勝者になったとき"},
		{Name: "lose", Aliases: []string{"敗北時"}, Text: "戦闘に負けたとき：", Doc: "戦闘の敗者になったとき"},
		{Name: "battle_end", Aliases: []string{"戦闘後"}, Text: "戦闘の後：", Doc: "参加した戦闘の解決の後"},
		{Name: "destroyed", Aliases: []string{"破壊時"}, Text: "このスロットのフィギュアが破壊されたとき：", Doc: "このスロットのフィギュアが破壊されたとき"},
		{Name: "release", Aliases: []string{"解放時"}, Text: "ヴァルハラ解放のとき：", Doc: "ヴァルハラ解放フェイズ"},
		{Name: "game_end", Aliases: []string{"ゲーム終了時"}, Text: "ゲーム終了時：", Doc: "時代Ⅲのヴァルハラ解放の後"},
	},
	Verbs: []effect.Verb{
		{Name: "control", Aliases: []string{"支配"},
			Args: []effect.ArgSpec{{Name: "where", Kind: effect.Word, Enum: []string{"manheim", "alfheim", "jotunheim", "yggdrasil"},
				Labels: []string{"マンハイムの地方のどれか", "アルフヘイムの地方のどれか", "ヨトゥンヘイムの地方のどれか", "ユグドラシル"}}},
			Text: "{1}で戦力が最も高い", Doc: "クエスト条件: その領域の地方（かユグドラシル）の1つで、フィヨルドを含む戦力が他のどの氏族より高い"},
		{Name: "valhalla", Aliases: []string{"ヴァルハラ"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 20}},
			Text: "ラグナロクの前にヴァルハラに自軍のフィギュアが{1}体以上いる", Doc: "クエスト条件: ラグナロクの前に自軍のフィギュアがヴァルハラにn体以上"},
		{Name: "kill_warriors", Aliases: []string{"戦士破壊"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "戦力を比べる前に、この地方の各相手の戦士を{1}体ずつ破壊する", Doc: "戦力の比較前に、各相手の戦士をn体ずつヴァルハラへ送る"},
		{Name: "copy_best", Aliases: []string{"最高値"},
			Text: "このカードの戦力は、公開された相手のカードの最も高い戦力と同じになる", Doc: "+戦力を、公開された相手のカードの+戦力の最大値にする"},
		{Name: "stat", Aliases: []string{"ステータス"},
			Args: []effect.ArgSpec{{Name: "stat", Kind: effect.Word, Enum: append(slices.Clone(brStatEnum), "any", "other", "all"),
				Labels: append(slices.Clone(brStatLabels), "好きなステータス1つ", "略奪の報酬とは別のステータス1つ", "すべてのステータス")},
				{Name: "n", Kind: effect.Count, Min: 1, Max: 3}},
			Text: "{1}を{2}段階上げる", Doc: "ステータスをn段階上げる。AIは any/other で最も低いものを選ぶ"},
		{Name: "steal_rage", Aliases: []string{"激情強奪"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "勝った氏族から激情を{1}奪う", Doc: "勝者の今の激情をn減らし（0まで）、減らした分を得る"},
		{Name: "steal_glory", Aliases: []string{"名誉強奪"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 30}},
			Text: "勝った氏族から{1}名誉を奪う", Doc: "勝者の名誉をn減らし（0まで）、減らした分を得る"},
		{Name: "glory", Aliases: []string{"名誉"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 30}},
			Text: "{1}名誉を得る", Doc: "名誉をn得る"},
		{Name: "gain_rage", Aliases: []string{"激情獲得"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "激情を{1}得る", Doc: "今の激情をn増やす"},
		{Name: "thin", Aliases: []string{"間引き"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "戦力を比べる前に、各氏族はこの戦闘の自分のフィギュアを{1}体だけ残して破壊する", Doc: "戦力の比較前に、各氏族が自分で選んだn体以外の戦闘中のフィギュアを破壊する"},
		{Name: "rebattle", Aliases: []string{"仕切り直し"},
			Text: "公開されたカードをすべて捨て、その戦力の合計だけ名誉を得る。その後、全員がカードを出し直す", Doc: "公開カードを全部捨て札にし、その+戦力の合計の名誉を得て、全員がもう一度カードを出す"},
		{Name: "cancel", Aliases: []string{"打ち消し"},
			Text: "相手が公開したカードの効果をすべて打ち消す", Doc: "相手の公開カードのテキストを無効にする（+戦力は残る）"},
		{Name: "glory_per", Aliases: []string{"名誉換算"},
			Args: []effect.ArgSpec{{Name: "what", Kind: effect.Word, Enum: []string{"dead", "enemy_dead", "released", "on_board"},
				Labels: []string{"この戦闘で破壊されたフィギュア（自軍を含む）", "この戦闘で破壊された敵のフィギュア", "ヴァルハラから解放した自軍のフィギュア", "盤上の自軍のフィギュア"}},
				{Name: "n", Kind: effect.Count, Min: 1, Max: 10}},
			Text: "{1}1体につき{2}名誉を得る", Doc: "数えたフィギュアの数×n名誉を得る"},
		{Name: "take_cards", Aliases: []string{"カード奪取"},
			Text: "勝った氏族が公開したカードを手札に加える", Doc: "勝者が公開したカードを捨て札にせず自分の手札に加える"},
		{Name: "destroy_enemies", Aliases: []string{"敵破壊"},
			Args: []effect.ArgSpec{{Name: "which", Kind: effect.Word, Enum: []string{"warrior", "non_monster"}, Labels: []string{"敵の戦士", "怪物以外の敵のフィギュア"}}},
			Text: "その地方の{1}をすべて破壊する", Doc: "侵攻した地方の該当する敵のフィギュアをすべてヴァルハラへ送る"},
		{Name: "free", Aliases: []string{"無償"},
			Text: "強化にも侵攻にも激情を払わない", Doc: "このカードの強化とこの怪物の侵攻のコストを0にする"},
		{Name: "as_ship", Aliases: []string{"船扱い"},
			Text: "この怪物は船として扱う", Doc: "この怪物はフィヨルドに侵攻し、船として数える（船の強化は受けない）"},
		{Name: "move_adjacent", Aliases: []string{"隣へ移動"},
			Text: "このフィギュアを隣の地方に移す", MayText: "このフィギュアを隣の地方に移してもよい", Doc: "このフィギュアを隣接する地方の空き村へ移す"},
		{Name: "pair_str", Aliases: []string{"二人組"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "同じ地方の自軍の戦士2体ごとに戦力を{1}と数える", Doc: "同じ地方の戦士2体ごとの戦力の合計をnにする"},
		{Name: "discount", Aliases: []string{"値引き"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 5}},
			Text: "強化カードのコストが{1}少なくなる", Doc: "強化カードに払う激情をn減らす（0未満にはならない）"},
		{Name: "bonus_warrior", Aliases: []string{"追加侵攻"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 3}},
			Text: "その地方に戦士{1}体を無料で侵攻させる", MayText: "その地方に戦士{1}体を無料で侵攻させてもよい",
			Doc: "その地方の空き村に控えの戦士をn体まで、激情を払わずに侵攻させる（指揮の上限は守る）"},
		{Name: "quest_str", Aliases: []string{"クエスト戦力"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "戦闘で公開した自分のクエストカードを+{1}の戦闘カードとして扱う", Doc: "戦闘で公開したクエストカードの+戦力をnにする"},
		{Name: "invade_yggdrasil", Aliases: []string{"ユグドラシル侵攻"},
			Text: "ユグドラシルに侵攻できる", Doc: "この怪物は侵攻でユグドラシルに置ける"},
		{Name: "yggdrasil_str", Aliases: []string{"ユグドラシル戦力"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "ユグドラシルでは戦力{1}になる", Doc: "ユグドラシルにいるときの戦力をnにする"},
		{Name: "figure_str", Aliases: []string{"戦力変更"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "このスロットのフィギュアの戦力を{1}にする", Doc: "このスロットのフィギュア（戦士の強化なら全戦士）の戦力と侵攻コストをnにする"},
		{Name: "double", Aliases: []string{"倍増"},
			Args: []effect.ArgSpec{{Name: "what", Kind: effect.Word, Enum: []string{"ragnarok", "quest"}, Labels: []string{"ラグナロクで得る名誉", "クエストで得る名誉"}}},
			Text: "{1}を2倍にする", Doc: "その名誉を2倍にする"},
		{Name: "repillage", Aliases: []string{"再略奪"},
			Args: []effect.ArgSpec{{Name: "cost", Kind: effect.Count, Min: 0, Max: 9}},
			Text: "アクションとして激情{1}を払い、略奪済みの地方を再び略奪する", MayText: "アクションとして激情{1}を払い、略奪済みの地方を再び略奪してもよい",
			Doc: "新しいアクション: 激情costを払い、略奪済みの地方を略奪する"},
		{Name: "save", Aliases: []string{"守護"},
			Args: []effect.ArgSpec{{Name: "cost", Kind: effect.Count, Min: 0, Max: 9}},
			Text: "激情{1}を払い、破壊される自軍のフィギュア1体を守る", MayText: "激情{1}を払い、破壊される自軍のフィギュア1体を守ってもよい",
			Doc: "自軍のフィギュア1体が破壊されるとき、激情costを払えば破壊されない"},
		{Name: "keep_cards", Aliases: []string{"カード保持"},
			Args: []effect.ArgSpec{{Name: "cost", Kind: effect.Count, Min: 0, Max: 9}},
			Text: "公開した自分のカードを1枚につき激情{1}を払って手札に戻す", MayText: "公開した自分のカードを1枚につき激情{1}を払って手札に戻してもよい",
			Doc: "勝者として捨てるはずの自分の公開カードを、1枚ごとに激情costで手札に戻す"},
		{Name: "pillage_now", Aliases: []string{"即略奪"},
			Args: []effect.ArgSpec{{Name: "cost", Kind: effect.Count, Min: 0, Max: 9}},
			Text: "激情{1}を払い、その地方をすぐに略奪する", MayText: "激情{1}を払い、その地方をすぐに略奪してもよい",
			Doc: "侵攻した地方を、手番を使わずに激情costで略奪する"},
		{Name: "reward_again", Aliases: []string{"報酬再取得"},
			Text: "略奪の報酬をもう一度得る", Doc: "その地方の略奪報酬を2回受け取る"},
		{Name: "retreat", Aliases: []string{"退却"},
			Text: "外周の地方で破壊されるとき、代わりにユグドラシルへ退く", MayText: "外周の地方で破壊されるとき、代わりにユグドラシルへ退いてもよい",
			Doc: "外周の地方で破壊されるかわりにユグドラシルへ移る（ユグドラシルでは破壊される）"},
		{Name: "valhalla_invade", Aliases: []string{"ヴァルハラ侵攻"},
			Args: []effect.ArgSpec{{Name: "cost", Kind: effect.Count, Min: 0, Max: 9}},
			Text: "激情{1}を払い、ヴァルハラの自軍のフィギュア1体で侵攻する", MayText: "激情{1}を払い、ヴァルハラの自軍のフィギュア1体で侵攻してもよい",
			Doc: "新しい侵攻: 控えではなくヴァルハラのフィギュアを、激情costで置く"},
		{Name: "sacrifice", Aliases: []string{"犠牲"},
			Args: []effect.ArgSpec{{Name: "n", Kind: effect.Count, Min: 1, Max: 9}},
			Text: "アクションとして自軍のフィギュア{1}体を破壊し、ステータス1つを1段階上げる", MayText: "アクションとして自軍のフィギュア{1}体を破壊し、ステータス1つを1段階上げてもよい",
			Doc: "新しいアクション: 盤上の自軍フィギュアn体をヴァルハラへ送り、ステータス1つを1段階上げる"},
	},
	Conds: []effect.Verb{
		{Name: "enemy_dead", Aliases: []string{"敵破壊数"}, Compare: true, Text: "この戦闘で敵のフィギュアが{n}体{op}破壊された", Doc: "参加した戦闘で破壊された敵のフィギュアの数"},
		{Name: "yggdrasil", Aliases: []string{"ユグドラシル"}, Text: "ユグドラシルで", Doc: "このフィギュアがユグドラシルにいる"},
	},
}

var bloodrageMessages = schema.Catalogue{
	"b_label_province":   {"地方", "province"},
	"b_label_fjord":      {"フィヨルド", "fjord"},
	"b_label_age_cards":  {"時代%dのカード", "Age %d cards"},
	"b_face_missing":     {"ボード「%s」に出目 %s のトラックがありません", "board %q has no track for face %s"},
	"b_step_gap":         {"ボード「%s」の出目%dのトラックは順番%dが抜けています（1から連続させてください）", "board %q, track %d skips step %d (steps must run 1, 2, 3, …)"},
	"b_step_dup":         {"ボード「%s」の出目%dの順番%dが重複しています（最初は %d 行目）", "board %q, track %d has step %d twice (first on row %d)"},
	"b_loop_last":        {"ループはトラックの最後のマスにだけ付けられます（このトラックは順番%dまで）", "only a track's last cell may loop (this track runs to step %d)"},
	"b_one_instruction":  {"1マスに書ける指示は1つです（%d個あります）", "a track cell holds exactly one instruction (found %d)"},
	"b_upgrade_missing":  {"ボード「%s」の強化表に出目 %s がありません", "board %q's upgrade table has no entry for face %s"},
	"b_upgrade_dup":      {"ボード「%s」の強化表の出目%dが重複しています（最初は %d 行目）", "board %q's upgrade table has face %d twice (first on row %d)"},
	"b_upgrade_empty":    {"効果か怪物のどちらかを書いてください", "give an effect or a monster"},
	"b_not_monster":      {"「%s」は怪物の強化カードではありません（種類 %s、スロット %s）", "%q is not a Monster upgrade card (kind %s, slot %s)"},
	"b_verb_not_allowed": {"「%s」はこの列では使えません。使えるのは %s です", "%q is not allowed here (allowed: %s)"},
	"b_ai_may":           {"AIの指示に may（〜してもよい）は使えません。AIは選びません", "AI instructions cannot use \"may\": an AI makes no choices"},
	"b_boost_empty":      {"ボード「%s」のトラックにブーストのマスがありますが、ブースト指示が空です", "board %q has a boost cell on its tracks but no boost instruction"},
	"b_boards_few":       {"AIボードが%d枚しかありません。AI氏族は最大%d（ルール MaxAIClans）なので、その枚数以上必要です", "there are only %d AI boards but up to %d AI clans play (rule MaxAIClans)"},
	"b_ai_clans":         {"ルール AIClans（%d）は MaxAIClans（%d）以下にしてください", "rule AIClans (%d) must not exceed MaxAIClans (%d)"},
	"b_bound":            {"%sは整数か空欄（制限なし）で入力してください", "%s must be a whole number, or blank for no bound"},
	"b_range_order":      {"戦闘値差の下限 %d が上限 %d より大きいです", "the STR difference's lower bound %d exceeds its upper bound %d"},
	"b_range_overlap":    {"元エリア状態「%s」の戦闘値差 %s が %d 行目の範囲と重なっています", "state %q: STR difference %s overlaps the range on row %d"},
	"b_range_gap":        {"元エリア状態「%s」に戦闘値差 %s の行がありません", "state %q: no row covers STR difference %s"},
	"b_state_missing":    {"元エリア状態「%s」の行がありません", "no row for state %q"},
	"b_round_missing":    {"ドラフトの%d回目がありません（ルール DraftRounds は%d）", "draft round %d is missing (rule DraftRounds is %d)"},
	"b_round_dup":        {"ドラフトの%d回目が重複しています（最初は %d 行目）", "draft round %d appears twice (first on row %d)"},
	"b_round_extra":      {"%d回目はルール DraftRounds（%d）を超えています", "round %d is beyond rule DraftRounds (%d)"},
	"b_round_empty":      {"この回は1枚も引きません", "this round draws no card"},
	"b_round_forced":     {"戦闘カードしか引かない回が%d回あり、戦闘カードの上限 %d（ルール MaxHumanBattleCards）を超えて残すしかなくなります", "%d rounds draw only Battle cards, which forces more than %d Battle cards (rule MaxHumanBattleCards)"},
	"b_number_missing":   {"%s番号%dがありません", "no %s has number %d"},
	"b_number_dup":       {"%s番号%dが重複しています（最初は %d 行目）", "%s number %d is used twice (first on row %d)"},
	"b_ygg_realm":        {"ユグドラシル（番号9）の領域は「なし」にしてください", "Yggdrasil (number 9) must have realm なし"},
	"b_outer_realm":      {"外周の地方（番号1〜8）には領域を指定してください（「なし」は不可）", "an outer province (numbers 1–8) needs a realm, not なし"},
	"b_ygg_villages":     {"ユグドラシルに村はありません（0にしてください）", "Yggdrasil has no villages (write 0)"},
	"b_outer_villages":   {"外周の地方の村は1以上です", "an outer province needs at least 1 village"},
	"b_fjord_ygg":        {"フィヨルドはユグドラシル「%s」に接しません", "a fjord cannot touch Yggdrasil (%q)"},
	"b_fjord_same":       {"隣接1と隣接2が同じ地方「%s」です", "Side1 and Side2 name the same province %q"},
	"b_fjord_adjacent":   {"「%s」（番号%d）と「%s」（番号%d）は隣り合う地方ではありません", "%q (number %d) and %q (number %d) are not neighbouring provinces"},
	"b_fjord_twice":      {"地方「%s」は2つのフィヨルドに接しています（最初は %d 行目）", "province %q touches two fjords (first on row %d)"},
	"b_kind_col":         {"種類「%s」のカードには%sを書けません", "a %s card cannot have %s"},
	"b_kind_needs":       {"種類「%s」のカードには%sが必要です", "a %s card needs %s"},
	"b_battle_deal":      {"時代%dの戦闘カードは%d氏族（AI%d）のとき%d枚しかなく、プレイヤーが%d枚（MaxHumanBattleCards）残すとAIに%d枚ずつ（AIBattleCards）配れません", "Age %d has only %d Battle cards with %d clans (%d AI), too few to keep %d for the player (MaxHumanBattleCards) and deal %d to each AI (AIBattleCards)"},
	"b_draft_short":      {"時代%dを%d氏族で遊ぶと「%s」のカードが%d枚しかなく、ドラフト手順表の%d枚を引けません（ルール RemoveByClanCount）", "Age %d with %d clans: the %s deck has only %d cards, fewer than the %d the draft table draws (rule RemoveByClanCount)"},
	"b_cell_fails":       {"%s（%s）は試行ゲームで%d回実行できませんでした（%d回中、%.0f%%。ルール CheckCellFailRate は%d%%）", "%s (%s) could not be carried out in %d of %d tries (%.0f%%) in the smoke batch (rule CheckCellFailRate is %d%%)"},
	"b_track_first":      {"ルール %s の最初の値 %d は %s（%d）と同じにしてください", "rule %s starts at %d but %s is %d"},
	"b_track_order":      {"ルール %s は小さい順に並べてください（同じ値は可）", "rule %s must not decrease"},
	"b_list_len":         {"ルール %s には値が%d個必要です（%d個あります）", "rule %s needs %d values (has %d)"},
	"b_destroyed_ages":   {"ルール DestroyedAtStart の%d（%d氏族）と時代の数（Ages %d）の合計が外周の地方の数%dを超えています。時代ごとのラグナロクで破壊する地方が残るようにしてください", "rule DestroyedAtStart: %d (for %d clans) plus the number of Ages (%d) is more than the %d outer provinces; leave a province for each Age's Ragnarök"},
	"b_limit_cards":      {"この行でカードが合わせて%d枚になります。エンジンが扱えるのは%d枚までです", "this row brings the cards to %d in all; the engine plays at most %d"},
}

func checkBloodrage(c *schema.Checker) any {
	d := &Data{Rules: c.Rules}
	boards := schema.Decode[AIBoard](c, c.Game.Spec("AIBoard"))
	tracks := schema.Decode[AITrack](c, c.Game.Spec("AITrack"))
	ups := schema.Decode[AIUpgrade](c, c.Game.Spec("AIUpgrade"))
	draft := schema.Decode[Draft](c, c.Game.Spec("Draft"))
	pil := schema.Decode[Pillage](c, c.Game.Spec("Pillage"))
	provs := schema.Decode[Province](c, c.Game.Spec("Province"))
	fjords := schema.Decode[Fjord](c, c.Game.Spec("Fjord"))
	cards := schema.Decode[Card](c, c.Game.Spec("Card"))

	checkBloodrageRules(c)
	monsters := checkBloodrageCards(c, cards)
	checkBloodrageBoards(c, boards, tracks, ups, monsters)
	checkBloodrageDraft(c, draft)
	checkBloodrageDraftSupply(c, draft, cards.Items)
	checkBloodragePillage(c, pil)
	checkBloodrageMap(c, provs, fjords)

	for i := range tracks.Items {
		tracks.Items[i].At = posOf(tracks, i, "Instruction")
	}
	for i, u := range ups.Items {
		field := "Effect"
		if u.Monster != "" {
			field = "Monster"
		}
		ups.Items[i].At = posOf(ups, i, field)
	}
	d.Boards, d.Upgrades, d.Provinces, d.Fjords, d.Cards = boards.Items, ups.Items, provs.Items, fjords.Items, cards.Items
	d.Tracks = slices.Clone(tracks.Items)
	slices.SortStableFunc(d.Tracks, func(a, b AITrack) int {
		return cmp.Or(strings.Compare(a.Board, b.Board), a.Face-b.Face, a.Step-b.Step)
	})
	d.Draft = slices.Clone(draft.Items)
	slices.SortStableFunc(d.Draft, func(a, b Draft) int { return a.Round - b.Round })
	d.Pillage = pil.Items
	return d
}

// posOf is the position of item i's field cell.
func posOf[T any](s *schema.Sheet[T], i int, field string) Pos {
	return Pos{Sheet: s.Name, Row: s.Rows[i], Col: s.Column(field), Column: s.WrittenHeader(field)}
}

// checkBloodrageRules checks the Rules parameters against each other.
func checkBloodrageRules(c *schema.Checker) {
	r := c.Rules
	if r.Int("AIClans") > r.Int("MaxAIClans") {
		sheet, row, col, header, _ := schema.RuleCell(c, "AIClans", "MaxAIClans")
		c.P.Errorf(sheet, row, col, header, "b_ai_clans", r.Int("AIClans"), r.Int("MaxAIClans"))
	}
	for _, t := range [][2]string{{"RageTrack", "StartRage"}, {"AxesTrack", "StartAxes"}, {"HornsTrack", "StartHorns"}} {
		steps := r.Ints(t[0])
		if steps[0] != r.Int(t[1]) {
			sheet, row, col, header, _ := schema.RuleCell(c, t[0], t[1])
			c.P.Errorf(sheet, row, col, header, "b_track_first", t[0], steps[0], t[1], r.Int(t[1]))
		}
		if !slices.IsSorted(steps) {
			sheet, row, col, header, _ := schema.RuleCell(c, t[0])
			c.P.Errorf(sheet, row, col, header, "b_track_order", t[0])
		}
	}
	if n := len(r.Ints("RagnarokGlory")); n < r.Int("Ages") {
		sheet, row, col, header, _ := schema.RuleCell(c, "RagnarokGlory", "Ages")
		c.P.Errorf(sheet, row, col, header, "b_list_len", "RagnarokGlory", r.Int("Ages"), n)
	}
	if n := len(r.Ints("DestroyedAtStart")); n != 3 {
		sheet, row, col, header, _ := schema.RuleCell(c, "DestroyedAtStart")
		c.P.Errorf(sheet, row, col, header, "b_list_len", "DestroyedAtStart", 3, n)
	}
	for k, n := range r.Ints("DestroyedAtStart") {
		if n+r.Int("Ages") > bloodrageOuterProvinces {
			sheet, row, col, header, _ := schema.RuleCell(c, "DestroyedAtStart", "Ages")
			c.P.Errorf(sheet, row, col, header, "b_destroyed_ages", n, k+2, r.Int("Ages"), bloodrageOuterProvinces)
		}
	}
}

// bloodrageOuterProvinces is the number of provinces around Yggdrasil: those
// destroyed at the start and one per Age's Ragnarök must fit in them.
const bloodrageOuterProvinces = 8

// checkAIEffect reports clauses of an AI column that use "may", a verb
// outside verbs, or a trigger outside triggers ("" is no trigger).
func checkAIEffect[T any](s *schema.Sheet[T], i int, field string, e schema.Effect, verbs []string, triggers ...string) {
	if e.AST == nil {
		return
	}
	schema.CheckTriggers(s, i, field, e, triggers...)
	checkVerbs(s, i, field, e, verbs)
	for _, cl := range e.AST.Clauses {
		if cl.May {
			s.Errorf(i, field, "b_ai_may")
			break
		}
	}
}

// checkVerbs reports each clause of e whose verb is not in verbs.
func checkVerbs[T any](s *schema.Sheet[T], i int, field string, e schema.Effect, verbs []string) {
	if e.AST == nil {
		return
	}
	l, v := s.Lang(), s.Vocab(field)
	for _, cl := range e.AST.Clauses {
		if !slices.Contains(verbs, cl.Action.Name) {
			names := make([]string, len(verbs))
			for j, vb := range verbs {
				names[j] = schema.VerbLabel(l, v, vb)
			}
			s.Errorf(i, field, "b_verb_not_allowed", schema.VerbName(e.Src, cl.Action), l.List(names))
		}
	}
}

// checkMonsterRef reports a reference that is not a Monster upgrade card.
func checkMonsterRef[T any](s *schema.Sheet[T], i int, field, id string, cards map[string]Card) {
	card, ok := cards[id]
	switch {
	case !ok:
		s.Errorf(i, field, "unknown_ref", s.Header(field), id)
	case card.Kind != CardUpgrade || card.Slot != "怪物":
		s.Errorf(i, field, "b_not_monster", id, card.Kind, card.Slot)
	}
}

// missingFaces lists the faces 1..n absent from have, as "2, 5"; "" if none.
func missingFaces(have map[int]int, n int) string {
	var out []string
	for f := 1; f <= n; f++ {
		if _, ok := have[f]; !ok {
			out = append(out, strconv.Itoa(f))
		}
	}
	return strings.Join(out, ", ")
}

func checkBloodrageBoards(c *schema.Checker, boards *schema.Sheet[AIBoard], tracks *schema.Sheet[AITrack], ups *schema.Sheet[AIUpgrade], cards map[string]Card) {
	r := c.Rules
	known := map[string]bool{}
	for i, b := range boards.Items {
		known[b.ID] = true
		checkAIEffect(boards, i, "Pillage", b.Pillage, brPillageVerbs, "")
		checkAIEffect(boards, i, "Boost", b.Boost, brBoostVerbs, "")
		checkAIEffect(boards, i, "Battle", b.Battle, brBattleVerbs, "", "win", "lose")
		if b.RagePer == 0 {
			boards.Items[i].RagePer = 1
		}
	}
	c.Count("AIBoard", len(boards.Items))
	if n := len(boards.Items); n < r.Int("MaxAIClans") {
		boards.SheetErrorf("b_boards_few", n, r.Int("MaxAIClans"))
	}

	// Tracks: each board has faces 1..6, each track's steps run 1..n.
	type trackKey struct {
		board string
		face  int
	}
	steps := map[trackKey]map[int]int{} // step → item index
	faces := map[string]map[int]int{}   // board → face → item index
	hasBoost := map[string]bool{}
	for i, t := range tracks.Items {
		checkAIEffect(tracks, i, "Instruction", t.Instruction, brTrackVerbs, "")
		if ast := t.Instruction.AST; ast != nil {
			if n := len(ast.Clauses); n != 1 {
				tracks.Errorf(i, "Instruction", "b_one_instruction", n)
			}
			for _, cl := range ast.Clauses {
				switch cl.Action.Name {
				case "boost":
					hasBoost[t.Board] = true
				case "monster":
					checkMonsterRef(tracks, i, "Instruction", cl.Action.Str(0), cards)
				}
			}
		}
		if t.Board == "" || t.Face < 1 || t.Face > 6 || t.Step < 1 {
			continue // already reported by the decoder
		}
		if !known[t.Board] {
			tracks.Errorf(i, "Board", "unknown_ref", tracks.Header("Board"), t.Board)
			continue
		}
		k := trackKey{t.Board, t.Face}
		if steps[k] == nil {
			steps[k] = map[int]int{}
		}
		if first, dup := steps[k][t.Step]; dup {
			tracks.Errorf(i, "Step", "b_step_dup", t.Board, t.Face, t.Step, tracks.Rows[first])
			continue
		}
		steps[k][t.Step] = i
		if faces[t.Board] == nil {
			faces[t.Board] = map[int]int{}
		}
		faces[t.Board][t.Face] = i
	}
	for k, byStep := range steps {
		order := make([]int, 0, len(byStep))
		for s := range byStep {
			order = append(order, s)
		}
		slices.Sort(order)
		want := 1
		for _, s := range order {
			if s != want {
				tracks.Errorf(byStep[s], "Step", "b_step_gap", k.board, k.face, want)
			}
			want = s + 1
		}
		last := order[len(order)-1]
		for _, s := range order[:len(order)-1] {
			if i := byStep[s]; tracks.Items[i].Loop {
				tracks.Errorf(i, "Loop", "b_loop_last", last)
			}
		}
	}

	// Upgrade tables: each board has faces 1..10 once.
	upFaces := map[string]map[int]int{}
	for i, u := range ups.Items {
		switch u.Colour {
		case "青":
			checkAIEffect(ups, i, "Effect", u.Effect, brBlueVerbs, "")
		case "赤":
			checkAIEffect(ups, i, "Effect", u.Effect, brBattleVerbs, "", "win", "lose")
		case "緑":
			checkAIEffect(ups, i, "Effect", u.Effect, brGreenVerbs, "")
		}
		if u.Effect.Src == "" && u.Monster == "" {
			ups.Errorf(i, "Effect", "b_upgrade_empty")
		}
		if u.Monster != "" {
			checkMonsterRef(ups, i, "Monster", u.Monster, cards)
		}
		if u.Board == "" || u.Face < 1 || u.Face > 10 {
			continue
		}
		if !known[u.Board] {
			ups.Errorf(i, "Board", "unknown_ref", ups.Header("Board"), u.Board)
			continue
		}
		if upFaces[u.Board] == nil {
			upFaces[u.Board] = map[int]int{}
		}
		if first, dup := upFaces[u.Board][u.Face]; dup {
			ups.Errorf(i, "Face", "b_upgrade_dup", u.Board, u.Face, ups.Rows[first])
			continue
		}
		upFaces[u.Board][u.Face] = i
	}

	for i, b := range boards.Items {
		if b.ID == "" {
			continue
		}
		if m := missingFaces(faces[b.ID], 6); m != "" {
			boards.Errorf(i, "ID", "b_face_missing", b.ID, m)
		}
		if m := missingFaces(upFaces[b.ID], 10); m != "" {
			boards.Errorf(i, "ID", "b_upgrade_missing", b.ID, m)
		}
		if hasBoost[b.ID] && b.Boost.Src == "" {
			boards.Errorf(i, "Boost", "b_boost_empty", b.ID)
		}
	}
}

// inClanGame reports whether card takes part in a game of clans clans: every
// card does unless rule RemoveByClanCount removes it by its Players mark.
func inClanGame(r schema.Rules, card Card, clans int) bool {
	return !r.Bool("RemoveByClanCount") || max(card.Players, 2) <= clans
}

// checkBloodrageDraftSupply warns, at the Draft sheet's last row drawing a
// kind, when some Age and clan count cannot supply the draft table's cards
// of that kind (the rounds would come up short).
func checkBloodrageDraftSupply(c *schema.Checker, draft *schema.Sheet[Draft], cards []Card) {
	r := c.Rules
	need := map[string]int{}
	last := map[string]int{}
	for i, d := range draft.Items {
		if d.Round < 1 || d.Round > r.Int("DraftRounds") {
			continue
		}
		for kind, n := range map[string]int{CardQuest: d.Quest, CardUpgrade: d.Upgrade, CardBattle: d.Battle} {
			need[kind] += n
			if n > 0 {
				last[kind] = i
			}
		}
	}
	if len(cards) == 0 {
		return
	}
	field := map[string]string{CardQuest: "Quest", CardUpgrade: "Upgrade", CardBattle: "Battle"}
	for _, kind := range []string{CardQuest, CardUpgrade, CardBattle} {
		for age := 1; age <= r.Int("Ages"); age++ {
			for clans := 2; clans <= 1+r.Int("MaxAIClans"); clans++ {
				have := 0
				for _, card := range cards {
					if card.Age == age && card.Kind == kind && inClanGame(r, card, clans) {
						have += card.Copies
					}
				}
				if have < need[kind] {
					draft.Warnf(last[kind], field[kind], "b_draft_short", age, clans, kind, have, need[kind])
				}
			}
		}
	}
}

func checkBloodrageDraft(c *schema.Checker, draft *schema.Sheet[Draft]) {
	r := c.Rules
	rounds := r.Int("DraftRounds")
	seen := map[int]int{}
	battleOnly := 0
	lastBattleOnly := -1
	for i, d := range draft.Items {
		if d.Round < 1 {
			continue
		}
		if first, dup := seen[d.Round]; dup {
			draft.Errorf(i, "Round", "b_round_dup", d.Round, draft.Rows[first])
			continue
		}
		seen[d.Round] = i
		if d.Round > rounds {
			draft.Errorf(i, "Round", "b_round_extra", d.Round, rounds)
		}
		switch {
		case d.Quest+d.Upgrade+d.Battle == 0:
			draft.Errorf(i, "Round", "b_round_empty")
		case d.Quest+d.Upgrade == 0:
			battleOnly++
			lastBattleOnly = i
		}
	}
	if battleOnly > r.Int("MaxHumanBattleCards") {
		draft.Errorf(lastBattleOnly, "Battle", "b_round_forced", battleOnly, r.Int("MaxHumanBattleCards"))
	}
	for n := 1; n <= rounds; n++ {
		if _, ok := seen[n]; !ok {
			draft.SheetErrorf("b_round_missing", n, rounds)
		}
	}
}

// parseBound reads a pillage-table bound; blank is unbounded (def).
func parseBound(s string, def int) (int, bool) {
	if s == "" {
		return def, true
	}
	n, ok := schema.ParseInt(s)
	if !ok || n <= -noBound || n >= noBound {
		return 0, false
	}
	return n, true
}

// rangeText renders a band of STR difference, e.g. "-2〜+2", "+3〜", "〜-3".
func rangeText(lo, hi int) string {
	end := func(n int) string {
		if n <= -noBound || n >= noBound {
			return ""
		}
		if n > 0 {
			return "+" + strconv.Itoa(n)
		}
		return strconv.Itoa(n)
	}
	return end(lo) + "〜" + end(hi)
}

func checkBloodragePillage(c *schema.Checker, pil *schema.Sheet[Pillage]) {
	byState := map[string][]int{}
	for i := range pil.Items {
		p := &pil.Items[i]
		lo, okLo := parseBound(p.MinDiff, -noBound)
		hi, okHi := parseBound(p.MaxDiff, noBound)
		if !okLo {
			pil.Errorf(i, "MinDiff", "b_bound", pil.Header("MinDiff"))
		}
		if !okHi {
			pil.Errorf(i, "MaxDiff", "b_bound", pil.Header("MaxDiff"))
		}
		if !okLo || !okHi {
			continue
		}
		if lo > hi {
			pil.Errorf(i, "MinDiff", "b_range_order", lo, hi)
			continue
		}
		p.Lo, p.Hi = lo, hi
		if p.State == PillageFresh || p.State == PillageSpent {
			byState[p.State] = append(byState[p.State], i)
		}
	}
	for _, state := range []string{PillageFresh, PillageSpent} {
		rows := byState[state]
		if len(rows) == 0 {
			pil.SheetErrorf("b_state_missing", state)
			continue
		}
		slices.SortStableFunc(rows, func(a, b int) int { return cmp.Or(pil.Items[a].Lo-pil.Items[b].Lo, a-b) })
		if first := pil.Items[rows[0]]; first.Lo > -noBound {
			pil.Errorf(rows[0], "MinDiff", "b_range_gap", state, rangeText(-noBound, first.Lo-1))
		}
		reach, reachRow := pil.Items[rows[0]].Hi, rows[0] // the highest difference covered so far
		for _, i := range rows[1:] {
			p := pil.Items[i]
			switch {
			case p.Lo <= reach:
				pil.Errorf(i, "MinDiff", "b_range_overlap", state, rangeText(p.Lo, p.Hi), pil.Rows[reachRow])
			case p.Lo > reach+1:
				pil.Errorf(i, "MinDiff", "b_range_gap", state, rangeText(reach+1, p.Lo-1))
			}
			if p.Hi > reach {
				reach, reachRow = p.Hi, i
			}
		}
		if reach < noBound {
			pil.Errorf(reachRow, "MaxDiff", "b_range_gap", state, rangeText(reach+1, noBound))
		}
	}
}

func checkBloodrageMap(c *schema.Checker, provs *schema.Sheet[Province], fjords *schema.Sheet[Fjord]) {
	const yggdrasil = 9
	numbers := map[int]int{}
	byID := map[string]Province{}
	for i, p := range provs.Items {
		byID[p.ID] = p
		if p.Number < 1 || p.Number > yggdrasil {
			continue
		}
		if first, dup := numbers[p.Number]; dup {
			provs.Errorf(i, "Number", "b_number_dup", c.Lang.Msg("b_label_province"), p.Number, provs.Rows[first])
		} else {
			numbers[p.Number] = i
		}
		if p.Number == yggdrasil {
			if p.Realm != "" && p.Realm != "なし" {
				provs.Errorf(i, "Realm", "b_ygg_realm")
			}
			if p.Villages != 0 {
				provs.Errorf(i, "Villages", "b_ygg_villages")
			}
		} else {
			if p.Realm == "なし" {
				provs.Errorf(i, "Realm", "b_outer_realm")
			}
			if p.Villages < 1 {
				provs.Errorf(i, "Villages", "b_outer_villages")
			}
		}
	}
	if len(provs.Items) > 0 {
		for n := 1; n <= yggdrasil; n++ {
			if _, ok := numbers[n]; !ok {
				provs.SheetErrorf("b_number_missing", c.Lang.Msg("b_label_province"), n)
			}
		}
	} else {
		provs.SheetErrorf("empty_sheet")
	}

	fNumbers := map[int]int{}
	touched := map[string]int{} // province ID → fjord item index
	for i, f := range fjords.Items {
		if f.Number >= 1 && f.Number <= 4 {
			if first, dup := fNumbers[f.Number]; dup {
				fjords.Errorf(i, "Number", "b_number_dup", c.Lang.Msg("b_label_fjord"), f.Number, fjords.Rows[first])
			} else {
				fNumbers[f.Number] = i
			}
		}
		ok := true
		for _, side := range [][2]string{{"Side1", f.Side1}, {"Side2", f.Side2}} {
			if side[1] == "" {
				ok = false
				continue
			}
			p, found := byID[side[1]]
			switch {
			case !found:
				fjords.Errorf(i, side[0], "unknown_ref", fjords.Header(side[0]), side[1])
				ok = false
			case p.Number == yggdrasil:
				fjords.Errorf(i, side[0], "b_fjord_ygg", side[1])
				ok = false
			default:
				if first, dup := touched[side[1]]; dup && first != i {
					fjords.Errorf(i, side[0], "b_fjord_twice", side[1], fjords.Rows[first])
				} else {
					touched[side[1]] = i
				}
			}
		}
		if !ok {
			continue
		}
		if f.Side1 == f.Side2 {
			fjords.Errorf(i, "Side2", "b_fjord_same", f.Side1)
			continue
		}
		a, b := byID[f.Side1].Number, byID[f.Side2].Number
		if d := (a - b + 8) % 8; d != 1 && d != 7 {
			fjords.Errorf(i, "Side2", "b_fjord_adjacent", f.Side1, a, f.Side2, b)
		}
	}
	for n := 1; n <= 4; n++ {
		if _, ok := fNumbers[n]; !ok {
			fjords.SheetErrorf("b_number_missing", c.Lang.Msg("b_label_fjord"), n)
		}
	}
}

// checkBloodrageCards checks the Age cards, at most MaxCards in all
// (reported at the copies cell of the row that passes it), and returns them by ID.
func checkBloodrageCards(c *schema.Checker, cards *schema.Sheet[Card]) map[string]Card {
	r := c.Rules
	byID := map[string]Card{}
	perAge := map[int]int{}
	copiesField := "Copies"
	if !cards.Has("Copies") {
		copiesField = "ID"
	}
	total := 0
	for i := range cards.Items {
		card := &cards.Items[i]
		if card.Copies == 0 {
			card.Copies = 1
		}
		byID[card.ID] = *card
		perAge[card.Age] += card.Copies
		if total += card.Copies; total > schema.MaxCards && total-card.Copies <= schema.MaxCards {
			cards.Errorf(i, copiesField, "b_limit_cards", total, schema.MaxCards)
		}
		switch card.Kind {
		case CardQuest:
			c.Count("Quest", card.Copies)
		case CardUpgrade:
			c.Count("Upgrade", card.Copies)
		case CardBattle:
			c.Count("Battle", card.Copies)
		default:
			continue // reported by the decoder
		}
		if card.Kind == CardUpgrade && card.Slot == "" {
			cards.Errorf(i, "Slot", "b_kind_needs", card.Kind, cards.Header("Slot"))
		}
		if card.Kind != CardUpgrade && card.Slot != "" {
			cards.Errorf(i, "Slot", "b_kind_col", card.Kind, cards.Header("Slot"))
		}
		if card.Kind == CardQuest {
			if card.Glory == 0 {
				cards.Errorf(i, "Glory", "b_kind_needs", card.Kind, cards.Header("Glory"))
			}
			if card.STR != 0 {
				cards.Errorf(i, "STR", "b_kind_col", card.Kind, cards.Header("STR"))
			}
			if card.Effect.Src == "" {
				cards.Errorf(i, "Effect", "b_kind_needs", card.Kind, cards.Header("Effect"))
			}
			checkVerbs(cards, i, "Effect", card.Effect, brQuestVerbs)
			schema.CheckTriggers(cards, i, "Effect", card.Effect, "")
		} else {
			if card.Glory != 0 {
				cards.Errorf(i, "Glory", "b_kind_col", card.Kind, cards.Header("Glory"))
			}
			if ast := card.Effect.AST; ast != nil {
				for _, cl := range ast.Clauses {
					if slices.Contains(brQuestVerbs, cl.Action.Name) {
						cards.Errorf(i, "Effect", "b_kind_col", card.Kind, cl.Action.Name)
					}
				}
			}
		}
		if card.Kind != CardBattle && card.Late {
			cards.Errorf(i, "Late", "b_kind_col", card.Kind, cards.Header("Late"))
		}
	}
	for age := 1; age <= r.Int("Ages"); age++ {
		schema.ExpectCount(cards, schema.Indexes(cards.Items, func(b Card) bool { return b.Age == age }), c.Lang.Msg("b_label_age_cards", age), "CardsPerAge", perAge[age])
	}

	// After the draft, each AI gets AIBattleCards from what the player left.
	if len(cards.Items) > 0 {
		for age := 1; age <= r.Int("Ages"); age++ {
			for ai := 1; ai <= r.Int("MaxAIClans"); ai++ {
				clans, battle := ai+1, 0
				for _, card := range cards.Items {
					if card.Age == age && card.Kind == CardBattle && inClanGame(r, card, clans) {
						battle += card.Copies
					}
				}
				keep, deal := r.Int("MaxHumanBattleCards"), r.Int("AIBattleCards")
				if battle-keep < ai*deal {
					cards.SheetErrorf("b_battle_deal", age, battle, clans, ai, keep, deal)
				}
			}
		}
	}
	return byID
}
