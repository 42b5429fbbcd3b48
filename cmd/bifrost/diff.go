package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/workbook"
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
		g, book, err := openAny(opts.registry, args[0])
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
	g, newBook, err := openAny(opts.registry, args[1])
	if err != nil {
		return err
	}
	oldBook, err := openBook(args[0])
	if err != nil {
		return err
	}
	for _, c := range schema.Diff(g.Records(oldBook), g.Records(newBook)) {
		fmt.Fprintln(opts.stdout, c.String())
	}
	return nil
}

// openBook opens a workbook for diff: a file that is not a readable .xlsx
// is a data problem (exit 1, as in validate), one that cannot be read at all
// is not.
func openBook(path string) (*schema.Book, error) {
	if err := schema.RegularFile(path); err != nil {
		return nil, err
	}
	book, err := workbook.Open(path, path)
	if ferr := (*workbook.FormatError)(nil); errors.As(err, &ferr) {
		return nil, dataError{err}
	}
	return book, err
}

// openAny opens a workbook and tells which of games it is from the file name
// or, failing that (git hands textconv a temporary name), from its sheet names.
func openAny(games rules.Games, path string) (*schema.Game, *schema.Book, error) {
	book, err := openBook(path)
	if err != nil {
		return nil, nil, err
	}
	if g := targets.OfFile(games, path); g != nil {
		return g.Schema, book, nil
	}
	best, bestN := (*schema.Game)(nil), 0
	for _, g := range games.Schemas() {
		n := 0
		for _, s := range g.Sheets {
			if _, ok := book.Lookup(s.Key, s.JA); ok {
				n++
			}
		}
		if n > bestN {
			best, bestN = g, n
		}
	}
	if best == nil {
		return nil, nil, msgErr("no_game_sheet", path)
	}
	return best, book, nil
}
