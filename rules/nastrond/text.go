package nastrond

import (
	"fmt"
	"strings"
)

// Describe and Explain render choices and events for replays, in Japanese
// ("ja") or English ("en"), with the cards' names from the workbook.

func sqText(q Square) string { return fmt.Sprintf("(%d,%d)", rowOf(q), colOf(q)) }

// cardText names card c: its name, and its ID as well in English, since
// the workbook's names are Japanese.
func (e *Engine) cardText(c int16, lang string) string {
	if c < 0 || int(c) >= len(e.info) {
		return "?"
	}
	ci := &e.info[c]
	if lang == "en" {
		return ci.name + " [" + ci.id + "]"
	}
	return ci.name
}

// cellTextIn names what lies on square q now, in lang.
func (g *Game) cellTextIn(q Square, lang string) string {
	v := g.board[q]
	if v < 0 {
		s := int(-1 - v)
		if lang == "en" {
			return fmt.Sprintf("Urd of P%d", s+1)
		}
		return fmt.Sprintf("P%dのウルズ", s+1)
	}
	return g.e.cardText(v, lang)
}

func squareIn(q Square, lang string) string {
	if lang == "en" {
		return fmt.Sprintf("layer %d %s", board.layer[q], sqText(q))
	}
	return fmt.Sprintf("第%d層%s", board.layer[q], sqText(q))
}

func dieText(sides, face int8) string { return fmt.Sprintf("d%d[%d]", sides, face) }

var iconJA = [nIcons]string{"勇気", "知性", "威厳", "親愛"}
var iconEN = [nIcons]string{"courage", "intellect", "dignity", "affection"}

// Describe renders a choice, reading the game as it is before the choice.
func (g *Game) Describe(c Choice, lang string) string {
	en := lang == "en"
	e := g.e
	switch c.Kind {
	case KMove:
		q := Square(c.A)
		if en {
			return fmt.Sprintf("move %d to %s: %s", c.B, squareIn(q, lang), g.cellTextIn(q, lang))
		}
		return fmt.Sprintf("%dマス進んで%s「%s」へ", c.B, squareIn(q, lang), g.cellTextIn(q, lang))
	case KDivine:
		if en {
			return "divine intervention: spend an Urd for a Stock die"
		}
		return "神性介入：ウルズ1枚でストックのサイコロを1個"
	case KIntellect:
		if en {
			return "intellect: a d6 becomes a d8"
		}
		return "知性：6面体1個を8面体に"
	case KRoll:
		keep := int(g.nd) - int(c.A)
		if en {
			return fmt.Sprintf("roll %d dice, keep %d as ↑", c.A, keep)
		}
		return fmt.Sprintf("%d個振る（↑%d個）", c.A, keep)
	case KCourage:
		d := dieText(g.dSides[c.B], g.dFace[c.B])
		if en {
			return "courage: +1 to " + d
		}
		return "勇気：" + d + "に+1"
	case KSkill:
		var b strings.Builder
		name := e.cardText(e.einCard[c.A], lang)
		if en {
			b.WriteString("skill of " + name)
		} else {
			b.WriteString("スキル「" + name + "」")
		}
		if c.B >= 0 {
			d := dieText(g.dSides[c.B], g.dFace[c.B])
			if en {
				b.WriteString(" on " + d)
			} else {
				b.WriteString("を" + d + "に")
			}
		}
		return b.String()
	case KReroll:
		d := dieText(g.dSides[c.B], g.dFace[c.B])
		if en {
			return fmt.Sprintf("choose %s to reroll (up to %d more)", d, g.rerollLeft-1)
		}
		return fmt.Sprintf("%sを振り直しに選ぶ（あと%d個まで）", d, g.rerollLeft-1)
	case KRerollGo:
		if en {
			return "reroll the dice chosen"
		}
		return "選んだサイコロを振り直す"
	case KFix:
		if en {
			return fmt.Sprintf("fix the dice (Power %d)", g.rolledSum())
		}
		return fmt.Sprintf("目を確定（パワー%d）", g.rolledSum())
	case KJudge:
		if en {
			return fmt.Sprintf("judge: Power %d against %d", g.power, e.info[g.chal].target)
		}
		return fmt.Sprintf("判定：パワー%d、目標値%d", g.power, e.info[g.chal].target)
	case KHire:
		ci := &e.info[e.einCard[c.A]]
		if en {
			return fmt.Sprintf("scout %s (layer %d, cost %d, pay %d)", e.cardText(e.einCard[c.A], lang), ci.layer, ci.cost, g.needFor(int(c.A)))
		}
		return fmt.Sprintf("スカウト「%s」（登場階層%d、コスト%d、支払い%d）", e.cardText(e.einCard[c.A], lang), ci.layer, ci.cost, g.needFor(int(c.A)))
	case KReturn:
		if c.A < 0 {
			if en {
				return "pay with a ↑"
			}
			return "↑1個で支払う"
		}
		if en {
			return "pay: return " + e.cardText(e.einCard[c.A], lang) + " to the field"
		}
		return "支払い：「" + e.cardText(e.einCard[c.A], lang) + "」を場に戻す"
	case KPass:
		if en {
			return "scout nobody"
		}
		return "スカウトしない"
	}
	return fmt.Sprintf("%+v", c)
}

