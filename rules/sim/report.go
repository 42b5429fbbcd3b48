package sim

import (
	"encoding/json"
	"io"
	"math"
	"slices"
)

// maxListedViolations bounds the violations written to a report; the count
// of all of them is kept in violation_count.
const maxListedViolations = 100

// Report is the JSON contract of `bifrost sim --json` and report.json. Every
// field but ElapsedS, GamesPerSecond and Workers depends only on the batch's
// options, never on how it was split across workers.
type Report struct {
	Game            string              `json:"game"`
	Seed            uint64              `json:"seed"`
	Games           int                 `json:"games"`
	PlayerCounts    []int               `json:"player_counts"`
	Bots            []string            `json:"bots"`
	Unfinished      int                 `json:"unfinished"`
	ViolationCount  int                 `json:"violation_count"`
	Violations      []Violation         `json:"violations"`
	UnfinishedGames []Violation         `json:"unfinished_games"` // the first of them, each with its replay
	SeatWinRate     map[string][]Wilson `json:"seat_win_rate"`    // wins per finished game, draws included
	// TurnOrderWinRate is the win rate of the first player, the second, …
	// for a game whose turn order is dealt at random (TurnOrderer), where
	// the seat index says nothing.
	TurnOrderWinRate map[string][]Wilson     `json:"turn_order_win_rate,omitempty"`
	Drawn            map[string]int          `json:"drawn,omitempty"` // finished games without a winner, by player count
	Length           map[string]Distribution `json:"length"`
	Scores           map[string]ScoreReport  `json:"scores"`
	// Design is what the games say about the design, by player count:
	// see DesignReport.
	Design         map[string]DesignReport `json:"design,omitempty"`
	Cards          map[string]CardReport   `json:"cards"`
	DeadCards      []string                `json:"dead_cards"`
	Extra          map[string]any          `json:"extra,omitempty"`
	Raw            *Stats                  `json:"raw"` // every count, for merging shards
	ElapsedS       float64                 `json:"elapsed_s"`
	GamesPerSecond float64                 `json:"games_per_second"`
	Workers        int                     `json:"workers"`
}

// DesignReport is the design measures of one player count, over its
// finished games: the mean legal choices a decision (branching), the share
// of decisions with one choice (forced), the changes of sole leader a game,
// the share of won games whose winner was behind at some point
// (comebacks, with their mean deficit), and the mean share of the game
// played before the winner took the lead for good (settled: 0 led
// throughout, 1 only at the end), and the share of turns that were stalls.
//
// A stall is a turn in which the player to move (the seat that made the
// turn's first decision) could not improve its position: when the turn
// ended, its score was what it was when the turn began, and it had
// acquired no card (bought, scouted, hired, drafted) in it. Playing or
// resolving a card is not gaining: nastrond's ハマり, a player whose
// challenge fails turn after turn, resolves its Edda every turn and
// stalls; so does a deck-builder's player who can buy nothing. It is read
// from what every engine reports (scores and card events), so progress an
// engine keeps elsewhere (a pawn moving towards its goal, a guardian put
// into play in a battle it then loses) does not count as improving.
type DesignReport struct {
	Branching   float64 `json:"branching"`
	Forced      float64 `json:"forced"`
	LeadChanges float64 `json:"lead_changes"`
	Comebacks   float64 `json:"comebacks"`
	Deficit     float64 `json:"comeback_deficit"`
	Settled     float64 `json:"settled"`
	Stalls      float64 `json:"stalls"`
}

func (d *DesignSums) report() DesignReport {
	ratio := func(a, b float64) float64 {
		if b == 0 {
			return 0
		}
		return math.Round(1000*a/b) / 1000
	}
	return DesignReport{
		Branching:   ratio(float64(d.Branching), float64(d.Decisions)),
		Forced:      ratio(float64(d.Forced), float64(d.Decisions)),
		LeadChanges: ratio(float64(d.LeadChanges), float64(d.Games)),
		Comebacks:   ratio(float64(d.Comebacks), float64(d.Decided)),
		Deficit:     ratio(float64(d.Deficits), float64(d.Comebacks)),
		Settled:     ratio(float64(d.Settled)/1000, float64(d.Decided)),
		Stalls:      ratio(float64(d.Stalls), float64(d.Turns)),
	}
}

