package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/sweepgrid"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

type sweepOptions struct {
	*globalOptions
	src     string
	sets    []string
	rules   []string
	games   int
	players string
	seed    uint64
	bots    string
	format  string
}

func newSweepCmd(g *globalOptions) *cobra.Command {
	opts := &sweepOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "sweep",
		Short: "help.sweep.short",
		Long:  "help.sweep.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runSweep(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringArrayVar(&opts.sets, "set", nil, "flag.sweep.set")
	cmd.Flags().StringArrayVar(&opts.rules, "rule", nil, "flag.sweep.rule")
	cmd.Flags().IntVar(&opts.games, "games", 1000, "flag.sweep.games")
	cmd.Flags().StringVar(&opts.players, "players", "all", "flag.players")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "flag.sweep.seed")
	cmd.Flags().StringVar(&opts.bots, "bots", "greedy", "flag.bots")
	cmd.Flags().StringVar(&opts.format, "format", "text", "flag.sweep.format")
	return cmd
}

func runSweep(ctx context.Context, opts *sweepOptions, args []string) error {
	games := gamesAt(opts.registry, opts.src)
	def, err := games.ByID(args[0])
	if err != nil {
		return usageError{unknownGame(games, args[0])}
	}
	if def.New == nil {
		return msgErr("no_engine", def.ID())
	}
	game := def.Schema
	var axes []sweepgrid.Axis
	for _, s := range opts.sets {
		a, err := sweepgrid.ParseSet(s)
		if err != nil {
			return usageError{err}
		}
		axes = append(axes, a)
	}
	for _, s := range opts.rules {
		a, err := sweepgrid.ParseRule(s)
		if err != nil {
			return usageError{err}
		}
		axes = append(axes, a)
	}
	if len(axes) == 0 {
		return usageError{msgErr("sweep_needs")}
	}
	if opts.format != "text" && opts.format != "json" && opts.format != "html" {
		return usageError{msgErr("bad_format", opts.format, "text, json, html")}
	}
	if opts.games < 1 {
		return usageError{msgErr("min_games", 1)}
	}
	src := workbookIn(opts.src, game.ID)
	if _, err := os.Stat(src); err != nil {
		return noWorkbook(src, game)
	}
	dir, err := os.MkdirTemp("", "bifrost-sweep-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var points []report.SweepPoint
	var base []sim.Outcome
	var basePlayers []int
	for _, combo := range sweepgrid.Grid(axes) {
		p, outcomes, players, err := sweepPoint(ctx, opts, def, src, filepath.Join(dir, game.ID+".xlsx"), axes, combo)
		if err != nil {
			return err
		}
		switch {
		case len(p.Problems) > 0:
		case base == nil:
			base, basePlayers, p.Baseline = outcomes, players, true
		case slices.Equal(players, basePlayers):
			pairWithBaseline(&p, base, outcomes, players)
		}
		points = append(points, p)
	}
	labels := make([]string, len(axes))
	for i, a := range axes {
		labels[i] = a.Label
	}
	switch opts.format {
	case "json":
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"game": game.ID, "seed": opts.seed, "games": opts.games, "bots": opts.bots, "axes": labels, "points": points})
	case "html":
		return report.WriteSweep(opts.stdout, report.Sweep{Title: game.Title, Axes: labels, Bots: opts.bots, Seed: opts.seed, Games: opts.games, Points: points})
	}
	writeSweepText(opts.stdout, game, axes, points, opts.games, opts.bots, opts.Lang())
	return nil
}

// pairWithBaseline compares point p's games with the baseline's, played
// on the same seeds, game for game.
func pairWithBaseline(p *report.SweepPoint, base, outcomes []sim.Outcome, players []int) {
	d, lo, hi := sim.GapShift(base, outcomes, players)
	p.GapShift = &report.Shift{Diff: d, Low: lo, High: hi}
	p.Changes = sim.PairOutcomes(base, outcomes, players)
	p.Differs = p.GapShift.Sure() || slices.ContainsFunc(p.Changes, func(c sim.Change) bool { return c.Significant })
}

