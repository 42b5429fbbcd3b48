package main

import (
	"bifrost/rules"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/spf13/cobra"
)

// verb matches a fmt verb (not %%).
var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?(\[\d+\])?[a-zA-Z]`)

// cardData matches a quoted example of what a designer types, such as a
// Japanese column name: English messages may quote it.
var cardData = regexp.MustCompile(`'[^']*'`)

func japanese(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) || (r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
	})
}

func TestEveryMessageHasJapaneseAndEnglish(t *testing.T) {
	t.Parallel()
	for key, m := range messages {
		ja, en := m[0], m[1]
		if ja == "" || en == "" {
			t.Errorf("%s: a form is empty: ja %q, en %q", key, ja, en)
			continue
		}
		if !japanese(ja) && ja != en {
			t.Errorf("%s: the Japanese form %q has no Japanese", key, ja)
		}
		if japanese(cardData.ReplaceAllString(en, "")) {
			t.Errorf("%s: the English form %q has Japanese outside a quoted example", key, en)
		}
		if a, b := len(verb.FindAllString(strings.ReplaceAll(ja, "%%", ""), -1)), len(verb.FindAllString(strings.ReplaceAll(en, "%%", ""), -1)); a != b {
			t.Errorf("%s: %d arguments in Japanese, %d in English", key, a, b)
		}
	}
}

func TestCommandsSpeakTheChosenLanguage(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	existing := filepath.Join(t.TempDir(), "mine.xlsx")
	os.WriteFile(existing, []byte("data"), 0o644)
	for _, tt := range []struct {
		args   []string
		ja, en string
	}{
		{[]string{"validate", "monopoly"}, "「monopoly」というゲームはありません", `unknown game "monopoly"`},
		{[]string{"template", "nastrond"}, "template には出力先 -o ファイル.xlsx が必要です", "template needs -o FILE.xlsx"},
		{[]string{"template", "nastrond", "-o", existing}, existing + " はすでにあります", existing + " already exists"},
		{[]string{"cards"}, "引数の数が違います（1 個必要ですが 0 個あります）", "wrong number of arguments (want 1, got 0)"},
		{[]string{"check", "--format", "xml"}, "--format「xml」は使えません", `--format "xml": want text, github, json`},
		{[]string{"cards", "guardian", "--src", src, "--out", filepath.Join(src, "out")}, "の中には書き込みません", "refusing to write inside the source folder"},
		{[]string{"cards", "guardian", "--src", t.TempDir()}, "ブックが見つかりません", "no such workbook"},
		{[]string{"cards", "guardian", "--src", src, "--paper", "b5"}, "用紙「b5」は使えません", `unknown paper "b5"`},
		{[]string{"validate", "--bogus"}, "--bogus というフラグはありません", "unknown flag --bogus"},
		{[]string{"valdate"}, "「valdate」というコマンドはありません。validate のことですか？", `unknown command "valdate"; did you mean validate?`},
		{[]string{"frobnicate"}, "「frobnicate」というコマンドはありません", `unknown command "frobnicate"`},
		{[]string{"cards", "guardian", "--src", src, "--out", t.TempDir(), "--only", "NOPE"}, "--only：guardian に ID NOPE のカードはありません", "--only: guardian has no card NOPE"},
	} {
		ja := bifrost(t, append([]string{"--lang", "ja"}, tt.args...)...)
		en := bifrost(t, append([]string{"--lang", "en"}, tt.args...)...)
		if ja.code != 2 || !strings.Contains(ja.stderr, tt.ja) || strings.Contains(ja.stderr, tt.en) {
			t.Errorf("%v --lang ja: exit %d, stderr %q; want 2 and %q", tt.args, ja.code, ja.stderr, tt.ja)
		}
		if en.code != 2 || !strings.Contains(en.stderr, tt.en) || japanese(strings.ReplaceAll(en.stderr, src, "")) {
			t.Errorf("%v --lang en: exit %d, stderr %q; want 2 and %q, no Japanese", tt.args, en.code, en.stderr, tt.en)
		}
	}
	ja := bifrost(t, "validate", "nastrond", "--src", src, "--lang", "ja")
	en := bifrost(t, "validate", "nastrond", "--src", src, "--lang", "en")
	if !strings.Contains(ja.stderr, "エラー 0 件、警告 0 件") || !strings.Contains(en.stderr, "0 errors, 0 warnings") {
		t.Errorf("validate summaries: ja %q, en %q", ja.stderr, en.stderr)
	}
}

// TestEveryKeyTheCommandsUseIsInTheCatalogue reads the commands'
// sources: a key missing from the catalogue would panic when printed.
func TestEveryKeyTheCommandsUseIsInTheCatalogue(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	use := regexp.MustCompile(`(?:msgErr\(|\.msg\(|say\(|render\(\w+, )"([a-z_]+)"`)
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range use.FindAllStringSubmatch(string(src), -1) {
			n++
			if _, ok := messages[m[1]]; !ok {
				t.Errorf("%s uses message %q, which the catalogue lacks", f, m[1])
			}
		}
	}
	if n < 40 {
		t.Errorf("found only %d uses of the catalogue; is the pattern stale?", n)
	}
}

// helpAllowed are what an English-free Japanese text may still hold: flags,
// command lines and placeholders, file names and paths, quoted values,
// Rules keys, and the technical names of formats, tools and methods.
var helpAllowed = regexp.MustCompile(`--?[\w-]+(=\S+)?|\[[^\]]*\]|<[^>]*>|"[^"]*"|'[^']*'|` + "`[^`]*`" + `|\S*[/.~$]\S*|\b[A-Z]\w*[A-Z]\w*\b|\b(bifrost|build|cards|check|compare|diff|help|ladder|replay|report|merge|rulebook|sim|sweep|template|validate|watch|ja|en|LANG|GAME|FILE|REV|OLD|NEW|ID|PDF|HTML|JSON|CI|DRAFT|Excel|LibreOffice|Wilson|Benjamini|Hochberg|Ctrl|C|git|pdf|html|json|text|github|markdown|long|short|a4|letter|all|random|greedy|S|i|n|Rules|valkyrie)\b`)

