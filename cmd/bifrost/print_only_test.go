package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"bifrost/rules"
)

// TestAPrintOnlyGameStartedWithNewWorksFromTheInstalledBinary proves that a
// designer without Go starts a fifth game: in an empty folder outside the
// repository, `bifrost new poster` writes a workbook, a layout and a
// rulebook that the installed binary builds, exports, checks, diffs and
// serves, printing the example cards' and the rulebook's text, while the
// commands that play games say in one line that it has no rules engine.
func TestAPrintOnlyGameStartedWithNewWorksFromTheInstalledBinary(t *testing.T) {
	t.Parallel()
	bin := installedBifrost(t)
	dir := t.TempDir()
	run := func(want int, args ...string) result {
		t.Helper()
		r := runIn(t, bin, dir, args...)
		if r.code != want {
			t.Fatalf("bifrost %s: exit %d, want %d\n%s%s", strings.Join(args, " "), r.code, want, r.stdout, r.stderr)
		}
		return r
	}
	run(0, "new", "poster")
	var made []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			made = append(made, filepath.ToSlash(rel))
		}
		return err
	})
	if want := []string{"cardsrc/poster.xlsx", "layout/poster.yaml", "rules/poster/rulebook.md"}; err != nil || !slices.Equal(made, want) {
		t.Fatalf("new wrote %v (%v), want %v", made, err, want)
	}

	game := filepath.Join(dir, "out", "poster")
	built := run(0, "build")
	for _, f := range []string{"cards.pdf", "rulebook.pdf", "rulebook.html"} {
		if fi, err := os.Stat(filepath.Join(game, f)); err != nil || fi.Size() == 0 {
			t.Errorf("build did not write %s (%v)", f, err)
		}
	}
	for _, f := range []string{"report.json", "report.html", "summary.pdf", "designer.pdf"} {
		if _, err := os.Stat(filepath.Join(game, f)); err == nil {
			t.Errorf("build wrote %s for a game without an engine or that book", f)
		}
	}
	if n := strings.Count(built.stderr, "no report"); n != 1 {
		t.Errorf("build says %d times that it writes no report, want once:\n%s", n, built.stderr)
	}

	run(0, "tts")
	if fi, err := os.Stat(filepath.Join(game, "tts", "poster.json")); err != nil || fi.Size() == 0 {
		t.Errorf("tts did not write poster.json (%v)", err)
	}
	if r := run(0, "check"); !strings.Contains(r.stderr, "poster: a print-only game without a rules engine, so no games are played") || !strings.Contains(r.stderr, "poster: ok") {
		t.Errorf("check does not say that it plays no games and passes:\n%s", r.stderr)
	}
	if r := run(0, "diff", "cardsrc/poster.xlsx", "cardsrc/poster.xlsx"); r.stdout != "" {
		t.Errorf("the workbook differs from itself:\n%s", r.stdout)
	}
	if r := run(0, "diff", "--textconv", "cardsrc/poster.xlsx"); !strings.Contains(r.stdout, "名前=はじまりのカード") {
		t.Errorf("diff --textconv does not list the example card:\n%s", r.stdout)
	}

	needTool(t, "pdftotext", "poppler-utils")
	cards := readText(t, filepath.Join(game, "cards.pdf"))
	for _, want := range []string{"はじまりのカード", "おわりのカード", "カードを1枚引く。"} {
		if !strings.Contains(cards, want) {
			t.Errorf("cards.pdf does not print %q:\n%s", want, cards)
		}
	}
	if book := readText(t, filepath.Join(game, "rulebook.pdf")); !strings.Contains(book, "ここにゲームの目的と、勝ち方を書きます。") {
		t.Errorf("rulebook.pdf does not print the starter rulebook:\n%s", book)
	}

	for _, tc := range []struct{ lang, want string }{
		{"ja", "bifrost: poster にはルールエンジンがありません。"},
		{"en", "bifrost: poster has no rules engine:"},
	} {
		r := run(2, "sim", "poster", "--lang", tc.lang)
		if !strings.HasPrefix(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("sim poster --lang %s says %q, want one line starting %q", tc.lang, r.stderr, tc.want)
		}
	}

	if page := servedPage(t, bin, dir, "poster"); !strings.Contains(page, "はじまりのカード") {
		t.Errorf("serve's page does not show the example card:\n%.2000s", page)
	}
}

