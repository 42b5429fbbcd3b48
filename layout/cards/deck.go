package cards

import (
	"fmt"
	"slices"
	"strings"

	"bifrost/layout/spec"
	"bifrost/schema"
)

// Options choose what DrawAll draws and what sheet.Render prints, and on
// what paper (Paper, FacesOnly, Duplex and Pack are for package sheet).
type Options struct {
	Paper  string   // "a4" (the default) or "letter"
	Only   []string // card IDs (a reference card's kind name); empty prints every card
	ArtDir string   // the folder of <ID>.png / .jpg card art; "" for none
	// FacesOnly prints no back pages, for sleeving over existing cards.
	FacesOnly bool
	// Duplex is the printer's flip: "long" (the default; backs mirrored
	// left to right) or "short" (backs mirrored top to bottom).
	Duplex string
	// Pack fills sheets with cards of several kinds of one size instead of
	// starting every kind on a new sheet.
	Pack bool
	// InkSaver prints faces and backs as outlines: no fills, nothing in the
	// bleed; a back's text outlined, a face's filled in a colour that shows
	// on white paper. The text layer is the same.
	InkSaver bool
	// Draft, when not nil, prints even though the data has problems: the
	// face of each card named here by ID carries a diagonal DRAFT band with
	// the cell of its problems, and text that does not fit prints anyway.
	Draft map[string][]string
	// Stamp, when not empty, is printed small on every face (and board)
	// along the right edge inside the safe area: what data the card was
	// printed from, so old playtest cards can be told from new ones.
	Stamp string
	// Painted are sides already painted (Paint) with the same layout (the
	// same *spec.Layout), ArtDir and InkSaver, without Stamp or Draft:
	// sheet.Render prints each as it is, with the stamp and band painted
	// over it, instead of painting it again.
	Painted []Drawn
	// Margin is the printable-area margin in mm from each paper edge to the
	// crop marks; nil is sheet.DefaultMargin.
	Margin *float64
	// Gutter is the space in mm between neighbouring cards' trims; nil is
	// the layout's. 0 shares one cut line between neighbours (no bleed
	// between them); below twice the bleed, each card keeps half of it.
	Gutter *float64
	// CMYK writes the PDFs' colours and images in DeviceCMYK, converted
	// from sRGB by sheet.CMYK (naive, not colour-managed).
	CMYK bool
	// Lang is the language of the printing note on every sheet (nil:
	// Japanese).
	Lang *schema.Lang
	// Notice, when not nil, is told what the player should know about the
	// sheets: a paper that holds fewer cards than usual, and why.
	Notice func(error)
}

// UnknownCardsError is returned when Options.Only names cards the game does
// not have.
type UnknownCardsError struct {
	Game string
	IDs  []string
}

func (e *UnknownCardsError) Error() string {
	return fmt.Sprintf("%s has no card %s", e.Game, strings.Join(e.IDs, ", "))
}

// IssuesError is returned by sheet.Render when some text would not fit or not
// print; sheet.Check reports the same things as problems before printing.
type IssuesError struct{ Lines []string }

func (e *IssuesError) Error() string { return strings.Join(e.Lines, "\n") }

// Deck is what one game prints, resolved from its data: the cards of each
// kind, copies included.
type Deck struct {
	Layout  *spec.Layout
	Dataset *spec.Dataset
	Kinds   []*spec.Kind
	Cards   map[*spec.Kind][]*spec.Card
}

// NewDeck selects the cards to print: every card, or only those named.
func NewDeck(res schema.Result, l *spec.Layout, only []string) (*Deck, error) {
	ds, err := spec.NewDataset(l, res)
	if err != nil {
		return nil, err
	}
	d := &Deck{Layout: l, Dataset: ds, Cards: map[*spec.Kind][]*spec.Card{}}
	want := map[string]bool{}
	for _, id := range only {
		if id = strings.TrimSpace(id); id != "" {
			want[id] = false
		}
	}
	for _, k := range l.Kinds {
		for _, c := range ds.Physical(k) {
			if len(want) > 0 {
				if _, ok := want[c.ID]; !ok {
					continue
				}
				want[c.ID] = true
			}
			d.Cards[k] = append(d.Cards[k], c)
		}
		if len(d.Cards[k]) > 0 {
			d.Kinds = append(d.Kinds, k)
		}
	}
	var unknown []string
	for id, seen := range want {
		if !seen {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return nil, &UnknownCardsError{Game: l.Game.ID, IDs: unknown}
	}
	return d, nil
}

// NewIssuesError is the error of a print that met issues: each described
// once, in sorted order.
func NewIssuesError(is []Issue, ds *spec.Dataset) error {
	var lines []string
	for _, i := range is {
		lines = append(lines, i.Describe(ds, nil))
	}
	slices.Sort(lines)
	return &IssuesError{Lines: slices.Compact(lines)}
}
