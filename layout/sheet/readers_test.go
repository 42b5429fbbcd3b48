package sheet_test

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/bloodrage"
	"bifrost/rules/guardian"
	"bifrost/rules/nastrond"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
	"bifrost/schema/effect"
)

// printed is what must appear, character for character, in a game's PDF.
type printed struct {
	names, effects []string
}

// cardText is a card's printed text: the text column, or the text
// generated from its effect when that is empty.
func cardText(text string, e schema.Effect, v *effect.Vocab, ref func(string) string) string {
	if text != "" {
		return text
	}
	return e.AST.Text(v, ref)
}

// expected lists every card name and effect text of a game, read straight
// from the validated data.
func expected(t *testing.T, g *schema.Game, data any) printed {
	var p printed
	add := func(name, text string) {
		if name != "" {
			p.names = append(p.names, name)
		}
		if text != "" {
			p.effects = append(p.effects, text)
		}
	}
	switch d := data.(type) {
	case *valkyrie.Data:
		v, tac, rew := g.Vocabs[""], g.Vocabs["tactics"], g.Vocabs["reward"]
		for _, c := range d.Valkyries {
			add(c.Name, cardText(c.Text, c.Effect, v, nil))
		}
		for _, c := range d.FirstValkyries {
			add(c.Name, cardText(c.Text, c.Effect, v, nil))
		}
		for _, c := range d.Weaknesses {
			add(c.Name, cardText(c.Text, c.Reward, rew, nil))
		}
		for _, c := range d.Monsters {
			add(c.Name, "")
		}
		for _, c := range d.RageTactics {
			add("", cardText(c.Text, c.Effect, tac, nil))
		}
		for _, c := range d.VPCards {
			add(c.Name, "")
		}
	case *nastrond.Data:
		v := g.Vocabs[""]
		for _, c := range d.Valkyria {
			add(c.Name, "")
		}
		for _, c := range d.Edda {
			add(c.Name, "")
		}
		for _, c := range d.Einherjar {
			add(c.Name, cardText(c.Text, c.Skill, v, nil))
		}
		for _, c := range d.Keepers {
			add(c.Name, "")
		}
		for _, c := range d.Nidhogg {
			add(c.Name, "")
		}
	case *guardian.Data:
		v := g.Vocabs[""]
		for _, c := range d.Guardians {
			add(c.Name, cardText(c.Text, c.Effect, v, nil))
		}
		for _, c := range d.Advances {
			add(c.Name, cardText(c.Text, c.Effect, v, nil))
		}
		for _, c := range d.Orders {
			add(c.Name, cardText(c.Text, c.Effect, v, nil))
		}
		for _, c := range d.Materials {
			add(c.Name, cardText(c.Text, c.Effect, v, nil))
		}
	case *bloodrage.Data:
		ai := g.Vocabs["ai"]
		names := map[string]string{}
		for _, c := range d.Cards {
			names[c.ID] = c.Name
		}
		ref := func(id string) string { return names[id] }
		for _, b := range d.Boards {
			add(b.Name, cardText(b.Text, b.Pillage, ai, ref))
			add("", cardText("", b.Boost, ai, ref))
			add("", cardText("", b.Battle, ai, ref))
		}
		for _, c := range d.Tracks {
			add("", cardText(c.Text, c.Instruction, ai, ref))
		}
		for _, c := range d.Upgrades {
			if c.Effect.AST != nil || c.Text != "" {
				add("", cardText(c.Text, c.Effect, ai, ref))
			} else {
				add(names[c.Monster], "")
			}
		}
		add("ドラフト手順表", "")
		add("略奪表", "")
	default:
		t.Fatalf("unknown data %T", data)
	}
	if len(p.names) == 0 {
		t.Fatal("no card names to look for")
	}
	return p
}

// perSheet is how many 63 × 88 mm cards an A4 sheet holds by default: 2
// columns × 3 rows, since 3 columns with 6 mm gutters, 3 mm bleed, the
// crop marks and a 5 mm margin need 217 mm of the paper's 210.
const perSheet = 6

