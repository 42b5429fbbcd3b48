package nastrond

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
