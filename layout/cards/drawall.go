package cards

import (
	"reflect"

	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/schema"
)

// Drawn is one card (or board) drawn once, face and back.
type Drawn struct {
	ID, Kind, Name string // card ID, layout kind name, card name
	Sheet          string // workbook sheet the card comes from
	Row            int    // 1-based workbook row of the card (0 if none)
	Copies         int    // copies the data asks for (the same count the PDF prints)
	Copy           int    // which copy the drawing shows, 1-based
	Board          bool   // an AI board / board-size item rather than a card
	Face, Back     *draw.List
	// Back is nil when the kind has no back.

	// Nickname and Notes are the card's name and description in Tabletop
	// Simulator (the kind's tts_name and tts_notes; by default its name);
	// Deck names the deck it goes into there (tts_deck; "" for its kind's).
	Nickname, Notes, Deck string
	// Pieces are the table pieces the card brings to Tabletop Simulator
	// (its kind's tts_pieces), on its first copy only.
	Pieces []spec.Piece
}

// DrawAll draws every card design of res with layout l (opt.ArtDir,
// opt.Stamp, opt.InkSaver, opt.Draft and opt.Only as for sheet.Render), in the
// order the PDF prints them: the same drawing the PDF backend prints. A
// design printed in several copies is drawn once, as its first copy.
func DrawAll(res schema.Result, l *spec.Layout, opt Options) ([]Drawn, error) {
	return drawAll(res, l, opt, false)
}

// drawAll is DrawAll, drawing every copy when every is set (one Drawn
// per copy, in print order, so that a face that shows its copy, {$index}
// or {$copy}, is drawn as each copy prints it). A copy that looks as the
// one before it shares that copy's lists, so a deck of many copies holds
// each look once; the lists are read, never changed, once drawn.
func drawAll(res schema.Result, l *spec.Layout, opt Options, every bool) ([]Drawn, error) {
	d, err := NewDeck(res, l, opt.Only)
	if err != nil {
		return nil, err
	}
	art := NewArtStore(opt.ArtDir)
	defer art.Close()
	pt := NewPainter(l, d.Dataset, art, false)
	pt.InkSaver, pt.Draft, pt.Stamp, pt.regions = opt.InkSaver, opt.Draft, opt.Stamp, true
	loc := NewLocator(res.Book, nil)
	var out []Drawn
	for _, k := range d.Kinds {
		for _, c := range d.Cards[k] {
			if c.Copy != 1 && !every {
				continue
			}
			dr := Drawn{ID: c.ID, Kind: k.Name, Name: c.Name(d.Dataset), Copies: c.Copies, Copy: c.Copy, Board: k.Board,
				Face: pt.Draw(k.Face, c, "face")}
			dr.Nickname, dr.Notes, dr.Deck = c.TTS(d.Dataset)
			if c.Copy == 1 {
				dr.Pieces = c.Pieces(d.Dataset)
			}
			if len(k.Back) > 0 {
				dr.Back = pt.Draw(k.Back, c, "back")
			}
			dr.Sheet, dr.Row = loc.where(d.Dataset, c)
			if c.Copy > 1 && len(out) > 0 {
				prev := &out[len(out)-1]
				dr.Face, dr.Back = sameOr(prev.Face, dr.Face), sameOr(prev.Back, dr.Back)
			}
			out = append(out, dr)
		}
	}
	if len(pt.Issues) > 0 && opt.Draft == nil {
		return out, NewIssuesError(pt.Issues, d.Dataset)
	}
	return out, nil
}

// sameOr is prev when l draws what prev draws, else l.
func sameOr(prev, l *draw.List) *draw.List {
	if reflect.DeepEqual(prev, l) {
		return prev
	}
	return l
}

// where finds the workbook sheet and 1-based row of card c ("", 0 when the
// card has no row or there is no workbook).
func (lc *Locator) where(ds *spec.Dataset, c *spec.Card) (string, int) {
	ss := c.Kind.Sheet
	if ss == nil {
		return "", 0
	}
	t, colOf, ok := lc.sheet(ss)
	if !ok || !c.Row.IsValid() {
		return ss.Key, 0
	}
	return t.Sheet, lc.rowOf(ds, t, spec.FieldsOf(ss), c.Row, colOf)
}
