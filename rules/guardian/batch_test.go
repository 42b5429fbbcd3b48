package guardian

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"bifrost/rules/sim"
)

func reportJSON(t *testing.T, e sim.Engine, o sim.BatchOptions) (string, *sim.Report) {
	t.Helper()
	r := sim.NewReport(e, o, runBatch(t, e, o))
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String(), r
}

// The report's extra.guardian section: every ordered pair of sample decks
// is played from both seats, each off-diagonal cell's wins add up with its
// mirror cell, and the first player's record covers every finished game.
func TestMatchupMatrix_coversEveryPairFromBothSeats(t *testing.T) {
	e := newEngine(t)
	n := len(e.Decks())
	games := 40 * n * (n - 1)
	o := sim.BatchOptions{Seed: 5, Games: games, Check: true}
	js, r := reportJSON(t, e, o)
	if !strings.Contains(js, `"guardian": {`) || !strings.Contains(js, `"first_player_advantage"`) {
		t.Fatalf("the report lacks extra.guardian")
	}
	var m MatchupReport
	raw, _ := json.Marshal(r.Extra["guardian"])
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Decks) != n || len(m.Matrix) != n {
		t.Fatalf("matrix of %d decks, want %d", len(m.Matrix), n)
	}
	finished := r.SeatWinRate["2"][0].Games
	total := 0
	for i := range n {
		if m.Matrix[i][i] != nil {
			t.Errorf("diagonal cell %d is not null", i)
		}
		for j := range n {
			if i == j {
				continue
			}
			a, b := m.Matrix[i][j], m.Matrix[j][i]
			if a.Games != 80 || a.Games != b.Games || a.Wins+b.Wins != a.Games {
				t.Errorf("%s vs %s: %d/%d and %d/%d; want 80 games split between them", m.Decks[i], m.Decks[j], a.Wins, a.Games, b.Wins, b.Games)
			}
			if a.Low > a.Rate || a.High < a.Rate {
				t.Errorf("%s vs %s: interval [%v, %v] misses %v", m.Decks[i], m.Decks[j], a.Low, a.High, a.Rate)
			}
			total += a.Games
		}
		if d := m.DeckWinRate[i]; d.Seat1.Games != 40*(n-1) || d.Seat2.Games != 40*(n-1) {
			t.Errorf("%s played %d games in seat 1 and %d in seat 2, want %d each", d.Deck, d.Seat1.Games, d.Seat2.Games, 40*(n-1))
		}
	}
	if total != 2*finished || m.FirstPlayer.Games != finished {
		t.Errorf("matrix holds %d game-sides and the first player %d games, for %d finished", total, m.FirstPlayer.Games, finished)
	}
	t.Logf("first player %.3f [%.3f, %.3f]", m.FirstPlayer.Rate, m.FirstPlayer.Low, m.FirstPlayer.High)
}
