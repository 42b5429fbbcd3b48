package playflags

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/spf13/pflag"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// engine is an engine for two or three players with the bots random and
// greedy; nothing else of it is played.
type engine struct{ sim.Engine }

func (engine) PlayerCounts() []int { return []int{2, 3} }

func (engine) Bots() []string { return []string{"random", "greedy"} }

func (e engine) NewBot(name string) sim.Bot {
	if !slices.Contains(e.Bots(), name) {
		return nil
	}
	return struct{ sim.Bot }{}
}

// TestBatchFlagsTakeTheCommandsDefaultsAndMakeItsBatch: Bind defines the
// shared flags with the command's defaults and help keys (--workers only
// where it takes one), and Options turns what was given into the batch,
// refusing player counts and bots the engine lacks.
func TestBatchFlagsTakeTheCommandsDefaultsAndMakeItsBatch(t *testing.T) {
	for _, tt := range []struct {
		workers bool
		args    []string
		want    sim.BatchOptions
		errKey  string
	}{
		{false, nil, sim.BatchOptions{Seed: 1, Games: 400, Players: []int{2, 3}, Bots: []string{"greedy"}}, ""},
		{true, []string{"--seed", "7", "--games", "9", "--players", "3", "--bots", "random,greedy", "--workers", "2"},
			sim.BatchOptions{Seed: 7, Games: 9, Workers: 2, Players: []int{3}, Bots: []string{"random", "greedy"}}, ""},
		{false, []string{"--players", "4"}, sim.BatchOptions{}, "bad_players"},
		{false, []string{"--bots", "greedy,search"}, sim.BatchOptions{}, "unknown_bot"},
	} {
		var b Batch
		fs := pflag.NewFlagSet("play", pflag.ContinueOnError)
		b.Bind(fs, Defaults{Games: 400, GamesHelp: "flag.play.games", SeedHelp: "flag.play.seed", Bots: "greedy", BotsHelp: "flag.bots", Workers: tt.workers})
		if (fs.Lookup("workers") != nil) != tt.workers || fs.Lookup("games").Usage != "flag.play.games" || fs.Lookup("seed").Usage != "flag.play.seed" || fs.Lookup("src").DefValue != "cardsrc" {
			t.Errorf("workers %v: the flags are not the command's", tt.workers)
		}
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		got, err := b.Options(engine{})
		var m *schema.Message
		switch {
		case tt.errKey != "" && (!errors.As(err, &m) || m.Key() != tt.errKey):
			t.Errorf("%q: %v; want %s", tt.args, err, tt.errKey)
		case tt.errKey == "" && (err != nil || !reflect.DeepEqual(got, tt.want)):
			t.Errorf("%q: %+v, %v; want %+v", tt.args, got, err, tt.want)
		}
	}
}
