package main

import (
	"cmp"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// target is one workbook to validate against one game.
type target struct {
	game *sim.Definition
	path string
}

// resolveTargets turns command arguments (game ids, or .xlsx or .ods
// paths) into targets; no arguments means the workbook under src of every
// game that has one there (<game>.xlsx, or <game>.ods when there is no
// .xlsx), the print-only games found there after games, or every game's
// when none has. A .csv, or a folder of one CSV per sheet, is refused with
// the way to save a workbook instead.
func resolveTargets(games rules.Games, src string, args []string) ([]target, error) {
	games = gamesAt(games, src)
	if len(args) == 0 {
		for _, g := range games {
			if _, err := os.Stat(workbookIn(src, g.ID())); err == nil {
				args = append(args, g.ID())
			}
		}
	}
	if len(args) == 0 {
		args = games.IDs()
	}
	var out []target
	for _, a := range args {
		if g, err := games.ByID(a); err == nil {
			out = append(out, target{game: g, path: workbookIn(src, g.ID())})
			continue
		}
		ext := strings.ToLower(filepath.Ext(a))
		if ext == ".csv" || ext == ".tsv" {
			return nil, usageError{msgErr("csv_workbook", a)}
		}
		if fi, err := os.Stat(a); err == nil && fi.IsDir() {
			for _, g := range games {
				if csvs := sheetCSVs(a, g.Schema); len(csvs) > 0 {
					return nil, usageError{msgErr("csv_folder", a, len(csvs), filepath.Base(csvs[0]))}
				}
			}
		}
		if ext == ".xlsx" || ext == ".ods" {
			g := gameOfFile(games, a)
			if g == nil {
				return nil, usageError{msgErr("game_of_file", a, gameIDs(games))}
			}
			out = append(out, target{game: g, path: a})
			continue
		}
		return nil, usageError{unknownGame(games, a)}
	}
	return out, nil
}

// gamesAt is games followed, in id order, by the print-only games found
// under src: a game without a rules engine, made by a designer without Go.
// Its workbook is <src>/<id>.xlsx (or .ods), whose id is a safe one and no
// game of games, and its layout is layout/<id>.yaml beside src; every sheet
// of its workbook is print-only, its Rules sheet optional, its title the
// Rules sheet's Title or else its id.
func gamesAt(games rules.Games, src string) rules.Games {
	entries, err := os.ReadDir(src)
	if err != nil {
		return games
	}
	out := slices.Clip(games)
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		id := strings.TrimSuffix(e.Name(), ext)
		if (ext != ".xlsx" && ext != ".ods") || !safeID.MatchString(id) || slices.Contains(out.IDs(), id) ||
			schema.RegularFile(filepath.Join(src, e.Name())) != nil || schema.RegularFile(filepath.Join(spec.LayoutDir(src), id+".yaml")) != nil {
			continue
		}
		out = append(out, printOnlyGame(id, filepath.Join(src, e.Name())))
	}
	return out
}

// safeID is a game id a designer may choose: lowercase ASCII letters,
// digits and '-', starting with a letter or digit.
var safeID = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// printOnlyGame is the print-only game id of the workbook at path: a
// schema that knows no sheet, so that every sheet of its workbook is
// printed and none is simulated, and no engine. Its title is read from the
// workbook now, as the four games' titles are known before their workbooks
// are read; a workbook that cannot be read keeps the id, and validation
// says why.
func printOnlyGame(id, path string) *sim.Definition {
	g := &schema.Game{ID: id, Title: id, Check: func(*schema.Checker) any { return &printOnlyData{} },
		Rules: []schema.RuleParam{{Key: "Title", Kind: schema.RuleText, Doc: "ゲームの名前。カードの {$game} と本が印刷します。空欄ならファイル名"}}}
	if book, err := workbook.Open(path, path); err == nil {
		g.Title = cmp.Or(g.Validate(book, schema.NewLang("ja")).Rules.Text("Title"), id)
	}
	return &sim.Definition{Schema: g}
}

// printOnlyData is a print-only game's validated data: its sheets are all
// in the result's print-only sheets, so there is nothing more to hold.
type printOnlyData struct{}

