package main

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

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
		return usageError{msgErr("bad_players", players, e.PlayerCounts())}
	}
	if opts.index < 0 {
		return usageError{msgErr("bad_index", opts.index)}
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
