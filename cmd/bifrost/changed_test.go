package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestCards_ChangedSincePrintsOnlyTheChangedCards(t *testing.T) {
	t.Parallel()
	needTool(t, "git", "git")
	_, src := committedWorkbook(t, "nastrond")

	var changed, untouched []string
	edit(t, src, "nastrond", func(f *excelize.File) error {
		for _, row := range []int{3, 7} {
			id, err := getByHeader(f, "Edda", "ID", row)
			if err != nil {
				return err
			}
			name, _ := getByHeader(f, "Edda", "名前", row)
			changed = append(changed, id+" "+name)
			if err := setByHeader(f, "Edda", "目標値", row, 30+row); err != nil {
				return err
			}
		}
		name, _ := getByHeader(f, "Edda", "名前", 5)
		untouched = append(untouched, name)
		return nil
	})
	out := t.TempDir()
	r := bifrost(t, "cards", "nastrond", "--src", src, "--out", out, "--changed-since", "HEAD")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, c := range changed {
		if !strings.Contains(r.stderr, strings.Fields(c)[0]) {
			t.Errorf("stderr does not list %s: %s", c, r.stderr)
		}
	}
	if !strings.Contains(r.stderr, "2 cards changed since HEAD") {
		t.Errorf("want exactly 2 changed cards: %s", r.stderr)
	}
	needTool(t, "pdftotext", "poppler-utils")
	text, err := exec.Command("pdftotext", filepath.Join(out, "nastrond", "cards-changed.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	plain := strings.Join(strings.Fields(string(text)), "")
	for _, c := range changed {
		if name := strings.Fields(c)[1]; !strings.Contains(plain, name) {
			t.Errorf("the PDF lacks the changed card %s", name)
		}
	}
	if strings.Contains(plain, untouched[0]) {
		t.Errorf("the PDF prints the unchanged card %s", untouched[0])
	}

	r = bifrost(t, "cards", "nastrond", "--src", src, "--out", out, "--changed-since", "HEAD~5")
	if r.code != 2 {
		t.Errorf("a revision that does not exist: exit %d, want 2", r.code)
	}
}

// gitCommit makes repo a git repository (once) and commits everything in it.
func gitCommit(t *testing.T, repo string) {
	t.Helper()
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-q", "-m", "cards"}} {
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

// committedWorkbook copies the shipped workbook of game into cardsrc/ of a
// new git repository, commits it, and returns the repository and cardsrc.
func committedWorkbook(t *testing.T, game string) (repo, src string) {
	t.Helper()
	repo = t.TempDir()
	src = filepath.Join(repo, "cardsrc")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(shippedSrc, game+".xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, game+".xlsx"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	gitCommit(t, repo)
	return repo, src
}
