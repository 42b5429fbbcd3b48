package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/report"
)

// TestEffects_PlantedImbalanceIsFlaggedAndItsSuggestionUndoesIt plants one
// imbalance in a copy of a shipped workbook: the effects scan must flag that
// design in the right direction, first where no shipped design measures
// stronger than the planted one, and suggest a value that undoes at least
// half the planted change. (valkyrie's A07 at 6 funds measures about +6 pt
// for the seat that uses it; the shipped B12 and A04 measure about +10 pt,
// so they rightly come before it.)
func TestEffects_PlantedImbalanceIsFlaggedAndItsSuggestionUndoesIt(t *testing.T) {
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
		{[]string{"effects", "valkyrie", "--src", src}, 1, "Valkyrie!E3"},
	} {
		r := bifrost(t, append(tt.args, "--lang", "en", "--out", t.TempDir())...)
		if r.code != tt.code || !strings.Contains(r.stdout+r.stderr, tt.want) {
			t.Errorf("%v: exit %d, want %d and %q\n%s%s", tt.args, r.code, tt.code, tt.want, r.stdout, r.stderr)
		}
	}
}
