package guardian

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// testSheets is a small workbook for rule scenarios: a plain Guardian of
// every attribute and cards exercising each trigger and verb. Its one deck
// is legal (30 cards); scenarios arrange their own zones.
func testSheets() map[string][][]string {
	return map[string][][]string{
		"Affinity": {
			{"属性", "有利", "捨て身"},
			{"火", "風", "○"}, {"風", "土", "○"}, {"土", "水", "○"}, {"水", "火", "○"},
			{"SP", "*", "×"}, {"闇", "全", "×"},
		},
		"Guardian": {
			{"ID", "名前", "属性", "効果", "使用回数"},
			{"GF", "火の守護者", "火", "", ""},
			{"GW", "風の守護者", "風", "", ""},
			{"GE", "土の守護者", "土", "", ""},
			{"GA", "水の守護者", "水", "", ""},
			{"GS", "SPの守護者", "SP", "", ""},
			{"GD", "闇の守護者", "闇", "", ""},
			{"GC", "応援の守護者", "土", "応援: ポイント +2", ""},
			{"GU", "二度応援の守護者", "土", "応援: ポイント +1", "2"},
			{"GX", "任意に引く守護者", "土", "シップ時: 任意 引く 1", ""},
			{"GN", "無効の守護者", "水", "シップ時: 【不利】相性無効", ""},
			{"GR", "捨て身で場の守護者", "火", "場にある限り: 【捨て身】ポイント +1", ""},
			{"GK", "記録の守護者", "風", "シップ時: 記録する 「風」 1; シップ時: 【記録 「風」 >= 2】ポイント +2", ""},
			{"GP", "準備の守護者", "土", "準備: 引く 1", ""},
			{"GB", "戦闘の守護者", "土", "戦闘: 引く 1", ""},
			{"GQ", "支払う守護者", "土", "応援: 【消費 1 火】ポイント +1", ""},
			{"GT", "回収の守護者", "土", "シップ時: リソース回収 1", ""},
			{"GO", "手札を削る守護者", "土", "シップ時: 相手手札消費 1", ""},
			{"GV", "破壊の守護者", "闇", "シップ時: アドバンス破壊 1", ""},
			{"GY", "戻す守護者", "土", "応援: 応援席回収 1", ""},
			{"GL", "場の守護者", "土", "場にある限り: 相手ポイント -1", ""},
		},
		"Advance": {
			{"ID", "名前", "属性", "コスト", "コスト属性", "条件", "効果"},
			{"AF", "火の炉", "火", "2", "", "", "登場時: ポイント +1; 応援: ポイント +1"},
			{"AC", "逆転の鞴", "火", "1", "火", "【応援数 >= 1】", "応援: 相性逆転"},
			{"AR", "回収の樽", "水", "1", "", "", "登場時: 消費回収 1"},
			{"AS", "補充の炉床", "土", "1", "", "【消費 1 土】", "登場時: リソース補充 1"},
		},
		"Order": {
			{"ID", "名前", "属性", "効果"},
			{"OP", "火花", "火", "ポイント +2"},
			{"OY", "一打", "火", "【消費 1 火】ポイント +1; 引く 1"},
			{"ON", "段取り", "水", "次ポイント +2"},
			{"OD", "冷水", "水", "相手ポイント -2"},
			{"OU", "水鏡", "水", "相性無効"},
			{"OF", "向かい風", "風", "相性逆転"},
			{"OH", "砥ぎ直し", "水", "【手札 <= 1】引く 3"},
			{"OC", "応援属性の技", "土", "【応援属性 土 >= 1】ポイント +1"},
			{"OK", "応援数の技", "土", "【応援数 >= 2】ポイント +1"},
			{"OA", "アドバンスの技", "土", "【アドバンス数 >= 1】ポイント +1"},
			{"OB", "戦闘属性の技", "火", "【戦闘属性 火】ポイント +1"},
			{"OO", "相手属性の技", "火", "【相手属性 水】ポイント +1"},
			{"OS", "捨て身の技", "火", "【捨て身】ポイント +1"},
			{"OR", "相手捨て身の技", "火", "【相手捨て身】ポイント +1"},
			{"OV", "有利の技", "火", "【有利】ポイント +1"},
			{"OW", "不利の技", "火", "【不利】ポイント +1"},
			{"OL", "リソースの技", "土", "【リソース <= 1】ポイント +1"},
			{"OM", "相手リソースの技", "土", "【相手リソース >= 3】ポイント +1"},
			{"OZ", "消費数の技", "土", "【消費数 >= 2】ポイント +1"},
			{"OX", "記録の技", "風", "【記録 「風」 >= 1】ポイント +1"},
		},
		"Material": {
			{"ID", "名前", "属性", "効果"},
			{"MP", "鋼材", "火", "消費時: ポイント +1"},
			{"MC", "炭", "火", ""},
			{"MD", "砥石", "水", "消費時: 引く 1"},
			{"MA", "研磨剤", "風", "消費時: 【有利】ポイント +1"},
			{"ME", "鋳物砂", "土", "消費時: 相手ポイント -1"},
			{"ML", "土塊", "土", ""},
		},
		"Decks": {
			{"ID", "デッキ", "カードID", "枚数"},
			{"D1", "試験", "GF", "2"}, {"D2", "試験", "GW", "2"}, {"D3", "試験", "GE", "2"},
			{"D4", "試験", "GA", "2"}, {"D5", "試験", "GS", "2"}, {"D6", "試験", "GD", "2"},
			{"D7", "試験", "MC", "18"},
		},
	}
}

