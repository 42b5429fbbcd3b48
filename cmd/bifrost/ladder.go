package main

import (
	"context"
	"encoding/json"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
)

type ladderOptions struct {
	*globalOptions
	src     string
	games   int
	players string
	seed    uint64
	workers int
	bots    string
	json    bool
}

func newLadderCmd(g *globalOptions) *cobra.Command {
	opts := &ladderOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "ladder",
		Short: "help.ladder.short",
		Long:  "help.ladder.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runLadder(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().IntVar(&opts.games, "games", 400, "flag.ladder.games")
	cmd.Flags().StringVar(&opts.players, "players", "all", "flag.players")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "flag.ladder.seed")
	cmd.Flags().IntVar(&opts.workers, "workers", 0, "flag.workers")
	cmd.Flags().StringVar(&opts.bots, "bots", "", "flag.ladder.bots")
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.ladder.json")
	return cmd
}

func runLadder(ctx context.Context, opts *ladderOptions, args []string) error {
	e, err := loadEngine(opts.globalOptions, opts.src, args[0])
	if err != nil {
		return err
	}
	lo := sim.LadderOptions{Seed: opts.seed, Games: opts.games, Workers: opts.workers, Bots: e.Bots()}
	if opts.bots != "" {
		if lo.Bots, err = playflags.Bots(opts.bots, e); err != nil {
			return usageError{err}
		}
	}
	if len(lo.Bots) < 2 {
		return usageError{msgErr("two_bots")}
	}
	if opts.games < 2 {
		return usageError{msgErr("min_games", 2)}
	}
	if lo.Players, err = playflags.Players(opts.players, e.PlayerCounts()); err != nil {
		return usageError{err}
	}
	var done func()
	lo.Progress, done = opts.progressBar(e.Name(), opts.games*len(lo.Bots)*(len(lo.Bots)-1)/2)
	l := sim.RunLadder(ctx, e, lo)
	done()
	playflags.SetReplays(l.ViolationGames, l.UnfinishedGames)
	if opts.json {
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(l); err != nil {
			return err
		}
	} else {
		report.WriteLadderText(opts.stdout, l, opts.Lang())
	}
	if l.Violations > 0 || l.Unfinished > 0 {
		return errProblems
	}
	return nil
}
