package main

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/designtext"
	"bifrost/rules/sim"
)

// designNames are each design measure's name in the text, Japanese and
// English, by its JSON name.
var designNames = map[string][2]string{
	"branching": {"手の選択肢（平均）", "choices a decision"}, "forced": {"選択肢1つの手", "forced decisions"},
	"lead_changes": {"首位の交代（1ゲーム）", "lead changes a game"}, "comebacks": {"逆転勝ち", "won from behind"},
	"comeback_deficit": {"逆転勝ちの点差（平均）", "comeback deficit"}, "settled": {"勝者が首位を守りきり始めた時点", "winner led for good from"},
	"stalls": {"手詰まりの手番", "stalled turns"},
}

// designValue is a measure of a batch's design report, by its JSON name.
func designValue(d sim.DesignReport, measure string) float64 {
	return map[string]float64{"branching": d.Branching, "forced": d.Forced, "lead_changes": d.LeadChanges,
		"comebacks": d.Comebacks, "comeback_deficit": d.Deficit, "settled": d.Settled, "stalls": d.Stalls}[measure]
}

// everyDesignMeasureAt fails unless changes hold every design measure at
// each of the player counts, and nothing else.
func everyDesignMeasureAt(t *testing.T, what string, changes []sim.Change, players ...int) {
	t.Helper()
	got := map[string]bool{}
	for _, c := range changes {
		got[fmt.Sprintf("%d %s", c.Players, c.Measure)] = true
	}
	for _, n := range players {
		for _, m := range designtext.Names {
			if !got[fmt.Sprintf("%d %s", n, m)] {
				t.Errorf("%s: no %s at %d players", what, m, n)
			}
		}
	}
	if len(got) != len(players)*len(designtext.Names) {
		t.Errorf("%s: %d design measures, want %d (%d player counts)", what, len(got), len(players)*len(designtext.Names), len(players))
	}
}

// compare's design measures are per player count, old against new on the
// same games: the old side's are what `sim` reports for the same seeds and
// bots, a change that makes comebacks larger (majority bonuses worth 30
// VP) shows as a significant rise of the comebacks' deficit, and the text
// shows every measure at every player count in both languages (the
// markdown as a table).
func TestCompare_ShowsTheDesignMeasuresPerPlayerCount(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	set(t, src, "nastrond", map[string]string{"MajorityVP": "30"})
	old, changed := filepath.Join(shippedSrc, "nastrond.xlsx"), filepath.Join(src, "nastrond.xlsx")
	flags := []string{"--games", "300", "--seed", "7", "--bots", "greedy"}
	c := compareJSON(t, append([]string{old, changed}, flags...)...).Comparisons[0]
	everyDesignMeasureAt(t, "compare --format json", c.Design, 2, 3, 4)
	r := bifrost(t, append([]string{"sim", "nastrond", "--src", shippedSrc, "--json"}, flags...)...)
	var rep sim.Report
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("sim --json: %v\n%s", err, r.stdout)
	}
	rose := 0
	for _, m := range c.Design {
		if want := designValue(rep.Design[strconv.Itoa(m.Players)], m.Measure); math.Abs(m.Old-want) > 0.0006 {
			t.Errorf("%d players %s: compare's old side %v, sim %v", m.Players, m.Measure, m.Old, want)
		}
		if m.Measure == "comeback_deficit" && m.Significant && m.Low > 0 {
			rose++
		}
	}
	if rose == 0 {
		t.Errorf("30 VP majorities: no significant rise of the comebacks' deficit at any player count: %+v", c.Design)
	}
	for i, lang := range []string{"ja", "en"} {
		text := bifrost(t, append([]string{"compare", old, changed, "--lang", lang}, flags...)...).stdout
		for _, n := range []int{2, 3, 4} {
			for _, names := range designNames {
				line := map[string]string{"ja": fmt.Sprintf("  %d人・%s：", n, names[0]), "en": fmt.Sprintf("  %d players, %s: ", n, names[1])}[lang]
				if !strings.Contains(text, line) {
					t.Errorf("compare --lang %s: no line %q\n%s", lang, line, text)
				}
			}
		}
		head := []string{"ゲームの手ざわり（人数ごと", "Design measures per player count"}[i]
		if !strings.Contains(text, head) {
			t.Errorf("compare --lang %s: no %q", lang, head)
		}
		md := bifrost(t, append([]string{"compare", old, changed, "--format", "markdown", "--lang", lang}, flags...)...).stdout
		if row := []string{"| 4人・手詰まりの手番 | ", "| 4 players, stalled turns | "}[i]; !strings.Contains(md, row) {
			t.Errorf("compare --format markdown --lang %s: no row %q\n%s", lang, row, md)
		}
	}
}

