package sweepgrid

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"bifrost/cmd/bifrost/internal/designtext"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// Trial is what playing one combination of values needs: the game, its
// workbook and the copy to write each combination into, the axes, how to
// validate a workbook and the batch the flags ask for on an engine.
type Trial struct {
	Def      *sim.Definition
	Src, Tmp string
	Axes     []Axis
	Validate func(path string) (schema.Result, error)
	Options  func(e sim.Engine) (sim.BatchOptions, error)
}

// Play writes the workbook with combo to Tmp, validates it and plays the
// batch on it, invariants checked: the combination's point, or its
// problems when the workbook has errors.
func (t Trial) Play(ctx context.Context, combo []string) (Played, error) {
	if err := Write(t.Src, t.Tmp, t.Def.Schema, t.Axes, combo); err != nil {
		return Played{}, err
	}
	res, err := t.Validate(t.Tmp)
	if err != nil {
		return Played{}, err
	}
	if schema.HasErrors(res.Problems) {
		return Unplayable(combo, res.Problems), nil
	}
	e, err := t.Def.New(res.Data)
	if err != nil {
		return Played{}, err
	}
	bo, err := t.Options(e)
	if err != nil {
		return Played{}, err
	}
	bo.Check = true
	return Measure(ctx, e, bo, combo), nil
}

// Formats are the formats Output writes.
var Formats = []string{"text", "json", "html"}

// Output writes the sweep of game in format: JSON, an HTML page, or text
// in l, the table of steps followed by each step's design measures.
func Output(w io.Writer, format string, game *schema.Game, s report.Sweep, l *schema.Lang) error {
	switch format {
	case "json":
		return report.WriteSweepJSON(w, game.ID, s)
	case "html":
		if l.English() {
			s.Title = game.ID
		}
		return report.WriteSweep(w, s, l)
	}
	report.WriteSweepText(w, game, s, l)
	WriteDesign(w, s.Points, l)
	return nil
}

// WriteDesign writes each playable step's design measures, a line per
// player count, under each the changes from the baseline there that are
// significant, paired on the same seeds (or a line saying that none is).
func WriteDesign(w io.Writer, points []report.SweepPoint, l *schema.Lang) {
	head := false
	for _, p := range points {
		if len(p.Design) == 0 {
			continue
		}
		if !head {
			fmt.Fprintln(w, msg(l, "sweep_design_head"))
			head = true
		}
		fmt.Fprintln(w, msg(l, "sweep_design_point", strings.Join(p.Values, ", ")))
		moved := false
		for _, n := range designtext.Counts(p.Design) {
			fmt.Fprintln(w, "    "+designtext.Values(n, p.Design[strconv.Itoa(n)], l))
			var parts []string
			for _, c := range p.DesignChanges {
				if c.Significant && c.Players == n {
					parts = append(parts, designtext.Short(c, l))
				}
			}
			if len(parts) > 0 {
				fmt.Fprintln(w, msg(l, "sweep_design_moved", strings.Join(parts, l.Pick("、", ", "))))
				moved = true
			}
		}
		switch {
		case p.Baseline:
			fmt.Fprintln(w, msg(l, "sweep_design_base"))
		case !moved && p.DesignChanges != nil:
			fmt.Fprintln(w, msg(l, "sweep_design_same"))
		}
	}
}

func msg(l *schema.Lang, key string, args ...any) string { return Messages.Err(key, args...).In(l) }
