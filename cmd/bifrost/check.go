package main

import (
	"context"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/targets"
)

type checkOptions struct {
	*globalOptions
	src, out string
	rules    string // the folder of each game's books, checked against its data
	format   string
	base     string
	workers  int // games checked at once; 0: one per core
}

func newCheckCmd(g *globalOptions) *cobra.Command {
	opts := &checkOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "check",
		Short: "help.check.short",
		Long:  "help.check.long",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageError{msgErr("check_no_args", args)}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runCheck(cmd.Context(), opts) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.check.out")
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules.books")
	cmd.Flags().StringVar(&opts.format, "format", "text", "flag.check.format")
	cmd.Flags().StringVar(&opts.base, "base", "", "flag.check.base")
	cmd.Flags().IntVar(&opts.workers, "workers", 0, "flag.games.workers")
	return cmd
}

func runCheck(ctx context.Context, opts *checkOptions) error {
	switch opts.format {
	case "text", "github", "json":
	default:
		return usageError{msgErr("bad_format", opts.format, "text, github, json")}
	}
	list, err := targets.Resolve(opts.registry, opts.src, nil)
	if err != nil {
		return err
	}
	if err := guardOutputs(opts.src, outputsOf(opts.out, list.IDs(), "report.json", "report.html")); err != nil {
		return err
	}
	lang := opts.Lang()
	results, err := list.Validate(lang)
	if err != nil {
		return err
	}
	books, err := problems.OfBooks(opts.rules, list, results, lang)
	if err != nil {
		return err
	}
	games := make([]problems.CheckGameJSON, len(results))
	figures := make([][]string, len(results))
	err = eachGame(opts.globalOptions, opts.workers, len(results), func(i int, g *globalOptions) error {
		o := *opts
		o.globalOptions = g
		var err error
		games[i], figures[i], err = checkGame(ctx, &o, list[i].Game, results[i], books[i])
		return err
	})
	if err != nil {
		return err
	}
	out := problems.NewCheckJSON(games)
	if err := out.Write(opts.format, opts.stdout, opts.stderr, figures, lang); err != nil {
		return err
	}
	if !out.Passed {
		return errProblems
	}
	return nil
}
