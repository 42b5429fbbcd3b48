package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

var update = flag.Bool("update", false, "rewrite the golden findings in testdata")

// plantedEffects is an effects run that flagged two valkyrie cards: A07,
// far too strong at 3 and 4 players, whose funds the scan brings back from
// 6 to 4; and B12, too weak at 2 players, with no number to move and a
// column the bots overlook.
func plantedEffects() *Effects {
	at := func(n int, win, median, q float64, flagged bool) sim.EffectAtSize {
		return sim.EffectAtSize{Paired: sim.Paired{Players: n, Games: 900, Changed: 900, Win: win, WinLow: win - 3, WinHigh: win + 3}, Median: median, Q: q, Flagged: flagged}
	}
	return &Effects{Game: "valkyrie", Games: 3000, Bots: []string{"greedy"}, Band: 5,
		Findings: []EffectFinding{
			{Card: "A07", Name: "ブリュンヒルド", Kind: "Valkyrie", KindName: schema.Word{"ヴァルキリー", "Valkyrie"}, Cell: "Valkyrie!E9",
				Column: schema.Word{"資金", "Funds"}, Stronger: true, Suggestion: &sim.Suggestion{From: 6, To: 4, Before: 14.2, After: 2.6, Reached: true, Games: 1800}},
			{Card: "B12", Name: "霧の小径", Kind: "Market", KindName: schema.Word{"市場", "Market"}, Cell: "Market!A14",
				Overlooks: []schema.Word{{"greedy はこの列を見ません", "greedy does not read this column"}}},
		},
		Cards: []sim.CardEffect{
			{Card: "A07", Kind: "Valkyrie", Flagged: true, Stronger: true, Counts: []int{3, 4},
				Effects: []sim.EffectAtSize{at(2, 6, 2, 0.2, false), at(3, 16, 2, 0.00002, true), at(4, 15, 1, 0.004, true), at(0, 12, 2, 1, false)}},
			{Card: "B12", Kind: "Market", Flagged: true, Counts: []int{2},
				Effects: []sim.EffectAtSize{at(2, -9, 1, 0.03, true), at(0, -9, 1, 1, false)}},
		}}
}

// TestEffectFindingNamesCardCellDirectionAndChange: in both languages, a
// flagged card's finding is one sentence that names the card (its name
// and ID), the cell of the number the suggestion changes, the direction
// (too strong or too weak) with its size in win-rate points, the player
// counts, how sure in words (the least sure of those counts) and the
// change; the adjusted q-values are only in the folded details.
func TestEffectFindingNamesCardCellDirectionAndChange(t *testing.T) {
	e := plantedEffects()
	for _, tt := range []struct {
		lang    *schema.Lang
		card    int
		want    []string
		details []string
	}{
		{schema.Japanese, 0, []string{"は、使った席の勝率への効果が同じ種類（ヴァルキリー）の中央値より 14 ポイント高く、強すぎます（3人・4人、かなり確か）。",
			"A07 の資金（Valkyrie!E9）を 6 → 4 にすると、この差は +14 → +3 ポイントになります。"}, []string{"3人（補正後 q < 0.0001）", "4人（補正後 q = 0.0040）"}},
		{schema.English, 0, []string{" changes the win rate of the seat that uses it 14 points more than the median card of its kind (Valkyrie) does: too strong (at 3, 4 players; very likely).",
			"Setting A07's Funds (Valkyrie!E9) from 6 to 4 brings that difference from +14 to +3 points."}, []string{"3 players (adjusted q < 0.0001)", "4 players (adjusted q = 0.0040)"}},
		{schema.Japanese, 1, []string{"は、使った席の勝率への効果が同じ種類（市場）の中央値より 10 ポイント低く、弱すぎます（2人、おそらく）（greedy はこの列を見ません）。",
			"動かせる数の列がないので"}, []string{"2人（補正後 q = 0.0300）"}},
		{schema.English, 1, []string{" changes the win rate of the seat that uses it 10 points less than the median card of its kind (Market) does: too weak (at 2 players; likely) (greedy does not read this column).",
			"It has no number to move"}, []string{"2 players (adjusted q = 0.0300)"}},
	} {
		text, details := EffectSentence(tt.lang, e, e.Findings[tt.card])
		for _, want := range tt.want {
			if !strings.Contains(text, want) {
				t.Errorf("%s %s: the sentence lacks %q:\n%s", tt.lang.Tag(), e.Findings[tt.card].Card, want, text)
			}
		}
		for _, want := range tt.details {
			if !strings.Contains(details, want) {
				t.Errorf("%s %s: the details lack %q:\n%s", tt.lang.Tag(), e.Findings[tt.card].Card, want, details)
			}
		}
		if strings.Contains(text, "q ") || strings.Contains(text, "95") {
			t.Errorf("%s: the sentence carries the statistics: %s", tt.lang.Tag(), text)
		}
		if tt.lang.English() && schema.HasJapanese(text) || !tt.lang.English() && !schema.HasJapanese(text) {
			t.Errorf("%s: the sentence is in the other language: %s", tt.lang.Tag(), text)
		}
	}
	// On the page the sentence follows the card's name, ID and cell.
	r := evenCards(nil)
	for _, l := range []*schema.Lang{schema.Japanese, schema.English} {
		var b bytes.Buffer
		if err := Write(&b, r, Page{Effects: e, Lang: l, CardNames: map[string]string{"A07": "ブリュンヒルド"}}); err != nil {
			t.Fatal(err)
		}
		lead := l.Pick(`<b>ブリュンヒルド</b>（A07、<span class="cell">Valkyrie!E9</span>）は、`, `<b>ブリュンヒルド</b> (A07, <span class="cell">Valkyrie!E9</span>) changes`)
		if !strings.Contains(findingsOf(b.String()), lead) {
			t.Errorf("%s: the finding does not open with %s:\n%s", l.Tag(), lead, findingsOf(b.String()))
		}
	}
}

