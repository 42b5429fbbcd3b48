package nastrond

import (
	"fmt"
	"math/bits"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/effect"
)

// The meaning of every word of the Nastrond effect vocabulary (schema's
// nastrondVocab). New compiles each Einherjar's skill into clauses; a word
// missing from the tables below is an error, and a test walks the
// vocabulary to prove that none is.

// trigger is a skill's timing (G31).
type trigger uint8

const (
	tBeforeRoll trigger = iota // before choosing how many dice to roll
	tAfterRoll                 // after the roll, before the dice are fixed (the default)
	tAfterFix                  // after the dice are fixed: Power only, no die changes (T10)
	tScout                     // the scouting phase
	nTriggers
)

var triggers = map[string]trigger{
	"":            tAfterRoll,
	"before_roll": tBeforeRoll,
	"after_roll":  tAfterRoll,
	"after_fix":   tAfterFix,
	"scout":       tScout,
}

// verb is a skill's action.
type verb uint8

const (
	vDiePlus   verb = iota + 1 // one rolled die ±n, kept within 1..sides (T11)
	vSetDie                    // one rolled die becomes n (at most its sides)
	vReroll                    // reroll up to n rolled dice
	vAddDie                    // n Stock d6: into the pool before the roll, rolled and added after it
	vPower                     // Power ±n
	vVP                        // n VP: at once when scouting, at a successful judgement during the challenge
	vToD8                      // up to n pool d6 become d8 (within D8 and MaxD8)
	vCostMinus                 // this turn's scout costs n less (not below 0)
	vTiwaz                     // n more ↑, counted at judgement (G1)
)

var verbs = map[string]verb{
	"die_plus":   vDiePlus,
	"set_die":    vSetDie,
	"reroll":     vReroll,
	"add_die":    vAddDie,
	"power":      vPower,
	"vp":         vVP,
	"to_d8":      vToD8,
	"cost_minus": vCostMinus,
	"tiwaz":      vTiwaz,
}

// windows says at which triggers each verb can act; it matches the
// timings schema validates (nastrondTimings).
var windows = [...]uint8{
	vDiePlus:   1 << tAfterRoll,
	vSetDie:    1 << tAfterRoll,
	vReroll:    1 << tAfterRoll,
	vAddDie:    1<<tBeforeRoll | 1<<tAfterRoll,
	vPower:     1 << tAfterFix,
	vVP:        1<<tBeforeRoll | 1<<tAfterRoll | 1<<tAfterFix | 1<<tScout,
	vToD8:      1 << tBeforeRoll,
	vCostMinus: 1 << tScout,
	vTiwaz:     1<<tBeforeRoll | 1<<tAfterRoll | 1<<tAfterFix,
}

// condKind is a skill condition in 【】.
type condKind uint8

const (
	cLayer     condKind = iota + 1 // the pawn's layer (4 on Nidhogg)
	cDice                          // dice in hand: pool, rolled and ↑ dice
	cTiwaz                         // ↑: dice kept plus ↑ from skills
	cTarget                        // the target value of this turn's challenge (0 with none)
	cKeeper                        // this turn's challenge is a Keeper or Nidhogg
	cEinherjar                     // Einherjar the player holds
)

var conds = map[string]condKind{
	"layer":     cLayer,
	"dice":      cDice,
	"tiwaz":     cTiwaz,
	"target":    cTarget,
	"keeper":    cKeeper,
	"einherjar": cEinherjar,
}

type cond struct {
	kind condKind
	op   sim.Op // sim.OpNone: a bare condition holds when its value is above 0
	val  int16
}

type clause struct {
	trig  trigger
	verb  verb
	n     int8
	nc    int8
	conds [maxConds]cond
}

// skill is one Einherjar design's compiled skill.
type skill struct {
	n       int8
	windows uint8            // bit t set when a clause has trigger t
	at      [nTriggers]uint8 // at[t]: the clauses with trigger t, one bit each
	cl      [maxClauses]clause
}

