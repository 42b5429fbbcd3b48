// Package comparison is `bifrost compare` below its command: one pair of
// workbooks validated, played game for game on the same seeds (once, or
// doubling until something changes significantly), the cells changed
// between them listed, and the comparisons written as text, markdown,
// HTML or JSON, the text followed by the design measures per player count.
package comparison

import (
	"context"
	"fmt"
	"io"

	"bifrost/cmd/bifrost/internal/designtext"
	"bifrost/cmd/bifrost/internal/edits"
	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// Messages are what the comparison says beyond report's lines: Japanese,
// English.
var Messages = schema.Catalogue{
	"compare_design": {"ゲームの手ざわり（人数ごと、旧 → 新。差は同じゲームを対にした 95 %% 区間、手ざわりの指標どうしで Benjamini–Hochberg 補正、* は有意。勝敗の有意性には数えません）：",
		"Design measures per player count, old → new (the change with its paired 95 %% interval over the same games, Benjamini–Hochberg adjusted among the design measures, * significant; they do not count towards the verdict above):"},
}

// Formats are the formats Write writes.
var Formats = []string{"text", "markdown", "html", "json"}

// Options are one pair's comparison.
type Options struct {
	Games rules.Games    // the games the command knows
	Sides [2]gitrev.Side // the old and the new workbook
	Load  func(game *sim.Definition, path, label string) (schema.Result, sim.Engine, error)
	Batch func(e sim.Engine) (sim.BatchOptions, error) // the batch the flags ask for
	// Until caps the games of a comparison that doubles until something
	// changes significantly; 0 compares once.
	Until int
	// Bar shows the progress of a single comparison, when set.
	Bar func(name string, total int) (step func(games int), done func())
}

// One compares the pair of o, paired game for game on the same seeds, with
// invariants checked, and lists the cells changed between them.
func One(ctx context.Context, o Options) (report.ComparisonPage, error) {
	game := targets.OfFile(o.Games, o.Sides[1].Path)
	if game == nil {
		game = targets.OfFile(o.Games, o.Sides[1].Label)
	}
	var engines [2]sim.Engine
	var names map[string]string
	for i, s := range o.Sides {
		res, e, err := o.Load(game, s.Path, s.Label)
		if err != nil {
			return report.ComparisonPage{}, err
		}
		engines[i] = e
		if i == 1 {
			names = schema.CardNames(res.Data)
		}
	}
	bo, err := o.Batch(engines[1])
	if err != nil {
		return report.ComparisonPage{}, err
	}
	bo.Check = true
	var c *sim.Comparison
	if o.Until > 0 {
		c = sim.CompareUntilSignificant(ctx, engines[0], engines[1], bo, o.Until)
	} else {
		done := func() {}
		if o.Bar != nil {
			bo.Progress, done = o.Bar(game.ID(), bo.Games)
		}
		c = sim.Compare(ctx, engines[0], engines[1], bo)
		done()
	}
	changes, err := edits.Between(game.Schema, o.Sides[0].Path, o.Sides[1].Path)
	if err != nil {
		return report.ComparisonPage{}, err
	}
	return report.ComparisonPage{Title: game.Schema.Title, Old: o.Sides[0].Label, New: o.Sides[1].Label, CardNames: names, Comparison: c, Edits: changes}, nil
}

// Write writes the comparisons in format: JSON, an HTML page, or each as
// text (markdown: a pull-request comment's tables) in l, followed by its
// design measures.
func Write(w io.Writer, format string, pages []report.ComparisonPage, l *schema.Lang) error {
	switch format {
	case "json":
		return report.WriteComparisonJSON(w, pages)
	case "html":
		return report.WriteComparison(w, pages, l)
	}
	for _, p := range pages {
		report.WriteComparisonText(w, p, format == "markdown", l)
		WriteDesign(w, p.Comparison.Design, format == "markdown", l)
	}
	return nil
}

// WriteDesign writes a comparison's design measures, every one of them per
// player count, as lines or as a markdown table.
func WriteDesign(w io.Writer, design []sim.Change, markdown bool, l *schema.Lang) {
	if len(design) == 0 {
		return
	}
	fmt.Fprintln(w, Messages.Err("compare_design").In(l))
	if markdown {
		fmt.Fprintln(w, designtext.Table(l))
	}
	for _, c := range design {
		if markdown {
			fmt.Fprintln(w, designtext.Row(c, l))
		} else {
			fmt.Fprintln(w, "  "+designtext.Line(c, l))
		}
	}
	if markdown {
		fmt.Fprintln(w)
	}
}
