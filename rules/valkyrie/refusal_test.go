package valkyrie

import (
	"bifrost/schema"
	"slices"
	"strings"
	"testing"
)

// TestValkyrieEngineRefusalSpeaksBothLanguages builds the engine
// from data it refuses (validation would catch these first) and checks the
// Japanese and the English form, also through errors.Join.
func TestValkyrieEngineRefusalSpeaksBothLanguages(t *testing.T) {
	d := *loadData(t, nil)
	d.Weaknesses = slices.Clone(d.Weaknesses)
	d.Weaknesses[0].Monster = "nobody"
	_, err := New(&d)
	if err == nil {
		t.Fatal("New accepted a weakness naming no monster")
	}
	ja, en := schema.Japanese.ErrText(err), schema.English.ErrText(err)
	id := d.Weaknesses[0].ID
	if want := "弱点 " + id + " のモンスター「nobody」は モンスターシートにいません"; !strings.Contains(ja, want) || strings.Contains(ja, "unknown") {
		t.Errorf("Japanese %q, want %q and no English", ja, want)
	}
	if want := "valkyrie: weakness " + id + ` names unknown monster "nobody"`; en != want || err.Error() != want {
		t.Errorf("English %q, want %q", en, want)
	}
	d = *loadData(t, nil)
	d.Monsters = nil
	if _, err := New(&d); schema.Japanese.ErrText(err) != "モンスターシートにモンスターがいません" || err.Error() != "valkyrie: the Monster sheet is empty" {
		t.Errorf("no monsters: %q / %v", schema.Japanese.ErrText(err), err)
	}
}
