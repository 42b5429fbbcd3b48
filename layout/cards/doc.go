// Package cards prints a game's cards and boards from its validated data and
// its layout file (layout/<game>.yaml).
//
// The layout says everything about the look: card size, bleed and safe
// margin, fonts, colour palettes keyed by a field (deck, layer, attribute),
// and for each card kind the sheet it comes from and the elements of its face
// and back (rectangles, text boxes, badges, art, tables of related rows, AI
// board tracks). Text is bound to fields through templates such as
// "{Text|Effect}", so trying a new look needs no code change. Faces are read
// from the typed data by reflection over the row structs and their xlsx tags.
//
// Each card side is laid out once into a display list (package
// layout/draw): text already broken, shrunk to fit and cut into font runs.
// The PDF replays those lists; DrawAll hands them out for the SVG and PNG
// backends, so every output shows the same card.
//
// Render lays the cards out 3×3 (or as many as fit) on A4 or Letter with the
// bleed and crop marks, face and back pages alternating with the backs
// mirrored for long-edge duplex; boards get a page each. RenderCard writes one
// card at trim size plus bleed with トンボ, as print shops ask. Check runs the
// same layout without drawing and reports text that does not fit at the
// layout's minimum size, and characters the font cannot print, as problems at
// their workbook cells.
package cards
