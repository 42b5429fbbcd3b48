package cards

import (
	"bifrost/layout/spec"
	"bifrost/schema"
)

// Painted are a game's cards painted once, each face and back a display
// list, with the layout they were painted with: the card sheets and
// per-card PDFs (package sheet, Options.Painted), the books' example
// cards, the report and the preview's gallery draw these lists and paint
// none of their own.
type Painted struct {
	Layout *spec.Layout
	Drawn  []Drawn // in print order, a design's first copy first
}

// Paint paints the cards of res with layout l and opt (as DrawAll reads
// it): each design's first copy, or every copy when copies is set (the card
// sheets print them all). Painted without opt.Stamp, opt.Draft and
// opt.InkSaver, the sides are what sheet.Render prints with its own stamp
// and DRAFT band over them; with opt.Draft, they are for showing only.
// Text that does not fit, or that no font can print, is an *IssuesError,
// returned with the cards painted all the same (under opt.Draft, none).
func Paint(res schema.Result, l *spec.Layout, opt Options, copies bool) (*Painted, error) {
	drawn, err := drawAll(res, l, opt, copies)
	if drawn == nil && err != nil {
		return nil, err
	}
	return &Painted{Layout: l, Drawn: drawn}, err
}
