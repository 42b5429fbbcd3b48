package sim

import (
	"cmp"
	"context"
	"math"
	"slices"
	"sync"
)

// Comparison is a paired comparison of two versions of a game's data: both
// played the same seeded games with the same bots (common random numbers),
// so most of the luck cancels and the intervals are tight.
type Comparison struct {
	Game         string   `json:"game"`
	Seed         uint64   `json:"seed"`
	Games        int      `json:"games"`
	PlayerCounts []int    `json:"player_counts"`
	Bots         []string `json:"bots"`
	Paired       int      `json:"paired"`   // games that finished cleanly on both sides
	Excluded     int      `json:"excluded"` // games that broke a rule or did not finish on a side
	// Unfinished and Violations count, per side (old, new), the games that
	// did not finish or broke a rule: on the same seeds, more of them on
	// the new side is the change's doing.
	Unfinished [2]int   `json:"unfinished"`
	Violations [2]int   `json:"violations"`
	Measures   []Change `json:"measures"`
	// Design is the design measures (see DesignReport: branching, forced,
	// lead_changes, comebacks, comeback_deficit, settled, stalls) per
	// player count, paired game for game as Measures are, and adjusted
	// apart from them; they do not make the comparison Significant.
	Design []Change     `json:"design,omitempty"`
	Cards  []CardChange `json:"cards"` // significant changes first
	// Power is what the comparison can see: the smallest change of a
	// seat's win rate it detects 80 % of the time.
	Power Power `json:"power"`
	// Rounds is how many comparisons CompareUntilSignificant played, each
	// twice the size of the one before; Capped says it stopped at its cap
	// with nothing significant. Zero for a single comparison.
	Rounds int  `json:"rounds,omitempty"`
	Capped bool `json:"capped,omitempty"`
}

// Significant reports whether any measure or card changed significantly.
// The design measures describe how the game plays, not its balance: they
// do not count.
func (c *Comparison) Significant() bool {
	return slices.ContainsFunc(c.Measures, func(m Change) bool { return m.Significant }) ||
		slices.ContainsFunc(c.Cards, func(m CardChange) bool { return m.Significant })
}

// CompareUntilSignificant compares at o.Games, then at twice as many, and
// so on, until something changes significantly or the next size would
// pass most games. A batch's first games do not depend on its size, so
// each round plays only the games the one before did not and adds them to
// its sums: every round is the comparison Compare makes at its size, and
// all told it plays its last round's games once.
func CompareUntilSignificant(ctx context.Context, old, new Engine, o BatchOptions, most int) *Comparison {
	cp := newComparer(old, new, o)
	for round := 1; ; round++ {
		cp.play(ctx, o.Games)
		c := cp.result(o.Games)
		c.Rounds = round
		if c.Significant() || o.Games*2 > most || ctx.Err() != nil {
			c.Capped = !c.Significant()
			return c
		}
		o.Games *= 2
	}
}

// Power is the smallest change of a seat's win rate, in points, that a
// paired comparison of this size detects 80 % of the time (a two-sided
// 5 % test, before the correction over the measures), from the largest
// standard error observed among the seat measures, and the paired games of
// that measure's player count. Points is 0 when no game differed between
// the sides, so no variance was observed.
type Power struct {
	Points  float64 `json:"detectable_seat_change_points"`
	Players int     `json:"players"`
	Paired  int     `json:"paired"`
}

// power finds the seat measure with the widest interval in ms.
func power(ms []Change) Power {
	const z80 = 0.8416212335729143
	var p Power
	widest := 0.0
	for _, m := range ms {
		if m.Measure == "seat_win_rate" && m.High-m.Low > widest {
			widest = m.High - m.Low
			p = Power{Points: math.Round(1000*(z95+z80)*widest/(2*z95)) / 10, Players: m.Players, Paired: m.Paired}
		}
	}
	return p
}

