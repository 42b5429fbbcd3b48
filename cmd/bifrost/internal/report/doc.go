// Package report renders a simulation report as one self-contained HTML page
// with inline CSS and SVG charts, so a designer can open out/<game>/report.html
// from disk and see the balance at a glance. It needs no network or assets.
// Its findings are sentences in the designer's language (Page.Lang): the
// card, its cell, what it does, how sure in words (Sureness) and the
// suggested change, with the statistics folded under each.
// PageOf gathers what the page needs from the game and its workbook.
//
// It also writes what the commands that play games print for a person: a
// batch (`bifrost sim`), a ladder, a sweep and a comparison as text, and the
// comparison and sweep pages; its Messages are their lines in Japanese and
// English. It reads back the reports of a batch played in shards
// (ReadShards), which `report merge` joins.
//
// It is one of the CLI's outputs (`bifrost sim`, `ladder`, `check`,
// `compare`, `sweep`), not part of the layout: the card drawings beside the
// findings (Page.Drawings) are the faces layout/cards painted, which
// Page.CardDrawings turns into SVG: the cards a build painted once, or
// only the cards the findings name, painted for the page.
package report
