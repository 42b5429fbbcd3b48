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
