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
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/xuri/excelize/v2"

	"bifrost/layout/report"
	"bifrost/rules"
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

// axis is one swept cell and its values.
type axis struct {
	label             string // as typed, before "="
	sheet, id, column string // empty id: a Rules parameter named by column
	values            []string
}

func runSweep(ctx context.Context, opts *sweepOptions, args []string) error {
	game := rules.All().Schema(args[0])
	if game == nil {
		return usageError{msgErr("unknown_game", args[0], gameIDs{})}
	}
	var axes []axis
	for _, s := range opts.sets {
		a, err := parseSetAxis(s)
		if err != nil {
			return usageError{err}
		}
		axes = append(axes, a)
	}
	for _, s := range opts.rules {
		a, err := parseRuleAxis(s)
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
	src := filepath.Join(opts.src, game.ID+".xlsx")
	if _, err := os.Stat(src); err != nil {
		return msgErr("no_workbook", src)
	}
	dir, err := os.MkdirTemp("", "bifrost-sweep-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var points []report.SweepPoint
	for _, combo := range grid(axes) {
		p, err := sweepPoint(ctx, opts, game, src, filepath.Join(dir, game.ID+".xlsx"), axes, combo)
		if err != nil {
			return err
		}
		points = append(points, p)
	}
	labels := make([]string, len(axes))
	for i, a := range axes {
		labels[i] = a.label
	}
	switch opts.format {
	case "json":
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"game": game.ID, "seed": opts.seed, "games": opts.games, "bots": opts.bots, "axes": labels, "points": points})
	case "html":
		return report.WriteSweep(opts.stdout, report.Sweep{Title: game.Title, Axes: labels, Bots: opts.bots, Seed: opts.seed, Games: opts.games, Points: points})
	}
	writeSweepText(opts.stdout, game, axes, points, opts.Lang())
	return nil
}

// parseSetAxis reads 'Sheet!ID.column=values'.
func parseSetAxis(s string) (axis, error) {
	target, vals, ok := strings.Cut(s, "=")
	sheet, rest, ok2 := strings.Cut(target, "!")
	dot := strings.LastIndex(rest, ".")
	if !ok || !ok2 || dot <= 0 || dot == len(rest)-1 {
		return axis{}, msgErr("bad_set", s)
	}
	values, err := parseValues(vals)
	if err != nil {
		return axis{}, msgErr("bad_set_values", s, err)
	}
	return axis{label: target, sheet: sheet, id: rest[:dot], column: rest[dot+1:], values: values}, nil
}

// parseRuleAxis reads 'Key=values'.
func parseRuleAxis(s string) (axis, error) {
	key, vals, ok := strings.Cut(s, "=")
	if !ok || key == "" {
		return axis{}, msgErr("bad_rule", s)
	}
	values, err := parseValues(vals)
	if err != nil {
		return axis{}, msgErr("bad_rule_values", s, err)
	}
	return axis{label: key, sheet: schema.RulesSheet.Key, column: key, values: values}, nil
}

// parseValues reads "a..b" (whole numbers) or "x,y,z".
func parseValues(s string) ([]string, error) {
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil || b < a || b-a > 100 {
			return nil, msgErr("bad_range")
		}
		var out []string
		for v := a; v <= b; v++ {
			out = append(out, strconv.Itoa(v))
		}
		return out, nil
	}
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil, msgErr("no_values")
	}
	return out, nil
}

// grid lists every combination of the axes' values, the first axis slowest.
func grid(axes []axis) [][]string {
	out := [][]string{nil}
	for _, a := range axes {
		var next [][]string
		for _, prefix := range out {
			for _, v := range a.values {
				next = append(next, append(append([]string(nil), prefix...), v))
			}
		}
		out = next
	}
	return out
}

