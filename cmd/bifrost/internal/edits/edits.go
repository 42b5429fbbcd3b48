// Package edits is what changed between two workbooks of a game, record by
// record, as `bifrost diff` prints it and compare lists it beside what it
// measures; and which game a workbook given alone is of, told by its file
// name or else by its sheets (git hands `diff --textconv` a temporary name).
package edits

import (
	"errors"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// Messages are what this package says about a workbook of no game.
var Messages = schema.Catalogue{
	"no_game_sheet": {"%s：どのゲームのシートもありません", "%s: no sheet of any game's workbook"},
}

// DataError is a workbook that is not a readable .xlsx: a problem in the
// designer's data, where a file that cannot be read at all is not.
type DataError struct{ Err error }

func (e DataError) Error() string { return e.Err.Error() }

func (e DataError) Unwrap() error { return e.Err }

// Open opens the workbook at path, refusing what is no regular file; one
// that is not a readable .xlsx is a DataError.
func Open(path string) (*schema.Book, error) {
	if err := schema.RegularFile(path); err != nil {
		return nil, err
	}
	book, err := workbook.Open(path, path)
	if ferr := (*workbook.FormatError)(nil); errors.As(err, &ferr) {
		return nil, DataError{err}
	}
	return book, err
}

// OpenAny opens a workbook and tells which of games it is from the file
// name or, failing that, from its sheet names: the game with the most of
// its sheets there.
func OpenAny(games rules.Games, path string) (*schema.Game, *schema.Book, error) {
	book, err := Open(path)
	if err != nil {
		return nil, nil, err
	}
	if g := targets.OfFile(games, path); g != nil {
		return g.Schema, book, nil
	}
	best, bestN := (*schema.Game)(nil), 0
	for _, g := range games.Schemas() {
		n := 0
		for _, s := range g.Sheets {
			if _, ok := book.Lookup(s.Key, s.JA); ok {
				n++
			}
		}
		if n > bestN {
			best, bestN = g, n
		}
	}
	if best == nil {
		return nil, nil, Messages.Err("no_game_sheet", path)
	}
	return best, book, nil
}

// Between is what changed from the workbook at oldPath to the one at
// newPath, both of game.
func Between(game *schema.Game, oldPath, newPath string) ([]schema.Change, error) {
	var books [2]*schema.Book
	for i, path := range []string{oldPath, newPath} {
		b, err := Open(path)
		if err != nil {
			return nil, err
		}
		books[i] = b
	}
	return schema.Diff(game.Records(books[0]), game.Records(books[1])), nil
}
