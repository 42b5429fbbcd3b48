package main

import (
	"context"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
)

type simOptions struct {
	*globalOptions
	src     string
	games   int
	players string
	seed    uint64
	workers int
	bots    string
	monster string
	json    bool
	check   bool
	shard   string
}

func newSimCmd(g *globalOptions) *cobra.Command {
	opts := &simOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "help.sim.short",
		Long:  "help.sim.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runSim(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().IntVar(&opts.games, "games", 1000, "flag.sim.games")
	cmd.Flags().StringVar(&opts.players, "players", "all", "flag.players")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "flag.sim.seed")
	cmd.Flags().IntVar(&opts.workers, "workers", 0, "flag.workers")
	cmd.Flags().StringVar(&opts.monster, "monster", "", "flag.monster")
	cmd.Flags().StringVar(&opts.bots, "bots", "random", "flag.sim.bots")
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.sim.json")
	cmd.Flags().BoolVar(&opts.check, "check", true, "flag.sim.check")
	cmd.Flags().StringVar(&opts.shard, "shard", "", "flag.sim.shard")
	return cmd
}

func runSim(ctx context.Context, opts *simOptions, args []string) error {
	e, err := loadEngine(opts.globalOptions, opts.src, args[0])
	if err != nil {
		return err
	}
	if err := playflags.Monster(e, opts.monster); err != nil {
		return usageError{err}
	}
	bo := sim.BatchOptions{Seed: opts.seed, Games: opts.games, Workers: opts.workers, Check: opts.check}
	if bo.Players, err = playflags.Players(opts.players, e.PlayerCounts()); err != nil {
		return usageError{err}
	}
	if bo.Bots, err = playflags.Bots(opts.bots, e); err != nil {
		return usageError{err}
	}
	if bo.Shard, err = playflags.Shard(opts.shard); err != nil {
		return usageError{err}
	}
	if opts.games < 1 {
		return usageError{msgErr("min_games", 1)}
	}
	rep := runBatch(ctx, opts.globalOptions, e, bo)
	playflags.SrcReplays(rep, opts.src)
	if opts.json {
		if err := rep.WriteJSON(opts.stdout); err != nil {
			return err
		}
	} else {
		report.WriteSimText(opts.stdout, rep, opts.Lang())
	}
	if rep.ViolationCount > 0 || rep.Unfinished > 0 {
		return errProblems
	}
	return nil
}
