// Package batches plays the batches build, check and serve make of a game
// (the smoke batch with random bots, the balance batch with the
// workbook's balance bots) and sim's batch, each with its progress and
// summary line, and writes the reports out/<game>/report.json and
// report.html from them.
package batches

import (
	"bytes"
	"context"
	"fmt"
	"io"
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

// Messages are the batches' summary line and the error of an engine that
// refuses its data.
var Messages = schema.Catalogue{
	"progress": {"%s：ボット %[3]s で %[2]v：未完了 %[4]d、%[5]v（%.1[6]f 秒）", "%s: %v with %s bots: %d unfinished, %v (%.1f s)"},
	"of_game":  {"%s：%v", "%s: %v"},
}

// Runner plays batches, printing on Stderr in Lang.
type Runner struct {
	Stderr io.Writer // each smoke or balance batch's summary line
	Lang   *schema.Lang
	// Progress, when not nil, starts a progress bar of total games named
	// name and returns the function to tell it of games played (nil: none)
	// and the one to call when the batch is over.
	Progress func(name string, total int) (step func(games int), done func())
}

// Smoke plays a game's smoke batch with random bots and invariant checks:
// CheckGames games from CheckSeed (the workbook's Rules), unless games or
// seed override them. Random bots reach the most states, so this batch finds
// violations, unfinished games and dead cards. It returns nil when the game
// has no engine yet.
func (r Runner) Smoke(ctx context.Context, game *sim.Definition, res schema.Result, games int, seed int64) (*sim.Report, error) {
	return r.batch(ctx, game, res, games, seed, []string{"random"})
}

// Balance plays the batch again with the workbook's CheckBalanceBots at
// every seat (or the next weaker bot the engine has, down to greedy), whose
// seat win rates measure the game rather than the luck of random play.
// Engines with none of them give nil.
func (r Runner) Balance(ctx context.Context, game *sim.Definition, res schema.Result, games int, seed int64) (*sim.Report, error) {
	return r.batch(ctx, game, res, games, seed, gate.BalanceBots(res.Rules))
}

// Report plays a game's smoke batch, writes its report.json under out and
// plays its balance batch, as build does; nil reports when the game has no
// engine.
func (r Runner) Report(ctx context.Context, out string, game *sim.Definition, res schema.Result, games int, seed int64) (rep, bal *sim.Report, err error) {
	rep, err = r.Smoke(ctx, game, res, games, seed)
	if err != nil || rep == nil {
		return nil, nil, err
	}
	if err := WriteJSON(out, rep); err != nil {
		return nil, nil, err
	}
	bal, err = r.Balance(ctx, game, res, games, seed)
	return rep, bal, err
}

// batch plays games with, at every seat, the first of bots the engine has;
// nil when it has none of them or no engine.
func (r Runner) batch(ctx context.Context, game *sim.Definition, res schema.Result, games int, seed int64, bots []string) (*sim.Report, error) {
	if game.New == nil {
		return nil, nil
	}
	e, err := game.New(res.Data)
	if err != nil {
		return nil, Messages.Err("of_game", res.Game, err)
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
	rep := r.Play(ctx, e, bo)
	playflags.SrcReplays(rep, filepath.Dir(res.File))
	fmt.Fprintln(r.Stderr, Messages.Err("progress", res.Game, report.NGames.Of(rep.Games), bot, rep.Unfinished, report.NViolations.Of(rep.ViolationCount), rep.ElapsedS).In(r.Lang))
	return rep, nil
}

// Play plays a batch, with a progress bar when there is one, and builds
// its report with timing figures and a replay command for each broken or
// unfinished game.
func (r Runner) Play(ctx context.Context, e sim.Engine, bo sim.BatchOptions) *sim.Report {
	start := time.Now()
	done := func() {}
	if r.Progress != nil {
		bo.Progress, done = r.Progress(e.Name(), bo.Games)
	}
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

// WriteJSON writes out/<game>/report.json without the timing fields, so
// the same data and seed give the same bytes.
func WriteJSON(out string, rep *sim.Report) error {
	var buf bytes.Buffer
	if err := report.Untimed(rep).WriteJSON(&buf); err != nil {
		return err
	}
	return outfile.WriteFile(filepath.Join(out, rep.Game, "report.json"), buf.Bytes())
}

// WriteHTML writes out/<game>/report.html, the page a designer reads,
// from the balance batch bal, its findings in l's language; the dead cards
// come from the smoke batch (nil: bal's own). Its cards are drawn from
// the cards painted for the build (drawn), or painted anew when it is nil.
func WriteHTML(l *schema.Lang, out string, game *sim.Definition, bal, smoke *sim.Report, res schema.Result, drawn []cards.Drawn) error {
	var buf bytes.Buffer
	effects, stale := effectscan.Load(out, game.ID(), res)
	drawings, err := report.Page{Smoke: smoke, Effects: effects}.CardDrawings(bal, game.Schema, res, drawn)
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