// compileSkill turns a parsed skill into clauses. A nil effect is a card
// without a skill.
func compileSkill(e *effect.Effect) (skill, error) {
	var sk skill
	if e == nil {
		return sk, nil
	}
	if len(e.Clauses) > maxClauses {
		return sk, schema.Errorf("文が %d 個あります（エンジンが扱えるのは %d 個まで）", "%d clauses; the engine takes at most %d", len(e.Clauses), maxClauses)
	}
	for _, c := range e.Clauses {
		t, ok := triggers[c.Trigger]
		if !ok {
			return sk, schema.Errorf("タイミング「%s」はありません", "unknown timing \"%s\"", c.Trigger)
		}
		v, ok := verbs[c.Action.Name]
		if !ok {
			return sk, schema.Errorf("動詞「%s」はありません", "unknown verb \"%s\"", c.Action.Name)
		}
		if windows[v]&(1<<t) == 0 {
			return sk, schema.Errorf("「%s」はタイミング %s には使えません", "%s cannot act at timing %s", c.Action.Name, triggerName(t))
		}
		if len(c.Conds) > maxConds {
			return sk, schema.Errorf("条件が %d 個あります（エンジンが扱えるのは %d 個まで）", "%d conditions; the engine takes at most %d", len(c.Conds), maxConds)
		}
		cl := clause{trig: t, verb: v, n: int8(c.Action.Int(0)), nc: int8(len(c.Conds))}
		i := 0
		err := sim.CompileConds(c.Conds, conds, func(k condKind, o sim.Op, cc effect.Call) error {
			cl.conds[i] = cond{kind: k, op: o, val: int16(cc.Value)}
			i++
			return nil
		})
		if err != nil {
			return sk, err
		}
		sk.at[t] |= 1 << sk.n
		sk.cl[sk.n] = cl
		sk.n++
		sk.windows |= 1 << t
	}
	return sk, nil
}

func triggerName(t trigger) string {
	for name, tt := range triggers {
		if tt == t && name != "" {
			return name
		}
	}
	return "?"
}

// condValue is the current value a condition compares.
func (g *Game) condValue(k condKind) int {
	s := g.seat
	switch k {
	case cLayer:
		return int(board.layer[g.pawn[s]])
	case cDice:
		return int(g.nd)
	case cTiwaz:
		return g.tiwazCount()
	case cTarget:
		if g.chal >= 0 {
			return int(g.e.info[g.chal].target)
		}
		return 0
	case cKeeper:
		if g.chal >= 0 {
			if k := g.e.info[g.chal].kind; k == kindKeeper || k == kindNidhogg {
				return 1
			}
		}
		return 0
	case cEinherjar:
		return int(g.nHeld[s])
	}
	panic(fmt.Sprintf("nastrond: condition %d has no meaning", k))
}

func (g *Game) holds(c *cond) bool { return c.op.Holds(g.condValue(c.kind), int(c.val)) }

func (g *Game) condsHold(cl *clause) bool {
	for i := range cl.nc {
		if !g.holds(&cl.conds[i]) {
			return false
		}
	}
	return true
}

// dieEffect is the face die i would show after a die_plus or set_die clause.
func (g *Game) dieEffect(cl *clause, i int8) int8 {
	sides, face := g.dSides[i], g.dFace[i]
	switch cl.verb {
	case vDiePlus:
		return clamp(face+cl.n, 1, sides)
	case vSetDie:
		return clamp(cl.n, 1, sides)
	}
	return face
}

func clamp(x, lo, hi int8) int8 { return max(lo, min(x, hi)) }

// helps reports whether a clause could do the player any good now, given
// the rolled dice d. A die only ever helps by going up: no condition reads
// a face, and success is Power ≥ target.
func (g *Game) helps(cl *clause, d *dieSet) bool {
	switch cl.verb {
	case vDiePlus:
		return cl.n > 0 && d.up != 0 // a rolled face is at least 1
	case vSetDie:
		for m := d.first; m != 0; m &= m - 1 {
			if i := int8(bits.TrailingZeros64(m)); g.dieEffect(cl, i) > g.dFace[i] {
				return true
			}
		}
		return false
	case vReroll:
		return d.up != 0
	case vAddDie:
		return cl.n > 0 && g.stockHas() && g.nd < maxDice
	case vToD8:
		return cl.n > 0 && g.canD8()
	}
	return cl.n > 0
}

// activeClauses marks the clauses of design j that apply in window w now:
// their conditions hold.
func (g *Game) activeClauses(j int, w trigger) (act [maxClauses]bool) {
	sk := &g.e.skills[j]
	for m := sk.at[w]; m != 0; m &= m - 1 {
		i := bits.TrailingZeros8(m)
		act[i] = g.condsHold(&sk.cl[i])
	}
	return act
}

// skillChoices appends a KSkill choice for every way to use each held,
// unused skill in window w: one per die its die clause would change, the
// dice it raises when it raises any. d is the rolled dice.
func (g *Game) skillChoices(buf []Choice, w trigger, d *dieSet) []Choice {
	s := g.seat
	for m := g.heldMask[s] & g.e.winMask[w]; m != 0; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		if g.held[s][j] <= g.used[j] {
			continue
		}
		sk := &g.e.skills[j]
		var dieCl *clause
		ok := false
		for c := sk.at[w]; c != 0; c &= c - 1 {
			cl := &sk.cl[bits.TrailingZeros8(c)]
			if !g.condsHold(cl) {
				continue
			}
			ok = ok || g.helps(cl, d)
			if dieCl == nil && (cl.verb == vDiePlus || cl.verb == vSetDie) {
				dieCl = cl
			}
		}
		if !ok {
			continue
		}
		if dieCl == nil {
			buf = append(buf, Choice{Kind: KSkill, A: int16(j), B: -1})
			continue
		}
		raises := g.helps(dieCl, d)
		n := len(buf)
		for f := d.first; f != 0; f &= f - 1 {
			i := int8(bits.TrailingZeros64(f))
			if e := g.dieEffect(dieCl, i); e > g.dFace[i] || !raises && e != g.dFace[i] {
				buf = append(buf, Choice{Kind: KSkill, A: int16(j), B: int16(i)})
			}
		}
		if len(buf) == n { // a die clause that changes nothing, beside one that helps
			buf = append(buf, Choice{Kind: KSkill, A: int16(j), B: -1})
		}
	}
	return buf
}

