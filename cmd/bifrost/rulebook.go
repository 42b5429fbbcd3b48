package main

import (
	"context"
	"slices"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/cmd/bifrost/internal/wrote"
	"bifrost/layout/cards"
	"bifrost/schema"
)

type rulebookOptions struct {
	*globalOptions
	src, out string
	formats  []string
	rules    string // the folder holding <game>/rulebook.md and RULINGS.md; "" for rules/ beside src
	embed    bool   // embed the fonts in the HTML books
	inkSaver bool   // the summary card without its colour fills
}

func newRulebookCmd(g *globalOptions) *cobra.Command {
	opts := &rulebookOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "rulebook",
		Short: "help.rulebook.short",
		Long:  "help.rulebook.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runRulebook(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.out")
	cmd.Flags().StringSliceVar(&opts.formats, "format", []string{"pdf", "html"}, "flag.rulebook.format")
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules.books")
	cmd.Flags().BoolVar(&opts.embed, "embed-font", false, "flag.embed-font")
	cmd.Flags().BoolVar(&opts.inkSaver, "ink-saver", false, "flag.rulebook.ink-saver")
	return cmd
}

func runRulebook(_ context.Context, opts *rulebookOptions, args []string) error {
	game, err := opts.registry.ByID(args[0])
	if err != nil {
		return usageError{targets.Unknown(opts.registry, args[0])}
	}
	g := game.Schema
	for _, f := range opts.formats {
		if f != "pdf" && f != "html" {
			return usageError{msgErr("bad_format", f, "pdf, html")}
		}
	}
	var outputs []string
	for _, name := range books.Names {
		for _, f := range opts.formats {
			outputs = append(outputs, outputsOf(opts.out, []string{g.ID}, name+"."+f)...)
		}
	}
	if slices.Contains(opts.formats, "pdf") {
		outputs = append(outputs, outputsOf(opts.out, []string{g.ID}, books.SummaryCard)...)
	}
	if err := guardOutputs(opts.src, outputs); err != nil {
		return err
	}
	res, err := targets.Target{Game: game, Path: targets.WorkbookIn(opts.src, g.ID)}.Validate(opts.Lang())
	if err != nil {
		return err
	}
	if schema.HasErrors(res.Problems) {
		problems.Write(opts.stdout, opts.stderr, []schema.Result{res}, opts.Lang())
		return errProblems
	}
	painted, err := printout.Paint(opts.src, g, res, cards.Options{}, false)
	if err != nil {
		return err
	}
	set := books.Set{Dir: books.Dir(opts.src, opts.rules), Game: game, Result: res, Layout: painted.Layout, Drawn: painted.Drawn, Lang: opts.Lang(), InkSaver: opts.inkSaver, EmbedFonts: opts.embed}
	written, skips, err := set.Write(opts.out, opts.formats)
	if err != nil {
		return err
	}
	if len(written) > 0 {
		wrote.List(opts.stderr, opts.Lang(), g.ID, written)
	}
	return reportSkipped(opts.globalOptions, g.ID, skips)
}
