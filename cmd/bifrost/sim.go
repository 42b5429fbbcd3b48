package main

import (
	"context"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
)

type simOptions struct {
	*globalOptions
	playflags.Batch
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
	opts.Bind(cmd.Flags(), playflags.Defaults{Games: 1000, GamesHelp: "flag.sim.games", SeedHelp: "flag.sim.seed", Bots: "random", BotsHelp: "flag.sim.bots", Workers: true})
	cmd.Flags().StringVar(&opts.monster, "monster", "", "flag.monster")
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.sim.json")
	cmd.Flags().BoolVar(&opts.check, "check", true, "flag.sim.check")
	cmd.Flags().StringVar(&opts.shard, "shard", "", "flag.sim.shard")
	return cmd
}

func runSim(ctx context.Context, opts *simOptions, args []string) error {
	e, err := loadEngine(opts.globalOptions, opts.Src, args[0])
	if err != nil {
		return err
	}
	if err := playflags.Monster(e, opts.monster); err != nil {
		return usageError{err}
	}
	bo, err := opts.Options(e)
	if err != nil {
		return usageError{err}
	}
	bo.Check = opts.check
	if bo.Shard, err = playflags.Shard(opts.shard); err != nil {
		return usageError{err}
	}
	if opts.Games < 1 {
		return usageError{msgErr("min_games", 1)}
	}
	rep := opts.batches().Play(ctx, e, bo)
	playflags.SrcReplays(rep, opts.Src)
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