// engineFor validates sheets with rule overrides ("Key=Value") and builds an engine.
func engineFor(t testing.TB, sheets map[string][][]string, rules ...string) *Engine {
	t.Helper()
	res := validateSheets(sheets, rules...)
	if schema.HasErrors(res.Problems) {
		t.Fatalf("test workbook: %v", errProblems(res.Problems))
	}
	e, err := New(res.Data.(*Data))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// validateSheets validates sheets with rule overrides ("Key=Value").
func validateSheets(sheets map[string][][]string, rules ...string) schema.Result {
	rs := [][]string{{"キー", "値"}}
	for _, r := range rules {
		k, v, _ := strings.Cut(r, "=")
		rs = append(rs, []string{k, v})
	}
	sheets["Rules"] = rs
	b := &schema.Book{File: "test.xlsx", Sheets: map[string]*schema.Table{}}
	for name, rows := range sheets {
		tb := &schema.Table{Sheet: name, Header: rows[0]}
		for i, r := range rows[1:] {
			tb.Rows = append(tb.Rows, schema.Row{Num: i + 2, Cells: r})
		}
		b.Sheets[name] = tb
	}
	return Schema.Validate(b, schema.NewLang("en"))
}

// seatSpec arranges one seat's zones by card ID. Deck and resources list
// the top card last.
type seatSpec struct {
	hand, deck, res, cheer, consumed []string
}

// sc is a scenario: a game arranged card by card, driven choice by choice.
type sc struct {
	t      *testing.T
	e      *Engine
	g      *Game
	events []sim.Event
}

// scenario builds a game at the start of turn 1's preparation phase with
// the given first player and zones, and runs it to the first decision.
func scenario(t *testing.T, e *Engine, first int, seats [2]seatSpec) *sc {
	t.Helper()
	s := &sc{t: t, e: e}
	g := e.blank()
	g.rng = rand.New(rand.NewPCG(1, 2))
	for seat, sp := range seats {
		ps, h := &g.p.ps[seat], &g.h[seat]
		var list []int16
		fill := func(z []int16, ids []string) []int16 {
			for _, id := range ids {
				c := s.id(id)
				z = append(z, c)
				list = append(list, c)
			}
			return z
		}
		h.hand = fill(h.hand, sp.hand)
		h.deck = fill(h.deck, sp.deck)
		h.res = fill(h.res, sp.res)
		ps.consumed = fill(ps.consumed, sp.consumed)
		for _, c := range fill(nil, sp.cheer) {
			ps.cheer = append(ps.cheer, cheerCard{card: c})
		}
		e.decks = append(e.decks, list)
		e.checkTables()
		ps.deck, ps.n = int16(len(e.decks)-1), int16(len(list))
		if d := len(h.res) - e.resourceZone; d >= 0 {
			ps.fortified = int16(d)
		} else {
			ps.taken = int16(-d)
		}
	}
	g.p.first, g.p.gameFirst, g.p.turn, g.p.phase = int8(first), int8(first), 1, phPrep
	g.emit = s.record
	g.advance()
	g.emit = nil
	s.g = g
	s.check()
	return s
}

func (s *sc) record(ev sim.Event) { s.events = append(s.events, ev) }

// id is the design index of a card ID.
func (s *sc) id(id string) int16 {
	s.t.Helper()
	i := slices.Index(s.e.ids, id)
	if i < 0 {
		s.t.Fatalf("no card %s", id)
	}
	return int16(i)
}

func (s *sc) check() {
	s.t.Helper()
	if err := s.g.Check(); err != nil {
		s.t.Fatalf("invariant: %v", err)
	}
	if err := s.g.CheckStep(); err != nil {
		s.t.Fatalf("invariant over the step: %v", err)
	}
}

// legal reports whether c is among the deciding seat's choices.
func (s *sc) legal(c sim.Choice) bool {
	return slices.Contains(s.g.Choices(nil), c)
}

// do applies choice c for seat, failing unless that seat decides and c is legal.
func (s *sc) do(seat int, c sim.Choice) {
	s.t.Helper()
	if s.g.Over() {
		s.t.Fatalf("game over; cannot %s", s.g.Describe(c, schema.English))
	}
	if got := s.g.Seat(); got != seat {
		s.t.Fatalf("P%d decides, not P%d (ask %d); wanted %s", got+1, seat+1, s.g.p.ask, s.g.Describe(c, schema.English))
	}
	if !s.legal(c) {
		s.t.Fatalf("P%d: %q is not legal; choices: %s", seat+1, s.g.Describe(c, schema.English), s.choices())
	}
	s.g.Apply(c, s.record)
	s.check()
}

// choices describes the current choices.
func (s *sc) choices() string {
	var out []string
	for _, c := range s.g.Choices(nil) {
		out = append(out, s.g.Describe(c, schema.English))
	}
	return strings.Join(out, "; ")
}

// forge, pass and friends are shorthands for choices.
func (s *sc) forge(seat int, id string, reckless bool) {
	s.t.Helper()
	b := int16(0)
	if reckless {
		b = 1
	}
	s.do(seat, sim.Choice{Kind: cForge, A: s.id(id), B: b})
}

func (s *sc) pass(seat int) { s.t.Helper(); s.do(seat, sim.Choice{Kind: cPass}) }

// result returns the last battle result event: winner (-1 draw) and both points.
func (s *sc) result() (w int, p0, p1 int) {
	s.t.Helper()
	for i := len(s.events) - 1; i >= 0; i-- {
		if ev := s.events[i]; ev.Kind == evResult {
			return int(ev.Seat), int(ev.N), int(ev.M)
		}
	}
	s.t.Fatal("no battle result yet")
	return
}

// zone renders a seat's zone as card IDs, for comparisons.
func (s *sc) zone(z []int16) string {
	var out []string
	for _, c := range z {
		out = append(out, s.e.ids[c])
	}
	return strings.Join(out, ",")
}

func (s *sc) cheer(seat int) string {
	var out []string
	for _, cc := range s.g.p.ps[seat].cheer {
		out = append(out, s.e.ids[cc.card])
	}
	return strings.Join(out, ",")
}

// points returns both seats' current totals.
func (s *sc) points() [2]int {
	pts, _, _ := s.g.totals()
	return pts
}
