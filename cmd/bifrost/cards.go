package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/schema"
)

type cardsOptions struct {
	*globalOptions
	src, out string
	perCard  bool
	since    string
	output   string
	print    cards.Options // paper, only, faces only, duplex, pack, ink saver, margin, gutter
	draft    bool
	margin   float64
	gutter   float64
	extras   printout.Extras // --png, --dpi, --cut-svg, --cmyk
}

func newCardsCmd(g *globalOptions) *cobra.Command {
	opts := &cardsOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "cards",
		Short: "help.cards.short",
		Long:  "help.cards.long",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.print.Margin = &opts.margin
			if cmd.Flags().Changed("gutter") {
				opts.print.Gutter = &opts.gutter
			}
			return runCards(cmd.Context(), opts, args)
		},
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src.art")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.out")
	cmd.Flags().StringVar(&opts.print.Paper, "paper", "a4", "flag.cards.paper")
	cmd.Flags().StringSliceVar(&opts.print.Only, "only", nil, "flag.cards.only")
	cmd.Flags().BoolVar(&opts.perCard, "per-card", false, "flag.cards.per-card")
	cmd.Flags().StringVar(&opts.since, "changed-since", "", "flag.cards.changed-since")
	cmd.Flags().BoolVar(&opts.print.FacesOnly, "faces-only", false, "flag.cards.faces-only")
	cmd.Flags().StringVar(&opts.print.Duplex, "duplex", "long", "flag.cards.duplex")
	cmd.Flags().BoolVar(&opts.print.Pack, "pack", false, "flag.cards.pack")
	cmd.Flags().BoolVar(&opts.print.InkSaver, "ink-saver", false, "flag.cards.ink-saver")
	cmd.Flags().BoolVar(&opts.draft, "draft", false, "flag.cards.draft")
	cmd.Flags().Float64Var(&opts.margin, "margin", sheet.DefaultMargin, "flag.cards.margin")
	cmd.Flags().Float64Var(&opts.gutter, "gutter", 0, "flag.cards.gutter")
	cmd.Flags().StringVar(&opts.output, "output", "", "flag.cards.output")
	opts.extras.AddFlags(cmd.Flags(), true)
	return cmd
}

func runCards(ctx context.Context, opts *cardsOptions, args []string) error {
	games := gamesAt(opts.registry, opts.src)
	game, err := games.ByID(args[0])
	if err != nil {
		return usageError{unknownGame(games, args[0])}
	}
	g, path := game.Schema, workbookIn(opts.src, game.ID())
	job := printout.Job{Src: opts.src, Out: opts.out, Workbook: path, Game: g, PerCard: opts.perCard, Options: opts.print, Extras: opts.extras}
	if job.Name, err = printout.Check(opts.print, opts.output, opts.perCard, opts.since != ""); err == nil {
		err = opts.extras.Check(opts.perCard)
	}
	if err != nil {
		return usageError{err}
	}
	if err := guardOutputs(opts.src, append(outputsOf(opts.out, []string{g.ID}, job.Output()), opts.extras.Dirs()...)); err != nil {
		return err
	}
	if job.Result, err = validateOne(target{game: game, path: path}, opts.Lang()); err != nil {
		return err
	}
	res := job.Result
	if len(res.Problems) > 0 {
		writeProblems(opts.stdout, opts.stderr, []schema.Result{res}, opts.Lang())
	}
	invalid := schema.HasErrors(res.Problems)
	if invalid && !opts.draft {
		fmt.Fprintln(opts.stderr, opts.msg("cards_draft_hint", g.ID))
		return errProblems
	}
	if opts.draft {
		if job.Options.Draft, err = printout.DraftMarks(path, res.Problems); err != nil {
			return err
		}
	}
	if opts.since != "" {
		changed, err := changedSince(opts.globalOptions, g, path, opts.since)
		if err != nil || len(changed) == 0 {
			return err // none: nothing to print
		}
		job.Options.Only = append(job.Options.Only, changed...)
	}
	job.Options.Lang = opts.Lang()
	job.Options.Notice = func(err error) { fmt.Fprintln(opts.stderr, opts.Lang().ErrText(err)) }
	written, err := printout.Write(ctx, job)
	if err != nil {
		return cardsError(err)
	}
	for _, p := range written {
		fmt.Fprintln(opts.stdout, p)
	}
	listWritten(opts.globalOptions, g.ID, written)
	if invalid {
		return errProblems
	}
	return nil
}

// cardsError makes a request for unknown cards a usage error.
func cardsError(err error) error {
	if unknown := printout.UnknownCards(err); unknown != nil {
		return usageError{unknown}
	}
	return err
}
