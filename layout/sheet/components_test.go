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
	t.Parallel()
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
	t.Parallel()
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

// An icon row shows the icons a card gives, in the row's order, centred
// as a group: a lone growth icon of a nastrond Edda stands in the middle of
// the card (under the art, which spans the same box), two stand side by
// side around it.
func TestIconRowCentresTheIconsACardShows(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "nastrond")
	d := res.Data.(*nastrond.Data)
	var one, two string // an Edda with one growth icon, one with two
	for _, e := range d.Edda {
		n := 0
		for _, icons := range []int{e.Courage, e.Intellect, e.Dignity, e.Affection} {
			if icons > 0 {
				n++
			}
		}
		switch {
		case n == 1 && one == "":
			one = e.ID
		case n == 2 && two == "":
			two = e.ID
		}
	}
	drawn, err := cards.DrawAll(res, lay, cards.Options{Only: []string{one, two}})
	if err != nil {
		t.Fatal(err)
	}
	order := map[string]int{"icon:勇気": 0, "icon:知性": 1, "icon:威厳": 2, "icon:親愛": 3}
	for _, c := range drawn {
		var icons []draw.Region
		var art draw.Region
		for _, r := range c.Face.Regions {
			if _, ok := order[r.Role]; ok {
				icons = append(icons, r)
			} else if r.Role == "art" {
				art = r
			}
		}
		want := map[string]int{one: 1, two: 2}[c.ID]
		if len(icons) != want {
			t.Fatalf("%s shows %d growth icons, want %d", c.ID, len(icons), want)
		}
		left, right := icons[0].X, icons[len(icons)-1].X+icons[len(icons)-1].W
		if mid, artMid := (left+right)/2, art.X+art.W/2; math.Abs(mid-artMid) > 0.01 {
			t.Errorf("%s: its icons' middle is at %.2f mm, the card's at %.2f", c.ID, mid, artMid)
		}
		for i := 1; i < len(icons); i++ {
			if order[icons[i].Role] < order[icons[i-1].Role] || icons[i].X < icons[i-1].X+icons[i-1].W {
				t.Errorf("%s: %s stands before %s or over it", c.ID, icons[i].Role, icons[i-1].Role)
			}
		}
	}
}
