package main

import (
	"context"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/schema"
)

type validateOptions struct {
	*globalOptions
	src   string
	rules string // the folder of each game's books, checked against its data
	json  bool
}

func newValidateCmd(g *globalOptions) *cobra.Command {
	opts := &validateOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "validate",
		Short: "help.validate.short",
		Long:  "help.validate.long",
		RunE:  func(cmd *cobra.Command, args []string) error { return runValidate(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules.books")
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.validate.json")
	return cmd
}

func runValidate(_ context.Context, opts *validateOptions, args []string) error {
	list, err := targets.Resolve(opts.registry, opts.src, args)
	if err != nil {
		return err
	}
	results, err := list.Validate(opts.Lang())
	if err != nil {
		return err
	}
	books, err := problems.OfBooks(opts.rules, list, results, opts.Lang())
	if err != nil {
		return err
	}
	if opts.json {
		if err := problems.WriteValidateJSON(opts.stdout, results, books); err != nil {
			return err
		}
	} else {
		problems.Write(opts.stdout, opts.stderr, results, opts.Lang())
		problems.WriteBooks(opts.stdout, opts.stderr, results, books, opts.Lang())
	}
	for i, r := range results {
		if schema.HasErrors(r.Problems) || schema.HasErrors(books[i]) {
			return errProblems
		}
	}
	return nil
}
