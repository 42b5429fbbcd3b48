package schema

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/go-playground/locales/en"
	"github.com/go-playground/locales/ja"
	ut "github.com/go-playground/universal-translator"
	"github.com/go-playground/validator/v10"
	en_translations "github.com/go-playground/validator/v10/translations/en"
	ja_translations "github.com/go-playground/validator/v10/translations/ja"
)

// Lang renders messages in one language: Japanese ("ja") or English ("en").
// It also holds the struct validator, whose messages come from validator's
// own translations with the column header as the field name; it is built
// the first time a workbook is decoded, so that a Lang costs nothing to make.
type Lang struct {
	tag  string
	v    *structValidator // shared by the copies With makes
	game Catalogue        // the messages of the game being validated (see With)
}

// structValidator is a Lang's validator, built when first used.
type structValidator struct {
	once  sync.Once
	valid *validator.Validate
	trans ut.Translator
}

// Japanese and English are the two languages, for code that renders a
// message in both (a report's two forms, a Word built from replay text).
var Japanese, English = NewLang("ja"), NewLang("en")

// NewLang returns the Lang for "ja" or "en"; anything else falls back to Japanese.
func NewLang(tag string) *Lang {
	l := &Lang{tag: "ja", v: &structValidator{}}
	if strings.HasPrefix(strings.ToLower(tag), "en") {
		l.tag = "en"
	}
	return l
}

// validator returns l's struct validator and its translator.
func (l *Lang) validator() (*validator.Validate, ut.Translator) {
	l.v.once.Do(func() {
		uni := ut.New(en.New(), en.New(), ja.New())
		l.v.trans, _ = uni.GetTranslator(l.tag)
		l.v.valid = validator.New(validator.WithRequiredStructEnabled())
		l.v.valid.RegisterTagNameFunc(func(f reflect.StructField) string {
			parts := strings.Split(f.Tag.Get("xlsx"), ",")
			if l.tag == "en" && len(parts) > 1 {
				return parts[1]
			}
			return parts[0]
		})
		var err error
		if l.tag == "en" {
			err = en_translations.RegisterDefaultTranslations(l.v.valid, l.v.trans)
		} else {
			err = ja_translations.RegisterDefaultTranslations(l.v.valid, l.v.trans)
		}
		if err != nil {
			panic("schema: validator translations: " + err.Error())
		}
	})
	return l.v.valid, l.v.trans
}

// LangFromEnv picks the language from LC_ALL, LC_MESSAGES or LANG, as a
// POSIX program would: "en_US.UTF-8" gives English, anything else Japanese.
func LangFromEnv() string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(k); v != "" {
			if strings.HasPrefix(v, "en") || v == "C" || v == "POSIX" || strings.HasPrefix(v, "C.") {
				return "en"
			}
			return "ja"
		}
	}
	return "ja"
}

// English reports whether l renders English; a nil Lang renders Japanese,
// the default.
func (l *Lang) English() bool { return l != nil && l.tag == "en" }

// Tag returns "ja" or "en".
func (l *Lang) Tag() string {
	if l.English() {
		return "en"
	}
	return "ja"
}

// Pick returns ja or en, whichever is in l's language.
func (l *Lang) Pick(ja, en string) string {
	if l.English() {
		return en
	}
	return ja
}

// Sprintf formats with ja or en, whichever is in l's language; the two
// formats take the same arguments. An argument that speaks both languages
// (a Word, a Message, any error or value with an In(*Lang) method) is put
// into l's words; an error is rendered as ErrText renders it.
func (l *Lang) Sprintf(ja, en string, args ...any) string {
	f := l.Pick(ja, en)
	local, cloned := args, false
	for i, a := range args {
		var s string
		switch a := a.(type) {
		case error:
			s = l.ErrText(a)
		case interface{ In(*Lang) string }:
			s = a.In(l)
		default:
			continue
		}
		if !cloned {
			local, cloned = slices.Clone(args), true
		}
		local[i] = s
	}
	return fmt.Sprintf(f, local...)
}

