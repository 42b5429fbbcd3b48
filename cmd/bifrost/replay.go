package main

import (
	"context"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"bifrost/rules/sim"
)

type replayOptions struct {
	*globalOptions
	src     string
	seed    uint64
	players int
	index   int
	bots    string
	monster string
}

func newReplayCmd(g *globalOptions) *cobra.Command {
	opts := &replayOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "replay GAME --seed S --players N [--index I]",
		Short: "1ゲームを手順ごとに再生する / play one game and print it decision by decision",
		Long: "Replay plays the game whose seed is S (a violation's seed in a sim report) and prints\n" +
			"every decision and what it caused, with card names.",
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runReplay(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "folder holding <game>.xlsx")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "the game's seed")
	cmd.Flags().IntVar(&opts.players, "players", 0, "number of players (default: the smallest supported)")
	cmd.Flags().IntVar(&opts.index, "index", 0, "the game's index among a batch's games with this player count (deck pair, board rotation)")
	cmd.Flags().StringVar(&opts.monster, "monster", "", "valkyrie: the monster to fight, by ID (default: alternate between them)")
	cmd.Flags().StringVar(&opts.bots, "bots", "random", "bots by seat, repeating")
	return cmd
}

func runReplay(_ context.Context, opts *replayOptions, args []string) error {
	e, err := loadEngine(opts.globalOptions, opts.src, args[0])
	if err != nil {
		return err
	}
	if err := chooseMonster(e, opts.monster); err != nil {
		return err
	}
	players := opts.players
	if players == 0 {
		players = e.PlayerCounts()[0]
	}
	if !slices.Contains(e.PlayerCounts(), players) {
		return usageError{fmt.Errorf("--players %d: supported counts are %v", players, e.PlayerCounts())}
	}
	if opts.index < 0 {
		return usageError{fmt.Errorf("--index %d: must be 0 or more", opts.index)}
	}
	bots, err := parseBots(opts.bots, e)
	if err != nil {
		return err
	}
	r := sim.Replay(opts.stdout, e, sim.Config{Players: players, Index: opts.index}, opts.seed, bots, opts.Lang().Tag())
	if r.Violation != nil || r.Unfinished {
		return errProblems
	}
	return nil
}
