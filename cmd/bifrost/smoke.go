package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"time"

	"bifrost/cmd/bifrost/internal/effectscan"
	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/cmd/bifrost/internal/playflags"
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

// balance plays the batch again with the workbook's CheckBalanceBots at
// every seat (or the next weaker bot the engine has, down to greedy), whose
// seat win rates measure the game rather than the luck of random play.
// Engines with none of them give nil.
func balance(ctx context.Context, g *globalOptions, game *sim.Definition, res schema.Result, games int, seed int64) (*sim.Report, error) {
	return batch(ctx, g, game, res, games, seed, gate.BalanceBots(res.Rules))
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
	bot := gate.FirstBot(e, bots)
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
	playflags.SrcReplays(rep, filepath.Dir(res.File))
	fmt.Fprintln(g.stderr, g.msg("progress", res.Game, report.NGames.Of(rep.Games), bot, rep.Unfinished, report.NViolations.Of(rep.ViolationCount), rep.ElapsedS))
	return rep, nil
}

// runBatch plays a batch, with a progress bar on stderr when it is a
// terminal, and builds its report with timing figures and a replay command
// for each broken or unfinished game.
func runBatch(ctx context.Context, g *globalOptions, e sim.Engine, bo sim.BatchOptions) *sim.Report {
	start := time.Now()
	var done func()
	bo.Progress, done = g.progressBar(e.Name(), bo.Games)
	stats := sim.Run(ctx, e, bo)
	done()
	playflags.SetReplays(stats.Violations, stats.Stalled)
	rep := sim.NewReport(e, bo, stats)
	rep.ElapsedS = time.Since(start).Seconds()
	if rep.ElapsedS > 0 {
		rep.GamesPerSecond = float64(rep.Games) / rep.ElapsedS
	}
	rep.Workers = bo.Workers
	return rep
}

// writeReportJSON writes out/<game>/report.json without the timing fields, so
// the same data and seed give the same bytes.
func writeReportJSON(out string, rep *sim.Report) error {
	var buf bytes.Buffer
	if err := report.Untimed(rep).WriteJSON(&buf); err != nil {
		return err
	}
	return outfile.WriteFile(filepath.Join(out, rep.Game, "report.json"), buf.Bytes())
}

// writeReportHTML writes out/<game>/report.html, the page a designer reads,
// from the balance batch bal, its findings in l's language; the dead cards
// come from the smoke batch (nil: bal's own). Its cards are drawn from
// painted, or painted anew when it is nil.
func writeReportHTML(l *schema.Lang, out string, game *sim.Definition, bal, smoke *sim.Report, res schema.Result, painted *cards.Painted) error {
	var buf bytes.Buffer
	effects, stale := effectscan.Load(out, game.ID(), res)
	drawings, err := report.Page{Smoke: smoke, Effects: effects}.CardDrawings(bal, game.Schema, res, paintedDrawn(painted))
	if err != nil {
		return err
	}
	page := report.PageOf(game, bal, smoke, res, drawings)
	page.Effects, page.EffectsStale, page.Lang = effects, stale, l
	if err := report.Write(&buf, report.Untimed(bal), page); err != nil {
		return err
	}
	return outfile.WriteFile(filepath.Join(out, bal.Game, "report.html"), buf.Bytes())
}
