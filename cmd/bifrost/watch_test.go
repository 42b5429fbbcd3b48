package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"bifrost/layout"
	"bifrost/rules"
)

// syncBuffer is a bytes.Buffer safe for the watcher goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func TestWatch_RebuildsTheSavedWorkbookAndIgnoresLockFiles(t *testing.T) {
	src := copySrc(t)
	var out, errb syncBuffer
	g := &globalOptions{lang: "en", stdout: &out, stderr: &errb, registry: rules.All()}
	ready := make(chan struct{})
	opts := &watchOptions{globalOptions: g, src: src, out: t.TempDir(), rules: "../../rules", debounce: 50 * time.Millisecond, ready: func() { close(ready) }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- runWatch(ctx, opts, nil) }()
	<-ready

	for _, lock := range []string{"~$nastrond.xlsx", ".~lock.nastrond.xlsx#"} {
		if err := os.WriteFile(filepath.Join(src, lock), []byte("lock"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	breakCell(t, src, "nastrond", "Edda", "目標値", 3, "たくさん")
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out.String(), "Edda!") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "nastrond.xlsx: Edda!") || !strings.Contains(out.String(), "whole number") {
		t.Errorf("no problem printed after the save:\nstdout:\n%s\nstderr:\n%s", out.String(), errb.String())
	}
	if strings.Contains(errb.String(), "~$") || strings.Contains(errb.String(), ".~lock") || strings.Contains(errb.String(), "valkyrie.xlsx changed") {
		t.Errorf("rebuilt for a file it should ignore:\n%s", errb.String())
	}
}

func TestWatchBuildsFirstThenRebuildsOnBooksRulingsAndLayout(t *testing.T) {
	root := copyProject(t, "nastrond")
	src := filepath.Join(root, "cardsrc")
	books := filepath.Join(root, "rules", "nastrond")
	os.MkdirAll(filepath.Join(root, "layout"), 0o755)
	_, lay, _ := layout.Builtin("nastrond")
	os.WriteFile(filepath.Join(root, "layout", "nastrond.yaml"), lay, 0o644)

	var out, errb syncBuffer
	g := &globalOptions{lang: "en", stdout: &out, stderr: &errb, registry: rules.All()}
	ready := make(chan struct{})
	opts := &watchOptions{globalOptions: g, src: src, out: t.TempDir(), rules: filepath.Join(root, "rules"), debounce: 50 * time.Millisecond, ready: func() { close(ready) }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- runWatch(ctx, opts, []string{"nastrond"}) }()
	<-ready
	summary := "nastrond: wrote "
	if got := errb.String(); !strings.Contains(got, "nastrond: initial build\n") || strings.Count(got, summary) != 1 {
		t.Errorf("no initial build listing what it wrote before watching:\n%s", got)
	}
	for i, file := range []string{filepath.Join(books, "RULINGS.md"), filepath.Join(books, "rulebook.md"), filepath.Join(root, "layout", "nastrond.yaml")} {
		f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("\n# touched\n")
		f.Close()
		deadline := time.Now().Add(30 * time.Second)
		for strings.Count(errb.String(), summary) < i+2 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if got := errb.String(); !strings.Contains(got, file+" changed, rebuilding") || strings.Count(got, summary) != i+2 {
			t.Errorf("saving %s: no rebuild listing what it wrote:\n%s", file, got)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
