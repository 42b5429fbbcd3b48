package bloodrage

import (
	"fmt"

	"bifrost/rules/sim"
)

// Lint lists the board instructions the model can never carry out with
// this data and these Rules, whatever the dice: a monster card no game
// deals, a ship with no ships, a stat with one step, an upgrade dearer
// than any Rage. Validation reports them at their cells, and the sim report
// repeats them as static_problems; the cells that simply never ran in a
// batch are its dead_cells.
func (e *Engine) Lint() []sim.Finding {
	var out []sim.Finding
	add := func(sheet, id, msg string) { out = append(out, sim.Finding{Sheet: sheet, ID: id, Message: msg}) }
	maxRage := e.p.tracks[statRage][len(e.p.tracks[statRage])-1]
	monsterOK := func(design int16) bool {
		c := &e.cards[design]
		return int(c.age) <= e.p.ages && int(c.players) <= 1+e.p.maxAI && e.p.maxMon > 0
	}
	for bi := range e.boards {
		bd := &e.boards[bi]
		for f := range nTracks {
			for st := range bd.tracks[f] {
				cell := &bd.tracks[f][st]
				at := fmt.Sprintf("%s track %d cell %d", bd.id, f+1, st+1)
				bad := func(msg string) { add("AITrack", cell.id, at+": "+msg) }
				switch cl := &cell.instr; cl.verb {
				case vMonster:
					if !monsterOK(cl.a) {
						bad("monster " + e.cards[cl.a].id + " is never in an Age deck")
					}
				case vShip:
					if e.p.ships == 0 {
						bad("ship, but clans have no ships (Rules Ships)")
					}
				case vStat:
					if cl.a <= statHorns && len(e.p.tracks[cl.a]) < 2 {
						bad("stat on a track with one step")
					}
				case vBoost:
					if len(bd.boost) == 0 {
						bad("boost, but the board has no boost")
					}
				case vPillage:
					if len(bd.pillage) == 0 {
						bad("pillage, but the board has no pillage rule")
					}
				}
			}
		}
		for f := range nUpFaces {
			u := &bd.up[f]
			at := fmt.Sprintf("%s upgrade %d", bd.id, f+1)
			if u.cost > maxRage {
				add("AIUpgrade", u.id, fmt.Sprintf("%s: costs %d, more than the highest Rage %d", at, u.cost, maxRage))
			}
			if u.monster >= 0 && !monsterOK(u.monster) {
				add("AIUpgrade", u.id, at+": monster "+e.cards[u.monster].id+" is never in an Age deck")
			}
		}
	}
	return out
}
