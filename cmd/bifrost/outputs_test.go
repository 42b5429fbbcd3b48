package main

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
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

func TestTwoBuildsWriteIdenticalFiles(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, out := range []string{a, b} {
		if r := bifrost(t, "build", "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--games", "60"); r.code != 0 {
			t.Fatalf("build exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
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
			t.Errorf("%s differs between two builds of the same data", n)
		}
	}
}
