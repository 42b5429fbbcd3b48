package guardian

import (
	"strings"
	"testing"

	"bifrost/rules/sim"
)

// Broken data shows up in a batch: decks without Guardians can never end a
// game (every battle is a draw without Guardians once the resources are
// gone), so every game is unfinished; and an engine whose compiled tables
// disagree with the workbook (here: SP may go reckless, against its
// Affinity row) breaks R31, which Check reports as a violation with the
// game's seed and the command that replays it.
func TestBrokenData_showsAsUnfinishedOrViolations(t *testing.T) {
	sheets := testSheets()
	sheets["Decks"] = [][]string{{"ID", "デッキ", "カードID", "枚数"}, {"D1", "材料だけ", "MC", "20"}, {"D2", "材料だけ", "MP", "10"}}
	e := engineFor(t, sheets, "TurnCap=10")
	s := runBatch(t, e, sim.BatchOptions{Seed: 1, Games: 20, Check: true})
	if s.Unfinished != 20 || len(s.Violations) != 0 {
		t.Errorf("decks without Guardians: %d unfinished, %d violations; want 20 and 0", s.Unfinished, len(s.Violations))
	}

	e = newEngine(t)
	for i, a := range e.attrs {
		if a == "SP" {
			e.reckOK[i] = true
		}
	}
	s = runBatch(t, e, sim.BatchOptions{Seed: 1, Games: 200, Check: true})
	if len(s.Violations) == 0 {
		t.Fatal("a reckless SP Guardian went unnoticed")
	}
	v := s.Violations[0]
	if !strings.Contains(v.Message, "reckless attack") || v.Seed == 0 || v.Spec.Game != "guardian" || v.Spec.Seed != v.Seed {
		t.Errorf("violation %+v lacks the rule, the seed or what replays it", v)
	}
}
