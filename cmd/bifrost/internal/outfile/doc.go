// Package outfile writes output files atomically: the data goes to a
// temporary file in the destination's folder, which is then renamed over the
// destination. A reader never sees a half-written file, and a failed write
// leaves the previous file as it was.
//
// It also holds the guard that refuses to write under the workbook folder
// (--src). It is part of the CLI (cmd/bifrost), not of the layout: it knows
// nothing of cards, books or games.
package outfile
