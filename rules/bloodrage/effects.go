package bloodrage

import (
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/effect"
)

// clause is one compiled effect clause: a trigger, conditions, "may", and
// one verb with its arguments turned into numbers.
type clause struct {
	trig  int8
	verb  int8
	may   bool
	a, b  int16
	ref   string // a card ID argument (monster), resolved by the caller
	conds []cond
}

// cond is one compiled condition.
type cond struct {
	kind int8
	op   sim.Op
	val  int16
}

// The vocabularies, as Schema names them.
const (
	vocabAI     = "ai"
	vocabReward = "reward"
	vocabCard   = "card"
)

// Verbs of the "ai" vocabulary.
const (
	vNone int8 = iota
	vInvade
	vShip
	vPillage
	vStat
	vBoost
	vUpgrade
	vMonster
	vTarget
	vReinforce
	vGainRage
	vGlory
	vDraw
	vStr
	vGloryPer
)

// Verbs of the "reward" vocabulary.
const (
	rStat int8 = iota + 20
	rGlory
)

// Verbs of the "card" vocabulary.
const (
	kControl int8 = iota + 30
	kValhalla
	kKillWarriors
	kCopyBest
	kStat
	kStealRage
	kStealGlory
	kGlory
	kGainRage
	kThin
	kRebattle
	kCancel
	kGloryPer
	kTakeCards
	kDestroyEnemies
	kFree
	kAsShip
	kMoveAdjacent
	kPairStr
	kDiscount
	kBonusWarrior
	kQuestStr
	kInvadeYggdrasil
	kYggdrasilStr
	kFigureStr
	kDouble
	kRepillage
	kSave
	kKeepCards
	kPillageNow
	kRewardAgain
	kRetreat
	kValhallaInvade
	kSacrifice
)

// Conditions of both vocabularies.
const (
	cRage int8 = iota + 1
	cPass
	cAge
	cAttacker
	cDefender
	cYggdrasil
	cDoomed
	cFigures
	cEnemyDead // card vocabulary
	cHere      // card vocabulary "yggdrasil": this figure stands in Yggdrasil
)

// Triggers of both vocabularies ("" is trNone).
const (
	trNone int8 = iota
	trWin
	trLose
	trInvade
	trPillaged
	trBattleEnd
	trDestroyed
	trRelease
	trGameEnd
)

// verbIDs maps each vocabulary's verb names to the engine's verbs. A test
// checks that it covers every verb Schema declares.
var verbIDs = map[string]map[string]int8{
	vocabAI: {"invade": vInvade, "ship": vShip, "pillage": vPillage, "stat": vStat, "boost": vBoost,
		"upgrade": vUpgrade, "monster": vMonster, "target": vTarget, "reinforce": vReinforce,
		"gain_rage": vGainRage, "glory": vGlory, "draw": vDraw, "str": vStr, "glory_per": vGloryPer},
	vocabReward: {"stat": rStat, "glory": rGlory},
	vocabCard: {"control": kControl, "valhalla": kValhalla, "kill_warriors": kKillWarriors, "copy_best": kCopyBest,
		"stat": kStat, "steal_rage": kStealRage, "steal_glory": kStealGlory, "glory": kGlory, "gain_rage": kGainRage,
		"thin": kThin, "rebattle": kRebattle, "cancel": kCancel, "glory_per": kGloryPer, "take_cards": kTakeCards,
		"destroy_enemies": kDestroyEnemies, "free": kFree, "as_ship": kAsShip, "move_adjacent": kMoveAdjacent,
		"pair_str": kPairStr, "discount": kDiscount, "bonus_warrior": kBonusWarrior, "quest_str": kQuestStr,
		"invade_yggdrasil": kInvadeYggdrasil, "yggdrasil_str": kYggdrasilStr, "figure_str": kFigureStr,
		"double": kDouble, "repillage": kRepillage, "save": kSave, "keep_cards": kKeepCards,
		"pillage_now": kPillageNow, "reward_again": kRewardAgain, "retreat": kRetreat,
		"valhalla_invade": kValhallaInvade, "sacrifice": kSacrifice},
}

