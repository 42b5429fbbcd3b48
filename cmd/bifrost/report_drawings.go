package main

import (
	"html/template"
	"path/filepath"
	"reflect"
	"strings"

	"bifrost/layout/cards"
	"bifrost/schema"
)

// cardDrawings draws every card and board of a validated game as its
// trimmed SVG face, by ID, for the report to show beside the findings
// about it; a row printed on a board (one with a Board field naming it,
// such as an AI track cell) shows that board. The layout and art are the
// ones beside the workbook, as validation reads them.
func cardDrawings(res schema.Result) (map[string]template.HTML, error) {
	g := schema.GameByID(res.Game)
	if g == nil || res.Data == nil {
		return nil, nil
	}
	dir := filepath.Dir(res.File)
	lay, err := cards.Load(cards.LayoutDir(dir), g)
	if err != nil {
		return nil, err
	}
	drawn, err := cards.DrawAll(res, lay, cards.Options{ArtDir: filepath.Join(dir, "art")})
	if err != nil {
		return nil, err
	}
	out := map[string]template.HTML{}
	for _, d := range drawn {
		if _, ok := out[d.ID]; ok || d.Face == nil {
			continue
		}
		var b strings.Builder
		if err := d.Face.SVG(&b, true); err != nil {
			return nil, err
		}
		out[d.ID] = template.HTML(b.String())
	}
	onBoards(res.Data, out)
	return out, nil
}

// onBoards gives every row of data's tables that has string fields ID and
// Board the drawing of the board it names.
func onBoards(data any, drawings map[string]template.HTML) {
	v := reflect.Indirect(reflect.ValueOf(data))
	if v.Kind() != reflect.Struct {
		return
	}
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() != reflect.Slice || f.Type().Elem().Kind() != reflect.Struct {
			continue
		}
		id, ok1 := f.Type().Elem().FieldByName("ID")
		board, ok2 := f.Type().Elem().FieldByName("Board")
		if !ok1 || !ok2 || id.Type.Kind() != reflect.String || board.Type.Kind() != reflect.String {
			continue
		}
		for j := range f.Len() {
			row := f.Index(j)
			key := row.FieldByIndex(id.Index).String()
			if d, ok := drawings[row.FieldByIndex(board.Index).String()]; ok && drawings[key] == "" {
				drawings[key] = d
			}
		}
	}
}
