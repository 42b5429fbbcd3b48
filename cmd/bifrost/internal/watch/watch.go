// Package watch follows the files a game is built from, for `bifrost
// watch` (which rebuilds) and `bifrost serve` (which updates its pages):
// the workbook, the layout and the books of each target, watched by their
// folders, each save told once per game after a quiet spell, lock and
// temporary files of office suites passed over.
package watch

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/sim"
)

// Inputs watches the folders of every input of the targets' builds: the
// workbook, rules/<game>/'s books, rulings and glossary, and
// layout/<game>.yaml; rules is --rules ("" for rules/ beside src). It
// returns the game of each input file. Folders, not files, are watched:
// editors save by writing a new file and renaming it.
func Inputs(w *fsnotify.Watcher, src, rules string, list targets.List) (map[string]*sim.Definition, error) {
	watched := map[string]*sim.Definition{}
	dirs := map[string]bool{}
	for _, t := range list {
		files := append([]string{targets.WorkbookIn(src, t.Game.ID()), filepath.Join(spec.LayoutDir(src), t.Game.ID()+".yaml")}, books.Inputs(books.Dir(src, rules), t.Game)...)
		for _, f := range files {
			watched[filepath.Clean(f)] = t.Game
			dirs[filepath.Dir(filepath.Clean(f))] = true
		}
	}
	for dir := range dirs {
		if err := w.Add(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return watched, nil
}

// Loop follows w until ctx ends. debounce after the last save of a file
// in watched (office suites' lock and temporary files aside), it calls
// saved for each game whose files were saved, in game order, with those
// files (games gives the order); failed gets the watcher's errors.
func Loop(ctx context.Context, w *fsnotify.Watcher, games rules.Games, watched map[string]*sim.Definition, debounce time.Duration, saved func(*sim.Definition, []string), failed func(error)) {
	pending := map[*sim.Definition][]string{}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case err := <-w.Errors:
			failed(err)
		case ev := <-w.Events:
			file := filepath.Clean(ev.Name)
			if ignored(filepath.Base(file)) || ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename) == 0 {
				continue
			}
			if g, ok := watched[file]; ok {
				if !slices.Contains(pending[g], file) {
					pending[g] = append(pending[g], file)
				}
				timer.Reset(debounce)
			}
		case <-timer.C:
			for _, g := range games {
				if files := pending[g]; files != nil {
					saved(g, files)
				}
			}
			clear(pending)
		}
	}
}

// ignored reports the lock and temporary files office suites write
// beside a workbook they have open.
func ignored(name string) bool {
	return strings.HasPrefix(name, "~$") || strings.HasPrefix(name, ".~lock.") || strings.HasSuffix(name, "#")
}
