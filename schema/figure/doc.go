// Package figure describes a game's figures as data: a board, a supply, a
// player's area, a map, as shapes and centred text in millimetres. Each
// rules/<game> package draws its own from its data and geometry; the
// rulebooks (layout/book) convert each into a display list (layout/draw)
// and print it in the PDF and the HTML alike.
package figure
