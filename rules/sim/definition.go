package sim

import (
	"io/fs"
	"slices"

	"bifrost/schema"
	"bifrost/schema/figure"
)

// Definition is everything bifrost knows about one game, as one value: its
// data contract, the engine built from its validated data, its rulebook
// figures, its report headings and its books. Each rules/<game> package exports one,
// named Definition; package rules lists them.
type Definition struct {
	// Schema is the game's data contract: sheets, Rules, vocabularies,
	// messages and checks.
	Schema *schema.Game
	// New builds the engine from the game's validated data
	// (schema.Result.Data); it refuses data of another type.
	New func(data any) (Engine, error)
	// Figures draws the game's rulebook figures from its validated data;
	// nil for a game whose books have none.
	Figures func(data any) map[string]*figure.Figure
	// Headings are the Japanese headings of the keys of the engine's own
	// report section, in column order; nil for an engine without one.
	Headings [][2]string
	// Books are the game's books as shipped, built into the binary: the
	// player's rulebook.md, summary.md, designer.md, RULINGS.md,
	// glossary.yaml and the images the books show, at the top of the FS;
	// a file of the same name in rules/<game>/ on disk takes its place.
	// Nil for a game without built-in books.
	Books fs.FS
}

// ID is the game id, e.g. "nastrond".
func (d *Definition) ID() string { return d.Schema.ID }

// NewFrom adapts an engine constructor that takes a game's typed data to
// Definition.New: the data must be a non-nil *D, else it is refused.
func NewFrom[D any, E Engine](build func(*D) (E, error)) func(data any) (Engine, error) {
	return func(data any) (Engine, error) {
		d, ok := data.(*D)
		if !ok || d == nil {
			return nil, schema.Errorf("データの型が %T です（%T のはずです）", "data is %T, want %T", data, (*D)(nil))
		}
		return build(d)
	}
}

// EngineProblems builds the game's engine from res, the validated data of
// its workbook, and reports what the engine refuses, and what its Lint
// finds, at the row (and column) it names. Data with errors, and a game
// without an engine, have none.
func (d *Definition) EngineProblems(res schema.Result, lang *schema.Lang) []schema.Problem {
	if d.New == nil || schema.HasErrors(res.Problems) {
		return nil
	}
	e, err := d.New(res.Data)
	if err != nil {
		return []schema.Problem{{Severity: schema.Error, File: res.File, Message: lang.Msg("engine_refuses", lang.ErrText(err))}}
	}
	l, ok := e.(Linter)
	if !ok {
		return nil
	}
	var out []schema.Problem
	for _, f := range l.Lint() {
		p := schema.Problem{Severity: schema.Warning, File: res.File, Sheet: f.Sheet, Column: "ID", Message: lang.Msg("engine_lint", f.Message)}
		if tab, ok := res.Book.Lookup(f.Sheet); ok {
			id := slices.Index(tab.Header, "ID")
			at := id
			if j := columnAt(d.Schema, f.Sheet, tab.Header, f.Column); j >= 0 {
				at, p.Column = j, schema.Normalize(tab.Header[j])
			}
			for _, row := range tab.Rows {
				if id >= 0 && schema.Normalize(row.Cell(id)) == f.ID {
					p.Cell = schema.CellName(at+1, row.Num)
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// columnAt is the index in header of the column of game's sheet whose
// English header is col, written in Japanese or English; -1 if absent.
func columnAt(g *schema.Game, sheet string, header []string, col string) int {
	if col == "" {
		return -1
	}
	for _, c := range g.Spec(sheet).Columns() {
		if c.EN != col {
			continue
		}
		if i := slices.IndexFunc(header, c.Names); i >= 0 {
			return i
		}
	}
	return -1
}
