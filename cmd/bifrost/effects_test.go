package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
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
		{"valkyrie A07 given 6 funds instead of 3", "valkyrie", "Valkyrie", "資金", "A07", 6, 3, 6, true, false, "2000"},
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
