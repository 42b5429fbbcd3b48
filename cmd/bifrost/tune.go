package main

import (
	"context"
	"path/filepath"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/cmd/bifrost/internal/tune"
	"bifrost/schema"
)

type tuneOptions struct {
	*globalOptions
	playflags.Batch
	out         string
	free, rules []string
	budget      int
	json        bool
}

func newTuneCmd(g *globalOptions) *cobra.Command {
	opts := &tuneOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "tune",
		Short: "help.tune.short",
		Long:  "help.tune.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runTune(cmd.Context(), opts, args[0]) },
	}
	opts.Bind(cmd.Flags(), playflags.Defaults{Games: 1000, GamesHelp: "flag.tune.games", SeedHelp: "flag.tune.seed", Bots: "greedy", BotsHelp: "flag.bots", Workers: true})
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.tune.out")
	cmd.Flags().StringArrayVar(&opts.free, "free", nil, "flag.tune.free")
	cmd.Flags().StringArrayVar(&opts.rules, "rule", nil, "flag.tune.rule")
	cmd.Flags().IntVar(&opts.budget, "budget", 0, "flag.tune.budget")
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.tune.json")
	return cmd
}

// runTune searches the freed cells of one game's workbook for values that
// meet its balance targets, writes the proposal under --out, and prints its
// diff and its figures against the workbook's on fresh seeds. Exit 1 when
// the proposal misses a target there.
func runTune(ctx context.Context, opts *tuneOptions, id string) error {
	game, err := targets.Playable(opts.registry, opts.Src, id)
	switch {
	case err != nil:
		return err
	case opts.Games < 2:
		return usageError{msgErr("min_games", 2)}
	}
	out := filepath.Join(opts.out, "tune", game.ID()+".xlsx")
	if err := guardOutputs(opts.Src, []string{out}); err != nil {
		return err
	}
	path := targets.WorkbookIn(opts.Src, id)
	res, base, err := validEngine(opts.globalOptions, game, path, "")
	if err != nil {
		return err
	}
	if len(opts.free)+len(opts.rules) == 0 { // the workbook's 調整 column says what is free
		var marks []schema.Problem
		if opts.free, marks = tune.Marked(game.Schema, res, opts.Lang()); len(marks) > 0 {
			problems.Write(opts.stdout, opts.stderr, []schema.Result{{Game: res.Game, File: res.File, Problems: marks}}, opts.Lang())
			return errProblems
		}
	}
	o := tune.Options{Game: game, Src: path, Result: res, Engine: base, Out: out, Lang: opts.Lang(), Budget: opts.budget}
	if o.Fields, err = tune.ParseFields(game.Schema, res, opts.free, opts.rules); err == nil {
		o.Batch, err = opts.Options(base)
	}
	switch {
	case len(opts.free)+len(opts.rules) == 0:
		return usageError{msgErr("tune_needs")}
	case err != nil:
		return usageError{err}
	}
	var done func()
	o.Step, done = opts.progressBar(id, o.MaxTrials())
	run, err := tune.Tune(ctx, o)
	done()
	if err != nil {
		return err
	}
	if err = tune.Output(opts.stdout, run, opts.json, opts.Lang()); err == nil && !run.Met {
		err = errProblems
	}
	return err
}
