package simtest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// goldenExt is the extension of every golden replay.
const goldenExt = ".txt"

// langs are the languages a golden replay is recorded in.
var langs = []string{"ja", "en"}

// Golden replays game cfg of e with seed and bots (sim.Replay, its
// invariants checked after every decision) in Japanese and English, and
// compares each replay with its recording in testdata/: name, the
// language and the extension every engine's recordings share (.txt), so
// that name "replay-4p-seed1" is recorded in testdata/replay-4p-seed1.ja.txt
// and .en.txt. With update it
// writes the recordings instead (go test -update). The game must end
// without a violation within the turn cap, and its replays must take as
// many lines in both languages: what one tells, the other tells too.
func Golden(t testing.TB, e sim.Engine, cfg sim.Config, seed uint64, bots []string, name string, update bool) {
	t.Helper()
	lines := map[string]int{}
	for _, lang := range langs {
		path := filepath.Join("testdata", name+"."+lang+goldenExt)
		var b bytes.Buffer
		if r := sim.Replay(&b, e, cfg, seed, bots, schema.NewLang(lang)); r.Violation != nil || r.Unfinished {
			t.Errorf("%s: the recorded game did not end cleanly: %s", path, resultString(r))
		}
		lines[lang] = bytes.Count(b.Bytes(), []byte("\n"))
		if update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v (run go test -update to record it)", err)
			continue
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s: the replay differs from the recording at %s\n(run go test -update after an intended change)", path, firstLineDiff(b.String(), string(want)))
		}
	}
	for _, lang := range langs[1:] {
		if lines[lang] != lines[langs[0]] {
			t.Errorf("%s: the replay takes %d lines in %s and %d in %s", name, lines[langs[0]], langs[0], lines[lang], lang)
		}
	}
}
