package sim_test

import (
	"math/rand/v2"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// connectFour is the yardstick the engines' random decisions are measured
// against: connect four on a plain array (no bitboards), the board, the
// column heights and whose turn it is.
type connectFour struct {
	cell   [7 * 6]int8 // column-major, 0 empty, 1 or 2 a player's disc
	height [7]int8
	seat   int8
	over   bool
}

// choices lists the columns that are not full, as an engine lists its
// legal choices.
func (g *connectFour) choices(buf []sim.Choice) []sim.Choice {
	buf = buf[:0]
	for c := range int16(7) {
		if g.height[c] < 6 {
			buf = append(buf, sim.Choice{A: c})
		}
	}
	return buf
}

// drop plays a disc into column c and ends the game on four in a row or a
// full board.
func (g *connectFour) drop(c int) {
	r := int(g.height[c])
	me := g.seat + 1
	g.cell[c*6+r] = me
	g.height[c]++
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		n := 1
		for _, s := range [2]int{1, -1} {
			for k := 1; k < 4; k++ {
				x, y := c+s*k*d[0], r+s*k*d[1]
				if x < 0 || x >= 7 || y < 0 || y >= 6 || g.cell[x*6+y] != me {
					break
				}
				n++
			}
		}
		if n >= 4 {
			g.over = true
			return
		}
	}
	g.seat = 1 - g.seat
	full := true
	for _, h := range g.height {
		full = full && h == 6
	}
	g.over = full
}

// BenchmarkConnectFourDecision plays random connect-four games on a plain
// array (ns and thread-CPU ns per decision), each decision listing the legal columns, choosing one uniformly
// and applying it: the yardstick for the engines' ns/decision metrics
// (issue 28: nastrond within 2×, valkyrie and guardian within 3×). Run it
// beside them to compare on the same machine under the same load.
func BenchmarkConnectFourDecision(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var g connectFour
	buf := make([]sim.Choice, 0, 7)
	now, unlock := simtest.CPUClock()
	defer unlock()
	decisions, cpu0 := 0, now()
	b.ReportAllocs()
	for b.Loop() {
		g = connectFour{}
		for !g.over {
			buf = g.choices(buf)
			g.drop(int(buf[rng.IntN(len(buf))].A))
			decisions++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
	b.ReportMetric(float64(now()-cpu0)/float64(decisions), "cpu-ns/decision")
}
