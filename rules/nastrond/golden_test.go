package nastrond

import (
	"bytes"
	"flag"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
	"bifrost/schema"
)

var update = flag.Bool("update", false, "rewrite the golden replays in testdata/")

// TestGolden_replay replays one seeded 4-player game, greedy against random,
// decision by decision in Japanese and English, and compares it with the
// recording in testdata/. Run with -update after an intended rules change.
func TestGolden_replay(t *testing.T) {
	simtest.Golden(t, shippedEngine(t), sim.Config{Players: 4}, 20260101, []string{"greedy", "random"}, "replay-4p-seed20260101", *update)
}

// TestReplayTellsTheSetupBeforeTheFirstDecision: the layout, the
// start squares and the turn-1 banner come before the first decision line.
func TestReplayTellsTheSetupBeforeTheFirstDecision(t *testing.T) {
	e := shippedEngine(t)
	var b bytes.Buffer
	sim.Replay(&b, e, sim.Config{Players: 3}, 7, []string{"random"}, schema.English)
	lines := strings.Split(b.String(), "\n")
	first := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "[") })
	if first < 0 {
		t.Fatal("no decision in the replay")
	}
	var layout, starts, banners int
	for _, l := range lines[:first] {
		switch {
		case strings.Contains(l, "setup: layer") && strings.Contains(l, " holds "):
			layout++
		case strings.Contains(l, "setup: P") && strings.Contains(l, " starts on "):
			starts++
		case strings.Contains(l, "— turn 1: "):
			banners++
		}
	}
	if layout != 49 || starts != 3 || banners != 1 {
		t.Errorf("before the first decision: %d squares laid out, %d starts, %d turn-1 banners; want 49, 3, 1:\n%s",
			layout, starts, banners, strings.Join(lines[:first], "\n"))
	}
	if n := strings.Count(b.String(), "— turn 1: "); n != 1 {
		t.Errorf("the turn-1 banner appears %d times", n)
	}
}
