package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/layout/cards"
	"bifrost/layout/sheet"
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
	workers  int             // games built at once; 0: one per core
	extras   printout.Extras // --cut-svg, --cmyk
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
	cmd.Flags().IntVar(&opts.workers, "workers", 0, "flag.games.workers")
	opts.extras.AddFlags(cmd.Flags(), false)
	return cmd
}

func runBuild(ctx context.Context, opts *buildOptions, args []string) error {
	targets, results, err := validatedTargets(opts.globalOptions, opts.src, opts.out, args, buildOutputs...)
	if err != nil {
		return err
	}
	outcomes := make([]error, len(results))
	err = eachGame(opts.globalOptions, opts.workers, len(results), func(i int, g *globalOptions) error {
		o := *opts
		o.globalOptions = g
		res := results[i]
		if n := problems.ErrorCount(res.Problems); n > 0 {
			fmt.Fprintln(g.stderr, g.msg("build_invalid", res.Game, problems.NErrors.Of(n)))
			outcomes[i] = errProblems
			return nil
		}
		err := buildGame(ctx, &o, targets[i].Game, res)
		if err != nil && !errors.Is(err, errProblems) && !errors.Is(err, errIncomplete) {
			return err
		}
		outcomes[i] = err
		return nil
	})
	var outcome error
	for _, o := range outcomes {
		outcome = cmpErr(outcome, o)
	}
	return cmp.Or(err, outcome)
}
