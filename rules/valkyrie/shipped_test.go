package valkyrie_test

import (
	"maps"
	"testing"

	"bifrost/rules/valkyrie"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// TestValkyrie_ShippedWorkbookIsValid validates cardsrc/valkyrie.xlsx: no
// problems at all, the seed's component counts, and every effect cell parsed.
func TestValkyrie_ShippedWorkbookIsValid(t *testing.T) {
	book, err := workbook.Open("../../cardsrc/valkyrie.xlsx", "cardsrc/valkyrie.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	res := valkyrie.Schema.Validate(book, schema.NewLang("en"))
	for _, p := range res.Problems {
		t.Errorf("%s", p)
	}
	want := map[string]int{"Valkyrie": 144, "FirstValkyrie": 40, "Monster": 2, "Weakness": 24, "VP": 40}
	if !maps.Equal(res.Components, want) {
		t.Errorf("components = %v, want %v", res.Components, want)
	}
	d, ok := res.Data.(*valkyrie.Data)
	if !ok {
		t.Fatalf("Data is %T, want *valkyrie.Data", res.Data)
	}
	effects := 0
	check := func(where string, e schema.Effect) {
		if e.Src == "" {
			return
		}
		effects++
		if e.AST == nil || len(e.AST.Clauses) == 0 {
			t.Errorf("%s: effect %q did not parse", where, e.Src)
		}
	}
	for _, v := range d.Valkyries {
		check("Valkyrie "+v.ID, v.Effect)
	}
	for _, f := range d.FirstValkyries {
		check("FirstValkyrie "+f.ID, f.Effect)
	}
	for _, r := range d.RageTactics {
		check("RageTactics "+r.ID, r.Effect)
	}
	for _, w := range d.Weaknesses {
		check("Weakness "+w.ID, w.Reward)
	}
	if effects == 0 {
		t.Error("the shipped workbook has no effects at all")
	}
}

// TestValkyrie_ShippedWorkbookIsPlayable checks the shape the engine relies
// on beyond validation: both supply decks stocked, every monster with rages
// 1–3 and four weaknesses each, durability rising with rage, and a start of
// one First Valkyrie mix for each of the four players.
func TestValkyrie_ShippedWorkbookIsPlayable(t *testing.T) {
	book, err := workbook.Open("../../cardsrc/valkyrie.xlsx", "cardsrc/valkyrie.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	d := valkyrie.Schema.Validate(book, schema.NewLang("en")).Data.(*valkyrie.Data)

	decks := map[string]int{}
	for _, v := range d.Valkyries {
		decks[v.Deck] += v.Copies
		if v.Cost < 2 || v.Cost > 8 {
			t.Errorf("Valkyrie %s costs %d, want 2..8", v.ID, v.Cost)
		}
	}
	if decks["Assist"] == 0 || decks["Battle"] == 0 || decks["Assist"]+decks["Battle"] != 144 {
		t.Errorf("supply decks = %v", decks)
	}

	for _, f := range d.FirstValkyries {
		if f.Copies%4 != 0 {
			t.Errorf("FirstValkyrie %s has %d copies, which four players cannot share evenly", f.ID, f.Copies)
		}
	}

	type mr struct {
		monster string
		rage    int
	}
	tactics := map[mr]bool{}
	for _, r := range d.RageTactics {
		tactics[mr{r.Monster, r.Rage}] = true
	}
	count := map[mr]int{}
	minDur, maxDur := map[mr]int{}, map[mr]int{}
	for _, w := range d.Weaknesses {
		k := mr{w.Monster, w.Rage}
		count[k]++
		if n, ok := minDur[k]; !ok || w.Durability < n {
			minDur[k] = w.Durability
		}
		maxDur[k] = max(maxDur[k], w.Durability)
	}
	for _, m := range d.Monsters {
		for rage := 1; rage <= 3; rage++ {
			k := mr{m.ID, rage}
			if !tactics[k] || count[k] != 4 {
				t.Errorf("monster %s rage %d: tactics %v, %d weaknesses; want tactics and 4", m.ID, rage, tactics[k], count[k])
			}
			if rage > 1 && minDur[k] <= maxDur[mr{m.ID, rage - 1}] {
				t.Errorf("monster %s: rage %d durability starts at %d, not above rage %d's %d", m.ID, rage, minDur[k], rage-1, maxDur[mr{m.ID, rage - 1}])
			}
		}
	}
	if d.Rules.Int("StartingDeck") != 10 || d.Rules.Int("HandSize") != 5 || !d.Rules.Bool("StrictExceed") {
		t.Errorf("shipped rules differ from the seed defaults")
	}
}
