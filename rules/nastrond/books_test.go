package nastrond

import (
	"strings"
	"testing"

	"bifrost/layout/book"
	"bifrost/layout/book/booktest"
	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/schema"
	"bifrost/schema/figure"
	"bifrost/schema/workbook"
)

// expandBooks expands the player's books from the shipped workbook with
// the Rules values in set, as the rulebook command does, and returns each
// book's text, by file name, with its white space removed (so a phrase
// broken across lines is still one phrase).
func expandBooks(t *testing.T, set map[string]string) map[string]string {
	t.Helper()
	b, err := workbook.Open(shipped, "cardsrc/nastrond.xlsx")
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
	lay, err := spec.Load(spec.LayoutDir("../../cardsrc"), Schema)
	if err != nil {
		t.Fatal(err)
	}
	drawn, err := cards.DrawAll(res, lay, cards.Options{})
	if err != nil {
		t.Fatal(err)
	}
	parts := map[string]book.CardParts{}
	for _, d := range drawn {
		parts[d.ID] = book.PartsOf(d.Face)
	}
	books, err := booktest.Expand(t, ".", book.Data{Game: Schema, Result: res, Lang: schema.English,
		Figures: map[string]*figure.Figure{"board": {W: 10, H: 10}}, // the board's drawing says no rule
		Parts:   func(id string) (book.CardParts, bool) { p, ok := parts[id]; return p, ok }})
	if err != nil {
		t.Fatalf("%v: %v", set, err)
	}
	out := map[string]string{}
	for name, text := range books {
		out[name+".md"] = strings.Join(strings.Fields(text), "")
	}
	return out
}

// TestPlayerBooksLeaveThePlayersChoicesOpen: the seed lets a player choose
// which dice to roll and keep as ↑, which dice a skill rerolls or changes,
// and which d6 intellect turns into a d8. That the engine offers only the
// choices that can help is its own convenience, not a rule: the player's
// books must not forbid the others.
func TestPlayerBooksLeaveThePlayersChoicesOpen(t *testing.T) {
	prohibitions := []string{
		"最大の目のサイコロを振り直したり", // no reroll of a die at its maximum
		"得にならないのに目を下げたりはできません",
		"8面体から先に振ります", // the d8s rolled first
		"振らずに残って↑になるのは6面体です",
		"ストックからもらった6面体が先です", // intellect takes a Stock d6 first
	}
	for name, text := range expandBooks(t, nil) {
		for _, p := range prohibitions {
			if strings.Contains(text, p) {
				t.Errorf("%s forbids what the seed allows: %q", name, p)
			}
		}
	}
}

// says is booktest.Says, written in the tables without field names.
type says struct {
	Value   string
	Phrases []string
}

// TestPlayerBooksAnswerAsTheRulesSheetSays expands the player's books under
// both settings of each switch the engine reads, and both ends of MinMove:
// each setting's answers must be printed, and the other setting's must not.
func TestPlayerBooksAnswerAsTheRulesSheetSays(t *testing.T) {
	for _, tt := range []struct {
		key  string
		a, b says
	}{
		{"MinMove",
			says{"1", []string{"留まれません。最低1マスは進みます。", "1マス以上、半周まで進む"}},
			says{"0", []string{"**A.**留まれます。", "半周まで進む（留まってもよい）"}}},
		{"CountAllUrd",
			says{"×", []string{"数えません。数えるのは自分の色のウルズだけです。", "自分の色のウルズの数だけ6面体をもらう"}},
			says{"○", []string{"数えます。縦と横にあるウルズは、色を問わずすべて数えます。", "全色のウルズの数だけ6面体をもらう"}}},
		{"TiwazPaysScout",
			says{"×", []string{"↑をスカウトの支払いに使えますか。**A.**使えません。"}},
			says{"○", []string{"**A.**使えます。この手番の↑1個で、コストを1払えます。", "（↑1個で1も払える）"}}},
		{"TiwazPaysOnFailure",
			says{"×", []string{"失敗した手番では、ほかのVPと同じく得られません。", "VPはなし（↑も"}},
			says{"○", []string{"チャレンジに失敗した手番でも得られます。", "↑のVPだけ得る"}}},
		{"SkillVPOnFailure",
			says{"×", []string{"**A.**得られません。チャレンジの間にスキルで得るVPは判定まで取っておき、成功したときだけ得ます。", "＋チャレンジ中のスキルのVP"}},
			says{"○", []string{"**A.**得られます。スキルのVPは使ったときに得ていて、失敗しても失いません。"}}},
		{"DivineAfterFix",
			says{"○", []string{"目を確定した後でも、判定の前なら振ってパワーに足せます。", "（目の確定後もパワーに足せる）"}},
			says{"×", []string{"目を確定した後は使えません。", "（目の確定後は使えない）"}}},
		{"UnlimitedDice",
			says{"×", []string{"あるだけもらい、足りない分はあきらめます。", "ストックが空のときは使えません。"}},
			says{"○", []string{"ストックの6面体は尽きないものとします。"}}},
		{"ArrivalMayShare",
			says{"○", []string{"**A.**同じマスに置きます。"}},
			says{"×", []string{"最初に空いているマスに置きます。", "（ふさがっていれば次の空きマスへ）"}}},
	} {
		booktest.SayEach(t, tt.key, booktest.Says(tt.a), booktest.Says(tt.b), func(key, value string) map[string]string {
			return expandBooks(t, map[string]string{key: value})
		})
	}
}
