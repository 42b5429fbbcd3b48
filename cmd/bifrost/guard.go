package main

import (
	"errors"
	"path/filepath"

	"bifrost/cmd/bifrost/internal/outfile"
)

// guardOutputs refuses, before anything is written, a command whose output
// paths reach into the source folder src: bifrost never writes to --src.
// Symlinks are resolved, also for outputs that do not exist yet.
func guardOutputs(src string, paths []string) error {
	for _, p := range paths {
		if err := outfile.Refuse(p, src); err != nil {
			if errors.Is(err, outfile.ErrInside) {
				return usageError{msgErr("inside_src", p, src)}
			}
			return err
		}
	}
	return nil
}

// outputsOf lists the files out/<game>/<name> for every game and name.
func outputsOf(out string, games []string, names ...string) []string {
	var paths []string
	for _, g := range games {
		for _, n := range names {
			paths = append(paths, filepath.Join(out, g, n))
		}
	}
	return paths
}

// buildOutputs are the files build writes for each game.
var buildOutputs = []string{"rulebook.pdf", "rulebook.html", "cards.pdf", "report.json", "report.html"}
