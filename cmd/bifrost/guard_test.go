package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/nastrond"
	"bifrost/schema"
)

// TestNoCommandWritesIntoSrc runs every writing command with an
// output folder that is, or reaches through symlinks, the source folder, and
// checks that each one refuses before writing anything (exit 2, the source
// folder unchanged, no stray files).
func TestNoCommandWritesIntoSrc(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	dir := t.TempDir()
	link := filepath.Join(dir, "link") // link -> src
	if err := os.Symlink(src, link); err != nil {
		t.Fatal(err)
	}
	gameLinks := filepath.Join(dir, "out") // out/nastrond -> src
	if err := os.MkdirAll(gameLinks, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(src, filepath.Join(gameLinks, "nastrond")); err != nil {
		t.Fatal(err)
	}
	outs := map[string]string{
		"--out src":                      src,
		"--out src/x":                    filepath.Join(src, "x"),
		"--out a link to src":            link,
		"--out under a link, not made":   filepath.Join(link, "new", "deeper"),
		"--out whose game dir is a link": gameLinks,
	}
	commands := map[string][]string{
		"build":            {"build", "nastrond", "--rules", "../../rules"},
		"build (all)":      {"build", "--rules", "../../rules"},
		"cards":            {"cards", "nastrond"},
		"cards --per-card": {"cards", "nastrond", "--per-card"},
		"rulebook":         {"rulebook", "nastrond", "--rules", "../../rules"},
		"rulebook html":    {"rulebook", "nastrond", "--rules", "../../rules", "--format", "html"},
		"check":            {"check"},
		"watch":            {"watch", "nastrond"},
	}
	before := filesUnder(t, src)
	for cname, args := range commands {
		for oname, out := range outs {
			r := bifrost(t, append(args, "--src", src, "--out", out, "--lang", "en")...)
			if r.code != 2 || !strings.Contains(r.stderr, "refusing to write inside the source folder") {
				t.Errorf("%s with %s: exit %d, stderr %q; want 2 and a refusal", cname, oname, r.code, r.stderr)
			}
			if after := filesUnder(t, src); !maps.EqualFunc(before, after, func(a, b []byte) bool { return string(a) == string(b) }) {
				t.Fatalf("%s with %s changed the source folder: %v", cname, oname, slices.Sorted(maps.Keys(after)))
			}
		}
	}
	if _, err := os.Stat(filepath.Join(link, "new")); err == nil {
		t.Error("a refused command made a folder under the source folder")
	}
}

// TestTemplateMayWriteIntoSrc: template's output is a workbook,
// source data on purpose (a new game's cardsrc/<game>.xlsx), so it may be
// written into the source folder, but never over an existing workbook
// without --force.
func TestTemplateMayWriteIntoSrc(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	fresh := filepath.Join(src, "nastrond-new.xlsx")
	if r := bifrost(t, "template", "nastrond", "-o", fresh); r.code != 0 {
		t.Fatalf("template into the source folder: exit %d %s", r.code, r.stderr)
	}
	if res, err := (targets.Target{Game: nastrond.Definition, Path: fresh}).Validate(schema.NewLang("en")); err != nil || res.Book == nil {
		t.Errorf("the template does not open as a workbook: %v", err)
	}
	old, _ := os.ReadFile(filepath.Join(src, "nastrond.xlsx"))
	if r := bifrost(t, "template", "nastrond", "-o", filepath.Join(src, "nastrond.xlsx")); r.code != 2 {
		t.Errorf("template over a workbook without --force: exit %d", r.code)
	}
	if now, _ := os.ReadFile(filepath.Join(src, "nastrond.xlsx")); string(now) != string(old) {
		t.Error("template replaced a designer's workbook")
	}
}