func TestSurenessWordsFollowTheQValueBands(t *testing.T) {
	for _, tt := range []struct {
		q      float64
		ja, en string
	}{{0.00001, "ほぼ確実", "almost certain"}, {0.0009, "ほぼ確実", "almost certain"}, {0.001, "かなり確か", "very likely"},
		{0.009, "かなり確か", "very likely"}, {0.01, "おそらく", "likely"}, {0.049, "おそらく", "likely"}, {0.05, "不確か", "not sure"}, {1, "不確か", "not sure"}} {
		if w := Sureness(tt.q); w[0] != tt.ja || w[1] != tt.en {
			t.Errorf("q %g: %v, want %s / %s", tt.q, w, tt.ja, tt.en)
		}
	}
}

// TestFindingsGolden records the findings of a page with a seat gap, two
// flagged cards, a dead card and an AI cell, in Japanese and in English
// (go test -update rewrites testdata/findings.*.html).
func TestFindingsGolden(t *testing.T) {
	r := evenCards(nil)
	r.SeatWinRate["2"] = []sim.Wilson{sim.WilsonInterval(700, 1000), sim.WilsonInterval(300, 1000)}
	r.DeadCards = []string{"W2"}
	r.Extra = map[string]any{"bloodrage": map[string]any{"failing_cells": []map[string]any{
		{"at": "AITrack!E29", "id": "SERPENT-2-3", "instruction": "ship", "tried": 436, "failed": 405, "fail_rate": 0.93, "threshold_percent": 75}}}}
	p := Page{Effects: plantedEffects(), MaxSeatGap: 30, CardNames: map[string]string{"A07": "ブリュンヒルド", "B12": "霧の小径", "W2": "毒牙"},
		Cells: map[string]string{"W2": "Weakness!A6", "A07": "Valkyrie!A9"}}
	for _, l := range []*schema.Lang{schema.Japanese, schema.English} {
		p.Lang = l
		var b bytes.Buffer
		if err := Write(&b, r, p); err != nil {
			t.Fatal(err)
		}
		got := findingsOf(b.String()) + "</ul>\n"
		file := filepath.Join("testdata", "findings."+l.Tag()+".html")
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (go test -update records it)", err)
		}
		if got != string(want) {
			t.Errorf("%s differs from the findings:\n%s", file, got)
		}
	}
}
