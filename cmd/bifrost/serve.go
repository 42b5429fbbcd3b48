package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/preview"
	"bifrost/cmd/bifrost/internal/previewsave"
	"bifrost/cmd/bifrost/internal/targets"
)

type serveOptions struct {
	*globalOptions
	src, rules string
	port       int
	listen     string
	debounce   time.Duration
	games      int              // games of the report's batch
	ready      func(url string) // tests: called once the pages are up
}

func newServeCmd(g *globalOptions) *cobra.Command {
	opts := &serveOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "help.serve.short",
		Long:  "help.serve.long",
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runServe(ctx, opts, args)
		},
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src.art")
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules.books")
	cmd.Flags().IntVar(&opts.port, "port", 0, "flag.serve.port")
	cmd.Flags().StringVar(&opts.listen, "listen", "", "flag.serve.listen")
	cmd.Flags().DurationVar(&opts.debounce, "debounce", 150*time.Millisecond, "flag.debounce")
	cmd.Flags().IntVar(&opts.games, "games", 100, "flag.serve.games")
	return cmd
}

func runServe(ctx context.Context, opts *serveOptions, args []string) error {
	known := targets.GamesAt(opts.registry, opts.src)
	for _, a := range args {
		if _, err := known.ByID(a); err != nil { // the files watched are the game's under --src and --rules
			return usageError{targets.Unknown(known, a)}
		}
	}
	list, err := targets.Resolve(opts.registry, opts.src, args)
	if err != nil {
		return err
	}
	addr, err := preview.Addr(opts.listen, opts.port)
	if err != nil {
		return usageError{err}
	}
	return opts.previews().Serve(ctx, list, previewsave.Serving{Addr: addr, Debounce: opts.debounce, Log: opts.stderr, Ready: opts.ready,
		Failed: func(err error) { fmt.Fprintln(opts.stderr, opts.msg("watch_error", err)) }})
}

// previews makes what serve shows of each game, in the command's language.
func (opts *serveOptions) previews() previewsave.Maker {
	return previewsave.Maker{Src: opts.src, Rules: opts.rules, Games: opts.games, Lang: opts.Lang(), Localize: opts.localize}
}
