package sheet

import (
	"fmt"
	"path/filepath"

	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/schema"
)

// Validate loads game g's layout from dir (or the built-in copy) and checks
// the validated data against it; see Check. A layout that does not load is
// reported as problems at the layout file's lines.
func Validate(g *schema.Game, res schema.Result, book *schema.Book, lang *schema.Lang, dir string) []schema.Problem {
	if res.Data == nil {
		return nil
	}
	l, err := spec.Load(dir, g)
	if err != nil {
		return spec.LayoutProblems(err, lang)
	}
	return Check(g, res, l, book, lang)
}

// Check lays out every card design of the game, faces, backs and boards,
// without drawing, and reports as errors:
//   - text that does not fit its box even at the layout's minimum size,
//     naming the card, the field and its cell;
//   - characters outside the BMP or missing from the font, which would print
//     as blank boxes, naming the card, the field and the character;
//   - card art that exists but cannot be read;
//   - boards, and kinds of card, that do not fit a paper Render accepts.
//
// book locates the cells (it may be nil: problems then name the sheet only);
// lang chooses the messages' language.
func Check(g *schema.Game, res schema.Result, l *spec.Layout, book *schema.Book, lang *schema.Lang) []schema.Problem {
	ds, err := spec.NewDataset(l, res)
	if err != nil {
		return spec.LayoutProblems(err, lang)
	}
	art := cards.NewArtStore(filepath.Join(filepath.Dir(res.File), "art"))
	defer art.Close()
	pt := cards.NewPainter(l, ds, art, true)
	var ps []schema.Problem
	for _, k := range l.Kinds {
		if k.From != nil && k.From.Spec == nil {
			if err := ds.CheckEntries(k.From); err != nil {
				ps = append(ps, schema.Problem{Severity: schema.Error, File: fmt.Sprintf("%s:%d", l.File, k.From.Line), Message: lang.ErrText(err)})
			}
		}
		for _, c := range ds.Designs(k) {
			pt.Paint(k.Face, c, "face", 0, 0)
			pt.Paint(k.Back, c, "back", 0, 0)
		}
		if k.Board {
			for _, p := range Papers() {
				if err := boardFits(k, papers[p]); err != nil {
					ps = append(ps, schema.Problem{Severity: schema.Error, File: fmt.Sprintf("%s:%d", l.File, k.Line), Message: lang.ErrText(err)})
				}
			}
		} else {
			for _, p := range Papers() {
				if _, err := newGrid(l, papers[p], k.Size, imposition{margin: DefaultMargin, gutter: l.Sheet.Gutter}); err != nil {
					ps = append(ps, schema.Problem{Severity: schema.Error, File: fmt.Sprintf("%s:%d", l.File, k.Line), Message: lang.ErrText(err)})
				}
			}
		}
	}
	loc := cards.NewLocator(book, lang)
	probs := &schema.Problems{File: res.File, Lang: lang}
	seen := map[string]bool{}
	for _, is := range pt.Issues {
		sheet, row, col, header := loc.Find(ds, is)
		msg := is.Describe(ds, lang)
		key := fmt.Sprintf("%s/%d/%d/%s", sheet, row, col, msg)
		if seen[key] {
			continue
		}
		seen[key] = true
		if sheet == "" {
			ps = append(ps, schema.Problem{Severity: schema.Error, File: fmt.Sprintf("%s:%d", l.File, is.El.Line0), Message: msg})
			continue
		}
		probs.Add(schema.Error, sheet, row, col, header, msg)
	}
	return append(ps, probs.Sorted()...)
}