// sweepPoint writes the workbook with one combination of values to tmp and
// plays the batch on it.
func sweepPoint(ctx context.Context, opts *sweepOptions, game *schema.Game, src, tmp string, axes []axis, combo []string) (report.SweepPoint, error) {
	p := report.SweepPoint{Values: combo}
	err := workbook.Edit(src, tmp, func(f *excelize.File) error {
		for i, a := range axes {
			if err := setAxis(f, game, a, combo[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return p, usageError{err}
	}
	results, err := validateAll([]target{{game: game, path: tmp}}, opts.Lang())
	if err != nil {
		return p, err
	}
	if schema.HasErrors(results[0].Problems) {
		for _, pr := range results[0].Problems {
			if pr.Severity == schema.Error {
				p.Problems = append(p.Problems, pr.Cell+": "+pr.Message)
			}
		}
		return p, nil
	}
	r, err := rules.All().ByID(game.ID)
	if err != nil {
		return p, err
	}
	e, err := r.New(results[0].Data)
	if err != nil {
		return p, err
	}
	bo := sim.BatchOptions{Seed: opts.seed, Games: opts.games, Check: true}
	if bo.Players, err = parsePlayers(opts.players, e.PlayerCounts()); err != nil {
		return p, err
	}
	if bo.Bots, err = parseBots(opts.bots, e); err != nil {
		return p, err
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
	return p, nil
}

// setAxis writes value into the axis's cell: the row with the axis's ID (or,
// for the Rules sheet, its key) under the column with its header.
func setAxis(f *excelize.File, game *schema.Game, a axis, value string) error {
	var spec *schema.SheetSpec
	for _, s := range game.AllSheets() {
		if s.Key == a.sheet || s.JA == a.sheet {
			spec = s
		}
	}
	if spec == nil {
		return msgErr("sweep_no_sheet_q", a.label, a.sheet, game.ID)
	}
	sheet := ""
	for _, name := range f.GetSheetList() {
		if name == spec.Key || name == spec.JA {
			sheet = name
		}
	}
	if sheet == "" {
		return msgErr("sweep_no_sheet", a.label, spec.Key)
	}
	rows, err := f.GetRows(sheet)
	if err != nil || len(rows) == 0 {
		return msgErr("sweep_empty", a.label, sheet)
	}
	keyHeaders, valueHeaders := []string{"ID"}, []string{a.column}
	keyValue := a.id
	if spec == schema.RulesSheet {
		keyHeaders, valueHeaders, keyValue = []string{"キー", "Key"}, []string{"値", "Value"}, a.column
	} else {
		for _, c := range schema.ColumnsOf(spec.Row) {
			if c.JA == a.column || c.EN == a.column {
				valueHeaders = []string{c.JA, c.EN}
			}
		}
	}
	keyCol, valCol := headerIndex(rows[0], keyHeaders), headerIndex(rows[0], valueHeaders)
	if keyCol < 0 || valCol < 0 {
		return msgErr("sweep_no_column", a.label, sheet, strings.Join(valueHeaders, "/"))
	}
	row := -1
	for i, r := range rows[1:] {
		if keyCol < len(r) && strings.TrimSpace(r[keyCol]) == keyValue {
			row = i + 2
		}
	}
	if row < 0 {
		if spec != schema.RulesSheet {
			return msgErr("sweep_no_row", a.label, sheet, keyValue)
		}
		row = len(rows) + 1
		if err := f.SetCellStr(sheet, schema.CellName(keyCol+1, row), keyValue); err != nil {
			return err
		}
	}
	if n, err := strconv.Atoi(value); err == nil {
		return f.SetCellInt(sheet, schema.CellName(valCol+1, row), int64(n))
	}
	return f.SetCellStr(sheet, schema.CellName(valCol+1, row), value)
}

func headerIndex(header []string, names []string) int {
	for i, h := range header {
		for _, n := range names {
			if strings.TrimSpace(h) == n {
				return i
			}
		}
	}
	return -1
}

func writeSweepText(w io.Writer, game *schema.Game, axes []axis, points []report.SweepPoint, lang *schema.Lang) {
	var labels []string
	for _, a := range axes {
		labels = append(labels, a.label)
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
		fmt.Fprintf(w, "  %s | %.1f | %s | %s | %d | %d\n", strings.Join(p.Values, ", "), p.SeatGap,
			strings.Join(lens, " "), strings.Join(scores, " "), p.Unfinished, p.Violations)
	}
}
