package guardian

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"bifrost/rules/sim"
)

// The golden replays: one seeded game narrated in Japanese (greedy against
// the Monte Carlo bot) and one in English (random bots). Rewrite them with
// go test ./rules/guardian -run Golden -update.
func TestGolden_replay(t *testing.T) {
	e := newEngine(t)
	for _, tt := range []struct {
		file  string
		index int
		seed  uint64
		bots  []string
		lang  string
	}{
		{"replay.ja.txt", 3, 42, []string{"greedy", "mc"}, "ja"},
		{"replay.en.txt", 8, 7, []string{"random"}, "en"},
	} {
		var b bytes.Buffer
		r := sim.Replay(&b, e, sim.Config{Players: 2, Index: tt.index}, tt.seed, tt.bots, tt.lang)
		if r.Violation != nil || r.Unfinished {
			t.Fatalf("%s: the recorded game did not finish cleanly: %+v", tt.file, r)
		}
		path := filepath.Join("testdata", tt.file)
		if *update {
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to record it)", err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s: the replay differs from the recording; rerun with -update if the change is intended\n%s", tt.file, firstDiff(b.String(), string(want)))
		}
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := bytes.Split([]byte(got), []byte("\n")), bytes.Split([]byte(want), []byte("\n"))
	for i := range max(len(g), len(w)) {
		var a, b []byte
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if !bytes.Equal(a, b) {
			return "line " + itoa(i+1) + ":\n got: " + string(a) + "\nwant: " + string(b)
		}
	}
	return ""
}
