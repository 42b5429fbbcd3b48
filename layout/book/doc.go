// Package book renders a game's rulebook from rules/<game>/rulebook.md: it
// first expands the placeholders that pull numbers, tables and example cards
// from the validated workbook, then renders the markdown as a PDF (its own
// goldmark AST walker, with Japanese line breaking) and as one
// self-contained HTML page.
package book