// sweep gives every step its design measures per player count and pairs
// every step after the first with it on the same seeds: 30 VP majorities
// make comebacks larger, surely, at some player count; the text shows
// each step's measures per player count in both languages.
func TestSweep_ShowsEachStepsDesignMeasuresPerPlayerCount(t *testing.T) {
	t.Parallel()
	args := []string{"nastrond", "--src", shippedSrc, "--rule", "MajorityVP=0,30", "--games", "300"}
	s := sweep(t, args...)
	if len(s.Points) != 2 {
		t.Fatalf("%d points, want 2", len(s.Points))
	}
	for _, p := range s.Points {
		for _, n := range []string{"2", "3", "4"} {
			if _, ok := p.Design[n]; !ok {
				t.Errorf("value %v: no design measures at %s players", p.Values, n)
			}
		}
	}
	if s.Points[0].DesignChanges != nil {
		t.Errorf("the baseline paired with itself: %+v", s.Points[0].DesignChanges)
	}
	everyDesignMeasureAt(t, "the second step's changes", s.Points[1].DesignChanges, 2, 3, 4)
	if !slices.ContainsFunc(s.Points[1].DesignChanges, func(c sim.Change) bool {
		return c.Measure == "comeback_deficit" && c.Significant && c.Low > 0
	}) {
		t.Errorf("30 VP majorities: no significant rise of the comebacks' deficit: %+v", s.Points[1].DesignChanges)
	}
	for i, lang := range []string{"ja", "en"} {
		text := bifrost(t, append([]string{"sweep", "--lang", lang}, args...)...).stdout
		want := [][]string{
			{"ゲームの手ざわり（値ごと・人数ごと）", "  値 0：\n    2人：手の選択肢（平均） ", "\n    4人：手の選択肢（平均） ", "  値 30：\n    2人：", "（基準：最初の値）", "最初の値との有意な差 *：", "逆転勝ちの点差（平均） +"},
			{"Design measures per value and player count", "  values 0:\n    2 players: choices a decision ", "\n    4 players: choices a decision ", "  values 30:\n    2 players: ", "(the baseline: the first value)", "differs significantly from the first value *: ", "comeback deficit +"},
		}[i]
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("sweep --lang %s: no %q\n%s", lang, w, text)
			}
		}
	}
}

// tune measures the design measures of the workbook and of its proposal
// on the same fresh seeds, per player count, and pairs them game for
// game; the text shows them in both languages.
func TestTune_ShowsTheDesignMeasuresBeforeAndAfterOnFreshSeeds(t *testing.T) {
	t.Parallel()
	args := []string{"nastrond", "--src", shippedSrc, "--rule", "MajorityVP=0..12", "--games", "150", "--budget", "3"}
	run := runTuneJSON(t, 0, append(args, "--out", t.TempDir())...)
	for _, n := range []int{2, 3, 4} {
		if _, ok := run.Before.Design[n]; !ok {
			t.Errorf("no design measures of the workbook at %d players", n)
		}
		if _, ok := run.After.Design[n]; !ok {
			t.Errorf("no design measures of the proposal at %d players", n)
		}
	}
	everyDesignMeasureAt(t, "tune's design changes", run.DesignChanges, 2, 3, 4)
	for _, c := range run.DesignChanges {
		before, after := designValue(run.Before.Design[c.Players], c.Measure), designValue(run.After.Design[c.Players], c.Measure)
		if math.Abs(c.Old-before) > 0.0006 || math.Abs(c.New-after) > 0.0006 {
			t.Errorf("%d players %s: paired %v → %v, measured %v → %v on the fresh seeds", c.Players, c.Measure, c.Old, c.New, before, after)
		}
	}
	for i, lang := range []string{"ja", "en"} {
		r := bifrost(t, append([]string{"tune", "--lang", lang, "--out", t.TempDir()}, args...)...)
		want := [][]string{
			{"ゲームの手ざわり（目標なし。元 → 提案", "  2人・手の選択肢（平均）：", "  4人・手詰まりの手番："},
			{"design measures (no target), workbook → proposal", "  2 players, choices a decision: ", "  4 players, stalled turns: "},
		}[i]
		for _, w := range want {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("tune --lang %s: no %q\n%s", lang, w, r.stdout)
			}
		}
	}
}

