package tts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"maps"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/guardian"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// card is a poker-size card (63 × 88 mm and 3 mm bleed) filled with one
// colour, so a sheet's cells can be told apart by their pixels.
func card(c color.RGBA) *draw.List {
	l := &draw.List{W: 69, H: 94, Bleed: 3}
	l.Add(&draw.Shape{Kind: draw.Rect, W: 69, H: 94, Fill: draw.RGB(int(c.R), int(c.G), int(c.B))})
	return l
}

// colourOf is the i-th card's colour, distinct for i < 4096.
func colourOf(i int) color.RGBA {
	return color.RGBA{uint8(40 + i%16*12), uint8(40 + i/16%16*12), uint8(40 + i/256*12), 255}
}

var backRed, backBlue = color.RGBA{200, 0, 0, 255}, color.RGBA{0, 0, 200, 255}

// deckOf is a deck of n designs of group kind with back colour back; design
// i has i%3+1 copies.
func deckOf(kind string, n, first int, back color.RGBA) Deck {
	d := Deck{Name: kind}
	b := card(back)
	for i := range n {
		c := &Card{ID: fmt.Sprintf("%s%03d", kind, i), Name: fmt.Sprintf("カード%d", first+i), Group: kind, Face: card(colourOf(first + i)), Back: b}
		d.Entries = append(d.Entries, Entry{Card: c, Copies: i%3 + 1})
	}
	return d
}

