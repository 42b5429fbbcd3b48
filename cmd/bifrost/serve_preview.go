package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"html/template"
	"io"
	"path/filepath"
	"strings"
	"time"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/preview"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// previewSave makes what serve shows of game t as its files are now. The
// cards are painted once: the gallery shows them (those whose data has
// errors marked DRAFT with their problems' cells, as `cards --draft`
// prints them), and the books and the report, made only from data without
// errors, draw the same lists. Where nothing can be painted (a workbook
// that does not open, a layout with errors) the gallery keeps its last
// cards.
func previewSave(opts *serveOptions, t targets.Target) preview.Save {
	s := preview.Save{Game: preview.Game{ID: t.Game.ID(), Title: t.Game.Schema.Title, Updated: time.Now()}, Stale: opts.msg("serve_report_errors")}
	res, err := t.Validate(opts.Lang())
	if err != nil {
		s.Game.Problems = []schema.Problem{previewProblem(opts, err)}
		return s
	}
	s.Game.Problems = res.Problems
	s.Valid = res.Data != nil && !schema.HasErrors(res.Problems)
	painted, err := previewPaint(opts, t, res)
	if err == nil && painted != nil {
		s.Game.Cards, err = preview.CardsOf(painted)
	}
	if err != nil {
		s.Game.Problems, painted = append(s.Game.Problems, previewProblem(opts, err)), nil
	}
	s.Books = func() (map[string][]byte, []schema.Problem) {
		books, err := previewBooks(opts, t, res, painted)
		if err != nil {
			return books, []schema.Problem{previewProblem(opts, err)}
		}
		return books, nil
	}
	drawn := s.Game.Cards // the report's cards: those painted now (nil: drawn anew)
	s.Report = func(ctx context.Context) ([]byte, string) {
		return previewReport(ctx, opts, t, res, drawn)
	}
	return s
}

// previewPaint paints every card design of t with the layout and art in
// --src, those with errors marked DRAFT; nil when the layout does not load
// (validation has reported why).
func previewPaint(opts *serveOptions, t targets.Target, res schema.Result) (*cards.Painted, error) {
	lay, err := spec.Load(spec.LayoutDir(opts.src), t.Game.Schema)
	if err != nil || res.Data == nil {
		return nil, nil
	}
	opt := cards.Options{ArtDir: filepath.Join(opts.src, "art")}
	if schema.HasErrors(res.Problems) {
		if opt.Draft, err = printout.DraftMarks(t.Path, res.Problems); err != nil {
			return nil, err
		}
	}
	return cards.Paint(res, lay, opt, false)
}

// previewProblem is err as a problem the gallery lists.
func previewProblem(opts *serveOptions, err error) schema.Problem {
	return schema.Problem{Severity: schema.Error, Message: opts.localize(err).Error()}
}

// previewBooks renders t's books as HTML, as `bifrost rulebook` does, into
// memory (nothing is written), their cards painted's (nil: painted anew).
func previewBooks(opts *serveOptions, t targets.Target, res schema.Result, painted *cards.Painted) (map[string][]byte, error) {
	out := map[string][]byte{}
	if painted == nil {
		var err error
		if painted, err = paintCards(opts.src, t.Game.Schema, res, false); err != nil {
			return nil, err
		}
	}
	_, skips, err := books.Set{Dir: books.Dir(opts.src, opts.rules), Game: t.Game, Result: res, Layout: painted.Layout, Drawn: painted.Drawn, Lang: opts.Lang()}.Render("", []string{"html"}, func(path string, data []byte) error {
		out[strings.TrimSuffix(filepath.Base(path), ".html")] = data
		return nil
	})
	for _, s := range skips {
		err = errors.Join(err, s.Err)
	}
	return out, err
}

// previewReport plays res's smoke and balance batches of --games games and
// renders their report page with the cards drawn (nil: drawn anew);
// without one, a note says why.
func previewReport(ctx context.Context, opts *serveOptions, t targets.Target, res schema.Result, drawn []preview.Card) ([]byte, string) {
	quiet := &globalOptions{lang: opts.lang, stdout: io.Discard, stderr: io.Discard, registry: opts.registry}
	rep, err := smoke(ctx, quiet, t.Game, res, opts.games, -1)
	if err == nil && rep == nil {
		return nil, opts.msg("serve_no_engine")
	}
	var bal *sim.Report
	if err == nil {
		bal, err = balance(ctx, quiet, t.Game, res, opts.games, -1)
	}
	var buf bytes.Buffer
	if err == nil {
		var faces map[string]template.HTML
		if drawn != nil {
			faces = galleryFaces(drawn, res.Data)
		}
		err = report.WritePage(&buf, opts.Lang(), t.Game, cmp.Or(bal, rep), rep, res, faces)
	}
	if err != nil {
		return nil, opts.msg("serve_report_failed", opts.localize(err))
	}
	return buf.Bytes(), ""
}

// galleryFaces maps each card ID to the gallery's first face of it, with
// the boards' drawings on the rows printed on them, as cardDrawings does.
func galleryFaces(drawn []preview.Card, data any) map[string]template.HTML {
	faces := preview.Faces(drawn)
	report.OnBoards(data, faces)
	return faces
}
