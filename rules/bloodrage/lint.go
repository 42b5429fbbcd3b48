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
	add := func(sheet, id, column, msg string) {
		out = append(out, sim.Finding{Sheet: sheet, ID: id, Column: column, Message: msg})
	}
	maxRage := e.p.tracks[statRage][len(e.p.tracks[statRage])-1]
	monsterOK := func(design int16) bool {
		c := &e.cards[design]
		return int(c.age) <= e.p.ages && (!e.p.removeByClans || int(c.players) <= 1+e.p.maxAI) && e.p.maxMon > 0
	}
	for bi := range e.boards {
		bd := &e.boards[bi]
		named := map[int16]string{} // monster card → the first cell or entry naming it
		twice := func(sheet, id, column, at string, design int16) {
			if first, ok := named[design]; ok {
				add(sheet, id, column, fmt.Sprintf("%s: monster %s is also named by %s; once either finds it, it is in play and the other can never find it", at, e.cards[design].id, first))
				return
			}
			named[design] = id
		}
		for i, cl := range bd.pillage {
			if dead := e.unreachable(bd.pillage[:i], &cl); dead >= 0 {
				add("AIBoard", bd.id, "Pillage", fmt.Sprintf("%s pillage clause %d (target %s) is never reached: clause %d always picks a province first",
					bd.id, i+1, whereNames[cl.a], dead+1))
			}
		}
		for f := range nTracks {
			for st := range bd.tracks[f] {
				cell := &bd.tracks[f][st]
				at := fmt.Sprintf("%s track %d cell %d", bd.id, f+1, st+1)
				bad := func(msg string) { add("AITrack", cell.id, "Instruction", at+": "+msg) }
				switch cl := &cell.instr; cl.verb {
				case vMonster:
					if !monsterOK(cl.a) {
						bad("monster " + e.cards[cl.a].id + " is never in this game's cards")
					}
					twice("AITrack", cell.id, "Instruction", at, cl.a)
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
				add("AIUpgrade", u.id, "Cost", fmt.Sprintf("%s: costs %d, more than the highest Rage %d", at, u.cost, maxRage))
			}
			if u.monster >= 0 && !monsterOK(u.monster) {
				add("AIUpgrade", u.id, "Monster", at+": monster "+e.cards[u.monster].id+" is never in this game's cards")
			}
			if u.monster >= 0 {
				twice("AIUpgrade", u.id, "Monster", at, u.monster)
			}
		}
	}
	return out
}

// whereNames are the target words, for messages.
var whereNames = [...]string{whereStrongest: "strongest", whereLead: "lead", whereWeakest: "weakest",
	whereDoomed: "doomed", whereYggdrasil: "yggdrasil", whereRandom: "random", whereInvade: "invade"}

// unreachable returns the index of an earlier pillage clause that always
// decides before cl can (T23): one without conditions
// whose target picks a province whenever there is a candidate (strongest,
// lead, weakest, random), or picks the same target cl would; else -1.
func (e *Engine) unreachable(earlier []clause, cl *clause) int {
	for j := range earlier {
		d := &earlier[j]
		if d.verb != vTarget || len(d.conds) > 0 {
			continue
		}
		switch d.a {
		case whereStrongest, whereLead, whereWeakest, whereRandom:
			return j
		}
		if d.a == cl.a {
			return j
		}
	}
	return -1
}
