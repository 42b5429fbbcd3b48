package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type buildOptions struct {
	*globalOptions
	src, out string
	rules    string
	games    int
	seed     int64
	embed    bool          // embed the fonts in the HTML books, as rulebook --embed-font
	print    cards.Options // cards.pdf's paper, margin and gutter, as cards takes them
	margin   float64
	gutter   float64
}

func newBuildCmd(g *globalOptions) *cobra.Command {
	opts := &buildOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "build",
		Short: "help.build.short",
		Long:  "help.build.long",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.print.Margin = &opts.margin
			if cmd.Flags().Changed("gutter") {
				opts.print.Gutter = &opts.gutter
			}
			check := opts.print
			check.Duplex = "long" // build prints cards.pdf for long-edge duplex, as cards does by default
			if _, err := printout.Check(check, "", false, false); err != nil {
				return usageError{err}
			}
			return runBuild(cmd.Context(), opts, args)
		},
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.out")
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules")
	cmd.Flags().IntVar(&opts.games, "games", 0, "flag.build.games")
	cmd.Flags().Int64Var(&opts.seed, "seed", -1, "flag.build.seed")
	cmd.Flags().BoolVar(&opts.embed, "embed-font", false, "flag.embed-font")
	cmd.Flags().StringVar(&opts.print.Paper, "paper", "a4", "flag.cards.paper")
	cmd.Flags().Float64Var(&opts.margin, "margin", sheet.DefaultMargin, "flag.cards.margin")
	cmd.Flags().Float64Var(&opts.gutter, "gutter", 0, "flag.cards.gutter")
	return cmd
}

func runBuild(ctx context.Context, opts *buildOptions, args []string) error {
	targets, results, err := validatedTargets(opts.globalOptions, opts.src, opts.out, args, buildOutputs...)
	if err != nil {
		return err
	}
	var outcome error
	for i, res := range results {
		if n := errorCount(res.Problems); n > 0 {
			fmt.Fprintln(opts.stderr, opts.msg("build_invalid", res.Game, nErrors.Of(n)))
			outcome = cmpErr(outcome, errProblems)
			continue
		}
		err := buildGame(ctx, opts, targets[i].game, res)
		if err != nil && !errors.Is(err, errProblems) && !errors.Is(err, errIncomplete) {
			return err
		}
		outcome = cmpErr(outcome, err)
	}
	return outcome
}

// buildGame writes one valid game's outputs: the books, the cards, the
// smoke batch's report.json and the balance batch's report.html. It prints
// the violations and unfinished games of both batches with their replays,
// what it wrote, and each book it skipped with why. A broken book stops
// neither the other books, the cards nor the reports. It returns
// errProblems when a batch broke a rule or a book was skipped for its data,
// errIncomplete when one could not be read, any other error when it could
// not go on.
func buildGame(ctx context.Context, opts *buildOptions, game *sim.Definition, res schema.Result) error {
	g := game.Schema
	painted, err := paintCards(opts.src, g, res, true)
	if err != nil {
		return err
	}
	written, skips, err := books.Set{Dir: books.Dir(opts.src, opts.rules), Game: game, Result: res, Layout: painted.Layout, Drawn: painted.Drawn, Lang: opts.Lang(), EmbedFonts: opts.embed}.Write(opts.out, []string{"pdf", "html"})
	if err != nil {
		return err
	}
	cardsPDF, err := printout.Write(ctx, printout.Job{Src: opts.src, Out: opts.out, Workbook: workbookIn(opts.src, g.ID), Game: g, Result: res, Painted: painted, Name: "cards.pdf", Options: cards.Options{Paper: opts.print.Paper, Margin: opts.print.Margin, Gutter: opts.print.Gutter, Lang: opts.Lang()}})
	if err != nil {
		return err
	}
	written = append(written, cardsPDF...)
	rep, err := smoke(ctx, opts.globalOptions, game, res, opts.games, opts.seed)
	if err != nil {
		return err
	}
	var outcome error
	if rep != nil {
		if err := writeReportJSON(opts.out, rep); err != nil {
			return err
		}
		bal, err := balance(ctx, opts.globalOptions, game, res, opts.games, opts.seed)
		if err != nil {
			return err
		}
		for _, b := range gate.Batches(rep, bal) {
			for _, v := range append(b.Violations, b.UnfinishedGames...) {
				fmt.Fprintln(opts.stdout, opts.msg("build_violation", res.File, v.Text(opts.Lang()), v.Replay))
			}
			if b.ViolationCount > 0 || b.Unfinished > 0 {
				outcome = errProblems
			}
		}
		if err := writeReportHTML(opts.Lang(), opts.out, game, cmp.Or(bal, rep), rep, res, painted); err != nil {
			return err
		}
		written = append(written, filepath.Join(opts.out, g.ID, "report.json"), filepath.Join(opts.out, g.ID, "report.html"))
	}
	listWritten(opts.globalOptions, g.ID, written)
	if game.New == nil {
		fmt.Fprintln(opts.stderr, opts.msg("print_only_no_report", g.ID))
	}
	return cmpErr(outcome, reportSkipped(opts.globalOptions, g.ID, skips))
}
