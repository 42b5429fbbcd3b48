// Package cardsrc carries the shipped workbooks, byte for byte, and the
// README that documents their sheets, so that `bifrost init` can copy them
// into a designer's own folder from the binary alone. The workbooks
// themselves are the data: bifrost reads them from cardsrc/ on disk (or
// --src), never from this copy.
package cardsrc

import "embed"

// Files are the shipped workbooks (<game>.xlsx) and README.md.
//
//go:embed *.xlsx README.md
var Files embed.FS
