package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// cardStrings are every cell of the shipped workbooks (the card data a
// command may echo in either language), longest first.
var cardStrings = sync.OnceValue(func() *strings.Replacer {
	seen := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(shippedSrc, "*.xlsx"))
	for _, f := range files {
		book, err := workbook.Open(f, f)
		if err != nil {
			panic(err)
		}
		for name, tab := range book.Sheets {
			seen[name] = true
			for _, h := range tab.Header {
				seen[h] = true
			}
			for _, r := range tab.Rows {
				for i := range tab.Header {
					seen[r.Cell(i)] = true
				}
			}
		}
	}
	var data []string
	for s := range seen {
		for _, part := range strings.Split(s, "\n") {
			part = strings.TrimSpace(part)
			if len([]rune(part)) >= 2 || schema.HasJapanese(part) {
				data = append(data, part)
				if n := schema.Normalize(part); n != part {
					data = append(data, n)
				}
			}
		}
	}
	sort.Slice(data, func(i, j int) bool {
		return len(data[i]) > len(data[j]) || len(data[i]) == len(data[j]) && data[i] < data[j]
	})
	var pairs []string
	for _, s := range data {
		pairs = append(pairs, s, "\x00")
	}
	return strings.NewReplacer(pairs...)
})

// notWords are what a Japanese line may hold in Latin letters without
// speaking English: file paths, flags, IDs and keys (with a digit, a dash
// or an inner capital), quoted values, placeholders of values (a,b,c or
// a..b), and the names of commands, games, bots, formats and units. They are cut out, so English words on either
// side of one still make a run.
var notWords = regexp.MustCompile(`\S*[/\\]\S*|\S+\.(xlsx|pdf|html|json|yaml|md|txt)\b|--?[a-z][\w-]*(=\S*)?|\b(?:[A-Za-z]+[\d_-][\w-]*|\d+[A-Za-z_-][\w-]*)\b|\b[A-Z]*[a-z]*[A-Z]\w*\b|"[^"]*"|'[^']*'|\b[a-z](?:(?:,|\.\.)[a-z])+\b|` +
	`\b(bifrost|validate|diff|sim|replay|ladder|compare|sweep|check|build|cards|rulebook|template|report|merge|watch|serve|tts|help|` +
	`valkyrie|nastrond|guardian|bloodrage|random|greedy|search|text|github|json|markdown|html|pdf|long|short|a4|letter|all|ja|en|` +
	`ok|pt|KB|MB|MiB|PDF|HTML|JSON|ID|HEAD|OLD|NEW|REV|GAME|FILE|LANG|git|xlsx|Ctrl|C|P|vs)\b`)

// styleSheet is an HTML page's style sheet, which speaks CSS, not a language.
var styleSheet = regexp.MustCompile(`(?s)<style>.*?</style>`)

// englishRun is three English words in a row.
var englishRun = regexp.MustCompile(`[A-Za-z]+(?:[ ,;:()'"\d.%]+[A-Za-z]+){2,}`)

// englishIn returns the English sentences of out, which should be Japanese.
func englishIn(out string) []string {
	var found []string
	for _, line := range strings.Split(cardStrings().Replace(out), "\n") {
		if m := englishRun.FindString(notWords.ReplaceAllString(line, "")); m != "" {
			found = append(found, strings.ReplaceAll(line, "\x00", "…")+"  ← "+m)
		}
	}
	return found
}

// japaneseIn returns the lines of out, which should be English, holding
// Japanese outside card data and quoted examples.
func japaneseIn(out string) []string {
	var found []string
	for _, line := range strings.Split(cardStrings().Replace(out), "\n") {
		if schema.HasJapanese(cardData.ReplaceAllString(line, "")) {
			found = append(found, strings.ReplaceAll(line, "\x00", "…"))
		}
	}
	return found
}

// speakCase is one command line to run in both languages; args makes its
// files in dir and returns the arguments.
type speakCase struct {
	name string
	args func(t *testing.T, dir string) []string
}

