package playflags

import (
	"github.com/spf13/pflag"

	"bifrost/rules/sim"
)

// Batch holds the flags every command that plays a batch of one game's
// games shares (sim, ladder, compare, sweep, effects, tune): --src,
// --games, --players, --seed, --bots and, where the command takes it,
// --workers.
type Batch struct {
	Src     string
	Games   int
	Players string
	Seed    uint64
	Workers int
	Bots    string
}

// Defaults are one command's defaults and help keys for its Batch flags.
type Defaults struct {
	Games     int
	GamesHelp string
	SeedHelp  string
	Bots      string
	BotsHelp  string
	Workers   bool // the command takes --workers
}

// Bind defines b's flags on fs with the command's defaults d.
func (b *Batch) Bind(fs *pflag.FlagSet, d Defaults) {
	fs.StringVar(&b.Src, "src", "cardsrc", "flag.src")
	fs.IntVar(&b.Games, "games", d.Games, d.GamesHelp)
	fs.StringVar(&b.Players, "players", "all", "flag.players")
	fs.Uint64Var(&b.Seed, "seed", 1, d.SeedHelp)
	if d.Workers {
		fs.IntVar(&b.Workers, "workers", 0, "flag.workers")
	}
	fs.StringVar(&b.Bots, "bots", d.Bots, d.BotsHelp)
}

// Options is the batch the flags ask for on e: its seed, games and
// workers, the player counts (Players) and the bots by seat (Bots).
func (b *Batch) Options(e sim.Engine) (sim.BatchOptions, error) {
	bo := sim.BatchOptions{Seed: b.Seed, Games: b.Games, Workers: b.Workers}
	var err error
	if bo.Players, err = Players(b.Players, e.PlayerCounts()); err != nil {
		return bo, err
	}
	bo.Bots, err = Bots(b.Bots, e)
	return bo, err
}
