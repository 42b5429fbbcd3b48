package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/problems"
)

// reportSkipped prints, for game, what a command did not write and why:
// the errors of each broken book as one line each on stdout, then one line
// per book (or output) skipped on stderr, naming its files. It returns nil
// when nothing was skipped, errIncomplete when an input could not be read,
// and errProblems when the data was at fault.
func reportSkipped(g *globalOptions, game string, skips []books.Skipped) error {
	var result error
	for _, s := range skips {
		names := make([]string, len(s.Outputs))
		for i, p := range s.Outputs {
			names[i] = filepath.Base(p)
		}
		list := g.Lang().List(names)
		switch ps := s.Problems; {
		case len(ps) > 0:
			for _, p := range ps {
				fmt.Fprintln(g.stdout, p.String())
			}
			fmt.Fprintln(g.stderr, g.msg("skipped_book", game, list, ps[0].File, problems.NErrors.Of(len(ps))))
		default:
			fmt.Fprintln(g.stderr, g.msg("skipped_output", game, list, g.localize(s.Err)))
		}
		if errors.As(s.Err, new(books.DataError)) {
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
