package cards

import (
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/layout/text"
	"bifrost/schema"
)

// Examples gives a rulebook its example cards from cards drawn once
// (DrawAll): the face of the first drawing of each ID, and the name each
// font of layout l takes in a PDF, as the card sheets name it.
func Examples(drawn []Drawn, l *spec.Layout) (face func(id string) (*draw.List, error), fontName func(*text.Font) string) {
	faces := map[string]*draw.List{}
	for _, d := range drawn {
		if _, ok := faces[d.ID]; !ok {
			faces[d.ID] = d.Face
		}
	}
	return func(id string) (*draw.List, error) {
		if f := faces[id]; f != nil {
			return f, nil
		}
		return nil, schema.Errorf("ID が「%s」の印刷されるカードはありません", "no printed card has ID %q", id)
	}, l.FontNameInPDF
}