// englishSentence is two English words in a row.
var englishSentence = regexp.MustCompile(`[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,})+`)

// commandPaths lists every command of the tree, as arguments.
func commandPaths() [][]string {
	var out [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		out = append(out, path)
		for _, s := range c.Commands() {
			walk(s, append(slices.Clone(path), s.Name()))
		}
	}
	walk(newRootCmd(io.Discard, io.Discard, nil, rules.All()), nil)
	return out
}

// TestHelpAndFlagErrorsSpeakTheChosenLanguage runs every command's
// --help and an unknown flag (before --lang, which is read all the same) in
// both languages: Japanese help and errors hold no English sentence, English
// ones no Japanese outside a quoted example of card data.
func TestHelpAndFlagErrorsSpeakTheChosenLanguage(t *testing.T) {
	t.Parallel()
	paths := commandPaths()
	if len(paths) < 15 {
		t.Fatalf("only %d commands found", len(paths))
	}
	for _, path := range paths {
		for _, lang := range []string{"ja", "en"} {
			help := bifrost(t, append(slices.Clone(path), "--help", "--lang", lang)...)
			bad := bifrost(t, append(slices.Clone(path), "--bogus", "--lang", lang)...)
			if help.code != 0 || bad.code != 2 {
				t.Errorf("%v %s: --help exit %d, --bogus exit %d; want 0 and 2", path, lang, help.code, bad.code)
			}
			for _, out := range []string{help.stdout, bad.stderr} {
				if lang == "en" {
					if japanese(cardData.ReplaceAllString(out, "")) {
						t.Errorf("%v --lang en prints Japanese:\n%s", path, out)
					}
					continue
				}
				if !japanese(out) {
					t.Errorf("%v --lang ja prints no Japanese:\n%s", path, out)
				}
				for _, line := range strings.Split(out, "\n") {
					if m := englishSentence.FindString(helpAllowed.ReplaceAllString(line, " ")); m != "" {
						t.Errorf("%v --lang ja: English %q in %q", path, m, line)
					}
				}
			}
		}
	}
	// Each pflag error has its own message, not just a prefix.
	for _, tt := range []struct {
		args   []string
		ja, en string
	}{
		{[]string{"validate", "--bogus"}, "--bogus というフラグはありません", "unknown flag --bogus"},
		{[]string{"validate", "-z"}, "-z というフラグはありません", "unknown flag -z"},
		{[]string{"validate", "--src"}, "--src には値が必要です", "flag --src needs a value"},
		{[]string{"sim", "nastrond", "--games", "many"}, "--games の値「many」が不正です", `invalid value "many" for --games`},
	} {
		ja := bifrost(t, append([]string{"--lang=ja"}, tt.args...)...)
		en := bifrost(t, append([]string{"--lang=en"}, tt.args...)...)
		if !strings.Contains(ja.stderr, tt.ja) || !strings.Contains(en.stderr, tt.en) {
			t.Errorf("%v: ja %q, en %q; want %q and %q", tt.args, ja.stderr, en.stderr, tt.ja, tt.en)
		}
	}
}

// flagLine is a flag's line of help: the flag, the name of its value (none
// for a switch), then the usage after a gap.
var flagLine = regexp.MustCompile(`^\s+(?:-\w, )?--[\w-]+(?: (\S+))?   +\S`)

// goTypes are the Go type names pflag shows for a value nothing names.
var goTypes = regexp.MustCompile(`^(string|strings|stringArray|stringSlice|int|int64|uint|uint64|float|float64|duration|bool|文字列|一覧)$`)

// TestEveryFlagNamesItsValue runs every command's --help in both
// languages: each flag that takes a value names it in one word (i/n, DIR,
// Key=a,b,c, フォルダ), not with a Go type (string, stringArray, uint) nor
// with words of its usage.
func TestEveryFlagNamesItsValue(t *testing.T) {
	t.Parallel()
	for _, path := range commandPaths() {
		for _, lang := range []string{"ja", "en"} {
			help := bifrost(t, append(slices.Clone(path), "--help", "--lang", lang)...)
			for _, line := range strings.Split(help.stdout, "\n") {
				if !strings.HasPrefix(line, "  ") || !strings.HasPrefix(strings.TrimSpace(line), "-") {
					continue // not a flag's line: a usage line or Long text
				}
				m := flagLine.FindStringSubmatch(line)
				if m == nil || goTypes.MatchString(m[1]) {
					t.Errorf("%v --lang %s: %q does not name its value", path, lang, line)
				}
			}
		}
	}
	for lang, want := range map[string][]string{
		"en": {"--shard i/n ", "--rule Key=a,b,c ", "--set 'Sheet!ID.column=a..b' ", "--seed N "},
		"ja": {"--shard i/n ", "--rule キー=a,b,c ", "--set 'シート!ID.列=a..b' ", "--seed 整数 "},
	} {
		help := bifrost(t, "sim", "--help", "--lang", lang).stdout + bifrost(t, "sweep", "--help", "--lang", lang).stdout
		for _, w := range want {
			if !strings.Contains(help, w) {
				t.Errorf("--lang %s: sim and sweep --help lack %q", lang, w)
			}
		}
	}
}