// servedPage starts the binary's `serve game` in dir on a free port, gets
// the game's page and stops the server.
func servedPage(t *testing.T, bin, dir, game string) string {
	t.Helper()
	cmd := exec.Command(bin, "serve", game, "--lang", "en")
	cmd.Dir = dir
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	urls := make(chan string, 1)
	go func() {
		addr := regexp.MustCompile(`http://\S+`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if u := addr.FindString(sc.Text()); u != "" {
				urls <- u
				break
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	var url string
	select {
	case url = <-urls:
	case <-time.After(2 * time.Minute):
		t.Fatal("serve never said where it listens")
	}
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", url, res.StatusCode, err)
	}
	return string(body)
}

// TestNewRefusesAGameWithAnEngineABadNameAndAnyFileThereAndWritesNothing
// proves that new never overwrites: a name of a game with an engine, a
// name that is not a safe id, and a game whose workbook, layout or
// rulebook is already there are each refused in one line (exit 2) and
// leave the folder as it was.
func TestNewRefusesAGameWithAnEngineABadNameAndAnyFileThereAndWritesNothing(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		game    string
		present string // a file already there, relative to the folder
		want    string
	}{
		{"a game with an engine", "nastrond", "", "nastrond is a game with a rules engine"},
		{"capitals", "Poster", "", `"Poster" cannot name a game`},
		{"an underscore", "po_ster", "", `"po_ster" cannot name a game`},
		{"a path", "../poster", "", `"../poster" cannot name a game`},
		{"the workbook there", "poster", "cardsrc/poster.xlsx", "poster.xlsx already exists"},
		{"the workbook saved by LibreOffice there", "poster", "cardsrc/poster.ods", "poster.ods already exists"},
		{"the layout there", "poster", "layout/poster.yaml", "poster.yaml already exists"},
		{"the rulebook there", "poster", "rules/poster/rulebook.md", "rulebook.md already exists"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			src := filepath.Join(dir, "cardsrc")
			if err := os.Mkdir(src, 0o755); err != nil {
				t.Fatal(err)
			}
			if tc.present != "" {
				p := filepath.Join(dir, tc.present)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil || os.WriteFile(p, []byte("the designer's own"), 0o644) != nil {
					t.Fatal(err)
				}
			}
			before := filesUnder(t, dir)
			r := bifrost(t, "new", tc.game, "--src", src, "--lang", "en")
			if r.code != 2 || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("new %s: exit %d %q, want exit 2 and one line with %q", tc.game, r.code, r.stderr, tc.want)
			}
			if after := filesUnder(t, dir); !maps.EqualFunc(before, after, bytes.Equal) {
				t.Errorf("new %s changed the folder: %v → %v", tc.game, before, after)
			}
		})
	}
}

// TestEveryCommandThatPlaysGamesSaysAPrintOnlyGameHasNoEngine proves that
// sim, ladder, sweep, replay, compare and effects refuse a print-only game in one
// line, in Japanese and in English, with exit 2 (the command cannot run),
// and that validate with no arguments takes it after the four games.
func TestEveryCommandThatPlaysGamesSaysAPrintOnlyGameHasNoEngine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(dir, "cardsrc")
	if err := os.Rename(copySrc(t), src); err != nil {
		t.Fatal(err)
	}
	if r := bifrost(t, "new", "poster", "--src", src); r.code != 0 {
		t.Fatalf("new: exit %d\n%s", r.code, r.stderr)
	}
	workbook := filepath.Join(src, "poster.xlsx")
	for _, args := range [][]string{
		{"sim", "poster", "--src", src},
		{"ladder", "poster", "--src", src},
		{"sweep", "poster", "--src", src, "--rule", "Title=a,b"},
		{"replay", "poster", "--src", src, "--seed", "1"},
		{"compare", workbook, workbook},
		{"effects", "poster", "--src", src},
	} {
		for lang, want := range map[string]string{"ja": "bifrost: poster にはルールエンジンがありません。", "en": "bifrost: poster has no rules engine:"} {
			r := bifrost(t, append(args, "--lang", lang)...)
			if r.code != 2 || !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("%s --lang %s: exit %d %q, want exit 2 and one line starting %q", strings.Join(args, " "), lang, r.code, r.stderr, want)
			}
		}
	}

	r := bifrost(t, "validate", "--src", src, "--lang", "en")
	if r.code != 0 {
		t.Fatalf("validate: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	var order []string
	for _, line := range strings.Split(r.stderr+r.stdout, "\n") {
		if game, _, ok := strings.Cut(line, ": "); ok && strings.Contains(line, "errors") {
			order = append(order, game)
		}
	}
	if want := []string{"valkyrie", "nastrond", "guardian", "bloodrage", "poster"}; !slices.Equal(order, want) {
		t.Errorf("validate with no arguments took %v, want %v\n%s", order, want, r.stderr)
	}
}

// TestWatchRebuildsAPrintOnlyGameWhenItsWorkbookIsSaved proves that watch
// follows a print-only game found beside --src as it follows the four: it
// builds it first, then again when its workbook is saved, and the new
// cards.pdf prints the renamed card.
func TestWatchRebuildsAPrintOnlyGameWhenItsWorkbookIsSaved(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(dir, "cardsrc")
	if r := bifrost(t, "new", "poster", "--src", src); r.code != 0 {
		t.Fatalf("new: exit %d\n%s", r.code, r.stderr)
	}
	out := filepath.Join(dir, "out")
	var errb syncBuffer
	ready := make(chan struct{})
	opts := &watchOptions{globalOptions: &globalOptions{lang: "en", stdout: io.Discard, stderr: &errb, registry: rules.All()},
		src: src, out: out, debounce: 50 * time.Millisecond, ready: func() { close(ready) }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- runWatch(ctx, opts, nil) }()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("watch stopped before it was ready: %v\n%s", err, errb.String())
	}
	if !strings.Contains(errb.String(), "poster: initial build\n") {
		t.Errorf("watch did not build the print-only game first:\n%s", errb.String())
	}
	edit(t, src, "poster", func(f *excelize.File) error { return f.SetCellValue("カード", "B3", "さいごのカード") })
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline) && strings.Count(errb.String(), "poster: wrote ") < 2; {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := errb.String(); !strings.Contains(got, "poster.xlsx") || strings.Count(got, "poster: wrote ") != 2 {
		t.Fatalf("watch did not rebuild poster once after its workbook was saved:\n%s", got)
	}
	needTool(t, "pdftotext", "poppler-utils")
	if text := readText(t, filepath.Join(out, "poster", "cards.pdf")); !strings.Contains(text, "さいごのカード") {
		t.Errorf("the rebuilt cards.pdf does not print the renamed card:\n%s", text)
	}
}