// neverPrinted lists, by case, what neither language may print: pflag's
// type names, a command line as a flag's placeholder, a wrong plural.
var neverPrinted = map[string][]string{
	"sim help":   {"--shard bifrost", "stringArray", "stringSlice"},
	"sweep help": {"stringArray", "stringSlice"},
	"tune help":  {"stringArray", "stringSlice"},
	"build":      {"(1 pages)"},
}

func fixed(args ...string) func(*testing.T, string) []string {
	return func(*testing.T, string) []string { return args }
}

// speakCases are, for every command, its usage errors, a normal run and
// the errors other packages report through it (workbooks, layouts, git,
// output files).
func speakCases(t *testing.T) []speakCase {
	// The workbooks play a check batch (check, build, watch) of 40 games,
	// not 600: it prints every kind of line the 600 print (cell warnings
	// included) and a failed verdict besides.
	src := quickSrc(t, 40)
	other := copyWorkbooks(t, src)
	breakCell(t, other, "nastrond", "Edda", "目標値", 3, 4)
	notZip := filepath.Join(t.TempDir(), "nastrond.xlsx")
	os.WriteFile(notZip, []byte("not a workbook"), 0o644)
	encrypted := filepath.Join(t.TempDir(), "guardian.xlsx")
	os.WriteFile(encrypted, []byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1 secret"), 0o644)
	_, gitSrc := committedWorkbook(t, "nastrond")
	noGit := copyWorkbooks(t, src)
	rules, _ := filepath.Abs("../../rules")
	layouts := func(yaml string) func(*testing.T, string) []string {
		return func(t *testing.T, dir string) []string {
			s := filepath.Join(dir, "cardsrc")
			os.MkdirAll(filepath.Join(dir, "layout"), 0o755)
			b, _ := os.ReadFile(filepath.Join(shippedSrc, "guardian.xlsx"))
			os.MkdirAll(s, 0o755)
			os.WriteFile(filepath.Join(s, "guardian.xlsx"), b, 0o644)
			os.WriteFile(filepath.Join(dir, "layout", "guardian.yaml"), []byte(yaml), 0o644)
			os.WriteFile(filepath.Join(dir, "layout", "junk.ttf"), []byte("not a font at all"), 0o644)
			os.WriteFile(filepath.Join(dir, "layout", "sans.otf"), []byte("OTTO and then nothing of use"), 0o644)
			return []string{"cards", "guardian", "--src", s, "--out", filepath.Join(dir, "out")}
		}
	}
	// art makes a folder holding nastrond's workbook and art/E1-01.png, made
	// by put, and cards it.
	art := func(put func(t *testing.T, png string)) func(*testing.T, string) []string {
		return func(t *testing.T, dir string) []string {
			s := filepath.Join(dir, "cardsrc")
			os.MkdirAll(filepath.Join(s, "art"), 0o755)
			b, _ := os.ReadFile(filepath.Join(shippedSrc, "nastrond.xlsx"))
			os.WriteFile(filepath.Join(s, "nastrond.xlsx"), b, 0o644)
			put(t, filepath.Join(s, "art", "E1-01.png"))
			return []string{"cards", "nastrond", "--src", s, "--out", filepath.Join(dir, "out")}
		}
	}
	return []speakCase{
		{"validate unknown game", fixed("validate", "monopoly")},
		{"validate a named pipe", func(t *testing.T, dir string) []string {
			p := filepath.Join(dir, "nastrond.xlsx")
			mkfifo(t, p)
			return []string{"validate", p}
		}},
		{"validate no workbook", fixed("validate", "nastrond", "--src", t.TempDir())},
		{"validate not a zip", fixed("validate", notZip)},
		{"validate encrypted", fixed("validate", encrypted)},
		{"validate a file of no game", func(t *testing.T, dir string) []string {
			p := filepath.Join(dir, "mine.xlsx")
			os.WriteFile(p, []byte("x"), 0o644)
			return []string{"validate", p}
		}},
		{"validate", fixed("validate", "--src", src)},
		{"validate problems", func(t *testing.T, dir string) []string {
			p := filepath.Join(dir, "nastrond.xlsx")
			bifrost(t, "template", "nastrond", "-o", p)
			return []string{"validate", p}
		}},
		{"init usage", fixed("init")},
		{"init", func(t *testing.T, dir string) []string { return []string{"init", filepath.Join(dir, "mine")} }},
		{"init over a workbook", func(t *testing.T, dir string) []string {
			os.MkdirAll(filepath.Join(dir, "cardsrc"), 0o755)
			os.WriteFile(filepath.Join(dir, "cardsrc", "nastrond.xlsx"), []byte("x"), 0o644)
			return []string{"init", dir}
		}},
		{"new usage", fixed("new")},
		{"new", func(t *testing.T, dir string) []string {
			return []string{"new", "poster", "--src", filepath.Join(dir, "cardsrc")}
		}},
		{"new a game with an engine", func(t *testing.T, dir string) []string { return []string{"new", "nastrond", "--src", dir} }},
		{"new a bad name", func(t *testing.T, dir string) []string { return []string{"new", "Poster", "--src", dir} }},
		{"new over a workbook", func(t *testing.T, dir string) []string {
			os.WriteFile(filepath.Join(dir, "poster.xlsx"), []byte("x"), 0o644)
			return []string{"new", "poster", "--src", dir}
		}},
		{"sim a print-only game", func(t *testing.T, dir string) []string {
			s := filepath.Join(dir, "cardsrc")
			bifrost(t, "new", "poster", "--src", s)
			return []string{"sim", "poster", "--src", s}
		}},
		{"diff usage", fixed("diff", "a.xlsx")},
		{"diff textconv usage", fixed("diff", "--textconv")},
		{"diff missing", fixed("diff", filepath.Join(src, "nastrond.xlsx"), filepath.Join(src, "nope.xlsx"))},
		{"diff", fixed("diff", filepath.Join(src, "nastrond.xlsx"), filepath.Join(other, "nastrond.xlsx"))},
		{"diff textconv", fixed("diff", "--textconv", filepath.Join(src, "guardian.xlsx"))},
		{"sim usage", fixed("sim")},
		{"sim players", fixed("sim", "nastrond", "--src", src, "--players", "9")},
		{"sim bots", fixed("sim", "nastrond", "--src", src, "--bots", "clever")},
		{"sim shard", fixed("sim", "nastrond", "--src", src, "--shard", "3/2")},
		{"sim", fixed("sim", "nastrond", "--src", src, "--games", "20")},
		{"sim help", fixed("sim", "--help")},
		{"replay usage", fixed("replay", "nastrond", "--src", src, "--index", "-1")},
		{"replay", fixed("replay", "guardian", "--src", src, "--players", "2")},
		{"ladder usage", fixed("ladder", "nastrond", "--src", src, "--bots", "random")},
		{"ladder", fixed("ladder", "nastrond", "--src", src, "--games", "10", "--bots", "random,greedy")},
		{"compare usage", fixed("compare")},
		{"effects usage", fixed("effects", "nastrond", "--src", src, "--games", "1")},
		{"effects", func(t *testing.T, dir string) []string {
			return []string{"effects", "nastrond", "--src", src, "--games", "40", "--out", dir}
		}},
		{"compare games", fixed("compare", "--base", "HEAD", "--src", gitSrc, "--games", "1")},
		{"compare outside git", fixed("compare", "--base", "HEAD", "--src", noGit, "nastrond", "--games", "20")},
		{"compare bad revision", fixed("compare", "--base", "no-such-rev", "--src", gitSrc, "nastrond", "--games", "20")},
		{"compare", fixed("compare", filepath.Join(src, "nastrond.xlsx"), filepath.Join(other, "nastrond.xlsx"), "--games", "20")},
		{"sweep usage", fixed("sweep", "nastrond", "--src", src)},
		{"sweep bad set", fixed("sweep", "nastrond", "--src", src, "--set", "nonsense")},
		{"sweep", fixed("sweep", "nastrond", "--src", src, "--rule", "TiwazVP=0,1", "--games", "10")},
		{"sweep html", fixed("sweep", "nastrond", "--src", src, "--rule", "TiwazVP=0,1", "--games", "10", "--format", "html")},
		{"compare html", fixed("compare", filepath.Join(src, "nastrond.xlsx"), filepath.Join(shippedSrc, "nastrond.xlsx"), "--games", "20", "--format", "html")},
		{"sweep help", fixed("sweep", "--help")},
		{"tune usage", fixed("tune", "nastrond", "--src", src)},
		{"tune bad free", fixed("tune", "nastrond", "--src", src, "--free", "Rules!TiwazVp=0..2")},
		{"tune", func(t *testing.T, dir string) []string {
			return []string{"tune", "nastrond", "--src", src, "--free", "Einherjar!EIN-104.スキル=1..2", "--rule", "TiwazVP=0..1", "--games", "40", "--out", dir}
		}},
		{"tune help", fixed("tune", "--help")},
		{"check usage", fixed("check", "nastrond")},
		{"check format", fixed("check", "--format", "xml")},
		{"check base outside git", func(t *testing.T, dir string) []string {
			return []string{"check", "--src", noGit, "--out", dir, "--base", "HEAD"}
		}},
		{"check", func(t *testing.T, dir string) []string {
			return []string{"check", "--src", src, "--out", dir}
		}},
		{"build usage", fixed("build", "monopoly")},
		{"build without rules", func(t *testing.T, dir string) []string {
			return []string{"build", "guardian", "--src", src, "--out", dir, "--rules", filepath.Join(dir, "none"), "--games", "10"}
		}},
		{"build", func(t *testing.T, dir string) []string {
			return []string{"build", "guardian", "--src", src, "--out", dir, "--rules", rules, "--games", "10"}
		}},
		{"cards usage", fixed("cards")},
		{"cards paper", fixed("cards", "guardian", "--src", src, "--paper", "b5")},
		{"cards output", fixed("cards", "guardian", "--src", src, "--output", "cards.txt")},
		{"cards output per card", fixed("cards", "guardian", "--src", src, "--output", "x.pdf", "--per-card")},
		{"cards changed outside git", func(t *testing.T, dir string) []string {
			return []string{"cards", "nastrond", "--src", noGit, "--out", dir, "--changed-since", "HEAD"}
		}},
		{"cards", func(t *testing.T, dir string) []string {
			return []string{"cards", "guardian", "--src", src, "--out", dir}
		}},
		{"cards out is a file", func(t *testing.T, dir string) []string {
			f := filepath.Join(dir, "file")
			os.WriteFile(f, nil, 0o644)
			return []string{"cards", "guardian", "--src", src, "--out", f}
		}},
		{"cards broken art", art(func(t *testing.T, png string) { os.WriteFile(png, []byte("not an image"), 0o644) })},
		{"cards art a named pipe", art(mkfifo)},
		{"cards layout yaml", layouts("game: guardian\nkinds: [\n")},
		{"cards layout fonts that cannot be used", layouts("game: guardian\nfonts:\n  body: {file: junk.ttf}\n  head: {file: sans.otf}\n  gone: {file: gone.ttf}\n")},
		{"cards layout unknown key", layouts("game: guardian\ncolour: red\n")},
		{"cards layout bad values", layouts("game: nastrond\nkinds:\n  - name: x\n    sheet: Nope\n    each: column\n    copies: 500\n    face:\n      - {type: blob}\n      - {type: text, x: 0, y: 0, w: 10, h: 10, align: up, size: 900}\n")},
		{"rulebook usage", fixed("rulebook", "monopoly")},
		{"rulebook", func(t *testing.T, dir string) []string {
			return []string{"rulebook", "guardian", "--src", src, "--out", dir, "--rules", rules, "--format", "html"}
		}},
		{"template usage", fixed("template", "nastrond")},
		{"template exists", fixed("template", "nastrond", "-o", filepath.Join(src, "nastrond.xlsx"))},
		{"template", func(t *testing.T, dir string) []string {
			return []string{"template", "guardian", "-o", filepath.Join(dir, "g.xlsx")}
		}},
		{"report merge usage", fixed("report", "merge")},
		{"report merge not a report", fixed("report", "merge", filepath.Join(src, "nastrond.xlsx"))},
		{"report merge of no game", func(t *testing.T, dir string) []string {
			f := filepath.Join(dir, "r.json")
			os.WriteFile(f, []byte(`{"game": "monopoly", "raw": {"x": 1}}`), 0o644)
			return []string{"report", "merge", f}
		}},
		{"report merge", func(t *testing.T, dir string) []string {
			var files []string
			for _, s := range []string{"1/2", "2/2"} {
				r := bifrost(t, "sim", "nastrond", "--src", src, "--games", "20", "--json", "--shard", s)
				f := filepath.Join(dir, s[:1]+".json")
				os.WriteFile(f, []byte(r.stdout), 0o644)
				files = append(files, f)
			}
			return append([]string{"report", "merge", "--src", src}, files...)
		}},
		{"report merge of two batches", func(t *testing.T, dir string) []string {
			var files []string
			for _, seed := range []string{"1", "2"} {
				r := bifrost(t, "sim", "nastrond", "--src", src, "--games", "10", "--json", "--seed", seed, "--shard", seed+"/2")
				f := filepath.Join(dir, seed+".json")
				os.WriteFile(f, []byte(r.stdout), 0o644)
				files = append(files, f)
			}
			return append([]string{"report", "merge", "--src", src}, files...)
		}},
		{"serve usage", fixed("serve", "guardian", "--src", src, "--port", "70000")},
		{"serve", fixed("serve", "guardian", "--src", src, "--rules", rules, "--games", "10")},
		{"tts usage", func(t *testing.T, dir string) []string {
			return []string{"tts", "guardian", "--src", src, "--out", dir, "--base-url", "not-a-url"}
		}},
		{"tts", func(t *testing.T, dir string) []string {
			return []string{"tts", "guardian", "--src", src, "--out", dir}
		}},
		{"watch usage", fixed("watch", "monopoly")},
		{"watch", func(t *testing.T, dir string) []string {
			return []string{"watch", "guardian", "--src", src, "--out", dir, "--rules", rules}
		}},
	}
}

// speak runs args to the end, or for watch and serve until they say how
// to stop them.
func speak(t *testing.T, args []string) result {
	t.Helper()
	if args[0] != "watch" && args[0] != "serve" || slices.Contains(args, "--port") || len(args) < 3 {
		return bifrost(t, args...)
	}
	var out, errb syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- exitCode(newRootCmd(&out, &errb, args, rules.All()).ExecuteContext(ctx), &errb)
	}()
	// Until it says it is up (then stop it), or it ends by itself (a
	// usage error).
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(errb.String(), "Ctrl-C") && time.Now().Before(deadline) {
		select {
		case code := <-done:
			cancel()
			return result{out.String(), errb.String(), code}
		case <-time.After(20 * time.Millisecond):
		}
	}
	cancel()
	code := <-done
	return result{out.String(), errb.String(), code}
}

