package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/targets"
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
		Use:   "template",
		Short: "help.template.short",
		Long:  "help.template.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runTemplate(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVarP(&opts.out, "output", "o", "", "flag.template.output")
	cmd.Flags().BoolVar(&opts.force, "force", false, "flag.template.force")
	return cmd
}

func runTemplate(_ context.Context, opts *templateOptions, args []string) error {
	game, err := opts.registry.ByID(args[0])
	if err != nil {
		return usageError{targets.Unknown(opts.registry, args[0])}
	}
	g := game.Schema
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
