package report

import (
	"bytes"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// A card name written to be markup (a table bar, emphasis, a link, raw
// HTML, a right-to-left override) comes out of the pull-request table as
// the literal text it is: every row keeps its seven bars.
func TestMarkdownComparisonShowsHostileNamesAsText(t *testing.T) {
	hostile := "悪い|名前 **太字** [link](http://x) <b>\u202eevil`"
	c := &sim.Comparison{Game: "nastrond", Games: 100, Bots: []string{"greedy"}, Paired: 100,
		Measures: []sim.Change{{Measure: "length", Players: 2, Old: 20, New: 22, Diff: 2, Significant: true}},
		Cards:    []sim.CardChange{{ID: "EIN-101", Measure: "win_rate", Significant: true}}}
	var b bytes.Buffer
	WriteComparisonText(&b, ComparisonPage{Title: "ナーストレンド|", CardNames: map[string]string{"EIN-101": hostile}, Comparison: c}, true, schema.Japanese)
	out := b.String()
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "| EIN-101") {
			if n := strings.Count(line, "|") - strings.Count(line, `\|`); n != 7 {
				t.Errorf("the card's row has %d cell bars, want 7: %s", n, line)
			}
		}
	}
	for _, raw := range []string{"**太字**", "[link](", "<b>", "\u202e", "evil`"} {
		if strings.Contains(out, raw) {
			t.Errorf("the markdown carries %q as it was typed:\n%s", raw, out)
		}
	}
	if !strings.Contains(out, `悪い\|名前 \*\*太字\*\*`) || !strings.Contains(out, "\\[U+202E\\]evil\\`") {
		t.Errorf("the name is not shown escaped:\n%s", out)
	}
}

// A comparison that doubled its games says how many rounds it played and
// whether it stopped at its cap.
func TestComparisonTextSaysHowItDoubledItsGames(t *testing.T) {
	for _, tc := range []struct {
		capped bool
		want   string
	}{
		{false, "compared 3 times, doubling the games until a change was significant: found at 400 games"},
		{true, "compared 3 times, doubling the games: nothing significant up to the cap, 400 games"},
	} {
		c := &sim.Comparison{Game: "nastrond", Games: 400, Rounds: 3, Capped: tc.capped}
		var b bytes.Buffer
		WriteComparisonText(&b, ComparisonPage{Comparison: c}, false, schema.English)
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("capped %v: %s", tc.capped, b.String())
		}
	}
}

// A card measured per deck (a game whose seats play decks) is named with
// its deck in every form of the comparison, once per deck; a card measured
// over every seat is named alone.
func TestComparisonNamesTheDeckOfACardMeasuredPerDeck(t *testing.T) {
	c := &sim.Comparison{Game: "guardian", Games: 100, Bots: []string{"greedy"}, Paired: 100,
		Cards: []sim.CardChange{
			{ID: "G22", Group: "火の速攻", Measure: "win_rate", Diff: 0.06, Significant: true},
			{ID: "G22", Group: "匠と錆", Measure: "win_rate", Diff: -0.05, Significant: true},
			{ID: "G01", Measure: "win_rate", Diff: 0.04, Significant: true},
		}}
	page := ComparisonPage{Title: "匠の守護者", CardNames: map[string]string{"G22": "錆の匠"}, Comparison: c}
	write := map[string]func(*bytes.Buffer){
		"text ja":     func(b *bytes.Buffer) { WriteComparisonText(b, page, false, schema.Japanese) },
		"text en":     func(b *bytes.Buffer) { WriteComparisonText(b, page, false, schema.English) },
		"markdown ja": func(b *bytes.Buffer) { WriteComparisonText(b, page, true, schema.Japanese) },
		"html":        func(b *bytes.Buffer) { WriteComparison(b, []ComparisonPage{page}, schema.Japanese) },
		"json":        func(b *bytes.Buffer) { WriteComparisonJSON(b, []ComparisonPage{page}) },
	}
	for _, tc := range []struct {
		form       string
		want, lack []string
	}{
		{"text ja", []string{"G22 錆の匠（火の速攻デッキ）", "G22 錆の匠（匠と錆デッキ）", "  G01 使ったときの勝率"}, []string{"G01（"}},
		{"text en", []string{"G22 錆の匠 in the 火の速攻 deck win_rate", "G22 錆の匠 in the 匠と錆 deck win_rate", "  G01 win_rate"}, []string{"G01 in the"}},
		{"markdown ja", []string{"| G22 錆の匠（火の速攻デッキ） |", "| G22 錆の匠（匠と錆デッキ） |", "| G01 |"}, nil},
		{"html", []string{"G22 錆の匠（火の速攻デッキ）（波及効果）", "G22 錆の匠（匠と錆デッキ）（波及効果）", "<td>G01（波及効果）"}, nil},
		{"json", []string{`"deck": "火の速攻"`, `"deck": "匠と錆"`}, nil},
	} {
		var b bytes.Buffer
		write[tc.form](&b)
		for _, s := range tc.want {
			if !strings.Contains(b.String(), s) {
				t.Errorf("%s: no %q in\n%s", tc.form, s, b.String())
			}
		}
		for _, s := range tc.lack {
			if strings.Contains(b.String(), s) {
				t.Errorf("%s: %q in\n%s", tc.form, s, b.String())
			}
		}
		if n := strings.Count(b.String(), `"deck"`); tc.form == "json" && n != 2 {
			t.Errorf("json: %d cards name a deck, want the 2 measured per deck:\n%s", n, b.String())
		}
	}
}
