package report

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

func sampleReport() *sim.Report {
	w := sim.WilsonInterval
	return &sim.Report{
		Game: "nastrond", Seed: 1, Games: 200, PlayerCounts: []int{2, 3}, Bots: []string{"random"},
		SeatWinRate: map[string][]sim.Wilson{"2": {w(60, 100), w(40, 100)}, "3": {w(30, 100), w(35, 100), w(35, 100)}},
		Length:      map[string]sim.Distribution{"2": {Mean: 20, Min: 18, Max: 22, Hist: map[int]int{18: 20, 20: 60, 22: 20}}},
		Scores: map[string]sim.ScoreReport{"2": {All: sim.Distribution{Hist: map[int]int{10: 100, 20: 100}},
			Winner: sim.Distribution{Hist: map[int]int{20: 100}}, SeatMean: []float64{15, 14}}},
		Cards: map[string]sim.CardReport{
			"E01": {Acquired: 50, WinRate: w(30, 50)},
			"E02": {},
		},
		DeadCards: []string{"E02"},
		Extra: map[string]any{"guardian": map[string]any{
			"decks":        []string{"火", "水"},
			"matrix":       [][]sim.Wilson{{w(5, 10), w(7, 10)}, {w(3, 10), w(5, 10)}},
			"first_player": w(55, 100),
		}},
	}
}

func TestWrite_SelfContainedPageWithCharts(t *testing.T) {
	var b bytes.Buffer
	err := Write(&b, sampleReport(), Page{Title: "ナーストレンド", CardNames: map[string]string{"E01": "<script>alert(1)</script>", "E02": "トールの釣り"},
		Headings: [][2]string{{"first_player", "第1ターンの先攻の勝率"}}})
	if err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{`<html lang="ja">`, "席ごとの勝率", "P2: 40.0%", "ゲームの長さ", "デッキ相性表", "火 対 水: 70.0%", "第1ターンの先攻の勝率", "トールの釣り（未使用）", `class="dead"`} {
		if !strings.Contains(html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if n := strings.Count(html, "<svg"); n != 2*3+1+1 {
		t.Errorf("%d charts, want 8 (3 for each of 2 player counts, the card scatter, the heatmap)", n)
	}
	if strings.Contains(html, "<script>") {
		t.Error("a card name was not escaped")
	}
	if regexp.MustCompile(`(src|href)="?(https?:)?//`).MatchString(html) {
		t.Error("the page refers to an external asset")
	}
}

func TestSameReportGivesTheSameBytes(t *testing.T) {
	r := sampleReport()
	hist := map[int]int{}
	for k := range 60 {
		hist[k] = k%7 + 1
	}
	r.Length["2"] = sim.Distribution{Mean: 30, Min: 0, Max: 59, Hist: hist}
	r.Scores["2"] = sim.ScoreReport{All: sim.Distribution{Hist: hist}, Winner: sim.Distribution{Hist: hist}, SeatMean: []float64{1, 2}}
	var first bytes.Buffer
	if err := Write(&first, r, Page{Title: "t"}); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		var again bytes.Buffer
		if err := Write(&again, r, Page{Title: "t"}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), again.Bytes()) {
			t.Fatal("two renderings of the same report differ")
		}
	}
}

// TestHeadings_CommonFirstThenTheEnginesOwn: the common headings are listed
// once each, an engine's own follow them in its order, and an engine key
// that repeats a common one keeps the common heading and place.
func TestHeadings_CommonFirstThenTheEnginesOwn(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range commonHeadings {
		if seen[p[0]] {
			t.Errorf("heading key %q is listed twice", p[0])
		}
		seen[p[0]] = true
	}
	h := newHeadings(schema.Japanese, [][2]string{{"zeta", "ゼータ"}, {"games", "別名"}, {"alpha", "アルファ"}})
	if got := h.orderColumns([]string{"alpha", "unknown", "games", "zeta"}); !slices.Equal(got, []string{"games", "zeta", "alpha", "unknown"}) {
		t.Errorf("columns in the order %v, want games, zeta, alpha, unknown", got)
	}
	if h.label("games") != "ゲーム数" || h.label("zeta") != "ゼータ" || h.label("unknown") != "unknown" {
		t.Errorf("headings %q, %q, %q", h.label("games"), h.label("zeta"), h.label("unknown"))
	}
}

