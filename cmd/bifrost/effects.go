package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/effectscan"
	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/schema"
)

type effectsOptions struct {
	*globalOptions
	playflags.Batch
	out   string
	json  bool
	skill effectscan.Skill
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
	opts.Bind(cmd.Flags(), playflags.Defaults{Games: 3000, GamesHelp: "flag.effects.games", SeedHelp: "flag.sim.seed", Bots: "greedy", BotsHelp: "flag.bots", Workers: true})
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.effects.out")
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.effects.json")
	cmd.Flags().StringVar(&opts.skill.Bot, "skill", "", "flag.effects.skill")
	cmd.Flags().IntVar(&opts.skill.Games, "skill-games", 200, "flag.effects.skill_games")
	return cmd
}

// runEffects scans every tuned card design of one game: its effect on the
// seat that uses it, flagged against its kind's median, with a suggested
// value for each flagged design. It prints the findings and writes them as
// out/effects-GAME.json for build's report; on a terminal, a progress bar
// shows each part of the scan (--skill's batches too) as it plays.
func runEffects(ctx context.Context, opts *effectsOptions, id string) error {
	game, err := targets.Playable(opts.registry, opts.Src, id)
	if err != nil {
		return err
	}
	if opts.Games < 2 {
		return usageError{msgErr("min_games", 2)}
	}
	path := targets.WorkbookIn(opts.Src, id)
	res, base, err := validEngine(opts.globalOptions, game, path, "")
	if err != nil {
		return err
	}
	bo, err := opts.Options(base)
	if err != nil {
		return usageError{err}
	}
	if err := effectscan.CheckSkill(opts.skill, base); err != nil {
		return usageError{err}
	}
	run := effectscan.Scan(ctx, game, res, base, bo, opts.skill, func(name *schema.Message, total int) (func(int), func()) {
		return opts.progressBar(name.In(opts.Lang()), total)
	})
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
