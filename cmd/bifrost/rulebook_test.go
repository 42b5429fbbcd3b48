package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRulebook_WritesPDFAndHTMLForEveryGame(t *testing.T) {
	out := t.TempDir()
	for _, g := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		r := bifrost(t, "rulebook", g, "--src", shippedSrc, "--rules", "../../rules", "--out", out)
		if r.code != 0 {
			t.Errorf("%s: exit %d: %s", g, r.code, r.stderr)
			continue
		}
		for _, f := range []string{"rulebook.pdf", "rulebook.html"} {
			if fi, err := os.Stat(filepath.Join(out, g, f)); err != nil || fi.Size() < 10_000 {
				t.Errorf("%s/%s: %v", g, f, err)
			}
		}
	}
}

func TestRulebook_UnknownPlaceholderIsAnErrorAtItsLine(t *testing.T) {
	rules := t.TempDir()
	if err := os.MkdirAll(filepath.Join(rules, "nastrond"), 0o755); err != nil {
		t.Fatal(err)
	}
	md := "---\ntitle: t\n---\n# 題\n\n{{price \"Edda\"}}\n"
	if err := os.WriteFile(filepath.Join(rules, "nastrond", "rulebook.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	r := bifrost(t, "rulebook", "nastrond", "--src", shippedSrc, "--rules", rules, "--out", t.TempDir())
	want := filepath.Join(rules, "nastrond", "rulebook.md") + `:6: function "price" not defined`
	if r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, stderr %q; want %q", r.code, r.stderr, want)
	}
}

func TestBuild_WritesEveryOutputOfEveryGame(t *testing.T) {
	out := t.TempDir()
	r := bifrost(t, "build", "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--games", "40")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, g := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		for _, f := range []string{"cards.pdf", "rulebook.pdf", "rulebook.html", "report.html", "report.json"} {
			if _, err := os.Stat(filepath.Join(out, g, f)); err != nil {
				t.Errorf("%s: %v", g, err)
			}
		}
	}
	entries, _ := os.ReadDir(shippedSrc)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), "tmp") {
			t.Errorf("build left %s in --src", e.Name())
		}
	}
}
