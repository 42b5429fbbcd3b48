package sim

import (
	"errors"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"bifrost/schema"
)

// engineFiles build the engines from validated data; what they refuse is
// shown to the designer.
var engineFiles = []string{"valkyrie/engine.go", "nastrond/engine.go", "nastrond/skills.go", "guardian/engine.go", "bloodrage/engine.go", "bloodrage/effects.go"}

// TestEngineRefusalsHaveBothForms checks that the engines'
// load-time refusals build no English-only error and that each sim.Errorf
// gives two forms with the same verbs.
func TestEngineRefusalsHaveBothForms(t *testing.T) {
	calls := 0
	for _, name := range engineFiles {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Join("..", name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, msg := range errorfProblems(f, true, &calls) {
			t.Errorf("%s: %s", fset.Position(msg.pos), msg.text)
		}
	}
	if calls < 70 {
		t.Errorf("only %d sim.Errorf calls in %v", calls, engineFiles)
	}
}

// TestMessageSpeaksTheCLILanguage checks that a Message renders in
// the language the CLI sets on its errors, also inside errors.Join.
func TestMessageSpeaksTheCLILanguage(t *testing.T) {
	ja, en := schema.NewLang("ja"), schema.NewLang("en")
	m := Errorf("%d 枚", "%d cards", 3)
	if ja.ErrText(m) != "3 枚" || en.ErrText(m) != "3 cards" {
		t.Errorf("ErrText: %q / %q", ja.ErrText(m), en.ErrText(m))
	}
	wrapped := errors.Join(m, Errorf("二", "two"))
	schema.SetLang(wrapped, ja)
	if got := wrapped.Error(); got != "3 枚\n二" {
		t.Errorf("after SetLang(ja): %q", got)
	}
	if Localized(m, false) != "3 cards" {
		t.Errorf("Localized(en) after SetLang(ja) = %q", Localized(m, false))
	}
	schema.SetLang(wrapped, en)
	if got := wrapped.Error(); got != "3 cards\ntwo" {
		t.Errorf("after SetLang(en): %q", got)
	}
}
