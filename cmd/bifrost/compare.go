package main

import (
	"context"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/comparison"
	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type compareOptions struct {
	*globalOptions
	playflags.Batch
	base   string
	format string
	until  int // --until-significant: the cap on games, 0 for one comparison
}

func newCompareCmd(g *globalOptions) *cobra.Command {
	opts := &compareOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "compare",
		Short: "help.compare.short",
		Long:  "help.compare.long",
		RunE:  func(cmd *cobra.Command, args []string) error { return runCompare(cmd.Context(), opts, args) },
	}
	opts.Bind(cmd.Flags(), playflags.Defaults{Games: 2000, GamesHelp: "flag.compare.games", SeedHelp: "flag.compare.seed", Bots: "greedy", BotsHelp: "flag.bots"})
	cmd.Flags().StringVar(&opts.base, "base", "", "flag.compare.base")
	cmd.Flags().StringVar(&opts.format, "format", "text", "flag.compare.format")
	cmd.Flags().IntVar(&opts.until, "until-significant", 0, "flag.compare.until")
	return cmd
}

// runCompare compares each pair of workbooks the arguments name, paired
// game for game on the same seeds, with the cells changed between them.
func runCompare(ctx context.Context, opts *compareOptions, args []string) error {
	switch {
	case !slices.Contains(comparison.Formats, opts.format):
		return usageError{msgErr("bad_format", opts.format, strings.Join(comparison.Formats, ", "))}
	case opts.Games < 2:
		return usageError{msgErr("min_games", 2)}
	case opts.until != 0 && opts.until < opts.Games:
		return usageError{msgErr("until_below_games", opts.until, opts.Games)}
	}
	pairs, err := targets.Pairs(opts.registry, opts.Src, opts.base, args)
	if err != nil {
		return err
	}
	var pages []report.ComparisonPage
	for _, p := range pairs {
		defer p[0].Cleanup()
		defer p[1].Cleanup()
		page, err := comparison.One(ctx, comparison.Options{Games: opts.registry, Sides: p, Until: opts.until, Bar: opts.progressBar,
			Load: func(game *sim.Definition, path, label string) (schema.Result, sim.Engine, error) {
				return validEngine(opts.globalOptions, game, path, label)
			},
			Batch: opts.Options})
		if err != nil {
			return err
		}
		pages = append(pages, page)
	}
	return comparison.Write(opts.stdout, opts.format, pages, opts.Lang())
}
