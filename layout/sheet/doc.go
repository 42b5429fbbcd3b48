// Package sheet puts painted cards on paper. Render lays the cards out 3×3
// (or as many as fit) on A4 or Letter with the bleed and crop marks, face and
// back pages alternating, the backs mirrored for long- or short-edge duplex,
// and gives each board a page of its own. RenderEach writes one PDF per card
// at trim size plus bleed with トンボ, TrimBox and BleedBox, as print shops
// ask; Pictures gives every copy's face and back as a picture of its own
// (trim plus bleed, drawn by package draw's PNG backend) for print services
// that take images; Cuts gives each sheet's cut lines, the cards' trims
// where Render puts them, as an SVG in mm for cutting machines. The commands hand it the sides painted once (cards.Paint, then
// cards.Options.Painted), each printed as it is with the version stamp and
// DRAFT band painted over it; a side not handed over is painted here by
// package cards, to the same bytes. Every PDF is written in bounded
// memory, each page deflated when it is finished and the document written
// out object by object (layout/internal/fpdf), and the same input gives the
// same bytes: fixed dates, page boxes in one order.
//
// Check (and Validate, which loads the layout first) lays every card out
// without drawing and reports, at their workbook cells, what would not
// print, and the cards and boards that do not fit the paper.
//
// It paints no card itself (package cards does) and reads no layout file
// (package spec does).
package sheet
