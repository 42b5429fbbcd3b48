package spec

import (
	"strings"
	"testing"

	"bifrost/rules/guardian"
	"bifrost/schema"
)

func TestLayoutMessagesHaveJapaneseAndEnglish(t *testing.T) {
	for _, s := range messages.Lacks() {
		t.Error(s)
	}
}

// TestLayoutErrorsSpeakTheLanguageTheyAreGiven: a layout's
// problems print in the language SetLang gives them, and in the language
// of a message that quotes them.
func TestLayoutErrorsSpeakTheLanguageTheyAreGiven(t *testing.T) {
	_, err := Parse("x.yaml", []byte("game: nastrond\n"), guardian.Schema)
	if err == nil {
		t.Fatal("a layout for another game parses")
	}
	ja, en := schema.NewLang("ja"), schema.NewLang("en")
	const wantJA, wantEN = "x.yaml:1: このレイアウトはゲーム「nastrond」用です", `x.yaml:1: this layout is for game "nastrond"`
	for _, tt := range []struct {
		set, quote       *schema.Lang
		wantSet, wantQuo string
	}{{ja, en, wantJA, wantEN}, {en, ja, wantEN, wantJA}} {
		schema.SetLang(err, tt.set)
		if got := err.Error(); !strings.Contains(got, tt.wantSet) {
			t.Errorf("after SetLang(%s): %q, want %q", tt.set.Tag(), got, tt.wantSet)
		}
		if got := messages.Err("font_file", err).In(tt.quote); !strings.Contains(got, tt.wantQuo) {
			t.Errorf("quoted in %s: %q, want %q", tt.quote.Tag(), got, tt.wantQuo)
		}
	}
}
