package valkyrie

import (
	"fmt"
)

// zone names a place a card can be, for Check.
type zone uint8

const (
	zDeck zone = iota
	zHand
	zPlay
	zGained
	zDiscard
	zVPArea
	zSupply
	zRow
	zTrash
	zRage
	zPool
	zBox
)

var zoneNames = [...]string{"draw pile", "hand", "play area", "acquired area", "discard pile", "VP area",
	"supply deck", "supply row", "trash pile", "rage deck", "VP pool", "box"}

// Check verifies the invariants of the checklist's §5 after a decision:
// every card in exactly one zone holding only what it may (I1–I6), the
// supply's shape (I7), an empty supply deck has an empty 廃棄置場 (I9), no
// negative counters (I10), empty play and acquired areas outside one's turn
// (I11), monotone rage decks and flags (I14), turn counts (I15), the end
// timing (I16) and the running scores (I18).
func (g *Game) Check() error {
	e := g.e
	if g.seen == nil {
		g.seen = make([]uint8, len(e.inst))
	}
	clear(g.seen)
	for i := range g.pl {
		p := &g.pl[i]
		for _, z := range [...]struct {
			k zone
			s []int16
		}{{zDeck, p.deck}, {zHand, p.hand}, {zPlay, p.play}, {zGained, p.gained}, {zDiscard, p.discard}, {zVPArea, p.vparea}} {
			if err := g.tally(z.s, z.k, i); err != nil {
				return fmt.Errorf("P%d: %w", i+1, err)
			}
		}
	}
	for d := range 2 {
		if err := g.tally(g.supply[d], zSupply, d); err != nil {
			return err
		}
		if err := g.tally(g.rows[d], zRow, d); err != nil {
			return err
		}
		if err := g.tally(g.trash[d], zTrash, d); err != nil {
			return err
		}
		if len(g.rows[d]) != numRows*e.rowSlots {
			return fmt.Errorf("I7: the %s supply has %d slots, want %d", deckNames[d], len(g.rows[d]), numRows*e.rowSlots)
		}
		if len(g.supply[d]) == 0 && len(g.trash[d]) > 0 {
			return fmt.Errorf("I9: the %s supply deck is empty but its trash pile holds %d", deckNames[d], len(g.trash[d]))
		}
	}
	for r, deck := range g.rage {
		if err := g.tally(deck, zRage, r); err != nil {
			return err
		}
	}
	for k, pile := range g.pool {
		if err := g.tally(pile, zPool, k); err != nil {
			return err
		}
	}
	if err := g.tally(g.box, zBox, 0); err != nil {
		return err
	}
	for c, n := range g.seen {
		if n != 1 {
			return fmt.Errorf("I1: card #%d (%s) is in %d zones", c, e.designs[e.inst[c]].id, n)
		}
	}

	if g.funds < 0 || g.power < 0 || g.harden < 0 {
		return fmt.Errorf("I10: funds %d, power %d, harden %d", g.funds, g.power, g.harden)
	}
	if g.played[0] < 0 || g.played[1] < 0 || g.played[2] < 0 || g.left < 0 {
		return fmt.Errorf("I10: negative counter (played %v, left %d)", g.played, g.left)
	}
	for i := range g.pl {
		p := &g.pl[i]
		if i != g.active && (len(p.play) > 0 || len(p.gained) > 0) {
			return fmt.Errorf("I11: P%d has %d cards in play and %d acquired outside its turn", i+1, len(p.play), len(p.gained))
		}
		if s := g.zoneScore(i); s != p.score {
			return fmt.Errorf("I18: P%d's zones are worth %d VP but the running score is %d", i+1, s, p.score)
		}
	}

	left := g.rageLeft()
	if g.prevRage >= 0 && left > g.prevRage {
		return fmt.Errorf("I14: rage decks grew from %d to %d weaknesses", g.prevRage, left)
	}
	g.prevRage = left
	for d := range 2 {
		if g.prevExh[d] && !g.exhausted[d] {
			return fmt.Errorf("I14: the %s run-out flag was cleared", deckNames[d])
		}
		g.prevExh[d] = g.exhausted[d]
	}
	if g.prevEnd && !g.endTriggered {
		return fmt.Errorf("I14: the end trigger was cleared")
	}
	g.prevEnd = g.endTriggered
	if want := (g.exhausted[0] && g.exhausted[1]) || left == 0; want != g.endTriggered {
		return fmt.Errorf("E1/E2: end conditions met %v but end triggered %v", want, g.endTriggered)
	}

	sum := 0
	for i := range g.pl {
		t := g.pl[i].turns
		sum += t
		if i > 0 && t > g.pl[i-1].turns {
			return fmt.Errorf("I15: P%d has begun %d turns, more than P%d's %d", i+1, t, i, g.pl[i-1].turns)
		}
	}
	if g.pl[0].turns-g.pl[g.n-1].turns > 1 || sum != g.turns {
		return fmt.Errorf("I15: turn counts %d..%d, sum %d of %d", g.pl[g.n-1].turns, g.pl[0].turns, sum, g.turns)
	}
	if g.endTriggered && g.pl[0].turns > g.endRound {
		return fmt.Errorf("I16: P1 began turn %d after the end was triggered in round %d", g.pl[0].turns, g.endRound)
	}
	if g.over && !g.endNow {
		if !g.endTriggered || g.pl[g.n-1].turns != g.pl[0].turns {
			return fmt.Errorf("I16: the game ended with turn counts %d..%d (end triggered %v)", g.pl[g.n-1].turns, g.pl[0].turns, g.endTriggered)
		}
	}
	if !g.over && g.step == stNone {
		return fmt.Errorf("the game waits for no decision")
	}
	return nil
}

// tally counts the cards of one zone and checks what it may hold (I6).
func (g *Game) tally(s []int16, z zone, arg int) error {
	e := g.e
	for _, c := range s {
		if c < 0 {
			if z == zRow {
				continue
			}
			return fmt.Errorf("I1: an empty slot in the %s", zoneNames[z])
		}
		if int(c) >= len(e.inst) {
			return fmt.Errorf("I1: card #%d does not exist", c)
		}
		g.seen[c]++
		ds := &e.designs[e.inst[c]]
		ok := false
		switch z {
		case zDeck, zHand, zPlay, zDiscard:
			ok = ds.kind == kindValkyrie || ds.kind == kindFirst
		case zGained:
			ok = ds.kind == kindValkyrie || ds.kind == kindWeakness || ds.kind == kindVP
		case zVPArea:
			ok = ds.kind == kindWeakness || ds.kind == kindVP
		case zSupply, zRow, zTrash:
			ok = ds.kind == kindValkyrie && int(ds.cat) == arg
		case zRage:
			ok = ds.kind == kindWeakness && ds.monster == g.monster && ds.rage == arg+1
		case zPool:
			ok = ds.kind == kindVP && e.inst[c] == e.vpOrder[arg]
		case zBox:
			ok = ds.kind == kindFirst || (ds.kind == kindWeakness && ds.monster != g.monster)
		}
		if !ok {
			where := zoneNames[z]
			if z == zSupply || z == zRow || z == zTrash {
				where = deckNames[arg] + " " + where
			}
			return fmt.Errorf("I6: %s (%s) is in the %s", ds.id, ds.name, where)
		}
	}
	return nil
}