// sheets is the number of sheets of paper a kind of n cards fills.
func sheets(n int) int { return (n + perSheet - 1) / perSheet }

// wantPages is the sheet arithmetic: each kind starts a new sheet (except
// bloodrage's reference cards, which share one), each sheet is a face page
// and a back page, and each board is a page with a blank back.
func wantPages(t *testing.T, data any) int {
	switch d := data.(type) {
	case *valkyrie.Data:
		deck := map[string]int{}
		for _, c := range d.Valkyries {
			deck[c.Deck] += c.Copies
		}
		first, vp := 0, 0
		for _, c := range d.FirstValkyries {
			first += c.Copies
		}
		for _, c := range d.VPCards {
			vp += c.Copies
		}
		return 2*(sheets(deck["Assist"])+sheets(deck["Battle"])+sheets(first)+sheets(len(d.Weaknesses))+sheets(vp)) + 2*len(d.Monsters)
	case *nastrond.Data:
		urd, edda, einh := 0, 0, 0
		for _, c := range d.Urd {
			urd += c.Copies
		}
		for _, c := range d.Edda {
			edda += c.Copies
		}
		for _, c := range d.Einherjar {
			einh += c.Copies
		}
		keepers := map[int]int{}
		for _, k := range d.Keepers {
			keepers[k.Layer]++
		}
		// Then the VP track (a board: its page and a blank back), and the
		// markers and pawns, a sheet each at their own sizes.
		return 2*(sheets(len(d.Valkyria))+sheets(urd)+sheets(edda)+sheets(einh)+
			sheets(keepers[1])+sheets(keepers[2])+sheets(keepers[3])+sheets(len(d.Nidhogg))) + 2 + 2 + 2
	case *guardian.Data:
		used := map[string]int{}
		for _, deck := range d.Decks {
			for _, c := range deck.Cards {
				used[c.ID] += c.Copies
			}
		}
		n := func(id string) int { return max(1, used[id]) }
		var g, a, o, m int
		for _, c := range d.Guardians {
			g += n(c.ID)
		}
		for _, c := range d.Advances {
			a += n(c.ID)
		}
		for _, c := range d.Orders {
			o += n(c.ID)
		}
		for _, c := range d.Materials {
			m += n(c.ID)
		}
		return 2 * (sheets(g) + sheets(a) + sheets(o) + sheets(m))
	case *bloodrage.Data:
		return 2*len(d.Boards) + 2*sheets(2) + 2 // the track markers: one sheet
	}
	t.Fatalf("unknown data %T", data)
	return 0
}