// sweepPoint writes the workbook with one combination of values to tmp and
// plays the batch on it; it returns the measures, each game's outcome and
// the player counts played, for pairing with the baseline.
func sweepPoint(ctx context.Context, opts *sweepOptions, def *sim.Definition, src, tmp string, axes []sweepgrid.Axis, combo []string) (p report.SweepPoint, outcomes []sim.Outcome, players []int, err error) {
	p = report.SweepPoint{Values: combo}
	err = workbook.Edit(src, tmp, func(f *excelize.File) error { return sweepgrid.Apply(f, def.Schema, axes, combo) })
	if err != nil {
		return p, nil, nil, usageError{err}
	}
	results, err := validateAll([]target{{game: def, path: tmp}}, opts.Lang())
	if err != nil {
		return p, nil, nil, err
	}
	if schema.HasErrors(results[0].Problems) {
		for _, pr := range results[0].Problems {
			if pr.Severity == schema.Error {
				p.Problems = append(p.Problems, pr.Cell+": "+pr.Message)
			}
		}
		return p, nil, nil, nil
	}
	e, err := def.New(results[0].Data)
	if err != nil {
		return p, nil, nil, err
	}
	bo := sim.BatchOptions{Seed: opts.seed, Games: opts.games, Check: true, Outcomes: make([]sim.Outcome, opts.games)}
	if bo.Players, err = playflags.Players(opts.players, e.PlayerCounts()); err != nil {
		return p, nil, nil, usageError{err}
	}
	if bo.Bots, err = playflags.Bots(opts.bots, e); err != nil {
		return p, nil, nil, usageError{err}
	}
	rep := sim.NewReport(e, bo, sim.Run(ctx, e, bo))
	p.Unfinished, p.Violations = rep.Unfinished, rep.ViolationCount
	p.SeatWin, p.Length, p.Score = map[string][]float64{}, map[string]float64{}, map[string]float64{}
	for n, rates := range rep.SeatWinRate {
		lo, hi := 1.0, 0.0
		for _, w := range rates {
			p.SeatWin[n] = append(p.SeatWin[n], w.Rate)
			lo, hi = min(lo, w.Rate), max(hi, w.Rate)
		}
		p.SeatGap = max(p.SeatGap, 100*(hi-lo))
		p.Length[n] = rep.Length[n].Mean
		p.Score[n] = rep.Scores[n].All.Mean
	}
	p.SeatGap = float64(int(p.SeatGap*10+0.5)) / 10
	return p, bo.Outcomes, bo.Players, nil
}

func writeSweepText(w io.Writer, game *schema.Game, axes []sweepgrid.Axis, points []report.SweepPoint, games int, bots string, lang *schema.Lang) {
	var labels []string
	for _, a := range axes {
		labels = append(labels, a.Label)
	}
	title := game.Title
	if lang.English() {
		title = game.ID
	}
	fmt.Fprintln(w, render(lang, "sweep_head", title, strings.Join(labels, " × ")))
	fmt.Fprintln(w, render(lang, "sweep_columns"))
	for _, p := range points {
		if len(p.Problems) > 0 {
			fmt.Fprintf(w, "  %s | %s\n", strings.Join(p.Values, ", "), strings.Join(p.Problems, "; "))
			continue
		}
		var lens, scores []string
		for _, n := range slices.Sorted(maps.Keys(p.Length)) {
			lens = append(lens, fmt.Sprintf("%s:%.1f", n, p.Length[n]))
			scores = append(scores, fmt.Sprintf("%s:%.1f", n, p.Score[n]))
		}
		fmt.Fprintf(w, "  %s | %.1f | %s | %s | %s | %d | %d%s\n", strings.Join(p.Values, ", "), p.SeatGap, gapShiftText(p, lang),
			strings.Join(lens, " "), strings.Join(scores, " "), p.Unfinished, p.Violations, differsText(p, lang))
	}
	fmt.Fprintln(w, render(lang, "sweep_note", games, bots))
}

// gapShiftText is a point's seat-gap change against the baseline with its
// interval, "baseline" for the baseline, "-" when its games do not pair.
func gapShiftText(p report.SweepPoint, lang *schema.Lang) string {
	switch {
	case p.Baseline:
		return render(lang, "sweep_baseline")
	case p.GapShift == nil:
		return "-"
	}
	return fmt.Sprintf("%+.1f (%+.1f..%+.1f)", p.GapShift.Diff, p.GapShift.Low, p.GapShift.High)
}

// differsText is " *" and the significant changes of a point that differs
// from the baseline, else nothing.
func differsText(p report.SweepPoint, lang *schema.Lang) string {
	if !p.Differs {
		return ""
	}
	var parts []string
	for _, c := range p.Changes {
		if !c.Significant {
			continue
		}
		switch c.Measure {
		case "seat_win_rate":
			parts = append(parts, render(lang, "sweep_seat", c.Players, c.Seat, 100*c.Diff, 100*c.Low, 100*c.High))
		case "length":
			parts = append(parts, render(lang, "sweep_length", c.Players, c.Diff, c.Low, c.High))
		case "score":
			parts = append(parts, render(lang, "sweep_score", c.Players, c.Diff, c.Low, c.High))
		}
	}
	return " *" + strings.TrimSuffix(" "+strings.Join(parts, lang.Pick("、", ", ")), " ")
}
