package sheet

import (
	"bytes"
	"fmt"
	"math"
	"strconv"

	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/schema"
)

// Cut is one card's trim on a sheet, in mm from the paper's top-left
// corner: where a cutting machine cuts it out.
type Cut struct {
	Card       string // <kind>-<ID>-<copy>, as the pictures name the card
	X, Y, W, H float64
}

// CutSheet is the cuts of one sheet of cards, as Render lays its face
// page out (the back page is its mirror image, cut from the face).
type CutSheet struct {
	Paper spec.Size
	Cuts  []Cut
}

// Cuts lists the cut lines of every sheet of cards Render prints with the
// same options, sheet by sheet; boards, on pages of their own without
// crop marks, have none.
func Cuts(res schema.Result, l *spec.Layout, opt cards.Options) ([]CutSheet, error) {
	_, paper, err := paperOf(opt)
	if err != nil {
		return nil, err
	}
	d, err := cards.NewDeck(res, l, opt.Only)
	if err != nil {
		return nil, err
	}
	im, err := impositionOf(l, opt)
	if err != nil {
		return nil, err
	}
	var out []CutSheet
	names := namesOf(d)
	for _, r := range (deck{d}).runs(opt) {
		if r.board != nil {
			continue
		}
		g, err := newGrid(l, paper, r.cards[0].Kind.Size, im)
		if err != nil {
			return nil, err
		}
		per := g.cols * g.rows
		for start := 0; start < len(r.cards); start += per {
			cs := CutSheet{Paper: paper}
			for i, c := range r.cards[start:min(start+per, len(r.cards))] {
				x, y, _, _ := g.cell(i, false, false)
				cs.Cuts = append(cs.Cuts, Cut{Card: names.copy(c), X: x, Y: y, W: g.w, H: g.h})
			}
			out = append(out, cs)
		}
	}
	return out, nil
}

// SVG draws the sheet's cuts for a cutting machine: a page of the
// paper's size in mm (the viewBox in mm too), each card's trim a closed
// rectangle, a hairline with no fill, named by its card.
func (cs CutSheet) SVG() []byte {
	n := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	var b bytes.Buffer
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%smm\" height=\"%smm\" viewBox=\"0 0 %s %s\">\n",
		n(cs.Paper.W), n(cs.Paper.H), n(cs.Paper.W), n(cs.Paper.H))
	b.WriteString("<g fill=\"none\" stroke=\"#000000\" stroke-width=\"0.1\">\n")
	for _, c := range cs.Cuts {
		fmt.Fprintf(&b, "<rect id=\"cut-%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/>\n", c.Card, n(round(c.X)), n(round(c.Y)), n(round(c.W)), n(round(c.H)))
	}
	b.WriteString("</g>\n</svg>\n")
	return b.Bytes()
}

// round rounds v to a thousandth of a millimetre, below any cutter's
// precision, so that the file shows 4.5 rather than 4.499999999999998.
func round(v float64) float64 { return math.Round(v*1000) / 1000 }
