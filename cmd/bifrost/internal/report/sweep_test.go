package report

import (
	"bytes"
	"strings"
	"testing"

	"bifrost/schema"
)

// The sweep's gap column and chart say what the gap compares, in the
// page's language: places in the turn order where it is dealt at random,
// seats otherwise (and when no value could be played).
func TestSweepPageNamesWhatItsGapCompares(t *testing.T) {
	point := func(basis string) SweepPoint {
		return SweepPoint{Values: []string{"1"}, SeatGapBasis: basis, SeatGap: 4,
			SeatWin: map[string][]float64{"2": {0.5, 0.5}}, Length: map[string]float64{"2": 10}, Score: map[string]float64{"2": 3}, Baseline: true}
	}
	for _, tt := range []struct {
		name   string
		points []SweepPoint
		lang   *schema.Lang
		want   string
		lack   string
	}{
		{"turn order, Japanese", []SweepPoint{point(ByTurnOrder)}, schema.Japanese, "<th>手番の順による勝率差（pt）</th>", "席の勝率差"},
		{"turn order, English", []SweepPoint{point(ByTurnOrder)}, schema.English, "<th>gap by turn order (pt)</th>", "seat gap"},
		{"seat, Japanese", []SweepPoint{point(BySeat)}, schema.Japanese, "<th>席の勝率差（pt）</th>", "手番の順"},
		{"seat, English", []SweepPoint{point(BySeat)}, schema.English, "<th>seat gap (pt)</th>", "turn order"},
		{"nothing playable", []SweepPoint{{Values: []string{"0"}, Problems: []string{"B2: bad"}}}, schema.English, "<th>seat gap (pt)</th>", "turn order"},
	} {
		var b bytes.Buffer
		if err := WriteSweep(&b, Sweep{Title: "t", Axes: []string{"K"}, Bots: "greedy", Games: 10, Points: tt.points}, tt.lang); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) || strings.Contains(b.String(), tt.lack) {
			t.Errorf("%s: want %q and no %q in\n%s", tt.name, tt.want, tt.lack, b.String())
		}
	}
}
