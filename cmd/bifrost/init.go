package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/scaffold"
)

func newInitCmd(g *globalOptions) *cobra.Command {
	opts := g
	return &cobra.Command{
		Use:   "init",
		Short: "help.init.short",
		Long:  "help.init.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runInit(cmd.Context(), opts, args[0]) },
	}
}

// runInit copies the shipped workbooks, layouts and books into dir, as
// cardsrc/, layout/ and rules/<game>/: the start of a designer's own
// repository, where `bifrost build` then works with bifrost's defaults.
// It refuses, before writing anything, when a file it would write is
// already there with something in it.
func runInit(_ context.Context, opts *globalOptions, dir string) error {
	files, err := scaffold.Shipped(opts.registry, dir)
	if err != nil {
		return err
	}
	if err := scaffold.Write(files, opts.stderr); err != nil {
		return err
	}
	fmt.Fprintln(opts.stderr, opts.msg("init_done", len(files), dir, dir))
	return nil
}
