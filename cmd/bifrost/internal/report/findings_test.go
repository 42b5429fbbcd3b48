package report

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
)

// evenCards is a report of 30 cards used and won alike, plus the cards of
// extra, at two players: 1000 finished games.
func evenCards(extra map[string]sim.CardReport) *sim.Report {
	w := sim.WilsonInterval
	r := &sim.Report{Game: "nastrond", Games: 1000, PlayerCounts: []int{2}, Bots: []string{"greedy"},
		SeatWinRate: map[string][]sim.Wilson{"2": {w(520, 1000), w(480, 1000)}},
		Length:      map[string]sim.Distribution{"2": {Min: 24, Max: 24, Mean: 24, P50: 24, Hist: map[int]int{24: 1000}}},
		Scores:      map[string]sim.ScoreReport{"2": {All: sim.Distribution{Hist: map[int]int{10: 2000}}, SeatMean: []float64{10, 10}}},
		Cards:       map[string]sim.CardReport{}, DeadCards: []string{}}
	for i := range 30 {
		// 400 users each, winning about half: the jitter is noise.
		r.Cards[fmt.Sprintf("E%02d", i)] = sim.CardReport{Acquired: 400, WinRate: w(195+i%10, 400)}
	}
	for id, c := range extra {
		r.Cards[id] = c
	}
	return r
}

func TestEvenCardsGiveNoCardFindingAfterCorrection(t *testing.T) {
	// 200 cards whose users win by a fair coin: some pass an uncorrected
	// 5 % test by chance; none may survive Benjamini–Hochberg.
	rng := rand.New(rand.NewPCG(15, 4))
	r := evenCards(nil)
	// Many seat-games beside the users, so that users and non-users are
	// the two independent samples of a real batch.
	r.SeatWinRate["2"] = []sim.Wilson{sim.WilsonInterval(50000, 100000), sim.WilsonInterval(50000, 100000)}
	r.Cards = map[string]sim.CardReport{}
	for i := range 200 {
		wins := 0
		for range 400 {
			if rng.IntN(2) == 0 {
				wins++
			}
		}
		r.Cards[fmt.Sprintf("C%03d", i)] = sim.CardReport{Acquired: 400, WinRate: sim.WilsonInterval(wins, 400)}
	}
	tests := CardTests(r)
	raw := 0
	for _, ct := range tests {
		if ct.Measure == "win_rate" && math.Erfc(math.Abs(ct.Z)/math.Sqrt2) < significance {
			raw++
		}
	}
	if raw == 0 {
		t.Fatal("no card passes the uncorrected test: the sample does not exercise the correction")
	}
	for _, f := range findings(r, Page{}, tests) {
		if f.Card != "" {
			t.Errorf("a card of an even set was named (%d pass uncorrected): %+v", raw, f)
		}
	}
}

