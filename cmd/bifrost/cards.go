package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/cmd/bifrost/internal/wrote"
	"bifrost/schema"
)

type cardsOptions struct {
	*globalOptions
	src, out string
	perCard  bool
	since    string
	output   string
	draft    bool
	print    printout.Flags // paper, only, faces only, duplex, pack, ink saver, margin, gutter, --png, --cut-svg, --cmyk
}

func newCardsCmd(g *globalOptions) *cobra.Command {
	opts := &cardsOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "cards",
		Short: "help.cards.short",
		Long:  "help.cards.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runCards(cmd, opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src.art")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.out")
	cmd.Flags().BoolVar(&opts.perCard, "per-card", false, "flag.cards.per-card")
	cmd.Flags().StringVar(&opts.since, "changed-since", "", "flag.cards.changed-since")
	cmd.Flags().BoolVar(&opts.draft, "draft", false, "flag.cards.draft")
	cmd.Flags().StringVar(&opts.output, "output", "", "flag.cards.output")
	opts.print.AddFlags(cmd.Flags())
	return cmd
}

func runCards(cmd *cobra.Command, opts *cardsOptions, args []string) error {
	games := targets.GamesAt(opts.registry, opts.src)
	game, err := games.ByID(args[0])
	if err != nil {
		return usageError{targets.Unknown(games, args[0])}
	}
	name, err := opts.print.Check(cmd.Flags(), opts.output, opts.perCard, opts.since != "")
	if err != nil {
		return usageError{err}
	}
	g, path := game.Schema, targets.WorkbookIn(opts.src, game.ID())
	job := printout.Job{Src: opts.src, Out: opts.out, Workbook: path, Game: g, PerCard: opts.perCard, Draft: opts.draft, Name: name, Options: opts.print.Options, Extras: opts.print.Extras}
	if err := guardOutputs(opts.src, append(outputsOf(opts.out, []string{g.ID}, job.Output()), job.Extras.Dirs()...)); err != nil {
		return err
	}
	if job.Result, err = (targets.Target{Game: game, Path: path}).Validate(opts.Lang()); err != nil {
		return err
	}
	if len(job.Result.Problems) > 0 {
		problems.Write(opts.stdout, opts.stderr, []schema.Result{job.Result}, opts.Lang())
	}
	invalid := schema.HasErrors(job.Result.Problems)
	if invalid && !opts.draft {
		fmt.Fprintln(opts.stderr, opts.msg("cards_draft_hint", g.ID))
		return errProblems
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
	written, err := printout.Write(cmd.Context(), job)
	if err != nil {
		return cardsError(err)
	}
	wrote.Print(opts.stdout, opts.stderr, opts.Lang(), g.ID, written)
	if invalid {
		return errProblems
	}
	return nil
}
