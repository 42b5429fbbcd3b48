package schema

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
	"testing"
)

// TestLacksFindsAMessageMissingALanguage: the check every
// package's catalogue test runs fails on each kind of incomplete entry.
func TestLacksFindsAMessageMissingALanguage(t *testing.T) {
	good := Catalogue{"ok": {"%s がありません", "no %s"}, "same": {"%v", "%v"}}
	if got := good.Lacks(); len(got) != 0 {
		t.Errorf("a complete catalogue lacks %q", got)
	}
	for key, m := range map[string][2]string{
		"no_english":  {"%s がありません", ""},
		"no_japanese": {"", "no %s"},
		"english_ja":  {"no %s", "no %s here"},
		"japanese_en": {"%s がありません", "%s がありません"},
		"arguments":   {"%s に %d 枚", "%s"},
	} {
		if got := (Catalogue{key: m}).Lacks(); len(got) != 1 || !strings.HasPrefix(got[0], key+":") {
			t.Errorf("%s %q: Lacks() = %q, want one line about it", key, m, got)
		}
	}
}

// TestFileErrorsInEitherLanguage: an operating system's file
// error, which reads in English, is put into the language asked for, also
// inside a catalogue message.
func TestFileErrorsInEitherLanguage(t *testing.T) {
	err := &fs.PathError{Op: "open", Path: "rules/x/rulebook.md", Err: syscall.ENOENT}
	ja, en := NewLang("ja"), NewLang("en")
	if got, want := ja.ErrText(err), "rules/x/rulebook.md：ファイルかフォルダーがありません"; got != want {
		t.Errorf("ja: %q, want %q", got, want)
	}
	if got, want := en.ErrText(err), "rules/x/rulebook.md: no such file or folder"; got != want {
		t.Errorf("en: %q, want %q", got, want)
	}
	m := Catalogue{"write": {"%s を書き出せません：%v", "writing %s: %v"}}.Err("write", "out/x.pdf", err)
	SetLang(m, en)
	if got, want := m.Error(), "writing out/x.pdf: rules/x/rulebook.md: no such file or folder"; got != want {
		t.Errorf("SetLang(en): %q, want %q", got, want)
	}
	if got, want := m.In(ja), "out/x.pdf を書き出せません：rules/x/rulebook.md：ファイルかフォルダーがありません"; got != want {
		t.Errorf("In(ja): %q, want %q", got, want)
	}
}

// TestInlineMessageSpeaksEitherLanguage: a message made with Errorf renders
// its Words, its nested messages and its errors in the language it is put
// into, in ErrText, In and (after SetLang) Error, also inside errors.Join;
// a plain error stays as it reads.
func TestInlineMessageSpeaksEitherLanguage(t *testing.T) {
	inner := Errorf("P%d の山札", "P%d's deck", 2)
	m := Errorf("%s が %s にあります（%d）：%v", "%s is in the %s (%d): %v", inner, Word{"手札", "hand"}, 3, errors.New("plain English"))
	if got, want := m.In(English), "P2's deck is in the hand (3): plain English"; got != want {
		t.Errorf("English %q, want %q", got, want)
	}
	if got, want := m.In(Japanese), "P2 の山札 が 手札 にあります（3）：plain English"; got != want {
		t.Errorf("Japanese %q, want %q", got, want)
	}
	if m.Key() != "" {
		t.Errorf("an inline message has the key %q", m.Key())
	}
	joined := errors.Join(Errorf("%d 枚", "%d cards", 3), Errorf("二", "two"))
	if ja, en := Japanese.ErrText(joined), English.ErrText(joined); ja != "3 枚\n二" || en != "3 cards\ntwo" {
		t.Errorf("errors.Join: %q / %q", ja, en)
	}
	SetLang(joined, Japanese)
	if got := joined.Error(); got != "3 枚\n二" {
		t.Errorf("after SetLang(ja): %q", got)
	}
	SetLang(joined, English)
	if got := joined.Error(); got != "3 cards\ntwo" {
		t.Errorf("after SetLang(en): %q", got)
	}
}

// TestLangSprintfPicksTheFormAndPutsArgumentsIntoWords: the one way replay
// text speaks: the form of l's language, with Words in l's words and
// everything else as fmt prints it.
func TestLangSprintfPicksTheFormAndPutsArgumentsIntoWords(t *testing.T) {
	for _, tt := range []struct {
		l    *Lang
		want string
	}{
		{Japanese, "P2 は 手札 を 3 枚 [1 2]"},
		{English, "P2 has 3 in the hand [1 2]"},
	} {
		got := tt.l.Sprintf("P%[1]d は %[2]s を %[3]d 枚 %[4]v", "P%d has %[3]d in the %[2]s %[4]v", 2, Word{"手札", "hand"}, 3, []int{1, 2})
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.l.Tag(), got, tt.want)
		}
	}
	if Japanese.Pick("はい", "yes") != "はい" || English.Pick("はい", "yes") != "yes" || YesNo(false).In(Japanese) != "いいえ" {
		t.Error("Pick or YesNo chose the wrong form")
	}
}
