package nastrond

import (
	"fmt"

	"bifrost/schema/figure"
)

// BoardSquare is one square of the board as a drawing shows it.
type BoardSquare struct {
	Row, Col int
	Layer    int  // 1..4; layer 4 is Nidhogg's square
	Corner   bool // a corner of its ring: where the layer-1 and layer-2 Keepers stand
}

// Board lists the board's squares row by row, top row first, from the
// engine's geometry.
func Board() []BoardSquare {
	out := make([]BoardSquare, 0, squares)
	for s := range Square(squares) {
		out = append(out, BoardSquare{Row: rowOf(s), Col: colOf(s), Layer: int(board.layer[s]), Corner: board.corner(s)})
	}
	return out
}

// StartSquare is where a pawn starts whose layer-1 Keeper stands on corner
// c (0..3, clockwise from the top left) with start position start: start
// squares clockwise from the corner (G15).
func StartSquare(c, start int) (row, col int) {
	s := board.step(board.corners(1)[c%4], int8(start)%board.ringLen[1])
	return rowOf(s), colOf(s)
}

// Figures are the game's figures for its rulebooks' {{figure "NAME"}},
// drawn from the validated data (schema.Result.Data) and the engine's
// geometry; nil for data of another game.
func Figures(data any) map[string]*figure.Figure {
	d, ok := data.(*Data)
	if !ok {
		return nil
	}
	return map[string]*figure.Figure{"board": boardFigure(d)}
}

// Colours of the board: one per layer, outermost first.
var (
	layerFill   = [5]string{"", "#e9e2cf", "#cdbf9c", "#a8936a", "#5b1f1f"}
	pawnColours = [4]string{"#c0392b", "#2e6fb7", "#2f8f4e", "#d4a017"}
)

// boardFigure draws the 7×7 board: its layers as shaded rings, the
// Keepers on the corners of layers 1 and 2, Nidhogg at the centre, and the
// pawns' start squares of one setup, the layer-1 Keepers dealt to the
// corners in the workbook's order (each pawn starts its Keeper's 開始位置
// squares clockwise from the Keeper's corner).
func boardFigure(d *Data) *figure.Figure {
	const cell, m = 12.0, 6.0 // m: the margin that holds the column letters and row numbers
	side := 7 * cell
	f := &figure.Figure{W: side + 2*m, H: side + 2*m + 22}
	add := func(s ...figure.Shape) { f.Shapes = append(f.Shapes, s...) }
	for i := range 7 { // columns A–G, rows 1–7, as the rulebook names squares
		add(figure.Shape{Kind: figure.KindText, X: m + (float64(i)+0.5)*cell, Y: m / 2, Text: string(rune('A' + i)), Size: 3.2, Fill: figure.Ink},
			figure.Shape{Kind: figure.KindText, X: m / 2, Y: m + (float64(i)+0.5)*cell, Text: fmt.Sprint(i + 1), Size: 3.2, Fill: figure.Ink})
	}
	for _, sq := range Board() {
		x, y := m+float64(sq.Col)*cell, m+float64(sq.Row)*cell
		add(figure.Shape{Kind: figure.KindRect, X: x, Y: y, W: cell, H: cell, Fill: layerFill[sq.Layer], Stroke: figure.BoardLine, Line: 0.3})
		cx, cy := x+cell/2, y+cell/2
		switch {
		case sq.Layer == 4:
			add(figure.Shape{Kind: figure.KindText, X: cx, Y: cy - 1.8, Text: "ニーズ", Size: 2.6, Fill: "#ffffff"},
				figure.Shape{Kind: figure.KindText, X: cx, Y: cy + 1.8, Text: "ヘッグ", Size: 2.6, Fill: "#ffffff"})
		case sq.Corner && sq.Layer < 3:
			add(figure.Shape{Kind: figure.KindRect, X: x + 1.5, Y: y + 1.5, W: cell - 3, H: cell - 3, R: 1, Fill: "#ffffff", Stroke: figure.Ink, Line: 0.4},
				figure.Shape{Kind: figure.KindText, X: cx, Y: cy, Text: fmt.Sprintf("K%d", sq.Layer), Size: 3.6, Fill: figure.Ink})
		}
	}
	// One setup's start squares.
	c := 0
	for _, k := range d.Keepers {
		if k.Layer != 1 || c == len(pawnColours) {
			continue
		}
		r, col := StartSquare(c, k.Start)
		x, y := m+float64(col)*cell+cell/2, m+float64(r)*cell+cell/2
		if k.Start == 0 { // on the Keeper's own square: beside its label
			x, y = x+cell*0.28, y+cell*0.28
		}
		add(figure.Shape{Kind: figure.KindCircle, X: x, Y: y, R: 2.2, Fill: pawnColours[c], Stroke: figure.Ink, Line: 0.3},
			figure.Shape{Kind: figure.KindText, X: x, Y: y, Text: fmt.Sprint(c + 1), Size: 2.6, Fill: "#ffffff"})
		c++
	}
	// The legend: the layers, the Keepers, the pawns.
	y := side + m + 5
	for k := 1; k <= 4; k++ {
		x := m + float64(k-1)*side/4
		add(figure.Shape{Kind: figure.KindRect, X: x, Y: y - 2.5, W: 5, H: 5, Fill: layerFill[k], Stroke: figure.BoardLine, Line: 0.3},
			figure.Shape{Kind: figure.KindText, X: x + 13, Y: y, Text: fmt.Sprintf("第%d層", k), Size: 3.2, Fill: figure.Ink})
	}
	add(figure.Shape{Kind: figure.KindText, X: f.W / 2, Y: y + 8, Text: "K1・K2：第1・第2層のキーパー（四隅）", Size: 3.2, Fill: figure.Ink},
		figure.Shape{Kind: figure.KindText, X: f.W / 2, Y: y + 14, Text: "1〜4：スタート地点の一例", Size: 3.2, Fill: figure.Ink},
		figure.Shape{Kind: figure.KindText, X: f.W / 2, Y: y + 19, Text: "（キーパーの角から開始位置のマス数だけ時計回り）", Size: 2.8, Fill: figure.Ink})
	return f
}
