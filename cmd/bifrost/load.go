package main

import (
	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// validEngine validates game's workbook at path and builds its engine. When
// the data has errors it prints them, naming the file label (path when ""),
// and returns errProblems.
func validEngine(g *globalOptions, game *sim.Definition, path, label string) (schema.Result, sim.Engine, error) {
	res, err := targets.Target{Game: game, Path: path}.Validate(g.Lang())
	if err != nil {
		return schema.Result{}, nil, err
	}
	if schema.HasErrors(res.Problems) {
		if label != "" {
			for i := range res.Problems {
				res.Problems[i].File = label
			}
		}
		problems.Write(g.stdout, g.stderr, []schema.Result{res}, g.Lang())
		return res, nil, errProblems
	}
	e, err := game.New(res.Data)
	return res, e, err
}

// loadEngine validates a game's workbook and builds its engine; validation
// problems are printed and make the command fail with exit 1.
func loadEngine(g *globalOptions, src, id string) (sim.Engine, error) {
	game, err := targets.GamesAt(g.registry, src).ByID(id)
	if err != nil {
		return nil, usageError{err}
	}
	if game.New == nil {
		return nil, msgErr("no_engine", id)
	}
	_, e, err := validEngine(g, game, targets.WorkbookIn(src, id), "")
	return e, err
}
