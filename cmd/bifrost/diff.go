package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/edits"
	"bifrost/schema"
)

type diffOptions struct {
	*globalOptions
	textconv bool
}

func newDiffCmd(g *globalOptions) *cobra.Command {
	opts := &diffOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "diff",
		Short: "help.diff.short",
		Long:  "help.diff.long",
		RunE:  func(cmd *cobra.Command, args []string) error { return runDiff(cmd.Context(), opts, args) },
	}
	cmd.Flags().BoolVar(&opts.textconv, "textconv", false, "flag.diff.textconv")
	return cmd
}

func runDiff(_ context.Context, opts *diffOptions, args []string) error {
	if opts.textconv {
		if len(args) != 1 {
			return usageError{msgErr("diff_textconv")}
		}
		g, book, err := edits.OpenAny(opts.registry, args[0])
		if err != nil {
			return err
		}
		for _, r := range g.Records(book) {
			fmt.Fprintln(opts.stdout, r.Line())
		}
		return nil
	}
	if len(args) != 2 {
		return usageError{msgErr("diff_needs")}
	}
	g, newBook, err := edits.OpenAny(opts.registry, args[1])
	if err != nil {
		return err
	}
	oldBook, err := edits.Open(args[0])
	if err != nil {
		return err
	}
	for _, c := range schema.Diff(g.Records(oldBook), g.Records(newBook)) {
		fmt.Fprintln(opts.stdout, c.String())
	}
	return nil
}
