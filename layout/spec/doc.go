// Package spec is the layout model: a game's layout file
// (layout/<game>.yaml) parsed and checked into a Layout. A Layout holds the
// card size, bleed and safe margin, the fonts (fallback chains), the colour
// palettes keyed by a field (deck, layer, attribute), the icons, and for each
// card Kind the workbook sheet it comes from and the Elements of its face and
// back (rectangles, text boxes, badges, icons, art, tables of related rows, AI
// board tracks).
//
// Text is bound to fields through templates such as "{Text|Effect}", so
// trying a new look needs no code change. Fields are read from the typed data
// by reflection over the row structs and their xlsx tags (FieldSet); a
// Dataset also says which cards each kind prints and in how many copies.
// Every problem in a layout file is an Error at its file and line, in
// Japanese or English (LayoutProblems turns them into schema problems).
//
// It draws nothing and knows no paper: package cards paints one card side
// from a Layout, package sheet puts the cards on paper. The built-in layout
// files are embedded by package layout.
package spec
