package sheet

import (
	"image"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/schema"
)

// Picture is one side of one copy of a card (or board) as a picture of
// its own: the trim plus the bleed, with the version stamp and DRAFT band
// the PDFs print over it.
type Picture struct {
	// Name is the file name: <kind>-<ID>-<copy>-<face|back>.png, the kind
	// and ID as the per-card PDFs spell them (RenderEach; see namesOf).
	Name         string
	side, over   *draw.List // the side as painted, and what goes over it
	sideOverlaid bool       // side already holds what goes over it
}

// PNG paints the picture at dpi with the PNG backend of package draw.
func (pc Picture) PNG(dpi float64) (*image.RGBA, error) {
	img, err := pc.side.PNG(dpi, false)
	if err != nil || pc.sideOverlaid {
		return img, err
	}
	return img, pc.over.PaintOn(img, dpi, false)
}

// Pictures lists every copy of every card opt prints (opt.Only), face and
// back (no back for a kind without one, or under opt.FacesOnly), in print
// order, for print services that take images. The sides are opt.Painted
// where it holds them (every copy), else painted here.
func Pictures(res schema.Result, l *spec.Layout, opt cards.Options) ([]Picture, error) {
	d, err := cards.NewDeck(res, l, opt.Only)
	if err != nil {
		return nil, err
	}
	art := cards.NewArtStore(opt.ArtDir)
	defer art.Close()
	pt := newPainter(l, d.Dataset, art, opt)
	painted := paintedSides(opt)
	var out []Picture
	names := namesOf(d)
	for _, k := range d.Kinds {
		sides := map[string][]*spec.Element{"face": k.Face, "back": k.Back}
		order := []string{"face", "back"}
		if len(k.Back) == 0 || opt.FacesOnly {
			order = order[:1]
		}
		for _, c := range d.Cards[k] {
			for _, side := range order {
				pc := Picture{Name: names.copy(c) + "-" + side + ".png"}
				if l, ok := painted[paintedSide{k.Name, c.ID, side, c.Copy}]; ok {
					pc.side, pc.over = l, pt.DrawOverlays(c, side)
				} else {
					pc.side, pc.sideOverlaid = pt.Draw(sides[side], c, side), true
				}
				out = append(out, pc)
			}
		}
	}
	if len(pt.Issues) > 0 && opt.Draft == nil {
		return nil, cards.NewIssuesError(pt.Issues, d.Dataset)
	}
	return out, nil
}
