package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

func TestPlayerCountsReadAsARunOrAList(t *testing.T) {
	for _, tt := range []struct {
		counts []int
		ja, en string
	}{
		{[]int{3}, "3人", "at 3 players"},
		{[]int{2, 4}, "2人・4人", "at 2, 4 players"},
		{[]int{2, 3}, "2人・3人", "at 2, 3 players"},
		{[]int{2, 3, 4}, "2人〜4人", "at 2–4 players"},
		{[]int{2, 3, 5}, "2人・3人・5人", "at 2, 3, 5 players"},
	} {
		if got := PlayersText(schema.Japanese, tt.counts); got != tt.ja {
			t.Errorf("%v in Japanese: %q, want %q", tt.counts, got, tt.ja)
		}
		if got := PlayersText(schema.English, tt.counts); got != tt.en {
			t.Errorf("%v in English: %q, want %q", tt.counts, got, tt.en)
		}
	}
}

func TestFindingWordsHaveBothLanguages(t *testing.T) {
	for _, lack := range findingText.Lacks() {
		t.Error(lack)
	}
}

// The share of stalled turns stands beside the other design measures, per
// player count: in the batch's text in both languages, and on the page.
func TestDesignMeasuresShowTheStalledTurns(t *testing.T) {
	r := evenCards(nil)
	r.Design = map[string]sim.DesignReport{"2": {Branching: 3, Forced: 0.1, LeadChanges: 2, Stalls: 0.25}}
	for _, tt := range []struct {
		lang *schema.Lang
		want string
	}{{schema.Japanese, "手詰まりの手番 25.0%"}, {schema.English, "25.0% stalled turns"}} {
		var b bytes.Buffer
		WriteSimText(&b, r, tt.lang)
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%s: the text lacks %q:\n%s", tt.lang.Tag(), tt.want, b.String())
		}
	}
	var b bytes.Buffer
	if err := Write(&b, r, Page{}); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`手詰まりの手番の割合[^<]*</td><td class="n">25.0%</td>`).MatchString(b.String()) {
		t.Error("the page's design table lacks the share of stalled turns")
	}
}