func TestPackFillsSheetsOf69AndLeavesTheHiddenSlot(t *testing.T) {
	p, err := Pack("g", []Deck{deckOf("Big", 150, 0, backRed), deckOf("One", 1, 150, backBlue)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	type shape struct{ n, cols, rows int }
	var got []shape
	for i, s := range p.Sheets {
		got = append(got, shape{len(s.Cards), s.Cols, s.Rows})
		if s.Number != i+1 {
			t.Errorf("sheet %d has number %d", i, s.Number)
		}
		if s.Cols > MaxCols || s.Rows > MaxRows || len(s.Cards) >= s.Cols*s.Rows {
			t.Errorf("%s: %d cards on %d × %d: no slot left for the hidden card", s.File, len(s.Cards), s.Cols, s.Rows)
		}
	}
	want := []shape{{69, 10, 7}, {69, 10, 7}, {12, 7, 2}, {1, 2, 1}}
	if !slices.Equal(got, want) {
		t.Errorf("sheets (cards, cols, rows) = %v, want %v", got, want)
	}
	files := []string{p.Sheets[0].File, p.Sheets[2].File, p.Sheets[0].BackFile, p.Sheets[2].BackFile, p.Sheets[3].BackFile}
	if want := []string{"g-Big-1.png", "g-Big-3.png", "g-Big-back.png", "g-Big-back.png", "g-One-back.png"}; !slices.Equal(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	// Every design once, in deck order; each copy's ID names its slot.
	big := p.Decks[0]
	if len(big.IDs) != 150/3*(1+2+3) {
		t.Errorf("the big deck has %d cards, want 300", len(big.IDs))
	}
	if !slices.IsSorted(big.IDs) {
		t.Error("DeckIDs are not in sheet order")
	}
	count := map[string]int{}
	for _, id := range big.IDs {
		c := p.CardAt(id)
		if c == nil {
			t.Fatalf("ID %d names no card", id)
		}
		count[c.ID]++
	}
	for i, e := range deckOf("Big", 150, 0, backRed).Entries {
		if count[e.Card.ID] != e.Copies {
			t.Errorf("%s: %d copies, want %d", e.Card.ID, count[e.Card.ID], e.Copies)
		}
		if id := 100*(i/69+1) + i%69; p.CardAt(id).ID != e.Card.ID {
			t.Errorf("card %d is at %d? CardAt says %s", i, id, p.CardAt(id).ID)
		}
	}
	if p.Decks[1].IDs[0] != 400 {
		t.Errorf("the one-card deck's ID is %d, want 400 (sheet 4, slot 0)", p.Decks[1].IDs[0])
	}
}

func TestAKindWithTwoBacksGetsASheetAndABackImageForEach(t *testing.T) {
	d := deckOf("Edda", 4, 0, backRed)
	blue := card(backBlue)
	d.Entries[1].Card.Back, d.Entries[3].Card.Back = blue, blue
	p, err := Pack("n", []Deck{d}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Sheets) != 2 {
		t.Fatalf("%d sheets, want 2 (one per back)", len(p.Sheets))
	}
	for i, want := range []struct{ back string }{{"n-Edda-back.png"}, {"n-Edda-back-2.png"}} {
		if s := p.Sheets[i]; s.BackFile != want.back || len(s.Cards) != 2 {
			t.Errorf("sheet %d: back %s with %d cards, want %s with 2", i+1, s.BackFile, len(s.Cards), want.back)
		}
	}
	if got := p.Sheets[1].Cards[0].ID; got != d.Entries[1].Card.ID {
		t.Errorf("the blue-backed sheet starts with %s", got)
	}
}

// saved decodes a saved object as plain JSON, as Tabletop Simulator reads it.
func saved(t *testing.T, p *Plan, url func(string) string) map[string]any {
	t.Helper()
	data, err := p.Save(url)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

var guid = regexp.MustCompile(`^[0-9a-f]{6}$`)

// checkObject checks one object of a saved object against the format and
// the plan: its name, GUID and transform, and for a deck or card that every
// CardID names the sheet slot of a card of that nickname, with the sheet's
// CustomDeck entry. It returns the nicknames of the cards it holds.
func checkObject(t *testing.T, p *Plan, o map[string]any, guids map[string]bool) []string {
	t.Helper()
	g, _ := o["GUID"].(string)
	if !guid.MatchString(g) || guids[g] {
		t.Errorf("GUID %q is not six hex digits or is not unique", g)
	}
	guids[g] = true
	tr, _ := o["Transform"].(map[string]any)
	for _, k := range []string{"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"} {
		if _, ok := tr[k].(float64); !ok {
			t.Errorf("%v: Transform lacks %s", o["Nickname"], k)
		}
	}
	customs, _ := o["CustomDeck"].(map[string]any)
	checkCustom := func(id int) {
		s := p.Sheets[id/100-1]
		cd, _ := customs[strconv.Itoa(s.Number)].(map[string]any)
		if cd == nil {
			t.Errorf("%v: no CustomDeck %d for card %d", o["Nickname"], s.Number, id)
			return
		}
		if cd["FaceURL"] != "u:"+s.File || cd["BackURL"] != "u:"+s.BackFile || cd["NumWidth"] != float64(s.Cols) || cd["NumHeight"] != float64(s.Rows) ||
			cd["BackIsHidden"] != true || cd["UniqueBack"] != false {
			t.Errorf("CustomDeck %d = %v; want sheet %s (%d × %d), back %s", s.Number, cd, s.File, s.Cols, s.Rows, s.BackFile)
		}
	}
	if face := o["Name"] != "Custom_Tile"; o["HideWhenFaceDown"] != face {
		t.Errorf("%v (%v): HideWhenFaceDown %v: a face-down card must not show its face or name", o["Nickname"], o["Name"], o["HideWhenFaceDown"])
	}
	switch o["Name"] {
	case "DeckCustom":
		var ids []int
		for _, v := range o["DeckIDs"].([]any) {
			ids = append(ids, int(v.(float64)))
		}
		contained := o["ContainedObjects"].([]any)
		if len(contained) != len(ids) {
			t.Fatalf("%v: %d DeckIDs but %d cards", o["Nickname"], len(ids), len(contained))
		}
		numbers := map[string]bool{}
		var names []string
		for i, c := range contained {
			cm := c.(map[string]any)
			if int(cm["CardID"].(float64)) != ids[i] {
				t.Errorf("card %d of %v has CardID %v, DeckIDs says %d", i, o["Nickname"], cm["CardID"], ids[i])
			}
			names = append(names, checkObject(t, p, cm, guids)...)
			numbers[strconv.Itoa(ids[i]/100)] = true
			checkCustom(ids[i])
		}
		if !slices.Equal(slices.Sorted(maps.Keys(numbers)), slices.Sorted(maps.Keys(customs))) {
			t.Errorf("%v: CustomDeck keys %v, the cards' sheets %v", o["Nickname"], slices.Sorted(maps.Keys(customs)), slices.Sorted(maps.Keys(numbers)))
		}
		return names
	case "Card":
		id := int(o["CardID"].(float64))
		c := p.CardAt(id)
		if c == nil || o["Nickname"] != c.Name || len(customs) != 1 {
			t.Errorf("card %d: nickname %v, %d CustomDeck entries; the sheet slot holds %v", id, o["Nickname"], len(customs), c)
		}
		checkCustom(id)
		return []string{c.Name}
	case "Custom_Tile":
		img, _ := o["CustomImage"].(map[string]any)
		if !strings.HasPrefix(fmt.Sprint(img["ImageURL"]), "u:") || img["CustomTile"] == nil {
			t.Errorf("tile %v: CustomImage %v", o["Nickname"], img)
		}
		return nil
	}
	t.Errorf("object %v has name %v", o["Nickname"], o["Name"])
	return nil
}

func TestSavedObjectFollowsTheFormat(t *testing.T) {
	board := &draw.List{W: 270, H: 186}
	board.Add(&draw.Shape{Kind: draw.Rect, W: 270, H: 186, Fill: draw.RGB(10, 120, 10)})
	decks := []Deck{deckOf("Big", 75, 0, backRed), deckOf("Solo", 1, 75, backBlue)}
	p, err := Pack("g", decks, []Tile{{ID: "AI1", Name: "AIボード", Group: "AIBoard", Face: board}})
	if err != nil {
		t.Fatal(err)
	}
	m := saved(t, p, func(f string) string { return "u:" + f })
	for _, k := range []string{"SaveName", "GameMode", "Date", "Table", "Sky", "Note", "LuaScript", "LuaScriptState", "XmlUI", "VersionNumber"} {
		if v, ok := m[k]; !ok || v != "" {
			t.Errorf("%s = %v, want an empty string as saved objects have", k, v)
		}
	}
	objects := m["ObjectStates"].([]any)
	if len(objects) != 3 {
		t.Fatalf("%d objects, want the deck, the lone card and the tile", len(objects))
	}
	guids := map[string]bool{}
	var names [][]string
	for _, o := range objects {
		names = append(names, checkObject(t, p, o.(map[string]any), guids))
	}
	if objects[0].(map[string]any)["Name"] != "DeckCustom" || objects[1].(map[string]any)["Name"] != "Card" || objects[2].(map[string]any)["Name"] != "Custom_Tile" {
		t.Errorf("object names %v, %v, %v", objects[0].(map[string]any)["Name"], objects[1].(map[string]any)["Name"], objects[2].(map[string]any)["Name"])
	}
	// Copies are repeated as the deck says, nicknamed after the card.
	count := map[string]int{}
	for _, n := range names[0] {
		count[n]++
	}
	for _, e := range decks[0].Entries {
		if count[e.Card.Name] != e.Copies {
			t.Errorf("%s: %d copies in the deck, want %d", e.Card.Name, count[e.Card.Name], e.Copies)
		}
	}
	if !slices.Equal(names[1], []string{"カード75"}) {
		t.Errorf("the lone card is %v", names[1])
	}
}

func TestSheetImagesHaveTheDeclaredGridAndCardsInTheirSlots(t *testing.T) {
	p, err := Pack("g", []Deck{deckOf("Big", 75, 0, backRed), deckOf("Solo", 1, 75, backBlue)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	files, err := Render(p, 2)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string][]byte{}
	for _, f := range files {
		byName[f.Name] = f.Data
	}
	if len(files) != 5 || len(byName) != 5 {
		t.Errorf("files %v, want 3 sheets and 2 backs", slices.Sorted(maps.Keys(byName)))
	}
	for _, s := range p.Sheets {
		img, err := png.Decode(bytes.NewReader(byName[s.File]))
		if err != nil {
			t.Fatalf("%s: %v", s.File, err)
		}
		b := img.Bounds()
		if b.Dx() != s.Cols*s.CardW || b.Dy() != s.Rows*s.CardH || b.Dx() >= MaxSide || b.Dy() >= MaxSide {
			t.Errorf("%s is %d × %d px; the grid %d × %d of %d × %d px cards, under %d", s.File, b.Dx(), b.Dy(), s.Cols, s.Rows, s.CardW, s.CardH, MaxSide)
		}
		// The size is chosen from a full sheet: ~408 × 570 px a card.
		if s.CardW < 400 || s.CardW*MaxCols >= MaxSide || s.CardH*MaxRows >= MaxSide {
			t.Errorf("%s: cards of %d × %d px", s.File, s.CardW, s.CardH)
		}
		at := func(slot int) color.RGBA {
			x, y := slot%s.Cols*s.CardW+s.CardW/2, slot/s.Cols*s.CardH+s.CardH/2
			r, g, b, _ := img.At(x, y).RGBA()
			return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
		}
		for slot, c := range s.Cards {
			var i int
			fmt.Sscanf(c.Name, "カード%d", &i)
			if at(slot) != colourOf(i) {
				t.Errorf("%s slot %d shows %v, want %s's %v", s.File, slot, at(slot), c.Name, colourOf(i))
			}
		}
		want := backRed
		if s.BackFile == "g-Solo-back.png" {
			want = backBlue
		}
		if got := at(s.Cols*s.Rows - 1); got != want {
			t.Errorf("%s: the hidden slot shows %v, want the back %v", s.File, got, want)
		}
	}
	back, err := png.Decode(bytes.NewReader(byName["g-Big-back.png"]))
	if err != nil {
		t.Fatal(err)
	}
	if b := back.Bounds(); b.Dx() != p.Sheets[0].CardW || b.Dy() != p.Sheets[0].CardH {
		t.Errorf("the back is %v, the cards %d × %d", b, p.Sheets[0].CardW, p.Sheets[0].CardH)
	}
}

func TestBoardsBecomeTilesUnder4096px(t *testing.T) {
	board := &draw.List{W: 420, H: 297}
	board.Add(&draw.Shape{Kind: draw.Rect, W: 420, H: 297, Fill: draw.RGB(10, 120, 10)})
	p, err := Pack("b", nil, []Tile{{ID: "AI-1", Name: "AIボード", Group: "AIBoard", Face: board}})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Render(p, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Name != "b-AIBoard-AI-1.png" {
		t.Fatalf("files %v", files)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width >= MaxSide || cfg.Width < 3000 || cfg.Height >= MaxSide {
		t.Errorf("an A3 board is %d × %d px; want under %d and near it", cfg.Width, cfg.Height, MaxSide)
	}
	o := saved(t, p, func(f string) string { return "u:" + f })["ObjectStates"].([]any)[0].(map[string]any)
	img := o["CustomImage"].(map[string]any)
	if o["Name"] != "Custom_Tile" || o["Nickname"] != "AIボード" || img["ImageURL"] != "u:b-AIBoard-AI-1.png" || img["ImageSecondaryURL"] != "u:b-AIBoard-AI-1.png" {
		t.Errorf("tile %v", o)
	}
}

func TestGuardianDecksComeFromTheDeckLists(t *testing.T) {
	drawn := []cards.Drawn{
		{ID: "G1", Kind: "Guardian", Name: "炎の守護者", Copies: 4, Face: card(colourOf(1)), Back: card(backRed)},
		{ID: "M1", Kind: "Material", Name: "鉄", Copies: 9, Face: card(colourOf(2)), Back: card(backRed)},
		{ID: "A1", Kind: "Advance", Name: "未使用", Copies: 1, Face: card(colourOf(3)), Back: card(backRed)},
	}
	data := &guardian.Data{Decks: []schema.SampleDeck{
		{Name: "火のデッキ", Cards: []schema.SampleDeckCard{{ID: "M1", Copies: 5}, {ID: "G1", Copies: 2}}},
		{Name: "鉄のデッキ", Cards: []schema.SampleDeckCard{{ID: "M1", Copies: 4}, {ID: "G1", Copies: 2}}},
	}}
	l := &spec.Layout{Kinds: []*spec.Kind{{Name: "Guardian", Title: "守護者"}, {Name: "Material", Title: "マテリアル"}}}
	decks, tiles, err := FromDrawn(l, data, drawn)
	if err != nil || len(tiles) != 0 {
		t.Fatal(err, tiles)
	}
	if len(decks) != 2 || decks[0].Name != "火のデッキ" || decks[1].Name != "鉄のデッキ" {
		t.Fatalf("decks %v", decks)
	}
	p, err := Pack("guardian", decks, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, sd := range data.Decks {
		count := map[string]int{}
		for _, id := range p.Decks[i].IDs {
			count[p.CardAt(id).ID]++
		}
		for _, e := range sd.Cards {
			if count[e.ID] != e.Copies {
				t.Errorf("%s: %d × %s, the deck list says %d", sd.Name, count[e.ID], e.ID, e.Copies)
			}
		}
	}
	// Both decks draw on one sheet per kind; a card no deck uses is on none.
	var got []string
	for _, s := range p.Sheets {
		for _, c := range s.Cards {
			got = append(got, s.File+":"+c.ID)
		}
	}
	if want := []string{"guardian-Material-1.png:M1", "guardian-Guardian-1.png:G1"}; !slices.Equal(got, want) {
		t.Errorf("sheets hold %v, want %v", got, want)
	}
	// Without deck lists, a deck per kind with its title.
	decks, _, _ = FromDrawn(l, nil, drawn)
	if len(decks) != 3 || decks[0].Name != "守護者" || decks[0].Entries[0].Copies != 4 || decks[2].Name != "Advance" {
		t.Errorf("decks by kind: %v", decks)
	}
}

func TestURLsAreFileURLsOrUnderTheBaseURL(t *testing.T) {
	url, err := URLs("/tmp/out/valkyrie/tts", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := url("valkyrie-Assist-1.png"); got != "file:///tmp/out/valkyrie/tts/valkyrie-Assist-1.png" {
		t.Errorf("file URL %q", got)
	}
	for _, base := range []string{"https://example.com/decks", "https://example.com/decks/"} {
		url, err := URLs("/tmp/out/valkyrie/tts", base)
		if err != nil {
			t.Fatal(err)
		}
		if got := url("valkyrie-Assist-1.png"); got != "https://example.com/decks/valkyrie-Assist-1.png" {
			t.Errorf("%s: URL %q", base, got)
		}
	}
	for _, bad := range []string{"decks/", "example.com/x", "://"} {
		if _, err := URLs(".", bad); err == nil {
			t.Errorf("base URL %q accepted", bad)
		}
	}
}

// A file URL other machines' Tabletop Simulator can read: three slashes,
// a Windows path's drive and forward slashes, spaces and Japanese escaped.
func TestFileURLsAreValidForWindowsAndUnixPaths(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"/tmp/out/valkyrie/tts/valkyrie-Assist-1.png", "file:///tmp/out/valkyrie/tts/valkyrie-Assist-1.png"},
		{"/home/me/My Games/a.png", "file:///home/me/My%20Games/a.png"},
		{`C:\Users\me\Documents\bifrost\out\nastrond\tts\nastrond-Edda-1.png`, "file:///C:/Users/me/Documents/bifrost/out/nastrond/tts/nastrond-Edda-1.png"},
		{`d:\ゲーム\My Games\a.png`, "file:///d:/%E3%82%B2%E3%83%BC%E3%83%A0/My%20Games/a.png"},
		{"C:/Users/me/a.png", "file:///C:/Users/me/a.png"},
	} {
		got := fileURL(c.path)
		if got != c.want {
			t.Errorf("fileURL(%q) = %q, want %q", c.path, got, c.want)
		}
		u, err := url.Parse(got)
		if err != nil || u.Scheme != "file" || u.Host != "" || strings.Contains(got, `\`) {
			t.Errorf("%q is not a valid file URL (%v)", got, err)
		}
	}
}

func TestSameDecksGiveTheSameFiles(t *testing.T) {
	run := func() ([]File, []byte) {
		p, err := Pack("g", []Deck{deckOf("Big", 30, 0, backRed), deckOf("Solo", 3, 30, backBlue)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		files, err := Render(p, 3)
		if err != nil {
			t.Fatal(err)
		}
		save, err := p.Save(func(f string) string { return "u:" + f })
		if err != nil {
			t.Fatal(err)
		}
		return files, save
	}
	f1, s1 := run()
	f2, s2 := run()
	if !bytes.Equal(s1, s2) || len(f1) != len(f2) {
		t.Fatal("two exports of the same decks differ")
	}
	for i := range f1 {
		if f1[i].Name != f2[i].Name || !bytes.Equal(f1[i].Data, f2[i].Data) {
			t.Errorf("file %d: %s and %s differ", i, f1[i].Name, f2[i].Name)
		}
	}
}

func TestEveryGridHoldsItsCardsAndTheHiddenCard(t *testing.T) {
	for n := 1; n <= perSheet; n++ {
		c, r := grid(n)
		if c > MaxCols || r > MaxRows || c*r < n+1 || c*r-(n+1) >= c {
			t.Errorf("%d cards: a %d × %d grid", n, c, r)
		}
	}
	if c, r := grid(perSheet); c != MaxCols || r != MaxRows {
		t.Errorf("69 cards: %d × %d, want the full 10 × 7", c, r)
	}
}

// counterOf is the copy counter a face prints ("3/8"), "" when none.
func counterOf(face *draw.List) string {
	for _, it := range face.Items {
		if t, ok := it.(*draw.Text); ok && copyCounter.MatchString(t.S) {
			return t.S
		}
	}
	return ""
}

var copyCounter = regexp.MustCompile(`^\d+/\d+$`)

// TestTTSCopiesShowTheirOwnCounter draws valkyrie's and
// guardian's shipped cards copy by copy, as `bifrost tts` does: on the
// table, the copies of every design whose face prints a counter show 1/n
// to n/n, each once (guardian's across its sample decks), each from its own
// sheet slot; sheets stay within 10 × 7 with the hidden slot free and
// DeckIDs in sheet order.
func TestTTSCopiesShowTheirOwnCounter(t *testing.T) {
	for _, game := range []string{"valkyrie", "guardian"} {
		def, err := rules.All().ByID(game)
		if err != nil {
			t.Fatal(err)
		}
		g := def.Schema
		book, err := workbook.Open(filepath.Join("..", "..", "..", "..", "cardsrc", game+".xlsx"), "cardsrc/"+game+".xlsx")
		if err != nil {
			t.Fatal(err)
		}
		res := g.Validate(book, schema.NewLang("en"))
		lay, err := spec.Load(filepath.Join("..", "..", "..", "..", "layout"), g)
		if err != nil {
			t.Fatal(err)
		}
		painted, err := cards.Paint(res, lay, cards.Options{}, true)
		if err != nil {
			t.Fatal(err)
		}
		decks, _, err := FromDrawn(lay, res.Data, painted.Drawn)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Pack(game, decks, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range p.Sheets {
			if s.Cols > MaxCols || s.Rows > MaxRows || len(s.Cards) >= s.Cols*s.Rows {
				t.Errorf("%s: %d cards on %d × %d", s.File, len(s.Cards), s.Cols, s.Rows)
			}
		}
		shown := map[string][]string{} // design → the counters of its copies on the table
		slots := map[string]map[int]bool{}
		for _, d := range p.Decks {
			if !slices.IsSorted(d.IDs) {
				t.Errorf("%s %s: DeckIDs are not in sheet order", game, d.Name)
			}
			for _, id := range d.IDs {
				c := p.CardAt(id)
				shown[c.ID] = append(shown[c.ID], counterOf(c.Face))
				if slots[c.ID] == nil {
					slots[c.ID] = map[int]bool{}
				}
				slots[c.ID][id] = true
			}
		}
		counted := 0
		for _, d := range painted.Drawn {
			if d.Copy != 1 || d.Copies < 2 || counterOf(d.Face) == "" {
				continue
			}
			counted++
			var want []string
			for k := 1; k <= d.Copies; k++ {
				want = append(want, fmt.Sprintf("%d/%d", k, d.Copies))
			}
			got := slices.Clone(shown[d.ID])
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) || len(slots[d.ID]) != d.Copies {
				t.Errorf("%s %s: its copies on the table show %q from %d slots, want %q from %d", game, d.ID, shown[d.ID], len(slots[d.ID]), want, d.Copies)
			}
		}
		if counted == 0 {
			t.Errorf("%s: no design prints a copy counter", game)
		}
	}
}

// TestCopiesThatLookAlikeShareOneSlot: a design whose copies are
// drawn alike is one sheet slot that all its copies name, a design whose
// copies differ is a slot per copy, and designs drawn once (cards.DrawAll)
// keep one slot.
func TestCopiesThatLookAlikeShareOneSlot(t *testing.T) {
	var drawn []cards.Drawn
	for k := 1; k <= 3; k++ { // alike: equal lists, drawn separately
		drawn = append(drawn, cards.Drawn{ID: "A", Kind: "Edda", Name: "同じ", Copies: 3, Copy: k, Face: card(colourOf(1)), Back: card(backRed)})
	}
	for k := 1; k <= 2; k++ {
		drawn = append(drawn, cards.Drawn{ID: "B", Kind: "Edda", Name: "違う", Copies: 2, Copy: k, Face: card(colourOf(1 + k)), Back: card(backRed)})
	}
	drawn = append(drawn, cards.Drawn{ID: "C", Kind: "Edda", Name: "一度", Copies: 4, Face: card(colourOf(9)), Back: card(backRed)})
	l := &spec.Layout{Kinds: []*spec.Kind{{Name: "Edda"}}}
	decks, _, err := FromDrawn(l, nil, drawn)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Pack("n", decks, nil)
	if err != nil {
		t.Fatal(err)
	}
	slots := map[string]map[int]bool{}
	copies := map[string]int{}
	for _, id := range p.Decks[0].IDs {
		c := p.CardAt(id)
		if slots[c.ID] == nil {
			slots[c.ID] = map[int]bool{}
		}
		slots[c.ID][id] = true
		copies[c.ID]++
	}
	for _, want := range []struct {
		id            string
		slots, copies int
	}{{"A", 1, 3}, {"B", 2, 2}, {"C", 1, 4}} {
		if len(slots[want.id]) != want.slots || copies[want.id] != want.copies {
			t.Errorf("%s: %d copies from %d slots, want %d from %d", want.id, copies[want.id], len(slots[want.id]), want.copies, want.slots)
		}
	}
	if n := len(p.Sheets[0].Cards); n != 4 {
		t.Errorf("the sheet holds %d cards, want 4 (A once, B twice, C once)", n)
	}
}

// TestCopiesPaintWhatTheyShareWithTheirOwnPixels: faces in
// neighbouring slots that begin alike (copies that differ in one mark,
// drawn plain or inside a Clip, then alike again) each show in their sheet
// cell exactly the pixels of their own PNG, as does a face sharing nothing.
func TestCopiesPaintWhatTheyShareWithTheirOwnPixels(t *testing.T) {
	face := func(bg, mark int, clipped bool) *draw.List {
		l := card(colourOf(bg))
		c := colourOf(100 + mark)
		if clipped {
			l.Add(&draw.Clip{X: 10, Y: 10, W: 20, H: 20})
		}
		l.Add(&draw.Shape{Kind: draw.Ellipse, X: 5, Y: 5, W: 30, H: 30, Fill: draw.RGB(int(c.R), int(c.G), int(c.B))})
		if clipped {
			l.Add(draw.Pop{})
		}
		l.Add(&draw.Shape{Kind: draw.Rect, X: 40, Y: 60, W: 10, H: 10, Fill: draw.RGB(0, 0, 0)})
		return l
	}
	d := Deck{Name: "Edda"}
	add := func(f *draw.List) {
		d.Entries = append(d.Entries, Entry{Card: &Card{ID: fmt.Sprint(len(d.Entries)), Group: "Edda", Face: f, Back: card(backRed)}, Copies: 1})
	}
	for k := range 3 {
		add(face(1, k, false))
	}
	for k := range 3 {
		add(face(2, k, true))
	}
	add(face(3, 0, false))
	p, err := Pack("g", []Deck{d}, nil)
	if err != nil {
		t.Fatal(err)
	}
	files, err := Render(p, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := p.Sheets[0]
	sheet, err := png.Decode(bytes.NewReader(files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	for slot, c := range s.Cards {
		own, err := c.Face.PNG(cardDPI(c.Face), true)
		if err != nil {
			t.Fatal(err)
		}
		at := image.Pt(slot%s.Cols*s.CardW, slot/s.Cols*s.CardH)
		differ := 0
		for y := range s.CardH {
			for x := range s.CardW {
				r, g, b, _ := sheet.At(at.X+x, at.Y+y).RGBA()
				if o := own.RGBAAt(x, y); uint8(r>>8) != o.R || uint8(g>>8) != o.G || uint8(b>>8) != o.B {
					differ++
				}
			}
		}
		if differ > 0 {
			t.Errorf("slot %d: %d pixels differ from the face's own PNG", slot, differ)
		}
	}
}

// Pieces come as one object each, of the type's object name, nicknamed and
// tinted as asked, the cards' pieces before the shared ones; a count of 0
// asks for none.
func TestPiecesBecomeTintedDiceAndPawns(t *testing.T) {
	red := spec.RGB{R: 255, G: 0, B: 51}
	drawn := []cards.Drawn{
		{ID: "V1", Pieces: []spec.Piece{{Type: "Die_6", Name: "赤の6面体", Count: 2, Tint: red}, {Type: "PlayerPawn", Name: "赤のポーン", Count: 1, Tint: red}}},
		{ID: "V2"},
	}
	pieces := Pieces(drawn, []spec.Piece{{Type: "Die_8", Name: "無地の8面体", Count: 1, Tint: spec.White}, {Type: "Die_6", Name: "なし", Count: 0}})
	p, err := Pack("g", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.Pieces = pieces
	objects := saved(t, p, func(f string) string { return "u:" + f })["ObjectStates"].([]any)
	type got struct {
		name, nick string
		tint       [3]float64
	}
	var gots []got
	for _, o := range objects {
		m := o.(map[string]any)
		c := m["ColorDiffuse"].(map[string]any)
		gots = append(gots, got{m["Name"].(string), m["Nickname"].(string), [3]float64{c["r"].(float64), c["g"].(float64), c["b"].(float64)}})
	}
	r := [3]float64{1, 0, 0.2}
	want := []got{{"Die_6", "赤の6面体", r}, {"Die_6", "赤の6面体", r}, {"PlayerPawn", "赤のポーン", r}, {"Die_8", "無地の8面体", [3]float64{1, 1, 1}}}
	if !slices.Equal(gots, want) {
		t.Errorf("objects %v, want %v", gots, want)
	}
}

// One deck per setup pile: cards whose Deck (the kind's tts_deck) is the
// same share a deck named by it, whatever their kind; a card without one
// goes to its kind's deck, named by the kind's title, so kinds of one
// title share it too.
func TestDecksFollowTheSetupPiles(t *testing.T) {
	l := &spec.Layout{Kinds: []*spec.Kind{{Name: "Edda", Title: "エッダ"}, {Name: "Keeper3", Title: "キーパー"}, {Name: "Urd", Title: "ウルズ"}, {Name: "Urd2", Title: "ウルズ"}}}
	d := func(id, kind, deck string, copies int) cards.Drawn {
		return cards.Drawn{ID: id, Kind: kind, Name: id, Deck: deck, Copies: copies, Copy: 1, Face: card(colourOf(len(id))), Back: card(backRed)}
	}
	drawn := []cards.Drawn{
		d("E1", "Edda", "エッダ・第1層", 2), d("E3", "Edda", "エッダ・第3層", 1), d("E2", "Edda", "エッダ・第2層", 1),
		d("K3", "Keeper3", "エッダ・第3層", 2), d("U1", "Urd", "", 3), d("U2", "Urd2", "", 1),
	}
	decks, _, err := FromDrawn(l, nil, drawn)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, dk := range decks {
		s := dk.Name + ":"
		for _, e := range dk.Entries {
			s += fmt.Sprintf(" %s×%d", e.Card.ID, e.Copies)
		}
		got = append(got, s)
	}
	want := []string{"エッダ・第1層: E1×2", "エッダ・第3層: E3×1 K3×2", "エッダ・第2層: E2×1", "ウルズ: U1×3 U2×1"}
	if !slices.Equal(got, want) {
		t.Errorf("decks %q, want %q", got, want)
	}
}
