package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/sweepgrid"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/schema"
)

type sweepOptions struct {
	*globalOptions
	playflags.Batch
	sets   []string
	rules  []string
	format string
}

func newSweepCmd(g *globalOptions) *cobra.Command {
	opts := &sweepOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "sweep",
		Short: "help.sweep.short",
		Long:  "help.sweep.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runSweep(cmd.Context(), opts, args) },
	}
	opts.Bind(cmd.Flags(), playflags.Defaults{Games: 1000, GamesHelp: "flag.sweep.games", SeedHelp: "flag.sweep.seed", Bots: "greedy", BotsHelp: "flag.bots"})
	cmd.Flags().StringArrayVar(&opts.sets, "set", nil, "flag.sweep.set")
	cmd.Flags().StringArrayVar(&opts.rules, "rule", nil, "flag.sweep.rule")
	cmd.Flags().StringVar(&opts.format, "format", "text", "flag.sweep.format")
	return cmd
}

// runSweep plays the game's workbook at every combination of the swept
// values, each paired with the first playable one on the same seeds.
func runSweep(ctx context.Context, opts *sweepOptions, args []string) error {
	def, err := targets.Playable(opts.registry, opts.Src, args[0])
	if err != nil {
		return err
	}
	game := def.Schema
	axes, err := sweepgrid.ParseAxes(opts.sets, opts.rules)
	switch {
	case err != nil:
		return usageError{err}
	case len(axes) == 0:
		return usageError{msgErr("sweep_needs")}
	case !slices.Contains(sweepgrid.Formats, opts.format):
		return usageError{msgErr("bad_format", opts.format, strings.Join(sweepgrid.Formats, ", "))}
	case opts.Games < 1:
		return usageError{msgErr("min_games", 1)}
	}
	src := targets.WorkbookIn(opts.Src, game.ID)
	if _, err := os.Stat(src); err != nil {
		return targets.NoWorkbook(src, game)
	}
	dir, err := os.MkdirTemp("", "bifrost-sweep-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	trial := sweepgrid.Trial{Def: def, Src: src, Tmp: filepath.Join(dir, game.ID+".xlsx"), Axes: axes,
		Validate: func(path string) (schema.Result, error) {
			return targets.Target{Game: def, Path: path}.Validate(opts.Lang())
		},
		Options: opts.Options}
	points, err := sweepgrid.Run(axes, func(combo []string) (sweepgrid.Played, error) { return trial.Play(ctx, combo) })
	if err != nil {
		return err
	}
	s := report.Sweep{Title: game.Title, Axes: sweepgrid.Labels(axes), Bots: opts.Bots, Seed: opts.Seed, Games: opts.Games, Points: points}
	return sweepgrid.Output(opts.stdout, opts.format, game, s, opts.Lang())
}
