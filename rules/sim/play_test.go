package sim

import (
	"math/rand/v2"
	"testing"
)

// wild plays race with a bot that chooses past the list, or (empty) with
// games that offer no choice.
type wild struct {
	race
	empty bool
}

func (w *wild) NewBot(string) Bot { return pastTheEnd{} }
func (w *wild) NewGame(cfg Config, rng *rand.Rand) Game {
	g := w.race.NewGame(cfg, rng).(*raceGame)
	if w.empty {
		return noChoice{g}
	}
	return g
}

type pastTheEnd struct{}

func (pastTheEnd) Choose(_ Game, c []Choice, _ *rand.Rand) int { return len(c) + 3 }

type noChoice struct{ *raceGame }

func (noChoice) Choices(buf []Choice) []Choice { return buf[:0] }

// TestPlay_BadChoiceAndNoChoiceAreViolations checks the two violations
// Play's loop names itself, in both forms, with the turn they happened on.
func TestPlay_BadChoiceAndNoChoiceAreViolations(t *testing.T) {
	for _, c := range []struct {
		empty  bool
		en, ja string
	}{
		{false, "bot chose 5 of 2 choices", "ボットが 5 番の手を選びました（選べる手は 2 個）"},
		{true, "no legal choice", "選べる手がありません"},
	} {
		e := &wild{race: race{goal: 10}, empty: c.empty}
		r := NewPlayer(e, []string{"any"}, nil).Play(Config{Players: 2}, 7)
		if v := r.Violation; v == nil || v.Message != c.en || v.MessageJA != c.ja || v.Turn != 0 || r.Winner != -1 {
			t.Errorf("empty %v: %+v, want %q / %q on turn 0", c.empty, v, c.en, c.ja)
		}
	}
}
