package sim

import (
	"maps"
	"math"
	"slices"
	"strconv"
)

// Stats accumulates a batch. Every field is an integer sum, so merging the
// Stats of any split of a batch gives exactly the Stats of the whole.
type Stats struct {
	Games      int                  `json:"games"`
	Unfinished int                  `json:"unfinished"`
	Violations []Violation          `json:"violations"`
	Stalled    []Violation          `json:"stalled"` // the unfinished games, with their replays
	ByPlayers  map[int]*PlayerStats `json:"by_players"`
	Cards      []CardStats          `json:"cards"`
	Extra      map[string]Tally     `json:"-"`
	engine     Engine
	bots       []string
}

// PlayerStats accumulates the games of one player count.
type PlayerStats struct {
	Finished   int         `json:"finished"`
	SeatWins   []int       `json:"seat_wins"`
	Lengths    map[int]int `json:"lengths"`         // turns → games
	Scores     map[int]int `json:"scores"`          // score → seat-games
	SeatScores []int       `json:"seat_scores"`     // sum of each seat's score
	WinScores  map[int]int `json:"win_scores"`      // winner's score → games
	Drawn      int         `json:"drawn,omitempty"` // finished games without a winner
	// OrderWins counts wins by turn order (first player, second, …), for a
	// game whose turn order is dealt at random (TurnOrderer).
	OrderWins []int `json:"order_wins,omitempty"`
	// Design sums the Design of the finished games that were measured.
	Design *DesignSums `json:"design,omitempty"`
}

// DesignSums adds up Design over games, to be merged across shards.
type DesignSums struct {
	Games       int `json:"games"`
	Decisions   int `json:"decisions"`
	Forced      int `json:"forced"`
	Branching   int `json:"branching"`
	LeadChanges int `json:"lead_changes"`
	Comebacks   int `json:"comebacks"`        // won games whose winner was ever behind
	Deficits    int `json:"deficits"`         // the comebacks' deficits summed
	Decided     int `json:"decided"`          // games with a winner
	Settled     int `json:"settled_permille"` // their Settled in thousandths, summed (integers sum alike in any order)
	Turns       int `json:"turns"`            // turns that ended with a player to move
	Stalls      int `json:"stalls"`           // … in which that player neither scored nor acquired a card
}

func (d *DesignSums) add(r *Result) {
	d.Games++
	d.Decisions += r.Decisions
	d.Forced += r.Design.Forced
	d.Branching += r.Design.Branching
	d.LeadChanges += r.Design.LeadChanges
	d.Turns += r.Design.Turns
	d.Stalls += r.Design.Stalls
	if r.Winner >= 0 {
		d.Decided++
		d.Settled += int(math.Round(1000 * r.Design.Settled))
		if r.Design.Deficit > 0 {
			d.Comebacks++
			d.Deficits += r.Design.Deficit
		}
	}
}

func (d *DesignSums) merge(o *DesignSums) {
	d.Games += o.Games
	d.Decisions += o.Decisions
	d.Forced += o.Forced
	d.Branching += o.Branching
	d.LeadChanges += o.LeadChanges
	d.Comebacks += o.Comebacks
	d.Deficits += o.Deficits
	d.Decided += o.Decided
	d.Settled += o.Settled
	d.Turns += o.Turns
	d.Stalls += o.Stalls
}

// CardStats accumulates one card design.
type CardStats struct {
	Acquired int `json:"acquired"`
	Played   int `json:"played"`
	Resolved int `json:"resolved"`
	Users    int `json:"users"`     // player-games in which a seat used the card
	UserWins int `json:"user_wins"` // … and that seat won
}

// NewStats returns empty statistics for engine e.
func NewStats(e Engine) *Stats {
	return &Stats{ByPlayers: map[int]*PlayerStats{}, Cards: make([]CardStats, len(e.Cards())), engine: e}
}

func (s *Stats) players(n int) *PlayerStats {
	ps := s.ByPlayers[n]
	if ps == nil {
		ps = &PlayerStats{SeatWins: make([]int, n), SeatScores: make([]int, n),
			Lengths: map[int]int{}, Scores: map[int]int{}, WinScores: map[int]int{}}
		s.ByPlayers[n] = ps
	}
	return ps
}

func (s *Stats) cardEvent(kind EventKind, card int32) {
	c := &s.Cards[card]
	switch kind {
	case Acquired:
		c.Acquired++
	case Played:
		c.Played++
	case Resolved:
		c.Resolved++
	}
}

func (s *Stats) cardUsers(card int32, seats uint8, winner int) {
	c := &s.Cards[card]
	for seat := 0; seats != 0; seat, seats = seat+1, seats>>1 {
		if seats&1 != 0 {
			c.Users++
			if seat == winner {
				c.UserWins++
			}
		}
	}
}

