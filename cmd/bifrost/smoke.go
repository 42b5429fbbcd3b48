package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/layout/cards"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// smoke plays a game's smoke batch with random bots and invariant checks:
// CheckGames games from CheckSeed (the workbook's Rules), unless games or
// seed override them. Random bots reach the most states, so this batch finds
// violations, unfinished games and dead cards. It returns nil when the game
// has no engine yet.
func smoke(ctx context.Context, g *globalOptions, game *sim.Definition, res schema.Result, games int, seed int64) (*sim.Report, error) {
	return batch(ctx, g, game, res, games, seed, []string{"random"})
}

// balanceBots is the order of strength of the bots CheckBalanceBots names.
var balanceBots = []string{"search", "greedy", "random"}

// balance plays the batch again with the workbook's CheckBalanceBots at
// every seat (or the next weaker bot the engine has, down to greedy), whose
// seat win rates measure the game rather than the luck of random play.
// Engines with none of them give nil.
func balance(ctx context.Context, g *globalOptions, game *sim.Definition, res schema.Result, games int, seed int64) (*sim.Report, error) {
	return batch(ctx, g, game, res, games, seed, balanceChain(res.Rules))
}

// balanceChain is the CheckBalanceBots bot followed by the weaker ones to
// fall back on, down to greedy (or just random when it names random).
func balanceChain(r schema.Rules) []string {
	want := r.Choice("CheckBalanceBots")
	chain := balanceBots[slices.Index(balanceBots, want):]
	if want != "random" {
		chain = chain[:len(chain)-1]
	}
	return chain
}

// firstBot is the first of bots that e has, or "".
func firstBot(e sim.Engine, bots []string) string {
	for _, b := range bots {
		if e.NewBot(b) != nil {
			return b
		}
	}
	return ""
}

// batch plays games with, at every seat, the first of bots the engine has;
// nil when it has none of them or no engine.
func batch(ctx context.Context, g *globalOptions, game *sim.Definition, res schema.Result, games int, seed int64, bots []string) (*sim.Report, error) {
	if game.New == nil {
		return nil, nil
	}
	e, err := game.New(res.Data)
	if err != nil {
		return nil, msgErr("of_game", res.Game, err)
	}
	bot := firstBot(e, bots)
	if bot == "" {
		return nil, nil
	}
	if games <= 0 {
		games = res.Rules.Int("CheckGames")
	}
	if seed < 0 {
		seed = int64(res.Rules.Int("CheckSeed"))
	}
	bo := sim.BatchOptions{Seed: uint64(seed), Games: games, Check: true, Bots: []string{bot}}
	rep := runBatch(ctx, g, e, bo)
	srcReplays(rep, filepath.Dir(res.File))
	fmt.Fprintln(g.stderr, g.msg("progress", res.Game, report.NGames.Of(rep.Games), bot, rep.Unfinished, report.NViolations.Of(rep.ViolationCount), rep.ElapsedS))
	return rep, nil
}

// writeReportJSON writes out/<game>/report.json without the timing fields, so
// the same data and seed give the same bytes.
func writeReportJSON(out string, rep *sim.Report) error {
	r := *rep
	r.ElapsedS, r.GamesPerSecond, r.Workers = 0, 0, 0
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		return err
	}
	return outfile.WriteFile(filepath.Join(out, rep.Game, "report.json"), buf.Bytes())
}

// writeReportHTML writes out/<game>/report.html, the page a designer reads,
// from the balance batch bal; the dead cards come from the smoke batch
// (nil: bal's own). Its cards are drawn from painted, or painted anew
// when it is nil.
func writeReportHTML(out string, game *sim.Definition, bal, smoke *sim.Report, res schema.Result, painted *cards.Painted) error {
	var buf bytes.Buffer
	effects, stale := loadEffects(out, game, res)
	drawings, err := report.Page{Smoke: smoke, Effects: effects}.CardDrawings(bal, game.Schema, res, paintedDrawn(painted))
	if err != nil {
		return err
	}
	page := reportPage(game, bal, smoke, res, drawings)
	page.Effects, page.EffectsStale = effects, stale
	if err := writePage(&buf, bal, page); err != nil {
		return err
	}
	return outfile.WriteFile(filepath.Join(out, bal.Game, "report.html"), buf.Bytes())
}

// loadEffects reads the game's last `bifrost effects` run from out, and
// whether the workbook changed since; nil when there is none to read.
func loadEffects(out string, game *sim.Definition, res schema.Result) (*report.Effects, bool) {
	data, err := os.ReadFile(filepath.Join(out, report.EffectsFile(game.ID())))
	if err != nil {
		return nil, false
	}
	var e report.Effects
	if json.Unmarshal(data, &e) != nil || e.Game != game.ID() {
		return nil, false
	}
	return &e, e.Workbook != fileDigest(res.File)
}

// writeReportPage renders the report page of bal without its timing
// fields, naming each card's workbook cell and drawing the cards of the findings.
func writeReportPage(w io.Writer, game *sim.Definition, bal, smoke *sim.Report, res schema.Result) error {
	drawings, err := report.Page{Smoke: smoke}.CardDrawings(bal, game.Schema, res, nil)
	if err != nil {
		return err
	}
	return writeReportPageWith(w, game, bal, smoke, res, drawings)
}

// writeReportPageWith is writeReportPage with the cards already drawn, by ID.
func writeReportPageWith(w io.Writer, game *sim.Definition, bal, smoke *sim.Report, res schema.Result, drawings map[string]template.HTML) error {
	return writePage(w, bal, reportPage(game, bal, smoke, res, drawings))
}

// reportPage is what the report page of bal needs besides bal.
func reportPage(game *sim.Definition, bal, smoke *sim.Report, res schema.Result, drawings map[string]template.HTML) report.Page {
	if smoke == bal {
		smoke = nil
	}
	return report.Page{Title: game.Schema.Title, CardNames: schema.CardNames(res.Data), Cells: cardCells(res.Book), Headings: game.Headings,
		MaxSeatGap: res.Rules.Int("CheckMaxSeatGap"), Smoke: smoke, Drawings: drawings}
}

// writePage renders bal's page without its timing fields.
func writePage(w io.Writer, bal *sim.Report, p report.Page) error {
	r := *bal
	r.ElapsedS, r.GamesPerSecond, r.Workers = 0, 0, 0
	return report.Write(w, &r, p)
}

// cardCells maps each ID of the workbook's sheets to the cell of its ID
// column, e.g. "Edda!A5"; where an ID appears on several sheets, the first
// sheet by name wins.
func cardCells(b *schema.Book) map[string]string {
	out := map[string]string{}
	if b == nil {
		return out
	}
	for _, name := range slices.Sorted(maps.Keys(b.Sheets)) {
		tab := b.Sheets[name]
		col := slices.IndexFunc(tab.Header, func(h string) bool { return schema.Normalize(h) == "ID" })
		if col < 0 {
			continue
		}
		for _, row := range tab.Rows {
			id := schema.Normalize(row.Cell(col))
			if _, seen := out[id]; id != "" && !seen {
				out[id] = name + "!" + schema.CellName(col+1, row.Num)
			}
		}
	}
	return out
}
