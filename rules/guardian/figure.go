package guardian

import (
	"fmt"

	"bifrost/schema/figure"
)

// Figures are the game's figures for its rulebooks' {{figure "NAME"}},
// drawn from the validated data (schema.Result.Data) and the engine's
// geometry; nil for data of another game.
func Figures(data any) map[string]*figure.Figure {
	d, ok := data.(*Data)
	if !ok {
		return nil
	}
	r := d.Rules
	return map[string]*figure.Figure{"area": area(r.Int("DeckSize"), r.Int("StartHand"), r.Int("ResourceZone"))}
}

// area draws one player's area after setup: the field's three
// zones, empty, above the deck, the resource zone (resource cards face
// down) and the hand (hand cards); the deck holds what is left of deck.
func area(deck, hand, resource int) *figure.Figure {
	const zw, zh, gap, cw, ch = 36.0, 32.0, 3.0, 10.0, 14.0
	f := &figure.Figure{W: 3*zw + 2*gap + 2, H: 2*zh + gap + 2}
	add := func(s ...figure.Shape) { f.Shapes = append(f.Shapes, s...) }
	zone := func(i int, name string) (x, y float64) {
		x, y = 1+float64(i%3)*(zw+gap), 1+float64(i/3)*(zh+gap)
		add(figure.Shape{Kind: figure.KindRect, X: x, Y: y, W: zw, H: zh, R: 1.5, Fill: "#f6f1e6", Stroke: figure.BoardLine, Line: 0.3},
			figure.Shape{Kind: figure.KindText, X: x + zw/2, Y: y + 4, Text: name, Size: 3, Fill: figure.Ink})
		return x, y + 7
	}
	// stack draws n cards face down, offset to show a pile, and their count.
	stack := func(x, y float64, n int) {
		x += (zw - cw) / 2
		for k := range min(n, 3) {
			add(figure.Shape{Kind: figure.KindRect, X: x + float64(k)*0.8, Y: y - float64(k)*0.8 + 1.6, W: cw, H: ch, R: 0.8, Fill: []string{figure.BackShade, figure.BackFill}[min(k, 1)], Stroke: figure.Ink, Line: 0.3})
		}
		add(figure.Shape{Kind: figure.KindText, X: x + cw/2 + 0.8, Y: y + ch + 5, Text: fmt.Sprintf("%d枚", n), Size: 3, Fill: figure.Ink})
	}
	for i, name := range []string{"フォージングゾーン", "応援席", "消費ゾーン"} {
		x, y := zone(i, name)
		add(figure.Shape{Kind: figure.KindText, X: x + zw/2, Y: y + 9, Text: "（はじめは空）", Size: 2.6, Fill: "#888888"})
	}
	x, y := zone(3, "山札")
	stack(x, y, max(deck-hand-resource, 0))
	x, y = zone(4, "リソースゾーン")
	stack(x, y, resource)
	x, y = zone(5, "手札")
	step := 0.0
	if hand > 1 {
		step = min(4, (zw-4-cw)/float64(hand-1))
	}
	x0 := x + (zw-cw-step*float64(max(hand-1, 0)))/2
	for k := range hand {
		add(figure.Shape{Kind: figure.KindRect, X: x0 + float64(k)*step, Y: y + 1.6, W: cw, H: ch, R: 0.8, Fill: figure.SlotFill, Stroke: figure.BoardLine, Line: 0.3})
	}
	add(figure.Shape{Kind: figure.KindText, X: x + zw/2, Y: y + ch + 5, Text: fmt.Sprintf("%d枚", hand), Size: 3, Fill: figure.Ink})
	return f
}
