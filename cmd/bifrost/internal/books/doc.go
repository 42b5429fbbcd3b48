// Package books makes one game's books as the commands do (build,
// rulebook, check, validate and serve): the player's rulebook, the turn
// summary (also at card size) and the designer's book.
//
// It gathers what layout/book renders: which files a game's books are,
// each read from the rules folder (--rules, else rules/ beside the
// workbooks) when it is there and else from the copy built into the game
// (Definition.Books), file by file;
// the glossary and rulings; what the placeholders draw on (the validated
// data, the game's figures, the faces of the cards painted for the build,
// shown by {{card}}); and the outputs, PDF, HTML and the card-size summary,
// with their names under out/<game>/. A book whose data is at fault is
// skipped with its errors at their lines, and the others are made.
//
// It lives beside the CLI, not in layout/book, because all of this is the
// commands' policy over a game: layout/book turns one markdown book into a
// PDF or an HTML page and knows nothing of engines (rules/sim), folders or
// output files, while this package reads rules/sim's Definition and the
// workbook folder's conventions, as cmd/bifrost/internal/report does for
// report.html. It paints no card: the command paints a game's cards once
// and hands the same faces to the books, the card sheets and the report.
package books
