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
	playflags.Batch
	json bool
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
	opts.Bind(cmd.Flags(), playflags.Defaults{Games: 400, GamesHelp: "flag.ladder.games", SeedHelp: "flag.ladder.seed", BotsHelp: "flag.ladder.bots", Workers: true})
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.ladder.json")
	return cmd
}

func runLadder(ctx context.Context, opts *ladderOptions, args []string) error {
	e, err := loadEngine(opts.globalOptions, opts.Src, args[0])
	if err != nil {
		return err
	}
	lo := sim.LadderOptions{Seed: opts.Seed, Games: opts.Games, Workers: opts.Workers, Bots: e.Bots()}
	if opts.Bots != "" {
		if lo.Bots, err = playflags.Bots(opts.Bots, e); err != nil {
			return usageError{err}
		}
	}
	if len(lo.Bots) < 2 {
		return usageError{msgErr("two_bots")}
	}
	if opts.Games < 2 {
		return usageError{msgErr("min_games", 2)}
	}
	if lo.Players, err = playflags.Players(opts.Players, e.PlayerCounts()); err != nil {
		return usageError{err}
	}
	var done func()
	lo.Progress, done = opts.progressBar(e.Name(), opts.Games*len(lo.Bots)*(len(lo.Bots)-1)/2)
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
