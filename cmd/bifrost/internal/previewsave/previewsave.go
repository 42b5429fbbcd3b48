// Package previewsave makes what `bifrost serve` shows of a game as its files
// are now (a preview.Save): the cards painted once for the gallery, those
// whose data has errors marked DRAFT with their problems' cells, and the
// books and the report page, made only from data without errors, drawing
// the same cards; and serves the games' previews, each made anew when its
// files are saved.
package previewsave

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

	"bifrost/cmd/bifrost/internal/batches"
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

// Messages are what serve says of each game made, its address, and what
// the report page's place says when there is no report.
var Messages = schema.Catalogue{
	"serve_no_engine":     {"このゲームのルールエンジンはまだないので、報告はありません。", "This game has no rules engine yet, so there is no report."},
	"serve_report_errors": {"データに誤りがあるため、新しい報告は作れません。", "The data has errors, so no new report can be made."},
	"serve_report_failed": {"報告を作れませんでした：%v", "The report could not be made: %v"},
	"serve_url":           {"プレビュー：%s （Ctrl-C で終了）", "Preview: %s (Ctrl-C to stop)"},
	"serve_updated":       {"%s %s：プレビューを更新しました（%d ミリ秒、%v）", "%s %s: preview updated (%d ms, %v)"},
}

// Maker makes the previews of games with the layouts and art in Src, the
// books in Rules (rules/ beside Src when ""), and a report of Games games
// a batch, in Lang.
type Maker struct {
	Src, Rules string
	Games      int
	Lang       *schema.Lang
	// Localize puts an error into Lang's words before it is shown.
	Localize func(error) error
}

// Save makes what serve shows of game t as its files are now. The cards
// are painted once: the gallery shows them (those whose data has errors
// marked DRAFT with their problems' cells, as `cards --draft` prints
// them), and the books and the report, made only from data without
// errors, draw the same lists. Where nothing can be painted (a workbook
// that does not open, a layout with errors) the gallery keeps its last
// cards.
func (m Maker) Save(t targets.Target) preview.Save {
	s := preview.Save{Game: preview.Game{ID: t.Game.ID(), Title: t.Game.Schema.Title, Updated: time.Now()}, Stale: m.say("serve_report_errors")}
	res, err := t.Validate(m.Lang)
	if err != nil {
		s.Game.Problems = []schema.Problem{m.problem(err)}
		return s
	}
	s.Game.Problems = res.Problems
	s.Valid = res.Data != nil && !schema.HasErrors(res.Problems)
	painted, err := m.paint(t, res)
	if err == nil && painted != nil {
		s.Game.Cards, err = preview.CardsOf(painted)
	}
	if err != nil {
		s.Game.Problems, painted = append(s.Game.Problems, m.problem(err)), nil
	}
	s.Books = func() (map[string][]byte, []schema.Problem) {
		books, err := m.books(t, res, painted)
		if err != nil {
			return books, []schema.Problem{m.problem(err)}
		}
		return books, nil
	}
	drawn := s.Game.Cards // the report's cards: those painted now (nil: drawn anew)
	s.Report = func(ctx context.Context) ([]byte, string) {
		return m.report(ctx, t, res, drawn)
	}
	return s
}

// say is the message key in m's language.
func (m Maker) say(key string, args ...any) string {
	return Messages.Err(key, args...).In(m.Lang)
}

// paint paints every card design of t with the layout and art in Src,
// those with errors marked DRAFT; nil when the layout does not load
// (validation has reported why).
func (m Maker) paint(t targets.Target, res schema.Result) (*cards.Painted, error) {
	lay, err := spec.Load(spec.LayoutDir(m.Src), t.Game.Schema)
	if err != nil || res.Data == nil {
		return nil, nil
	}
	opt := cards.Options{ArtDir: filepath.Join(m.Src, "art")}
	if schema.HasErrors(res.Problems) {
		if opt.Draft, err = printout.DraftMarks(t.Path, res.Problems); err != nil {
			return nil, err
		}
	}
	return cards.Paint(res, lay, opt, false)
}

// problem is err as a problem the gallery lists.
func (m Maker) problem(err error) schema.Problem {
	return schema.Problem{Severity: schema.Error, Message: m.Localize(err).Error()}
}

// books renders t's books as HTML, as `bifrost rulebook` does, into
// memory (nothing is written), their cards painted's (nil: painted anew).
func (m Maker) books(t targets.Target, res schema.Result, painted *cards.Painted) (map[string][]byte, error) {
	out := map[string][]byte{}
	if painted == nil {
		var err error
		if painted, err = printout.Paint(m.Src, t.Game.Schema, res, cards.Options{}, false); err != nil {
			return nil, err
		}
	}
	_, skips, err := books.Set{Dir: books.Dir(m.Src, m.Rules), Game: t.Game, Result: res, Layout: painted.Layout, Drawn: painted.Drawn, Lang: m.Lang}.Render("", []string{"html"}, func(path string, data []byte) error {
		out[strings.TrimSuffix(filepath.Base(path), ".html")] = data
		return nil
	})
	for _, s := range skips {
		err = errors.Join(err, s.Err)
	}
	return out, err
}

// report plays res's smoke and balance batches of Games games, quietly,
// and renders their report page with the cards drawn (nil: drawn anew);
// without one, a note says why.
func (m Maker) report(ctx context.Context, t targets.Target, res schema.Result, drawn []preview.Card) ([]byte, string) {
	quiet := batches.Runner{Stderr: io.Discard, Lang: m.Lang}
	rep, err := quiet.Smoke(ctx, t.Game, res, m.Games, -1)
	if err == nil && rep == nil {
		return nil, m.say("serve_no_engine")
	}
	var bal *sim.Report
	if err == nil {
		bal, err = quiet.Balance(ctx, t.Game, res, m.Games, -1)
	}
	var buf bytes.Buffer
	if err == nil {
		var faces map[string]template.HTML
		if drawn != nil {
			faces = GalleryFaces(drawn, res.Data)
		}
		err = report.WritePage(&buf, m.Lang, t.Game, cmp.Or(bal, rep), rep, res, faces)
	}
	if err != nil {
		return nil, m.say("serve_report_failed", m.Localize(err))
	}
	return buf.Bytes(), ""
}

// GalleryFaces maps each card ID to the gallery's first face of it, with
// the boards' drawings on the rows printed on them, as the report's card
// drawings do.
func GalleryFaces(drawn []preview.Card, data any) map[string]template.HTML {
	faces := preview.Faces(drawn)
	report.OnBoards(data, faces)
	return faces
}
