package outfile

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestWrite_ReplacesAtomicallyAndCreatesFolders(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a", "b", "cards.pdf")
	if err := WriteFile(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("two")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "two" {
		t.Fatalf("read %q, %v; want \"two\"", got, err)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
	assertOnly(t, filepath.Dir(path), "cards.pdf")
}

func TestWrite_FailureKeepsTheOldFileAndLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cards.pdf")
	if err := WriteFile(path, []byte("old")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != "old" {
		t.Errorf("file now %q, want the old content kept", got)
	}
	assertOnly(t, dir, "cards.pdf")
}

func TestRefuse_InsideProtectedFolder(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "cardsrc")
	for _, tt := range []struct {
		path string
		bad  bool
	}{
		{filepath.Join(src, "x.pdf"), true},
		{filepath.Join(src, "sub", "x.pdf"), true},
		{src, true},
		{filepath.Join(dir, "out", "x.pdf"), false},
		{filepath.Join(dir, "cardsrc2", "x.pdf"), false},
	} {
		err := Refuse(tt.path, src)
		if (err != nil) != tt.bad {
			t.Errorf("Refuse(%s) = %v, want refused=%v", tt.path, err, tt.bad)
		}
	}
}

func TestRefuseResolvesSymlinks(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "cardsrc")
	if err := os.MkdirAll(filepath.Join(src, "art"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := func(target, name string) string {
		p := filepath.Join(dir, name)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	toSrc := link(src, "out")                                     // out -> cardsrc
	rel := link("cardsrc/art", "art")                             // relative link into it
	dangling := link(filepath.Join(src, "new", "deeper"), "next") // target not made yet
	chain := link(dangling, "chain")                              // a link to that link
	loopA := link(filepath.Join(dir, "loopB"), "loopA")
	link(loopA, "loopB")
	for _, tt := range []struct {
		path string
		bad  bool
	}{
		{filepath.Join(toSrc, "nastrond", "rulebook.pdf"), true}, // nothing under it exists yet
		{toSrc, true},
		{filepath.Join(rel, "x.png"), true},
		{filepath.Join(dangling, "x.pdf"), true},
		{filepath.Join(chain, "a", "b.pdf"), true},
		{filepath.Join(src, "..", "cardsrc", "x.pdf"), true},
		{filepath.Join(dir, "elsewhere", "nastrond", "x.pdf"), false},
	} {
		err := Refuse(tt.path, src)
		if (err != nil) != tt.bad || tt.bad && !errors.Is(err, ErrInside) {
			t.Errorf("Refuse(%s) = %v, want refused=%v", tt.path, err, tt.bad)
		}
	}
	// The protected folder may itself be reached through a link.
	if err := Refuse(filepath.Join(src, "x.pdf"), toSrc); !errors.Is(err, ErrInside) {
		t.Errorf("Refuse through a linked protected folder = %v", err)
	}
	if err := Refuse(filepath.Join(loopA, "x.pdf"), src); err == nil || errors.Is(err, ErrInside) {
		t.Errorf("a link loop gives %v, want an error of its own", err)
	}
}

func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if len(got) != len(names) {
		t.Fatalf("folder holds %v, want only %v", got, names)
	}
}

func TestOutfileMessagesHaveJapaneseAndEnglish(t *testing.T) {
	for _, s := range messages.Lacks() {
		t.Error(s)
	}
}

// A run killed while it wrote a file leaves its temporary file; the next
// write of that file removes it, and keeps one whose process still runs.
func TestWrite_RemovesTheTempFilesOfAKilledRun(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cards.pdf")
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no process to outlive:", err)
	}
	killed := filepath.Join(dir, ".cards.pdf."+strconv.Itoa(dead.Process.Pid)+"-123.tmp")
	running := filepath.Join(dir, ".cards.pdf.1-456.tmp") // pid 1 runs as long as the machine does
	other := filepath.Join(dir, ".rulebook.pdf."+strconv.Itoa(dead.Process.Pid)+"-789.tmp")
	for _, p := range []string{killed, running, other} {
		if err := os.WriteFile(p, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteFile(path, []byte("whole")); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{killed: false, running: true, other: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s exists: %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}

// The protected folder is checked as each file is written, not once: an
// output folder swapped for a link into it while a command writes is
// refused from the next file on, and a swap in the middle of a file fails
// that file; nothing ever lands inside.
func TestWrite_RefusesAFolderSwappedForALinkIntoTheProtectedOne(t *testing.T) {
	root := t.TempDir()
	src, out := filepath.Join(root, "cardsrc"), filepath.Join(root, "out")
	for _, d := range []string{src, out} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	Protect(src)
	defer Protect("")
	if err := WriteFile(filepath.Join(src, "x.pdf"), []byte("x")); err == nil || !strings.Contains(err.Error(), "protected folder") {
		t.Errorf("a file inside the protected folder gave %v, want a refusal", err)
	}
	if err := WriteFile(filepath.Join(out, "cards.pdf"), []byte("cards")); err != nil {
		t.Fatal(err)
	}
	swap := func() error {
		if err := os.Rename(out, out+"."+strconv.Itoa(len(root))); err != nil && !errors.Is(err, os.ErrExist) {
			return err
		}
		return os.Symlink(src, out)
	}
	err := Write(filepath.Join(out, "rulebook.pdf"), func(w io.Writer) error {
		if err := swap(); err != nil { // in the middle of the file
			return err
		}
		_, err := io.WriteString(w, "rulebook")
		return err
	})
	if err == nil {
		t.Error("a file whose folder was swapped for a link into the protected one was written")
	}
	if err := WriteFile(filepath.Join(out, "report.html"), []byte("report")); err == nil || !strings.Contains(err.Error(), "protected folder") {
		t.Errorf("the next file into the swapped folder gave %v, want a refusal", err)
	}
	assertOnly(t, src)
}
