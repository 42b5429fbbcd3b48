package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/report"
	"bifrost/schema"
)

// TestEffects_PlantedImbalanceIsFlaggedAndItsSuggestionUndoesIt plants one
// imbalance in a copy of a shipped workbook: the effects scan must flag that
// design in the right direction, first where no shipped design measures
// stronger than the planted one, and suggest a value that undoes at least
// half the planted change. (valkyrie's A07 at 6 funds measures about +6 pt
// for the seat that uses it; the shipped B12 and A04 measure about +10 pt,
// so they rightly come before it.)
func TestEffects_PlantedImbalanceIsFlaggedAndItsSuggestionUndoesIt(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays a few thousand games per case")
	}
	for _, tt := range []struct {
		name, game, sheet, header, id string
		planted                       any
		was, now                      int // the number before and after planting
		stronger, first               bool
		games                         string
	}{
		{"valkyrie A07 given 6 funds instead of 3", "valkyrie", "Valkyrie", "資金", "A07", 6, 3, 6, true, false, "1200"},
		{"nastrond EIN-104 given power +6 instead of +1", "nastrond", "Einherjar", "スキル", "EIN-104", "after_fix: power +6", 1, 6, true, true, "600"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := copySrc(t)
			edit(t, src, tt.game, func(f *excelize.File) error {
				row, err := rowWhere(f, tt.sheet, "ID", tt.id)
				if err != nil {
					return err
				}
				return setByHeader(f, tt.sheet, tt.header, row, tt.planted)
			})
			out := t.TempDir()
			r := bifrost(t, "effects", tt.game, "--src", src, "--out", out, "--games", tt.games, "--json", "--lang", "en")
			if r.code != 0 {
				t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			var run report.Effects
			if err := json.Unmarshal([]byte(r.stdout), &run); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, r.stdout)
			}
			at := slices.IndexFunc(run.Findings, func(f report.EffectFinding) bool { return f.Card == tt.id })
			if at < 0 || tt.first && at != 0 {
				t.Fatalf("%s is finding %d of %+v, want it flagged (first: %v)", tt.id, at, run.Findings, tt.first)
			}
			f := run.Findings[at]
			if f.Stronger != tt.stronger {
				t.Errorf("%s flagged stronger=%v, want %v: %s", tt.id, f.Stronger, tt.stronger, f.EN)
			}
			if f.Suggestion == nil {
				t.Fatalf("%s has no suggestion: %s", tt.id, f.EN)
			}
			undone := float64(tt.now-f.Suggestion.To) / float64(tt.now-tt.was)
			if undone < 0.5 {
				t.Errorf("suggested %d → %d undoes %.0f%% of the planted %d → %d, want at least half: %s",
					f.Suggestion.From, f.Suggestion.To, 100*undone, tt.was, tt.now, f.EN)
			}
			if _, err := os.Stat(filepath.Join(out, report.EffectsFile(tt.game))); err != nil {
				t.Errorf("the run was not written for build's report: %v", err)
			}
		})
	}
}

