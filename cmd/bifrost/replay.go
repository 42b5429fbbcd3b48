package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

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
// It is replayLine's inverse.
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

// replayLine is the command line that replays s: bifrost replay with the
// game's seed and player count, its index and bots unless they are replay's
// defaults, and each of the engine's settings as the flag of its name.
func replayLine(s sim.ReplaySpec) string {
	line := fmt.Sprintf("bifrost replay %s --seed %d --players %d", s.Game, s.Seed, s.Players)
	if s.Index != 0 {
		line += fmt.Sprintf(" --index %d", s.Index)
	}
	if len(s.Bots) > 0 && !(len(s.Bots) == 1 && s.Bots[0] == "random") {
		line += " --bots " + strings.Join(s.Bots, ",")
	}
	for _, set := range s.Settings {
		line += " --" + set.Name + " " + shellQuote(set.Value)
	}
	return line
}

// writeReplays writes each listed game's replay command from its spec.
func writeReplays(lists ...[]sim.Violation) {
	for _, vs := range lists {
		for i := range vs {
			vs[i].Replay = replayLine(vs[i].Spec)
		}
	}
}

// srcReplays adds --src to the replay command of every violation and
// unfinished game in rep when the workbooks came from a folder other than
// the default, so each command replays that very game. rep.Raw keeps the
// plain commands (report merge adds its own --src).
func srcReplays(rep *sim.Report, src string) {
	if filepath.Clean(src) == "cardsrc" {
		return
	}
	rep.Violations = slices.Clone(rep.Violations)
	rep.UnfinishedGames = slices.Clone(rep.UnfinishedGames)
	for _, vs := range [][]sim.Violation{rep.Violations, rep.UnfinishedGames} {
		for i := range vs {
			vs[i].Replay += " --src " + shellQuote(src)
		}
	}
}

// shellQuote quotes s for a POSIX shell when it holds anything but letters,
// digits and / . _ - :.
func shellQuote(s string) string {
	safe := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-:", r)))
	}) < 0
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