// The win rate of the seats that used a card follows the game, not the
// card: it is never a finding, however high. The cards an effects run
// flags are, each as its one sentence with its cell, the statistics folded.
func TestWinWhenUsedIsNeverAFindingButMeasuredEffectsAre(t *testing.T) {
	r := evenCards(map[string]sim.CardReport{"E99": {Acquired: 400, WinRate: sim.WilsonInterval(300, 400)}})
	p := Page{CardNames: map[string]string{"E99": "バルドルの死"}, Cells: map[string]string{"E99": "Edda!A34"}}
	for _, f := range findings(r, p, CardTests(r)) {
		if f.Card == "E99" {
			t.Errorf("a high win rate when used was named: %+v", f)
		}
	}
	unmeasured := findings(r, p, CardTests(r))
	if !slices.ContainsFunc(unmeasured, func(f Finding) bool { return strings.Contains(f.Text, "bifrost effects を実行すると") }) {
		t.Errorf("without an effects run the page does not say how to get card findings: %+v", unmeasured)
	}
	p.Effects = &Effects{Game: "nastrond", Games: 3000, Bots: []string{"greedy"}, Band: 5,
		Findings: []EffectFinding{{Card: "E99", Name: "バルドルの死", Kind: "Edda", Cell: "Edda!F34", Stronger: true,
			JA: "バルドルの死（E99）は同じ種類（エッダ）のカードより強すぎます：使った人の勝率への効果が中央値より +11.0 pt"}},
		Cards: []sim.CardEffect{{Card: "E99", Kind: "Edda", Flagged: true, Stronger: true,
			Effects: []sim.EffectAtSize{{Paired: sim.Paired{Players: 2, Games: 400, Changed: 400, Win: 12, WinLow: 8, WinHigh: 16}, Median: 1, Q: 0.001, Flagged: true}}}}}
	var b bytes.Buffer
	if err := Write(&b, r, p); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	from, to := strings.Index(html, "<h2>所見</h2>"), strings.Index(html, "<h2>2人プレイ</h2>")
	if from < 0 || to < from {
		t.Fatal("the page does not open with findings before the seat charts")
	}
	findingsPart := html[from:to]
	for _, want := range []string{"<b>バルドルの死</b>（E99、", "Edda!F34", "）は、使った席の勝率への効果が同じ種類（Edda）の中央値より 11 ポイント高く、強すぎます", "最後の bifrost effects の実行（greedy ボット、3000 ゲーム",
		"<details><summary>詳細</summary>", "補正後 q"} {
		if !strings.Contains(findingsPart, want) {
			t.Errorf("findings lack %q:\n%s", want, findingsPart)
		}
	}
	if strings.Contains(findingsPart, "使った人の勝率 75.0%") {
		t.Errorf("the win rate when used is in the findings:\n%s", findingsPart)
	}
	// The flagged card is labelled on the chart, not only in a tooltip.
	if !regexp.MustCompile(`<text[^>]*class="name">バルドルの死</text>`).MatchString(html) {
		t.Error("the flagged card has no label on the scatter chart")
	}
}

func TestSeatGapIsJudgedAgainstItsThreshold(t *testing.T) {
	r := evenCards(nil)
	r.SeatWinRate["2"] = []sim.Wilson{sim.WilsonInterval(700, 1000), sim.WilsonInterval(300, 1000)}
	for _, tt := range []struct {
		max  int
		bad  bool
		text string
	}{{40, false, "CheckMaxSeatGap は 40 ポイント以内です"}, {30, true, "CheckMaxSeatGap は 30 ポイントで、超えています"}} {
		fs := findings(r, Page{MaxSeatGap: tt.max}, nil)
		if len(fs) == 0 || fs[0].Kind != "seat_gap" || fs[0].Bad != tt.bad || !strings.Contains(fs[0].Text, "40.0 ポイント") || !strings.Contains(fs[0].Text, tt.text) {
			t.Errorf("max %d: %+v", tt.max, fs)
		}
	}
}

func TestDeadCardsAreThoseNeitherBatchUsed(t *testing.T) {
	bal := evenCards(nil)
	bal.DeadCards = []string{"W1", "W2"}
	smoke := &sim.Report{Games: 600, Bots: []string{"random"}, DeadCards: []string{"W2", "W3"}}
	p := Page{Smoke: smoke, CardNames: map[string]string{"W2": "毒牙"}, Cells: map[string]string{"W2": "Weakness!A6"}}
	var dead []Finding
	for _, f := range findings(bal, p, nil) {
		if f.Kind == "dead" {
			dead = append(dead, f)
		}
	}
	if len(dead) != 1 || dead[0].Card != "W2" || dead[0].Name != "毒牙" || dead[0].Cell != "Weakness!A6" {
		t.Errorf("dead findings %+v, want only W2 at Weakness!A6", dead)
	}
}

