package report

import (
	"cmp"
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Finding is one thing the designer should look at, with the card and the
// workbook cell it is about when there is one.
type Finding struct {
	Kind string // "card_effect", "card_use", "dead", "seat_gap", "ai_cell", "matchup"
	Bad  bool   // beyond a threshold or significant in the unwanted direction
	Card string // card ID, "" when the finding is not about one card
	Name string // the card's name
	Cell string // e.g. "Edda!A5"
	Text string // in the page's language, without the card's name and cell
	// Joined is set when Text continues the card's name, ID and cell as one
	// sentence (「…は、」, " changes…"), rather than following them after a colon.
	Joined bool
	// Details are the numbers that back the finding for a reader who wants
	// the statistics (intervals, games, adjusted p-values), shown folded;
	// "" for none.
	Details string
}

// CardTest is one card's test against the rest of the cards.
type CardTest struct {
	ID      string
	Measure string     // "win_rate" (win rate of the seats that used it) or "use_rate" (share of seat-games using it)
	Card    sim.Wilson // the card's own rate with its 95 % interval
	Rest    float64    // the same rate over all other cards
	Z       float64    // two-proportion statistic, positive when the card is above the rest
	Q       float64    // Benjamini–Hochberg adjusted p-value over every card test of the report
}

// significance is the false discovery rate at which a card is named.
const significance = 0.05

// maxCardFindings bounds the cards named per measure; the table has the rest.
const maxCardFindings = 5

// CardTests tests every card that was used at all: its win rate when used
// against that of the seat-games that did not use it, and its use rate
// against the mean use rate of the other used cards. All p-values are
// adjusted together (Benjamini–Hochberg). Results are sorted by |Z|,
// largest first.
func CardTests(r *sim.Report) []CardTest {
	seatGames, wins := 0, 0
	for _, rates := range r.SeatWinRate {
		for _, w := range rates {
			seatGames += w.Games
			wins += w.Wins
		}
	}
	ids := slices.Sorted(maps.Keys(r.Cards))
	used, totalUsers := 0, 0
	for _, id := range ids {
		if u := r.Cards[id].WinRate.Games; u > 0 {
			used++
			totalUsers += u
		}
	}
	if seatGames == 0 || used < 2 {
		return nil
	}
	var out []CardTest
	for _, id := range ids {
		w := r.Cards[id].WinRate
		if w.Games == 0 {
			continue
		}
		restWins, restGames := wins-w.Wins, seatGames-w.Games
		if restGames > 0 {
			z := twoProportion(w.Wins, w.Games, restWins, restGames)
			out = append(out, CardTest{ID: id, Measure: "win_rate", Card: w, Rest: float64(restWins) / float64(restGames), Z: z})
		}
		u := min(w.Games, seatGames)
		if u*100 >= seatGames*99 {
			continue // in (nearly) every hand: a starting card, its use says nothing
		}
		others := seatGames * (used - 1)
		z := twoProportion(u, seatGames, totalUsers-w.Games, others)
		out = append(out, CardTest{ID: id, Measure: "use_rate", Card: sim.WilsonInterval(u, seatGames),
			Rest: float64(totalUsers-w.Games) / float64(others), Z: z})
	}
	bh(out)
	slices.SortStableFunc(out, func(a, b CardTest) int { return cmp.Compare(math.Abs(b.Z), math.Abs(a.Z)) })
	return out
}

// twoProportion is the pooled two-proportion z statistic of a/n against b/m.
func twoProportion(a, n, b, m int) float64 {
	p := float64(a+b) / float64(n+m)
	se := math.Sqrt(p * (1 - p) * (1/float64(n) + 1/float64(m)))
	d := float64(a)/float64(n) - float64(b)/float64(m)
	if se == 0 {
		if d == 0 {
			return 0
		}
		return math.Copysign(math.Inf(1), d)
	}
	return d / se
}

// bh sets each test's Q to its Benjamini–Hochberg adjusted two-sided p-value.
func bh(ts []CardTest) {
	idx := make([]int, len(ts))
	for i := range idx {
		idx[i] = i
		ts[i].Q = math.Erfc(math.Abs(ts[i].Z) / math.Sqrt2)
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(ts[a].Q, ts[b].Q) })
	next := 1.0
	for r := len(idx) - 1; r >= 0; r-- {
		next = min(next, ts[idx[r]].Q*float64(len(ts))/float64(r+1))
		ts[idx[r]].Q = next
	}
}

