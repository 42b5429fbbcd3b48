package sheet_test

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/rules/nastrond"
)

// A score track numbers its squares from `from` to `to`, per_row a row,
// each row running back the way the row above came: every number sits
// beside the one before it, straight across or straight down at a row's end.
func TestScoreTrackNumbersItsSquaresInOneUnbrokenPath(t *testing.T) {
	res, _, lay := shipped(t, "nastrond")
	drawn, err := cards.DrawAll(res, lay, cards.Options{Only: []string{"VPTrack"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(drawn) != 1 || !drawn[0].Board {
		t.Fatalf("nastrond draws %d VP tracks, want one board", len(drawn))
	}
	at := map[int][2]float64{} // each number's place
	for _, it := range drawn[0].Face.Items {
		if tx, ok := it.(*draw.Text); ok {
			if n, err := strconv.Atoi(tx.S); err == nil {
				at[n] = [2]float64{tx.X, tx.Y}
			}
		}
	}
	if len(at) != 100 {
		t.Fatalf("the VP track numbers %d squares, want 0 to 99", len(at))
	}
	// Text stands at its start, so centred numbers of one and two digits
	// sit up to a digit's width apart from their squares' pitch.
	const slack = 3.0
	step := at[2][0] - at[1][0]
	rowStep := at[19][1] - at[0][1]
	if step <= 0 || rowStep <= 0 {
		t.Fatalf("0, 1 and 19 stand at %v, %v, %v: not a row left to right with 19 below 0", at[0], at[1], at[19])
	}
	for n := 1; n < 100; n++ {
		dx, dy := at[n][0]-at[n-1][0], at[n][1]-at[n-1][1]
		across := math.Abs(math.Abs(dx)-step) < slack && math.Abs(dy) < 0.01
		down := math.Abs(dx) < slack && math.Abs(dy-rowStep) < 0.01
		if !across && !down || down != (n%10 == 0) {
			t.Errorf("%d stands %+.1f, %+.1f mm from %d: want beside it, or below it at a row's end", n, dx, dy, n-1)
		}
	}
}

// A score track's end is a number or a Rules value; anything else, an end
// not above the start, or a Rules key the game lacks is one line at the
// element's line.
func TestScoreTrackEndIsCheckedAtItsLine(t *testing.T) {
	face := `      - {type: text, x: 5, y: 5, w: 53, h: 10, text: "{Name}", size: 12, min_size: 7}`
	for _, tc := range []struct{ to, want string }{
		{"ten", `to must be a number or $rule.KEY (got "ten")`},
		{"0", "must end above its start"},
		{"$rule.VPTrack", `game nastrond has no rule "VPTrack"`},
	} {
		src := strings.Replace(minimal, face, face+"\n      - {type: score_track, x: 5, y: 20, w: 53, h: 40, to: \""+tc.to+"\"}", 1)
		_, err := spec.Parse("layout/nastrond.yaml", []byte(src), nastrond.Schema)
		if err == nil || !strings.Contains(err.Error(), "layout/nastrond.yaml:10: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("to: %s gives %v, want %q at line 10", tc.to, err, tc.want)
		}
	}
}
