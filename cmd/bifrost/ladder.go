package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"bifrost/rules/sim"
	"bifrost/schema"
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
		Use:   "ladder GAME [--bots random,greedy]",
		Short: "ボット同士を対戦させて強さを比べる / play bots against each other, seats rotated",
		Long: "Ladder plays every pair of --bots against each other on the same seeded deals, with\n" +
			"their seats alternating and rotated, and reports each bot's win rate per seat with a\n" +
			"Wilson 95 % interval, and the skill gap: the best bot's win rate minus the worst's.\n" +
			"Invariants are checked after every decision; each game that broke a rule or did not\n" +
			"finish is listed (up to 20 of each) with its message and replay command, and exits 1.",
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runLadder(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "folder holding <game>.xlsx")
	cmd.Flags().IntVar(&opts.games, "games", 400, "games per pair of bots")
	cmd.Flags().StringVar(&opts.players, "players", "all", "player counts: all, or a list such as 2,3")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "ladder seed")
	cmd.Flags().IntVar(&opts.workers, "workers", 0, "parallel workers (0: one per core)")
	cmd.Flags().StringVar(&opts.bots, "bots", "", "bots to compare (default: every bot the game offers)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the ladder as JSON")
	return cmd
}

func runLadder(ctx context.Context, opts *ladderOptions, args []string) error {
	e, err := loadEngine(opts.globalOptions, opts.src, args[0])
	if err != nil {
		return err
	}
	lo := sim.LadderOptions{Seed: opts.seed, Games: opts.games, Workers: opts.workers, Bots: e.Bots()}
	if opts.bots != "" {
		if lo.Bots, err = parseBots(opts.bots, e); err != nil {
			return err
		}
	}
	if len(lo.Bots) < 2 {
		return usageError{msgErr("two_bots")}
	}
	if opts.games < 2 {
		return usageError{msgErr("min_games", 2)}
	}
	if lo.Players, err = parsePlayers(opts.players, e.PlayerCounts()); err != nil {
		return err
	}
	var done func()
	lo.Progress, done = opts.progressBar(e.Name(), opts.games*len(lo.Bots)*(len(lo.Bots)-1)/2)
	l := sim.RunLadder(ctx, e, lo)
	done()
	writeReplays(l.ViolationGames, l.UnfinishedGames)
	if opts.json {
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(l); err != nil {
			return err
		}
	} else {
		writeLadderText(opts.stdout, l, opts.Lang())
	}
	if l.Violations > 0 || l.Unfinished > 0 {
		return errProblems
	}
	return nil
}

func writeLadderText(w io.Writer, l *sim.Ladder, lang *schema.Lang) {
	say := func(key string, args ...any) { fmt.Fprintln(w, render(lang, key, args...)) }
	say("ladder_head", l.Game, l.Games, l.Seed, l.Players)
	for _, b := range l.Bots {
		say("ladder_bot", b.Name, 100*b.WinRate.Rate, 100*b.WinRate.Low, 100*b.WinRate.High, b.WinRate.Games)
	}
	for _, p := range l.Pairs {
		say("ladder_pair", p.Names[0], p.Names[1], 100*p.Rate[0].Rate, 100*p.Rate[1].Rate)
	}
	say("ladder_gap", l.SkillGap)
	if l.Drawn > 0 {
		say("sim_drawn", l.Drawn)
	}
	if l.Violations > 0 || l.Unfinished > 0 {
		say("ladder_problems", count{l.Violations, "n_violations"}, l.Unfinished)
	}
	for _, v := range l.ViolationGames {
		say("ladder_violation", v.Players, v.Turn, v.Text(lang), v.Replay)
	}
	for _, v := range l.UnfinishedGames {
		say("ladder_unfinished", v.Players, v.Turn, v.Text(lang), v.Replay)
	}
	if more := l.Violations + l.Unfinished - len(l.ViolationGames) - len(l.UnfinishedGames); more > 0 {
		say("ladder_more", count{more, "n_games"})
	}
}
