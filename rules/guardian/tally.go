package guardian

import (
	"math"

	"bifrost/rules/sim"
)

// NewTally starts the deck matchup matrix of a batch.
func (e *Engine) NewTally() sim.Tally {
	n := len(e.decks)
	return &Matchups{decks: e.deckName, games: make([]int, n*n), wins: make([]int, n*n),
		seatDeck: make([]int, 2*n), seatDeckWins: make([]int, 2*n)}
}

// Matchups is the guardian section of a batch report: every ordered pair of
// sample decks, and the first player's results. All fields are integer sums.
type Matchups struct {
	decks        []string
	games        []int // games[i*n+j]: finished games between decks i and j (either seat)
	wins         []int // wins[i*n+j]: games deck i won against deck j
	seatDeck     []int // seatDeck[s*n+i]: finished games with deck i in seat s
	seatDeckWins []int
	finished     int
	firstWins    int // games won by the player who went first in turn 1
}

// Record adds one finished game.
func (t *Matchups) Record(_ sim.Config, sg sim.Game, r *sim.Result) {
	g, ok := sg.(*game)
	if !ok || r.Unfinished || r.Violation != nil || r.Winner < 0 {
		return
	}
	n := len(t.decks)
	a, b := int(g.p.ps[0].deck), int(g.p.ps[1].deck)
	w := r.Winner
	deck := [2]int{a, b}
	t.finished++
	if w == int(g.p.gameFirst) {
		t.firstWins++
	}
	for s := range 2 {
		t.seatDeck[s*n+deck[s]]++
		if s == w {
			t.seatDeckWins[s*n+deck[s]]++
		}
	}
	if a == b {
		return
	}
	t.games[a*n+b]++
	t.games[b*n+a]++
	t.wins[deck[w]*n+deck[other(w)]]++
}

// Merge adds another tally of the same engine.
func (t *Matchups) Merge(other sim.Tally) {
	o := other.(*Matchups)
	add := func(a, b []int) {
		for i := range a {
			a[i] += b[i]
		}
	}
	add(t.games, o.games)
	add(t.wins, o.wins)
	add(t.seatDeck, o.seatDeck)
	add(t.seatDeckWins, o.seatDeckWins)
	t.finished += o.finished
	t.firstWins += o.firstWins
}

// MatchupReport is the JSON of the guardian section.
type MatchupReport struct {
	Decks []string `json:"decks"`
	// Matrix[i][j] is deck i's win rate against deck j over both seats, with
	// its Wilson 95 % interval; null on the diagonal.
	Matrix [][]*sim.Wilson `json:"matrix"`
	// DeckWinRate is each deck's win rate over all its games, and by seat.
	DeckWinRate []DeckRate `json:"deck_win_rate"`
	// FirstPlayer is the win rate of the player who went first in turn 1
	// (rock-paper-scissors); FirstPlayerAdvantage is that rate minus 0.5.
	FirstPlayer          sim.Wilson `json:"first_player"`
	FirstPlayerAdvantage float64    `json:"first_player_advantage"`
}

// DeckRate is one deck's results.
type DeckRate struct {
	Deck  string     `json:"deck"`
	All   sim.Wilson `json:"all"`
	Seat1 sim.Wilson `json:"seat1"`
	Seat2 sim.Wilson `json:"seat2"`
}

// Report renders the matrix.
func (t *Matchups) Report() any {
	n := len(t.decks)
	r := MatchupReport{Decks: t.decks, Matrix: make([][]*sim.Wilson, n), DeckWinRate: make([]DeckRate, n)}
	for i := range n {
		r.Matrix[i] = make([]*sim.Wilson, n)
		for j := range n {
			if i != j {
				w := sim.WilsonInterval(t.wins[i*n+j], t.games[i*n+j])
				r.Matrix[i][j] = &w
			}
		}
		s0, w0 := t.seatDeck[i], t.seatDeckWins[i]
		s1, w1 := t.seatDeck[n+i], t.seatDeckWins[n+i]
		r.DeckWinRate[i] = DeckRate{Deck: t.decks[i], All: sim.WilsonInterval(w0+w1, s0+s1),
			Seat1: sim.WilsonInterval(w0, s0), Seat2: sim.WilsonInterval(w1, s1)}
	}
	r.FirstPlayer = sim.WilsonInterval(t.firstWins, t.finished)
	if t.finished > 0 {
		r.FirstPlayerAdvantage = math.Round((r.FirstPlayer.Rate-0.5)*1e4) / 1e4
	}
	return r
}