// findings gathers, in order: seat gaps, cards that stand out, dead cards,
// AI cells that mostly fail, and the matchup extremes, each in the page's
// language.
func findings(r *sim.Report, p Page, tests []CardTest) []Finding {
	l := p.Lang
	var out []Finding
	for _, n := range r.PlayerCounts {
		rates := r.SeatWinRate[strconv.Itoa(n)]
		if len(rates) < 2 || rates[0].Games == 0 {
			continue
		}
		lo, hi := 0, 0
		for i, w := range rates {
			if w.Rate < rates[lo].Rate {
				lo = i
			}
			if w.Rate > rates[hi].Rate {
				hi = i
			}
		}
		gap := 100 * (rates[hi].Rate - rates[lo].Rate)
		f := Finding{Kind: "seat_gap", Text: tell(l, "f_seat_gap", n, gap, hi+1, 100*rates[hi].Rate, lo+1, 100*rates[lo].Rate),
			Details: tell(l, "f_seat_details", hi+1, wilsonText(l, rates[hi]), lo+1, wilsonText(l, rates[lo]))}
		if p.MaxSeatGap > 0 {
			f.Bad = gap > float64(p.MaxSeatGap)
			if f.Bad {
				f.Text += tell(l, "f_seat_over", p.MaxSeatGap)
			} else {
				f.Text += tell(l, "f_seat_under", p.MaxSeatGap)
			}
		}
		out = append(out, f)
	}
	out = append(out, p.effectFindings()...)
	named := 0
	for _, t := range tests {
		if t.Measure != "use_rate" || t.Q >= significance {
			continue
		}
		named++
		if named > maxCardFindings {
			continue
		}
		key := "f_use_high"
		if t.Z < 0 {
			key = "f_use_low"
		}
		f := p.cardFinding("card_use", t.ID, t.Z < 0, tell(l, key, Sureness(t.Q)))
		f.Joined = true
		f.Details = tell(l, "f_use_details", wilsonText(l, t.Card), 100*t.Rest, qText(t.Q))
		out = append(out, f)
	}
	if named > maxCardFindings {
		out = append(out, Finding{Kind: "card_use", Text: tell(l, "f_use_more", named-maxCardFindings)})
	}
	for _, id := range p.deadCards(r) {
		f := p.cardFinding("dead", id, true, tell(l, "f_dead")+p.deadSource())
		f.Joined = true
		out = append(out, f)
	}
	for _, name := range slices.Sorted(maps.Keys(r.Extra)) {
		m := generic(r.Extra[name])
		for _, c := range failingCells(m) {
			f := p.cardFinding("ai_cell", c.ID, true, tell(l, "f_ai_cell", c.Instruction, c.Tried, c.Failed, 100*c.FailRate, c.Threshold))
			f.Cell = c.At
			out = append(out, f)
		}
		if labels, cells, ok := matrixOf(m); ok {
			out = append(out, matchupExtremes(l, labels, cells)...)
		}
	}
	return out
}

