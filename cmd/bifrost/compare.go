package main

import (
	"context"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/edits"
	"bifrost/cmd/bifrost/internal/gitrev"
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

func runCompare(ctx context.Context, opts *compareOptions, args []string) error {
	switch opts.format {
	case "text", "markdown", "html", "json":
	default:
		return usageError{msgErr("bad_format", opts.format, "text, markdown, html, json")}
	}
	if opts.Games < 2 {
		return usageError{msgErr("min_games", 2)}
	}
	if opts.until != 0 && opts.until < opts.Games {
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
		page, err := compareOne(ctx, opts, p)
		if err != nil {
			return err
		}
		pages = append(pages, page)
	}
	switch opts.format {
	case "json":
		return report.WriteComparisonJSON(opts.stdout, pages)
	case "html":
		return report.WriteComparison(opts.stdout, pages)
	}
	for _, p := range pages {
		report.WriteComparisonText(opts.stdout, p, opts.format == "markdown", opts.Lang())
	}
	return nil
}

// compareOne plays the comparison of one pair of workbooks, paired game
// for game on the same seeds, with the cells changed between them.
func compareOne(ctx context.Context, opts *compareOptions, p [2]gitrev.Side) (report.ComparisonPage, error) {
	game := targets.OfFile(opts.registry, p[1].Path)
	if game == nil {
		game = targets.OfFile(opts.registry, p[1].Label)
	}
	var engines [2]sim.Engine
	var names map[string]string
	for i, s := range p {
		res, e, err := validEngine(opts.globalOptions, game, s.Path, s.Label)
		if err != nil {
			return report.ComparisonPage{}, err
		}
		engines[i] = e
		if i == 1 {
			names = schema.CardNames(res.Data)
		}
	}
	bo, err := opts.Options(engines[1])
	if err != nil {
		return report.ComparisonPage{}, usageError{err}
	}
	bo.Check = true
	var c *sim.Comparison
	if opts.until > 0 {
		c = sim.CompareUntilSignificant(ctx, engines[0], engines[1], bo, opts.until)
	} else {
		var done func()
		bo.Progress, done = opts.progressBar(game.ID(), opts.Games)
		c = sim.Compare(ctx, engines[0], engines[1], bo)
		done()
	}
	changes, err := edits.Between(game.Schema, p[0].Path, p[1].Path)
	if err != nil {
		return report.ComparisonPage{}, err
	}
	return report.ComparisonPage{Title: game.Schema.Title, Old: p[0].Label, New: p[1].Label, CardNames: names, Comparison: c, Edits: changes}, nil
}
