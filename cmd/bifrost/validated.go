package main

import (
	"slices"

	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// forValid calls write for each target's game and result whose data has no
// errors, on at most workers games at once (eachGame), each with g printing
// to that game's console, stopping at the first error in order. It returns
// errProblems when a result had errors or write reported a failure (false).
func forValid(g *globalOptions, workers int, list targets.List, results []schema.Result, write func(*globalOptions, *sim.Definition, schema.Result) (bool, error)) error {
	failed := make([]bool, len(results))
	err := eachGame(g, workers, len(results), func(i int, g *globalOptions) error {
		if schema.HasErrors(results[i].Problems) {
			failed[i] = true
			return nil
		}
		ok, err := write(g, list[i].Game, results[i])
		failed[i] = !ok
		return err
	})
	if err != nil {
		return err
	}
	if slices.Contains(failed, true) {
		return errProblems
	}
	return nil
}

// validatedTargets resolves args to workbooks, refuses outputs out/<game>/<name>
// that reach into src, validates the workbooks and prints their problems. It
// returns the targets and their results, in the same order.
func validatedTargets(g *globalOptions, src, out string, args []string, outputs ...string) (targets.List, []schema.Result, error) {
	list, err := targets.Resolve(g.registry, src, args)
	if err != nil {
		return nil, nil, err
	}
	if err := guardOutputs(src, outputsOf(out, list.IDs(), outputs...)); err != nil {
		return nil, nil, err
	}
	results, err := list.Validate(g.Lang())
	if err != nil {
		return nil, nil, err
	}
	problems.Write(g.stdout, g.stderr, results, g.Lang())
	return list, results, nil
}
