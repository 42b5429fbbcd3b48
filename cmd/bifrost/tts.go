package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/tts"
	"bifrost/cmd/bifrost/internal/wrote"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type ttsOptions struct {
	*globalOptions
	src, out string
	baseURL  string
	workers  int // games exported at once; 0: one per core
}

func newTTSCmd(g *globalOptions) *cobra.Command {
	opts := &ttsOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "tts",
		Short: "help.tts.short",
		Long:  "help.tts.long",
		RunE:  func(cmd *cobra.Command, args []string) error { return runTTS(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src.art")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.out")
	cmd.Flags().StringVar(&opts.baseURL, "base-url", "", "flag.tts.base-url")
	cmd.Flags().IntVar(&opts.workers, "workers", 0, "flag.games.workers")
	return cmd
}

func runTTS(ctx context.Context, opts *ttsOptions, args []string) error {
	if _, err := tts.URLs(".", opts.baseURL); err != nil {
		return usageError{msgErr("tts_base_url", opts.baseURL)}
	}
	targets, results, err := validatedTargets(opts.globalOptions, opts.src, opts.out, args, "tts")
	if err != nil {
		return err
	}
	return forValid(opts.globalOptions, opts.workers, targets, results, func(g *globalOptions, game *sim.Definition, res schema.Result) (bool, error) {
		written, err := tts.Write(ctx, opts.src, opts.out, opts.baseURL, game.Schema, res)
		if err != nil {
			return false, cardsError(err)
		}
		wrote.Print(g.stdout, g.stderr, g.Lang(), res.Game, written)
		fmt.Fprintln(g.stderr, g.msg("tts_hint", written[len(written)-1]))
		if opts.baseURL == "" {
			fmt.Fprintln(g.stderr, g.msg("tts_local"))
		}
		return true, nil
	})
}
