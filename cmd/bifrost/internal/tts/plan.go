package tts

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/schema"
)

// Sheet limits of Tabletop Simulator: a deck sheet is at most MaxCols ×
// MaxRows cards, its last slot shows the hidden card, and an image's sides
// stay under MaxSide pixels.
const (
	MaxCols  = 10
	MaxRows  = 7
	MaxSide  = 4096
	perSheet = MaxCols*MaxRows - 1
)

// Card is one sheet slot: a design drawn once, or one copy of a design
// whose copies look different.
type Card struct {
	ID, Name   string
	Notes      string // the description Tabletop Simulator shows under the name
	Group      string // its layout kind: the cards of a group share sheets
	Face, Back *draw.List
}

// Entry is a card of a deck and how many copies the deck holds.
type Entry struct {
	Card   *Card
	Copies int
}

// Deck is one deck on the table, its entries in order.
type Deck struct {
	Name    string // its nickname: the kind's title, or a sample deck's name
	Entries []Entry
}

// Tile is a board laid on the table as a custom tile.
type Tile struct {
	ID, Name   string
	Notes      string
	Group      string
	Face, Back *draw.List
}

// FromDrawn makes a game's decks and tiles from its drawn cards, in layout
// order: one deck per setup pile holding each design's copies, a pile being
// the cards whose Deck (the kind's tts_deck) is the same, by default those
// of one kind, named by its title (kinds of one title share a deck); for a game
// whose data lists sample decks (schema.DeckLister), one deck per sample
// deck with its copies.
// Boards become tiles. drawn may hold every copy of a design (as
// cards.Paint paints them for the sheets): a design whose copies look different (a
// copy counter such as "3/8") gets a card per copy, each copy showing its
// own; one whose copies look the same is one card, its first copy, as with
// cards.DrawAll.
func FromDrawn(l *spec.Layout, data any, drawn []cards.Drawn) ([]Deck, []Tile, error) {
	titles := map[string]string{}
	left := map[string]bool{} // kinds that stay out of Tabletop Simulator
	for _, k := range l.Kinds {
		titles[k.Name] = cmp.Or(k.Title, k.Name)
		left[k.Name] = k.NoTTS
	}
	var (
		decks []Deck
		tiles []Tile
		byID  = map[string][]*Card{} // a design's cards: one, or one per copy
	)
	deckOf := map[string]int{}
	for i, d := range drawn {
		if left[d.Kind] {
			continue
		}
		if d.Copy > 1 && i > 0 && drawn[i-1].ID == d.ID && drawn[i-1].Kind == d.Kind {
			continue // a later copy, handled with the first
		}
		if d.Board {
			tiles = append(tiles, Tile{ID: d.ID, Name: cmp.Or(d.Nickname, d.Name), Notes: d.Notes, Group: d.Kind, Face: d.Face, Back: d.Back})
			continue
		}
		byID[d.ID] = copiesOf(drawn[i:])
		if d.Copies < 1 {
			continue
		}
		pile := cmp.Or(d.Deck, cmp.Or(titles[d.Kind], d.Kind))
		k, ok := deckOf[pile]
		if !ok {
			k = len(decks)
			deckOf[pile] = k
			decks = append(decks, Deck{Name: pile})
		}
		decks[k].Entries = append(decks[k].Entries, entries(byID[d.ID], d.Copies, 0)...)
	}
	if dl, ok := data.(schema.DeckLister); ok && len(dl.SampleDecks()) > 0 {
		decks = decks[:0]
		dealt := map[string]int{} // per design, the copies given to earlier decks
		for _, sd := range dl.SampleDecks() {
			d := Deck{Name: sd.Name}
			for _, e := range sd.Cards {
				cs := byID[e.ID]
				if cs == nil {
					return nil, nil, schema.Errorf("デッキ「%s」：カード %s が描かれていません", "deck %q: no drawn card %s", sd.Name, e.ID)
				}
				n := max(1, e.Copies)
				d.Entries = append(d.Entries, entries(cs, n, dealt[e.ID])...)
				dealt[e.ID] += n
			}
			decks = append(decks, d)
		}
	}
	return decks, tiles, nil
}

// copiesOf makes the cards of the design drawn first in drawn: one per copy
// when the copies that follow it (Copy 2, 3, …) look different from it,
// else one for them all.
func copiesOf(drawn []cards.Drawn) []*Card {
	first := drawn[0]
	n := 1
	for n < len(drawn) && drawn[n].Copy == n+1 && drawn[n].ID == first.ID && drawn[n].Kind == first.Kind {
		n++
	}
	same := true
	for _, d := range drawn[1:n] {
		same = same && sameLook(d.Face, first.Face) && sameLook(d.Back, first.Back)
	}
	if same {
		n = 1
	}
	out := make([]*Card, n)
	for i, d := range drawn[:n] {
		out[i] = &Card{ID: d.ID, Name: cmp.Or(d.Nickname, d.Name), Notes: d.Notes, Group: d.Kind, Face: d.Face, Back: d.Back}
	}
	return out
}

// sameLook reports whether two drawings are the same display list, so
// they render the same.
func sameLook(a, b *draw.List) bool { return reflect.DeepEqual(a, b) }

// entries are n copies of a design whose cards are cs: its one card n
// times, or, one card per copy, the n copies after the dealt already given
// out (wrapping round when a deck list asks for more than print).
func entries(cs []*Card, n, dealt int) []Entry {
	if len(cs) == 1 {
		return []Entry{{Card: cs[0], Copies: n}}
	}
	out := make([]Entry, n)
	for i := range out {
		out[i] = Entry{Card: cs[(dealt+i)%len(cs)], Copies: 1}
	}
	return out
}

