package guardian

import (
	"math"
	"strings"

	"bifrost/rules/sim"
)

// NewTally starts the deck matchup matrix of a batch.
func (e *Engine) NewTally() sim.Tally {
	n := len(e.decks)
	return &Matchups{Decks: e.deckName, Chart: e.chart(), Games: make([]int, n*n), Wins: make([]int, n*n),
		SeatDeck: make([]int, 2*n), SeatDeckWins: make([]int, 2*n)}
}

// Matchups is the guardian section of a batch report: every ordered pair of
// sample decks, and the first player's results. All fields are integer sums.
// The fields are exported so that a tally survives the JSON round trip of
// a shard report (sim.Tally).
type Matchups struct {
	Decks        []string `json:"decks"`
	Chart        string   `json:"chart"`     // the affinity chart the games used (Engine.chart)
	Games        []int    `json:"games"`     // Games[i*n+j]: finished games between decks i and j (either seat)
	Wins         []int    `json:"wins"`      // Wins[i*n+j]: games deck i won against deck j
	SeatDeck     []int    `json:"seat_deck"` // SeatDeck[s*n+i]: finished games with deck i in seat s
	SeatDeckWins []int    `json:"seat_deck_wins"`
	Finished     int      `json:"finished"`
	FirstWins    int      `json:"first_wins"` // games won by the player who went first in turn 1
	Drawn        int      `json:"drawn"`      // games drawn by repetition (RepetitionLimit), in no other count
}

// Record adds one finished game.
func (t *Matchups) Record(_ sim.Config, sg sim.Game, r *sim.Result) {
	g, ok := sg.(*Game)
	if !ok || r.Unfinished || r.Violation != nil {
		return
	}
	if g.p.drawn {
		t.Drawn++
		return
	}
	n := len(t.Decks)
	a, b := int(g.p.ps[0].deck), int(g.p.ps[1].deck)
	w := r.Winner
	deck := [2]int{a, b}
	t.Finished++
	if w == int(g.p.gameFirst) {
		t.FirstWins++
	}
	for s := range 2 {
		t.SeatDeck[s*n+deck[s]]++
		if s == w {
			t.SeatDeckWins[s*n+deck[s]]++
		}
	}
	if a == b {
		return
	}
	t.Games[a*n+b]++
	t.Games[b*n+a]++
	t.Wins[deck[w]*n+deck[other(w)]]++
}

// Merge adds another tally of the same engine.
func (t *Matchups) Merge(other sim.Tally) {
	o := other.(*Matchups)
	add := func(a, b []int) {
		for i := range a {
			a[i] += b[i]
		}
	}
	add(t.Games, o.Games)
	add(t.Wins, o.Wins)
	add(t.SeatDeck, o.SeatDeck)
	add(t.SeatDeckWins, o.SeatDeckWins)
	t.Finished += o.Finished
	t.FirstWins += o.FirstWins
	t.Drawn += o.Drawn
}

// MatchupReport is the JSON of the guardian section.
type MatchupReport struct {
	Decks []string `json:"decks"`
	// AffinityChart names the affinity chart the games were played with:
	// the seed's (AffinityProposal ×) or the designer's proposal, and its
	// advantages.
	AffinityChart string `json:"affinity_chart"`
	// Matrix[i][j] is deck i's win rate against deck j over both seats, with
	// its Wilson 95 % interval; null on the diagonal.
	Matrix [][]*sim.Wilson `json:"matrix"`
	// DeckWinRate is each deck's win rate over all its games, and by seat.
	DeckWinRate []DeckRate `json:"deck_win_rate"`
	// FirstPlayer is the win rate of the player who went first in turn 1
	// (rock-paper-scissors); FirstPlayerAdvantage is that rate minus 0.5.
	FirstPlayer          sim.Wilson `json:"first_player"`
	FirstPlayerAdvantage float64    `json:"first_player_advantage"`
	// Drawn counts the games drawn by repetition (RepetitionLimit, G10),
	// which the matrix and the first player's rate leave out.
	Drawn int `json:"drawn"`
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
	n := len(t.Decks)
	r := MatchupReport{Decks: t.Decks, AffinityChart: t.Chart, Matrix: make([][]*sim.Wilson, n), DeckWinRate: make([]DeckRate, n), Drawn: t.Drawn}
	for i := range n {
		r.Matrix[i] = make([]*sim.Wilson, n)
		for j := range n {
			if i != j {
				w := sim.WilsonInterval(t.Wins[i*n+j], t.Games[i*n+j])
				r.Matrix[i][j] = &w
			}
		}
		s0, w0 := t.SeatDeck[i], t.SeatDeckWins[i]
		s1, w1 := t.SeatDeck[n+i], t.SeatDeckWins[n+i]
		r.DeckWinRate[i] = DeckRate{Deck: t.Decks[i], All: sim.WilsonInterval(w0+w1, s0+s1),
			Seat1: sim.WilsonInterval(w0, s0), Seat2: sim.WilsonInterval(w1, s1)}
	}
	r.FirstPlayer = sim.WilsonInterval(t.FirstWins, t.Finished)
	if t.Finished > 0 {
		r.FirstPlayerAdvantage = math.Round((r.FirstPlayer.Rate-0.5)*1e4) / 1e4
	}
	return r
}

// chart describes the affinity chart in force: which one (the seed's, or
// the designer's proposal of the Affinity sheet) and every advantage, "*"
// for all other attributes.
func (e *Engine) chart() string {
	var b strings.Builder
	if e.data.Proposal {
		b.WriteString("デザイナーの提案 / the designer's proposal (AffinityProposal ○):")
	} else {
		b.WriteString("種の文書の相性 / the seed's chart (AffinityProposal ×):")
	}
	for i, a := range e.attrs {
		if at := e.data.Attr(a); at != nil && at.All {
			b.WriteString(" " + a + ">*")
			continue
		}
		var beats []string
		for j, o := range e.attrs {
			if e.edge[i][j] > 0 {
				beats = append(beats, o)
			}
		}
		if len(beats) > 0 {
			b.WriteString(" " + a + ">" + strings.Join(beats, ","))
		}
	}
	return b.String()
}

// ReportHeadings are the Japanese headings of the keys of the game's report
// section (its Tally), in the order a table shows them as columns.
var ReportHeadings = [][2]string{
	{"affinity_chart", "相性表"},
	{"deck_win_rate", "デッキごとの勝率"},
	{"deck", "デッキ"},
	{"all", "全体"},
	{"seat1", "先手番（席1）"},
	{"seat2", "後手番（席2）"},
	{"first_player", "第1ターンの先攻の勝率"},
	{"first_player_advantage", "先攻の有利（勝率 − 50%）"},
	{"battle", "戦闘"},
	{"drawn", "引き分け（千日手）"},
}
