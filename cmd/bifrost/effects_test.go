package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/report"
)

// TestEffects_PlantedImbalanceIsNamedFirstAndItsSuggestionUndoesIt plants
// one imbalance in a copy of a shipped workbook: the effects scan must name
// that design first, in the right direction, and suggest a value that
// undoes at least half the planted change.
func TestEffects_PlantedImbalanceIsNamedFirstAndItsSuggestionUndoesIt(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a few thousand games per case")
	}
	for _, tt := range []struct {
		name, game, sheet, header, id string
		planted                       any
		was, now                      int // the number before and after planting
		stronger                      bool
	}{
		{"nastrond EIN-104 given power +6 instead of +1", "nastrond", "Einherjar", "スキル", "EIN-104", "after_fix: power +6", 1, 6, true},
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
			r := bifrost(t, "effects", tt.game, "--src", src, "--out", out, "--games", "600", "--json", "--lang", "en")
			if r.code != 0 {
				t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			var run report.Effects
			if err := json.Unmarshal([]byte(r.stdout), &run); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, r.stdout)
			}
			if len(run.Findings) == 0 || run.Findings[0].Card != tt.id {
				t.Fatalf("first finding is %+v, want %s", run.Findings, tt.id)
			}
			f := run.Findings[0]
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
