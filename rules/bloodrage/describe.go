package bloodrage

import (
	"fmt"
	"strings"

	"bifrost/rules/sim"
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

var statNames = [2][3]string{{"激情", "名誉", "指揮"}, {"Rage", "Axes", "Horns"}}

var colourNames = [2][3]string{{"青", "赤", "緑"}, {"blue", "red", "green"}}

var figNames = [2][4]string{{"戦士", "リーダー", "船", "怪物"}, {"warrior", "leader", "ship", "monster"}}

func li(lang string) int {
	if lang == "en" {
		return 1
	}
	return 0
}

// place names a province, fjord or other place.
func (g *Game) place(loc int, lang string) string {
	switch {
	case loc >= 0 && loc < nProv:
		if lang == "en" {
			return g.e.prov[loc].id
		}
		return g.e.prov[loc].name
	case loc >= locFjord0 && loc < locReserve:
		f := &g.e.fjord[loc-locFjord0]
		if lang == "en" || f.name == "" {
			return f.id
		}
		return f.name
	case loc == locReserve:
		return [2]string{"控え", "reserve"}[li(lang)]
	case loc == locValhalla:
		return [2]string{"ヴァルハラ", "Valhalla"}[li(lang)]
	}
	return [2]string{"箱", "box"}[li(lang)]
}

// cardName names a card design.
func (g *Game) cardName(design int, lang string) string {
	if design < 0 || design >= len(g.e.cards) {
		return "?"
	}
	if lang == "en" {
		return g.e.cards[design].id
	}
	return g.e.cards[design].name
}

// instName names a card instance.
func (g *Game) instName(i int16, lang string) string {
	if i < 0 || int(i) >= len(g.e.inst) {
		return "-"
	}
	return g.cardName(int(g.e.inst[i]), lang)
}

// groupText lists a figure group of the human, e.g. "戦士2・リーダー".
func (g *Game) groupText(grp int, lang string) string {
	count := func(kind, n int) string {
		if lang == "en" {
			return fmt.Sprintf("%d %s", n, figNames[1][kind])
		}
		return fmt.Sprintf("%s%d", figNames[0][kind], n)
	}
	var parts []string
	if w := grp & grpWarriors; w > 0 {
		parts = append(parts, count(fkWarrior, w))
	}
	if grp&grpLeader != 0 {
		parts = append(parts, figNames[li(lang)][fkLeader])
	}
	if sh := grp >> grpShip0 & 7; sh > 0 {
		parts = append(parts, count(fkShip, sh))
	}
	for m := range g.e.p.maxMon {
		if grp>>grpMon0&(1<<m) != 0 {
			parts = append(parts, g.codeName(fkMonster+1+m, lang))
		}
	}
	return strings.Join(parts, [2]string{"・", ", "}[li(lang)])
}

// codeName names a figure code of the human.
func (g *Game) codeName(code int, lang string) string {
	if code <= fkShip {
		return figNames[li(lang)][code]
	}
	if d := g.monsterCard(0, code-fkMonster-1); d != nil {
		if lang == "en" {
			return d.id
		}
		return d.name
	}
	return figNames[li(lang)][fkMonster]
}

// Describe renders a choice of the human.
func (g *Game) Describe(c sim.Choice, lang string) string {
	en := lang == "en"
	pick := func(ja, e string, args ...any) string {
		if en {
			return fmt.Sprintf(e, args...)
		}
		return fmt.Sprintf(ja, args...)
	}
	switch c.Kind {
	case KDraft:
		if c.A < 0 {
			return pick("ドラフト: 何も残さない", "draft: keep nothing")
		}
		return pick("ドラフト: 「%s」を残す", "draft: keep %s", g.instName(c.A, lang))
	case KInvade:
		return pick("侵攻: %sを%sへ", "invade: %s into %s", g.codeName(int(c.A), lang), g.place(int(c.B), lang))
	case KMarch:
		return pick("進撃: %sから%sへ%s", "march: %[3]s from %[1]s to %[2]s", g.place(int(c.A), lang), g.place(int(c.B), lang), g.groupText(int(c.C), lang))
	case KThin:
		return pick("間引き: %sを残す", "keep %s", g.groupText(int(c.C), lang))
	case KDestroy:
		return pick("犠牲: %sの%sを破壊", "sacrifice the %[2]s in %[1]s", g.place(int(c.A), lang), g.codeName(int(c.B), lang))
	case KUpgrade:
		if old := g.clan[0].slot[c.B]; old >= 0 {
			return pick("強化: 「%s」（「%s」と入れ替え）", "upgrade: %s (replacing %s)", g.instName(c.A, lang), g.instName(old, lang))
		}
		return pick("強化: 「%s」", "upgrade: %s", g.instName(c.A, lang))
	case KQuest:
		return pick("クエスト: 「%s」", "quest: %s", g.instName(c.A, lang))
	case KPillage:
		return pick("略奪: %s", "pillage %s", g.place(int(c.A), lang))
	case KRepillage:
		return pick("再略奪: %s", "pillage again: %s", g.place(int(c.A), lang))
	case KSacrifice:
		return pick("犠牲: %sを上げる", "sacrifice: raise %s", statNames[li(lang)][c.A])
	case KValhalla:
		return pick("ヴァルハラから侵攻: %sを%sへ", "invade from Valhalla: %s into %s", g.codeName(int(c.A), lang), g.place(int(c.B), lang))
	case KPass:
		return pick("パス", "pass")
	case KFreeInvade:
		return pick("無料で侵攻: %sを%sへ", "free invasion: %s into %s", g.codeName(int(c.A), lang), g.place(int(c.B), lang))
	case KCall:
		return pick("参戦: %sの%sを移す", "join the battle: %[2]s from %[1]s", g.place(int(c.A), lang), g.codeName(int(c.B), lang))
	case KCard:
		return pick("戦闘カード: 「%s」を出す", "show %s", g.instName(c.A, lang))
	case KLate:
		return pick("後出し: 「%s」", "add late: %s", g.instName(c.A, lang))
	case KSave:
		return pick("守護: %sの%sを守る", "save: the %s in %s", figNames[li(lang)][g.figs[c.A].kind], g.place(int(g.figs[c.A].loc), lang))
	case KKeep:
		return pick("カード保持: 「%s」", "keep %s", g.instName(c.A, lang))
	case KStat:
		return pick("%sを1段階上げる", "raise %s", statNames[li(lang)][c.A])
	case KMove:
		return pick("リーダーを%sへ移す", "move the leader to %s", g.place(int(c.A), lang))
	case KKeepHand:
		return pick("次の時代に「%s」を残す", "keep %s for the next Age", g.instName(c.A, lang))
	case KYes:
		return pick("はい", "yes")
	case KStop:
		return pick("しない／やめる", "no / stop")
	case KContinue:
		return pick("続ける", "continue")
	}
	return fmt.Sprintf("?%d", c.Kind)
}

// Explain renders an event.
func (g *Game) Explain(ev sim.Event, lang string) string {
	en := lang == "en"
	who := fmt.Sprintf("P%d", ev.Seat+1)
	if ev.Seat > 0 && int(ev.Seat) < g.n {
		who += "(" + g.e.boards[g.clan[ev.Seat].board].id + ")"
	}
	pick := func(ja, e string, args ...any) string {
		if en {
			return fmt.Sprintf(e, args...)
		}
		return fmt.Sprintf(ja, args...)
	}
	n, m := int(ev.N), int(ev.M)
	switch ev.Kind {
	case sim.Acquired:
		return pick("%s が「%s」を得る", "%s gains %s", who, g.cardName(int(ev.Card), lang))
	case sim.Played:
		return pick("%s が「%s」を出す", "%s plays %s", who, g.cardName(int(ev.Card), lang))
	case sim.Resolved:
		return pick("%s の「%s」が効果を発揮", "%s resolves %s", who, g.cardName(int(ev.Card), lang))
	case evAge:
		return pick("―― 時代%d ――", "-- Age %d --", n)
	case evPhaseEnd:
		return pick("時代%dのアクションフェイズ終了", "end of Age %d's Action phase", n)
	case evCell:
		_, face, step := g.e.cellName(n)
		return pick("%s: トラック%dの%dマス目「%s」", "%s: track %d cell %d: %s", who, face, step, g.cellText(n, lang))
	case evFailed:
		return pick("%s: 実行できない", "%s: cannot carry it out", who)
	case evTrackEnd:
		return pick("%s: トラック%dは終点（実行できない）", "%s: track %d is at its end (cannot)", who, n)
	case evPass:
		return pick("%s のパスダイス %d", "%s pass die %d", who, n)
	case evRage0:
		return pick("%s: 激情0、略奪だけ行いパスダイスを%dに", "%s: 0 Rage, pillages only, pass die %d", who, n)
	case evInvade:
		return pick("%s: %sが%sに侵攻", "%s: %s invades %s", who, figNames[li(lang)][m&3], g.place(n, lang))
	case evD10:
		return pick("%s: D10=%d", "%s: D10=%d", who, n)
	case evReroll:
		return pick("%s: フィヨルド%dは両隣が破滅済み、振り直し", "%s: fjord %d has both sides destroyed, reroll", who, n)
	case evStat:
		return pick("%s: %sが%d段階目に", "%s: %s to step %d", who, statNames[li(lang)][n%3], m+1)
	case evGlory:
		if !en {
			return fmt.Sprintf("%s: %+d名誉（%s）", who, n, sourceNamesJA[m%nSources])
		}
		return fmt.Sprintf("%s: %+d glory (%s)", who, n, sourceNames[m%nSources])
	case evRageGain:
		return pick("%s: 激情+%d", "%s: +%d Rage", who, n)
	case evReinforce:
		return pick("%s: 増援で戦士%d体を%sへ", "%s: %d warriors reinforce %s", who, m, g.place(n, lang))
	case evUpgradeRoll:
		u := &g.e.boards[g.clan[ev.Seat].board].up[(n+nUpFaces-1)%nUpFaces]
		colour := colourNames[li(lang)][u.colour%3]
		if m != 0 {
			return pick("%s: 強化表D10=%d（%s、コスト%d）はもう得ている", "%s: upgrade table D10=%d (%s, cost %d) already gained", who, n, colour, u.cost)
		}
		return pick("%s: 強化表D10=%d（%s、コスト%d）", "%s: upgrade table D10=%d (%s, cost %d)", who, n, colour, u.cost)
	case evMonster:
		return pick("%s: 怪物「%s」を配置", "%s: places monster %s", who, g.cardName(int(ev.Card), lang))
	case evBattle:
		return pick("%s が%sを略奪する", "%s pillages %s", who, g.place(n, lang))
	case evJoin:
		return pick("%s: %sから%d体が参戦", "%s: %d figures join from %s", who, m, g.place(n, lang))
	case evStay:
		return pick("%s: %sから参戦しない（略奪表%d行目）", "%s: stays in %s (pillage row %d)", who, g.place(n, lang), m+1)
	case evCall:
		return pick("%s: %sから参戦", "%s: joins from %s", who, g.place(n, lang))
	case evResult:
		if ev.Seat < 0 {
			return pick("%sの戦闘は引き分け（全員敗北、最大戦力%d）", "the battle in %s is a tie (all lose, best STR %d)", g.place(n, lang), m)
		}
		return pick("%s が%sの戦闘に勝利（戦力%d）", "%s wins the battle in %s (STR %d)", who, g.place(n, lang), m)
	case evRebattle:
		return pick("仕切り直し（公開カードの戦力の合計 %d）", "rebattle (shown cards' STR %d)", n)
	case evKilled:
		return pick("%s: %sの%sが破壊された", "%s: %s in %s destroyed", who, g.place(n, lang), figNames[li(lang)][m&3])
	case evRetreat:
		return pick("%s: ユグドラシルへ退却", "%s: retreats to Yggdrasil", who)
	case evSaved:
		return pick("%s: フィギュアを守った", "%s: saves a figure", who)
	case evPillaged:
		return pick("%s が%sの略奪に成功", "%s pillages %s successfully", who, g.place(n, lang))
	case evBattleEnd:
		return ""
	case evRagnarok:
		return pick("ラグナロク: %sが破滅", "Ragnarök destroys %s", g.place(n, lang))
	case evRelease:
		return pick("%s: ヴァルハラから%d体解放", "%s: %d figures released", who, n)
	case evQuest:
		return pick("%s: クエスト「%s」失敗", "%s: quest %s failed", who, g.cardName(int(ev.Card), lang))
	case evMarch:
		return pick("%s: %sから%sへ進撃", "%s: marches from %s to %s", who, g.place(n, lang), g.place(m, lang))
	case evPassPhase:
		return pick("%s: パス", "%s passes", who)
	case evGameEnd:
		return pick("ゲーム終了", "game over")
	case evSetupDestroyed:
		return pick("準備: %s（%d）はゲーム開始時に破滅", "setup: %s (%d) is destroyed at the start", g.place(n, lang), n+1)
	case evSetupDoom:
		return pick("準備: 時代%dの破滅予定は%s（%d）", "setup: Age %d dooms %s (%d)", n, g.place(m, lang), m+1)
	case evSetupToken:
		return pick("準備: %s（%d）の略奪報酬は%s", "setup: pillaging %s (%d) gives %s", g.place(n, lang), n+1, g.rewardText(m, lang))
	case evSetupFjord:
		f := &g.e.fjord[n%nFjord]
		a, b := g.place(int(f.side[0]), lang), g.place(int(f.side[1]), lang)
		if m != 0 {
			return pick("準備: D4=%d は%s（%sと%sの間）、両隣が破滅済みなので振り直し", "setup: D4=%d is %s (between %s and %s), both destroyed: reroll", n+1, g.place(locFjord0+n, lang), a, b)
		}
		return pick("準備: D4=%d は%s（%sと%sの間）", "setup: D4=%d is %s (between %s and %s)", n+1, g.place(locFjord0+n, lang), a, b)
	}
	return ""
}

// rewardText tells what province p's pillage token gives.
func (g *Game) rewardText(p int, lang string) string {
	var parts []string
	for _, cl := range g.e.prov[p%nProv].reward {
		switch cl.verb {
		case rStat:
			n := max(int(cl.b), 1)
			if cl.a == statAll {
				parts = append(parts, [2]string{fmt.Sprintf("すべてのステータスを%d段階上げる", n), fmt.Sprintf("every stat +%d step", n)}[li(lang)])
			} else {
				parts = append(parts, [2]string{fmt.Sprintf("%sステータスを%d段階上げる", statNames[0][cl.a%3], n), fmt.Sprintf("%s +%d step", statNames[1][cl.a%3], n)}[li(lang)])
			}
		case rGlory:
			parts = append(parts, [2]string{fmt.Sprintf("%d名誉", cl.a), fmt.Sprintf("%d glory", cl.a)}[li(lang)])
		}
	}
	return strings.Join(parts, [2]string{"、", ", "}[li(lang)])
}

// cellText is the printed text of a global cell.
func (g *Game) cellText(global int, lang string) string {
	bi, face, step := g.e.cellName(global)
	if bi < 0 {
		return "?"
	}
	cell := &g.e.boards[bi].tracks[face-1][step-1]
	if cell.text != "" && lang != "en" {
		return cell.text
	}
	return instrWord(cell.instr.verb, lang)
}

// instrWord names an AI instruction.
func instrWord(v int8, lang string) string {
	ja := map[int8]string{vInvade: "侵攻", vShip: "船舶の配置", vPillage: "略奪", vStat: "ステータス増加",
		vBoost: "ブースト", vUpgrade: "強化", vMonster: "怪物"}
	en := map[int8]string{vInvade: "invade", vShip: "ship", vPillage: "pillage", vStat: "stat",
		vBoost: "boost", vUpgrade: "upgrade", vMonster: "monster"}
	if lang == "en" {
		return en[v]
	}
	return strings.TrimSpace(ja[v])
}