// TestVerdictListsEveryBatchsBrokenGamesWithTheirReplays: the page's
// verdict covers the balance batch and the smoke batch, and each game that
// broke a rule or did not finish is listed with the command that replays it.
func TestVerdictListsEveryBatchsBrokenGamesWithTheirReplays(t *testing.T) {
	bal := sampleReport()
	bal.Bots = []string{"greedy"}
	bal.Unfinished = 1
	bal.UnfinishedGames = []sim.Violation{{Players: 2, Turn: 101, Message: "unfinished", MessageJA: "101 手番で終わりませんでした",
		Replay: "bifrost replay guardian --seed 3 --players 2 --index 106 --bots greedy"}}
	smoke := sampleReport()
	smoke.ViolationCount = 1
	smoke.Violations = []sim.Violation{{Players: 2, Turn: 4, Message: "boom", MessageJA: "爆発", Replay: "bifrost replay guardian --seed 9 --players 2"}}
	var b bytes.Buffer
	if err := Write(&b, bal, Page{Title: "t", Smoke: smoke}); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{`<div class="bad">`, "greedy（全席） ボットの", "未完了 1", "ルール違反 1",
		"未完了、2人・手番 101: 101 手番で終わりませんでした<br><code>bifrost replay guardian --seed 3 --players 2 --index 106 --bots greedy</code>",
		"ルール違反、2人・手番 4: 爆発<br><code>bifrost replay guardian --seed 9 --players 2</code>"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// TestPageSpeaksOnlyTheDesignersLanguage: in English every word the page
// itself writes (headings, captions, table heads, verdicts, chart labels,
// violations) is English; only the game's own data (here ASCII names) is
// printed as it is, and the Japanese page says the same things in Japanese.
func TestPageSpeaksOnlyTheDesignersLanguage(t *testing.T) {
	bal := sampleReport()
	bal.Extra["guardian"].(map[string]any)["decks"] = []string{"fire", "water"}
	bal.Design = map[string]sim.DesignReport{"2": {Branching: 3, Forced: 0.1}}
	bal.TurnOrderWinRate = map[string][]sim.Wilson{"2": {sim.WilsonInterval(55, 100), sim.WilsonInterval(45, 100)}}
	bal.Drawn = map[string]int{"2": 3}
	bal.ViolationCount = 1
	bal.Violations = []sim.Violation{{Players: 2, Turn: 4, Message: "boom", MessageJA: "爆発", Replay: "bifrost replay nastrond --seed 9 --players 2"}}
	page := Page{Title: "Nastrond", CardNames: map[string]string{"E01": "Edda one", "E02": "Edda two"}, Cells: map[string]string{"E01": "Edda!A2"},
		Headings: [][2]string{{"first_player", "先攻の勝率"}}}
	render := func(l *schema.Lang) string {
		var b bytes.Buffer
		page.Lang = l
		if err := Write(&b, bal, page); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	cjk := regexp.MustCompile(`[\p{Hiragana}\p{Katakana}\p{Han}（）、]+`)
	en := render(schema.English)
	if found := cjk.FindAllString(regexp.MustCompile(`<style>[\s\S]*?</style>`).ReplaceAllString(en, ""), -1); len(found) > 0 {
		t.Errorf("the English page writes Japanese: %q", found)
	}
	for _, want := range []string{`<html lang="en">`, "Nastrond (nastrond) balance report", "random (every seat) bots, 200 games: 0 unfinished, 1 rule violations",
		"2 players", "Win rate by seat", "1st", "2nd", "Draws (finished games no seat won): 3", "Legal choices a decision", "Edda two (unused)",
		"Deck against deck", "fire against water: 70.0%", "first player", "Violation, 2 players, turn 4: boom"} {
		if !strings.Contains(en, want) {
			t.Errorf("the English page lacks %q", want)
		}
	}
	ja := render(schema.Japanese)
	for _, want := range []string{`<html lang="ja">`, "Nastrond（nastrond）バランス報告", "1番手", "デッキ相性表", "先攻の勝率", "ルール違反、2人・手番 4: 爆発"} {
		if !strings.Contains(ja, want) {
			t.Errorf("the Japanese page lacks %q", want)
		}
	}
}
