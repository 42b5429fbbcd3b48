package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/effectscan"
	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
)

type effectsOptions struct {
	*globalOptions
	src     string
	out     string
	games   int
	players string
	seed    uint64
	workers int
	bots    string
	json    bool
}

func newEffectsCmd(g *globalOptions) *cobra.Command {
	opts := &effectsOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "effects",
		Short: "help.effects.short",
		Long:  "help.effects.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runEffects(cmd.Context(), opts, args[0]) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.effects.out")
	cmd.Flags().IntVar(&opts.games, "games", 3000, "flag.effects.games")
	cmd.Flags().StringVar(&opts.players, "players", "all", "flag.players")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "flag.sim.seed")
	cmd.Flags().IntVar(&opts.workers, "workers", 0, "flag.workers")
	cmd.Flags().StringVar(&opts.bots, "bots", "greedy", "flag.bots")
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.effects.json")
	return cmd
}

// runEffects scans every tuned card design of one game: its effect on the
// seat that uses it, flagged against its kind's median, with a suggested
// value for each flagged design. It prints the findings and writes them as
// out/effects-GAME.json for build's report.
func runEffects(ctx context.Context, opts *effectsOptions, id string) error {
	game, err := targets.Playable(opts.registry, opts.src, id)
	if err != nil {
		return err
	}
	if opts.games < 2 {
		return usageError{msgErr("min_games", 2)}
	}
	path := targets.WorkbookIn(opts.src, id)
	res, base, err := validEngine(opts.globalOptions, game, path, "")
	if err != nil {
		return err
	}
	bo := sim.BatchOptions{Seed: opts.seed, Games: opts.games, Workers: opts.workers}
	if bo.Players, err = playflags.Players(opts.players, base.PlayerCounts()); err != nil {
		return usageError{err}
	}
	if bo.Bots, err = playflags.Bots(opts.bots, base); err != nil {
		return usageError{err}
	}
	step, done := opts.progressBar(id, opts.games)
	bo.Progress = step
	run := effectscan.Scan(ctx, game, res, base, bo)
	done()
	run.Workbook = effectscan.Digest(path)
	if opts.json {
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(run); err != nil {
			return err
		}
	} else {
		effectscan.WriteText(opts.stdout, run, opts.Lang())
	}
	file, err := effectscan.Save(opts.out, run)
	if err != nil {
		return err
	}
	if !opts.json {
		fmt.Fprintln(opts.stdout, render(opts.Lang(), "effects_written", file))
	}
	return nil
}
