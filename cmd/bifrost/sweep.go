package main

import (
	"context"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/sweepgrid"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
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

func runSweep(ctx context.Context, opts *sweepOptions, args []string) error {
	def, err := targets.Playable(opts.registry, opts.Src, args[0])
	if err != nil {
		return err
	}
	game := def.Schema
	axes, err := sweepgrid.ParseAxes(opts.sets, opts.rules)
	if err != nil {
		return usageError{err}
	}
	if len(axes) == 0 {
		return usageError{msgErr("sweep_needs")}
	}
	if opts.format != "text" && opts.format != "json" && opts.format != "html" {
		return usageError{msgErr("bad_format", opts.format, "text, json, html")}
	}
	if opts.Games < 1 {
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
	tmp := filepath.Join(dir, game.ID+".xlsx")
	points, err := sweepgrid.Run(axes, func(combo []string) (sweepgrid.Played, error) {
		return sweepPoint(ctx, opts, def, src, tmp, axes, combo)
	})
	if err != nil {
		return err
	}
	s := report.Sweep{Title: game.Title, Axes: sweepgrid.Labels(axes), Bots: opts.Bots, Seed: opts.Seed, Games: opts.Games, Points: points}
	switch opts.format {
	case "json":
		return report.WriteSweepJSON(opts.stdout, game.ID, s)
	case "html":
		return report.WriteSweep(opts.stdout, s)
	}
	report.WriteSweepText(opts.stdout, game, s, opts.Lang())
	return nil
}

// sweepPoint writes the workbook with one combination of values to tmp,
// validates it and plays the batch the flags ask for on it.
func sweepPoint(ctx context.Context, opts *sweepOptions, def *sim.Definition, src, tmp string, axes []sweepgrid.Axis, combo []string) (sweepgrid.Played, error) {
	if err := sweepgrid.Write(src, tmp, def.Schema, axes, combo); err != nil {
		return sweepgrid.Played{}, usageError{err}
	}
	results, err := targets.List{{Game: def, Path: tmp}}.Validate(opts.Lang())
	if err != nil {
		return sweepgrid.Played{}, err
	}
	if schema.HasErrors(results[0].Problems) {
		return sweepgrid.Unplayable(combo, results[0].Problems), nil
	}
	e, err := def.New(results[0].Data)
	if err != nil {
		return sweepgrid.Played{}, err
	}
	bo, err := opts.Options(e)
	if err != nil {
		return sweepgrid.Played{}, usageError{err}
	}
	bo.Check = true
	return sweepgrid.Measure(ctx, e, bo, combo), nil
}
