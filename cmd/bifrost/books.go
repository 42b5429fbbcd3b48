package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"

	"bifrost/layout/book"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// bookProblems expands game's books (each from rulesDir/<game>, else
// built in) against its valid data res, their example cards painted with
// the layout and art beside its workbook (in src), as build would, and
// returns each placeholder or markdown error there as an
// error at its file and line: every reference to a card, sheet, column or
// Rules key that res lacks, with the nearest it has. Data with errors, and
// a book the game does not have, give none (build reports a missing book).
func bookProblems(src, rulesDir string, game *sim.Definition, res schema.Result, lang *schema.Lang) ([]schema.Problem, error) {
	if schema.HasErrors(res.Problems) {
		return nil, nil
	}
	painted, err := paintCards(src, game.Schema, res, false)
	if err != nil {
		return nil, err
	}
	files := booksOf(rulesDir, game)
	data, err := bookData(files, game, res, firstFaces(painted), lang)
	if err != nil {
		return nil, err
	}
	var out []schema.Problem
	for _, name := range books {
		_, _, err := expandBook(files, name, data)
		switch {
		case err == nil, errors.Is(err, fs.ErrNotExist):
		case errors.As(err, new(dataError)):
			out = append(out, sourceProblems(err)...)
		default:
			return nil, err
		}
	}
	return out, nil
}

// bookProblemsOf is bookProblems for each target's result, in parallel,
// returned in order: the books under rules (--rules), or in rules/ beside
// the target's workbook when rules is "".
func bookProblemsOf(rules string, targets []target, results []schema.Result, lang *schema.Lang) ([][]schema.Problem, error) {
	out := make([][]schema.Problem, len(results))
	errs := make([]error, len(results))
	var wg sync.WaitGroup
	for i, res := range results {
		src := filepath.Dir(targets[i].path)
		wg.Go(func() { out[i], errs[i] = bookProblems(src, rulesDirFor(src, rules), targets[i].game, res, lang) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// sourceProblems are the *book.SourceErrors in err, an error of
// expandBook, each an error at its file and line.
func sourceProblems(err error) []schema.Problem {
	var out []schema.Problem
	for _, e := range book.SourceErrors(err) {
		out = append(out, schema.Problem{Severity: schema.Error, File: e.File, Line: e.Line, Message: e.Msg})
	}
	return out
}

// writeBookProblems prints each book problem as one line on stdout and,
// for a game whose books have errors, one summary line on stderr.
func writeBookProblems(g *globalOptions, results []schema.Result, books [][]schema.Problem) {
	for i, ps := range books {
		for _, p := range ps {
			fmt.Fprintln(g.stdout, p.String())
		}
		if len(ps) > 0 {
			fmt.Fprintln(g.stderr, g.msg("books_summary", results[i].Game, nErrors.Of(len(ps))))
		}
	}
}

// reportSkipped prints, for game, what a command did not write and why:
// the errors of each broken book as one line each on stdout, then one line
// per book (or output) skipped on stderr, naming its files. It returns nil
// when nothing was skipped, errIncomplete when an input could not be read,
// and errProblems when the data was at fault.
func reportSkipped(g *globalOptions, game string, skips []skipped) error {
	var result error
	for _, s := range skips {
		names := make([]string, len(s.outputs))
		for i, p := range s.outputs {
			names[i] = filepath.Base(p)
		}
		list := g.Lang().List(names)
		switch ps := s.problems; {
		case len(ps) > 0:
			for _, p := range ps {
				fmt.Fprintln(g.stdout, p.String())
			}
			fmt.Fprintln(g.stderr, g.msg("skipped_book", game, list, ps[0].File, nErrors.Of(len(ps))))
		default:
			fmt.Fprintln(g.stderr, g.msg("skipped_output", game, list, g.localize(s.why)))
		}
		if errors.As(s.why, new(dataError)) {
			result = cmpErr(result, errProblems)
		} else {
			result = cmpErr(result, errIncomplete)
		}
	}
	return result
}

// cmpErr is the graver of two outcomes of a command that goes on after a
// problem: errIncomplete (an input could not be read) over errProblems (the
// data has problems) over nil.
func cmpErr(a, b error) error {
	switch {
	case errors.Is(a, errIncomplete) || errors.Is(b, errIncomplete):
		return errIncomplete
	case a != nil:
		return a
	}
	return b
}
