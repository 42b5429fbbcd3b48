package books

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// toy is a game with built-in books and no cards: its books draw only on
// its title and its (empty) Rules.
func toy(builtin fstest.MapFS, playable bool) *sim.Definition {
	d := &sim.Definition{Schema: &schema.Game{ID: "toy", Title: "Toy"}, Books: builtin}
	if playable {
		d.New = func(any) (sim.Engine, error) { return nil, nil }
	}
	return d
}

// markdown is a book's markdown with front matter, its body from line 4.
func markdown(body ...string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("---\ntitle: t\n---\n" + strings.Join(body, "\n") + "\n")}
}

// writeBook writes the book file name of game toy under rulesDir.
func writeBook(t *testing.T, rulesDir, name string, f *fstest.MapFile) {
	t.Helper()
	dir := filepath.Join(rulesDir, "toy")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), f.Data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// where lists problems as "file:line: message" for messages.
func where(ps []schema.Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}

// TestAFileInRulesOverridesOnlyItsOwnBuiltInCopy: rulebook.md in the rules
// folder takes the place of the built-in one (whose error is gone), while
// the built-in summary, which has no file on disk, is still read, its
// errors named at rules/<game>/summary.md.
func TestAFileInRulesOverridesOnlyItsOwnBuiltInCopy(t *testing.T) {
	rules := t.TempDir()
	builtin := fstest.MapFS{
		"rulebook.md": markdown("# {{title}}", `{{rule "Builtin"}}`),
		"summary.md":  markdown("# {{title}}", "", `{{rule "Summary"}}`),
	}
	writeBook(t, rules, "rulebook.md", markdown("# {{title}}", "", "", `{{rule "OnDisk"}}`))
	got, err := Set{Dir: rules, Game: toy(builtin, true), Lang: schema.English}.Problems()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(rules, "toy", "rulebook.md") + `:7: unknown rule "OnDisk"`,
		filepath.Join("rules", "toy", "summary.md") + `:6: unknown rule "Summary"`,
	}
	if !slices.Equal(where(got), want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(where(got), "\n"), strings.Join(want, "\n"))
	}
}

// TestEveryMissingPlaceholderTargetIsAnErrorAtItsLine: each placeholder
// that names what the data lacks is one error at its own line, in the
// user's language; a book that is fine gives none.
func TestEveryMissingPlaceholderTargetIsAnErrorAtItsLine(t *testing.T) {
	rules := t.TempDir()
	writeBook(t, rules, "rulebook.md", markdown("# {{title}}", "", `{{rule "DeckSize"}}`, "", `{{card "E1-01"}}`))
	writeBook(t, rules, "summary.md", markdown("# {{title}}"))
	for _, tt := range []struct {
		lang string
		want []string
	}{
		{"en", []string{":6: unknown rule \"DeckSize\"", ":8: "}},
		{"ja", []string{":6: ", ":8: "}},
	} {
		got, err := Set{Dir: rules, Game: toy(nil, false), Lang: schema.NewLang(tt.lang)}.Problems()
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(tt.want) {
			t.Fatalf("%s: problems %q, want one at line 6 and one at line 8", tt.lang, where(got))
		}
		for i, p := range got {
			line := p.String()
			if !strings.HasPrefix(line, filepath.Join(rules, "toy", "rulebook.md")+tt.want[i]) || p.Severity != schema.Error {
				t.Errorf("%s: problem %q, want an error at rulebook.md%s…", tt.lang, line, tt.want[i])
			}
			if tt.lang == "ja" && !schema.HasJapanese(p.Message) {
				t.Errorf("the Japanese problem %q has no Japanese", p.Message)
			}
		}
	}
}

