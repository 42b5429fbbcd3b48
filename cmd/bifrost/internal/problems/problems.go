// Package problems is how the commands show what is wrong with the
// workbooks and their books: each problem on a line of its own, one
// summary line per game, the errors of each game's books checked against
// its data, and the JSON of `validate --json` and `check --format json`
// with check's verdict per game as text, JSON or GitHub annotations.
package problems

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"sync"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/layout/cards"
	"bifrost/schema"
)

// Messages are the summary lines and verdicts this package prints.
var Messages = schema.Catalogue{
	"check_ok":         {"%s：合格", "%s: ok"},
	"check_failed":     {"%s：不合格", "%s: FAILED"},
	"validate_summary": {"%s: %s: エラー %v、警告 %v%s", "%s: %s: %v, %v%s"},
	"paren_open":       {"（", " ("},
	"paren_close":      {"）", ")"},
	"books_summary":    {"%s：ルールブック類の差し込みなどのエラー %v（直さないと build はその本を書きません）", "%s: books: %v (build skips a book until they are fixed)"},
}

// NErrors and NWarnings count errors and warnings in a summary.
var (
	NErrors   = schema.Noun{"%d 件", "%d errors", "%d error"}
	NWarnings = schema.Noun{"%d 件", "%d warnings", "%d warning"}
)

// ErrorCount is the number of errors among ps.
func ErrorCount(ps []schema.Problem) int {
	n := 0
	for _, p := range ps {
		if p.Severity == schema.Error {
			n++
		}
	}
	return n
}

// Write prints each problem of results as one line on stdout, then one
// summary line per game on stderr in lang.
func Write(stdout, stderr io.Writer, results []schema.Result, lang *schema.Lang) {
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
		fmt.Fprintln(stderr, say(lang, "validate_summary", r.Game, r.File, NErrors.Of(errs), NWarnings.Of(warns), enclose(say(lang, "paren_open"), lang.List(parts), say(lang, "paren_close"))))
	}
}

// say is the message key in lang.
func say(lang *schema.Lang, key string, args ...any) string {
	return Messages.Err(key, args...).In(lang)
}

// enclose wraps s in open and close, or gives "" for an empty s.
func enclose(open, s, close string) string {
	if s == "" {
		return ""
	}
	return open + s + close
}

// WriteBooks prints each book problem as one line on stdout and, for a
// game whose books have errors, one summary line on stderr in lang; books
// are results' books' problems, in the same order.
func WriteBooks(stdout, stderr io.Writer, results []schema.Result, books [][]schema.Problem, lang *schema.Lang) {
	for i, ps := range books {
		for _, p := range ps {
			fmt.Fprintln(stdout, p.String())
		}
		if len(ps) > 0 {
			fmt.Fprintln(stderr, say(lang, "books_summary", results[i].Game, NErrors.Of(len(ps))))
		}
	}
}

// OfBooks is, for each target's result and in order, the errors of its
// books at their lines (books.Set.Problems), their example cards painted
// with the layout and art beside its workbook, as build would: the books
// under rules (--rules), or in rules/ beside the workbook when rules is "".
// Data with errors gives none. The targets are checked in parallel.
func OfBooks(rules string, list targets.List, results []schema.Result, lang *schema.Lang) ([][]schema.Problem, error) {
	out := make([][]schema.Problem, len(results))
	errs := make([]error, len(results))
	var wg sync.WaitGroup
	for i, res := range results {
		if schema.HasErrors(res.Problems) {
			continue
		}
		src := filepath.Dir(list[i].Path)
		wg.Go(func() {
			painted, err := printout.Paint(src, list[i].Game.Schema, res, cards.Options{}, false)
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
