package main

import (
	"encoding/json"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

func TestLadder_GreedyBeatsRandomInEveryGame(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	r := bifrost(t, "ladder", "nastrond", "--src", shippedSrc, "--games", "20", "--bots", "random,greedy", "--lang", "ja")
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

func TestLadder_TextListsEachBrokenGameWithItsReplay(t *testing.T) {
	t.Parallel()
	l := &sim.Ladder{Game: "guardian", Games: 20, Seed: 1, Players: []int{2}, Violations: 2, Unfinished: 1,
		ViolationGames: []sim.Violation{{Players: 2, Turn: 5, Message: "panic: boom", MessageJA: "panic: 爆発",
			Replay: "bifrost replay guardian --seed 9 --players 2 --bots search+lists,greedy"}},
		UnfinishedGames: []sim.Violation{{Players: 2, Turn: 101, Message: "unfinished after 101 turns", MessageJA: "101 手番で終わりませんでした",
			Replay: "bifrost replay guardian --seed 4 --players 2 --bots greedy,search"}}}
	for lang, want := range map[string][]string{
		"en": {"  2 violations, 1 unfinished\n", "  violation: 2 players, turn 5: panic: boom\n    replay: bifrost replay guardian --seed 9 --players 2 --bots search+lists,greedy\n",
			"  unfinished: 2 players, turn 101: unfinished after 101 turns\n    replay: bifrost replay guardian --seed 4 --players 2 --bots greedy,search\n",
			"  and 1 game more (listed with --json)\n"},
		"ja": {"  違反 2、未完了 1\n", "  違反：2人・手番 5：panic: 爆発\n    再現：bifrost replay guardian --seed 9",
			"  未完了：2人・手番 101：101 手番で終わりませんでした\n    再現：bifrost replay guardian --seed 4",
			"  ほか 1 ゲーム"},
	} {
		var b strings.Builder
		report.WriteLadderText(&b, l, schema.NewLang(lang))
		for _, w := range want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: the ladder text lacks %q:\n%s", lang, w, b.String())
			}
		}
	}
}
