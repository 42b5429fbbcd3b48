// Package tts turns a game's drawn cards into a Tabletop Simulator saved
// object: deck sheet images of at most 10 × 7 cards (the last slot of each
// sheet holds the hidden card, drawn as the back), one back image per sheet
// group, and the JSON that names them, as Tabletop Simulator saves them
// (Card objects inside a DeckCustom), with the dice and pawns the layout
// asks for. FromDrawn makes one deck per setup pile (a kind's tts_deck);
// Pack decides which card goes on which sheet and slot; Render draws the
// sheets; Plan.Save writes the JSON. Write does all of it for one game:
// paints its cards (cards.Paint, stamped as the card sheets are) and writes
// the files into out/<game>/tts/.
// Renderers draw, this package only arranges: every image comes from the
// same display list the PDF prints.
//
// It is one of the CLI's outputs (`bifrost tts`), not part of the layout:
// the cards are laid out by layout/cards and drawn by layout/draw.
package tts
