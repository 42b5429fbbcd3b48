package targets

import (
	"errors"
	"io/fs"
	"path/filepath"
	"sync"

	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// Validate opens and validates every target in parallel and returns the
// results in target order. A workbook that is not a readable .xlsx becomes a
// problem of its own; a file that cannot be opened at all is an error.
func (l List) Validate(lang *schema.Lang) ([]schema.Result, error) {
	results := make([]schema.Result, len(l))
	errs := make([]error, len(l))
	var wg sync.WaitGroup
	for i, t := range l {
		wg.Go(func() { results[i], errs[i] = t.Validate(lang) })
	}
	wg.Wait()
	return results, errors.Join(errs...)
}

// Validate opens t's workbook and validates it: its data against the
// game's schema, then what would not print (text that would not fit its
// card, characters the font lacks) with the layout beside it, then what the
// engine refuses. The problems are sorted.
func (t Target) Validate(lang *schema.Lang) (schema.Result, error) {
	res := schema.Result{Game: t.Game.ID(), File: t.Path, Components: map[string]int{}}
	if err := schema.RegularFile(t.Path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return res, NoWorkbook(t.Path, t.Game.Schema)
		}
		return res, err
	}
	book, err := workbook.Open(t.Path, t.Path)
	if err != nil {
		var ferr *workbook.FormatError
		if !errors.As(err, &ferr) {
			return res, err
		}
		res.Problems = []schema.Problem{{Severity: schema.Error, File: t.Path, Message: ferr.Message(lang)}}
		return res, nil
	}
	res = t.Game.Schema.Validate(book, lang)
	// Printing: text that would not fit its card, characters the font lacks.
	res.Problems = append(res.Problems, sheet.Validate(t.Game.Schema, res, book, lang, spec.LayoutDir(filepath.Dir(t.Path)))...)
	// Rules: data the engine refuses, and instructions it can never carry out.
	res.Problems = append(res.Problems, t.Game.EngineProblems(res, lang)...)
	schema.SortProblems(res.Problems)
	return res, nil
}
