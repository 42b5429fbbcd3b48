// Package preview serves the live preview of `bifrost serve`: for each game a
// gallery of every card face and back, grouped by kind, as inline SVG, with
// the validation problems listed at the top and beside the card whose row
// they name; the game's books and balance report as HTML pages.
//
// An Updater keeps the pages up to date with each save of a game's files:
// the command makes a Save (the gallery's Game, with the cards it painted
// once, and how to make the books and the report from the same cards), the
// Updater shows the gallery at once and makes the books and the report in
// the background, one report at a time, cancelling those of a save a newer
// one overtook, and keeping the last cards, books and report while a save
// cannot make them. The server tells the open pages through server-sent
// events, and the page's small script (live.js) fetches the changed part
// and swaps it in without reloading. Addr and Listen give the address
// serve listens on.
//
// The server serves only its own routes: nothing in a URL names a file. It
// answers GET and HEAD only, sends a strict Content-Security-Policy (scripts
// only from itself, no inline script, nothing from elsewhere), and, when it
// listens on loopback, refuses requests for any other host name, so that a
// web page elsewhere cannot reach it through DNS rebinding.
//
// It belongs to the CLI (cmd/bifrost serve) and paints nothing itself: the
// cards come painted from layout/cards (CardsOf turns them into inline
// SVG), the books from layout/book, the report page from package report
// beside it.
package preview
