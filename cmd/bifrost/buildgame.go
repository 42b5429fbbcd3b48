package main

import (
	"cmp"
	"context"
	"fmt"
	"path/filepath"

	"bifrost/cmd/bifrost/internal/batches"
	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/cmd/bifrost/internal/wrote"
	"bifrost/layout/cards"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// buildGame writes one valid game's outputs: the books and the cards,
// while (with more than one worker) the smoke batch for report.json and the
// balance batch for report.html play. It prints the violations and
// unfinished games of both batches with their replays, what it wrote, and
// each book it skipped with why, as one worker would. A broken book stops
// neither the other books, the cards nor the reports. It returns
// errProblems when a batch broke a rule or a book was skipped for its data,
// errIncomplete when one could not be read, any other error when it could
// not go on.
func buildGame(ctx context.Context, opts *buildOptions, game *sim.Definition, res schema.Result) error {
	g := game.Schema
	var (
		painted  *cards.Painted
		written  []string
		skips    []books.Skipped
		rep, bal *sim.Report
	)
	err := eachGame(opts.globalOptions, opts.workers, 2, func(i int, o *globalOptions) error {
		var err error
		if i == 0 {
			painted, written, skips, err = printGame(ctx, opts, game, res)
		} else {
			rep, bal, err = o.batches().Report(ctx, opts.out, game, res, opts.games, opts.seed)
		}
		return err
	})
	if err != nil {
		return err
	}
	var outcome error
	if rep != nil {
		for _, b := range gate.Batches(rep, bal) {
			for _, v := range append(b.Violations, b.UnfinishedGames...) {
				fmt.Fprintln(opts.stdout, opts.msg("build_violation", res.File, v.Text(opts.Lang()), v.Replay))
			}
			if b.ViolationCount > 0 || b.Unfinished > 0 {
				outcome = errProblems
			}
		}
		if err := batches.WriteHTML(opts.Lang(), opts.out, game, cmp.Or(bal, rep), rep, res, painted.Drawn); err != nil {
			return err
		}
		written = append(written, filepath.Join(opts.out, g.ID, "report.json"), filepath.Join(opts.out, g.ID, "report.html"))
	}
	wrote.List(opts.stderr, opts.Lang(), g.ID, written)
	if game.New == nil {
		fmt.Fprintln(opts.stderr, opts.msg("print_only_no_report", g.ID))
	}
	return cmpErr(outcome, reportSkipped(opts.globalOptions, g.ID, skips))
}

// printGame paints a game's cards and writes its books and cards.pdf; it
// prints nothing.
func printGame(ctx context.Context, opts *buildOptions, game *sim.Definition, res schema.Result) (*cards.Painted, []string, []books.Skipped, error) {
	g := game.Schema
	painted, err := printout.Paint(opts.src, g, res, cards.Options{}, true)
	if err != nil {
		return nil, nil, nil, err
	}
	written, skips, err := books.Set{Dir: books.Dir(opts.src, opts.rules), Game: game, Result: res, Layout: painted.Layout, Drawn: painted.Drawn, Lang: opts.Lang(), EmbedFonts: opts.embed}.Write(opts.out, []string{"pdf", "html"})
	if err != nil {
		return nil, nil, nil, err
	}
	cardsPDF, err := printout.Write(ctx, printout.Job{Src: opts.src, Out: opts.out, Workbook: targets.WorkbookIn(opts.src, g.ID), Game: g, Result: res, Painted: painted, Name: "cards.pdf", Options: cards.Options{Paper: opts.print.Paper, Margin: opts.print.Margin, Gutter: opts.print.Gutter, Lang: opts.Lang()}, Extras: opts.extras})
	return painted, append(written, cardsPDF...), skips, err
}
