package book

import (
	"bytes"
	"html/template"
	"math"
	"regexp"
	"strings"
	"testing"

	"bifrost/layout/draw"
	"bifrost/rules/nastrond"
	"bifrost/schema"
)

// testParts are the parts of a 63 × 88 mm card: a name bar across the
// top, a cost in its right corner, an effect box below and two text lines.
func testParts(id string) (CardParts, bool) {
	return CardParts{W: 63, H: 88, Regions: []draw.Region{
		{Role: "name", X: 0, Y: 0, W: 63, H: 10},
		{Role: "cost", X: 53, Y: 0, W: 10, H: 10},
		{Role: "effect", X: 5, Y: 50, W: 53, H: 30},
		{Role: "text", X: 5, Y: 20, W: 53, H: 5},
		{Role: "text", X: 5, Y: 40, W: 53, H: 5},
	}}, id == "E1-05"
}

// testRegions are the parts the test's callouts name, in order.
var testRegions = func() []draw.Region {
	p, _ := testParts("E1-05")
	return []draw.Region{p.Regions[0], p.Regions[1], p.Regions[2], p.Regions[4]}
}()

func TestCardCalloutsNumberThePartsOnTheCard(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	d.Parts = testParts
	md, err := Expand("rulebook.md", "# 例\n\n{{card \"E1-05\" \"name=名前：カードの名前\" \"cost=コスト：支払う数\" \"effect=効果：解決すること\" \"text#2=二つめの文\"}}\n", d)
	if err != nil {
		t.Fatal(err)
	}
	id, marks := cardDest(regexp.MustCompile(`bifrost-card:([^)]*)`).FindStringSubmatch(md)[1])
	if id != "E1-05" || len(marks) != 4 {
		t.Fatalf("card %q with marks %v in %q", id, marks, md)
	}
	// Each marker stands beside the card, its leader ending inside its part,
	// and markers on one side do not touch.
	ry := markRadius * 63 / 88
	for i, m := range marks {
		part := testRegions[i]
		if m.X > 0 && m.X < 1 {
			t.Errorf("marker %d at x %.3f is on the card", i+1, m.X)
		}
		if left := (part.X+part.W/2)/63 < 0.5 || part.W/63 >= wideParts; (m.X < 0) != left {
			t.Errorf("marker %d is on the wrong side of the card (x %.3f)", i+1, m.X)
		}
		if ax, ay := m.AX*63, m.AY*88; ax < part.X || ax > part.X+part.W || ay < part.Y || ay > part.Y+part.H {
			t.Errorf("marker %d points at (%.1f, %.1f) mm, outside its part %+v", i+1, ax, ay, part)
		}
		// A text part's leader ends where its text starts, near the top.
		if top := part.Y + textLead*63; m.AY*88 > top+1e-6 {
			t.Errorf("marker %d points %.1f mm down its part, below where its text starts", i+1, m.AY*88-part.Y)
		}
		for j, o := range marks[:i] {
			if o.X == m.X && math.Abs(o.Y-m.Y) < 2*ry {
				t.Errorf("markers %d and %d touch: %+v %+v", j+1, i+1, o, m)
			}
		}
	}
	if !strings.Contains(md, "1. 名前：カードの名前\n2. コスト：支払う数\n3. 効果：解決すること\n") {
		t.Errorf("no numbered explanations in %q", md)
	}

	// The PDF draws a numbered disc on the card at each marker, the card
	// kept with its explanations.
	r := typesetT(t, md)
	var card op
	var discs, lines []op
	nums := map[string]op{}
	for _, pg := range r.pages {
		for _, o := range pg.ops {
			switch {
			case o.kind == opCard:
				card = o
			case o.kind == opDot && o.col == strongColour && o.w > 1:
				discs = append(discs, o)
			case o.kind == opLine && o.col == strongColour:
				lines = append(lines, o)
			case o.kind == opText && o.bold && o.col == (rgb{255, 255, 255}):
				nums[o.s] = o
			}
		}
	}
	if card.s != "E1-05" || len(discs) != 4 || len(lines) != 4 {
		t.Fatalf("card %+v, %d marker discs, %d leaders", card, len(discs), len(lines))
	}
	h := card.w * 88 / 63
	for i, m := range marks {
		x, y := card.x+m.X*card.w, card.y+m.Y*h
		if math.Abs(discs[i].x-x) > 0.05 || math.Abs(discs[i].y-y) > 0.05 {
			t.Errorf("marker %d at (%.1f, %.1f), want (%.1f, %.1f)", i+1, discs[i].x, discs[i].y, x, y)
		}
		if l := lines[i]; math.Abs(l.x+l.w-(card.x+m.AX*card.w)) > 0.05 || math.Abs(l.y+l.h-(card.y+m.AY*h)) > 0.05 {
			t.Errorf("leader %d ends at (%.1f, %.1f), not in its part", i+1, l.x+l.w, l.y+l.h)
		}
		n, ok := nums[string(rune('1'+i))]
		if !ok || math.Abs(n.x-x) > discs[i].w || math.Abs(n.y-y) > discs[i].w {
			t.Errorf("marker %d has no number inside it: %+v", i+1, n)
		}
	}
	if discs[0].x >= card.x || discs[1].x <= card.x+card.w {
		t.Errorf("the name's marker at x %.1f and the cost's at %.1f are not left and right of the card (%.1f to %.1f)", discs[0].x, discs[1].x, card.x, card.x+card.w)
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
	fig := regexp.MustCompile(`<span class="cardfig"><svg id="drawn-E1-05"></svg><svg class="leaders"[^>]*>(<line [^>]*/>){4}</svg>(<span class="anchor"[^>]*></span><span class="mark"[^>]*>\d</span>){4}</span>`)
	if !fig.MatchString(page) || !strings.Contains(page, "<li>効果：解決すること</li>") {
		t.Errorf("no card with four markers and its list in the HTML:\n%s", page)
	}
}

func TestBadCalloutIsAnErrorAtItsLine(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	d.Lang = schema.English
	withParts := d
	withParts.Parts = testParts
	for _, c := range []struct {
		d    Data
		md   string
		want string
	}{
		{withParts, "{{card \"E1-05\" \"cost\"}}", `rulebook.md:3: card E1-05: callout "cost" must read part=text`},
		{withParts, "{{card \"E1-05\" \"=何か\"}}", `rulebook.md:3: card E1-05: callout "=何か" must read part=text`},
		{withParts, "{{card \"E1-05\" \"art=絵\"}}", `rulebook.md:3: card E1-05 has no part "art" (it has name, cost, effect, text, text#2)`},
		{withParts, "{{card \"E1-05\" \"text#3=文\"}}", `rulebook.md:3: card E1-05 has no part "text#3"`},
		{d, "{{card \"E1-05\" \"cost=コスト\"}}", `rulebook.md:3: card E1-05: its parts are not known`},
	} {
		_, err := Expand("rulebook.md", "# 例\n\n"+c.md+"\n", c.d)
		wantSourceError(t, c.md, err, c.want)
	}
}

func TestCardWithCalloutsStaysOnOnePageWithItsLeadInAndList(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	d.Parts = testParts
	card := "{{card \"E1-05\" \"name=名前：カードの名前\" \"cost=コスト：支払う数\" \"effect=効果：解決すること\" \"text#2=最後の説明\"}}\n"
	for n := range 24 {
		md, err := Expand("rulebook.md", "# 例\n\n"+strings.Repeat("本文の段落です。説明が続きます。\n\n", n)+"カードの前の行：\n\n"+card, d)
		if err != nil {
			t.Fatal(err)
		}
		r := typesetT(t, md)
		cardPage := -1
		for i, pg := range r.pages {
			for _, o := range pg.ops {
				if o.kind == opCard {
					cardPage = i
				}
			}
		}
		// findText counts pages from 1.
		if page, _, ok := findText(r, "最後の説明"); !ok || page != cardPage+1 {
			t.Errorf("%d paragraphs before: the card is on page %d, its last explanation on page %d", n, cardPage+1, page)
		}
		if page, _, ok := findText(r, "カードの前の行："); !ok || page != cardPage+1 {
			t.Errorf("%d paragraphs before: the card is on page %d, the line that leads into it on page %d", n, cardPage+1, page)
		}
	}
}

// A leader never runs through another part when the other side is clear:
// on a card whose cost circle sits at the left of its name bar, the name's
// and the kind's markers stand on the right.
func TestLeaderCrossesNoOtherPart(t *testing.T) {
	p := CardParts{W: 63, H: 88, Regions: []draw.Region{
		{Role: "cost", X: 3, Y: 3, W: 10, H: 10},
		{Role: "name", X: 14, Y: 4, W: 45, H: 6},
		{Role: "kind", X: 14, Y: 10, W: 45, H: 3},
		{Role: "text", X: 4, Y: 50, W: 55, H: 20},
	}}
	var marks []mark
	for _, r := range p.Regions {
		m := markAt(p, r, marks)
		if crossesPart(p, r, m) {
			t.Errorf("%s: the leader from (%.2f, %.2f) crosses another part", r.Role, m.X, m.Y)
		}
		marks = append(marks, m)
	}
	if marks[1].X < 1 || marks[2].X < 1 {
		t.Errorf("name and kind markers at x %.2f and %.2f; want them right of the card", marks[1].X, marks[2].X)
	}
	if marks[0].X > 0 || marks[3].X > 0 {
		t.Errorf("cost and text markers at x %.2f and %.2f; want them left of the card", marks[0].X, marks[3].X)
	}
}
