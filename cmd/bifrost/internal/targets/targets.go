// Package targets turns what a command is asked to work on into workbooks
// of games: game ids, .xlsx or .ods files (their game told by name or by
// sheets), compare's OLD and NEW (files or git revisions), and the
// print-only games found under --src beside the games with an engine. It
// refuses CSV files and folders with the way to save a workbook, and it
// validates each target's workbook: its data, what would not print, and
// what its engine refuses.
package targets

import (
	"cmp"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// Messages are what resolving targets says: Japanese, English.
var Messages = schema.Catalogue{
	"csv_workbook":      {"「%s」は CSV なので読めません。シートの見出しと行番号が要るので、ブックを .xlsx か .ods で保存してください（Google スプレッドシートなら「ファイル → ダウンロード → Microsoft Excel (.xlsx)」）", "cannot read %q: it is a CSV file, and bifrost needs the sheets with their headers and row numbers: save the workbook as .xlsx or .ods (in Google Sheets: File → Download → Microsoft Excel (.xlsx))"},
	"unknown_game":      {"「%s」というゲームはありません（%s のどれか、または .xlsx ファイルを指定してください）", "unknown game %q (want %s or a .xlsx file)"},
	"unknown_game_near": {"「%s」というゲームはありません（「%s」のことですか？ %s のどれか、または .xlsx ファイルを指定してください）", "unknown game %q (did you mean %q? want %s or a .xlsx file)"},
	"game_of_file":      {"%s：どのゲームのブックか分かりません。ファイル名にもシート名にも手がかりがありません。<ゲーム>.xlsx（%s）という名前にしてください", "%s: cannot tell which game this workbook is for: neither its name nor its sheets say; name it <game>.xlsx (%s)"},
	"no_workbook":       {"%s：ブックが見つかりません", "%s: no such workbook"},
	"csv_folder":        {"%s：ブックがなく、シートごとの CSV が%d個あります（%s など）。シート名と行番号のあるブック1つが要るので、ブックを .xlsx か .ods で保存してください（Google スプレッドシートなら「ファイル → ダウンロード → Microsoft Excel (.xlsx)」。CSV では1シートずつしか保存されません）", "%s: no such workbook, only CSV files of its sheets (%d, such as %s); bifrost needs one workbook with its sheet names and row numbers: save it as .xlsx or .ods (in Google Sheets: File → Download → Microsoft Excel (.xlsx); Download → CSV saves one sheet only)"},
	"no_engine":         {"%s にはルールエンジンがありません。カード・本・TTS は作れますが、ゲームを遊ぶ（シミュレーション）にはエンジンのプログラマーが要ります", "%s has no rules engine: its cards, books and TTS export work, but playing it (simulation) needs the engine's programmer"},
	"compare_needs":     {"compare には OLD と NEW（ブックのファイルか git のリビジョン）、または --base REV が必要です", "compare needs OLD and NEW (workbook files or git revisions), or --base REV"},
}

// UsageError is a mistake in the command line, such as a game or a file
// that names no game: the CLI reports it as its own usage errors.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }

func (e UsageError) Unwrap() error { return e.Err }

// Target is one workbook to validate against one game.
type Target struct {
	Game *sim.Definition
	Path string
}

// List is targets in the order the command was given them.
type List []Target

// IDs lists the game ids of l.
func (l List) IDs() []string {
	ids := make([]string, len(l))
	for i, t := range l {
		ids[i] = t.Game.ID()
	}
	return ids
}

// Games are the games of l, in order.
func (l List) Games() rules.Games {
	out := make(rules.Games, len(l))
	for i, t := range l {
		out[i] = t.Game
	}
	return out
}

// Resolve turns command arguments (game ids, or .xlsx or .ods paths) into
// targets; no arguments means the workbook under src of every game that
// has one there (<game>.xlsx, or <game>.ods when there is no .xlsx), the
// print-only games found there after games, or every game's when none has.
// A .csv, or a folder of one CSV per sheet, is refused with the way to save
// a workbook instead. Every error it returns is a UsageError.
func Resolve(games rules.Games, src string, args []string) (List, error) {
	games = GamesAt(games, src)
	if len(args) == 0 {
		for _, g := range games {
			if _, err := os.Stat(WorkbookIn(src, g.ID())); err == nil {
				args = append(args, g.ID())
			}
		}
	}
	if len(args) == 0 {
		args = games.IDs()
	}
	var out List
	for _, a := range args {
		if g, err := games.ByID(a); err == nil {
			out = append(out, Target{Game: g, Path: WorkbookIn(src, g.ID())})
			continue
		}
		ext := strings.ToLower(filepath.Ext(a))
		if ext == ".csv" || ext == ".tsv" {
			return nil, UsageError{Messages.Err("csv_workbook", a)}
		}
		if fi, err := os.Stat(a); err == nil && fi.IsDir() {
			for _, g := range games {
				if csvs := sheetCSVs(a, g.Schema); len(csvs) > 0 {
					return nil, UsageError{Messages.Err("csv_folder", a, len(csvs), filepath.Base(csvs[0]))}
				}
			}
		}
		if ext == ".xlsx" || ext == ".ods" {
			g := OfFile(games, a)
			if g == nil {
				return nil, UsageError{Messages.Err("game_of_file", a, gameIDs(games))}
			}
			out = append(out, Target{Game: g, Path: a})
			continue
		}
		return nil, UsageError{Unknown(games, a)}
	}
	return out, nil
}

// GamesAt is games followed, in id order, by the print-only games found
// under src: a game without a rules engine, made by a designer without Go.
// Its workbook is <src>/<id>.xlsx (or .ods), whose id is a safe one and no
// game of games, and its layout is layout/<id>.yaml beside src; every sheet
// of its workbook is print-only, its Rules sheet optional, its title the
// Rules sheet's Title or else its id.
func GamesAt(games rules.Games, src string) rules.Games {
	entries, err := os.ReadDir(src)
	if err != nil {
		return games
	}
	out := slices.Clip(games)
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		id := strings.TrimSuffix(e.Name(), ext)
		if (ext != ".xlsx" && ext != ".ods") || !SafeID(id) || slices.Contains(out.IDs(), id) ||
			schema.RegularFile(filepath.Join(src, e.Name())) != nil || schema.RegularFile(filepath.Join(spec.LayoutDir(src), id+".yaml")) != nil {
			continue
		}
		out = append(out, printOnlyGame(id, filepath.Join(src, e.Name())))
	}
	return out
}

