package valkyrie

import (
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
	return map[string]*figure.Figure{"supply": supply(d.Rules.Int("RowSlots"))}
}

// supply draws the supply as it is set up: the monster, then for
// each supply deck (Assist above, Battle below) its discard pile, the
// front, middle and back rows of slots face up (RowSlots cards each), and
// the deck face down, with the way the cards move.
func supply(slots int) *figure.Figure {
	const cw, ch, gap, pitch, x0, y0 = 10.0, 14.0, 1.5, 18.0, 32.0, 10.0
	band := max(float64(slots)*ch+float64(slots-1)*gap, ch) + 8 // the slots and the arrow below them
	f := &figure.Figure{W: x0 + 5*pitch, H: y0 + 2*band + 6}
	add := func(s ...figure.Shape) { f.Shapes = append(f.Shapes, s...) }
	heads := [5][]string{{"廃棄置場"}, {"前列"}, {"中列"}, {"後列"}, {"サプライ", "デッキ"}}
	for i, h := range heads {
		for j, line := range h {
			add(figure.Shape{Kind: figure.KindText, X: x0 + float64(i)*pitch + pitch/2, Y: 3 + float64(j)*3.6, Text: line, Size: 3, Fill: figure.Ink})
		}
	}
	my := y0 + band - 4
	add(figure.Shape{Kind: figure.KindRect, X: 14, Y: my - 11, W: 15, H: 22, R: 1, Fill: "#5b1f1f", Stroke: figure.Ink, Line: 0.3},
		figure.Shape{Kind: figure.KindText, X: 21.5, Y: my, Text: "モンスター", Size: 2.4, Fill: "#ffffff"})
	for b, deck := range []string{"Assist", "Battle"} {
		top := y0 + float64(b)*(band+2)
		add(figure.Shape{Kind: figure.KindText, X: 6, Y: top + ch/2, Text: deck, Size: 3, Fill: figure.Ink})
		for i := range 5 {
			x := x0 + float64(i)*pitch + (pitch-cw)/2
			switch i {
			case 0: // the discard pile: an empty place
				add(figure.Shape{Kind: figure.KindRect, X: x, Y: top, W: cw, H: ch, R: 0.8, Fill: "#f4f4f4", Stroke: "#999999", Line: 0.3})
			case 4: // the deck, face down
				add(figure.Shape{Kind: figure.KindRect, X: x + 1, Y: top + 1, W: cw, H: ch, R: 0.8, Fill: "#3d2c17", Stroke: figure.Ink, Line: 0.3},
					figure.Shape{Kind: figure.KindRect, X: x, Y: top, W: cw, H: ch, R: 0.8, Fill: "#6b4f2a", Stroke: figure.Ink, Line: 0.3},
					figure.Shape{Kind: figure.KindText, X: x + cw/2, Y: top + ch/2, Text: "裏", Size: 3, Fill: "#ffffff"})
			default: // a row's slots, face up
				for k := range slots {
					add(figure.Shape{Kind: figure.KindRect, X: x, Y: top + float64(k)*(ch+gap), W: cw, H: ch, R: 0.8, Fill: figure.SlotFill, Stroke: figure.BoardLine, Line: 0.3})
				}
			}
		}
		ay := top + band - 4
		add(figure.Shape{Kind: figure.KindArrow, X: x0 + 4.5*pitch, Y: ay, W: -4 * pitch, Stroke: figure.BoardLine, Line: 0.4})
	}
	add(figure.Shape{Kind: figure.KindText, X: x0 + 2.5*pitch, Y: f.H - 2, Text: "カードはサプライデッキから後列・中列・前列へ進み、廃棄置場へ", Size: 2.8, Fill: figure.Ink})
	return f
}