// TestRenderSkipsABrokenBookAndWritesTheOthers: a rulebook with a bad
// placeholder is skipped as the data's fault, with its errors; the summary
// is written; a missing designer's book is skipped as an input that could
// not be read, except for a print-only game, whose summary and designer's
// book are the designer's to add.
func TestRenderSkipsABrokenBookAndWritesTheOthers(t *testing.T) {
	rules := t.TempDir()
	writeBook(t, rules, "rulebook.md", markdown("# {{title}}", `{{rule "Nope"}}`))
	writeBook(t, rules, "summary.md", markdown("# {{title}}", "", "本文"))
	for _, playable := range []bool{true, false} {
		put := map[string]string{}
		written, skips, err := Set{Dir: rules, Game: toy(nil, playable), Lang: schema.English}.Render("out", []string{"html"}, func(path string, data []byte) error {
			put[path] = string(data)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		summary := filepath.Join("out", "toy", "summary.html")
		if !slices.Equal(written, []string{summary}) || !strings.Contains(put[summary], "本文") {
			t.Errorf("playable %v: wrote %q, want only %s with its text", playable, written, summary)
		}
		if len(skips) == 0 || !slices.Equal(skips[0].Outputs, []string{filepath.Join("out", "toy", "rulebook.html")}) ||
			!errors.As(skips[0].Err, new(DataError)) || len(skips[0].Problems) != 1 || skips[0].Problems[0].Line != 5 {
			t.Fatalf("playable %v: skipped %+v; want rulebook.html first, the data's fault, its error at line 5", playable, skips)
		}
		switch {
		case playable && (len(skips) != 2 || !errors.Is(skips[1].Err, fs.ErrNotExist) || errors.As(skips[1].Err, new(DataError))):
			t.Errorf("a missing designer's book: skipped %+v; want designer.html skipped as not there", skips[1:])
		case !playable && len(skips) != 1:
			t.Errorf("a print-only game without a designer's book: skipped %+v; want only the rulebook", skips)
		}
	}
}

// TestAGlossaryThatIsNotAListOfTermsIsTheDatasFaultAtItsLine: the books
// are not made, and the error names glossary.yaml and the line.
func TestAGlossaryThatIsNotAListOfTermsIsTheDatasFaultAtItsLine(t *testing.T) {
	rules := t.TempDir()
	writeBook(t, rules, "rulebook.md", markdown("# {{title}}"))
	writeBook(t, rules, "glossary.yaml", &fstest.MapFile{Data: []byte("- term: ウルズ\n  txt: 通貨\n")})
	_, _, err := Set{Dir: rules, Game: toy(nil, false), Lang: schema.English}.Render("out", []string{"html"}, func(string, []byte) error {
		t.Error("a book was made with a broken glossary")
		return nil
	})
	schema.SetLang(err, schema.English)
	want := filepath.Join(rules, "toy", "glossary.yaml") + `:2: unknown key "txt"`
	if !errors.As(err, new(DataError)) || err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v; want a DataError with %q", err, want)
	}
}

// TestABookThatIsNotARegularFileIsRefusedNotReplaced: a named pipe in
// place of rulebook.md is neither opened (it would wait forever) nor
// passed over for the built-in copy.
func TestABookThatIsNotARegularFileIsRefusedNotReplaced(t *testing.T) {
	rules := t.TempDir()
	if err := os.MkdirAll(filepath.Join(rules, "toy"), 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(rules, "toy", "rulebook.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	builtin := fstest.MapFS{"rulebook.md": markdown("# {{title}}")}
	_, err := Set{Dir: rules, Game: toy(builtin, true), Lang: schema.English}.Problems()
	schema.SetLang(err, schema.English)
	if err == nil || !strings.Contains(err.Error(), fifo+": not a regular file") {
		t.Errorf("error %v; want %s refused as not a regular file", err, fifo)
	}
}

// TestBookFilesLieInRulesBesideTheWorkbooksUnlessGiven: --rules wins;
// else rules/ beside the workbook folder, as layout/ is; the inputs are
// each book, RULINGS.md and glossary.yaml of the game's folder there.
func TestBookFilesLieInRulesBesideTheWorkbooksUnlessGiven(t *testing.T) {
	for _, tt := range []struct{ src, rules, want string }{
		{"cardsrc", "", "rules"},
		{filepath.Join("a", "cardsrc") + "/", "", filepath.Join("a", "rules")},
		{"cardsrc", filepath.Join("b", "books"), filepath.Join("b", "books")},
	} {
		if got := Dir(tt.src, tt.rules); got != tt.want {
			t.Errorf("Dir(%q, %q) = %q, want %q", tt.src, tt.rules, got, tt.want)
		}
	}
	var names []string
	for _, p := range Inputs("rules", toy(nil, false)) {
		if filepath.Dir(p) != filepath.Join("rules", "toy") {
			t.Errorf("input %s is not in rules/toy", p)
		}
		names = append(names, filepath.Base(p))
	}
	if want := []string{"rulebook.md", "summary.md", "designer.md", "RULINGS.md", "glossary.yaml"}; !slices.Equal(names, want) {
		t.Errorf("inputs %q, want %q", names, want)
	}
}
