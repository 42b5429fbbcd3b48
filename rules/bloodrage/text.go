package bloodrage

import (
	"fmt"
	"strings"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Engine event kinds, for replays.
const (
	evAge            = sim.EventEngine + iota // N = Age
	evPhaseEnd                                // N = Age: the Action phase ended
	evCell                                    // N = global cell: the AI carries it out
	evFailed                                  // N = global cell: it could not (pass die +1)
	evTrackEnd                                // N = face: the marker is at the end of its track
	evPass                                    // N = pass die
	evRage0                                   // the AI at 0 Rage pillages once (T9)
	evInvade                                  // N = place, M = figure kind
	evD10                                     // N = roll, M = province
	evReroll                                  // N = fjord rerolled (T21)
	evStat                                    // N = stat, M = step
	evGlory                                   // N = glory, M = source
	evRageGain                                // N = Rage
	evReinforce                               // N = province, M = warriors
	evUpgradeRoll                             // N = D10 face, M = 1 when the entry is already gained (refused)
	evMonster                                 // Card = monster, N = slot
	evBattle                                  // N = province
	evJoin                                    // N = source province, M = figures
	evStay                                    // N = source province, M = pillage-table row
	evCall                                    // N = source province, M = figure code
	evResult                                  // Seat = winner or -1, N = province, M = STR
	evRebattle                                // N = glory for the sum
	evKilled                                  // N = place, M = figure kind
	evRetreat                                 // N = province
	evSaved                                   // N = place
	evPillaged                                // N = province
	evBattleEnd                               // N = province
	evRagnarok                                // N = province
	evRelease                                 // N = figures
	evQuest                                   // Card = quest failed
	evMarch                                   // N = from, M = to
	evPassPhase                               // the human passes
	evGameEnd                                 // Seat = winner
	evSetupDestroyed                          // setup: N = province destroyed at the start
	evSetupDoom                               // setup: N = Age, M = its doomed province
	evSetupToken                              // setup: N = province, M = province whose pillage token lies on it
	evSetupFjord                              // setup: N = fjord (the D4 face - 1), M = 1 when both its sides are destroyed
)

// Glory sources, for the tally.
const (
	srcBattle       = iota // the winner's Axes
	srcReward              // a pillage token's glory
	srcFailedReward        // T33: the reward an AI could not take
	srcQuest               // quests; an AI's controlled provinces
	srcRage                // an AI's Rage left at the end of the Action phase
	srcValhalla            // an AI's released figures
	srcRagnarok            // figures lost in Ragnarök
	srcUpgrade             // an AI's upgrade table
	srcBoard               // an AI's board: battle effects and boost
	srcCards               // card abilities
	srcStatBonus           // stats at game end
	srcStolen              // glory taken by an opponent's card (negative)
	nSources
)

var sourceNames = [nSources]string{"battle", "pillage_reward", "failed_reward", "quest", "rage", "valhalla",
	"ragnarok", "ai_upgrade", "ai_board", "cards", "stat_bonus", "stolen"}

var sourceNamesJA = [nSources]string{"戦闘", "略奪報酬", "報酬の代わり", "クエスト", "激情換算", "ヴァルハラ",
	"ラグナロク", "AI強化", "AIボード", "カード", "ステータス", "奪われた"}

var statNames = [3]schema.Word{{"激情", "Rage"}, {"名誉", "Axes"}, {"指揮", "Horns"}}

var colourNames = [3]schema.Word{{"青", "blue"}, {"赤", "red"}, {"緑", "green"}}

var figNames = [4]schema.Word{{"戦士", "warrior"}, {"リーダー", "leader"}, {"船", "ship"}, {"怪物", "monster"}}

// place names a province, fjord or other place.
func (g *Game) place(loc int, l *schema.Lang) string {
	switch {
	case loc >= 0 && loc < nProv:
		return l.Pick(g.e.prov[loc].name, g.e.prov[loc].id)
	case loc >= locFjord0 && loc < locReserve:
		f := &g.e.fjord[loc-locFjord0]
		if f.name == "" {
			return f.id
		}
		return l.Pick(f.name, f.id)
	case loc == locReserve:
		return l.Pick("控え", "reserve")
	case loc == locValhalla:
		return l.Pick("ヴァルハラ", "Valhalla")
	}
	return l.Pick("箱", "box")
}

// cardName names a card design.
func (g *Game) cardName(design int, l *schema.Lang) string {
	if design < 0 || design >= len(g.e.cards) {
		return "?"
	}
	return l.Pick(g.e.cards[design].name, g.e.cards[design].id)
}

// instName names a card instance.
func (g *Game) instName(i int16, l *schema.Lang) string {
	if i < 0 || int(i) >= len(g.e.inst) {
		return "-"
	}
	return g.cardName(int(g.e.inst[i]), l)
}

// groupText lists a figure group of the human, e.g. "戦士2・リーダー".
func (g *Game) groupText(grp int, l *schema.Lang) string {
	var parts []string
	if w := grp & grpWarriors; w > 0 {
		parts = append(parts, l.Sprintf("%[2]s%[1]d", "%d %s", w, figNames[fkWarrior]))
	}
	if grp&grpLeader != 0 {
		parts = append(parts, figNames[fkLeader].In(l))
	}
	if sh := grp >> grpShip0 & 7; sh > 0 {
		parts = append(parts, l.Sprintf("%[2]s%[1]d", "%d %s", sh, figNames[fkShip]))
	}
	for m := range g.e.p.maxMon {
		if grp>>grpMon0&(1<<m) != 0 {
			parts = append(parts, g.codeName(fkMonster+1+m, l))
		}
	}
	return strings.Join(parts, l.Pick("・", ", "))
}

// codeName names a figure code of the human.
func (g *Game) codeName(code int, l *schema.Lang) string {
	if code <= fkShip {
		return figNames[code].In(l)
	}
	if d := g.monsterCard(0, code-fkMonster-1); d != nil {
		return l.Pick(d.name, d.id)
	}
	return figNames[fkMonster].In(l)
}

// Describe renders a choice of the human.
func (g *Game) Describe(c sim.Choice, l *schema.Lang) string {
	switch c.Kind {
	case KDraft:
		if c.A < 0 {
			return l.Pick("ドラフト: 何も残さない", "draft: keep nothing")
		}
		return l.Sprintf("ドラフト: 「%s」を残す", "draft: keep %s", g.instName(c.A, l))
	case KInvade:
		return l.Sprintf("侵攻: %sを%sへ", "invade: %s into %s", g.codeName(int(c.A), l), g.place(int(c.B), l))
	case KMarch:
		return l.Sprintf("進撃: %sから%sへ%s", "march: %[3]s from %[1]s to %[2]s", g.place(int(c.A), l), g.place(int(c.B), l), g.groupText(int(c.C), l))
	case KThin:
		return l.Sprintf("間引き: %sを残す", "keep %s", g.groupText(int(c.C), l))
	case KDestroy:
		return l.Sprintf("犠牲: %sの%sを破壊", "sacrifice the %[2]s in %[1]s", g.place(int(c.A), l), g.codeName(int(c.B), l))
	case KUpgrade:
		if old := g.clan[0].slot[c.B]; old >= 0 {
			return l.Sprintf("強化: 「%s」（「%s」と入れ替え）", "upgrade: %s (replacing %s)", g.instName(c.A, l), g.instName(old, l))
		}
		return l.Sprintf("強化: 「%s」", "upgrade: %s", g.instName(c.A, l))
	case KQuest:
		return l.Sprintf("クエスト: 「%s」", "quest: %s", g.instName(c.A, l))
	case KPillage:
		return l.Sprintf("略奪: %s", "pillage %s", g.place(int(c.A), l))
	case KRepillage:
		return l.Sprintf("再略奪: %s", "pillage again: %s", g.place(int(c.A), l))
	case KSacrifice:
		return l.Sprintf("犠牲: %sを上げる", "sacrifice: raise %s", statNames[c.A])
	case KValhalla:
		return l.Sprintf("ヴァルハラから侵攻: %sを%sへ", "invade from Valhalla: %s into %s", g.codeName(int(c.A), l), g.place(int(c.B), l))
	case KPass:
		return l.Pick("パス", "pass")
	case KFreeInvade:
		return l.Sprintf("無料で侵攻: %sを%sへ", "free invasion: %s into %s", g.codeName(int(c.A), l), g.place(int(c.B), l))
	case KCall:
		return l.Sprintf("参戦: %sの%sを移す", "join the battle: %[2]s from %[1]s", g.place(int(c.A), l), g.codeName(int(c.B), l))
	case KCard:
		return l.Sprintf("戦闘カード: 「%s」を出す", "show %s", g.instName(c.A, l))
	case KLate:
		return l.Sprintf("後出し: 「%s」", "add late: %s", g.instName(c.A, l))
	case KSave:
		return l.Sprintf("守護: %sの%sを守る", "save: the %s in %s", figNames[g.figs[c.A].kind], g.place(int(g.figs[c.A].loc), l))
	case KKeep:
		return l.Sprintf("カード保持: 「%s」", "keep %s", g.instName(c.A, l))
	case KStat:
		return l.Sprintf("%sを1段階上げる", "raise %s", statNames[c.A])
	case KMove:
		return l.Sprintf("リーダーを%sへ移す", "move the leader to %s", g.place(int(c.A), l))
	case KKeepHand:
		return l.Sprintf("次の時代に「%s」を残す", "keep %s for the next Age", g.instName(c.A, l))
	case KYes:
		return l.Pick("はい", "yes")
	case KStop:
		return l.Pick("しない／やめる", "no / stop")
	case KContinue:
		return l.Pick("続ける", "continue")
	}
	return fmt.Sprintf("?%d", c.Kind)
}

// Explain renders an event.
func (g *Game) Explain(ev sim.Event, l *schema.Lang) string {
	who := fmt.Sprintf("P%d", ev.Seat+1)
	if ev.Seat > 0 && int(ev.Seat) < g.n {
		who += "(" + g.e.boards[g.clan[ev.Seat].board].id + ")"
	}
	n, m := int(ev.N), int(ev.M)
	switch ev.Kind {
	case sim.Acquired:
		return l.Sprintf("%s が「%s」を得る", "%s gains %s", who, g.cardName(int(ev.Card), l))
	case sim.Played:
		return l.Sprintf("%s が「%s」を出す", "%s plays %s", who, g.cardName(int(ev.Card), l))
	case sim.Resolved:
		return l.Sprintf("%s の「%s」が効果を発揮", "%s resolves %s", who, g.cardName(int(ev.Card), l))
	case evAge:
		return l.Sprintf("―― 時代%d ――", "-- Age %d --", n)
	case evPhaseEnd:
		return l.Sprintf("時代%dのアクションフェイズ終了", "end of Age %d's Action phase", n)
	case evCell:
		_, face, step := g.e.cellName(n)
		return l.Sprintf("%s: トラック%dの%dマス目「%s」", "%s: track %d cell %d: %s", who, face, step, g.cellText(n, l))
	case evFailed:
		return l.Sprintf("%s: 実行できない", "%s: cannot carry it out", who)
	case evTrackEnd:
		return l.Sprintf("%s: トラック%dは終点（実行できない）", "%s: track %d is at its end (cannot)", who, n)
	case evPass:
		return l.Sprintf("%s のパスダイス %d", "%s pass die %d", who, n)
	case evRage0:
		return l.Sprintf("%s: 激情0、略奪だけ行いパスダイスを%dに", "%s: 0 Rage, pillages only, pass die %d", who, n)
	case evInvade:
		return l.Sprintf("%s: %sが%sに侵攻", "%s: %s invades %s", who, figNames[m&3], g.place(n, l))
	case evD10:
		return l.Sprintf("%s: D10=%d", "%s: D10=%d", who, n)
	case evReroll:
		return l.Sprintf("%s: フィヨルド%dは両隣が破滅済み、振り直し", "%s: fjord %d has both sides destroyed, reroll", who, n)
	case evStat:
		return l.Sprintf("%s: %sが%d段階目に", "%s: %s to step %d", who, statNames[n%3], m+1)
	case evGlory:
		return l.Sprintf("%s: %+d名誉（%s）", "%s: %+d glory (%s)", who, n, l.Pick(sourceNamesJA[m%nSources], sourceNames[m%nSources]))
	case evRageGain:
		return l.Sprintf("%s: 激情+%d", "%s: +%d Rage", who, n)
	case evReinforce:
		return l.Sprintf("%s: 増援で戦士%d体を%sへ", "%s: %d warriors reinforce %s", who, m, g.place(n, l))
	case evUpgradeRoll:
		u := &g.e.boards[g.clan[ev.Seat].board].up[(n+nUpFaces-1)%nUpFaces]
		colour := colourNames[u.colour%3]
		if m != 0 {
			return l.Sprintf("%s: 強化表D10=%d（%s、コスト%d）はもう得ている", "%s: upgrade table D10=%d (%s, cost %d) already gained", who, n, colour, u.cost)
		}
		return l.Sprintf("%s: 強化表D10=%d（%s、コスト%d）", "%s: upgrade table D10=%d (%s, cost %d)", who, n, colour, u.cost)
	case evMonster:
		return l.Sprintf("%s: 怪物「%s」を配置", "%s: places monster %s", who, g.cardName(int(ev.Card), l))
	case evBattle:
		return l.Sprintf("%s が%sを略奪する", "%s pillages %s", who, g.place(n, l))
	case evJoin:
		return l.Sprintf("%[1]s: %[3]sから%[2]d体が参戦", "%s: %d figures join from %s", who, m, g.place(n, l))
	case evStay:
		return l.Sprintf("%s: %sから参戦しない（略奪表%d行目）", "%s: stays in %s (pillage row %d)", who, g.place(n, l), m+1)
	case evCall:
		return l.Sprintf("%s: %sから参戦", "%s: joins from %s", who, g.place(n, l))
	case evResult:
		if ev.Seat < 0 {
			return l.Sprintf("%sの戦闘は引き分け（全員敗北、最大戦力%d）", "the battle in %s is a tie (all lose, best STR %d)", g.place(n, l), m)
		}
		return l.Sprintf("%s が%sの戦闘に勝利（戦力%d）", "%s wins the battle in %s (STR %d)", who, g.place(n, l), m)
	case evRebattle:
		return l.Sprintf("仕切り直し（公開カードの戦力の合計 %d）", "rebattle (shown cards' STR %d)", n)
	case evKilled:
		return l.Sprintf("%s: %sの%sが破壊された", "%s: %s in %s destroyed", who, g.place(n, l), figNames[m&3])
	case evRetreat:
		return l.Sprintf("%s: ユグドラシルへ退却", "%s: retreats to Yggdrasil", who)
	case evSaved:
		return l.Sprintf("%s: フィギュアを守った", "%s: saves a figure", who)
	case evPillaged:
		return l.Sprintf("%s が%sの略奪に成功", "%s pillages %s successfully", who, g.place(n, l))
	case evBattleEnd:
		return ""
	case evRagnarok:
		return l.Sprintf("ラグナロク: %sが破滅", "Ragnarök destroys %s", g.place(n, l))
	case evRelease:
		return l.Sprintf("%s: ヴァルハラから%d体解放", "%s: %d figures released", who, n)
	case evQuest:
		return l.Sprintf("%s: クエスト「%s」失敗", "%s: quest %s failed", who, g.cardName(int(ev.Card), l))
	case evMarch:
		return l.Sprintf("%s: %sから%sへ進撃", "%s: marches from %s to %s", who, g.place(n, l), g.place(m, l))
	case evPassPhase:
		return l.Sprintf("%s: パス", "%s passes", who)
	case evGameEnd:
		return l.Pick("ゲーム終了", "game over")
	case evSetupDestroyed:
		return l.Sprintf("準備: %s（%d）はゲーム開始時に破滅", "setup: %s (%d) is destroyed at the start", g.place(n, l), n+1)
	case evSetupDoom:
		return l.Sprintf("準備: 時代%dの破滅予定は%s（%d）", "setup: Age %d dooms %s (%d)", n, g.place(m, l), m+1)
	case evSetupToken:
		return l.Sprintf("準備: %s（%d）の略奪報酬は%s", "setup: pillaging %s (%d) gives %s", g.place(n, l), n+1, g.rewardText(m, l))
	case evSetupFjord:
		f := &g.e.fjord[n%nFjord]
		a, b := g.place(int(f.side[0]), l), g.place(int(f.side[1]), l)
		if m != 0 {
			return l.Sprintf("準備: D4=%d は%s（%sと%sの間）、両隣が破滅済みなので振り直し", "setup: D4=%d is %s (between %s and %s), both destroyed: reroll", n+1, g.place(locFjord0+n, l), a, b)
		}
		return l.Sprintf("準備: D4=%d は%s（%sと%sの間）", "setup: D4=%d is %s (between %s and %s)", n+1, g.place(locFjord0+n, l), a, b)
	}
	return ""
}

// rewardText tells what province p's pillage token gives.
func (g *Game) rewardText(p int, l *schema.Lang) string {
	var parts []string
	for _, cl := range g.e.prov[p%nProv].reward {
		switch cl.verb {
		case rStat:
			n := max(int(cl.b), 1)
			if cl.a == statAll {
				parts = append(parts, l.Sprintf("すべてのステータスを%d段階上げる", "every stat +%d step", n))
			} else {
				parts = append(parts, l.Sprintf("%sステータスを%d段階上げる", "%s +%d step", statNames[cl.a%3], n))
			}
		case rGlory:
			parts = append(parts, l.Sprintf("%d名誉", "%d glory", cl.a))
		}
	}
	return strings.Join(parts, l.Pick("、", ", "))
}

// cellText is the printed text of a global cell.
func (g *Game) cellText(global int, l *schema.Lang) string {
	bi, face, step := g.e.cellName(global)
	if bi < 0 {
		return "?"
	}
	cell := &g.e.boards[bi].tracks[face-1][step-1]
	if cell.text == "" {
		return instrWord(cell.instr.verb, l)
	}
	return l.Pick(cell.text, instrWord(cell.instr.verb, l))
}

// instrWord names an AI instruction.
func instrWord(v int8, l *schema.Lang) string {
	ja := map[int8]string{vInvade: "侵攻", vShip: "船舶の配置", vPillage: "略奪", vStat: "ステータス増加",
		vBoost: "ブースト", vUpgrade: "強化", vMonster: "怪物"}
	en := map[int8]string{vInvade: "invade", vShip: "ship", vPillage: "pillage", vStat: "stat",
		vBoost: "boost", vUpgrade: "upgrade", vMonster: "monster"}
	return l.Pick(strings.TrimSpace(ja[v]), en[v])
}
