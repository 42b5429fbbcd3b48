// Package playflags reads the flags of the commands that play games (sim,
// ladder, compare, sweep, effects, tune, replay): the ones they share
// (Batch), player counts, bots, the shard of a batch and an engine's
// monster. Each error it returns is a usage error.
// It also writes them back: the replay command line of a broken or
// unfinished game (ReplayLine), which the replay command reads.
package playflags

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Messages are what the flags' readers say: Japanese, English.
var Messages = schema.Catalogue{
	"bad_players": {"--players「%v」：使える人数は %v です", "--players %v: supported counts are %v"},
	"unknown_bot": {"ボット「%s」はありません（このゲームのボット：%s。search には search:400 のように 1〜100000 の反復回数を付けられます）", "unknown bot %q (this game has %s; a search takes a budget of 1 to 100000 iterations, as in search:400)"},
	"no_monster":  {"--monster：%s には選べるモンスターがありません", "--monster: %s has no monster to choose"},
	"bad_shard":   {"--shard「%s」：i/n（1 ≤ i ≤ n）の形で指定してください", "--shard %q: want i/n with 1 ≤ i ≤ n"},
}

// Players reads --players: "all" (or nothing) for every count the engine
// supports, or a list of them such as "2,3".
func Players(s string, supported []int) ([]int, error) {
	if s == "" || s == "all" {
		return supported, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || !slices.Contains(supported, n) {
			return nil, Messages.Err("bad_players", s, supported)
		}
		out = append(out, n)
	}
	return out, nil
}

// Bots reads --bots, a list of the engine's bots by seat.
func Bots(s string, e sim.Engine) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if e.NewBot(f) == nil {
			return nil, Messages.Err("unknown_bot", f, strings.Join(e.Bots(), ", "))
		}
		out = append(out, f)
	}
	return out, nil
}

// Monster reads --monster: it fixes the monster of an engine that has one.
func Monster(e sim.Engine, id string) error {
	if id == "" {
		return nil
	}
	m, ok := e.(interface{ SetMonster(id string) error })
	if !ok {
		return Messages.Err("no_monster", e.Name())
	}
	return m.SetMonster(id)
}

// Shard reads --shard, "i/n" with 1 ≤ i ≤ n; "" means the whole batch.
func Shard(s string) (sim.Shard, error) {
	if s == "" {
		return sim.Shard{}, nil
	}
	var i, n int
	if _, err := fmt.Sscanf(s, "%d/%d", &i, &n); err != nil || n < 1 || i < 1 || i > n {
		return sim.Shard{}, Messages.Err("bad_shard", s)
	}
	return sim.Shard{I: i - 1, N: n}, nil
}
