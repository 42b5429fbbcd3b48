package guardian

// SeatGroup names the sample deck the seat plays (sim.SeatGrouper), so
// that compare measures a card per deck that holds it.
func (g *Game) SeatGroup(seat int) string { return g.e.deckName[g.p.ps[seat].deck] }
