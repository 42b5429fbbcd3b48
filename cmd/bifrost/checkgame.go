package main

import (
	"cmp"
	"context"

	"bifrost/cmd/bifrost/internal/batches"
	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// checkGame plays a valid game's smoke and balance batches (and compares
// them with --base), writes its reports and gives its verdict and the
// figures it measured.
func checkGame(ctx context.Context, opts *checkOptions, game *sim.Definition, res schema.Result, books []schema.Problem) (problems.CheckGameJSON, []string, error) {
	lang := opts.Lang()
	var figures []string
	if game.New == nil {
		figures = []string{opts.msg("print_only_no_games", res.Game)}
	}
	g := problems.CheckGameJSON{GameJSON: problems.NewGameJSON(res, books)}
	if !schema.HasErrors(res.Problems) {
		rep, err := opts.batches().Smoke(ctx, game, res, 0, -1)
		if err != nil {
			return g, nil, err
		}
		if rep != nil {
			bal, err := opts.batches().Balance(ctx, game, res, 0, -1)
			if err != nil {
				return g, nil, err
			}
			g.Sim = rep
			g.Problems = append(g.Problems, gate.Verdict(res, rep, bal, lang)...)
			figures = gate.Measured(res, rep, bal, lang)
			if opts.base != "" {
				ps, err := regression(ctx, opts.globalOptions, game, res, opts.base, opts.out)
				if err != nil {
					return g, nil, err
				}
				g.Problems = append(g.Problems, ps...)
			}
			if err := batches.WriteJSON(opts.out, rep); err != nil {
				return g, nil, err
			}
			if err := batches.WriteHTML(opts.Lang(), opts.out, game, cmp.Or(bal, rep), rep, res, nil); err != nil {
				return g, nil, err
			}
		}
	}
	g.Passed = !gate.Failing(g.Problems, res) && !schema.HasErrors(g.Books)
	return g, figures, nil
}
