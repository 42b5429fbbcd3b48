package main

import (
	"context"
	"slices"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"bifrost/cmd/bifrost/internal/playflags"
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
		Use:   "replay",
		Short: "help.replay.short",
		Long:  "help.replay.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runReplay(cmd.Context(), opts, args) },
	}
	opts.bind(cmd.Flags())
	return cmd
}

// bind defines replay's flags on fs, each read into o.
func (o *replayOptions) bind(fs *pflag.FlagSet) {
	fs.StringVar(&o.src, "src", "cardsrc", "flag.src")
	fs.Uint64Var(&o.seed, "seed", 1, "flag.replay.seed")
	fs.IntVar(&o.players, "players", 0, "flag.replay.players")
	fs.IntVar(&o.index, "index", 0, "flag.replay.index")
	fs.StringVar(&o.monster, "monster", "", "flag.monster")
	fs.StringVar(&o.bots, "bots", "random", "flag.bots")
}

func runReplay(_ context.Context, opts *replayOptions, args []string) error {
	e, spec, err := opts.replaySpec(args[0])
	if err != nil {
		return err
	}
	r := sim.Replay(opts.stdout, e, spec.Config, spec.Seed, spec.Bots, opts.Lang())
	if r.Violation != nil || r.Unfinished {
		return errProblems
	}
	return nil
}

// replaySpec reads the flags back into the game they name: game's engine,
// set up as they say (--monster), and the spec of the game to play on it.
// It is playflags.ReplayLine's inverse.
func (o *replayOptions) replaySpec(game string) (sim.Engine, sim.ReplaySpec, error) {
	e, err := loadEngine(o.globalOptions, o.src, game)
	if err != nil {
		return nil, sim.ReplaySpec{}, err
	}
	if err := playflags.Monster(e, o.monster); err != nil {
		return nil, sim.ReplaySpec{}, usageError{err}
	}
	players := o.players
	if players == 0 {
		players = e.PlayerCounts()[0]
	}
	if !slices.Contains(e.PlayerCounts(), players) {
		return nil, sim.ReplaySpec{}, usageError{msgErr("bad_players", players, e.PlayerCounts())}
	}
	if o.index < 0 {
		return nil, sim.ReplaySpec{}, usageError{msgErr("bad_index", o.index)}
	}
	bots, err := playflags.Bots(o.bots, e)
	if err != nil {
		return nil, sim.ReplaySpec{}, usageError{err}
	}
	return e, sim.ReplayOf(e, sim.Config{Players: players, Index: o.index}, o.seed, bots), nil
}
