package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type buildOptions struct {
	*globalOptions
	src, out string
	games    int
	seed     uint64
}

func newBuildCmd(g *globalOptions) *cobra.Command {
	opts := &buildOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "build [GAME...]",
		Short: "検証・試行・出力をまとめて行う / the main job: validate, smoke-simulate and write out/<game>/",
		Long: "Build validates every game's workbook, plays a smoke batch of seeded games with\n" +
			"invariant checks for each game whose engine exists, and writes out/<game>/report.json.",
		RunE: func(cmd *cobra.Command, args []string) error { return runBuild(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "folder holding <game>.xlsx")
	cmd.Flags().StringVar(&opts.out, "out", "out", "folder for generated files")
	cmd.Flags().IntVar(&opts.games, "games", 600, "smoke-batch games per game")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "smoke-batch seed")
	return cmd
}

func runBuild(ctx context.Context, opts *buildOptions, args []string) error {
	targets, err := resolveTargets(opts.src, args)
	if err != nil {
		return err
	}
	results, err := validateAll(targets, opts.Lang())
	if err != nil {
		return err
	}
	writeProblems(opts.stdout, opts.stderr, results, opts.Lang())
	failed := false
	for _, res := range results {
		if schema.HasErrors(res.Problems) {
			failed = true
			continue
		}
		ok, err := buildGame(ctx, opts, res)
		if err != nil {
			return err
		}
		failed = failed || !ok
	}
	if failed {
		return errProblems
	}
	return nil
}

// buildGame writes one valid game's outputs. It reports false when the
// smoke batch met violations or unfinished games.
func buildGame(ctx context.Context, opts *buildOptions, res schema.Result) (bool, error) {
	game, err := rules.ByID(res.Game)
	if err != nil || game.New == nil {
		return true, err
	}
	e, err := game.New(res.Data)
	if err != nil {
		return false, fmt.Errorf("%s: %w", res.Game, err)
	}
	bo := sim.BatchOptions{Seed: opts.seed, Games: opts.games, Check: true, Progress: opts.stderr}
	rep := runBatch(ctx, e, bo)
	fmt.Fprintf(opts.stderr, "%s: smoke batch of %d games: %d unfinished, %d violations (%.1f s)\n",
		res.Game, rep.Games, rep.Unfinished, rep.ViolationCount, rep.ElapsedS)
	for _, v := range rep.Violations {
		fmt.Fprintf(opts.stdout, "%s: %s (replay: %s)\n", res.File, v.Message, v.Replay)
	}
	// The file leaves timing out, so the same data and seed give the same bytes.
	rep.ElapsedS, rep.GamesPerSecond, rep.Workers = 0, 0, 0
	var buf bytes.Buffer
	if err := rep.WriteJSON(&buf); err != nil {
		return false, err
	}
	if err := writeFileAtomic(filepath.Join(opts.out, res.Game, "report.json"), buf.Bytes()); err != nil {
		return false, err
	}
	return rep.ViolationCount == 0 && rep.Unfinished == 0, nil
}
