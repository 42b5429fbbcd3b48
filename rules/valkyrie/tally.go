package valkyrie

import (
	"math"

	"bifrost/rules/sim"
)

// tally is the engine's own report section: per monster, how games end and
// where the points come from. Every field is an integer sum.
type tally struct {
	Monsters []string       `json:"monsters"` // exported so a shard report's tally round-trips
	Rows     []monsterTally `json:"rows"`
}

type monsterTally struct {
	Games       int `json:"games"`
	Finished    int `json:"finished"`
	EndSupply   int `json:"end_by_supply"`     // both supply decks ran out once
	EndWeakness int `json:"end_by_weaknesses"` // every rage deck emptied
	Destroyed   int `json:"weaknesses_destroyed"`
	Turns       int `json:"turns"`
	ValkyrieVP  int `json:"valkyrie_vp"` // VP of owned Valkyries, all seats
	WeaknessVP  int `json:"weakness_vp"`
	VPCardVP    int `json:"vp_card_vp"`
}

// NewTally implements sim.Tallier.
func (e *Engine) NewTally() sim.Tally {
	return &tally{Monsters: e.Monsters(), Rows: make([]monsterTally, len(e.d.Monsters))}
}

var _ sim.Tallier = (*Engine)(nil)

func (t *tally) Record(_ sim.Config, gm sim.Game, r *sim.Result) {
	g, ok := gm.(*Game)
	if !ok {
		return
	}
	m := &t.Rows[g.monster]
	m.Games++
	if r.Unfinished {
		return
	}
	m.Finished++
	if g.endReason&endSupply != 0 {
		m.EndSupply++
	}
	if g.endReason&endWeakness != 0 {
		m.EndWeakness++
	}
	m.Destroyed += g.destroyedAll
	m.Turns += g.turns
	for i := range g.pl {
		p := &g.pl[i]
		for _, z := range [...][]int16{p.deck, p.hand, p.play, p.gained, p.discard, p.vparea} {
			for _, c := range z {
				ds := g.ds(c)
				switch ds.kind {
				case kindValkyrie, kindFirst:
					m.ValkyrieVP += ds.vp
				case kindWeakness:
					m.WeaknessVP += ds.vp
				case kindVP:
					m.VPCardVP += ds.vp
				}
			}
		}
	}
}

func (t *tally) Merge(o sim.Tally) {
	ot := o.(*tally)
	for i := range t.Rows {
		a, b := &t.Rows[i], ot.Rows[i]
		a.Games += b.Games
		a.Finished += b.Finished
		a.EndSupply += b.EndSupply
		a.EndWeakness += b.EndWeakness
		a.Destroyed += b.Destroyed
		a.Turns += b.Turns
		a.ValkyrieVP += b.ValkyrieVP
		a.WeaknessVP += b.WeaknessVP
		a.VPCardVP += b.VPCardVP
	}
}

// monsterReport is one monster's section of the report.
type monsterReport struct {
	monsterTally
	MeanDestroyed float64 `json:"mean_weaknesses_destroyed"`
	MeanTurns     float64 `json:"mean_turns"`
}

func (t *tally) Report() any {
	out := map[string]monsterReport{}
	for i, id := range t.Monsters {
		m := t.Rows[i]
		r := monsterReport{monsterTally: m}
		if m.Finished > 0 {
			r.MeanDestroyed = round4(float64(m.Destroyed) / float64(m.Finished))
			r.MeanTurns = round4(float64(m.Turns) / float64(m.Finished))
		}
		out[id] = r
	}
	return map[string]any{"monsters": out}
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// ReportHeadings are the Japanese headings of the keys of the game's report
// section (its Tally), in the order a table shows them as columns.
var ReportHeadings = [][2]string{
	{"monsters", "モンスター別"},
	{"end_by_supply", "サプライ切れで終了"},
	{"end_by_weaknesses", "弱点がすべて尽きて終了"},
	{"weaknesses_destroyed", "破壊した弱点"},
	{"valkyrie_vp", "ヴァルキリーの勝利点"},
	{"weakness_vp", "弱点の勝利点"},
	{"vp_card_vp", "勝利点カードの勝利点"},
	{"mean_weaknesses_destroyed", "平均破壊弱点数"},
}
