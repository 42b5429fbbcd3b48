package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/sim"
)

type watchOptions struct {
	*globalOptions
	src, out string
	rules    string
	debounce time.Duration
	ready    func() // tests: called once the watcher is listening
}

func newWatchCmd(g *globalOptions) *cobra.Command {
	opts := &watchOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "watch",
		Short: "help.watch.short",
		Long:  "help.watch.long",
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runWatch(ctx, opts, args)
		},
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.out")
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules")
	cmd.Flags().DurationVar(&opts.debounce, "debounce", 400*time.Millisecond, "flag.debounce")
	return cmd
}

func runWatch(ctx context.Context, opts *watchOptions, args []string) error {
	list, err := targets.Resolve(opts.registry, opts.src, args)
	if err != nil {
		return err
	}
	if err := guardOutputs(opts.src, outputsOf(opts.out, list.IDs(), buildOutputs...)); err != nil {
		return err
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	watched, err := watchInputs(w, opts.src, opts.rules, list)
	if err != nil {
		return err
	}
	for _, t := range list {
		fmt.Fprintln(opts.stderr, opts.msg("watch_initial", t.Game.ID()))
		rebuild(ctx, opts, t.Game)
	}
	fmt.Fprintln(opts.stderr, opts.msg("watching", opts.src))
	if opts.ready != nil {
		opts.ready()
	}
	watchLoop(ctx, w, list.Games(), watched, opts.debounce, func(g *sim.Definition, files []string) {
		fmt.Fprintln(opts.stderr, opts.msg("watch_changed", time.Now().Format("15:04:05"), strings.Join(files, ", ")))
		rebuild(ctx, opts, g)
	}, func(err error) { fmt.Fprintln(opts.stderr, opts.msg("watch_error", err)) })
	return nil
}

// watchLoop follows w until ctx ends. debounce after the last save of a
// file in watched (office suites' lock and temporary files aside), it calls
// saved for each game whose files were saved, in game order, with those
// files (games gives the order); failed gets the watcher's errors.
func watchLoop(ctx context.Context, w *fsnotify.Watcher, games rules.Games, watched map[string]*sim.Definition, debounce time.Duration, saved func(*sim.Definition, []string), failed func(error)) {
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
			if ignoredFile(filepath.Base(file)) || ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename) == 0 {
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

// watchInputs watches the folders of every input of the targets' builds:
// the workbook, rules/<game>/'s books, rulings and glossary, and
// layout/<game>.yaml; rules is --rules ("" for rules/ beside src). It
// returns the game of each input file. Folders, not
// files, are watched: editors save by writing a new file and renaming it.
func watchInputs(w *fsnotify.Watcher, src, rules string, list targets.List) (map[string]*sim.Definition, error) {
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

// rebuild builds one game as `bifrost build GAME` does, printing what
// it found and wrote; an error is printed, not returned, so watching goes on.
func rebuild(ctx context.Context, opts *watchOptions, g *sim.Definition) {
	bo := &buildOptions{globalOptions: opts.globalOptions, src: opts.src, out: opts.out, rules: opts.rules, seed: -1, print: cards.Options{Paper: "a4"}}
	if err := runBuild(ctx, bo, []string{g.ID()}); err != nil && !errors.Is(err, errProblems) {
		fmt.Fprintln(opts.stderr, "bifrost:", opts.localize(err))
	}
}

// ignoredFile reports the lock and temporary files office suites write
// beside a workbook they have open.
func ignoredFile(name string) bool {
	return strings.HasPrefix(name, "~$") || strings.HasPrefix(name, ".~lock.") || strings.HasSuffix(name, "#")
}
