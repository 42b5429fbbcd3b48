package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// stripTiming removes the three fields that may differ between runs.
func stripTiming(t *testing.T, data string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	delete(m, "elapsed_s")
	delete(m, "games_per_second")
	delete(m, "workers")
	out, _ := json.Marshal(m)
	return string(out)
}

func TestReportMerge_ShardsGiveTheSingleRun(t *testing.T) {
	t.Parallel()
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		args := []string{"sim", game, "--src", shippedSrc, "--games", "240", "--seed", "9", "--json"}
		single := bifrost(t, append(args, "--workers", "1")...)
		if single.code != 0 {
			t.Fatalf("%s: exit %d: %s", game, single.code, single.stderr)
		}
		dir := t.TempDir()
		var files []string
		for _, shard := range []string{"1/3", "2/3", "3/3"} {
			r := bifrost(t, append(args, "--shard", shard, "--workers", "2")...)
			f := filepath.Join(dir, shard[:1]+".json")
			if err := os.WriteFile(f, []byte(r.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		merged := bifrost(t, append([]string{"report", "merge", "--src", shippedSrc}, files...)...)
		if merged.code != 0 {
			t.Fatalf("%s: merge exit %d: %s", game, merged.code, merged.stderr)
		}
		if stripTiming(t, merged.stdout) != stripTiming(t, single.stdout) {
			t.Errorf("%s: merged shards differ from the single run", game)
		}
	}
}

func TestSim_SameReportForAnyWorkerCount(t *testing.T) {
	t.Parallel()
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		args := []string{"sim", game, "--src", shippedSrc, "--games", "300", "--seed", "5", "--json"}
		one := bifrost(t, append(args, "--workers", "1")...)
		three := bifrost(t, append(args, "--workers", "3")...)
		if one.code != 0 || three.code != 0 {
			t.Fatalf("%s: exit %d / %d", game, one.code, three.code)
		}
		if stripTiming(t, one.stdout) != stripTiming(t, three.stdout) {
			t.Errorf("%s: reports differ between 1 and 3 workers", game)
		}
	}
}
