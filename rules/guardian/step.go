package guardian

import "bifrost/schema"

// snapshot is what CheckStep remembers of a game between two decisions.
type snapshot struct {
	taken   bool // a snapshot was recorded
	phase   phase
	turn    int32
	first   int8
	actSeat int8  // the seat asked for the last step-4 action, -1 none
	actTurn int32 // the turn of that action
	seat    [2]seatSnapshot
}

// seatSnapshot is one seat's zone sizes and one-way counts.
type seatSnapshot struct {
	deck, res, consumed               int
	wins, taken, fortified, recovered int16
	counters                          []int32
}

// CheckStep verifies the checklist's invariants about change over time,
// between the previous call and now (sim.Stepper):
//   - the turn, battles won, resource cards taken or fortified, consume-zone
//     cards recovered and every record only grow;
//   - I8: outside the mulligan a deck never grows (no effect puts cards back);
//   - I7: a resource zone grows only by fortify effects (and in setup, S7);
//   - I9: a consume zone shrinks only by recover effects;
//   - I14: the first player of a new turn follows R39–R41 from the
//     resource zones at the end of the last turn, its result and its first player;
//   - I11: a new turn starts with every once-per-battle marker cleared;
//   - I10: step 4 starts with the first player unless it has passed, and a
//     seat acts twice in a row only when the other has passed.
func (g *Game) CheckStep() error {
	err := g.checkStep()
	g.snap()
	return err
}

func (g *Game) checkStep() error {
	p, w := &g.p, &g.was
	if !w.taken {
		return nil
	}
	if p.turn < w.turn {
		return schema.Errorf("ターンが%dから%dに戻りました", "the turn went back from %d to %d", w.turn, p.turn)
	}
	setup := w.phase == phMulligan
	for s := range 2 {
		ps, h, ws := &p.ps[s], &g.h[s], &w.seat[s]
		switch {
		case ps.wins < ws.wins || ps.taken < ws.taken || ps.fortified < ws.fortified || ps.recovered < ws.recovered:
			return schema.Errorf("P%dの減らないはずの数が減りました：勝った戦闘 %d→%d、リソースゾーンから手札に加えた枚数 %d→%d、リソースゾーンに加えた枚数 %d→%d、消費ゾーンから戻した枚数 %d→%d", "P%d's one-way counts went back: battles won %d→%d, resource cards taken %d→%d, fortified %d→%d, recovered %d→%d",
				s+1, ws.wins, ps.wins, ws.taken, ps.taken, ws.fortified, ps.fortified, ws.recovered, ps.recovered)
		case !setup && len(h.deck) > ws.deck:
			return schema.Errorf("P%dの山札が引き直しの外で%d枚から%d枚に増えました（I8）", "P%d's deck grew from %d to %d cards outside the mulligan (I8)", s+1, ws.deck, len(h.deck))
		case !setup && len(h.res)-ws.res > int(ps.fortified-ws.fortified):
			return schema.Errorf("P%dのリソースゾーンが%d枚から%d枚に増えましたが、加えたのは%d枚です（I7）", "P%d's resource zone grew from %d to %d cards with %d fortified (I7)", s+1, ws.res, len(h.res), ps.fortified-ws.fortified)
		case ws.consumed-len(ps.consumed) > int(ps.recovered-ws.recovered):
			return schema.Errorf("P%dの消費ゾーンが%d枚から%d枚に減りましたが、戻したのは%d枚です（I9）", "P%d's consume zone shrank from %d to %d cards with %d recovered (I9)", s+1, ws.consumed, len(ps.consumed), ps.recovered-ws.recovered)
		}
		for i, c := range ps.counters {
			if c < ws.counters[i] {
				return schema.Errorf("P%dの記録%qが%d回から%d回に戻りました", "P%d's record %q went back from %d to %d", s+1, g.e.counters[i], ws.counters[i], c)
			}
		}
	}
	if p.turn == w.turn+1 && !setup {
		if want := nextFirst(p.endRes, p.result, w.first); p.first != want {
			return schema.Errorf("ターン%dの先攻がP%dですが、R39〜R41ではP%dです（リソース %d／%d、前の結果 %d）", "turn %d starts with P%d, but R39–R41 give P%d (resources %d/%d, last result %d)",
				p.turn, p.first+1, want+1, p.endRes[0], p.endRes[1], p.result)
		}
	}
	if p.turn > w.turn {
		for s := range 2 {
			for _, cc := range p.ps[s].cheer {
				if cc.used > 0 {
					return schema.Errorf("ターン%dの始めに、P%dの%sが使用済みのままです（I11）", "turn %d starts with P%d's %s marked as used (I11)", p.turn, s+1, g.e.ids[cc.card])
				}
			}
		}
	}
	if p.ask == askAction {
		s, o := p.askSeat, other(int(p.askSeat))
		switch {
		case (w.actSeat < 0 || w.actTurn != p.turn) && s != p.first && !p.ps[p.first].passed:
			return schema.Errorf("ターン%[2]dの最初の行動を、先攻のP%[3]dでなくP%[1]dがしています（I10）", "P%d takes the first action of turn %d, not the first player P%d (I10)", s+1, p.turn, p.first+1)
		case w.actSeat == s && w.actTurn == p.turn && !p.ps[o].passed:
			return schema.Errorf("P%dが、P%dがパスしていないのに2回続けて行動しています（I10）", "P%d acts twice in a row while P%d has not passed (I10)", s+1, o+1)
		}
	}
	return nil
}

// nextFirst is the first player of the next turn by R39–R41: fewer
// resource cards, else the winner of the battle, else no change.
func nextFirst(res [2]int16, result, first int8) int8 {
	switch {
	case res[0] < res[1]:
		return 0
	case res[1] < res[0]:
		return 1
	case result >= 0:
		return result
	}
	return first
}

// snap records the state for the next CheckStep.
func (g *Game) snap() {
	p, w := &g.p, &g.was
	if !w.taken || w.turn != p.turn {
		w.actSeat = -1
	}
	if p.ask == askAction {
		w.actSeat, w.actTurn = p.askSeat, p.turn
	}
	w.taken, w.phase, w.turn, w.first = true, p.phase, p.turn, p.first
	for s := range 2 {
		ps, h, ws := &p.ps[s], &g.h[s], &w.seat[s]
		ws.deck, ws.res, ws.consumed = len(h.deck), len(h.res), len(ps.consumed)
		ws.wins, ws.taken, ws.fortified, ws.recovered = ps.wins, ps.taken, ps.fortified, ps.recovered
		copy(ws.counters, ps.counters)
	}
}
