package sheet

import (
	"fmt"
	"regexp"
	"strings"

	"bifrost/layout/cards"
	"bifrost/layout/spec"
)

// cardNames names the files written card by card (RenderEach's PDFs,
// Pictures' PNGs, and the cuts of Cuts, which name their cards as the
// pictures do), one name for each card design of a deck, all its copies
// sharing it.
type cardNames map[*spec.Card]string

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// namesOf names the designs of d in print order: <kind>-<ID>, every run of
// characters other than ASCII letters, digits, '.', '_' and '-' made one
// '_'. A design whose name an earlier one already has is named
// <kind>-<ID>-2 (made safe the same way), else -3, and so on, so that no
// two designs share a name, nor two copies' files. Names alike but for
// case count as alike: Windows and macOS fold case, so A01 and a01 would
// share one file there.
func namesOf(d *cards.Deck) cardNames {
	names, taken := cardNames{}, map[string]bool{}
	var name string
	for _, k := range d.Kinds {
		for _, c := range d.Cards[k] {
			if c.Copy == 1 { // the first copy of a design: its copies follow it
				name = unsafeName.ReplaceAllString(k.Name+"-"+c.ID, "_")
				for i := 2; taken[strings.ToLower(name)]; i++ {
					name = unsafeName.ReplaceAllString(fmt.Sprintf("%s-%s-%d", k.Name, c.ID, i), "_")
				}
				taken[strings.ToLower(name)] = true
			}
			names[c] = name
		}
	}
	return names
}

// design is the name of c's design: RenderEach's PDF is design + ".pdf".
func (n cardNames) design(c *spec.Card) string { return n[c] }

// copy is the name of c's own copy, <design>-<copy>: its cut, and its
// pictures' names up to -face.png or -back.png.
func (n cardNames) copy(c *spec.Card) string { return fmt.Sprintf("%s-%d", n[c], c.Copy) }