// FindingCards lists, sorted and once each, the card IDs that the findings
// of r's page name: the only cards Write shows a drawing beside, so the
// only ones p.Drawings needs.
func (p Page) FindingCards(r *sim.Report) []string {
	var ids []string
	for _, f := range findings(r, p, CardTests(r)) {
		if f.Card != "" {
			ids = append(ids, f.Card)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

func (p Page) cardFinding(kind, id string, bad bool, text string) Finding {
	return Finding{Kind: kind, Bad: bad, Card: id, Name: p.CardNames[id], Cell: p.Cells[id], Text: text}
}

// deadCards are the cards r never used, and neither did the smoke batch
// when the page has one.
func (p Page) deadCards(r *sim.Report) []string {
	if p.Smoke == nil {
		return r.DeadCards
	}
	return DeadInBoth(r, p.Smoke)
}

// DeadInBoth lists the cards that neither batch used: a card the random
// smoke batch never reached but the balance bots play is not dead.
func DeadInBoth(a, b *sim.Report) []string {
	var out []string
	for _, id := range a.DeadCards {
		if slices.Contains(b.DeadCards, id) {
			out = append(out, id)
		}
	}
	return out
}

// deadSource says which batches found the dead cards, when it is not the page's alone.
func (p Page) deadSource() string {
	if p.Smoke == nil {
		return ""
	}
	return tell(p.Lang, "f_dead_too", strings.Join(p.Smoke.Bots, ","), p.Smoke.Games)
}

// failingCell is an engine's AI instruction that mostly failed.
type failingCell struct {
	At          string  `json:"at"`
	ID          string  `json:"id"`
	Instruction string  `json:"instruction"`
	Tried       int     `json:"tried"`
	Failed      int     `json:"failed"`
	FailRate    float64 `json:"fail_rate"`
	Threshold   int     `json:"threshold_percent"`
}

// failingCells reads an engine section's "failing_cells".
func failingCells(m map[string]any) []failingCell {
	list, ok := m["failing_cells"]
	if !ok {
		return nil
	}
	data, _ := json.Marshal(list)
	var out []failingCell
	if json.Unmarshal(data, &out) != nil {
		return nil
	}
	return out
}

// matchupExtremes names the most and least favourable matchups of a
// matrix (among cells that were played).
func matchupExtremes(l *schema.Lang, labels []string, cells [][]sim.Wilson) []Finding {
	bi, bj, wi, wj := -1, -1, -1, -1
	for i := range cells {
		for j, c := range cells[i] {
			if i == j || c.Games == 0 {
				continue
			}
			if bi < 0 || c.Rate > cells[bi][bj].Rate {
				bi, bj = i, j
			}
			if wi < 0 || c.Rate < cells[wi][wj].Rate {
				wi, wj = i, j
			}
		}
	}
	if bi < 0 {
		return nil
	}
	best, worst := cells[bi][bj], cells[wi][wj]
	return []Finding{
		{Kind: "matchup", Bad: best.Low > 0.5, Text: tell(l, "f_matchup_best", labels[bi], labels[bj], 100*best.Rate), Details: wilsonText(l, best)},
		{Kind: "matchup", Bad: worst.High < 0.5, Text: tell(l, "f_matchup_worst", labels[wi], labels[wj], 100*worst.Rate), Details: wilsonText(l, worst)},
	}
}

// wilsonText writes a rate with its interval and counts.
func wilsonText(l *schema.Lang, w sim.Wilson) string {
	return tell(l, "f_wilson", 100*w.Rate, 100*w.Low, 100*w.High, w.Wins, w.Games)
}

func qText(q float64) string {
	if q < 0.0001 {
		return "< 0.0001"
	}
	return "= " + strconv.FormatFloat(q, 'f', 4, 64)
}

// generic decodes an engine section into maps, lists and numbers.
func generic(v any) map[string]any {
	var m map[string]any
	if data, err := json.Marshal(v); err == nil {
		_ = json.Unmarshal(data, &m)
	}
	return m
}

// effectFindings are the card findings: one sentence per card that the last
// `bifrost effects` run flagged, its strongest deviation first, after a
// line saying where they come from and what the words for how sure mean;
// or, when no run was made, how to make one. The win rate of the seats
// that used a card is never a finding: it follows the game (the players
// who win use more cards), not the card.
func (p Page) effectFindings() []Finding {
	l, e := p.Lang, p.Effects
	if e == nil {
		return []Finding{{Kind: "card_effect", Text: tell(l, "f_no_scan")}}
	}
	source := tell(l, "f_source", strings.Join(e.Bots, ","), e.Games, e.Band, surenessLegend(l))
	if p.EffectsStale {
		source += tell(l, "f_stale")
	}
	if len(e.Findings) == 0 {
		source += tell(l, "f_inband")
	}
	out := []Finding{{Kind: "card_effect", Bad: p.EffectsStale, Text: source}}
	for _, f := range e.Findings {
		text, details := EffectSentence(l, e, f)
		finding := p.cardFinding("card_effect", f.Card, true, text)
		if f.Name != "" {
			finding.Name = f.Name
		}
		if f.Cell != "" {
			finding.Cell = f.Cell
		}
		finding.Joined, finding.Details = true, details
		out = append(out, finding)
	}
	return out
}
