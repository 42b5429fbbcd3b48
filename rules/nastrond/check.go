package nastrond

import "fmt"

// Check verifies the invariants of checklist §5 that hold after every
// decision. It allocates only to describe a violation.
func (g *Game) Check() error {
	e := g.e
	n := g.n

	// I1, I2: every square holds one card of its own layer, or an Urd of a
	// player in the game; Nidhogg stays in the centre.
	var urdOn [maxPlayers]int
	cards := 0
	for q := range Square(squares) {
		v := g.board[q]
		if q == centre {
			if v != e.nidhogg {
				return fmt.Errorf("the centre holds %s, not Nidhogg", g.cellText(q))
			}
			continue
		}
		if v < 0 {
			s := -1 - v
			if s >= int16(n) {
				return fmt.Errorf("square %s holds an Urd of seat %d, not in the game", sqText(q), s+1)
			}
			urdOn[s]++
			continue
		}
		if int(v) >= len(e.info) {
			return fmt.Errorf("square %s holds no card (%d)", sqText(q), v)
		}
		ci := &e.info[v]
		switch {
		case ci.kind != kindEdda && ci.kind != kindKeeper:
			return fmt.Errorf("square %s holds %s, which is no Edda or Keeper", sqText(q), ci.id)
		case ci.layer != board.layer[q]:
			return fmt.Errorf("square %s (layer %d) holds %s of layer %d", sqText(q), board.layer[q], ci.id, ci.layer)
		case ci.kind == kindKeeper && ci.layer < 3 && !board.corner(q):
			return fmt.Errorf("Keeper %s is on %s, not a corner", ci.id, sqText(q))
		}
		cards++
	}

	// I3: each Edda and Keeper is on the board or in one player's area;
	// each Einherjar on the field or with one player.
	for s := range n {
		cards += int(g.won[s])
	}
	if want := e.boardCards(); cards != want {
		return fmt.Errorf("card conservation: %d Edda and Keepers on the board and in areas, want %d", cards, want)
	}
	for j := range e.skills {
		sum := int(g.field[j])
		for s := range n {
			if g.held[s][j] < 0 {
				return fmt.Errorf("P%d holds %d of %s", s+1, g.held[s][j], e.info[e.einCard[j]].id)
			}
			sum += int(g.held[s][j])
		}
		if want := int(e.info[e.einCard[j]].copies); g.field[j] < 0 || sum != want {
			return fmt.Errorf("Einherjar %s: %d on the field and with players, want %d", e.info[e.einCard[j]].id, sum, want)
		}
	}
	for s := range n {
		sum := int16(0)
		for j := range e.skills {
			sum += int16(g.held[s][j])
		}
		if sum != g.nHeld[s] {
			return fmt.Errorf("P%d holds %d Einherjar but counts %d", s+1, sum, g.nHeld[s])
		}
	}

	// Keeper squares: a Keeper stands until fought; then its square holds
	// the fighter's Urd (T33, T34).
	for k, c := range e.keepCard {
		at := g.keeperSq[k]
		switch by := g.keeperBy[k]; {
		case by < 0 && g.board[at] != c:
			return fmt.Errorf("Keeper %s was not fought but its square %s holds %s", e.info[c].id, sqText(at), g.cellText(at))
		case by >= 0 && g.board[at] != urd(by):
			return fmt.Errorf("Keeper %s was fought by P%d but its square %s holds %s", e.info[c].id, by+1, sqText(at), g.cellText(at))
		}
	}

	// I4, I5, I6: Urd conservation, one Urd a turn, and the end.
	lo, hi := g.supply[0], g.supply[0]
	for s := range n {
		if g.supply[s] < 0 || g.divine[s] < 0 || g.spent[s] < 0 {
			return fmt.Errorf("P%d: negative Urd (supply %d, divine %d, spent %d)", s+1, g.supply[s], g.divine[s], g.spent[s])
		}
		if got := int(g.supply[s]) + urdOn[s] + int(g.divine[s]) + int(g.spent[s]); got != int(g.dealt) {
			return fmt.Errorf("Urd conservation: P%d has %d in supply + %d on the board + %d under the Valkyria + %d spent = %d, dealt %d",
				s+1, g.supply[s], urdOn[s], g.divine[s], g.spent[s], got, g.dealt)
		}
		lo, hi = min(lo, g.supply[s]), max(hi, g.supply[s])
		if g.vp[s] < 0 {
			return fmt.Errorf("P%d has negative VP (%d)", s+1, g.vp[s])
		}
	}
	if hi-lo > 1 {
		return fmt.Errorf("Urd supplies differ by %d (one Urd per turn keeps them within 1)", hi-lo)
	}
	if g.Over() && hi > 0 {
		return fmt.Errorf("the game is over with Urd left in a supply")
	}
	if limit := int(n) * int(g.dealt); int(g.turn) > limit {
		return fmt.Errorf("turn %d is past the %d turns of %d players with %d Urd each", g.turn, limit, n, g.dealt)
	}

	// I11, I12, I13: pawns.
	atCentre := 0
	var down [4]int // pawns in layer ≥ k
	for s := range n {
		p := g.pawn[s]
		if p < 0 || p >= squares {
			return fmt.Errorf("P%d's pawn is off the board (%d)", s+1, p)
		}
		if p == centre {
			atCentre++
		}
		for k := int8(2); k <= board.layer[p] && k <= 4; k++ {
			down[k-1]++
		}
		for t := s + 1; t < n; t++ {
			if g.pawn[t] == p && p != centre && !(e.p.arrivalShare && (g.arrived[s] || g.arrived[t])) {
				return fmt.Errorf("P%d and P%d both stand on %s", s+1, t+1, sqText(p))
			}
		}
	}
	if atCentre > 2 {
		return fmt.Errorf("%d pawns at Nidhogg; only the first 2 may reach it", atCentre)
	}
	var fought [4]int // Keepers of layer k fought
	for k, c := range e.keepCard {
		if g.keeperBy[k] >= 0 {
			fought[e.info[c].layer]++
		}
	}
	for k := 1; k <= 3; k++ {
		if down[k] != fought[k] {
			return fmt.Errorf("%d pawns below layer %d but %d layer-%d Keepers fought", down[k], k, fought[k], k)
		}
	}

	// I7–I10: dice.
	var own, stock, d8 int
	for i := range g.nd {
		sides, face := g.dSides[i], g.dFace[i]
		switch g.dOrig[i] {
		case fromOwn:
			own++
		case fromStock:
			stock++
		case fromD8:
			d8++
		}
		if (sides == 8) != (g.dOrig[i] == fromD8) || sides != 6 && sides != 8 {
			return fmt.Errorf("die %d is a d%d from origin %d", i, sides, g.dOrig[i])
		}
		switch g.dState[i] {
		case dsRolled:
			if face < 1 || face > sides {
				return fmt.Errorf("a d%d shows %d", sides, face)
			}
		case dsPool, dsTiwaz:
			if face != 0 {
				return fmt.Errorf("an unrolled d%d shows %d", sides, face)
			}
		default:
			return fmt.Errorf("die %d is in state %d", i, g.dState[i])
		}
		if g.dState[i] == dsPool && g.rolled || g.dState[i] != dsPool && !g.rolled {
			return fmt.Errorf("die %d is in state %d, rolled %v", i, g.dState[i], g.rolled)
		}
	}
	if d8 > int(e.p.maxD8) {
		return fmt.Errorf("P%d holds %d d8, more than MaxD8 %d", g.seat+1, d8, e.p.maxD8)
	}
	if int(g.d8Res)+d8 != int(e.p.d8) || g.d8Res < 0 {
		return fmt.Errorf("d8 conservation: %d in the reserve + %d in use, want %d", g.d8Res, d8, e.p.d8)
	}
	if hands := own + int(g.ownAside); g.nd > 0 && hands != int(e.p.ownDice) {
		return fmt.Errorf("P%d uses %d of their %d own dice", g.seat+1, hands, e.p.ownDice)
	}
	if !e.p.unlimitedDice {
		// Every d6 is in the Stock, in use this turn, set aside for a d8, or
		// in a player's hand as one of their own (S4, S5, G9).
		hands := int(e.p.ownDice) * int(n)
		if g.nd > 0 {
			hands -= int(e.p.ownDice)
		}
		if got := int(g.stockD6) + stock + own + int(g.ownAside) + hands; got != int(e.d6Total) || g.stockD6 < 0 {
			return fmt.Errorf("dice conservation: Stock %d + in use %d + set aside %d + players' own %d = %d d6, want %d",
				g.stockD6, stock+own, g.ownAside, hands, got, e.d6Total)
		}
	}
	return nil
}

// stockTotal is the Stock's d6 at setup: the blank ones and the colours no
// player uses (S5).
func (g *Game) stockTotal() int16 {
	return g.e.p.blankD6 + int16(g.e.p.ownDice)*int16(len(g.e.valkyria)-int(g.n))
}

// boardCards is the number of Edda and Keeper cards of the game.
func (e *Engine) boardCards() int {
	n := 0
	for k := 1; k <= 3; k++ {
		n += len(e.edda[k]) + len(e.keepers[k])
	}
	return n
}
