package tts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strconv"
)

// Spacing of the objects laid out on the table, in table units.
const (
	deckStep  = 3.0
	tileRow   = 8.0 // the tiles' row, in front of the decks'
	pieceRow  = 5.0 // the pieces' row, behind the decks'
	pieceStep = 1.5
)

// Save writes p as a saved object: every deck face down in a row, each
// card with its sheet, the tiles in a row in front and the pieces (dice,
// pawns) in a row behind, each tinted. url gives the
// address of an image file by name.
func (p *Plan) Save(url func(file string) string) ([]byte, error) {
	save := Save{Gravity: 0.5, PlayArea: 0.5, Tags: []string{}, TabStates: map[string]any{}}
	for i, d := range p.Decks {
		save.ObjectStates = append(save.ObjectStates, p.deckObject(d, i, url))
	}
	x := 0.0
	for i, t := range p.Tiles {
		scale := 1.0
		if t.Face != nil && t.Face.W > 0 {
			// A tile of scale 1 is about as wide as a card; keep the
			// board's size against the cards'.
			scale = (t.Face.W - 2*t.Face.Bleed) / p.cardWidth()
		}
		o := p.object("Custom_Tile", fmt.Sprintf("tile/%d", i), t.Name, t.ID)
		o.Description = t.Notes
		o.Transform = Transform{PosX: x, PosY: 1, PosZ: -tileRow, ScaleX: scale, ScaleY: 1, ScaleZ: scale}
		o.CustomImage = &CustomImage{ImageURL: url(t.File), ImageSecondaryURL: url(t.BackFile), ImageScalar: 1,
			CustomTile: CustomTile{Thickness: 0.2, Stretch: true}}
		save.ObjectStates = append(save.ObjectStates, o)
		x += scale*2 + 1
	}
	x = 0
	for i, pc := range p.Pieces {
		for j := range pc.Count {
			o := p.object(pc.Type, fmt.Sprintf("piece/%d/%d", i, j), pc.Name, "")
			o.Transform = Transform{PosX: x, PosY: 1, PosZ: pieceRow, ScaleX: 1, ScaleY: 1, ScaleZ: 1}
			o.ColorDiffuse = Colour{float64(pc.Tint.R) / 255, float64(pc.Tint.G) / 255, float64(pc.Tint.B) / 255}
			o.Hands = pc.Type != "PlayerPawn" // dice may be held in a hand
			save.ObjectStates = append(save.ObjectStates, o)
			x += pieceStep
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(save); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// deckObject is deck d, the i-th, face down: a "DeckCustom" holding its
// cards as "Card" objects, as Tabletop Simulator saves a custom deck; a
// deck of one card is that card.
func (p *Plan) deckObject(d PlacedDeck, i int, url func(string) string) Object {
	pos := Transform{PosX: float64(i) * deckStep, PosY: 1, RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1}
	sheets := map[string]CustomDeck{}
	var cards []Object
	for j, id := range d.IDs {
		c := p.CardAt(id)
		s := p.Sheets[id/100-1]
		key, cd := strconv.Itoa(s.Number), s.custom(url)
		sheets[key] = cd
		o := p.object("Card", fmt.Sprintf("deck/%d/%d", i, j), c.Name, c.ID)
		o.Description = c.Notes
		o.Transform = pos
		o.CardID = id
		o.CustomDeck = map[string]CustomDeck{key: cd}
		o.Hands, o.HideWhenFaceDown = true, true
		cards = append(cards, o)
	}
	if len(cards) == 1 {
		return cards[0]
	}
	o := p.object("DeckCustom", fmt.Sprintf("deck/%d", i), d.Name, "")
	o.Transform = pos
	o.HideWhenFaceDown = true
	o.DeckIDs = d.IDs
	o.CustomDeck = sheets
	o.ContainedObjects = cards
	return o
}

// custom is the sheet's CustomDeck entry.
func (s *Sheet) custom(url func(string) string) CustomDeck {
	return CustomDeck{FaceURL: url(s.File), BackURL: url(s.BackFile), NumWidth: s.Cols, NumHeight: s.Rows, BackIsHidden: true}
}

// object is an object with the format's usual flags and a GUID that the
// same plan always gives the same way.
func (p *Plan) object(name, path, nickname, gmNotes string) Object {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s/%s", p.Game, path)
	return Object{GUID: fmt.Sprintf("%06x", h.Sum32()&0xffffff), Name: name, Nickname: nickname, GMNotes: gmNotes,
		ColorDiffuse: Colour{1, 1, 1}, Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true}
}

// cardWidth is the trim width of the plan's first card in mm (63 when none).
func (p *Plan) cardWidth() float64 {
	for _, s := range p.Sheets {
		if f := s.Cards[0].Face; f != nil && f.W > 2*f.Bleed {
			return f.W - 2*f.Bleed
		}
	}
	return 63
}
