package main

import (
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/layout/cards"
	"bifrost/schema"
)

// paintCards paints every card design of res with the layout and art in
// src (printout.Paint): each design's first copy, which the books and the
// report show, or every copy when copies is set (build, whose card sheets
// print them all). The books, the report and the card sheets draw these
// lists and paint none of their own.
func paintCards(src string, g *schema.Game, res schema.Result, copies bool) (*cards.Painted, error) {
	return printout.Paint(src, g, res, cards.Options{}, copies)
}

// paintedDrawn are the painted cards, none when nothing was painted (nil):
// then the report paints the few it shows itself.
func paintedDrawn(p *cards.Painted) []cards.Drawn {
	if p == nil {
		return nil
	}
	return p.Drawn
}
