package book

import (
	"bytes"
	"html/template"
	"math"
	"regexp"
	"strings"
	"testing"

	"bifrost/schema"
)

// testParts are the parts of a 63 × 88 mm card: a name bar at the top, a
// cost in the top-left corner (on the same corner as the name) and an
// effect box below.
func testParts(id string) (CardParts, bool) {
	return CardParts{W: 63, H: 88, Regions: []Region{
		{Role: "name", X: 0, Y: 0, W: 63, H: 10},
		{Role: "cost", X: 0, Y: 0, W: 10, H: 10},
		{Role: "effect", X: 5, Y: 50, W: 53, H: 30},
	}}, id == "E1-05"
}

func TestIssue14_3_CardCalloutsNumberThePartsOnTheCard(t *testing.T) {
	d := load(t, schema.Nastrond, "../../cardsrc/nastrond.xlsx")
	d.Parts = testParts
	md, err := Expand("rulebook.md", "# 例\n\n{{card \"E1-05\" \"name=名前：カードの名前\" \"cost=コスト：支払う数\" \"effect=効果：解決すること\"}}\n", d)
	if err != nil {
		t.Fatal(err)
	}
	id, marks := cardDest(regexp.MustCompile(`bifrost-card:([^)]*)`).FindStringSubmatch(md)[1])
	if id != "E1-05" || len(marks) != 3 {
		t.Fatalf("card %q with marks %v in %q", id, marks, md)
	}
	// The name's and the cost's markers share a corner: the second moves off the first.
	if math.Abs(marks[0][0]-marks[1][0]) < 2*markRadius-1e-9 && math.Abs(marks[0][1]-marks[1][1]) < 2*markRadius*63/88-1e-9 {
		t.Errorf("markers 1 and 2 overlap: %v", marks)
	}
	if want := [2]float64{5.0 / 63, 50.0 / 88}; math.Abs(marks[2][0]-want[0]) > 0.001 || math.Abs(marks[2][1]-want[1]) > 0.001 {
		t.Errorf("the effect's marker is at %v, want its box's corner %v", marks[2], want)
	}
	if !strings.Contains(md, "1. 名前：カードの名前\n2. コスト：支払う数\n3. 効果：解決すること\n") {
		t.Errorf("no numbered explanations in %q", md)
	}

	// The PDF draws a numbered disc on the card at each marker, the card
	// kept with its explanations.
	r := typesetT(t, md)
	var card op
	var dots []op
	nums := map[string]op{}
	for _, pg := range r.pages {
		for _, o := range pg.ops {
			switch {
			case o.kind == opCard:
				card = o
			case o.kind == opDot && o.col == strongColour:
				dots = append(dots, o)
			case o.kind == opText && o.bold && o.col == (rgb{255, 255, 255}):
				nums[o.s] = o
			}
		}
	}
	if card.s != "E1-05" || len(dots) != 3 {
		t.Fatalf("card %+v, %d marker discs", card, len(dots))
	}
	h := card.w * 88 / 63
	for i, m := range marks {
		x, y := card.x+m[0]*card.w, card.y+m[1]*h
		if math.Abs(dots[i].x-x) > 0.05 || math.Abs(dots[i].y-y) > 0.05 {
			t.Errorf("marker %d at (%.1f, %.1f), want (%.1f, %.1f)", i+1, dots[i].x, dots[i].y, x, y)
		}
		n, ok := nums[string(rune('1'+i))]
		if !ok || math.Abs(n.x-x) > dots[i].w || math.Abs(n.y-y) > dots[i].w {
			t.Errorf("marker %d has no number inside it: %+v", i+1, n)
		}
	}
	if _, _, ok := findText(r, "コスト：支払う数"); !ok {
		t.Error("the explanations are not in the PDF")
	}

	// The HTML puts the same numbered markers over the card's drawing.
	var b bytes.Buffer
	if err := HTML(&b, []byte(md), func(id string) template.HTML { return `<svg id="drawn-` + template.HTML(id) + `"></svg>` }); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	fig := regexp.MustCompile(`<span class="cardfig"><svg id="drawn-E1-05"></svg>(<span class="mark"[^>]*>\d</span>){3}</span>`)
	if !fig.MatchString(page) || !strings.Contains(page, "<li>効果：解決すること</li>") {
		t.Errorf("no card with three markers and its list in the HTML:\n%s", page)
	}
}

func TestIssue14_3_BadCalloutIsAnErrorAtItsLine(t *testing.T) {
	d := load(t, schema.Nastrond, "../../cardsrc/nastrond.xlsx")
	d.Lang = English
	withParts := d
	withParts.Parts = testParts
	for _, c := range []struct {
		d    Data
		md   string
		want string
	}{
		{withParts, "{{card \"E1-05\" \"cost\"}}", `rulebook.md:3: card E1-05: callout "cost" must read part=text`},
		{withParts, "{{card \"E1-05\" \"=何か\"}}", `rulebook.md:3: card E1-05: callout "=何か" must read part=text`},
		{withParts, "{{card \"E1-05\" \"art=絵\"}}", `rulebook.md:3: card E1-05 has no part "art" (it has name, cost, effect)`},
		{d, "{{card \"E1-05\" \"cost=コスト\"}}", `rulebook.md:3: card E1-05: its parts are not known`},
	} {
		_, err := Expand("rulebook.md", "# 例\n\n"+c.md+"\n", c.d)
		wantSourceError(t, c.md, err, c.want)
	}
}
