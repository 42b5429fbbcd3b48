package schema

// Games lists the four games, in the order bifrost reports them.
func Games() []*Game {
	return []*Game{Valkyrie, Nastrond, Guardian, Bloodrage}
}

// GameByID returns the game with the given id, or nil.
func GameByID(id string) *Game {
	for _, g := range Games() {
		if g.ID == id {
			return g
		}
	}
	return nil
}