// Change is one game-level measure (a seat's win rate, the mean length, the
// mean score) for one player count: old and new values, the paired
// difference with its 95 % interval, and the Benjamini–Hochberg adjusted
// p-value over every measure of the comparison.
type Change struct {
	Measure     string  `json:"measure"` // "seat_win_rate", "turn_order_win_rate", "length", "score"
	Players     int     `json:"players"`
	Seat        int     `json:"seat,omitempty"` // 1-based: the seat, or the place in the turn order
	Paired      int     `json:"paired"`         // the paired games it rests on
	Old         float64 `json:"old"`
	New         float64 `json:"new"`
	Diff        float64 `json:"diff"`
	Low         float64 `json:"low"`
	High        float64 `json:"high"`
	Q           float64 `json:"q"`
	Significant bool    `json:"significant"`
}

// CardChange is one card's use rate (the share of seat-games in which a
// seat used it) or win rate when used, before and after, with the
// adjusted p-value over every card test of the comparison. In a game whose
// seats play decks (SeatGrouper) it is one card in one deck, measured over
// the seats that played that deck.
type CardChange struct {
	ID          string  `json:"id"`
	Group       string  `json:"deck,omitempty"` // the deck, for a SeatGrouper
	Measure     string  `json:"measure"`        // "use_rate" or "win_rate"
	Old         Wilson  `json:"old"`
	New         Wilson  `json:"new"`
	Diff        float64 `json:"diff"`
	Z           float64 `json:"z"` // the test statistic, for ranking changes too strong for q to tell apart
	Q           float64 `json:"q"`
	Significant bool    `json:"significant"`
}

// significance is the false discovery rate at which a change is marked.
const significance = 0.05

// paired accumulates the per-game differences of one player count; every
// field is an integer sum, so workers merge exactly.
type paired struct {
	games            int
	seatOld, seatNew []int
	seatD2           []int // Σ d² of the seat-win indicators
	// orderOld, orderNew and orderD2 are the same by place in the turn
	// order, for a game that deals it at random (ordered).
	orderOld, orderNew, orderD2 []int
	ordered                     bool
	lenOld, lenNew, lenD2       int
	scoreOld, scoreNew          int // sums of all seats' scores
	scoreD2                     int
	design                      designPaired
}

func (p *paired) add(old, new Outcome) {
	p.games++
	p.design.add(&old, &new)
	for s := range p.seatOld {
		o, n := b2i(old.Winner == s), b2i(new.Winner == s)
		p.seatOld[s] += o
		p.seatNew[s] += n
		p.seatD2[s] += (n - o) * (n - o)
	}
	if old.Opener > 0 && new.Opener > 0 {
		p.ordered = true
		for k := range p.orderOld {
			o, n := b2i(old.place() == k), b2i(new.place() == k)
			p.orderOld[k] += o
			p.orderNew[k] += n
			p.orderD2[k] += (n - o) * (n - o)
		}
	}
	p.lenOld += old.Turns
	p.lenNew += new.Turns
	p.lenD2 += (new.Turns - old.Turns) * (new.Turns - old.Turns)
	p.scoreOld += old.Score
	p.scoreNew += new.Score
	p.scoreD2 += (new.Score - old.Score) * (new.Score - old.Score)
}

func (p *paired) merge(o *paired) {
	p.games += o.games
	for s := range p.seatOld {
		p.seatOld[s] += o.seatOld[s]
		p.seatNew[s] += o.seatNew[s]
		p.seatD2[s] += o.seatD2[s]
		p.orderOld[s] += o.orderOld[s]
		p.orderNew[s] += o.orderNew[s]
		p.orderD2[s] += o.orderD2[s]
	}
	p.ordered = p.ordered || o.ordered
	p.lenOld, p.lenNew, p.lenD2 = p.lenOld+o.lenOld, p.lenNew+o.lenNew, p.lenD2+o.lenD2
	p.scoreOld, p.scoreNew, p.scoreD2 = p.scoreOld+o.scoreOld, p.scoreNew+o.scoreNew, p.scoreD2+o.scoreD2
	p.design.merge(o.design)
}