// ScoreReport summarises the scores of one player count.
type ScoreReport struct {
	All      Distribution `json:"all"`
	Winner   Distribution `json:"winner"`
	SeatMean []float64    `json:"seat_mean"`
}

// CardReport is one card design's statistics. WinRate is the share of
// player-games in which a seat used the card and won.
type CardReport struct {
	Acquired int    `json:"acquired"`
	Played   int    `json:"played"`
	Resolved int    `json:"resolved"`
	WinRate  Wilson `json:"win_rate"`
}

// NewReport turns batch statistics into the report.
func NewReport(e Engine, o BatchOptions, s *Stats) *Report {
	players := o.Players
	if len(players) == 0 {
		players = e.PlayerCounts()
	}
	bots := o.Bots
	if len(bots) == 0 {
		bots = []string{"random"}
	}
	r := &Report{
		Game: e.Name(), Seed: o.Seed, Games: s.Games, PlayerCounts: players, Bots: bots,
		Unfinished: s.Unfinished, ViolationCount: len(s.Violations),
		Violations:  s.Violations[:min(len(s.Violations), maxListedViolations)],
		SeatWinRate: map[string][]Wilson{}, Length: map[string]Distribution{}, Scores: map[string]ScoreReport{},
		Cards: map[string]CardReport{}, DeadCards: []string{}, Raw: s,
	}
	if r.Violations == nil {
		r.Violations = []Violation{}
	}
	r.UnfinishedGames = append([]Violation{}, s.Stalled[:min(len(s.Stalled), maxListedViolations)]...)
	for _, n := range players {
		ps := s.ByPlayers[n]
		if ps == nil {
			continue
		}
		rates := make([]Wilson, n)
		means := make([]float64, n)
		for seat := range n {
			rates[seat] = WilsonInterval(ps.SeatWins[seat], ps.Finished)
			if ps.Finished > 0 {
				means[seat] = round4(float64(ps.SeatScores[seat]) / float64(ps.Finished))
			}
		}
		r.SeatWinRate[key(n)] = rates
		if ps.OrderWins != nil {
			if r.TurnOrderWinRate == nil {
				r.TurnOrderWinRate = map[string][]Wilson{}
			}
			order := make([]Wilson, n)
			for i := range n {
				order[i] = WilsonInterval(ps.OrderWins[i], ps.Finished)
			}
			r.TurnOrderWinRate[key(n)] = order
		}
		if ps.Drawn > 0 {
			if r.Drawn == nil {
				r.Drawn = map[string]int{}
			}
			r.Drawn[key(n)] = ps.Drawn
		}
		if ps.Design != nil {
			if r.Design == nil {
				r.Design = map[string]DesignReport{}
			}
			r.Design[key(n)] = ps.Design.report()
		}
		r.Length[key(n)] = Summarize(ps.Lengths)
		r.Scores[key(n)] = ScoreReport{All: Summarize(ps.Scores), Winner: Summarize(ps.WinScores), SeatMean: means}
	}
	for i, id := range e.Cards() {
		c := s.Cards[i]
		r.Cards[id] = CardReport{Acquired: c.Acquired, Played: c.Played, Resolved: c.Resolved, WinRate: WilsonInterval(c.UserWins, c.Users)}
		if c.Acquired+c.Played+c.Resolved == 0 {
			r.DeadCards = append(r.DeadCards, id)
		}
	}
	slices.Sort(r.DeadCards)
	for k, t := range s.Extra {
		if r.Extra == nil {
			r.Extra = map[string]any{}
		}
		r.Extra[k] = t.Report()
	}
	return r
}

// WriteJSON writes r indented, with a final newline.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}
