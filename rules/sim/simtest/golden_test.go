package simtest

import (
	"os"
	"strings"
	"testing"

	"bifrost/rules/sim"
)

// TestGoldenRecordsBothLanguagesAndCatchesEveryChange records a toy game
// with -update, reads it back, and fails when a recording differs, is
// missing, when the game breaks an invariant, or when one language tells
// less than the other.
func TestGoldenRecordsBothLanguagesAndCatchesEveryChange(t *testing.T) {
	t.Chdir(t.TempDir())
	e := &dash{goal: 15}
	cfg, bots := sim.Config{Players: 3, Index: 1}, []string{"greedy", "random"}
	golden := func(e *dash, update bool) *recorder {
		return record(t, func(t testing.TB) { Golden(t, e, cfg, 7, bots, "replay-3p", update) })
	}
	if r := golden(e, true); r.failed {
		t.Fatalf("recording: %s", r.report())
	}
	for _, name := range []string{"testdata/replay-3p.ja.txt", "testdata/replay-3p.en.txt"} {
		if b, err := os.ReadFile(name); err != nil || !strings.Contains(string(b), "P2: ") || !strings.Contains(string(b), "P3") {
			t.Fatalf("%s: %v\n%s", name, err, b)
		}
	}
	if r := golden(e, false); r.failed {
		t.Fatalf("the replay differs from what was just recorded: %s", r.report())
	}

	for _, tt := range []struct {
		name   string
		engine dash
		change func() error // to the recordings
		want   string
	}{
		{"a line changed", dash{}, func() error {
			b, _ := os.ReadFile("testdata/replay-3p.en.txt")
			return os.WriteFile("testdata/replay-3p.en.txt", []byte(strings.Replace(string(b), "moved", "ran", 1)), 0o644)
		}, "testdata/replay-3p.en.txt: the replay differs from the recording at line 2"},
		{"a recording missing", dash{}, func() error { return os.Remove("testdata/replay-3p.ja.txt") }, "run go test -update to record it"},
		{"the game breaks an invariant", dash{breakAt: 4}, nil, "did not end cleanly: violation at turn 4, after 4 decisions: a runner left the track"},
		{"Japanese tells less", dash{quiet: true}, nil, "lines in ja and"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if golden(e, true).failed {
				t.Fatal("cannot record")
			}
			if tt.change != nil {
				if err := tt.change(); err != nil {
					t.Fatal(err)
				}
			}
			e := tt.engine
			e.goal = 15
			if r := golden(&e, false); !r.failed || !strings.Contains(r.report(), tt.want) {
				t.Errorf("failed %v, want a failure that says %q:\n%s", r.failed, tt.want, r.report())
			}
		})
	}
}
