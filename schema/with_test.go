package schema

import "testing"

// TestLangWithRendersAGamesOwnMessages: a game's messages render only
// through the Lang its validation uses, in both languages, and a game may
// not redefine a message of the catalog.
func TestLangWithRendersAGamesOwnMessages(t *testing.T) {
	game := Catalogue{"toy_count": {"%d 枚です", "%d cards"}}
	if got := NewLang("en").Msg("toy_count", 3); got == "3 cards" {
		t.Errorf("a game's message rendered without With: %q", got)
	}
	for tag, want := range map[string]string{"en": "3 cards", "ja": "3 枚です"} {
		if got := NewLang(tag).With(game).Msg("toy_count", 3); got != want {
			t.Errorf("%s: got %q, want %q", tag, got, want)
		}
	}
	if got := NewLang("en").With(game).Msg("required", "ID"); got != "ID is required" {
		t.Errorf("the catalog's messages are lost: %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("a game redefining a catalog message did not panic")
		}
	}()
	NewLang("en").With(Catalogue{"required": {"必須", "required"}})
}
