package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/cmd/bifrost/internal/watch"
	"bifrost/layout/cards"
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
	watched, err := watch.Inputs(w, opts.src, opts.rules, list)
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
	watch.Loop(ctx, w, list.Games(), watched, opts.debounce, func(g *sim.Definition, files []string) {
		fmt.Fprintln(opts.stderr, opts.msg("watch_changed", time.Now().Format("15:04:05"), strings.Join(files, ", ")))
		rebuild(ctx, opts, g)
	}, func(err error) { fmt.Fprintln(opts.stderr, opts.msg("watch_error", err)) })
	return nil
}

// rebuild builds one game as `bifrost build GAME` does, printing what
// it found and wrote; an error is printed, not returned, so watching goes on.
func rebuild(ctx context.Context, opts *watchOptions, g *sim.Definition) {
	bo := &buildOptions{globalOptions: opts.globalOptions, src: opts.src, out: opts.out, rules: opts.rules, seed: -1, print: cards.Options{Paper: "a4"}}
	if err := runBuild(ctx, bo, []string{g.ID()}); err != nil && !errors.Is(err, errProblems) {
		fmt.Fprintln(opts.stderr, "bifrost:", opts.localize(err))
	}
}
