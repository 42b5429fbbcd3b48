package sim

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"
)

// LadderOptions says which bots a ladder pits against each other.
type LadderOptions struct {
	Seed    uint64
	Games   int      // games per pair of bots, spread evenly over Players
	Players []int    // player counts; empty means every count the engine supports
	Bots    []string // at least two
	Workers int      // goroutines; 0 means one per core
	// Progress, when set, is told how many games were played as they are,
	// from any worker.
	Progress func(games int)
}

// Ladder is the outcome of a ladder: every pair of bots played the same
// seeded deals with their seats alternating and rotated, so neither gains
// from the seat order. A bot's win rate counts only the seats it actually
// decided for (a solo game's AI seats decide for themselves).
type Ladder struct {
	Game    string       `json:"game"`
	Seed    uint64       `json:"seed"`
	Games   int          `json:"games_per_pair"`
	Players []int        `json:"player_counts"`
	Bots    []LadderBot  `json:"bots"`
	Pairs   []LadderPair `json:"pairs"`
	// SkillGap is the best bot's win rate minus the worst's, in points: how
	// much playing well matters against luck.
	SkillGap float64 `json:"skill_gap_points"`
	// Steps climb the ladder in the order the bots were given: each bot's
	// head-to-head win rate against the one before it (greedy over random,
	// search over greedy, search:800 over search:200), which says what
	// more skill buys where the skill gap only says how far apart the
	// extremes are.
	Steps      []LadderStep `json:"steps"`
	Unfinished int          `json:"unfinished"`
	Violations int          `json:"violations"`
	// Drawn counts the finished games no seat won: each is a seat-game for
	// both bots, a win for neither.
	Drawn int `json:"drawn"`
	// ViolationGames and UnfinishedGames list the first of those games, by
	// player count and seed, each with its message and replay command.
	ViolationGames  []Violation `json:"violation_games"`
	UnfinishedGames []Violation `json:"unfinished_games"`
}

// LadderBot is one bot's win rate per seat over all its pairings.
type LadderBot struct {
	Name    string `json:"name"`
	WinRate Wilson `json:"win_rate"` // wins per seat-game
}

// LadderStep is one bot against the one before it in the ladder's order.
type LadderStep struct {
	From    string `json:"from"`
	To      string `json:"to"`
	WinRate Wilson `json:"win_rate"` // To's wins per seat-game against From
}

// LadderPair is one pairing: each side's win rate per seat-game.
type LadderPair struct {
	Names [2]string `json:"bots"`
	Rate  [2]Wilson `json:"win_rate"`
}

// ladderCount accumulates one pairing; all fields are integer sums.
type ladderCount struct {
	seatGames, wins [2]int
	unfinished      int
	violations      int
	drawn           int
}

// maxLadderListed bounds the violations and unfinished games a ladder lists.
const maxLadderListed = 20