func TestFailingAICellsAndMatchupExtremesAreFindings(t *testing.T) {
	w := sim.WilsonInterval
	r := evenCards(nil)
	r.Extra = map[string]any{
		"bloodrage": map[string]any{"failing_cells": []map[string]any{
			{"at": "AITrack!E29", "id": "SERPENT-2-3", "instruction": "ship", "tried": 436, "failed": 405, "fail_rate": 0.93, "threshold_percent": 75}}},
		"guardian": map[string]any{"decks": []string{"火", "水", "風"},
			"matrix": [][]*sim.Wilson{{nil, ptr(w(80, 100)), ptr(w(50, 100))}, {ptr(w(20, 100)), nil, ptr(w(45, 100))}, {ptr(w(50, 100)), ptr(w(55, 100)), nil}}},
	}
	var got []string
	for _, f := range findings(r, Page{}, nil) {
		if f.Kind == "ai_cell" || f.Kind == "matchup" {
			got = append(got, f.Cell+"|"+f.Card+"|"+f.Text)
		}
	}
	want := []string{"AITrack!E29|SERPENT-2-3|AI の指示「ship」が 436 回中 405 回（93%）", "||最も偏った相性: 火 対 水 で 火 が勝つ率 80.0%", "||最も不利な相性: 水 対 火 で 水 が勝つ率 20.0%"}
	if len(got) != len(want) {
		t.Fatalf("got %q", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("finding %d is %q, want it to start %q", i, got[i], want[i])
		}
	}
}

func ptr(w sim.Wilson) *sim.Wilson { return &w }

func TestAxisTicksHaveNoExponent(t *testing.T) {
	r := evenCards(map[string]sim.CardReport{"BIG": {Acquired: 150000, WinRate: sim.WilsonInterval(200, 400)}})
	var b bytes.Buffer
	if err := Write(&b, r, Page{}); err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`>[0-9.]+e[+-][0-9]+<`).FindString(b.String()); m != "" {
		t.Errorf("a tick is written with an exponent: %s", m)
	}
	if !strings.Contains(b.String(), `class="tick">200</text>`) {
		t.Error("the use axis does not end at 200")
	}
}

func TestFixedLengthIsSaidNotCharted(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, evenCards(nil), Page{}); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	if !strings.Contains(html, "すべてのゲームが 24 手番で終わりました") {
		t.Error("a fixed length is not stated")
	}
	if strings.Contains(html, "2人のゲームの長さ") {
		t.Error("a one-bar length chart is still drawn")
	}
}

func TestEngineSectionsAreJapaneseTables(t *testing.T) {
	w := sim.WilsonInterval
	r := evenCards(nil)
	r.Extra = map[string]any{"valkyrie": map[string]any{"monsters": map[string]any{
		"M1": map[string]any{"games": 300, "end_by_supply": 292, "mean_turns": 71.11},
		"M2": map[string]any{"games": 300, "end_by_supply": 177, "mean_turns": 65.27}}},
		"bloodrage": map[string]any{"boards": []map[string]any{{"id": "WOLF", "win_rate": w(131, 400),
			"glory_by_source": map[string]any{"battle": 16.59, "quest": 3.19, "rage": 2.39, "valhalla": 11.32}}}}}
	// The engines' own headings, as the registry gives them.
	own := [][2]string{{"monsters", "モンスター別"}, {"end_by_supply", "サプライ切れで終了"}, {"boards", "AI ボード"},
		{"glory_by_source", "栄光の出どころ（1ゲーム平均）"}, {"battle", "戦闘"}}
	var b bytes.Buffer
	if err := Write(&b, r, Page{Headings: own}); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{"<h3>モンスター別</h3>", "<th>サプライ切れで終了</th>", "<th>平均手番数</th>", "<td class=\"n\">71.11</td>",
		"<h3>AI ボード</h3>", "32.8%（28.3–37.5%） 131/400", "<h3>AI ボード・栄光の出どころ（1ゲーム平均）</h3>", "<th>戦闘</th>"} {
		if !strings.Contains(html, want) {
			t.Errorf("the engine sections lack %q", want)
		}
	}
	for _, english := range []string{"<th>end_by_supply</th>", "<th>games</th>", "<th>win_rate</th>", "<th>battle</th>", `<table class="kv"><tr><th>M1`} {
		if strings.Contains(html, english) {
			t.Errorf("the engine sections still show %q", english)
		}
	}
}
