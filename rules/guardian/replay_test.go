package guardian

import (
	"fmt"
	"io"
	"slices"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
	"bifrost/schema"
)

// The golden replays, each in Japanese and English: one seeded game of
// greedy against the Monte Carlo bot and one of random bots. Rewrite them
// with go test ./rules/guardian -run Golden -update.
func TestGolden_replay(t *testing.T) {
	e := newEngine(t)
	simtest.Golden(t, e, sim.Config{Players: 2, Index: 3}, 42, []string{"greedy", "mc"}, "replay-greedy-mc-seed42", *update)
	simtest.Golden(t, e, sim.Config{Players: 2, Index: 8}, 7, []string{"random"}, "replay-random-seed7", *update)
}

// TestReplaySpecReplaysTheBatchGame: what the harness records to replay a
// batch game replays that very game. For several indices of a batch
// (different deck pairs), the spec's seed, player count and index, given to
// the replay, reach the same final state as the batch game: the same decks,
// turns, decisions, scores, winner and zones.
func TestReplaySpecReplaysTheBatchGame(t *testing.T) {
	e := newEngine(t)
	const batchSeed = 5
	bots := []string{"greedy"}
	final := func(cfg sim.Config, seed uint64) (sim.Result, string) {
		p := sim.NewPlayer(e, bots, nil)
		var g *Game
		p.OnStart = func(sg sim.Game) { g = sg.(*Game) }
		r := p.Play(cfg, seed)
		return r, fmt.Sprintf("decks %d/%d hands %v/%v cheer %v/%v consumed %v/%v res %v/%v",
			g.p.ps[0].deck, g.p.ps[1].deck, g.h[0].hand, g.h[1].hand, g.p.ps[0].cheer, g.p.ps[1].cheer,
			g.p.ps[0].consumed, g.p.ps[1].consumed, g.h[0].res, g.h[1].res)
	}
	states := map[string]bool{}
	for _, i := range []int{0, 1, 7, 13, 19, 23} {
		cfg := sim.Config{Players: 2, Index: i}
		seed := sim.GameSeed(batchSeed, 2, i)
		want, wantState := final(cfg, seed)
		spec := sim.ReplayOf(e, cfg, seed, bots)
		got, gotSeed := spec.Config, spec.Seed
		r := sim.Replay(io.Discard, e, got, gotSeed, spec.Bots, schema.English)
		_, gotState := final(got, gotSeed)
		if r.Turns != want.Turns || r.Decisions != want.Decisions || r.Winner != want.Winner ||
			!slices.Equal(r.Scores, want.Scores) || gotState != wantState {
			t.Errorf("index %d: %+v replays to %d turns, %d decisions, scores %v, winner %d, %s;\nthe batch game had %d, %d, %v, %d, %s",
				i, spec, r.Turns, r.Decisions, r.Scores, r.Winner, gotState, want.Turns, want.Decisions, want.Scores, want.Winner, wantState)
		}
		states[wantState] = true
	}
	if len(states) < 2 {
		t.Error("every index reached the same state: the test cannot tell the games apart")
	}
}