// The report that build writes takes its card findings from the effects
// run in the same output folder, says which run that was, and says when
// the workbook changed since; with no run it says how to get one.
func TestEffects_ReportReadsTheLastRunAndSaysWhenItIsStale(t *testing.T) {
	t.Parallel()
	src, out := copySrc(t), t.TempDir()
	page := func(lang string) string {
		t.Helper()
		if r := bifrost(t, "build", "nastrond", "--lang", lang, "--src", src, "--out", out); r.code != 0 {
			t.Fatalf("build: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		html, err := os.ReadFile(filepath.Join(out, "nastrond", "report.html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(html)
	}
	if html := page("ja"); !strings.Contains(html, "bifrost effects を実行すると") {
		t.Error("without an effects run the report does not say how to get card findings")
	}
	if r := bifrost(t, "effects", "nastrond", "--src", src, "--out", out, "--games", "60"); r.code != 0 {
		t.Fatalf("effects: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	html := page("ja")
	if !strings.Contains(html, "カードの所見は最後の bifrost effects の実行（greedy ボット、60 ゲーム") || strings.Contains(html, "その後ブックが変わっている") {
		t.Error("the report does not name the effects run it read, or calls a fresh run stale")
	}
	if html := page("en"); !strings.Contains(html, "The card findings come from the last bifrost effects run (greedy bots, 60 games") {
		t.Error("with --lang en the report's findings are not in English")
	}
	edit(t, src, "nastrond", func(f *excelize.File) error {
		return setByHeader(f, "Einherjar", "フレーバー", 2, "書き直した")
	})
	if html := page("ja"); !strings.Contains(html, "その後ブックが変わっているので、もう一度実行してください") {
		t.Error("the report does not say the workbook changed since the effects run")
	}
}

// Bad flags and unknown games are usage errors (exit 2); a workbook with
// problems exits 1 with the problem at its cell.
func TestEffects_ExitCodes(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	breakCell(t, src, "valkyrie", "Valkyrie", "資金", 3, "たくさん")
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"effects", "monopoly"}, 2, "monopoly"},
		{[]string{"effects", "nastrond", "--games", "1"}, 2, "--games"},
		{[]string{"effects", "nastrond", "--src", src, "--bots", "nobody"}, 2, "nobody"},
		{[]string{"effects", "nastrond", "--src", src, "--skill", "greedy"}, 2, "--skill \"greedy\": name this game's search bot (search)"},
		{[]string{"effects", "nastrond", "--src", src, "--skill", "search:0"}, 2, "1 to 100000"},
		{[]string{"effects", "nastrond", "--src", src, "--skill", "search:5", "--skill-games", "1"}, 2, "--skill-games"},
		{[]string{"effects", "valkyrie", "--src", src}, 1, "Valkyrie!E3"},
	} {
		r := bifrost(t, append(tt.args, "--lang", "en", "--out", t.TempDir())...)
		if r.code != tt.code || !strings.Contains(r.stdout+r.stderr, tt.want) {
			t.Errorf("%v: exit %d, want %d and %q\n%s%s", tt.args, r.code, tt.code, tt.want, r.stdout, r.stderr)
		}
	}
}

// TestEffects_SkillMeasuresEachFindingWithSearchAndSaysWhereTheyDisagree:
// with --skill, the effects file carries each finding's effect as the
// batch's greedy bots and as the search bot measure it, at the player count
// its sentence states, and where the two differ beyond their intervals the
// finding's sentence says so, in the command's output and in report.html,
// and only there.
func TestEffects_SkillMeasuresEachFindingWithSearchAndSaysWhereTheyDisagree(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays a few hundred games")
	}
	src, out := copySrc(t), t.TempDir()
	r := bifrost(t, "effects", "nastrond", "--src", src, "--out", out, "--games", "600", "--skill", "search:5", "--skill-games", "150", "--json", "--lang", "en")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	var run report.Effects
	if err := json.Unmarshal([]byte(r.stdout), &run); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	if run.SkillBot != "search:5" || run.SkillGames != 150 || len(run.Findings) == 0 {
		t.Fatalf("skill bot %q, %d games, %d findings: want search:5, 150 and some findings", run.SkillBot, run.SkillGames, len(run.Findings))
	}
	saved, err := os.ReadFile(filepath.Join(out, report.EffectsFile("nastrond")))
	if err != nil || !strings.Contains(string(saved), `"skill_bot": "search:5"`) || !strings.Contains(string(saved), `"skilled": {`) {
		t.Fatalf("the effects file lacks the search measures (%v)", err)
	}
	html := func() string {
		t.Helper()
		if r := bifrost(t, "build", "nastrond", "--lang", "ja", "--src", src, "--out", out); r.code != 0 {
			t.Fatalf("build: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		page, err := os.ReadFile(filepath.Join(out, "nastrond", "report.html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(page)
	}()
	disagree := 0
	for _, f := range run.Findings {
		s := f.Skill
		if s == nil || s.Bot != "search:5" || s.Base.Games == 0 || s.Skilled.Games == 0 || s.Base.Players != s.Players || s.Skilled.Players != s.Players {
			t.Errorf("%s: skill measure %+v, want greedy's and search's at one player count", f.Card, s)
			continue
		}
		says := strings.Contains(f.EN, "With a search bot (search:5, ")
		if says != s.Verdict.Disagrees() {
			t.Errorf("%s: verdict %q, yet the sentence says a disagreement: %v\n%s", f.Card, s.Verdict, says, f.EN)
		}
		if !s.Verdict.Disagrees() {
			continue
		}
		disagree++
		ja := "探索ボット（search:5、" + report.PlayersText(schema.Japanese, []int{s.Players}) + " " + strconv.Itoa(s.Skilled.Games) + " ゲーム）では"
		if !strings.Contains(f.JA, ja) || !strings.Contains(html, ja) {
			t.Errorf("%s: %q is missing from the Japanese sentence or from report.html\n%s", f.Card, ja, f.JA)
		}
		if !strings.Contains(f.EN, fmt.Sprintf("%+.0f pt", s.Skilled.Win)) || !strings.Contains(f.EN, fmt.Sprintf("greedy's %+.0f pt", s.Base.Win)) {
			t.Errorf("%s: the sentence does not give both measures: %s", f.Card, f.EN)
		}
	}
	if disagree == 0 {
		t.Errorf("no finding where greedy and search:5 disagree; verdicts: %+v", run.Findings)
	}
}