// japaneseEnv makes the environment ask for Japanese, as a designer's does.
func japaneseEnv(t *testing.T) { langEnv(t, "ja_JP.UTF-8") }

// langEnv sets the environment's language to LANG=lang.
func langEnv(t *testing.T, lang string) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", lang)
}

// TestNoCommandSpeaksTheOtherLanguage runs every command's usage
// errors, a normal run and the errors of the packages below it, under
// LANG=ja_JP.UTF-8, with --lang ja where the environment asks for English,
// and with --lang en where it asks for Japanese: the Japanese output holds
// no English sentence, the English none of Japanese but card data, and
// neither prints what neverPrinted lists.
func TestNoCommandSpeaksTheOtherLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command twice")
	}
	japaneseEnv(t)
	cases := speakCases(t)
	for _, path := range commandPaths() {
		if len(path) == 0 || path[0] == "report" && len(path) == 1 {
			continue
		}
		if !slices.ContainsFunc(cases, func(c speakCase) bool { return strings.HasPrefix(c.name, strings.Join(path, " ")) }) {
			t.Errorf("command %v has no case", path)
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { speaksItsLanguage(t, c) })
	}
}

func speaksItsLanguage(t *testing.T, c speakCase) {
	args := c.args(t, t.TempDir())
	japaneseEnv(t)
	ja := speak(t, args)
	langEnv(t, "en_US.UTF-8")
	jaFlag := speak(t, append(c.args(t, t.TempDir()), "--lang", "ja"))
	japaneseEnv(t)
	en := speak(t, append(c.args(t, t.TempDir()), "--lang", "en"))
	runs := []struct {
		how string
		r   result
		bad func(string) []string
	}{
		{"under LANG=ja_JP.UTF-8", ja, englishIn},
		{"with --lang ja under LANG=en_US.UTF-8", jaFlag, englishIn},
		{"with --lang en under LANG=ja_JP.UTF-8", en, japaneseIn},
	}
	for _, run := range runs {
		out := styleSheet.ReplaceAllString(run.r.stdout+run.r.stderr, "")
		if out == "" {
			t.Errorf("%v %s printed nothing (exit %d)", args, run.how, run.r.code)
		}
		if run.r.code != ja.code {
			t.Errorf("%v: exit %d %s, %d under LANG=ja_JP.UTF-8", args, run.r.code, run.how, ja.code)
		}
		for _, s := range run.bad(out) {
			t.Errorf("%s prints the other language:\n  %s", run.how, s)
		}
		for _, s := range neverPrinted[c.name] {
			if strings.Contains(out, s) {
				t.Errorf("%s prints %q", run.how, s)
			}
		}
	}
}

