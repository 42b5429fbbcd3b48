package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/preview"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// previewer builds what serve shows of each game from its files and
// hands it to the server: first the gallery (validation and drawing), then,
// in the background, the books and the report, which a newer save of the
// game cancels.
type previewer struct {
	opts *serveOptions
	srv  *preview.Server

	mu      sync.Mutex
	last    map[string]gameDrawing // each game's last drawing and books
	cancel  map[string]context.CancelFunc
	slow    sync.Mutex // one report batch at a time
	running sync.WaitGroup
}

// gameDrawing is what stays shown of a game while its data cannot be drawn:
// the last cards drawn, and the last books and report made from valid data.
type gameDrawing struct {
	cards  []preview.Card
	books  map[string][]byte
	report []byte
}

func newPreviewer(opts *serveOptions, srv *preview.Server) *previewer {
	return &previewer{opts: opts, srv: srv, last: map[string]gameDrawing{}, cancel: map[string]context.CancelFunc{}}
}

// update shows game t as its files are now: the gallery at once, the books
// and the report when they are made.
func (p *previewer) update(ctx context.Context, t target) {
	start := time.Now()
	// The books and report of the last save are moot: stop them now, so
	// that they leave the processor to this update.
	p.mu.Lock()
	if cancel := p.cancel[t.game.ID()]; cancel != nil {
		cancel()
	}
	p.mu.Unlock()
	g, res, drawn := p.gallery(t)
	p.srv.SetGame(g)
	fmt.Fprintln(p.opts.stderr, p.opts.msg("serve_updated", start.Format("15:04:05"), t.game.ID(), time.Since(start).Milliseconds(), nProblems.Of(len(g.Problems))))
	p.background(ctx, t, res, drawn)
}

// gallery validates game t's workbook and draws its cards. Cards whose data
// has errors are still drawn, marked DRAFT with their problems' cells, as
// `cards --draft` prints them. Where nothing can be drawn (a workbook that
// does not open, a layout with errors) the last drawing stays; the cards
// drawn now are returned too (nil: none).
func (p *previewer) gallery(t target) (preview.Game, schema.Result, []preview.Card) {
	g := preview.Game{ID: t.game.ID(), Title: t.game.Schema.Title, Updated: time.Now()}
	p.mu.Lock()
	last := p.last[t.game.ID()]
	p.mu.Unlock()
	g.Cards = last.cards
	res, err := validateOne(t, p.opts.Lang())
	if err != nil {
		g.Problems = []schema.Problem{{Severity: schema.Error, Message: p.opts.localize(err).Error()}}
		return g, res, nil
	}
	g.Problems = res.Problems
	drawn, err := p.draw(t, res, schema.HasErrors(res.Problems))
	if err != nil {
		g.Problems = append(g.Problems, schema.Problem{Severity: schema.Error, Message: p.opts.localize(err).Error()})
		return g, res, nil
	}
	if drawn != nil {
		g.Cards = drawn
		p.mu.Lock()
		last := p.last[t.game.ID()]
		last.cards = drawn
		p.last[t.game.ID()] = last
		p.mu.Unlock()
	}
	return g, res, drawn
}

// background makes game t's books, then its report, unless a newer save of
// the game comes first. Data with errors makes neither: the last books stay,
// marked stale. The report shows the cards the gallery drew (nil: it draws
// them itself).
func (p *previewer) background(ctx context.Context, t target, res schema.Result, drawn []preview.Card) {
	id := t.game.ID()
	p.mu.Lock()
	ctx, cancel := context.WithCancel(ctx)
	p.cancel[id] = cancel
	last := p.last[id]
	p.mu.Unlock()
	if res.Data == nil || schema.HasErrors(res.Problems) {
		p.srv.SetBooks(id, last.books, nil, true)
		p.srv.SetReport(id, last.report, p.opts.msg("serve_report_errors"))
		return
	}
	p.running.Go(func() {
		books, err := p.books(t.game, res)
		var problems []schema.Problem
		if err != nil {
			problems = []schema.Problem{{Severity: schema.Error, Message: p.opts.localize(err).Error()}}
		}
		if ctx.Err() != nil {
			return
		}
		p.mu.Lock()
		last := p.last[id]
		last.books = books
		p.last[id] = last
		p.mu.Unlock()
		p.srv.SetBooks(id, books, problems, false)
		p.slow.Lock()
		defer p.slow.Unlock()
		if ctx.Err() != nil {
			return
		}
		quiet := &globalOptions{lang: p.opts.lang, stdout: io.Discard, stderr: io.Discard, registry: p.opts.registry}
		page, note := p.reportPage(ctx, quiet, t.game, res, drawn)
		if ctx.Err() != nil {
			return
		}
		p.mu.Lock()
		last = p.last[id]
		last.report = page
		p.last[id] = last
		p.mu.Unlock()
		p.srv.SetReport(id, page, note)
	})
}