// Word is a word or phrase with a Japanese and an English form (in that
// order), such as the name of a zone, to be given to Sprintf or Errorf.
type Word [2]string

// In returns the form in l's language.
func (w Word) In(l *Lang) string { return l.Pick(w[0], w[1]) }

func (w Word) String() string { return w[1] }

// Noun is a counted thing as three fmt formats of its count: Japanese
// (one form for any number), English plural and English singular, e.g.
// Noun{"%d ゲーム", "%d games", "%d game"}.
type Noun [3]string

// Of is k of the noun as a Word: 「3 ゲーム」, "3 games", "1 game".
func (n Noun) Of(k int) Word {
	en := n[1]
	if k == 1 {
		en = n[2]
	}
	return Word{fmt.Sprintf(n[0], k), fmt.Sprintf(en, k)}
}

// YesNo is a flag as a Word: はい/いいえ, true/false.
func YesNo(b bool) Word {
	if b {
		return Word{"はい", "true"}
	}
	return Word{"いいえ", "false"}
}

// Msg renders the catalog message key with args, in l's language. A string
// argument the message quotes (%q, or 「%s」 in Japanese) echoes what the
// designer wrote, and is cut to EchoLimit characters (see Echo).
func (l *Lang) Msg(key string, args ...any) string {
	m, ok := catalog[key]
	if !ok {
		m, ok = l.game[key]
	}
	if !ok {
		return key + fmt.Sprint(args...)
	}
	f := m[0]
	if l.English() {
		f = m[1]
	}
	quoted := quotedArgs(m[0], m[1])
	args = slices.Clone(args)
	for i, a := range args {
		if s, isStr := a.(string); isStr && quoted[i] {
			args[i] = Echo(s)
		}
	}
	return fmt.Sprintf(f, args...)
}

// EchoLimit is how many characters of a cell a message repeats.
const EchoLimit = 40

// Echo cuts s to EchoLimit characters, marking the cut with "…", so that a
// message never repeats a whole page-long cell, and shows its invisible
// characters (see Visible).
func Echo(s string) string {
	n := 0
	for i := range s {
		if n == EchoLimit {
			return Visible(s[:i]) + "…"
		}
		n++
	}
	return Visible(s)
}