func newPaired(players int) *paired {
	return &paired{seatOld: make([]int, players), seatNew: make([]int, players), seatD2: make([]int, players),
		orderOld: make([]int, players), orderNew: make([]int, players), orderD2: make([]int, players), design: newDesignPaired()}
}

// Compare plays the batch o on both engines, game for game with the same
// seeds, and compares them. The result does not depend on o.Workers.
func Compare(ctx context.Context, old, new Engine, o BatchOptions) *Comparison {
	cp := newComparer(old, new, o)
	cp.play(ctx, o.Games)
	return cp.result(o.Games)
}

// comparer holds the sums of a comparison over the first games of its
// batch, so that a larger comparison adds the games it lacks to them.
type comparer struct {
	old, new Engine
	o        BatchOptions
	oldToNew []int32 // cards pair by ID: the old side's indexes map to the new side's
	present  []bool  // the new side's cards that the old side has
	cards    *cardPairs
	acc      map[int]*paired
	played   int // the batch's games played so far, its first ones
	excluded int
	// unfinished and violations count per side (old, new).
	unfinished, violations [2]int
}

func newComparer(old, new Engine, o BatchOptions) *comparer {
	if len(o.Players) == 0 {
		o.Players = new.PlayerCounts()
	}
	if len(o.Bots) == 0 {
		o.Bots = []string{"random"}
	}
	newIndex := map[string]int32{}
	for j, id := range new.Cards() {
		newIndex[id] = int32(j)
	}
	c := &comparer{old: old, new: new, o: o, oldToNew: make([]int32, len(old.Cards())), present: make([]bool, len(new.Cards())),
		cards: newCardPairs(len(new.Cards())), acc: map[int]*paired{}}
	for i, id := range old.Cards() {
		j, ok := newIndex[id]
		if !ok {
			j = -1
		} else {
			c.present[j] = true
		}
		c.oldToNew[i] = j
	}
	for _, n := range o.Players {
		c.acc[n] = newPaired(n)
	}
	return c
}

// play plays the batch's games from the first not yet played up to games
// (exclusive) on both engines and adds them to the sums.
func (c *comparer) play(ctx context.Context, games int) {
	o, from := c.o, c.played
	if games <= from {
		return
	}
	var mu sync.Mutex
	playAll(ctx, o.Workers, games-from, 1, func() (func(int), func()) {
		po, pn := NewPlayer(c.old, o.Bots, nil), NewPlayer(c.new, o.Bots, nil)
		po.Check, pn.Check = o.Check, o.Check
		po.Measure, pn.Measure = true, true
		localCards := newCardPairs(len(c.new.Cards()))
		po.OnCardUse = func(card int32, seats uint8) {
			if j := c.oldToNew[card]; j >= 0 {
				localCards.use(0, j, seats)
			}
		}
		pn.OnCardUse = func(card int32, seats uint8) { localCards.use(1, card, seats) }
		local := map[int]*paired{}
		for _, n := range o.Players {
			local[n] = newPaired(n)
		}
		skipped := 0
		var stalled, broke [2]int
		play := func(g int) {
			cfg := job(o.Players, from+g)
			seed := GameSeed(o.Seed, cfg.Players, cfg.Index)
			ro, rn := po.Play(cfg, seed), pn.Play(cfg, seed)
			for side, r := range [2]*Result{&ro, &rn} {
				stalled[side] += b2i(r.Unfinished)
				broke[side] += b2i(r.Violation != nil)
			}
			both := clean(&ro) && clean(&rn)
			localCards.endGame(&ro, &rn, both)
			if both {
				local[cfg.Players].add(outcomeOf(&ro), outcomeOf(&rn))
			} else {
				skipped++
			}
		}
		return play, func() {
			mu.Lock()
			defer mu.Unlock()
			c.cards.merge(localCards)
			for n, p := range local {
				c.acc[n].merge(p)
			}
			c.excluded += skipped
			for side := range 2 {
				c.unfinished[side] += stalled[side]
				c.violations[side] += broke[side]
			}
		}
	}, o.Progress)
	c.played = games
}

