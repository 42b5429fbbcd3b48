package schema

import (
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