// draw draws every card design as inline SVG, trimmed; nil when the layout
// does not load (validation has reported why).
func (p *previewer) draw(t target, res schema.Result, invalid bool) ([]preview.Card, error) {
	lay, err := spec.Load(spec.LayoutDir(p.opts.src), t.game.Schema)
	if err != nil || res.Data == nil {
		return nil, nil
	}
	opt := cards.Options{ArtDir: filepath.Join(p.opts.src, "art")}
	if invalid {
		if opt.Draft, err = draftMarks(t.path, res.Problems); err != nil {
			return nil, err
		}
	}
	drawn, err := cards.DrawAll(res, lay, opt)
	if err != nil {
		return nil, err
	}
	out := make([]preview.Card, len(drawn))
	for i, d := range drawn {
		c := preview.Card{ID: d.ID, Kind: d.Kind, Name: d.Name, Sheet: d.Sheet, Row: d.Row, Copies: d.Copies, Board: d.Board}
		if c.Face, err = inlineSVG(d.Face); err == nil && d.Back != nil {
			c.Back, err = inlineSVG(d.Back)
		}
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// faces maps each card ID to the face drawn of it first, with the boards'
// drawings on the rows printed on them, as report.Page.CardDrawings does.
func faces(drawn []preview.Card, data any) map[string]template.HTML {
	out := map[string]template.HTML{}
	for _, c := range drawn {
		if _, ok := out[c.ID]; !ok && c.Face != "" {
			out[c.ID] = c.Face
		}
	}
	report.OnBoards(data, out)
	return out
}

func inlineSVG(l *draw.List) (template.HTML, error) {
	var b strings.Builder
	err := l.SVG(&b, true)
	return template.HTML(b.String()), err
}

// books renders game's books as HTML, as `bifrost rulebook` does, into
// memory: nothing is written.
func (p *previewer) books(game *sim.Definition, res schema.Result) (map[string][]byte, error) {
	out := map[string][]byte{}
	painted, err := paintCards(p.opts.src, game.Schema, res, false)
	if err != nil {
		return nil, err
	}
	_, skips, err := books.Set{Dir: books.Dir(p.opts.src, p.opts.rules), Game: game, Result: res, Layout: painted.lay, Drawn: painted.drawn, Lang: p.opts.Lang()}.Render("", []string{"html"}, func(path string, data []byte) error {
		out[strings.TrimSuffix(filepath.Base(path), ".html")] = data
		return nil
	})
	for _, s := range skips {
		err = errors.Join(err, s.Err)
	}
	return out, err
}

// reportPage plays res's smoke and balance batches of --games games and
// renders their report page with the cards drawn (nil: drawn anew);
// without one, a note says why.
func (p *previewer) reportPage(ctx context.Context, g *globalOptions, game *sim.Definition, res schema.Result, drawn []preview.Card) ([]byte, string) {
	rep, err := smoke(ctx, g, game, res, p.opts.games, -1)
	if err == nil && rep == nil {
		return nil, p.opts.msg("serve_no_engine")
	}
	var bal *sim.Report
	if err == nil {
		bal, err = balance(ctx, g, game, res, p.opts.games, -1)
	}
	var buf bytes.Buffer
	if err == nil && drawn != nil {
		err = writeReportPageWith(&buf, game, cmp.Or(bal, rep), rep, res, faces(drawn, res.Data))
	} else if err == nil {
		err = writeReportPage(&buf, game, cmp.Or(bal, rep), rep, res)
	}
	if err != nil {
		return nil, p.opts.msg("serve_report_failed", p.opts.localize(err))
	}
	return buf.Bytes(), ""
}

// wait cancels the reports being made and waits for them to stop.
func (p *previewer) wait() {
	p.mu.Lock()
	for _, cancel := range p.cancel {
		cancel()
	}
	p.mu.Unlock()
	p.running.Wait()
}
