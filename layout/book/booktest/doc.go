// Package booktest helps tests read a game's player books as a player
// does: it sets values on a workbook's Rules sheet and expands rulebook.md
// and summary.md with the result, as the rulebook command does.
package booktest