// Sheet is one deck sheet: its cards in slot order, row by row, and the
// hidden card (the back) in its last slot, Cols*Rows-1.
type Sheet struct {
	Number     int    // the deck number: its CustomDeck key, a CardID / 100
	File       string // the face sheet's file name
	BackFile   string // the back image's file name (shared by a group's sheets)
	Cols, Rows int    // NumWidth, NumHeight
	Cards      []*Card
	Back       *draw.List
	// CardW and CardH are one card's size in pixels; Render sets them.
	CardW, CardH int
}

// PlacedDeck is a deck with its cards' IDs, one per copy, in sheet order.
type PlacedDeck struct {
	Deck
	IDs []int
}

// PlacedTile is a tile with its image files.
type PlacedTile struct {
	Tile
	File, BackFile string // BackFile is File when the board has no back
}

// Plan says where every card and board goes, and which pieces lie beside
// them.
type Plan struct {
	Game   string
	Sheets []*Sheet // Sheets[i].Number is i+1
	Decks  []PlacedDeck
	Tiles  []PlacedTile
	Pieces []spec.Piece
}

// Pieces are the table pieces of a game: those its drawn cards bring (a
// kind's tts_pieces, for each card), in layout order, then shared (the
// layout's top-level tts_pieces); none of a count of 0.
func Pieces(drawn []cards.Drawn, shared []spec.Piece) []spec.Piece {
	var out []spec.Piece
	for _, d := range drawn {
		out = append(out, d.Pieces...)
	}
	return slices.DeleteFunc(append(out, shared...), func(p spec.Piece) bool { return p.Count < 1 })
}

// CardAt is the card a CardID names, nil when none.
func (p *Plan) CardAt(id int) *Card {
	n, slot := id/100, id%100
	if n < 1 || n > len(p.Sheets) || slot >= len(p.Sheets[n-1].Cards) {
		return nil
	}
	return p.Sheets[n-1].Cards[slot]
}

// Pack puts the decks' cards on sheets, files named after game. The cards
// of one group with one back share sheets, in the order the decks first
// name them, each card once; a sheet holds at most 69 cards and its grid
// is the one that holds them and the hidden card with the fewest empty cells.
func Pack(game string, decks []Deck, tiles []Tile) (*Plan, error) {
	p := &Plan{Game: game}
	type group struct {
		kind, back string
		cards      []*Card
		backList   *draw.List
	}
	var groups []*group
	groupOf := map[string]*group{}
	seen := map[*Card]bool{}
	for _, d := range decks {
		for _, e := range d.Entries {
			c := e.Card
			if seen[c] {
				continue
			}
			seen[c] = true
			bk, err := backKey(c.Back)
			if err != nil {
				return nil, schema.Errorf("%s：裏面：%v", "%s: back: %v", c.ID, err)
			}
			key := c.Group + "\x00" + bk
			g := groupOf[key]
			if g == nil {
				g = &group{kind: c.Group, back: bk, backList: c.Back}
				groupOf[key] = g
				groups = append(groups, g)
			}
			g.cards = append(g.cards, c)
		}
	}
	variants := map[string]int{} // back variants seen per kind
	sheetsOf := map[string]int{} // sheets named per kind
	slotOf := map[*Card]int{}    // CardID
	for _, g := range groups {
		variants[g.kind]++
		back := fmt.Sprintf("%s-%s-back.png", game, fileKey(g.kind))
		if v := variants[g.kind]; v > 1 {
			back = fmt.Sprintf("%s-%s-back-%d.png", game, fileKey(g.kind), v)
		}
		for chunk := range slices.Chunk(g.cards, perSheet) {
			sheetsOf[g.kind]++
			s := &Sheet{Number: len(p.Sheets) + 1, Cards: chunk, Back: g.backList, BackFile: back,
				File: fmt.Sprintf("%s-%s-%d.png", game, fileKey(g.kind), sheetsOf[g.kind])}
			s.Cols, s.Rows = grid(len(chunk))
			for i, c := range chunk {
				slotOf[c] = s.Number*100 + i
			}
			p.Sheets = append(p.Sheets, s)
		}
	}
	for _, d := range decks {
		pd := PlacedDeck{Deck: d}
		for _, e := range d.Entries {
			for range e.Copies {
				pd.IDs = append(pd.IDs, slotOf[e.Card])
			}
		}
		slices.Sort(pd.IDs)
		if len(pd.IDs) > 0 {
			p.Decks = append(p.Decks, pd)
		}
	}
	for _, t := range tiles {
		pt := PlacedTile{Tile: t, File: fmt.Sprintf("%s-%s-%s.png", game, fileKey(t.Group), fileKey(t.ID))}
		pt.BackFile = pt.File
		if t.Back != nil {
			pt.BackFile = fmt.Sprintf("%s-%s-%s-back.png", game, fileKey(t.Group), fileKey(t.ID))
		}
		p.Tiles = append(p.Tiles, pt)
	}
	return p, nil
}

// grid is the sheet grid for n cards plus the hidden card with the fewest
// empty cells, the widest of those: at most MaxCols × MaxRows.
func grid(n int) (cols, rows int) {
	slots := n + 1
	for c := MaxCols; c >= 1; c-- {
		r := (slots + c - 1) / c
		if r <= MaxRows && (cols == 0 || c*r < cols*rows) {
			cols, rows = c, r
		}
	}
	return cols, rows
}

// backKey tells backs apart by their drawing; "" for none.
func backKey(l *draw.List) (string, error) {
	if l == nil {
		return "", nil
	}
	h := sha256.New()
	if err := l.SVG(h, true); err != nil {
		return "", err
	}
	return string(h.Sum(nil)), nil
}

// fileKey keeps the letters, digits, '-' and '_' of s for a file name.
func fileKey(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, s)
}
