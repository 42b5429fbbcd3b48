package guardian

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// manyDecks returns the test workbook with n copies of its one deck, each
// under its own name, built in memory.
func manyDecks(n int) map[string][][]string {
	sheets := testSheets()
	rows := [][]string{sheets["Decks"][0]}
	for d := range n {
		for _, r := range sheets["Decks"][1:] {
			rows = append(rows, []string{"K" + strconv.Itoa(d) + "-" + r[0], "デッキ" + strconv.Itoa(d), r[2], r[3]})
		}
	}
	sheets["Decks"] = rows
	return sheets
}

// TestMoreThan127Decks: more than 127 sample decks once overflowed an int8 deck index
// and panicked. With 210 decks, games whose pair includes the last decks
// (index ≥ 128) play to the end without a violation and deal the decks the
// pair names.
func TestMoreThan127Decks(t *testing.T) {
	const n = 210
	e := engineFor(t, manyDecks(n))
	if len(e.Decks()) != n {
		t.Fatalf("%d decks, want %d", len(e.Decks()), n)
	}
	pairs := n * (n - 1)
	p := sim.NewPlayer(e, []string{"random"}, nil)
	p.Check = true
	seen := map[[2]int]bool{}
	for _, i := range []int{0, 1, 127 * (n - 1), 128 * (n - 1), 200*(n-1) + 150, pairs - 1, pairs, pairs + 128*(n-1) + 3} {
		a, b := e.Pair(i)
		if a == b || a < 0 || b < 0 || a >= n || b >= n {
			t.Fatalf("index %d plays decks %d and %d", i, a, b)
		}
		seen[[2]int{a, b}] = true
		g := e.NewGame(sim.Config{Players: 2, Index: i}, rand.New(rand.NewPCG(1, uint64(i)))).(*Game)
		if int(g.p.ps[0].deck) != a || int(g.p.ps[1].deck) != b {
			t.Errorf("index %d: seats play decks %d and %d, want %d and %d", i, g.p.ps[0].deck, g.p.ps[1].deck, a, b)
		}
		r := p.Play(sim.Config{Players: 2, Index: i}, uint64(i))
		if r.Violation != nil {
			t.Errorf("index %d (decks %d, %d): %s", i, a, b, r.Violation.Message)
		}
	}
	if a, b := e.Pair(pairs - 1); a != n-1 || b != n-2 {
		t.Errorf("the last pair is %d, %d; want %d, %d", a, b, n-1, n-2)
	}
	// Every ordered pair comes once in a cycle.
	all := map[[2]int]bool{}
	for i := range pairs {
		a, b := e.Pair(i)
		all[[2]int{a, b}] = true
	}
	if len(all) != pairs {
		t.Errorf("a cycle of %d indices covers %d pairs", pairs, len(all))
	}
}

// TestLimitsAreValidationErrorsAtTheCell: data past an engine limit is a validation error at its cell,
// never an engine failure after validation passed.
func TestLimitsAreValidationErrorsAtTheCell(t *testing.T) {
	tests := []struct {
		name   string
		sheets func() map[string][][]string
		rules  []string
		cell   string // sheet!cell of the error
		want   string
	}{
		{"decks", func() map[string][][]string { return manyDecks(MaxDecks + 1) }, nil,
			"Decks!B" + strconv.Itoa(2+7*MaxDecks), "too many sample decks"},
		{"cards in a deck", func() map[string][][]string {
			s := testSheets()
			s["Decks"] = append(s["Decks"], []string{"D8", "試験", "ML", "99"})
			for k := range (MaxDeckCards - 30) / 99 {
				s["Decks"] = append(s["Decks"], []string{"X" + strconv.Itoa(k), "試験", "ML", "99"})
			}
			return s
		}, []string{"DeckExact=×"}, "Decks!B2", "the engine plays decks of at most"},
		{"attributes", func() map[string][][]string {
			s := testSheets()
			for k := len(s["Affinity"]) - 1; k < MaxAttributes+1; k++ {
				s["Affinity"] = append(s["Affinity"], []string{"属" + strconv.Itoa(k), "", "○"})
			}
			return s
		}, nil, "Affinity!A" + strconv.Itoa(2+MaxAttributes), "too many attributes"},
		{"designs", func() map[string][][]string {
			s := testSheets()
			for k := range MaxDesigns {
				s["Material"] = append(s["Material"], []string{"Z" + strconv.Itoa(k), "材" + strconv.Itoa(k), "土", ""})
			}
			return s
		}, nil, "Material!A" + strconv.Itoa(2+MaxDesigns-designsBefore()), "too many card designs"},
		{"record names", func() map[string][][]string {
			s := testSheets()
			for k := range MaxCounters {
				s["Guardian"] = append(s["Guardian"], []string{"R" + strconv.Itoa(k), "記録" + strconv.Itoa(k), "土", "シップ時: 記録する 「c" + strconv.Itoa(k) + "」 1", ""})
			}
			return s
		}, nil, "Guardian!D" + strconv.Itoa(len(testSheets()["Guardian"])+MaxCounters), "too many record names"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := validateSheets(tt.sheets(), tt.rules...)
			found := false
			for _, p := range res.Problems {
				if p.Severity == schema.Error && strings.Contains(p.Message, tt.want) {
					found = true
					if got := p.Sheet + "!" + p.Cell; got != tt.cell {
						t.Errorf("%q at %s, want %s", p.Message, got, tt.cell)
					}
				}
			}
			if !found {
				t.Errorf("no error %q among %v", tt.want, errProblems(res.Problems))
			}
		})
	}
}

// designsBefore counts the test workbook's Guardians, Advances and Orders: the designs before its Materials.
func designsBefore() int {
	s := testSheets()
	return len(s["Guardian"]) + len(s["Advance"]) + len(s["Order"]) - 3
}