// add records one game's result.
func (s *Stats) add(r *Result) {
	s.Games++
	ps := s.players(r.Players)
	switch {
	case r.Violation != nil:
		s.Violations = append(s.Violations, *r.Violation)
	case r.Unfinished:
		s.Unfinished++
		s.Stalled = append(s.Stalled, stalledGame(s.engine, r, s.bots))
	default:
		ps.Finished++
		ps.Lengths[r.Turns]++
		if r.Design.Branching > 0 {
			if ps.Design == nil {
				ps.Design = &DesignSums{}
			}
			ps.Design.add(r)
		}
		for seat, sc := range r.Scores {
			ps.Scores[sc]++
			ps.SeatScores[seat] += sc
		}
		if r.First >= 0 && ps.OrderWins == nil {
			ps.OrderWins = make([]int, r.Players)
		}
		if r.Winner < 0 {
			ps.Drawn++
			return
		}
		ps.SeatWins[r.Winner]++
		ps.WinScores[r.Scores[r.Winner]]++
		if r.First >= 0 {
			ps.OrderWins[(r.Winner-r.First+r.Players)%r.Players]++
		}
	}
}

// Merge adds o into s.
func (s *Stats) Merge(o *Stats) {
	s.Games += o.Games
	s.Unfinished += o.Unfinished
	s.Violations = append(s.Violations, o.Violations...)
	s.Stalled = append(s.Stalled, o.Stalled...)
	for n, op := range o.ByPlayers {
		ps := s.players(n)
		ps.Finished += op.Finished
		ps.Drawn += op.Drawn
		for i := range op.SeatWins {
			ps.SeatWins[i] += op.SeatWins[i]
			ps.SeatScores[i] += op.SeatScores[i]
		}
		if op.OrderWins != nil && ps.OrderWins == nil {
			ps.OrderWins = make([]int, len(op.OrderWins))
		}
		for i := range op.OrderWins {
			ps.OrderWins[i] += op.OrderWins[i]
		}
		if op.Design != nil {
			if ps.Design == nil {
				ps.Design = &DesignSums{}
			}
			ps.Design.merge(op.Design)
		}
		addHist(ps.Lengths, op.Lengths)
		addHist(ps.Scores, op.Scores)
		addHist(ps.WinScores, op.WinScores)
	}
	for i, c := range o.Cards {
		d := &s.Cards[i]
		d.Acquired += c.Acquired
		d.Played += c.Played
		d.Resolved += c.Resolved
		d.Users += c.Users
		d.UserWins += c.UserWins
	}
	for k, t := range o.Extra {
		if mine, ok := s.Extra[k]; ok {
			mine.Merge(t)
		} else {
			if s.Extra == nil {
				s.Extra = map[string]Tally{}
			}
			s.Extra[k] = t
		}
	}
}

func addHist(dst, src map[int]int) {
	for k, v := range src {
		dst[k] += v
	}
}

// sortViolations orders violations and unfinished games by player count then
// seed, so the report does not depend on which worker met them first.
func (s *Stats) sortViolations() {
	slices.SortFunc(s.Violations, byPlayersSeed)
	slices.SortFunc(s.Stalled, byPlayersSeed)
}

func byPlayersSeed(a, b Violation) int {
	{
		if a.Players != b.Players {
			return a.Players - b.Players
		}
		switch {
		case a.Seed < b.Seed:
			return -1
		case a.Seed > b.Seed:
			return 1
		}
		return 0
	}
}

// Wilson is a proportion with its Wilson 95 % score interval.
type Wilson struct {
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Wins  int     `json:"wins"`
	Games int     `json:"games"`
}

// z95 is the normal quantile of a two-sided 95 % interval (the 97.5th
// percentile): the simulations' 95 % intervals reach this many standard
// errors either side.
const z95 = 1.959963984540054

// WilsonInterval returns k successes out of n with the 95 % Wilson interval.
func WilsonInterval(k, n int) Wilson {
	w := Wilson{Wins: k, Games: n}
	if n == 0 {
		return w
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z95*z95/nf
	centre := (p + z95*z95/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z95*z95/(4*nf*nf)) / den
	w.Rate, w.Low, w.High = round4(p), round4(math.Max(0, centre-half)), round4(math.Min(1, centre+half))
	return w
}

// Distribution summarises a histogram.
type Distribution struct {
	Mean float64     `json:"mean"`
	Min  int         `json:"min"`
	P10  int         `json:"p10"`
	P50  int         `json:"p50"`
	P90  int         `json:"p90"`
	Max  int         `json:"max"`
	Hist map[int]int `json:"histogram"`
}

// Summarize describes a histogram of integer values: mean, range and deciles.
func Summarize(h map[int]int) Distribution {
	d := Distribution{Hist: h}
	keys := slices.Sorted(maps.Keys(h))
	if len(keys) == 0 {
		return d
	}
	total, sum := 0, 0
	for _, k := range keys {
		total += h[k]
		sum += k * h[k]
	}
	d.Mean = round4(float64(sum) / float64(total))
	d.Min, d.Max = keys[0], keys[len(keys)-1]
	quantile := func(q float64) int {
		need := int(math.Ceil(q * float64(total)))
		seen := 0
		for _, k := range keys {
			seen += h[k]
			if seen >= need {
				return k
			}
		}
		return d.Max
	}
	d.P10, d.P50, d.P90 = quantile(0.1), quantile(0.5), quantile(0.9)
	return d
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// key renders a player count as a JSON object key.
func key(n int) string { return strconv.Itoa(n) }