// useSkill applies every clause of design j that acts in the current
// window, in order, die clauses on die b. A reroll clause then opens a
// window in which the player picks the dice to reroll.
func (g *Game) useSkill(j int, b int8, emit func(Event)) {
	w := g.window()
	act := g.activeClauses(j, w)
	g.used[j]++
	card := g.e.einCard[j]
	emit(Event{Kind: Played, Seat: g.seat, Card: int32(card), N: int32(w)})
	sk := &g.e.skills[j]
	for i := range sk.n {
		if act[i] {
			g.applyClause(&sk.cl[i], b, card, emit)
		}
	}
	if n := g.rerollBudget(j, act); n > 0 && g.dice(0).up != 0 {
		g.rerollLeft, g.rerollCard, g.ph = n, card, phReroll
	}
}

// applyClause gives a clause its meaning.
func (g *Game) applyClause(cl *clause, b int8, card int16, emit func(Event)) {
	s := g.seat
	switch cl.verb {
	case vDiePlus, vSetDie:
		if b < 0 || b >= g.nd || g.dState[b] != dsRolled {
			return
		}
		old := g.dFace[b]
		g.dirty.Mark(gCup)
		g.dFace[b] = g.dieEffect(cl, b)
		emit(Event{Kind: EvDie, Seat: s, Card: int32(card), N: int32(old), M: int32(g.dFace[b])})
	case vReroll:
		// useSkill opens the window to pick the dice, after the other clauses.
	case vAddDie:
		for range cl.n {
			if !g.stockHas() || g.nd >= maxDice {
				break
			}
			g.addStockDie(card, emit)
		}
	case vPower:
		g.power += int16(cl.n)
		emit(Event{Kind: EvPower, Seat: s, Card: int32(card), N: int32(cl.n), M: int32(g.power)})
	case vVP:
		// VP gained during the challenge are the challenge's: a failure
		// gives none (T29), so they wait for the judgement unless
		// SkillVPOnFailure pays them now. Scouting follows the judgement.
		if !g.challenging() || g.e.p.skillVPOnFail {
			g.gain(int16(cl.n), vpSkill, card, emit)
			return
		}
		g.heldVP += int16(cl.n)
		emit(Event{Kind: EvVPHeld, Seat: s, Card: int32(card), N: int32(cl.n), M: int32(g.heldVP)})
	case vToD8:
		for range cl.n {
			if !g.canD8() {
				break
			}
			g.toD8(card, emit)
		}
	case vCostMinus:
		g.discount += int16(cl.n)
		emit(Event{Kind: EvDiscount, Seat: s, Card: int32(card), N: int32(cl.n), M: int32(g.discount)})
	case vTiwaz:
		g.tiwazExtra += int16(cl.n)
		emit(Event{Kind: EvTiwaz, Seat: s, Card: int32(card), N: int32(cl.n), M: int32(g.tiwazCount())})
	default:
		panic(fmt.Sprintf("nastrond: verb %d has no meaning", cl.verb))
	}
}

// rerollBudget is how many dice the active reroll clauses of design j may
// reroll in all.
func (g *Game) rerollBudget(j int, act [maxClauses]bool) int8 {
	sk := &g.e.skills[j]
	n := int8(0)
	for i := range sk.n {
		if act[i] && sk.cl[i].verb == vReroll {
			n += sk.cl[i].n
		}
	}
	return n
}

// rerollPicked rerolls the dice chosen in the reroll window together and
// returns to the after-roll window.
func (g *Game) rerollPicked(emit func(Event)) {
	g.dirty.Mark(gCup)
	for i := range g.nd {
		if g.picked&(1<<i) != 0 {
			old := g.dFace[i]
			g.dFace[i] = g.roll(g.dSides[i])
			emit(Event{Kind: EvDie, Seat: g.seat, Card: int32(g.rerollCard), N: int32(old), M: int32(g.dFace[i])})
		}
	}
	g.rerollLeft, g.picked, g.pickKey, g.rerollCard = 0, 0, -1, -1
	g.ph = phRolled
}
