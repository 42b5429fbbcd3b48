package main

import (
	"context"

	"github.com/spf13/cobra"
)

type buildOptions struct {
	*globalOptions
	src, out string
}

func newBuildCmd(g *globalOptions) *cobra.Command {
	opts := &buildOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "build [GAME...]",
		Short: "検証してすべてを生成する / the main job: validate every game (later: simulate, print, rulebooks)",
		RunE:  func(cmd *cobra.Command, args []string) error { return runBuild(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "folder holding <game>.xlsx")
	cmd.Flags().StringVar(&opts.out, "out", "out", "folder for generated files")
	return cmd
}

// runBuild validates every game. Simulation, printing, rulebooks and the
// report join it as their issues land; until then it writes nothing.
func runBuild(ctx context.Context, opts *buildOptions, args []string) error {
	return runValidate(ctx, &validateOptions{globalOptions: opts.globalOptions, src: opts.src}, args)
}
