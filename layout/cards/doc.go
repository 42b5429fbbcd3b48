// Package cards paints one side of a card or board into a display list
// (package layout/draw), from its layout (package layout/spec) and its row of
// data: text already broken, shrunk to fit and cut into font runs, shapes,
// badges, icons, art, tables and AI board tracks, with the box of every
// element named by its field. Every output shows the same drawing: Paint
// paints a game's cards once (Painted), and package sheet replays those
// lists into the card sheets and per-card PDFs, the SVG and PNG backends
// draw them for the report, the preview and TTS, and Examples hands a
// rulebook the painted faces of its example cards.
//
// A Deck is what one game prints, copies included. While painting, a
// Painter notes what would not print: text that does not fit its box at the
// layout's minimum size, characters no font of the chain has, card art that
// cannot be read; a Locator finds the workbook cell of each, and
// sheet.Check reports them before printing.
//
// It reads no layout file (package spec does) and places no card on paper
// (package sheet does).
package cards
