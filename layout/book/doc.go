// Package book renders a game's rulebook from rules/<game>/rulebook.md: it
// first expands the placeholders that pull numbers, tables and example cards
// from the validated workbook, then renders the markdown as a PDF (its own
// goldmark AST walker, with Japanese line breaking) and as one
// self-contained HTML page. Example cards (Cards) and figures are display
// lists (layout/draw), played by its PDF and SVG backends. Markdown the book cannot print legibly or must
// not link to (nesting past MaxNesting, tables past MaxTableColumns, images
// outside the rules folder, links of other schemes than http, https and
// mailto) is refused with a *SourceError at its line, as a bad placeholder
// is.
package book
