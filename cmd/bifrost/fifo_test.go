//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mkfifo makes a named pipe at path (replacing any file there).
func mkfifo(t *testing.T, path string) {
	t.Helper()
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}

// bifrostWithin runs bifrost and fails the test if it has not returned
// within a deadline; a command blocked opening the pipes is then released by
// opening them for writing, so the test binary can go on.
func bifrostWithin(t *testing.T, fifos []string, args ...string) result {
	t.Helper()
	done := make(chan result, 1)
	go func() { done <- bifrost(t, args...) }()
	select {
	case r := <-done:
		return r
	case <-time.After(30 * time.Second):
		for _, f := range fifos {
			if w, err := os.OpenFile(f, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close()
			}
		}
		t.Fatalf("bifrost %v hangs on a named pipe", args)
		return result{}
	}
}

func TestNamedPipeWorkbookDoesNotHang(t *testing.T) {
	src := copySrc(t)
	fifo := filepath.Join(src, "nastrond.xlsx")
	mkfifo(t, fifo)
	good := filepath.Join(shippedSrc, "nastrond.xlsx")
	for _, args := range [][]string{
		{"validate", "--src", src, "nastrond"},
		{"validate", fifo},
		{"diff", fifo, good},
		{"diff", good, fifo},
		{"diff", "--textconv", fifo},
		{"cards", "nastrond", "--src", src, "--out", t.TempDir()},
	} {
		r := bifrostWithin(t, []string{fifo}, args...)
		if r.code != 2 || !strings.Contains(r.stderr, fifo+": not a regular file (a named pipe)") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and the pipe named", args, r.code, r.stderr)
		}
	}
}

func TestNamedPipeRulebookOrReportDoesNotHang(t *testing.T) {
	rules := t.TempDir()
	if err := os.MkdirAll(filepath.Join(rules, "nastrond"), 0o755); err != nil {
		t.Fatal(err)
	}
	md := filepath.Join(rules, "nastrond", "rulebook.md")
	rulings := filepath.Join(rules, "nastrond", "RULINGS.md")
	shard := filepath.Join(rules, "shard.json")
	mkfifo(t, md)
	mkfifo(t, shard)
	for _, tt := range []struct {
		fifo string
		args []string
	}{
		{md, []string{"rulebook", "nastrond", "--src", shippedSrc, "--rules", rules, "--out", t.TempDir()}},
		{shard, []string{"report", "merge", shard}},
	} {
		r := bifrostWithin(t, []string{tt.fifo}, tt.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.fifo+": not a regular file (a named pipe)") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and the pipe named", tt.args, r.code, r.stderr)
		}
	}
	os.Remove(md)
	if err := os.WriteFile(md, []byte("---\ntitle: t\n---\n# 題\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mkfifo(t, rulings)
	r := bifrostWithin(t, []string{rulings}, "rulebook", "nastrond", "--src", shippedSrc, "--rules", rules, "--out", t.TempDir())
	if r.code != 2 || !strings.Contains(r.stderr, rulings+": not a regular file (a named pipe)") {
		t.Errorf("RULINGS.md a pipe: exit %d, stderr %q; want 2 and the pipe named", r.code, r.stderr)
	}
}

func TestNamedPipeCardArtDoesNotHang(t *testing.T) {
	src := copySrc(t)
	art := filepath.Join(src, "art")
	if err := os.Mkdir(art, 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(art, "A02.png")
	mkfifo(t, fifo)
	for _, args := range [][]string{
		{"validate", "--src", src, "valkyrie", "--lang", "en"},
		{"cards", "valkyrie", "--src", src, "--out", t.TempDir(), "--lang", "en"},
	} {
		r := bifrostWithin(t, []string{fifo}, args...)
		if r.code != 1 || !strings.Contains(r.stdout, "A02.png: not a regular file (a named pipe)") {
			t.Errorf("%v: exit %d, stdout %q; want 1 and a problem naming the pipe", args, r.code, r.stdout)
		}
	}
}

func TestNamedPipeLayoutDoesNotHang(t *testing.T) {
	src := copySrc(t)
	dir := filepath.Join(filepath.Dir(src), "layout")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "nastrond.yaml")
	mkfifo(t, fifo)
	defer os.Remove(fifo)
	for _, args := range [][]string{
		{"cards", "nastrond", "--src", src, "--out", t.TempDir(), "--lang", "en"},
		{"rulebook", "nastrond", "--src", src, "--out", t.TempDir(), "--lang", "en"},
	} {
		r := bifrostWithin(t, []string{fifo}, args...)
		if r.code != 1 || !strings.Contains(r.stdout, fifo+": not a regular file (a named pipe)") {
			t.Errorf("%v: exit %d, stdout %q; want 1 and a problem naming the pipe", args, r.code, r.stdout)
		}
	}
}

// TestNamedPipeIsNamedInTheCommandsLanguage: a workbook or card art that is
// a named pipe is refused naming what it is in the command's language.
func TestNamedPipeIsNamedInTheCommandsLanguage(t *testing.T) {
	src := copySrc(t)
	book := filepath.Join(t.TempDir(), "nastrond.xlsx")
	mkfifo(t, book)
	art := filepath.Join(src, "art", "E1-01.png")
	os.Mkdir(filepath.Dir(art), 0o755)
	mkfifo(t, art)
	for _, tt := range []struct {
		args   []string
		ja, en string
	}{
		{[]string{"validate", book}, book + "：通常のファイルではありません（名前付きパイプ）", book + ": not a regular file (a named pipe)"},
		{[]string{"validate", "nastrond", "--src", src}, art + ": 通常のファイルではありません（名前付きパイプ）", art + ": not a regular file (a named pipe)"},
	} {
		for lang, want := range map[string]string{"ja": tt.ja, "en": tt.en} {
			r := bifrostWithin(t, []string{book, art}, append(tt.args, "--lang", lang)...)
			if out := r.stdout + r.stderr; !strings.Contains(out, want) || lang == "ja" && strings.Contains(out, "named pipe") {
				t.Errorf("%v --lang %s: exit %d, %q; want %q", tt.args, lang, r.code, out, want)
			}
		}
	}
}

// An art folder that cannot be opened (here a file where cardsrc/art should
// be) is said once, in the command's language, not skipped in silence.
func TestUnusableArtFolderIsSaidOnce(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	os.RemoveAll(filepath.Join(src, "art"))
	if err := os.WriteFile(filepath.Join(src, "art"), []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{"ja": "途中の名前がフォルダーではありません", "en": "a part of the path is not a folder"} {
		r := bifrost(t, "validate", "nastrond", "--src", src, "--lang", lang)
		if r.code != 1 || strings.Count(r.stdout, filepath.Join(src, "art")+":") != 1 || !strings.Contains(r.stdout, want) {
			t.Errorf("--lang %s: exit %d, want 1 and one problem naming the art folder (%q):\n%s", lang, r.code, want, r.stdout)
		}
	}
}
