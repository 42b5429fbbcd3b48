// Command bifrost is the toolchain for the designers of four Japanese card and
// board games: it validates their card workbooks, and (as later issues land)
// simulates, prints and documents them. See the README for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/edits"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/rules"
)

func main() {
	err := newRootCmd(os.Stdout, os.Stderr, os.Args[1:], rules.All()).ExecuteContext(context.Background())
	os.Exit(exitCode(err, os.Stderr))
}

// The exit codes of the contract in DESIGN.md.
const (
	exitOK       = 0 // all is well
	exitProblems = 1 // the data has problems
	exitFailure  = 2 // the command could not run
)

// errProblems reports that validation found errors; they are already
// printed, and errProblems itself never is (it only sets the exit status).
var errProblems = errors.New("the data has problems")

// errIncomplete reports that a command left out some of its files because
// an input could not be read, and wrote the others; what it left out and
// why is already printed. It is a failure to run (exit 2).
var errIncomplete = errors.New("some inputs could not be read")

// usageError is a mistake in the command line.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// cardsError makes a request for unknown cards a usage error.
func cardsError(err error) error {
	if unknown := printout.UnknownCards(err); unknown != nil {
		return usageError{unknown}
	}
	return err
}

// exitCode maps an error from a command to the process exit code, printing
// it as one line unless it was already reported.
func exitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errProblems):
		return exitProblems
	case errors.Is(err, errIncomplete):
		return exitFailure
	case errors.As(err, new(edits.DataError)), errors.As(err, new(books.DataError)):
		fmt.Fprintln(stderr, "bifrost:", err)
		return exitProblems
	default:
		fmt.Fprintln(stderr, "bifrost:", err)
		return exitFailure
	}
}
