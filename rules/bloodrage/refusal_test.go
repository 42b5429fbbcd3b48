package bloodrage

import (
	"bifrost/schema"
	"testing"
)

// TestBloodrageEngineRefusalSpeaksBothLanguages builds the engine
// from data it refuses (validation would catch this first) and checks that
// each of the joined refusals comes in Japanese and in English.
func TestBloodrageEngineRefusalSpeaksBothLanguages(t *testing.T) {
	d := *shipped(t)
	d.Provinces = d.Provinces[1:]
	d.Pillage = nil
	_, err := New(&d)
	if err == nil {
		t.Fatal("New accepted eight provinces and no pillage table")
	}
	ja, en := schema.Japanese.ErrText(err), schema.English.ErrText(err)
	// Dropping province 1 also leaves a fjord without its side.
	if want := "地方 1〜9 がそろっていません\nフィヨルド FJORD-NE の番号か両側の地方が正しくありません\nフィヨルド 1〜4 がそろっていません\n略奪報酬の表がありません"; ja != want {
		t.Errorf("Japanese %q, want %q", ja, want)
	}
	if want := "bloodrage: provinces 1..9 are not all given\nfjord FJORD-NE is malformed\nbloodrage: fjords 1..4 are not all given\nbloodrage: no pillage table"; en != want || en != err.Error() {
		t.Errorf("English %q, want %q", en, want)
	}
}
