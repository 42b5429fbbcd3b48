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

// TestASkillDisagreementJoinsTheFindingsSentence: where the search bot's
// measure of a flagged card differs from greedy's beyond their intervals,
// the finding's sentence says how, with both figures, in either language;
// the intervals go to the details; agreement and too few games add nothing
// to the sentence.
func TestASkillDisagreementJoinsTheFindingsSentence(t *testing.T) {
	skill := func(v sim.SkillVerdict, skilled float64, games int) *sim.SkillEffect {
		return &sim.SkillEffect{Bot: "search:20", Players: 3, Verdict: v,
			Base:    sim.Paired{Players: 3, Games: 900, Changed: 900, Win: 16, WinLow: 13, WinHigh: 19},
			Skilled: sim.Paired{Players: 3, Games: games, Changed: games, Win: skilled, WinLow: skilled - 6, WinHigh: skilled + 6}}
	}
	for _, tt := range []struct {
		skill   *sim.SkillEffect
		ja, en  string // in the sentence; "" for nothing
		details []string
	}{
		{skill(sim.SkillSmaller, 3, 180), "探索ボット（search:20、3人 180 ゲーム）では効果が小さく（+3 pt、greedy では +16 pt）、上手な人の手では効き目が小さくなります。",
			"With a search bot (search:20, 180 games at 3 players) its effect is smaller (+3 pt against greedy's +16 pt): in skilled hands it matters less.",
			[]string{"search:20（3人）: 効果 +3.0 pt（95% 区間 -3.0〜+9.0、180 ゲーム）、greedy では +16.0 pt", "search:20 (at 3 players): effect +3.0 pt (95% interval -3.0 to +9.0, 180 games), with greedy +16.0 pt"}},
		{skill(sim.SkillOpposite, -12, 180), "では効果の向きが逆で（-12 pt、greedy では +16 pt）、上手な人の手では逆に働きます。", "its effect goes the other way (-12 pt against greedy's +16 pt)", nil},
		{skill(sim.SkillLarger, 30, 180), "では効果が大きく（+30 pt、greedy では +16 pt）", "its effect is larger (+30 pt against greedy's +16 pt)", nil},
		{skill(sim.SkillBaseOnly, 2, 180), "では確かな効果が見えず（+2 pt、greedy では +16 pt）", "it shows no sure effect (+2 pt against greedy's +16 pt)", nil},
		{skill(sim.SkillAgree, 15, 180), "", "", []string{"search:20（3人）: 効果 +15.0 pt", "search:20 (at 3 players): effect +15.0 pt"}},
		{skill(sim.SkillTooFew, -30, 12), "", "", []string{"対にできたゲームが少なく、比べられません", "too few paired games to compare"}},
	} {
		e := plantedEffects()
		e.Findings[0].Skill = tt.skill
		for _, l := range []*schema.Lang{schema.Japanese, schema.English} {
			text, details := EffectSentence(l, e, e.Findings[0])
			want := l.Pick(tt.ja, tt.en)
			if says := strings.Contains(text, l.Pick("探索ボット", "search bot")); want == "" && says || want != "" && !strings.Contains(text, want) {
				t.Errorf("%s %s: the sentence should say %q:\n%s", l.Tag(), tt.skill.Verdict, want, text)
			}
			if strings.Contains(text, "95") {
				t.Errorf("%s %s: the sentence carries the intervals: %s", l.Tag(), tt.skill.Verdict, text)
			}
			for i, d := range tt.details {
				if (i == 0) == l.English() {
					continue
				}
				if !strings.Contains(details, d) {
					t.Errorf("%s %s: the details lack %q:\n%s", l.Tag(), tt.skill.Verdict, d, details)
				}
			}
		}
	}
}
