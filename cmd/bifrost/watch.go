package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"bifrost/schema"
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
		Use:   "watch [GAME...]",
		Short: "保存のたびに作り直す / rebuild a game each time its workbook is saved",
		Long: "Watch follows the workbook folder and, a moment after a workbook is saved, rebuilds\n" +
			"that game (validate, smoke batch, outputs) and prints its problems. Excel's ~$ and\n" +
			"LibreOffice's .~lock files are ignored. Stop it with Ctrl-C.",
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runWatch(ctx, opts, args)
		},
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "folder holding <game>.xlsx")
	cmd.Flags().StringVar(&opts.out, "out", "out", "folder for generated files")
	cmd.Flags().StringVar(&opts.rules, "rules", "rules", "folder holding <game>/rulebook.md and RULINGS.md")
	cmd.Flags().DurationVar(&opts.debounce, "debounce", 400*time.Millisecond, "wait this long after the last change")
	return cmd
}

func runWatch(ctx context.Context, opts *watchOptions, args []string) error {
	targets, err := resolveTargets(opts.src, args)
	if err != nil {
		return err
	}
	if err := guardOutputs(opts.src, outputsOf(opts.out, targetGames(targets), buildOutputs...)); err != nil {
		return err
	}
	watched := map[string]*schema.Game{}
	for _, t := range targets {
		watched[filepath.Base(t.path)] = t.game
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	// Watch the folder, not the files: editors save by writing a new file and renaming it.
	if err := w.Add(opts.src); err != nil {
		return err
	}
	fmt.Fprintf(opts.stderr, "watching %s (Ctrl-C to stop)\n", opts.src)
	if opts.ready != nil {
		opts.ready()
	}
	pending := map[string]bool{}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-w.Errors:
			fmt.Fprintln(opts.stderr, "watch:", err)
		case ev := <-w.Events:
			name := filepath.Base(ev.Name)
			if ignoredFile(name) || ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename) == 0 {
				continue
			}
			if _, ok := watched[name]; ok {
				pending[name] = true
				timer.Reset(opts.debounce)
			}
		case <-timer.C:
			for name := range pending {
				g := watched[name]
				bo := &buildOptions{globalOptions: opts.globalOptions, src: opts.src, out: opts.out, rules: opts.rules, seed: -1}
				fmt.Fprintf(opts.stderr, "%s: %s changed, rebuilding\n", time.Now().Format("15:04:05"), name)
				if err := runBuild(ctx, bo, []string{g.ID}); err != nil && !errors.Is(err, errProblems) {
					fmt.Fprintln(opts.stderr, "bifrost:", err)
				}
			}
			clear(pending)
		}
	}
}

// ignoredFile reports the lock and temporary files office suites write
// beside a workbook they have open.
func ignoredFile(name string) bool {
	return strings.HasPrefix(name, "~$") || strings.HasPrefix(name, ".~lock.") || strings.HasSuffix(name, "#")
}
