package main

import (
	"context"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type compareOptions struct {
	*globalOptions
	src     string
	base    string
	games   int
	players string
	seed    uint64
	bots    string
	format  string
	until   int // --until-significant: the cap on games, 0 for one comparison
}

func newCompareCmd(g *globalOptions) *cobra.Command {
	opts := &compareOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "compare",
		Short: "help.compare.short",
		Long:  "help.compare.long",
		RunE:  func(cmd *cobra.Command, args []string) error { return runCompare(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.base, "base", "", "flag.compare.base")
	cmd.Flags().IntVar(&opts.games, "games", 2000, "flag.compare.games")
	cmd.Flags().StringVar(&opts.players, "players", "all", "flag.players")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "flag.compare.seed")
	cmd.Flags().StringVar(&opts.bots, "bots", "greedy", "flag.bots")
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
	if opts.games < 2 {
		return usageError{msgErr("min_games", 2)}
	}
	if opts.until != 0 && opts.until < opts.games {
		return usageError{msgErr("until_below_games", opts.until, opts.games)}
	}
	pairs, err := targets.Pairs(opts.registry, opts.src, opts.base, args)
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
	bo := sim.BatchOptions{Seed: opts.seed, Games: opts.games, Check: true}
	var err error
	if bo.Players, err = playflags.Players(opts.players, engines[1].PlayerCounts()); err != nil {
		return report.ComparisonPage{}, usageError{err}
	}
	if bo.Bots, err = playflags.Bots(opts.bots, engines[1]); err != nil {
		return report.ComparisonPage{}, usageError{err}
	}
	var c *sim.Comparison
	if opts.until > 0 {
		c = sim.CompareUntilSignificant(ctx, engines[0], engines[1], bo, opts.until)
	} else {
		var done func()
		bo.Progress, done = opts.progressBar(game.ID(), opts.games)
		c = sim.Compare(ctx, engines[0], engines[1], bo)
		done()
	}
	edits, err := workbookEdits(game.Schema, p[0].Path, p[1].Path)
	if err != nil {
		return report.ComparisonPage{}, err
	}
	return report.ComparisonPage{Title: game.Schema.Title, Old: p[0].Label, New: p[1].Label, CardNames: names, Comparison: c, Edits: edits}, nil
}

// workbookEdits is what `bifrost diff` says changed between two workbooks
// of game: the cause of whatever the comparison measures.
func workbookEdits(game *schema.Game, oldPath, newPath string) ([]schema.Change, error) {
	var books [2]*schema.Book
	for i, path := range []string{oldPath, newPath} {
		b, err := openBook(path)
		if err != nil {
			return nil, err
		}
		books[i] = b
	}
	return schema.Diff(game.Records(books[0]), game.Records(books[1])), nil
}