// targetDefs are the games of targets, in target order.
func targetDefs(targets []target) rules.Games {
	out := make(rules.Games, len(targets))
	for i, t := range targets {
		out[i] = t.game
	}
	return out
}

// workbookIn is the path of game's workbook under src: <game>.xlsx, or
// <game>.ods when only that exists.
func workbookIn(src, game string) string {
	xlsx := filepath.Join(src, game+".xlsx")
	if _, err := os.Stat(xlsx); err != nil {
		if ods := filepath.Join(src, game+".ods"); schema.RegularFile(ods) == nil {
			return ods
		}
	}
	return xlsx
}

// noWorkbook is the error for game's workbook missing at path: it names
// the CSV files beside it when the workbook was downloaded one sheet at a
// time, and says how to save it whole.
func noWorkbook(path string, g *schema.Game) error {
	if csvs := sheetCSVs(filepath.Dir(path), g); len(csvs) > 0 {
		return msgErr("csv_folder", path, len(csvs), filepath.Base(csvs[0]))
	}
	return msgErr("no_workbook", path)
}

// sheetCSVs lists the CSV files in dir, and in dir/<game>, that look like
// game's sheets saved one by one (Google Sheets' File → Download → CSV
// names them "<workbook> - <sheet>.csv"): in dir/<game>, every CSV; in dir,
// those named after the game or after one of its sheets.
func sheetCSVs(dir string, g *schema.Game) []string {
	var out []string
	for _, d := range []string{dir, filepath.Join(dir, g.ID)} {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			name := e.Name()
			ext := filepath.Ext(name)
			if e.IsDir() || !strings.EqualFold(ext, ".csv") {
				continue
			}
			base := strings.TrimSuffix(name, ext)
			sheetName := base
			if i := strings.LastIndex(base, " - "); i >= 0 {
				sheetName = base[i+len(" - "):]
			}
			if d != dir || strings.Contains(strings.ToLower(base), g.ID) || isSheetOf(g, sheetName) {
				out = append(out, filepath.Join(d, name))
			}
		}
	}
	return out
}

// isSheetOf reports whether name is one of g's sheets, in English or Japanese.
func isSheetOf(g *schema.Game, name string) bool {
	name = schema.Normalize(name)
	return slices.ContainsFunc(g.AllSheets(), func(s *schema.SheetSpec) bool {
		return strings.EqualFold(name, s.Key) || name == s.JA
	})
}

// gameOfFile guesses the game from a workbook's file name: "nastrond.xlsx",
// "nastrond-v2.xlsx" and "copy of nastrond.xlsx" all name nastrond. When
// the name says nothing, the workbook's sheets do ("ウルズ", "エッダ"… is
// nastrond); nil when neither tells or the file cannot be read.
func gameOfFile(games rules.Games, path string) *sim.Definition {
	base := strings.ToLower(filepath.Base(path))
	for _, g := range games {
		if strings.Contains(base, g.ID()) {
			return g
		}
	}
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	for _, g := range gamesAt(games, filepath.Dir(path))[len(games):] {
		if g.ID() == stem {
			return g
		}
	}
	if schema.RegularFile(path) != nil {
		return nil
	}
	book, err := workbook.Open(path, path)
	if err != nil {
		return nil
	}
	g := schema.GameOfSheets(games.Schemas(), slices.Collect(maps.Keys(book.Sheets)))
	if g == nil {
		return nil
	}
	d, _ := games.ByID(g.ID)
	return d
}

// validateAll opens and validates every target in parallel and returns the
// results in target order. A workbook that is not a readable .xlsx becomes a
// problem of its own; a file that cannot be opened at all is an error.
func validateAll(targets []target, lang *schema.Lang) ([]schema.Result, error) {
	results := make([]schema.Result, len(targets))
	errs := make([]error, len(targets))
	var wg sync.WaitGroup
	for i, t := range targets {
		wg.Go(func() { results[i], errs[i] = validateOne(t, lang) })
	}
	wg.Wait()
	return results, errors.Join(errs...)
}

