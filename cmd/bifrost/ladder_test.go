package main

import (
	"encoding/json"
	"strings"
	"testing"

	"bifrost/rules/sim"
)

func TestLadder_GreedyBeatsRandomInEveryGame(t *testing.T) {
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		r := bifrost(t, "ladder", game, "--src", shippedSrc, "--games", "60", "--bots", "random,greedy", "--json")
		if r.code != 0 {
			t.Fatalf("%s: exit %d: %s", game, r.code, r.stderr)
		}
		var l sim.Ladder
		if err := json.Unmarshal([]byte(r.stdout), &l); err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		if len(l.Bots) != 2 || l.Bots[0].Name != "random" || l.Bots[1].Name != "greedy" {
			t.Fatalf("%s: bots %+v", game, l.Bots)
		}
		if l.Bots[1].WinRate.Rate <= l.Bots[0].WinRate.Rate {
			t.Errorf("%s: greedy %.3f does not beat random %.3f", game, l.Bots[1].WinRate.Rate, l.Bots[0].WinRate.Rate)
		}
	}
}

func TestLadder_TextNamesEveryBotAndTheSkillGap(t *testing.T) {
	r := bifrost(t, "ladder", "nastrond", "--src", shippedSrc, "--games", "20", "--lang", "ja")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{"random", "greedy", "実力差"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("ladder output lacks %q:\n%s", want, r.stdout)
		}
	}
	if r := bifrost(t, "ladder", "nastrond", "--src", shippedSrc, "--bots", "greedy"); r.code != 2 {
		t.Errorf("one bot: exit %d, want 2", r.code)
	}
}