// result is the comparison of the games played so far, a batch of games.
func (c *comparer) result(games int) *Comparison {
	o := c.o
	r := &Comparison{Game: c.new.Name(), Seed: o.Seed, Games: games, PlayerCounts: o.Players, Bots: o.Bots, Excluded: c.excluded,
		Unfinished: c.unfinished, Violations: c.violations}
	r.Measures = changes(c.acc, o.Players)
	r.Design = designChanges(c.acc, o.Players)
	r.Power = power(r.Measures)
	for _, p := range c.acc {
		r.Paired += p.games
	}
	r.Cards = c.cards.changes(c.new.Cards(), c.present)
	return r
}

// changes turns the paired sums of each player count into the measures
// of a comparison: each seat's win rate (and, where the turn order is
// dealt at random, the win rate of the first player, the second, …, which
// is where such a game's seat balance shows), the mean length and the
// mean score, Benjamini–Hochberg adjusted together.
func changes(acc map[int]*paired, players []int) []Change {
	var ms []Change
	for _, n := range players {
		p := acc[n]
		for s := range n {
			ms = append(ms, pairedChange("seat_win_rate", n, s+1, p.games, p.seatOld[s], p.seatNew[s], p.seatD2[s], 1))
		}
		if p.ordered {
			for k := range n {
				ms = append(ms, pairedChange("turn_order_win_rate", n, k+1, p.games, p.orderOld[k], p.orderNew[k], p.orderD2[k], 1))
			}
		}
		ms = append(ms, pairedChange("length", n, 0, p.games, p.lenOld, p.lenNew, p.lenD2, 1))
		ms = append(ms, pairedChange("score", n, 0, p.games, p.scoreOld, p.scoreNew, p.scoreD2, n))
	}
	adjust(len(ms), func(i int) *float64 { return &ms[i].Q })
	for i := range ms {
		ms[i].Significant = ms[i].Q < significance
	}
	return ms
}

func clean(r *Result) bool { return r.Violation == nil && !r.Unfinished }

// pairedChange turns sums over m paired games into a Change; per divides
// the values (a game's total score by its seats, for a mean seat score).
// Its Q holds the raw p-value until adjust runs.
func pairedChange(measure string, players, seat, m, oldSum, newSum, d2 int, per int) Change {
	ch := Change{Measure: measure, Players: players, Seat: seat, Paired: m, Q: 1}
	if m == 0 {
		return ch
	}
	f := float64(m) * float64(per)
	ch.Old, ch.New = round4(float64(oldSum)/f), round4(float64(newSum)/f)
	mean := float64(newSum-oldSum) / float64(m)
	ch.Diff = round4(mean / float64(per))
	sd := 0.0
	if m > 1 {
		sd = math.Sqrt(max(0, (float64(d2)-float64(m)*mean*mean)/float64(m-1)))
	}
	se := sd / math.Sqrt(float64(m)) / float64(per)
	ch.Low, ch.High = round4(ch.Diff-z95*se), round4(ch.Diff+z95*se)
	ch.Q = pValue(mean/float64(per), se)
	return ch
}

// pValue is the two-sided normal p-value of an estimate with standard error se.
func pValue(est, se float64) float64 {
	switch {
	case se > 0:
		return math.Erfc(math.Abs(est/se) / math.Sqrt2)
	case est == 0:
		return 1
	default:
		return 0
	}
}

// adjust replaces n raw p-values (reached through at) with
// Benjamini–Hochberg adjusted ones.
func adjust(n int, at func(i int) *float64) {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(*at(a), *at(b)) })
	next := 1.0
	for r := n - 1; r >= 0; r-- {
		p := at(idx[r])
		next = min(next, *p*float64(n)/float64(r+1))
		*p = round4(next)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
