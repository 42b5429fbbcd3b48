package wrote

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/schema"
)

func TestSizesAreInBytesUnderAKilobyteThenKilobytesThenMegabytes(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{0, "0 B"}, {1023, "1023 B"}, {1024, "1 KB"}, {1<<20 - 1, "1024 KB"}, {1 << 20, "1.0 MB"}, {5 << 20, "5.0 MB"},
	} {
		if got := byteSize(tt.n); got != tt.want {
			t.Errorf("byteSize(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestPagesArePageObjectsNotThePageTree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.pdf")
	if err := os.WriteFile(path, []byte("<< /Type /Pages /Kids [] >> << /Type /Page >> << /Type/Page >>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := countPages(path); n != 2 {
		t.Errorf("%d pages, want 2", n)
	}
	if n := countPages(filepath.Join(t.TempDir(), "missing.pdf")); n != 0 {
		t.Errorf("a missing PDF has %d pages", n)
	}
}

func TestAFileThatIsGoneIsListedWithNoBytes(t *testing.T) {
	var out strings.Builder
	gone := filepath.Join(t.TempDir(), "gone.json")
	List(&out, schema.NewLang("en"), "g", []string{gone})
	if want := gone + " (0 B)\ng: wrote 1 file (1 other file, 0 B)\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// TestPrintGivesScriptsThePathsAndPeopleTheList: Print puts each path
// alone on a line of stdout, and the list with sizes and the summary on
// stderr.
func TestPrintGivesScriptsThePathsAndPeopleTheList(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.txt")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("12345"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr strings.Builder
	Print(&stdout, &stderr, schema.NewLang("en"), "g", []string{a, b})
	if want := a + "\n" + b + "\n"; stdout.String() != want {
		t.Errorf("stdout %q, want %q", stdout.String(), want)
	}
	if want := a + " (5 B)\n" + b + " (5 B)\ng: wrote 2 files (2 other files, 10 B)\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}