// Explain renders an event. Events carry what they need, since a replay
// explains them while the game is still changing.
func (g *Game) Explain(ev Event, lang string) string {
	en := lang == "en"
	e := g.e
	card := int16(ev.Card)
	p := fmt.Sprintf("P%d", ev.Seat+1)
	switch ev.Kind {
	case EvTurn:
		v := ""
		if int(ev.Seat) < len(e.valkyria) {
			v = e.valkyria[ev.Seat]
		}
		if en {
			return fmt.Sprintf("— turn %d: %s (%s), %d Urd left —", ev.N, p, v, ev.M)
		}
		return fmt.Sprintf("— 第%d手番：%s（%s）、ウルズ残り%d —", ev.N, p, v, ev.M)
	case EvMove:
		to := Square(ev.M)
		what := e.cardText(card, lang)
		if card < 0 {
			what = map[bool]string{true: "an Urd", false: "ウルズ"}[en]
		}
		if en {
			return fmt.Sprintf("%s moves %s → %s (%s)", p, sqText(Square(ev.N)), squareIn(to, lang), what)
		}
		return fmt.Sprintf("%sが%sから%s（%s）へ移動", p, sqText(Square(ev.N)), squareIn(to, lang), what)
	case EvResolved:
		if en {
			return fmt.Sprintf("%s is resolved (Urd of P%d): no roll; an Urd goes under %s's Valkyria", sqText(Square(ev.N)), ev.M+1, p)
		}
		return fmt.Sprintf("%sは解決済み（P%dのウルズ）：ロールなし、ウルズを1枚ヴァルキュリアの下へ", sqText(Square(ev.N)), ev.M+1)
	case EvDice:
		ci := &e.info[card]
		if en {
			return fmt.Sprintf("challenge %s (target %d, %d VP): %d own Urd in row and column, %d dice from the Stock", e.cardText(card, lang), ci.target, ci.vp, ev.N, ev.M)
		}
		return fmt.Sprintf("「%s」に挑む（目標値%d、%dVP）：縦横のウルズ%d枚、ストックからサイコロ%d個", e.cardText(card, lang), ci.target, ci.vp, ev.N, ev.M)
	case EvDivine, EvAddDie:
		src := map[bool]string{true: "divine intervention", false: "神性介入"}[en]
		if ev.Kind == EvAddDie {
			src = e.cardText(card, lang)
		}
		if ev.N == 0 {
			if en {
				return fmt.Sprintf("%s: a Stock die joins the pool", src)
			}
			return fmt.Sprintf("%s：ストックのサイコロ1個を手元に", src)
		}
		if ev.M > 0 {
			if en {
				return fmt.Sprintf("%s: a Stock die rolls %d and is added to the fixed Power: %d", src, ev.N, ev.M)
			}
			return fmt.Sprintf("%s：ストックのサイコロを振って%d、確定したパワーに加えて%d", src, ev.N, ev.M)
		}
		if en {
			return fmt.Sprintf("%s: a Stock die rolls %d and is added", src, ev.N)
		}
		return fmt.Sprintf("%s：ストックのサイコロを振って%d、合計に加える", src, ev.N)
	case EvD8:
		src := map[bool]string{true: "intellect", false: "知性"}[en]
		if card >= 0 {
			src = e.cardText(card, lang)
		}
		if en {
			return fmt.Sprintf("%s: a d6 becomes a d8 (%d d8 in use)", src, ev.N)
		}
		return fmt.Sprintf("%s：6面体を8面体に（8面体%d個）", src, ev.N)
	case EvRoll:
		if en {
			return fmt.Sprintf("%s rolls %d dice: total %d", p, ev.N, ev.M)
		}
		return fmt.Sprintf("%sが%d個振って合計%d", p, ev.N, ev.M)
	case EvDie:
		src := map[bool]string{true: "courage", false: "勇気"}[en]
		if card >= 0 {
			src = e.cardText(card, lang)
		}
		if en {
			return fmt.Sprintf("%s: a die %d → %d", src, ev.N, ev.M)
		}
		return fmt.Sprintf("%s：出目%d → %d", src, ev.N, ev.M)
	case EvFix:
		if en {
			return fmt.Sprintf("dice fixed: Power %d", ev.N)
		}
		return fmt.Sprintf("目を確定：パワー%d", ev.N)
	case EvPower:
		if en {
			return fmt.Sprintf("%s: Power %+d → %d", e.cardText(card, lang), ev.N, ev.M)
		}
		return fmt.Sprintf("%s：パワー%+d → %d", e.cardText(card, lang), ev.N, ev.M)
	case EvTiwaz:
		if en {
			return fmt.Sprintf("%s: ↑ +%d (now %d)", e.cardText(card, lang), ev.N, ev.M)
		}
		return fmt.Sprintf("%s：↑+%d（計%d）", e.cardText(card, lang), ev.N, ev.M)
	case EvDiscount:
		if en {
			return fmt.Sprintf("%s: scouting costs %d less this turn", e.cardText(card, lang), ev.M)
		}
		return fmt.Sprintf("%s：この手番のスカウトコスト-%d", e.cardText(card, lang), ev.M)
	case EvVP:
		return g.explainVP(ev, p, en, lang)
	case EvVPHeld:
		if en {
			return fmt.Sprintf("%s: %d VP, paid at the judgement if it succeeds (%d VP held)", e.cardText(card, lang), ev.N, ev.M)
		}
		return fmt.Sprintf("%s：%dVPは判定まで保留し、成功したら得る（保留%dVP）", e.cardText(card, lang), ev.N, ev.M)
	case EvVPLost:
		if en {
			return fmt.Sprintf("%s gains none of the %d skill VP held: no VP on a failure", p, ev.N)
		}
		return fmt.Sprintf("失敗したので、%sは保留していたスキルの%dVPを得られない", p, ev.N)
	case Resolved:
		ci := &e.info[card]
		if en {
			return fmt.Sprintf("%s: Power %d against %d — %s", e.cardText(card, lang), ev.N, ci.target, map[bool]string{true: "success", false: "failure"}[ev.M == 1])
		}
		return fmt.Sprintf("「%s」判定：パワー%d／目標値%d — %s", e.cardText(card, lang), ev.N, ci.target, map[bool]string{true: "成功", false: "失敗"}[ev.M == 1])
	case EvUrd:
		if en {
			return fmt.Sprintf("%s's Urd replaces %s on %s; the card goes to %s's area", p, e.cardText(card, lang), sqText(Square(ev.N)), p)
		}
		return fmt.Sprintf("%sのウルズを%sの「%s」と差し替え、カードを手元へ", p, sqText(Square(ev.N)), e.cardText(card, lang))
	case EvUnder:
		if en {
			return fmt.Sprintf("%s revives; an Urd goes under %s's Valkyria", e.cardText(card, lang), p)
		}
		return fmt.Sprintf("「%s」は復活する：ウルズを1枚ヴァルキュリアの下へ", e.cardText(card, lang))
	case EvDescend:
		if en {
			return fmt.Sprintf("%s goes down: %s → %s", p, sqText(Square(ev.N)), squareIn(Square(ev.M), lang))
		}
		return fmt.Sprintf("%sは次の階層へ：%s → %s", p, sqText(Square(ev.N)), squareIn(Square(ev.M), lang))
	case EvReturn:
		if card < 0 {
			if en {
				return fmt.Sprintf("%s pays 1 with a ↑", p)
			}
			return fmt.Sprintf("%sが↑1個で1支払う", p)
		}
		if en {
			return fmt.Sprintf("%s returns %s to the field, paying %d", p, e.cardText(card, lang), ev.N)
		}
		return fmt.Sprintf("%sが「%s」を場に戻して%d支払う", p, e.cardText(card, lang), ev.N)
	case Acquired:
		if en {
			return fmt.Sprintf("%s scouts %s", p, e.cardText(card, lang))
		}
		return fmt.Sprintf("%sが「%s」をスカウト", p, e.cardText(card, lang))
	case Played:
		if en {
			return fmt.Sprintf("%s uses the skill of %s", p, e.cardText(card, lang))
		}
		return fmt.Sprintf("%sが「%s」のスキルを使う", p, e.cardText(card, lang))
	case EvGrow:
		if en {
			return fmt.Sprintf("%s grows: %s +%d from the next turn", p, iconEN[ev.N], ev.M)
		}
		return fmt.Sprintf("%sの成長：%s+%d（次の手番から）", p, iconJA[ev.N], ev.M)
	case EvMajority:
		if en {
			return fmt.Sprintf("layer %d majority: %s gains %d VP", ev.N, p, ev.M)
		}
		return fmt.Sprintf("第%d層のマジョリティ：%sが%dVP", ev.N, p, ev.M)
	case EvPass:
		if en {
			return p + " scouts nobody"
		}
		return p + "はスカウトしない"
	case EvLayout:
		if en {
			return fmt.Sprintf("setup: %s holds %s", squareIn(Square(ev.N), lang), e.cardText(card, lang))
		}
		return fmt.Sprintf("準備：%sに「%s」", squareIn(Square(ev.N), lang), e.cardText(card, lang))
	case EvStart:
		v := e.valkyria[ev.Seat]
		if en {
			return fmt.Sprintf("setup: %s (%s) is dealt %s and starts on %s with %d Urd", p, v, e.cardText(card, lang), squareIn(Square(ev.N), lang), ev.M)
		}
		return fmt.Sprintf("準備：%s（%s）に「%s」を配り、%sからウルズ%d枚で始める", p, v, e.cardText(card, lang), squareIn(Square(ev.N), lang), ev.M)
	}
	return ""
}

func (g *Game) explainVP(ev Event, p string, en bool, lang string) string {
	var why string
	switch ev.M {
	case vpChallenge:
		why = g.e.cardText(int16(ev.Card), lang)
	case vpDignity:
		why = map[bool]string{true: "dignity", false: "威厳"}[en]
	case vpTiwaz:
		why = "↑"
	case vpSkill:
		why = g.e.cardText(int16(ev.Card), lang)
	case vpHeld:
		why = map[bool]string{true: "skill VP held for the judgement", false: "判定まで保留したスキルのVP"}[en]
	}
	if en {
		return fmt.Sprintf("%s gains %d VP (%s)", p, ev.N, why)
	}
	return fmt.Sprintf("%sが%dVP（%s）", p, ev.N, why)
}
