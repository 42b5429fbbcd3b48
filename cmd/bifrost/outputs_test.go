package main

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// filesUnder reads every file under dir, by path relative to dir.
func filesUnder(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[rel], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// timing matches the seconds a batch took, the one figure of build's
// console output that differs from run to run.
var timing = regexp.MustCompile(`[0-9]+\.[0-9] (秒|s)`)

func TestBuildsWriteTheSameFilesAndLinesWhateverTheWorkers(t *testing.T) {
	t.Parallel()
	a, b := t.TempDir(), t.TempDir()
	var console []string
	for i, out := range []string{a, b} {
		r := bifrost(t, "build", "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--games", "60", "--workers", strconv.Itoa(i+1))
		if r.code != 0 {
			t.Fatalf("build exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		console = append(console, r.stdout+"\n--- stderr\n"+timing.ReplaceAllString(strings.ReplaceAll(r.stderr, out, "OUT"), "T"))
	}
	if console[0] != console[1] {
		t.Errorf("one worker printed\n%s\ntwo printed\n%s", console[0], console[1])
	}
	fa, fb := filesUnder(t, a), filesUnder(t, b)
	names := slices.Sorted(maps.Keys(fa))
	if !slices.Equal(names, slices.Sorted(maps.Keys(fb))) {
		t.Fatalf("the builds wrote different files: %v and %v", names, slices.Sorted(maps.Keys(fb)))
	}
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		for _, f := range []string{"rulebook.pdf", "rulebook.html", "cards.pdf", "report.json", "report.html"} {
			if _, ok := fa[filepath.Join(game, f)]; !ok {
				t.Errorf("the build wrote no %s/%s", game, f)
			}
		}
	}
	for _, n := range names {
		if !bytes.Equal(fa[n], fb[n]) {
			t.Errorf("%s differs between a build with one worker and one with two", n)
		}
	}
}
