package outfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
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
