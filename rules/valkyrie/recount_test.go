package valkyrie

import (
	"fmt"
	"slices"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// recount proves Check's incremental reading (simtest.Recount): the engine
// marks every zone it changes (touch), and Check reads only the marked
// zones, following each card from the zone it last saw it in and keeping
// each zone's count, the cards of each kind and each seat's VP.
var recount = simtest.Recount{Marked: unmarkedChange, Counts: recountZones}

// unmarkedChange reports, before Check, a zone that changed without its
// mark: an unmarked zone must hold just the cards Check last saw in it.
func unmarkedChange(gm sim.Game) error {
	g := gm.(*Game)
	ch := g.chk
	if ch == nil {
		return nil // Check has not read the game yet, or it is over
	}
	for id := range ch.zones {
		if g.dirty.Has(id) {
			continue
		}
		if err := zoneAsSeen(g, ch, id); err != nil {
			return fmt.Errorf("unmarked: %v", err)
		}
	}
	return nil
}

// recountZones recounts, after Check, every zone and every tally Check keeps.
func recountZones(gm sim.Game) error {
	g := gm.(*Game)
	ch := g.chk
	if ch == nil {
		return nil // the game is over: its last Check read every zone
	}
	if g.dirty.Any() {
		return fmt.Errorf("Check left zones %v marked", slices.Collect(g.dirty.All()))
	}
	var kinds [4]int
	var vp [maxPlayers]int
	for id := range ch.zones {
		if err := zoneAsSeen(g, ch, id); err != nil {
			return err
		}
		z := g.zoneRef(id)
		for _, s := range z.piles() {
			for _, c := range s {
				if c < 0 {
					continue
				}
				kinds[ch.seen[c].kind]++
				if id < 3*g.n {
					vp[id/3] += int(ch.seen[c].vp)
				}
			}
		}
	}
	if kinds != ch.kinds {
		return fmt.Errorf("the zones hold %v cards of each kind, Check counts %v", kinds, ch.kinds)
	}
	if vp != ch.vp {
		return fmt.Errorf("the seats' zones are worth %v VP, Check counts %v", vp, ch.vp)
	}
	return nil
}

// zoneAsSeen reports a difference between zone id and what Check last saw
// in it: its size against Check's count, and each card against the zone
// Check last saw it in.
func zoneAsSeen(g *Game, ch *checker, id int) error {
	z := g.zoneRef(id)
	if n := z.len(); int32(n) != ch.zones[id].count {
		return fmt.Errorf("the %s holds %d cards, Check counts %d", g.idName(id)[1], n, ch.zones[id].count)
	}
	for _, s := range z.piles() {
		for _, c := range s {
			if c >= 0 && int(ch.seen[c].zone) != id {
				return fmt.Errorf("card #%d is in the %s, Check last saw it in zone %d", c, g.idName(id)[1], ch.seen[c].zone)
			}
		}
	}
	return nil
}