var pagesLine = regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`)

// TestRender_RealReadersAcceptEveryGame prints each shipped game and reads
// the PDF back with qpdf and poppler: the file checks clean, the font is
// embedded, the page count is the sheet arithmetic, and every card name and
// every effect text is found character for character.
func TestRender_RealReadersAcceptEveryGame(t *testing.T) {
	t.Parallel()
	for _, g := range rules.All().Schemas() {
		t.Run(g.ID, func(t *testing.T) {
			res, _, lay := shipped(t, g.ID)
			path := render(t, res, lay, cards.Options{})

			if out := tool(t, "qpdf", "--check", path); !strings.Contains(out, "No syntax or stream encoding errors") {
				t.Errorf("qpdf --check:\n%s", out)
			}

			fonts := tool(t, "pdffonts", path)
			rows := strings.Split(strings.TrimSpace(fonts), "\n")[2:]
			if len(rows) == 0 {
				t.Fatalf("pdffonts lists no fonts:\n%s", fonts)
			}
			for _, r := range rows {
				f := strings.Fields(r)
				// name type... encoding emb sub uni object ID
				if emb := f[len(f)-5]; emb != "yes" {
					t.Errorf("font not embedded: %s", r)
				}
			}

			m := pagesLine.FindStringSubmatch(tool(t, "pdfinfo", path))
			if m == nil {
				t.Fatal("pdfinfo shows no page count")
			}
			pages, _ := strconv.Atoi(m[1])
			if want := wantPages(t, res.Data); pages != want {
				t.Errorf("%d pages, the sheet arithmetic says %d", pages, want)
			}

			text := squeeze(tool(t, "pdftotext", "-enc", "UTF-8", path, "-"))
			p := expected(t, g, res.Data)
			for _, n := range p.names {
				if !strings.Contains(text, squeeze(n)) {
					t.Errorf("card name %q is not in the PDF text", n)
				}
			}
			for _, e := range p.effects {
				if !strings.Contains(text, squeeze(e)) {
					t.Errorf("effect text %q is not in the PDF text", e)
				}
			}
			t.Logf("%s: %d pages, %d names and %d effect texts found", g.ID, pages, len(p.names), len(p.effects))
		})
	}
}

// TestRender_TwoBuildsGiveIdenticalBytes prints every game twice.
func TestRender_TwoBuildsGiveIdenticalBytes(t *testing.T) {
	t.Parallel()
	for _, g := range rules.All().Schemas() {
		res, _, lay := shipped(t, g.ID)
		var a, b bytes.Buffer
		if err := sheet.Render(&a, res, lay, cards.Options{}); err != nil {
			t.Fatal(err)
		}
		lay2, _ := spec.Load("..", g)
		if err := sheet.Render(&b, res, lay2, cards.Options{}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two builds differ (%d and %d bytes)", g.ID, a.Len(), b.Len())
		}
		if !bytes.Contains(a.Bytes(), []byte("/CreationDate (D:20260101")) {
			t.Errorf("%s: the creation date is not the fixed one", g.ID)
		}
	}
}

var mediaBox = regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`)

// TestRender_PaperSizes prints on A4 and Letter.
func TestRender_PaperSizes(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "nastrond")
	for paper, want := range map[string]string{"a4": "595.28 841.89", "letter": "612.00 792.00"} {
		var b bytes.Buffer
		if err := sheet.Render(&b, res, lay, cards.Options{Paper: paper}); err != nil {
			t.Fatal(err)
		}
		// Card sheets stand upright; a board lies on its side.
		w, h, _ := strings.Cut(want, " ")
		boxes := mediaBox.FindAllSubmatch(b.Bytes(), -1)
		upright := 0
		for _, m := range boxes {
			switch string(m[1]) + " " + string(m[2]) {
			case want:
				upright++
			case h + " " + w:
			default:
				t.Errorf("%s: MediaBox %q, want %s either way up", paper, m[0], want)
			}
		}
		if upright == 0 {
			t.Errorf("%s: no page of %s", paper, want)
		}
	}
	if err := sheet.Render(&bytes.Buffer{}, res, lay, cards.Options{Paper: "b5"}); err == nil {
		t.Error("paper b5 was accepted")
	}
}

