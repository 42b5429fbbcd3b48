package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"bifrost/rules"
	"bifrost/schema/workbook"
)

type templateOptions struct {
	*globalOptions
	out   string
	force bool
}

func newTemplateCmd(g *globalOptions) *cobra.Command {
	opts := &templateOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "template GAME -o FILE.xlsx",
		Short: "空のワークブックを作る / write an empty workbook with headers, dropdowns and notes",
		Long: "Template writes an empty workbook for GAME: Japanese headers with the English name as a\n" +
			"note, and dropdowns. Its output is source data, so unlike every other\n" +
			"command it may write into the workbook folder (cardsrc/<game>.xlsx for a new game), but\n" +
			"never over an existing file unless --force is given.",
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runTemplate(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVarP(&opts.out, "output", "o", "", "the workbook to write (required)")
	cmd.Flags().BoolVar(&opts.force, "force", false, "overwrite FILE if it exists")
	return cmd
}

func runTemplate(_ context.Context, opts *templateOptions, args []string) error {
	g := rules.All().Schema(args[0])
	if g == nil {
		return usageError{msgErr("unknown_game", args[0], gameIDs{})}
	}
	if opts.out == "" {
		return usageError{msgErr("template_needs_o")}
	}
	if _, err := os.Stat(opts.out); err == nil && !opts.force {
		return msgErr("already_exists", opts.out)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := workbook.WriteTemplate(opts.out, g); err != nil {
		return err
	}
	fmt.Fprintln(opts.stderr, opts.out)
	return nil
}
