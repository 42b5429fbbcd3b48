package bloodrage

import "bifrost/schema"

// snapshot is what CheckStep compares across one decision.
type snapshot struct {
	taken     bool
	age       int8
	glory     [maxClans]int32 // glory plus what an opponent's card took (R37)
	step      [maxClans][3]int8
	pass      [maxClans]int8
	stepped   [maxClans][nTracks]int32
	rolls     [maxClans]int32
	owned     [maxClans]uint16
	destroyed [nProv]bool
	pillaged  [nProv]bool
}

// CheckStep checks the invariants about change over time (sim.Stepper)
// against the state at the previous call, then records the state:
//
//   - the Age only advances, one at a time;
//   - glory never goes down, except by what an opponent's card takes (I12, R37);
//   - stat tracks never go down;
//   - an AI keeps every upgrade-table entry kept for the game (red and green,
//     and blue with KeepBlueUpgrades; R16);
//   - a destroyed province stays destroyed;
//   - within an Age, a pillaged province stays pillaged until Ragnarök
//     destroys it, a pass die never goes down (I2), no marker moves back
//     (I4), and the markers move no more steps than the AI rolled the D6.
func (g *Game) CheckStep() error {
	prev := &g.snap
	if prev.taken {
		if err := g.checkStep(prev); err != nil {
			g.record()
			return err
		}
	}
	g.record()
	return nil
}

func (g *Game) checkStep(prev *snapshot) error {
	if g.age < prev.age || g.age > prev.age+1 {
		return schema.Errorf("時代が%dから%dになりました", "the Age went from %d to %d", prev.age, g.age)
	}
	sameAge := g.age == prev.age && !g.over // the last Age resets its boards as the game ends
	for s := range g.n {
		c := &g.clan[s]
		if gl := c.glory + c.lost; gl < prev.glory[s] {
			return schema.Errorf("I12: P%dの名誉が%dから%dに減りました", "I12: P%d's glory went down from %d to %d", s+1, prev.glory[s], gl)
		}
		for k := range 3 {
			if c.step[k] < prev.step[s][k] {
				return schema.Errorf("P%dの%sが%d段目から%d段目に下がりました", "P%d's %s went down from step %d to %d", s+1, statWords[k], prev.step[s][k], c.step[k])
			}
		}
		if c.owned&prev.owned[s] != prev.owned[s] {
			return schema.Errorf("P%dの強化表の取得済みの欄が消えました（%bから%b）", "P%d lost an upgrade-table entry (%b to %b)", s+1, prev.owned[s], c.owned)
		}
		if s == 0 || !sameAge {
			continue
		}
		if c.pass < prev.pass[s] {
			return schema.Errorf("I2: 時代%[4]dの中で、P%[1]dのパスダイスの目が%[2]dから%[3]dに下がりました", "I2: P%d's pass die went down from %d to %d within Age %d", s+1, prev.pass[s], c.pass, g.age)
		}
		moved := 0
		for f := range nTracks {
			if c.stepped[f] < prev.stepped[s][f] {
				return schema.Errorf("I4: 時代%[3]dの中で、P%[1]dのトラック%[2]dのマーカーが戻りました", "I4: P%d's marker %d moved back within Age %d", s+1, f+1, g.age)
			}
			moved += int(c.stepped[f] - prev.stepped[s][f])
		}
		if rolled := int(c.rolls - prev.rolls[s]); moved > rolled {
			return schema.Errorf("I4: P%dのマーカーが、D6を%[3]d回振って%[2]dマス進みました", "I4: P%d's markers moved %d steps on %d D6 rolls", s+1, moved, rolled)
		}
	}
	for p := range nProv {
		if prev.destroyed[p] && !g.destroyed[p] {
			return schema.Errorf("破壊された%sが元に戻りました", "%s was destroyed and is back", g.placeWord(p))
		}
		if sameAge && prev.pillaged[p] && !g.pillaged[p] && !g.destroyed[p] {
			return schema.Errorf("時代%[2]dの中で、%[1]sが略奪されていない状態に戻りました", "%s is no longer pillaged within Age %d", g.placeWord(p), g.age)
		}
	}
	return nil
}

// record keeps the state CheckStep compares with next time.
func (g *Game) record() {
	sn := &g.snap
	sn.taken, sn.age = true, g.age
	for s := range g.n {
		c := &g.clan[s]
		sn.glory[s] = c.glory + c.lost
		sn.step[s], sn.pass[s], sn.stepped[s], sn.rolls[s], sn.owned[s] = c.step, c.pass, c.stepped, c.rolls, c.owned
	}
	sn.destroyed, sn.pillaged = g.destroyed, g.pillaged
}
