package report

import (
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Page is what the report needs besides the simulation report itself.
type Page struct {
	Title      string            // the game's title, e.g. "ナーストレンド"
	CardNames  map[string]string // card ID → name, for labels
	Cells      map[string]string // card ID → its workbook cell, e.g. "Edda!A5"
	MaxSeatGap int               // CheckMaxSeatGap in points; 0 when unknown
	// Drawings are card drawings by card ID (standalone SVG, trimmed), each
	// shown next to the findings about its card; nil shows none.
	Drawings map[string]template.HTML
	// Smoke is the random-bot batch that found the dead cards, when the
	// report is another batch (the balance batch); nil means the report's own.
	Smoke *sim.Report
	// Effects is the last `bifrost effects` run of the game, whose findings
	// name the cards; nil when none was run. EffectsStale is set when the
	// workbook changed since that run.
	Effects      *Effects
	EffectsStale bool
	// Lang is the language of the page (nil: Japanese).
	Lang *schema.Lang
	// Headings are the Japanese headings of the engine's own report keys,
	// in column order (the game's sim.Definition.Headings); nil shows them
	// as written.
	Headings [][2]string
}

type playerSection struct {
	Players int
	Drawn   int  // finished games no seat won
	Fixed   bool // every game had the same length
	Seats   template.HTML
	Lengths template.HTML
	Scores  template.HTML
	Length  sim.Distribution
	Means   []float64
	Rates   []sim.Wilson
	Order   []sim.Wilson // by turn order, where it is dealt at random
	Design  *sim.DesignReport
}

type cardRow struct {
	cardPoint
	sim.CardReport
}

type extraSection struct {
	Name    string
	Heatmap template.HTML
	Parts   []part
}

type view struct {
	Page
	R        *sim.Report
	Findings []Finding
	Players  []playerSection
	Scatter  template.HTML
	Cards    []cardRow
	Extras   []extraSection
	Batches  []batch // the report's batch, then the smoke batch when it is another
	Problems bool    // a batch has a violation or an unfinished game
}

// batch is one batch the page reports on: its verdict line and the games
// that broke a rule or did not finish, each with its replay command.
type batch struct {
	Verdict    string
	Violations []sim.Violation
	Unfinished []sim.Violation
}

// batchOf summarises r, played with bots, in l's language.
func batchOf(l *schema.Lang, r *sim.Report) batch {
	return batch{
		Verdict: l.Sprintf("%s ボットの %d ゲーム中、未完了 %d、ルール違反 %d", "%s bots, %d games: %d unfinished, %d rule violations",
			botList(l, r.Bots), r.Games, r.Unfinished, r.ViolationCount),
		Violations: r.Violations, Unfinished: r.UnfinishedGames,
	}
}

// WritePage renders the report page of bal without its timing fields
// (Untimed), naming each card's workbook cell, its findings in l's
// language, with the cards' drawings by ID, or, when drawings is nil, the
// cards of the findings painted for it.
func WritePage(w io.Writer, l *schema.Lang, game *sim.Definition, bal, smoke *sim.Report, res schema.Result, drawings map[string]template.HTML) error {
	if drawings == nil {
		var err error
		if drawings, err = (Page{Smoke: smoke}).CardDrawings(bal, game.Schema, res, nil); err != nil {
			return err
		}
	}
	page := PageOf(game, bal, smoke, res, drawings)
	page.Lang = l
	return Write(w, Untimed(bal), page)
}

// Write renders r as a self-contained HTML page.
func Write(w io.Writer, r *sim.Report, p Page) error {
	if p.Lang == nil {
		p.Lang = schema.Japanese
	}
	l := p.Lang
	v := view{Page: p, R: r}
	for _, b := range []*sim.Report{r, p.Smoke} {
		if b != nil {
			v.Batches = append(v.Batches, batchOf(l, b))
			v.Problems = v.Problems || b.ViolationCount > 0 || b.Unfinished > 0
		}
	}
	for _, n := range r.PlayerCounts {
		k := strconv.Itoa(n)
		rates, ok := r.SeatWinRate[k]
		if !ok {
			continue
		}
		sc := r.Scores[k]
		ps := playerSection{
			Players: n, Drawn: r.Drawn[k], Rates: rates, Order: r.TurnOrderWinRate[k], Means: sc.SeatMean, Length: r.Length[k],
			Fixed:  len(r.Length[k].Hist) == 1,
			Seats:  seatChart(l, n, rates),
			Scores: histogram(l, l.Sprintf("%d人の得点分布", "Scores, %d players", n), sc.All.Hist, sc.Winner.Hist),
		}
		if d, ok := r.Design[k]; ok {
			ps.Design = &d
		}
		if !ps.Fixed {
			ps.Lengths = histogram(l, l.Sprintf("%d人のゲームの長さ", "Game length, %d players", n), r.Length[k].Hist, nil)
		}
		v.Players = append(v.Players, ps)
	}
	dead := map[string]bool{}
	for _, id := range p.deadCards(r) {
		dead[id] = true
	}
	tests := CardTests(r)
	v.Findings = findings(r, p, tests)
	outlier := map[string]bool{}
	for _, f := range v.Findings {
		if f.Kind == "card_effect" || f.Kind == "card_use" {
			outlier[f.Card] = true
		}
	}
	var points []cardPoint
	for _, id := range slices.Sorted(maps.Keys(r.Cards)) {
		c := r.Cards[id]
		pt := cardPoint{ID: id, Name: p.CardNames[id], Cell: p.Cells[id], Win: c.WinRate, Dead: dead[id], Outlier: outlier[id]}
		if r.Games > 0 {
			pt.Use = float64(c.Acquired+c.Played+c.Resolved) / float64(r.Games)
		}
		points = append(points, pt)
		v.Cards = append(v.Cards, cardRow{cardPoint: pt, CardReport: c})
	}
	v.Scatter = cardScatter(l, points)
	for _, name := range slices.Sorted(maps.Keys(r.Extra)) {
		v.Extras = append(v.Extras, newHeadings(l, p.Headings).renderExtra(name, r.Extra[name]))
	}
	return page.Execute(w, v)
}

// renderExtra renders an engine's own section: a heatmap when it carries a
// matchup matrix ("decks" and "matrix"), and everything else as tables.
func (h headings) renderExtra(name string, value any) extraSection {
	m := generic(value)
	sec := extraSection{Name: name}
	if labels, cells, ok := matrixOf(m); ok {
		sec.Heatmap = heatmap(h.l, labels, cells)
		m = maps.Clone(m)
		delete(m, "decks")
		delete(m, "matrix")
	}
	sec.Parts = h.renderParts(m)
	return sec
}

// matrixOf reads {"decks": [...], "matrix": [[{rate, low, high, wins, games}]]}.
func matrixOf(m map[string]any) ([]string, [][]sim.Wilson, bool) {
	decks, ok1 := m["decks"].([]any)
	rows, ok2 := m["matrix"].([]any)
	if !ok1 || !ok2 || len(decks) != len(rows) {
		return nil, nil, false
	}
	labels := make([]string, len(decks))
	for i, d := range decks {
		labels[i] = fmt.Sprint(d)
	}
	cells := make([][]sim.Wilson, len(rows))
	for i, row := range rows {
		r, ok := row.([]any)
		if !ok || len(r) != len(labels) {
			return nil, nil, false
		}
		cells[i] = make([]sim.Wilson, len(r))
		for j, c := range r {
			if cells[i][j], ok = wilsonOf(c); !ok {
				return nil, nil, false
			}
		}
	}
	return labels, cells, true
}

// wilsonOf reads one cell {rate, low, high, wins, games} of a generic
// matrix as encoding/json would read it into a sim.Wilson (missing fields
// zero, a null cell, a deck against itself, all zero), without encoding
// it again: a 500-deck matrix has 250,000 cells.
func wilsonOf(v any) (sim.Wilson, bool) {
	if v == nil {
		return sim.Wilson{}, true
	}
	m, ok := v.(map[string]any)
	if !ok {
		return sim.Wilson{}, false
	}
	rate, ok1 := cellNumber(m, "rate", false)
	low, ok2 := cellNumber(m, "low", false)
	high, ok3 := cellNumber(m, "high", false)
	wins, ok4 := cellNumber(m, "wins", true)
	games, ok5 := cellNumber(m, "games", true)
	return sim.Wilson{Rate: rate, Low: low, High: high, Wins: int(wins), Games: int(games)}, ok1 && ok2 && ok3 && ok4 && ok5
}

// cellNumber is m[key] as a number (0 when absent); false when it is there but
// not a number, or, with whole, not a whole one.
func cellNumber(m map[string]any, key string, whole bool) (float64, bool) {
	x, has := m[key]
	if !has {
		return 0, true
	}
	f, ok := x.(float64)
	return f, ok && (!whole || f == math.Trunc(f))
}
