package targets

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bifrost/rules"
	"bifrost/schema"
)

// touch writes an empty file at path, making its folder.
func touch(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

// key is the catalogue key of the message err holds, "" for none.
func key(err error) string {
	var m *schema.Message
	if errors.As(err, &m) {
		return m.Key()
	}
	return ""
}

// TestResolveNamesEachArgumentsWorkbookOrRefusesIt: a game id is its
// workbook under src, a workbook file is the game its name tells, and a
// CSV, a folder of sheet CSVs, an unknown id or an unnamed workbook is a
// usage error that says which.
func TestResolveNamesEachArgumentsWorkbookOrRefusesIt(t *testing.T) {
	src := filepath.Join(t.TempDir(), "cardsrc")
	touch(t, filepath.Join(src, "nastrond.xlsx"))
	touch(t, filepath.Join(src, "guardian.ods"))
	csvs := t.TempDir()
	touch(t, filepath.Join(csvs, "valkyrie - Rules.csv"))
	for _, tt := range []struct {
		args     []string
		want     []string // game:path of each target
		errorKey string
	}{
		{nil, []string{"nastrond:" + filepath.Join(src, "nastrond.xlsx"), "guardian:" + filepath.Join(src, "guardian.ods")}, ""}, // registry order
		{[]string{"valkyrie"}, []string{"valkyrie:" + filepath.Join(src, "valkyrie.xlsx")}, ""},
		{[]string{"copy of nastrond-v2.xlsx"}, []string{"nastrond:copy of nastrond-v2.xlsx"}, ""},
		{[]string{"cards.csv"}, nil, "csv_workbook"},
		{[]string{csvs}, nil, "csv_folder"},
		{[]string{"monopoly"}, nil, "unknown_game"},
		{[]string{"nastrnd"}, nil, "unknown_game_near"},
		{[]string{filepath.Join(t.TempDir(), "mystery.xlsx")}, nil, "game_of_file"},
	} {
		list, err := Resolve(rules.All(), src, tt.args)
		if tt.errorKey != "" {
			if !errors.As(err, new(UsageError)) || key(err) != tt.errorKey {
				t.Errorf("Resolve(%q) = %v; want the usage error %s", tt.args, err, tt.errorKey)
			}
			continue
		}
		var got []string
		for _, tg := range list {
			got = append(got, tg.Game.ID()+":"+tg.Path)
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tt.args, got, err, tt.want)
		}
	}
}

// TestWorkbookInPrefersXlsxOverOds: <game>.xlsx when it exists or
// neither does, <game>.ods when only that does.
func TestWorkbookInPrefersXlsxOverOds(t *testing.T) {
	dir := t.TempDir()
	touch(t, filepath.Join(dir, "a.ods"))
	touch(t, filepath.Join(dir, "b.ods"))
	touch(t, filepath.Join(dir, "b.xlsx"))
	for game, want := range map[string]string{"a": "a.ods", "b": "b.xlsx", "c": "c.xlsx"} {
		if got := WorkbookIn(dir, game); got != filepath.Join(dir, want) {
			t.Errorf("WorkbookIn(%s) = %s; want %s", game, got, want)
		}
	}
}

// TestPrintOnlyGamesNeedASafeIDAWorkbookAndALayout: a workbook under src
// is a print-only game, after the engines' games, only when its name is a
// safe id of no other game and layout/<id>.yaml is beside src; it cannot
// be played.
func TestPrintOnlyGamesNeedASafeIDAWorkbookAndALayout(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(root, "cardsrc")
	for _, name := range []string{"poster.xlsx", "Poster2.xlsx", "nolayout.xlsx", "nastrond.xlsx"} {
		touch(t, filepath.Join(src, name))
	}
	for _, name := range []string{"poster.yaml", "Poster2.yaml", "nastrond.yaml"} {
		touch(t, filepath.Join(root, "layout", name))
	}
	registry := rules.All()
	games := GamesAt(registry, src)
	if want := append(registry.IDs(), "poster"); !slices.Equal(games.IDs(), want) {
		t.Fatalf("GamesAt = %q; want %q", games.IDs(), want)
	}
	poster := games[len(games)-1]
	if poster.New != nil || poster.Schema.Title != "poster" {
		t.Errorf("the print-only game has an engine or the title %q; want none and its id", poster.Schema.Title)
	}
	if _, err := Playable(registry, src, "poster"); key(err) != "no_engine" || errors.As(err, new(UsageError)) {
		t.Errorf("Playable(poster) = %v; want no_engine, not a usage error", err)
	}
	if _, err := Playable(registry, src, "nolayout"); key(err) != "unknown_game" || !errors.As(err, new(UsageError)) {
		t.Errorf("Playable(nolayout) = %v; want the usage error unknown_game", err)
	}
	if g, err := Playable(registry, src, "nastrond"); err != nil || g.ID() != "nastrond" {
		t.Errorf("Playable(nastrond) = %v, %v", g, err)
	}
}