// condIDs maps each vocabulary's condition names.
var condIDs = map[string]map[string]int8{
	vocabAI: {"rage": cRage, "pass": cPass, "age": cAge, "attacker": cAttacker, "defender": cDefender,
		"yggdrasil": cYggdrasil, "doomed": cDoomed, "figures": cFigures},
	vocabReward: {},
	vocabCard:   {"enemy_dead": cEnemyDead, "yggdrasil": cHere},
}

// trigIDs maps each vocabulary's trigger names.
var trigIDs = map[string]map[string]int8{
	vocabAI:     {"win": trWin, "lose": trLose},
	vocabReward: {},
	vocabCard: {"invade": trInvade, "pillaged": trPillaged, "win": trWin, "lose": trLose,
		"battle_end": trBattleEnd, "destroyed": trDestroyed, "release": trRelease, "game_end": trGameEnd},
}

// words maps the Word arguments: stats, places, what to count.
var words = map[string]int16{
	// stats
	"rage": statRage, "axes": statAxes, "horns": statHorns, "any": statAny, "other": statOther, "all": statAll,
	// figures
	"warrior": fkWarrior, "leader": fkLeader, "monster": fkMonster, "non_monster": 1,
	// places (target, reinforce)
	"strongest": whereStrongest, "lead": whereLead, "weakest": whereWeakest, "doomed": whereDoomed,
	"yggdrasil": whereYggdrasil, "random": whereRandom, "invade": whereInvade,
	// realms (control)
	"manheim": realmManheim, "alfheim": realmAlfheim, "jotunheim": realmJotunheim,
	// what to count (ai glory_per)
	"region": perRegion, "figure": perFigure, "valhalla": perValhalla,
	// what to count (card glory_per)
	"dead": perDead, "enemy_dead": perEnemyDead, "released": perReleased, "on_board": perOnBoard,
	// double
	"ragnarok": 0, "quest": 1,
}

// Places named by target and reinforce.
const (
	whereStrongest = iota
	whereLead
	whereWeakest
	whereDoomed
	whereYggdrasil
	whereRandom
	whereInvade
)

// What glory_per counts.
const (
	perRegion = iota
	perFigure
	perValhalla
	perRage
	perDead
	perEnemyDead
	perReleased
	perOnBoard
)

// compile turns a parsed effect cell into clauses.
func compile(e schema.Effect, vocab string) ([]clause, error) {
	if e.AST == nil {
		if e.Src != "" {
			return nil, schema.Errorf("効果「%s」を読み取れません", "effect \"%s\" did not parse", e.Src)
		}
		return nil, nil
	}
	return compileAST(e.AST, vocab)
}

func compileAST(ast *effect.Effect, vocab string) ([]clause, error) {
	var out []clause
	for _, cl := range ast.Clauses {
		c := clause{may: cl.May}
		var ok bool
		if c.trig, ok = trigIDs[vocab][cl.Trigger]; !ok && cl.Trigger != "" {
			return nil, schema.Errorf("エンジンの知らないタイミング「%s」です", "unhandled trigger \"%s\"", cl.Trigger)
		}
		if c.verb, ok = verbIDs[vocab][cl.Action.Name]; !ok {
			return nil, schema.Errorf("エンジンの知らない動作「%s」です", "unhandled verb \"%s\"", cl.Action.Name)
		}
		for i, arg := range cl.Action.Args {
			var v int16
			switch arg.Kind {
			case effect.Count, effect.Signed:
				v = int16(arg.Int)
			case effect.Word:
				w, ok := words[arg.Str]
				if !ok {
					return nil, schema.Errorf("エンジンの知らない語「%s」です", "unhandled word \"%s\"", arg.Str)
				}
				v = w
				if c.verb == vGloryPer && arg.Str == "rage" {
					v = perRage
				}
			case effect.Ref, effect.Text:
				c.ref = arg.Str
			}
			switch i {
			case 0:
				c.a = v
			case 1:
				c.b = v
			}
		}
		if c.verb == vInvade && len(cl.Action.Args) == 0 {
			c.a = -1 // no figure named: the cheapest (G13)
		}
		err := sim.CompileConds(cl.Conds, condIDs[vocab], func(k int8, op sim.Op, cd effect.Call) error {
			c.conds = append(c.conds, cond{kind: k, op: op, val: int16(cd.Value)})
			return nil
		})
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