func validateOne(t target, lang *schema.Lang) (schema.Result, error) {
	res := schema.Result{Game: t.game.ID(), File: t.path, Components: map[string]int{}}
	if err := schema.RegularFile(t.path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return res, noWorkbook(t.path, t.game.Schema)
		}
		return res, err
	}
	book, err := workbook.Open(t.path, t.path)
	if err != nil {
		var ferr *workbook.FormatError
		if !errors.As(err, &ferr) {
			return res, err
		}
		res.Problems = []schema.Problem{{Severity: schema.Error, File: t.path, Message: ferr.Message(lang)}}
		return res, nil
	}
	res = t.game.Schema.Validate(book, lang)
	// Printing: text that would not fit its card, characters the font lacks.
	res.Problems = append(res.Problems, sheet.Validate(t.game.Schema, res, book, lang, spec.LayoutDir(filepath.Dir(t.path)))...)
	// Rules: data the engine refuses, and instructions it can never carry out.
	res.Problems = append(res.Problems, t.game.EngineProblems(res, lang)...)
	schema.SortProblems(res.Problems)
	return res, nil
}

// validEngine validates game's workbook at path and builds its engine. When
// the data has errors it prints them, naming the file label (path when ""),
// and returns errProblems.
func validEngine(g *globalOptions, game *sim.Definition, path, label string) (schema.Result, sim.Engine, error) {
	results, err := validateAll([]target{{game: game, path: path}}, g.Lang())
	if err != nil {
		return schema.Result{}, nil, err
	}
	res := results[0]
	if schema.HasErrors(res.Problems) {
		if label != "" {
			for i := range res.Problems {
				res.Problems[i].File = label
			}
		}
		writeProblems(g.stdout, g.stderr, results, g.Lang())
		return res, nil, errProblems
	}
	e, err := game.New(res.Data)
	return res, e, err
}

// loadEngine validates a game's workbook and builds its engine; validation
// problems are printed and make the command fail with exit 1.
func loadEngine(g *globalOptions, src, id string) (sim.Engine, error) {
	game, err := gamesAt(g.registry, src).ByID(id)
	if err != nil {
		return nil, usageError{err}
	}
	if game.New == nil {
		return nil, msgErr("no_engine", id)
	}
	_, e, err := validEngine(g, game, workbookIn(src, id), "")
	return e, err
}

// resolvePairs resolves compare's arguments (OLD NEW, or GAME... with
// --base) into (old, new) workbook pairs, one per game, each side a file or
// the workbook under src at a git revision.
func resolvePairs(registry rules.Games, src, base string, args []string) ([][2]gitrev.Side, error) {
	var oldArg, newArg string
	var ids []string
	if base != "" {
		oldArg, ids = base, args
	} else {
		if len(args) != 2 {
			return nil, usageError{msgErr("compare_needs")}
		}
		oldArg, newArg = args[0], args[1]
	}
	if gitrev.IsWorkbook(newArg) || gitrev.IsWorkbook(oldArg) {
		file := newArg
		if !gitrev.IsWorkbook(file) {
			file = oldArg
		}
		g := gameOfFile(registry, file)
		if g == nil {
			return nil, usageError{msgErr("game_of_file", file, gameIDs(registry))}
		}
		if g.New == nil {
			return nil, msgErr("no_engine", g.ID())
		}
		ids = []string{g.ID()}
	}
	if len(ids) == 0 {
		ids = registry.IDs()
	}
	var out [][2]gitrev.Side
	for _, id := range ids {
		if _, err := playableGame(registry, src, id); err != nil {
			return nil, err
		}
		work := workbookIn(src, id)
		o, err := gitrev.Resolve(oldArg, work)
		if err != nil {
			return nil, usageError{err}
		}
		n, err := gitrev.Resolve(newArg, work)
		if err != nil {
			o.Cleanup()
			return nil, usageError{err}
		}
		out = append(out, [2]gitrev.Side{o, n})
	}
	return out, nil
}

// playableGame is the game id names among registry and the print-only
// games under src, refused when there is none or it has no engine to play.
func playableGame(registry rules.Games, src, id string) (*sim.Definition, error) {
	games := gamesAt(registry, src)
	game, err := games.ByID(id)
	if err != nil {
		return nil, usageError{unknownGame(games, id)}
	}
	if game.New == nil {
		return nil, msgErr("no_engine", id)
	}
	return game, nil
}
