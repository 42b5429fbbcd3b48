// Package preview serves the live preview of `bifrost serve`: for each game a
// gallery of every card face and back, grouped by kind, as inline SVG, with
// the validation problems listed at the top and beside the card whose row
// they name; the game's books and balance report as HTML pages.
//
// The command builds each game's state (Game) and hands it over with
// SetGame and SetReport; the server tells the open pages through
// server-sent events, and the page's small script (live.js) fetches the
// changed part and swaps it in without reloading.
//
// The server serves only its own routes: nothing in a URL names a file. It
// answers GET and HEAD only, sends a strict Content-Security-Policy (scripts
// only from itself, no inline script, nothing from elsewhere), and, when it
// listens on loopback, refuses requests for any other host name, so that a
// web page elsewhere cannot reach it through DNS rebinding.
//
// It belongs to the CLI (cmd/bifrost serve) and draws nothing itself: the
// cards come from layout/cards, the books from layout/book, the report
// page from package report beside it.
package preview
