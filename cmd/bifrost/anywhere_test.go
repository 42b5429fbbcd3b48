package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"bifrost/rules"
)

// installed is the command compiled once for the tests that run it as a
// user would, in a folder removed when the tests end (TestMain).
var installed struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// installedBifrost compiles the command, as `go install ./cmd/bifrost`
// does, once per test run, and returns the binary's path.
func installedBifrost(t *testing.T) string {
	t.Helper()
	goTool := needTool(t, "go", "golang")
	installed.once.Do(func() {
		installed.dir, installed.err = os.MkdirTemp("", "bifrost-bin-")
		if installed.err != nil {
			return
		}
		installed.bin = filepath.Join(installed.dir, "bifrost")
		if out, err := exec.Command(goTool, "build", "-o", installed.bin, ".").CombinedOutput(); err != nil {
			installed.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if installed.err != nil {
		t.Fatal(installed.err)
	}
	return installed.bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if installed.dir != "" {
		os.RemoveAll(installed.dir)
	}
	os.Exit(code)
}

// runIn runs the binary in dir and returns what it printed and its exit code.
func runIn(t *testing.T, bin, dir string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LANG=C", "LC_ALL=", "LC_MESSAGES=")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errb.String(), code}
}

// bookOutputs are the files build writes for a game's books.
var bookOutputs = []string{"rulebook.pdf", "rulebook.html", "summary.pdf", "summary.html", "summary-card.pdf", "designer.pdf", "designer.html"}

func TestBuildInAFolderHoldingOnlyWorkbooksWritesEveryGamesBooksFromTheBinary(t *testing.T) {
	t.Parallel()
	bin := installedBifrost(t)
	dir := t.TempDir()
	if err := os.Rename(copySrc(t), filepath.Join(dir, "cardsrc")); err != nil {
		t.Fatal(err)
	}
	r := runIn(t, bin, dir, "build", "--games", "4")
	if r.code != 0 {
		t.Fatalf("build in a folder with only cardsrc/: exit %d\n%s", r.code, r.stderr)
	}
	for _, g := range rules.All().IDs() {
		for _, name := range append([]string{"cards.pdf", "report.json"}, bookOutputs...) {
			if fi, err := os.Stat(filepath.Join(dir, "out", g, name)); err != nil || fi.Size() == 0 {
				t.Errorf("%s/%s not written: %v", g, name, err)
			}
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "cardsrc" && e.Name() != "out" {
			t.Errorf("build wrote %s beside cardsrc/ and out/", e.Name())
		}
	}
}

func TestARulebookBesideTheWorkbooksReplacesOnlyThatBook(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(dir, "cardsrc")
	if err := os.Rename(copySrc(t), src); err != nil {
		t.Fatal(err)
	}
	ref := t.TempDir()
	if r := bifrost(t, "rulebook", "nastrond", "--src", src, "--rules", "../../rules", "--out", ref, "--format", "html"); r.code != 0 {
		t.Fatalf("rulebook with the shipped books: exit %d\n%s", r.code, r.stderr)
	}
	own := filepath.Join(dir, "rules", "nastrond", "rulebook.md")
	if err := os.MkdirAll(filepath.Dir(own), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(own, []byte("---\ntitle: 自分のルール\n---\n# 差し替えた遊び方\n\nエッダは{{count \"Edda\"}}枚です。\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if r := bifrost(t, "rulebook", "nastrond", "--src", src, "--out", out, "--format", "html"); r.code != 0 {
		t.Fatalf("rulebook with rules/nastrond/rulebook.md beside cardsrc/: exit %d\n%s", r.code, r.stderr)
	}
	read := func(dir, name string) string {
		b, err := os.ReadFile(filepath.Join(dir, "nastrond", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := read(out, "rulebook.html"); !strings.Contains(got, "差し替えた遊び方") || !strings.Contains(got, "エッダは38枚です") {
		t.Errorf("rulebook.html is not the designer's own rulebook.md:\n%.400s", got)
	}
	for _, name := range []string{"summary.html", "designer.html"} {
		if read(out, name) != read(ref, name) {
			t.Errorf("%s changed although only rulebook.md was replaced", name)
		}
	}

	// A mistake in the designer's own file is reported at that file.
	if err := os.WriteFile(own, []byte("# 題\n\n{{count \"Nope\"}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := bifrost(t, "rulebook", "nastrond", "--src", src, "--out", t.TempDir(), "--format", "html", "--lang", "en")
	if r.code != 1 || !strings.Contains(r.stdout, own+":3") {
		t.Errorf("a broken rules/nastrond/rulebook.md: exit %d, stdout %q; want 1 and the error at %s:3", r.code, r.stdout, own)
	}
}

func TestInitThenBuildInThatFolderWritesWhatTheShippedFilesWrite(t *testing.T) {
	t.Parallel()
	bin := installedBifrost(t)
	dir := filepath.Join(t.TempDir(), "mygame")
	if r := bifrost(t, "init", dir, "--lang", "en"); r.code != 0 || !strings.Contains(r.stderr, "cd "+dir+" and run bifrost build") {
		t.Fatalf("init: exit %d\n%s", r.code, r.stderr)
	}
	for _, name := range []string{"nastrond.xlsx", "valkyrie.xlsx", "guardian.xlsx", "bloodrage.xlsx", "README.md"} {
		got, err := os.ReadFile(filepath.Join(dir, "cardsrc", name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(shippedSrc, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("init's cardsrc/%s is not the shipped file byte for byte", name)
		}
	}
	if r := runIn(t, bin, dir, "build", "nastrond", "--games", "4"); r.code != 0 {
		t.Fatalf("build after init: exit %d\n%s", r.code, r.stderr)
	}
	// The same workbooks outside git, with the repository's books and the
	// built-in layout: the version stamps agree, so the bytes must too.
	ref := t.TempDir()
	if r := bifrost(t, "build", "nastrond", "--src", copySrc(t), "--rules", "../../rules", "--out", ref, "--games", "4"); r.code != 0 {
		t.Fatalf("reference build: exit %d\n%s", r.code, r.stderr)
	}
	for _, name := range append([]string{"cards.pdf", "report.json"}, bookOutputs...) {
		got, err := os.ReadFile(filepath.Join(dir, "out", "nastrond", name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(ref, "nastrond", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s after init differs from the build of the shipped files (%d and %d bytes)", name, len(got), len(want))
		}
	}
}

func TestInitRefusesAFolderThatHoldsAWorkbookAndLeavesItUntouched(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ lang, want string }{
		{"ja", "すでにあります"},
		{"en", "already exists"},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			dir := t.TempDir()
			mine := filepath.Join(dir, "cardsrc", "nastrond.xlsx")
			if err := os.MkdirAll(filepath.Dir(mine), 0o755); err != nil {
				t.Fatal(err)
			}
			data := []byte("the designer's own workbook")
			if err := os.WriteFile(mine, data, 0o644); err != nil {
				t.Fatal(err)
			}
			r := bifrost(t, "init", dir, "--lang", tt.lang)
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			if r.code != 2 || len(lines) != 1 || !strings.Contains(lines[0], mine) || !strings.Contains(lines[0], tt.want) {
				t.Errorf("init over cardsrc/nastrond.xlsx: exit %d, stderr %q; want 2 and one line naming the file", r.code, r.stderr)
			}
			if got, err := os.ReadFile(mine); err != nil || !bytes.Equal(got, data) {
				t.Errorf("init touched the designer's workbook: %q, %v", got, err)
			}
			var files []string
			filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					files = append(files, path)
				}
				return err
			})
			if len(files) != 1 {
				t.Errorf("a refused init left %v, want only %s", files, mine)
			}
		})
	}
}
