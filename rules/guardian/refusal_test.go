package guardian

import (
	"slices"
	"testing"

	"bifrost/schema"
)

// TestGuardianEngineRefusalSpeaksBothLanguages builds the engine
// from data it refuses (validation would catch these first) and checks the
// Japanese and the English form.
func TestGuardianEngineRefusalSpeaksBothLanguages(t *testing.T) {
	d := loadData(t)
	d.Decks = slices.Clone(d.Decks)
	name := d.Decks[0].Name
	d.Decks[0] = schema.SampleDeck{Name: name, Row: d.Decks[0].Row, Cards: []schema.SampleDeckCard{{ID: "X99", Copies: 40}}}
	_, err := New(d)
	if err == nil {
		t.Fatal("New accepted a deck with an unknown card")
	}
	if got, want := schema.Japanese.ErrText(err), "デッキ "+name+" のカード X99 はどのシートにもありません"; got != want {
		t.Errorf("Japanese %q, want %q", got, want)
	}
	if got, want := err.Error(), "guardian: deck "+name+": unknown card X99"; got != want || schema.English.ErrText(err) != want {
		t.Errorf("English %q, want %q", got, want)
	}
	d = loadData(t)
	d.Decks = nil
	if _, err := New(d); schema.Japanese.ErrText(err) != "デッキシートに遊べるデッキがありません" || err.Error() != "guardian: the Decks sheet has no deck to play" {
		t.Errorf("no decks: %q / %v", schema.Japanese.ErrText(err), err)
	}
}