// TestSafeIDIsLowercaseLettersDigitsAndDashes: ids a designer may choose
// start with a letter or digit and hold only those and '-'.
func TestSafeIDIsLowercaseLettersDigitsAndDashes(t *testing.T) {
	for id, want := range map[string]bool{"poster": true, "my-game-2": true, "2nd": true, "Poster": false, "-x": false, "a_b": false, "": false, "ゲーム": false} {
		if SafeID(id) != want {
			t.Errorf("SafeID(%q) = %v", id, !want)
		}
	}
}

// TestAMissingWorkbookNamesTheSheetCSVsBesideIt: validating a workbook
// that is not there says so, or, when its sheets were saved one CSV each
// beside it (named after the game or one of its sheets, or in a folder of
// the game's name), how many and how to save the workbook whole. An
// unrelated CSV does not count.
func TestAMissingWorkbookNamesTheSheetCSVsBesideIt(t *testing.T) {
	game, _ := rules.All().ByID("nastrond")
	for _, tt := range []struct {
		files []string
		key   string
	}{
		{nil, "no_workbook"},
		{[]string{"budget.csv"}, "no_workbook"},
		{[]string{"nastrond - Rules.csv"}, "csv_folder"},
		{[]string{"Export - Rules.csv"}, "csv_folder"},
		{[]string{"nastrond/anything.csv"}, "csv_folder"},
	} {
		dir := t.TempDir()
		for _, f := range tt.files {
			touch(t, filepath.Join(dir, f))
		}
		_, err := Target{Game: game, Path: filepath.Join(dir, "nastrond.xlsx")}.Validate(schema.NewLang("en"))
		if key(err) != tt.key {
			t.Errorf("%q beside a missing workbook: %v; want %s", tt.files, err, tt.key)
		}
	}
}

// TestAnUnreadableWorkbookIsAProblemAtItsFile: a file that is not a
// workbook is one error at the file, not a failure to run.
func TestAnUnreadableWorkbookIsAProblemAtItsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nastrond.xlsx")
	if err := os.WriteFile(path, []byte("not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	list := List{{Game: rules.All()[0], Path: path}}
	results, err := list.Validate(schema.NewLang("en"))
	if err != nil || len(results) != 1 || len(results[0].Problems) != 1 || results[0].Problems[0].File != path || !schema.HasErrors(results[0].Problems) {
		t.Errorf("Validate = %+v, %v; want one error at %s", results, err, path)
	}
}

// TestAnUnknownGameListsTheGamesInTheMessagesLanguage: the ids are joined
// with 、 in Japanese and ", " in English.
func TestAnUnknownGameListsTheGamesInTheMessagesLanguage(t *testing.T) {
	games := rules.All()[:2]
	err := Unknown(games, "monopoly")
	schema.SetLang(err, schema.NewLang("en"))
	if want := `unknown game "monopoly" (want ` + games[0].ID() + ", " + games[1].ID() + " or a .xlsx file)"; err.Error() != want {
		t.Errorf("en: %q; want %q", err, want)
	}
	schema.SetLang(err, schema.NewLang("ja"))
	if want := games[0].ID() + "、" + games[1].ID(); !strings.Contains(err.Error(), want) {
		t.Errorf("ja: %q; want the ids as %q", err, want)
	}
}

func TestEveryMessageHasJapaneseAndEnglish(t *testing.T) {
	for _, lack := range Messages.Lacks() {
		t.Error(lack)
	}
}
