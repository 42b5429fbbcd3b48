// Package layout holds the card and board layouts, one layout/<game>.yaml per
// game, built into the binary so that printing works from any folder. Its
// sub-packages do the work: text (fonts and Japanese line breaking), cards
// (card faces, backs, boards and their imposition on paper), outfile (atomic
// writes) and report (the balance report page).
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