// RunLadder plays every pair of o.Bots against each other. The result does
// not depend on the number of workers.
func RunLadder(ctx context.Context, e Engine, o LadderOptions) *Ladder {
	if len(o.Players) == 0 {
		o.Players = e.PlayerCounts()
	}
	type pair struct{ a, b int }
	var pairs []pair
	for a := range o.Bots {
		for b := a + 1; b < len(o.Bots); b++ {
			pairs = append(pairs, pair{a, b})
		}
	}
	counts := make([]ladderCount, len(pairs))
	var broken, stalled []Violation
	var mu sync.Mutex
	playAll(ctx, o.Workers, len(pairs)*o.Games, 1, func() (func(int), func()) {
		local := make([]ladderCount, len(pairs))
		var localBroken, localStalled []Violation
		players := map[[2]int]*Player{}
		play := func(k int) {
			pi, g := k/o.Games, k%o.Games
			// Even games seat a first, odd games b first; seats alternate.
			order := [2]int{0, 1}
			if g%2 == 1 {
				order = [2]int{1, 0}
			}
			key := [2]int{pi, order[0]}
			p := players[key]
			if p == nil {
				names := []string{o.Bots[pairs[pi].a], o.Bots[pairs[pi].b]}
				p = NewPlayer(e, []string{names[order[0]], names[order[1]]}, nil)
				p.Check = true
				players[key] = p
			}
			var decided uint64
			p.OnChoice = func(_ Game, seat int, _ Choice) { decided |= 1 << uint(seat) }
			cfg := job(o.Players, g)
			r := p.Play(cfg, GameSeed(o.Seed, cfg.Players, cfg.Index))
			c := &local[pi]
			switch {
			case r.Violation != nil:
				c.violations++
				localBroken = append(localBroken, *r.Violation)
			case r.Unfinished:
				c.unfinished++
				localStalled = append(localStalled, stalledGame(e, &r, p.Bots))
			default:
				if r.Winner < 0 {
					c.drawn++
				}
				for seat := range cfg.Players {
					if decided&(1<<uint(seat)) == 0 {
						continue
					}
					side := order[seat%2]
					c.seatGames[side]++
					if seat == r.Winner {
						c.wins[side]++
					}
				}
			}
		}
		return play, func() {
			mu.Lock()
			defer mu.Unlock()
			for i := range counts {
				for s := range 2 {
					counts[i].seatGames[s] += local[i].seatGames[s]
					counts[i].wins[s] += local[i].wins[s]
				}
				counts[i].unfinished += local[i].unfinished
				counts[i].violations += local[i].violations
				counts[i].drawn += local[i].drawn
			}
			broken, stalled = append(broken, localBroken...), append(stalled, localStalled...)
		}
	}, o.Progress)

	l := &Ladder{Game: e.Name(), Seed: o.Seed, Games: o.Games, Players: o.Players,
		ViolationGames: firstListed(broken), UnfinishedGames: firstListed(stalled)}
	seatGames := make([]int, len(o.Bots))
	wins := make([]int, len(o.Bots))
	for i, pr := range pairs {
		c := counts[i]
		l.Pairs = append(l.Pairs, LadderPair{Names: [2]string{o.Bots[pr.a], o.Bots[pr.b]},
			Rate: [2]Wilson{WilsonInterval(c.wins[0], c.seatGames[0]), WilsonInterval(c.wins[1], c.seatGames[1])}})
		for s, bot := range [2]int{pr.a, pr.b} {
			seatGames[bot] += c.seatGames[s]
			wins[bot] += c.wins[s]
		}
		l.Unfinished += c.unfinished
		l.Violations += c.violations
		l.Drawn += c.drawn
	}
	lo, hi := 1.0, 0.0
	for i, name := range o.Bots {
		w := WilsonInterval(wins[i], seatGames[i])
		l.Bots = append(l.Bots, LadderBot{Name: name, WinRate: w})
		lo, hi = min(lo, w.Rate), max(hi, w.Rate)
	}
	if len(o.Bots) > 0 {
		l.SkillGap = round4((hi - lo) * 100)
	}
	for i := 1; i < len(o.Bots); i++ {
		for j, pr := range pairs {
			switch {
			case pr.a == i-1 && pr.b == i:
				l.Steps = append(l.Steps, LadderStep{From: o.Bots[i-1], To: o.Bots[i], WinRate: l.Pairs[j].Rate[1]})
			case pr.a == i && pr.b == i-1:
				l.Steps = append(l.Steps, LadderStep{From: o.Bots[i-1], To: o.Bots[i], WinRate: l.Pairs[j].Rate[0]})
			}
		}
	}
	return l
}

// firstListed sorts vs by player count, seed, game index and bots, their
// names joined by commas (the same seed is played by several pairs), and
// keeps the first maxLadderListed.
func firstListed(vs []Violation) []Violation {
	slices.SortFunc(vs, func(a, b Violation) int {
		return cmp.Or(byPlayersSeed(a, b), cmp.Compare(a.Spec.Index, b.Spec.Index),
			strings.Compare(strings.Join(a.Spec.Bots, ","), strings.Join(b.Spec.Bots, ",")))
	})
	return append([]Violation{}, vs[:min(len(vs), maxLadderListed)]...)
}
