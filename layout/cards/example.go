package cards

import (
	"fmt"

	"codeberg.org/go-pdf/fpdf"

	"bifrost/layout/draw"
	"bifrost/schema"
)

// ExampleDrawer returns a function that draws the face of one card, found by
// ID, onto another document (a rulebook) at (x, y), scaled to width mm. It
// returns the drawn height. Boards are drawn too, scaled the same way.
func ExampleDrawer(res schema.Result, l *Layout, artDir string) (func(pdf *fpdf.Fpdf, id string, x, y, width float64) (float64, error), error) {
	d, err := NewDeck(res, l, nil)
	if err != nil {
		return nil, err
	}
	return func(pdf *fpdf.Fpdf, id string, x, y, width float64) (float64, error) {
		var found *card
		for _, k := range d.kinds {
			for _, c := range d.cards[k] {
				if c.id == id {
					found = c
					break
				}
			}
			if found != nil {
				break
			}
		}
		if found == nil {
			return 0, fmt.Errorf("no printed card has ID %q", id)
		}
		size := found.kind.Size
		scale := width / size.W
		art := newArtStore(artDir)
		defer art.close()
		pt := newPainter(l, d.ds, art, false)
		list := pt.draw(found.kind.Face, found, "face")
		pdf.TransformBegin()
		pdf.TransformScale(100*scale, 100*scale, x, y)
		pdf.ClipRect(x, y, size.W, size.H, false)
		draw.NewPDF(pdf, l.fontNameInPDF).Draw(list, x-list.Bleed, y-list.Bleed)
		pdf.ClipEnd()
		pdf.TransformEnd()
		if len(pt.issues) > 0 {
			return 0, issuesError(pt.issues, d.ds)
		}
		return size.H * scale, nil
	}, nil
}