// TestTheDetectorFlagsAPlantedMessage plants an English message
// in the Japanese catalogue and a Japanese one in the English, runs the
// command through the CLI, and wants the detectors to notice; and wants
// them silent on the true messages.
func TestTheDetectorFlagsAPlantedMessage(t *testing.T) {
	japaneseEnv(t)
	real := messages["args_count"]
	t.Cleanup(func() { messages["args_count"] = real })
	if r := bifrost(t, "cards"); len(englishIn(r.stderr)) != 0 || len(japaneseIn(bifrost(t, "cards", "--lang", "en").stderr)) != 0 {
		t.Fatalf("the detectors flag the true message: %q", r.stderr)
	}
	messages["args_count"] = [2]string{"wrong number of arguments (want %d, got %d)", real[1]}
	if r := bifrost(t, "cards"); len(englishIn(r.stderr)) != 1 {
		t.Errorf("a planted English message is not flagged: %q", r.stderr)
	}
	messages["args_count"] = [2]string{real[0], "引数の数が違います（%d 個必要ですが %d 個あります）"}
	if r := bifrost(t, "cards", "--lang", "en"); len(japaneseIn(r.stderr)) != 1 {
		t.Errorf("a planted Japanese message is not flagged: %q", r.stderr)
	}
	for _, s := range []string{"bifrost: stat rules/x/rulebook.md: no such file or directory", "guardian: wrote 3 files in all", `unknown game "monopoly" (want valkyrie, nastrond, guardian or bloodrage)`} {
		if len(englishIn(s)) != 1 {
			t.Errorf("englishIn(%q) finds nothing", s)
		}
	}
	for _, s := range []string{"guardian：ボット random で 600 ゲーム", "/tmp/out/guardian/cards.pdf（36ページ）", "--only：guardian に ID NOPE のカードはありません", "TestData: Edda!E1-05 は OK", "--rule キー=a,b,c   Rules の変数とその値"} {
		if got := englishIn(s); len(got) != 0 {
			t.Errorf("englishIn(%q) = %q", s, got)
		}
	}
}

// An unknown game is refused in the command's language by every command
// that names one, the engines' registry (sim, replay, ladder) included, and
// the games it lists come from the registry.
func TestUnknownGameIsRefusedInTheCommandsLanguage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"sim", "monopoly"}, {"replay", "monopoly", "--seed", "1", "--players", "2"}, {"ladder", "monopoly"}, {"effects", "monopoly"},
		{"cards", "monopoly"}, {"rulebook", "monopoly"}, {"template", "monopoly", "-o", filepath.Join(t.TempDir(), "m.xlsx")},
	} {
		for _, lang := range []string{"ja", "en"} {
			r := bifrost(t, append([]string{"--lang", lang}, args...)...)
			bad := englishIn(r.stderr)
			if lang == "en" {
				bad = japaneseIn(r.stderr)
			}
			if r.code != 2 || len(bad) > 0 || !strings.Contains(r.stderr, "monopoly") || !strings.Contains(r.stderr, "bloodrage") {
				t.Errorf("%s --lang %s: exit %d, other language %q:\n%s", args[0], lang, r.code, bad, r.stderr)
			}
		}
	}
}