// safeID is a game id a designer may choose.
var safeID = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// SafeID reports whether id is a game id a designer may choose: lowercase
// ASCII letters, digits and '-', starting with a letter or digit.
func SafeID(id string) bool { return safeID.MatchString(id) }

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

// WorkbookIn is the path of game's workbook under src: <game>.xlsx, or
// <game>.ods when only that exists.
func WorkbookIn(src, game string) string {
	xlsx := filepath.Join(src, game+".xlsx")
	if _, err := os.Stat(xlsx); err != nil {
		if ods := filepath.Join(src, game+".ods"); schema.RegularFile(ods) == nil {
			return ods
		}
	}
	return xlsx
}

// NoWorkbook is the error for game's workbook missing at path: it names
// the CSV files beside it when the workbook was downloaded one sheet at a
// time, and says how to save it whole.
func NoWorkbook(path string, g *schema.Game) error {
	if csvs := sheetCSVs(filepath.Dir(path), g); len(csvs) > 0 {
		return Messages.Err("csv_folder", path, len(csvs), filepath.Base(csvs[0]))
	}
	return Messages.Err("no_workbook", path)
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

// OfFile guesses the game from a workbook's file name: "nastrond.xlsx",
// "nastrond-v2.xlsx" and "copy of nastrond.xlsx" all name nastrond. When
// the name says nothing, the workbook's sheets do ("ウルズ", "エッダ"… is
// nastrond); nil when neither tells or the file cannot be read.
func OfFile(games rules.Games, path string) *sim.Definition {
	base := strings.ToLower(filepath.Base(path))
	for _, g := range games {
		if strings.Contains(base, g.ID()) {
			return g
		}
	}
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	for _, g := range GamesAt(games, filepath.Dir(path))[len(games):] {
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

// Unknown is the error for a game id, name, that is not in games: with the
// nearest id when name looks like a misspelling of one.
func Unknown(games rules.Games, name string) error {
	if near := schema.Nearest(name, games.IDs()); near != "" {
		return Messages.Err("unknown_game_near", name, near, gameIDs(games))
	}
	return Messages.Err("unknown_game", name, gameIDs(games))
}

// gameIDs lists the ids of games in a message, joined as the message's
// language joins a list (an error, so that the catalogue renders it in that
// language).
type gameIDs rules.Games

func (g gameIDs) ids() []string { return rules.Games(g).IDs() }

func (g gameIDs) Error() string { return strings.Join(g.ids(), ", ") }

// In joins the ids with 、 in Japanese, ", " in English.
func (g gameIDs) In(l *schema.Lang) string {
	if l.English() {
		return g.Error()
	}
	return strings.Join(g.ids(), "、")
}

// Playable is the game id names among registry and the print-only games
// under src, refused when there is none (a UsageError) or it has no engine
// to play.
func Playable(registry rules.Games, src, id string) (*sim.Definition, error) {
	games := GamesAt(registry, src)
	game, err := games.ByID(id)
	if err != nil {
		return nil, UsageError{Unknown(games, id)}
	}
	if game.New == nil {
		return nil, Messages.Err("no_engine", id)
	}
	return game, nil
}
