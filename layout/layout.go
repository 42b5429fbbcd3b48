// Package layout holds the card and board layouts, one layout/<game>.yaml per
// game, built into the binary so that printing works from any folder. Its
// sub-packages do the work:
//
//   - text: fonts (fallback chains, installed families, glyph coverage and
//     widths) and Japanese line breaking;
//   - draw: the display list of one drawing and its PDF, SVG and PNG backends;
//   - spec: the layout model, a layout file parsed into kinds, elements,
//     templates bound to the workbook's fields, with errors at their lines;
//   - cards: the card painter, one card side into a display list, and the
//     print problems it finds (text that does not fit, missing glyphs);
//   - sheet: imposition, cards on paper (grids, crop marks, duplex, boards)
//     and per-card PDFs with their print boxes;
//   - book: the rulebooks (placeholders, the PDF walker, the HTML page), and
//     book/booktest for tests;
//   - testenv: for tests, a missing reader, browser or font skips a test
//     locally and fails it under CI.
//
// The outputs built on them (report, tts) and the preview server of
// `bifrost serve` are the CLI's own, under cmd/bifrost/internal.
//
// A layout file on disk, layout/<game>.yaml beside the workbook folder,
// takes precedence over the built-in copy, so a designer can try a new look
// by editing the file and printing again, with no code change.
package layout

import (
	"embed"
	"io/fs"
)

//go:embed *.yaml
var builtin embed.FS

// Builtin returns the built-in layout of game: its file name as shown in
// messages ("layout/nastrond.yaml") and its bytes.
func Builtin(game string) (name string, data []byte, ok bool) {
	data, err := fs.ReadFile(builtin, game+".yaml")
	if err != nil {
		return "", nil, false
	}
	return "layout/" + game + ".yaml", data, true
}
