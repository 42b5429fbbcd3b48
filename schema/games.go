package schema

// GameOfSheets recognises which of games a workbook holds from its sheet
// names: the game with the most of its sheets present (by English key or
// Japanese name). It returns nil when no game's sheet is present or two
// games tie.
func GameOfSheets(games []*Game, names []string) *Game {
	b := &Book{Sheets: map[string]*Table{}}
	for _, n := range names {
		b.Sheets[n] = &Table{Sheet: n}
	}
	var best *Game
	bestN, tie := 0, false
	for _, g := range games {
		n := 0
		for _, s := range g.Sheets {
			if _, ok := b.Lookup(s.Key, s.JA); ok {
				n++
			}
		}
		switch {
		case n > bestN:
			best, bestN, tie = g, n, false
		case n == bestN && n > 0:
			tie = true
		}
	}
	if tie {
		return nil
	}
	return best
}