var bboxWord = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="[0-9.]+">([^<]*)</word>`)

// words returns the x position of each word of a page, by text.
func words(t *testing.T, path string, page int) map[string][]float64 {
	ws := map[string][]float64{}
	for w, xys := range wordsXY(t, path, page) {
		for _, xy := range xys {
			ws[w] = append(ws[w], xy[0])
		}
	}
	return ws
}

// wordsXY returns the top-left corner of each word of a page, by text.
func wordsXY(t *testing.T, path string, page int) map[string][][2]float64 {
	out := tool(t, "pdftotext", "-bbox", "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), path, "-")
	ws := map[string][][2]float64{}
	for _, m := range bboxWord.FindAllStringSubmatch(out, -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		ws[m[3]] = append(ws[m[3]], [2]float64{x, y})
	}
	return ws
}

// TestRender_BacksAreMirroredForLongEdgeDuplex prints a rage-1 and a rage-3
// weakness: on the face page the rage-1 card is left of the rage-3 one, on
// the back page its back is right of the other, where a long-edge duplex
// print puts it.
func TestRender_BacksAreMirroredForLongEdgeDuplex(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "valkyrie")
	d := res.Data.(*valkyrie.Data)
	var r1, r3 string
	for _, w := range d.Weaknesses {
		if w.Rage == 1 && r1 == "" {
			r1 = w.ID
		}
		if w.Rage == 3 && r3 == "" {
			r3 = w.ID
		}
	}
	path := render(t, res, lay, cards.Options{Only: []string{r1, r3}})
	face := words(t, path, 1)
	if len(face[r1]) != 1 || len(face[r3]) != 1 || face[r1][0] >= face[r3][0] {
		t.Fatalf("face page: %s at %v and %s at %v; want the rage-1 card first", r1, face[r1], r3, face[r3])
	}
	back := words(t, path, 2)
	// The back shows "レイジ 1" / "レイジ 3" under a big rage number.
	one, three := back["1"], back["3"]
	if len(one) == 0 || len(three) == 0 {
		t.Fatalf("back page has no rage numbers: %v", back)
	}
	if slices.Min(one) <= slices.Max(three) {
		t.Errorf("back page: rage 1 at x=%v, rage 3 at x=%v; the rage-1 back must be mirrored to the right", one, three)
	}
}

var trimBox = regexp.MustCompile(`/TrimBox \[([0-9.]+) ([0-9.]+) ([0-9.]+) ([0-9.]+)\]`)

// TestRenderEach_OnePDFPerCardAtTrimPlusBleedWithTombo writes per-card PDFs.
func TestRenderEach_OnePDFPerCardAtTrimPlusBleedWithTombo(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "valkyrie")
	each, err := sheet.RenderEach(res, lay, cards.Options{Only: []string{"A01", "M1"}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, pc := range each {
		names = append(names, pc.Name)
	}
	if !slices.Equal(names, []string{"Assist-A01.pdf", "Monster-M1.pdf"}) {
		t.Fatalf("files %v, want one per design (copies are not repeated)", names)
	}
	var b bytes.Buffer
	if err := each[0].Render(&b); err != nil {
		t.Fatal(err)
	}
	pt := 72 / 25.4
	m := mediaBox.FindSubmatch(b.Bytes())
	wantW := (63 + 2*3 + 2*12) * pt
	if w, _ := strconv.ParseFloat(string(m[1]), 64); m == nil || w < wantW-0.1 || w > wantW+0.1 {
		t.Errorf("page width %s pt, want %.2f (trim + bleed + トンボ room)", m[1], wantW)
	}
	tb := trimBox.FindSubmatch(b.Bytes())
	if tb == nil {
		t.Fatal("no TrimBox")
	}
	w, _ := strconv.ParseFloat(string(tb[3]), 64)
	h, _ := strconv.ParseFloat(string(tb[4]), 64)
	x, _ := strconv.ParseFloat(string(tb[1]), 64)
	if d := (w - x) / pt; d < 62.9 || d > 63.1 {
		t.Errorf("TrimBox %s is %.2f mm wide, want 63", tb[0], d)
	}
	_ = h
	if n := bytes.Count(b.Bytes(), []byte("/Type /Page\n")); n != 2 {
		t.Errorf("%d pages, want face and back", n)
	}
}

// TestRender_OnlyUnknownCardIsAnError names the cards a game lacks.
func TestRender_OnlyUnknownCardIsAnError(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "guardian")
	err := sheet.Render(&bytes.Buffer{}, res, lay, cards.Options{Only: []string{"G01", "NOPE", "ZZ"}})
	var unknown *cards.UnknownCardsError
	if !errors.As(err, &unknown) || !slices.Equal(unknown.IDs, []string{"NOPE", "ZZ"}) {
		t.Errorf("err = %v, want unknown NOPE, ZZ", err)
	}
}

// TestDeck_CountsCopies checks copies against 枚数.
func TestDeck_CountsCopies(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "nastrond")
	d, err := cards.NewDeck(res, lay, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := count(d)
	want := map[string]int{"Valkyria": 4, "Urd": 48, "Edda": 38, "Einherjar": 33, "Keeper1": 4, "Keeper2": 4, "Keeper3": 2, "Nidhogg": 1,
		"VPTrack": 1, "Marker": 4, "Pawn": 4}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("counts %v, want %v", got, want)
	}
}
