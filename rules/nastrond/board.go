package nastrond

// The 7×7 board (checklist §6). A square is r*7+c, row 0 at the top and
// column 0 at the left, as the seed's diagram is drawn.

const (
	side    = 7
	squares = side * side
	centre  = 3*side + 3 // Nidhogg, layer 4
)

// Square is a board square, r*7+c.
type Square = int8

func sq(r, c int) Square { return Square(r*side + c) }

func rowOf(s Square) int { return int(s) / side }
func colOf(s Square) int { return int(s) % side }

// geometry holds every fact about the board that never changes.
type geometry struct {
	layer   [squares]int8   // 1..4
	ringIdx [squares]int8   // index of the square in its ring, clockwise from the top-left corner
	ring    [5][24]Square   // ring[k][i]: the i-th square of ring k, clockwise
	ringLen [5]int8         // 24, 16, 8, 1
	inner   [squares]Square // one diagonal step towards the centre (T31, §6.5)
	cross   [squares]uint64 // the square's row and column, itself included, one bit per square (T16, §6.7)
}

// board is computed once; every game shares it.
var board = newGeometry()

func newGeometry() *geometry {
	g := &geometry{}
	for r := range side {
		for c := range side {
			g.layer[sq(r, c)] = int8(1 + min(r, c, side-1-r, side-1-c))
		}
	}
	// Each ring clockwise from its top-left corner: along the top row left to
	// right, down the right column, along the bottom row right to left and up
	// the left column.
	for k := 1; k <= 3; k++ {
		lo, hi := k-1, side-k
		n := 0
		add := func(r, c int) {
			g.ring[k][n] = sq(r, c)
			g.ringIdx[sq(r, c)] = int8(n)
			n++
		}
		for c := lo; c < hi; c++ {
			add(lo, c)
		}
		for r := lo; r < hi; r++ {
			add(r, hi)
		}
		for c := hi; c > lo; c-- {
			add(hi, c)
		}
		for r := hi; r > lo; r-- {
			add(r, lo)
		}
		g.ringLen[k] = int8(n)
	}
	g.ring[4][0], g.ringLen[4] = centre, 1
	for s := range Square(squares) {
		r, c := rowOf(s), colOf(s)
		g.inner[s] = sq(r+sign(3-r), c+sign(3-c))
		for i := range side {
			g.cross[s] |= 1<<sq(r, i) | 1<<sq(i, c)
		}
	}
	return g
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// half is the most a pawn may move on ring k: to the diagonally opposite
// square (T13, §6.4).
func (g *geometry) half(k int8) int8 { return g.ringLen[k] / 2 }

// step returns the square d squares clockwise from s on its own ring.
func (g *geometry) step(s Square, d int8) Square {
	k := g.layer[s]
	return g.ring[k][(g.ringIdx[s]+d)%g.ringLen[k]]
}

// corner reports whether s is one of the four corners of its ring.
func (g *geometry) corner(s Square) bool {
	k := g.layer[s]
	if k == 4 {
		return false
	}
	return g.ringIdx[s]%(g.ringLen[k]/4) == 0
}

// corners returns the four corners of ring k, clockwise from the top left.
func (g *geometry) corners(k int) [4]Square {
	q := g.ringLen[k] / 4
	return [4]Square{g.ring[k][0], g.ring[k][q], g.ring[k][2*q], g.ring[k][3*q]}
}

// topRight is (0,6), where the scan for the start player begins (S15).
var topRight = sq(0, 6)
