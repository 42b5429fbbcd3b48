package valkyrie

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
	"bifrost/schema"
	"bifrost/schema/effect"
)

// withCell returns a copy of the shipped book whose sheet's data row (0-based)
// has value in the column headed header; the shipped book is not changed.
func withCell(t *testing.T, sheet string, row int, header, value string) *schema.Book {
	t.Helper()
	b := *shippedBook(t)
	b.Sheets = maps.Clone(b.Sheets)
	tb, ok := b.Lookup(sheet)
	if !ok {
		t.Fatalf("no sheet %s", sheet)
	}
	c := slices.IndexFunc(tb.Header, func(h string) bool { return schema.Normalize(h) == header })
	if c < 0 {
		t.Fatalf("sheet %s has no column %s", sheet, header)
	}
	cp := *tb
	cp.Rows = slices.Clone(tb.Rows)
	cells := slices.Clone(cp.Rows[row].Cells)
	for len(cells) <= c {
		cells = append(cells, "")
	}
	cells[c] = value
	cp.Rows[row].Cells = cells
	b.Sheets[tb.Sheet] = &cp
	return &b
}

// playChecked plays n checked games of e, the players cycling through its
// counts, and fails on a violation or an unfinished game. It returns the
// number of times design d was played.
func playChecked(t *testing.T, e *Engine, n int, d int16) int {
	t.Helper()
	played := 0
	p := sim.NewPlayer(e, []string{"greedy"}, nil)
	p.OnEvent = func(ev sim.Event) {
		if ev.Kind == sim.Played && ev.Card == int32(d) {
			played++
		}
	}
	simtest.PlayChecked(t, p, n)
	return played
}

// TestValkyrieMaxClausesPlay: an effect of exactly valkyrie.MaxClauses clauses
// validates, builds and plays (the First Valkyrie that carries it is played
// in 20 checked games); one clause more is what the engine refuses, so the
// validation limit is the engine's.
func TestValkyrieMaxClausesPlay(t *testing.T) {
	src := strings.TrimSuffix(strings.Repeat("funds +1; ", MaxClauses), "; ")
	d := loadData(t, withCell(t, "FirstValkyrie", 0, "効果", src))
	e, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	n := playChecked(t, e, 20, designOf(t, e, d.FirstValkyries[0].ID))
	if n == 0 {
		t.Errorf("the First Valkyrie with %d clauses was never played", MaxClauses)
	}
	t.Logf("the First Valkyrie with %d clauses was played %d times", MaxClauses, n)

	more := src + "; funds +1"
	ast, perr := effect.Parse(more, Schema.Vocabs[""])
	if perr != nil {
		t.Fatal(perr)
	}
	d.FirstValkyries[0].Effect = schema.Effect{Src: more, AST: ast}
	if _, err := New(d); err == nil || !strings.Contains(err.Error(), "clauses are too many") {
		t.Errorf("New with %d clauses: %v, want the clause limit", MaxClauses+1, err)
	}
}

// TestValkyrieMaxCardsIsTheEngineLimit: schema.MaxCards is the engine's own limit. Data of exactly
// that many cards (the VP pile made up to it, past what the count rules let
// validation pass) builds and plays 20 checked games; one card more is
// refused.
func TestValkyrieMaxCardsIsTheEngineLimit(t *testing.T) {
	d := loadData(t, nil)
	e, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	d.VPCards = slices.Clone(d.VPCards)
	d.VPCards[0].Copies += schema.MaxCards - len(e.inst)
	e, err = New(d)
	if err != nil {
		t.Fatalf("New with %d cards: %v", schema.MaxCards, err)
	}
	if len(e.inst) != schema.MaxCards {
		t.Fatalf("the engine has %d cards, want %d", len(e.inst), schema.MaxCards)
	}
	playChecked(t, e, 20, -1)
	d.VPCards[0].Copies++
	if _, err := New(d); err == nil {
		t.Errorf("New with %d cards succeeded, want an error", schema.MaxCards+1)
	}
}
