package guardian

import (
	"testing"

	"bifrost/rules/sim"
)

// seatWins plays a batch with bots by seat and returns how often each bot
// won, summed over both seatings.
func botWinRate(t *testing.T, e *Engine, a, b string, games int) float64 {
	t.Helper()
	won, played := 0, 0
	for _, bots := range [][]string{{a, b}, {b, a}} {
		s := runBatch(t, e, sim.BatchOptions{Seed: 3, Games: games / 2, Bots: bots, Check: true})
		if len(s.Violations) > 0 {
			t.Fatalf("%v: %d violations: %v", bots, len(s.Violations), s.Violations)
		}
		// Strong bots can reach the dead end of G10 (no Guardian left to
		// either side, nothing left to draw): rare, and counted unfinished.
		if s.Unfinished > games/50 {
			t.Errorf("%v: %d of %d games unfinished", bots, s.Unfinished, games/2)
		}
		ps := s.ByPlayers[2]
		seat := 0
		if bots[1] == a {
			seat = 1
		}
		won += ps.SeatWins[seat]
		played += ps.Finished
	}
	return float64(won) / float64(played)
}

// The greedy bot beats the random one, and the Monte Carlo bot beats both.
func TestBots_strength(t *testing.T) {
	e := newEngine(t)
	n := 400
	if testing.Short() {
		n = 100
	}
	for _, tt := range []struct {
		a, b string
		min  float64
	}{{"greedy", "random", 0.65}, {"mc", "random", 0.65}, {"mc", "greedy", 0.5}} {
		r := botWinRate(t, e, tt.a, tt.b, n)
		t.Logf("%s against %s: %.3f", tt.a, tt.b, r)
		if r < tt.min {
			t.Errorf("%s wins %.3f against %s, want at least %.2f", tt.a, r, tt.b, tt.min)
		}
	}
}
