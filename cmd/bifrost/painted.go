package main

import (
	"path/filepath"

	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/schema"
)

// paintedCards are a game's cards painted once, each face and back a
// display list, with the layout and art beside its workbook: the books,
// the report and the card sheets draw these lists and paint none of their
// own.
type paintedCards struct {
	lay   *spec.Layout
	drawn []cards.Drawn // in print order, a design's first copy first
}

// paintCards paints every card design of res with the layout and art in
// src: each design's first copy, which the books and the report show, or
// every copy when copies is set (build, whose card sheets print them all).
func paintCards(src string, g *schema.Game, res schema.Result, copies bool) (*paintedCards, error) {
	lay, err := spec.Load(spec.LayoutDir(src), g)
	if err != nil {
		return nil, err
	}
	paint := cards.DrawAll
	if copies {
		paint = cards.DrawCopies
	}
	drawn, err := paint(res, lay, cards.Options{ArtDir: filepath.Join(src, "art")})
	if err != nil {
		return nil, err
	}
	return &paintedCards{lay: lay, drawn: drawn}, nil
}

// all are the painted cards, none when nothing was painted (nil): then
// the report paints the few it shows itself.
func (p *paintedCards) all() []cards.Drawn {
	if p == nil {
		return nil
	}
	return p.drawn
}
