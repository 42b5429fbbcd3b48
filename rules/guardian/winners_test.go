package guardian

import (
	"testing"

	"bifrost/rules/sim"
)

// Random games end with a winner who scored: over 200 checked games, none
// is drawn or unfinished and the winner has at least a point. (What every
// engine's games must do, sim.Game's contract, is
// TestEngineConformsToTheHarness's.)
func TestRandomGamesEndWithAWinnerWhoScored(t *testing.T) {
	e := newEngine(t)
	p := sim.NewPlayer(e, []string{"random"}, nil)
	p.Check = true
	for i := range 200 {
		r := p.Play(sim.Config{Players: 2, Index: i}, sim.GameSeed(9, 2, i))
		if r.Violation != nil || r.Unfinished {
			t.Fatalf("game %d: %+v", i, r)
		}
		if r.Winner < 0 || r.Scores[r.Winner] < 1 || r.Turns < 1 {
			t.Errorf("game %d: winner P%d with scores %v after %d turns", i, r.Winner+1, r.Scores, r.Turns)
		}
	}
}
