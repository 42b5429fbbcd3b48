package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulebookPlaceholderErrorIsADataProblem: a placeholder that
// does not expand is a problem in the designers' data, exit 1, in rulebook
// and in build alike, with the line named.
func TestRulebookPlaceholderErrorIsADataProblem(t *testing.T) {
	t.Parallel()
	root := copyProject(t, "nastrond")
	rules := filepath.Join(root, "rules")
	for _, md := range []string{
		"---\ntitle: t\n---\n# 題\n\n{{price \"Edda\"}}\n",        // unknown function
		"---\ntitle: t\n---\n# 題\n\n{{count \"NoSuchSheet\"}}\n", // unknown sheet
	} {
		if err := os.WriteFile(filepath.Join(rules, "nastrond", "rulebook.md"), []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
		want := filepath.Join(rules, "nastrond", "rulebook.md") + ":6:"
		for _, args := range [][]string{
			{"rulebook", "nastrond", "--src", shippedSrc, "--rules", rules, "--out", t.TempDir()},
			{"build", "nastrond", "--src", shippedSrc, "--rules", rules, "--out", t.TempDir(), "--games", "10"},
		} {
			r := bifrost(t, args...)
			if r.code != 1 || !strings.Contains(r.stdout, want) {
				t.Errorf("%s with %q: exit %d, stdout %q; want 1 and %q", args[0], md, r.code, r.stdout, want)
			}
		}
	}
}

// TestDiffAndValidateAgreeOnAnUnreadableWorkbook: an encrypted
// workbook (or one that is not .xlsx at all) is a data problem for diff as
// for validate (exit 1); a missing file is a failure to run for both (exit 2).
func TestDiffAndValidateAgreeOnAnUnreadableWorkbook(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	encrypted := filepath.Join(dir, "nastrond.xlsx")
	ole := append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 4096)...)
	if err := os.WriteFile(encrypted, ole, 0o644); err != nil {
		t.Fatal(err)
	}
	notXLSX := filepath.Join(dir, "guardian.xlsx")
	if err := os.WriteFile(notXLSX, []byte("ID,名前\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "valkyrie.xlsx")
	good := filepath.Join(shippedSrc, "nastrond.xlsx")
	for _, tt := range []struct {
		file string
		code int
		says string
	}{
		{encrypted, 1, "encrypted"},
		{notXLSX, 1, "not an .xlsx file"},
		{missing, 2, "valkyrie.xlsx"},
	} {
		for _, args := range [][]string{
			{"validate", tt.file, "--lang", "en"},
			{"diff", tt.file, good, "--lang", "en"},
			{"diff", good, tt.file, "--lang", "en"},
			{"diff", "--textconv", tt.file, "--lang", "en"},
		} {
			r := bifrost(t, args...)
			if r.code != tt.code || !strings.Contains(r.stdout+r.stderr, tt.says) {
				t.Errorf("%v: exit %d, output %q; want %d and %q", args, r.code, r.stdout+r.stderr, tt.code, tt.says)
			}
		}
	}
}
