// Package cards paints one side of a card or board into a display list
// (package layout/draw), from its layout (package layout/spec) and its row of
// data: text already broken, shrunk to fit and cut into font runs, shapes,
// badges, icons, art, tables and AI board tracks, with the box of every
// element named by its field. Every output shows the same drawing: package
// sheet replays the lists into the PDF, DrawAll and DrawCopies hand them to
// the SVG and PNG backends (TTS, report, preview), and Examples hands a
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
