package gitrev

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"bifrost/schema"
)

// repo is a git repository in a temporary folder with book.xlsx committed
// holding "v1".
func repo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "book.xlsx"), []byte("v1"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "book.xlsx"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1"},
	} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

// TestWorkbookAtGivesTheCommittedBytesAndAStableLabel: the workbook as it
// was at HEAD, whatever the file holds now, labelled REV:path-in-repo.
func TestWorkbookAtGivesTheCommittedBytesAndAStableLabel(t *testing.T) {
	dir := repo(t)
	path := filepath.Join(dir, "book.xlsx")
	if err := os.WriteFile(path, []byte("v2"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp, label, err := WorkbookAt(path, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(tmp)
	if got, _ := os.ReadFile(tmp); string(got) != "v1" || label != "HEAD:book.xlsx" {
		t.Errorf("got %q labelled %q; want \"v1\" labelled HEAD:book.xlsx", got, label)
	}
}

// TestWorkbookAtNamesWhatIsMissing: outside git, and a file the revision
// lacks, each get their own message.
func TestWorkbookAtNamesWhatIsMissing(t *testing.T) {
	dir := repo(t)
	outside := filepath.Join(t.TempDir(), "book.xlsx")
	for _, tt := range []struct{ path, key string }{
		{outside, "not_git"},
		{filepath.Join(dir, "other.xlsx"), "not_in_rev"},
	} {
		_, _, err := WorkbookAt(tt.path, "HEAD")
		var m *schema.Message
		if !errors.As(err, &m) || m.Key() != tt.key {
			t.Errorf("%s: got %v; want message %s", tt.path, err, tt.key)
		}
	}
}

// TestLastCommitOnlyForAnUnchangedCommittedFile: a committed file has its
// last commit; once changed, it has none.
func TestLastCommitOnlyForAnUnchangedCommittedFile(t *testing.T) {
	dir := repo(t)
	path := filepath.Join(dir, "book.xlsx")
	if c, ok := LastCommit(path); !ok || len(c) < 12 {
		t.Errorf("committed file: LastCommit = %q, %v", c, ok)
	}
	if err := os.WriteFile(path, []byte("v2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, ok := LastCommit(path); ok {
		t.Errorf("changed file: LastCommit = %q, true; want false", c)
	}
}

func TestEveryMessageHasJapaneseAndEnglish(t *testing.T) {
	for _, lack := range Messages.Lacks() {
		t.Error(lack)
	}
}
