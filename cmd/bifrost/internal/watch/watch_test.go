package watch

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules"
	"bifrost/rules/sim"
)

// TestOfficeLockAndTemporaryFilesAreIgnored: Excel's ~$, LibreOffice's
// .~lock. and Emacs' #…# beside a workbook are no saves of it.
func TestOfficeLockAndTemporaryFilesAreIgnored(t *testing.T) {
	for name, want := range map[string]bool{
		"~$nastrond.xlsx":           true,
		".~lock.nastrond.xlsx#":     true,
		"#nastrond.xlsx#":           true,
		"nastrond.xlsx":             false,
		"rulebook.md":               false,
		"nastrond~$backup.xlsx.bak": false,
	} {
		if ignored(name) != want {
			t.Errorf("ignored(%q) = %v", name, !want)
		}
	}
}

// TestASaveIsToldForItsGameWithTheFileSaved: the workbook and the
// layout of a target are its inputs; saving the workbook twice and a lock
// file beside it calls saved for that game with the workbook alone.
func TestASaveIsToldForItsGameWithTheFileSaved(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(root, "cardsrc")
	for _, dir := range []string{src, filepath.Join(root, "layout")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	game, _ := rules.All().ByID("nastrond")
	w, err := fsnotify.NewWatcher()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	list := targets.List{{Game: game, Path: filepath.Join(src, "nastrond.xlsx")}}
	watched, err := Inputs(w, src, filepath.Join(root, "rules"), list)
	if err != nil {
		t.Fatal(err)
	}
	book, lay := filepath.Join(src, "nastrond.xlsx"), filepath.Join(root, "layout", "nastrond.yaml")
	if watched[book] != game || watched[lay] != game {
		t.Fatalf("Inputs = %v; want the workbook and the layout of nastrond", watched)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type save struct {
		game  *sim.Definition
		files []string
	}
	saves := make(chan save, 4)
	go Loop(ctx, w, list.Games(), watched, 50*time.Millisecond, func(g *sim.Definition, files []string) { saves <- save{g, files} }, func(err error) { t.Error(err) })
	for _, f := range []string{book, filepath.Join(src, "~$nastrond.xlsx"), book} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case s := <-saves:
		if s.game != game || len(s.files) != 1 || s.files[0] != book {
			t.Errorf("saved(%v, %q); want nastrond and %s", s.game.ID(), s.files, book)
		}
	case <-time.After(time.Minute):
		t.Fatal("no save was told")
	}
}
