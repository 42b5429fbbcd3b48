package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"sync"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// errorCount is the number of errors among ps.
func errorCount(ps []schema.Problem) int {
	n := 0
	for _, p := range ps {
		if p.Severity == schema.Error {
			n++
		}
	}
	return n
}

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
	writeProblems(g.stdout, g.stderr, results, g.Lang())
	return list, results, nil
}

// writeProblems prints each problem as one line on stdout, then one summary
// line per game on stderr.
func writeProblems(stdout, stderr io.Writer, results []schema.Result, lang *schema.Lang) {
	for _, r := range results {
		for _, p := range r.Problems {
			fmt.Fprintln(stdout, p.String())
		}
	}
	for _, r := range results {
		errs, warns := 0, 0
		for _, p := range r.Problems {
			switch p.Severity {
			case schema.Error:
				errs++
			case schema.Warning:
				warns++
			}
		}
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(r.Components)) {
			parts = append(parts, fmt.Sprintf("%s %d", k, r.Components[k]))
		}
		fmt.Fprintln(stderr, render(lang, "validate_summary", r.Game, r.File, nErrors.Of(errs), nWarnings.Of(warns), enclose(render(lang, "paren_open"), lang.List(parts), render(lang, "paren_close"))))
	}
}

// enclose wraps s in open and close, or gives "" for an empty s.
func enclose(open, s, close string) string {
	if s == "" {
		return ""
	}
	return open + s + close
}

// bookProblemsOf is, for each target's result and in order, the errors of
// its books at their lines (books.Set.Problems), their example cards
// painted with the layout and art beside its workbook, as build would: the
// books under rules (--rules), or in rules/ beside the workbook when rules
// is "". Data with errors gives none. The targets are checked in parallel.
func bookProblemsOf(rules string, list targets.List, results []schema.Result, lang *schema.Lang) ([][]schema.Problem, error) {
	out := make([][]schema.Problem, len(results))
	errs := make([]error, len(results))
	var wg sync.WaitGroup
	for i, res := range results {
		if schema.HasErrors(res.Problems) {
			continue
		}
		src := filepath.Dir(list[i].Path)
		wg.Go(func() {
			painted, err := paintCards(src, list[i].Game.Schema, res, false)
			if err == nil {
				out[i], err = books.Set{Dir: books.Dir(src, rules), Game: list[i].Game, Result: res, Layout: painted.Layout, Drawn: painted.Drawn, Lang: lang}.Problems()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}