// The HTML pages of compare and sweep show the design measures as their
// text does: every measure at every player count, in the language of
// --lang, a change that is significant on the same seeds (a larger hand
// limit in guardian: more choices, fewer forced decisions) marked with
// "*", and what the figures rest on (games, bots). html/template writes
// "+" as "&#43;".
func TestCompareAndSweep_HTMLPagesShowTheDesignMeasuresInTheDesignersLanguage(t *testing.T) {
	t.Parallel()
	small, large := copySrc(t), copySrc(t)
	set(t, small, "guardian", map[string]string{"HandLimit": "3"})
	set(t, large, "guardian", map[string]string{"HandLimit": "8"})
	flags := []string{"--games", "100", "--bots", "greedy", "--format", "html"}
	for i, lang := range []string{"ja", "en"} {
		page := bifrost(t, append([]string{"compare", filepath.Join(small, "guardian.xlsx"), filepath.Join(large, "guardian.xlsx"), "--lang", lang}, flags...)...)
		if page.code != 0 {
			t.Fatalf("compare --lang %s: exit %d: %s", lang, page.code, page.stderr)
		}
		want := [][]string{
			{`<html lang="ja">`, "<h3>ゲームの手ざわり（人数ごと）</h3>", `<tr class="sig"><td>2人・手の選択肢（平均） *</td>`, "<th>対にしたゲーム</th>", "100 ゲームを両方で対にして比較（ボット greedy"},
			{`<html lang="en">`, "<h3>Design measures per player count</h3>", `<tr class="sig"><td>2 players, choices a decision *</td>`, "<th>paired games</th>", "100 games with seed 1 played on both sides and paired game for game (greedy bots"},
		}[i]
		for _, names := range designNames {
			want = append(want, "<td>"+[]string{"2人・", "2 players, "}[i]+names[i])
		}
		for _, w := range want {
			if !strings.Contains(page.stdout, w) {
				t.Errorf("compare --format html --lang %s: no %q\n%s", lang, w, page.stdout)
			}
		}
		sw := bifrost(t, append([]string{"sweep", "guardian", "--src", shippedSrc, "--rule", "HandLimit=3,8", "--lang", lang}, flags...)...)
		if sw.code != 0 {
			t.Fatalf("sweep --lang %s: exit %d: %s", lang, sw.code, sw.stderr)
		}
		want = [][]string{
			{"<h2>ゲームの手ざわり（値ごと・人数ごと）</h2>", `<td class="moved">基準</td>`, `<td class="sig">`, "* 手の選択肢（平均） &#43;", "値ごとに 100 ゲーム、ボット greedy"},
			{"<h2>Design measures per value and player count</h2>", `<td class="moved">baseline</td>`, `<td class="sig">`, "* choices a decision &#43;", "100 games per value, greedy bots"},
		}[i]
		for _, names := range designNames {
			want = append(want, "<th>"+names[i]+"</th>")
		}
		for _, w := range want {
			if !strings.Contains(sw.stdout, w) {
				t.Errorf("sweep --format html --lang %s: no %q\n%s", lang, w, sw.stdout)
			}
		}
	}
}
