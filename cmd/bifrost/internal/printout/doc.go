// Package printout writes a game's printed cards: the card sheets (one PDF,
// cards.pdf by default) or one PDF per card under cards/, into
// out/<game>/, from the cards painted once (cards.Painted); a full per-card
// run removes the PDFs of cards the workbook no longer has. Its Extras,
// for print shops, add one PNG per side of every copy (--png, --dpi) and
// an SVG of each sheet's cut lines (--cut-svg). Paint paints a
// game's cards with the layout and art beside its workbook folder, for
// these PDFs and for every other output (books, report, TTS); Check checks
// the printing options a command was given; Stamp names the data the cards
// are printed from; DraftMarks finds, by card ID, the problem cells a DRAFT
// band names.
//
// It is a package of its own because it does what layout/sheet must not:
// it writes and prunes files (through outfile) and asks git for the
// workbook's last commit (through gitrev), both internal to the CLI.
// Package sheet lays the cards out on paper; package cards paints them.
package printout
