package nastrond

import (
	"fmt"
	"strings"
	"testing"

	"bifrost/rules/sim"
)

// TestResetGamePlaysLikeANewOne plays many seeds for every player
// count on one Player, which sets each game up again on the last one
// (Engine.Reset), and on a new Player per game, and compares the
// transcripts (every event and the result) game by game.
func TestResetGamePlaysLikeANewOne(t *testing.T) {
	e := shippedEngine(t)
	var log strings.Builder
	record := func(ev sim.Event) { fmt.Fprintf(&log, "%+v\n", ev) }
	reused := sim.NewPlayer(e, []string{"greedy", "random"}, nil)
	reused.OnEvent = record
	var games []sim.Game
	reused.OnChoice = func(g sim.Game, _ int, _ sim.Choice) {
		if len(games) == 0 || games[len(games)-1] != g {
			games = append(games, g)
		}
	}
	for players := 2; players <= maxPlayers; players++ {
		for i := range 100 {
			cfg, seed := sim.Config{Players: players, Index: i}, sim.GameSeed(7, players, i)
			log.Reset()
			r := reused.Play(cfg, seed)
			got := fmt.Sprintf("%s%+v", log.String(), r)
			fresh := sim.NewPlayer(e, []string{"greedy", "random"}, nil)
			fresh.OnEvent = record
			log.Reset()
			r = fresh.Play(cfg, seed)
			if want := fmt.Sprintf("%s%+v", log.String(), r); got != want {
				t.Fatalf("%d players, game %d: the reset game played\n%s\nthe new one\n%s", players, i, got, want)
			}
		}
	}
	if len(games) != 1 {
		t.Errorf("the Player set up %d games one after another; Reset reuses one", len(games))
	}
}
