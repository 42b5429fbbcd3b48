package report

import (
	"errors"
	"html/template"
	"path/filepath"
	"slices"
	"strings"

	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// CardDrawings draws, by ID, the trimmed SVG face of each card that the
// findings of bal's page p name (with p.Smoke and p.Effects as the page
// will have them), for the page to show beside them (Page.Drawings); a row
// printed on a board (one with a Board field naming it, such as an AI
// track cell) shows that board. Cards no finding names are not drawn. The
// faces are painted's, the cards a build painted once; when painted is
// nil, the cards named are painted anew with g's layout and art beside
// res's workbook, as validation reads them, and no others.
func (p Page) CardDrawings(bal *sim.Report, g *schema.Game, res schema.Result, painted []cards.Drawn) (map[string]template.HTML, error) {
	if res.Data == nil {
		return nil, nil
	}
	ids := p.FindingCards(bal)
	boards := rowBoards(res.Data)
	for _, id := range ids {
		if b, ok := boards[id]; ok {
			ids = append(ids, b)
		}
	}
	drawn := painted
	if drawn == nil {
		dir := filepath.Dir(res.File)
		lay, err := spec.Load(spec.LayoutDir(dir), g)
		if err != nil {
			return nil, err
		}
		if drawn, err = drawOnly(res, lay, cards.Options{ArtDir: filepath.Join(dir, "art")}, ids); err != nil {
			return nil, err
		}
	}
	out := map[string]template.HTML{}
	for _, d := range drawn {
		if _, ok := out[d.ID]; ok || d.Face == nil || !slices.Contains(ids, d.ID) {
			continue
		}
		var b strings.Builder
		if err := d.Face.SVG(&b, true); err != nil {
			return nil, err
		}
		out[d.ID] = template.HTML(b.String())
	}
	OnBoards(res.Data, out)
	return out, nil
}

// drawOnly draws the designs of ids that the layout has; IDs it has no
// card of (rows such as AI track cells) are left out, and no ID draws none.
func drawOnly(res schema.Result, lay *spec.Layout, opt cards.Options, ids []string) ([]cards.Drawn, error) {
	for len(ids) > 0 {
		opt.Only = ids
		drawn, err := cards.DrawAll(res, lay, opt)
		var unknown *cards.UnknownCardsError
		if !errors.As(err, &unknown) {
			return drawn, err
		}
		ids = slices.DeleteFunc(ids, func(id string) bool { return slices.Contains(unknown.IDs, id) })
	}
	return nil, nil
}

// OnBoards gives every row of data's tables that is printed on a board
// (one with a Board field naming it) the drawing of that board, by ID.
func OnBoards(data any, drawings map[string]template.HTML) {
	for id, board := range rowBoards(data) {
		if d, ok := drawings[board]; ok && drawings[id] == "" {
			drawings[id] = d
		}
	}
}

// rowBoards maps the ID of every row of data's tables that has string
// fields ID and Board to the board it names (the first such row naming one wins).
func rowBoards(data any) map[string]string {
	out := map[string]string{}
	schema.EachRow(data, "Board", func(id, board string) {
		if _, seen := out[id]; !seen && board != "" {
			out[id] = board
		}
	})
	return out
}