// Visible writes the control and format characters of s (a right-to-left
// override, a zero-width space, a terminal escape) as [U+202E] and the
// like, so that an echoed cell can neither reorder nor hide the text
// around it.
func Visible(s string) string {
	if !strings.ContainsFunc(s, invisible) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if invisible(r) {
			fmt.Fprintf(&b, "[U+%04X]", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func invisible(r rune) bool {
	return r != '\n' && r != '\t' && (unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r))
}

// quotedArgs reports which arguments (0-based) either format quotes: a %q
// verb, or a verb right after 「.
func quotedArgs(formats ...string) map[int]bool {
	out := map[int]bool{}
	for _, f := range formats {
		next := 0
		for i := 0; i < len(f); i++ {
			if f[i] != '%' {
				continue
			}
			open := strings.HasSuffix(f[:i], "「")
			i++
			for i < len(f) && strings.IndexByte("+-# 0.123456789", f[i]) >= 0 {
				i++
			}
			if i < len(f) && f[i] == '[' {
				end := strings.IndexByte(f[i:], ']')
				if end < 0 {
					break
				}
				fmt.Sscan(f[i+1:i+end], &next)
				next--
				i += end + 1
			}
			if i >= len(f) || f[i] == '%' {
				continue
			}
			if f[i] == 'q' || open {
				out[next] = true
			}
			next++
		}
	}
	return out
}

// Got renders " (got X)" or "（入力値: X）" for the end of a message; X is
// cut as Echo cuts it.
func (l *Lang) Got(v string) string {
	if l.English() {
		return fmt.Sprintf(" (got %q)", Echo(v))
	}
	return fmt.Sprintf("（入力値: 「%s」）", Echo(v))
}

// span renders a parser count or range, "2" or "1..2", as "2" or "1〜2"
// ("1 to 2" in English).
func (l *Lang) span(s string) string {
	lo, hi, ok := strings.Cut(s, "..")
	if !ok {
		return s
	}
	if l.English() {
		return lo + " to " + hi
	}
	return lo + "〜" + hi
}

// grammarWords names, in Japanese and English, what the effect parser
// wants when it wants a kind of word (effect.Problem.Want).
var grammarWords = map[string][2]string{
	"verb":        {"動詞", "a verb"},
	"condition":   {"条件", "a condition"},
	"trigger":     {"タイミング", "a trigger"},
	"argument":    {"引数", "an argument"},
	"number":      {"数", "a number"},
	"card ID":     {"カードの ID", "a card ID"},
	"quoted text": {"「」で囲んだ文", "text in quotes"},
}

// wanted renders what the effect parser wanted (effect.Problem.Want) in plain
// words: "1..8" as 1〜8 の整数, "Assist|Battle" with the values' card text
// (labels, "|"-separated like want), and the grammar's words in the
// designer's language.
func (l *Lang) wanted(want, labels string) string {
	switch {
	case want == "integer":
		return l.Pick("整数", "a whole number")
	case strings.HasSuffix(want, ".."):
		n := strings.TrimSuffix(want, "..")
		return l.Sprintf("%s 以上の整数", "a whole number of %s or more", n)
	case strings.Contains(want, ".."):
		return l.Sprintf("%s の整数", "a whole number from %s", l.span(want))
	case strings.Contains(want, "|"):
		values, names := strings.Split(want, "|"), strings.Split(labels, "|")
		if l.English() { // the Japanese form adds each value's card text
			return "one of " + strings.Join(values, ", ")
		}
		for i, v := range values {
			if i < len(names) && names[i] != "" && !strings.Contains(names[i], v) {
				values[i] = v + "（" + names[i] + "）"
			}
		}
		return strings.Join(values, "・") + " のどれか"
	}
	if w, ok := grammarWords[want]; ok {
		return l.Pick(w[0], w[1])
	}
	return l.Sprintf("「%s」", "%q", want)
}

// List joins names the way the language lists them: "a、b" or "a, b".
func (l *Lang) List(names []string) string { return strings.Join(names, l.Pick("、", ", ")) }

// catalog holds every message that validator's translations do not cover,
// but for each game's own: a game's Messages reach Msg through With.
var catalog = coreMessages

// With returns a copy of l whose Msg also renders the messages of game, a
// game's own catalogue. It panics if game defines a key the catalog or l's
// game messages already define, which is a programming error.
func (l *Lang) With(game Catalogue) *Lang {
	w := *l
	w.game = merge(catalog, l.game, game)
	for k := range catalog {
		delete(w.game, k)
	}
	return &w
}

func merge(tables ...Catalogue) Catalogue {
	out := Catalogue{}
	for _, t := range tables {
		for k, v := range t {
			if _, dup := out[k]; dup {
				panic("schema: message key defined twice: " + k)
			}
			out[k] = v
		}
	}
	return out
}

var coreMessages = Catalogue{
	"required":             {"%sは必須です", "%s is required"},
	"not_int":              {"%sは整数で入力してください", "%s must be a whole number"},
	"not_bool":             {"%sは ○か× で入力してください", "%s must be ○ or × (TRUE/FALSE)"},
	"text_gap_empty":       {"テキストには能力が書かれていますが、%s が空欄です。シミュレーションはこのカードを能力なしで遊びます（テキスト：「%s」）", "the text describes an ability but %s is empty: the simulations play this card without it (text: %q)"},
	"text_gap_short":       {"テキストの文は %d 個ですが、効果の節は %d 個です。シミュレーションは書かれていない部分なしで遊びます（テキストの最後の文：「%s」）", "the text has %d sentences but the effect only %d clauses: the simulations play this card without the rest (the text's last sentence: %q)"},
	"dup_id":               {"ID「%s」が重複しています（最初は %d 行目）", "duplicate ID %q (first used on row %d)"},
	"no_id":                {"データがあるのに ID がありません", "row has data but no ID"},
	"missing_column_near":  {"必須の列「%s」（%s）がありません（見出し「%s」のことですか？）", "missing required column %q (%s) (did you mean the header %q?)"},
	"header_not_first_row": {"見出しは1行目に置いてください。%d 行目が見出しのようです（1行目：「%s」）", "put the header on row 1: row %d looks like the header (row 1: %q)"},
	"missing_column":       {"必須の列「%s」（%s）がありません", "missing required column %q (%s)"},
	"dup_column":           {"列「%s」が2回あります（最初は %s 列）", "column %q appears twice (first in column %s)"},
	"missing_sheet":        {"必須のシート「%s」（%s）がありません", "missing required sheet %q (%s)"},
	"print_only":           {"シート「%s」はゲームの定義にないので、印刷だけのシートとして扱います（ID・枚数・印刷する文字を検証し、シミュレーションでは使いません）", "sheet %q is not part of the game's definition: it is printed only (its IDs, copies and printed text are checked; the simulations never use it)"},
	"print_only_no_id":     {"シート「%s」はゲームの定義になく、ID の列もないので、印刷も検証もしません。カードとして印刷するには、1行目に ID の列（あれば 枚数 の列）を置き、layout/<ゲーム>.yaml の kinds にこのシートの種類を加えてください", "sheet %q is not part of the game's definition and has no ID column, so it is neither printed nor checked; to print it as cards, put an ID column (and optionally a Copies column) in row 1 and add a kind for it to layout/<game>.yaml"},
	"bad_enum":             {"%sは %s のどれかにしてください", "%s must be one of %s"},
	"unknown_ref":          {"%s「%s」は存在しません", "%s %q does not exist"},
	"count":                {"%sは%d枚のはずですが%d枚あります（数えた行: %s）。%s", "%s should number %d but there are %d (counted: %s); %s"},
	"count_no_rows":        {"なし", "none"},
	"count_blank":          {"枚数が空欄なので1枚と数えました。%sは%d枚のはずですが%d枚です。この行の枚数を入れてください", "copies is blank, so this row counts as one card; %s should number %d but there are %d: fill in this row's copies"},
	"count_fix_copies":     {"枚数を直すか、", "fix the copies, or "},
	"count_fix_rows":       {"行を足すか削るか、", "add or remove rows, or "},
	"count_hint_cell":      {"意図的なら %s を %d に変更してください", "if this is intended, change %s to %d"},
	"count_hint_add":       {"意図的なら %sシートに「%s」の行を加えて値を %d にしてください", "if this is intended, add to the %s sheet a row %q with the value %d"},
	"unknown_rule":         {"未知のルール「%s」です", "unknown rule %q"},
	"unknown_rule_hint":    {"未知のルール「%s」です（「%s」のことですか？）", "unknown rule %q (did you mean %q?)"},
	"dup_rule":             {"ルール「%s」が重複しています（最初は %d 行目）", "rule %q is set twice (first on row %d)"},
	"rule_value":           {"ルール「%s」の値は %sにしてください", "rule %q must be %s"},
	"effect_syntax":        {"効果の %d 文字目: ここには%sが必要です", "effect, character %d: expected %s"},
	"effect_verb":          {"効果の %d 文字目: 未知の動詞「%s」です", "effect, character %d: unknown verb %q"},
	"effect_glued":         {"（後ろの「%s」は数として読みました）", " (the %s after it is read as a count)"},
	"effect_verbs":         {"。この列で使える動詞：%s。語彙にない動詞は、エンジンの担当者がエンジンに加えるまで使えません（cardsrc/README.md の「効果の語彙」）", ". The verbs of this column: %s. A verb the vocabulary lacks cannot be used until the engine's programmer adds it to the engine (see \"effect vocabulary\" in cardsrc/README.md)"},
	"effect_cond":          {"効果の %d 文字目: 未知の条件「%s」です", "effect, character %d: unknown condition %q"},
	"effect_trigger":       {"効果の %d 文字目: 未知のタイミング「%s」です", "effect, character %d: unknown trigger %q"},
	"effect_argcount":      {"効果の %d 文字目: 引数の数が違います。%s 個にしてください（いまは %s 個）", "effect, character %d: wrong number of arguments: write %s (found %s)"},
	"effect_arg":           {"効果の %d 文字目: 引数「%s」は使えません。%sにしてください", "effect, character %d: bad argument %q; write %s"},
	"effect_compare":       {"効果の %d 文字目: この条件は比較できません", "effect, character %d: this condition takes no comparison"},
	"did_you_mean":         {"（「%s」のことですか？）", " (did you mean %q?)"},
	"found":                {"（入力: 「%s」）", " (found %q)"},
	"trigger_not_allowed":  {"タイミング「%s」はこの列では使えません。使えるのは %s です", "trigger %q is not allowed here (allowed: %s)"},
	"no_trigger":           {"タイミングなし", "no trigger"},
	"trigger_required":     {"この列の効果にはタイミングが必要です。%s のどれかを「%s：」のように先頭に書いてください", "effects in this column need a trigger, one of %s, written first as in \"%s:\""},
	"trigger_none":         {"タイミング「%s」はこの列では使えません。タイミングを書かずに効果だけを書いてください", "trigger %q is not allowed here; write the effect without a trigger"},
	"check_violations":     {"ルール違反 %d 件（ボット %s の試行 %d ゲーム、許容 %d 件）", "rule violations: %d with %s bots in %d games (allowed: %d)"},
	"check_violation":      {"%d人・手番 %d: %s（再現: %s）", "%d players, turn %d: %s (replay: %s)"},
	"check_unfinished":     {"終わらなかったゲーム %d 件（ボット %s の試行 %d ゲーム、許容 %d 件）", "unfinished games: %d with %s bots in %d games (allowed: %d)"},
	"check_seat_gap":       {"%d人プレイ（ボット %s）で席ごとの勝率の差が %.1f ポイントあります（許容 %d）", "%d players with %s bots, the seat win rates differ by %.1f points (allowed: %d)"},
	"check_dead_cards":     {"一度も使われなかったカードが %d 種あります: %s", "%d cards were never used: %s"},
	"engine_refuses":       {"ルールエンジンがこのデータを受け付けません: %s", "the rules engine refuses this data: %s"},
	"engine_lint":          {"この指示はモデルでは決して実行できません: %s", "an instruction the model can never carry out: %s"},
	"os_path":              {"%s：%s", "%s: %s"},
	"os_not_exist":         {"ファイルかフォルダーがありません", "no such file or folder"},
	"os_permission":        {"読み書きする権限がありません", "permission denied"},
	"os_exist":             {"すでにあります", "already exists"},
	"os_is_dir":            {"ファイルでなくフォルダーです", "is a folder, not a file"},
	"os_not_dir":           {"途中の名前がフォルダーではありません", "a part of the path is not a folder"},
	"kind_folder":          {"フォルダ", "a folder"},
	"kind_pipe":            {"名前付きパイプ", "a named pipe"},
	"kind_socket":          {"ソケット", "a socket"},
	"kind_device":          {"デバイス", "a device"},
	"kind_other":           {"特殊なファイル %s", "a special file %s"},
	"os_no_space":          {"ディスクに空きがありません", "no space left on the disk"},
	"os_read_only":         {"書き込めない場所です（読み取り専用）", "read-only file system"},
	"os_loop":              {"シンボリックリンクの段数が多すぎます", "too many levels of symbolic links"},
	"os_name_too_long":     {"名前が長すぎます", "file name too long"},
	"os_addr_in_use":       {"そのポートはほかのプログラムが使っています。--port で別の番号を指定してください", "the port is in use by another program; choose another with --port"},
	"os_addr_not_avail":    {"このマシンにはそのアドレスがありません", "this machine has no such address"},
	"os_other":             {"システムのエラー（%s）", "%s"},
}
