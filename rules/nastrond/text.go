package nastrond

import (
	"bifrost/schema"
	"fmt"
	"strings"
)

// Describe and Explain render choices and events for replays, in Japanese
// or English, with the cards' names from the workbook.

func sqText(q Square) string { return fmt.Sprintf("(%d,%d)", rowOf(q), colOf(q)) }

// cardText names card c: its name, and its ID as well in English, since
// the workbook's names are Japanese.
func (e *Engine) cardText(c int16, l *schema.Lang) string {
	if c < 0 || int(c) >= len(e.info) {
		return "?"
	}
	ci := &e.info[c]
	return l.Pick(ci.name, ci.name+" ["+ci.id+"]")
}

// cellTextIn names what lies on square q now, in l's language.
func (g *Game) cellTextIn(q Square, l *schema.Lang) string {
	v := g.board[q]
	if v < 0 {
		s := int(-1 - v)
		return l.Sprintf("P%dのウルズ", "Urd of P%d", s+1)
	}
	return g.e.cardText(v, l)
}

func squareIn(q Square, l *schema.Lang) string {
	return l.Sprintf("第%d層%s", "layer %d %s", board.layer[q], sqText(q))
}

func dieText(sides, face int8) string { return fmt.Sprintf("d%d[%d]", sides, face) }

var iconJA = [nIcons]string{"勇気", "知性", "威厳", "親愛"}
var iconEN = [nIcons]string{"courage", "intellect", "dignity", "affection"}

// Describe renders a choice, reading the game as it is before the choice.
func (g *Game) Describe(c Choice, l *schema.Lang) string {
	e := g.e
	switch c.Kind {
	case KMove:
		q := Square(c.A)
		return l.Sprintf("%dマス進んで%s「%s」へ", "move %d to %s: %s", c.B, squareIn(q, l), g.cellTextIn(q, l))
	case KDivine:
		return l.Pick("神性介入：ウルズ1枚でストックのサイコロを1個", "divine intervention: spend an Urd for a Stock die")
	case KIntellect:
		return l.Pick("知性：6面体1個を8面体に", "intellect: a d6 becomes a d8")
	case KRoll:
		keep := int(g.nd) - int(c.A)
		return l.Sprintf("%d個振る（↑%d個）", "roll %d dice, keep %d as ↑", c.A, keep)
	case KCourage:
		d := dieText(g.dSides[c.B], g.dFace[c.B])
		return l.Pick("勇気："+d+"に+1", "courage: +1 to "+d)
	case KSkill:
		var b strings.Builder
		name := e.cardText(e.einCard[c.A], l)
		b.WriteString(l.Sprintf("スキル「%s」", "skill of %s", name))
		if c.B >= 0 {
			b.WriteString(l.Sprintf("を%sに", " on %s", dieText(g.dSides[c.B], g.dFace[c.B])))
		}
		return b.String()
	case KReroll:
		d := dieText(g.dSides[c.B], g.dFace[c.B])
		return l.Sprintf("%sを振り直しに選ぶ（あと%d個まで）", "choose %s to reroll (up to %d more)", d, g.rerollLeft-1)
	case KRerollGo:
		return l.Pick("選んだサイコロを振り直す", "reroll the dice chosen")
	case KFix:
		return l.Sprintf("目を確定（パワー%d）", "fix the dice (Power %d)", g.rolledSum())
	case KJudge:
		return l.Sprintf("判定：パワー%d、目標値%d", "judge: Power %d against %d", g.power, e.info[g.chal].target)
	case KHire:
		ci := &e.info[e.einCard[c.A]]
		return l.Sprintf("スカウト「%s」（登場階層%d、コスト%d、支払い%d）", "scout %s (layer %d, cost %d, pay %d)", e.cardText(e.einCard[c.A], l), ci.layer, ci.cost, g.needFor(int(c.A)))
	case KReturn:
		if c.A < 0 {
			return l.Pick("↑1個で支払う", "pay with a ↑")
		}
		return l.Pick("支払い：「"+e.cardText(e.einCard[c.A], l)+"」を場に戻す", "pay: return "+e.cardText(e.einCard[c.A], l)+" to the field")
	case KPass:
		return l.Pick("スカウトしない", "scout nobody")
	}
	return fmt.Sprintf("%+v", c)
}

// Explain renders an event. Events carry what they need, since a replay
// explains them while the game is still changing.
func (g *Game) Explain(ev Event, l *schema.Lang) string {
	e := g.e
	card := int16(ev.Card)
	p := fmt.Sprintf("P%d", ev.Seat+1)
	switch ev.Kind {
	case EvTurn:
		v := ""
		if int(ev.Seat) < len(e.valkyria) {
			v = e.valkyria[ev.Seat]
		}
		return l.Sprintf("— 第%d手番：%s（%s）、ウルズ残り%d —", "— turn %d: %s (%s), %d Urd left —", ev.N, p, v, ev.M)
	case EvMove:
		to := Square(ev.M)
		what := e.cardText(card, l)
		if card < 0 {
			what = l.Pick("ウルズ", "an Urd")
		}
		return l.Sprintf("%sが%sから%s（%s）へ移動", "%s moves %s → %s (%s)", p, sqText(Square(ev.N)), squareIn(to, l), what)
	case EvResolved:
		return l.Pick(fmt.Sprintf("%sは解決済み（P%dのウルズ）：ロールなし、ウルズを1枚ヴァルキュリアの下へ", sqText(Square(ev.N)), ev.M+1), fmt.Sprintf("%s is resolved (Urd of P%d): no roll; an Urd goes under %s's Valkyria", sqText(Square(ev.N)), ev.M+1, p))
	case EvDice:
		ci := &e.info[card]
		return l.Sprintf("「%s」に挑む（目標値%d、%dVP）：縦横のウルズ%d枚、ストックからサイコロ%d個", "challenge %s (target %d, %d VP): %d own Urd in row and column, %d dice from the Stock", e.cardText(card, l), ci.target, ci.vp, ev.N, ev.M)
	case EvDivine, EvAddDie:
		src := l.Pick("神性介入", "divine intervention")
		if ev.Kind == EvAddDie {
			src = e.cardText(card, l)
		}
		if ev.N == 0 {
			return l.Sprintf("%s：ストックのサイコロ1個を手元に", "%s: a Stock die joins the pool", src)
		}
		if ev.M > 0 {
			return l.Sprintf("%s：ストックのサイコロを振って%d、確定したパワーに加えて%d", "%s: a Stock die rolls %d and is added to the fixed Power: %d", src, ev.N, ev.M)
		}
		return l.Sprintf("%s：ストックのサイコロを振って%d、合計に加える", "%s: a Stock die rolls %d and is added", src, ev.N)
	case EvD8:
		src := l.Pick("知性", "intellect")
		if card >= 0 {
			src = e.cardText(card, l)
		}
		return l.Sprintf("%s：6面体を8面体に（8面体%d個）", "%s: a d6 becomes a d8 (%d d8 in use)", src, ev.N)
	case EvRoll:
		return l.Sprintf("%sが%d個振って合計%d", "%s rolls %d dice: total %d", p, ev.N, ev.M)
	case EvDie:
		src := l.Pick("勇気", "courage")
		if card >= 0 {
			src = e.cardText(card, l)
		}
		return l.Sprintf("%s：出目%d → %d", "%s: a die %d → %d", src, ev.N, ev.M)
	case EvFix:
		return l.Sprintf("目を確定：パワー%d", "dice fixed: Power %d", ev.N)
	case EvPower:
		return l.Sprintf("%s：パワー%+d → %d", "%s: Power %+d → %d", e.cardText(card, l), ev.N, ev.M)
	case EvTiwaz:
		return l.Sprintf("%s：↑+%d（計%d）", "%s: ↑ +%d (now %d)", e.cardText(card, l), ev.N, ev.M)
	case EvDiscount:
		return l.Sprintf("%s：この手番のスカウトコスト-%d", "%s: scouting costs %d less this turn", e.cardText(card, l), ev.M)
	case EvVP:
		return g.explainVP(ev, p, l)
	case EvVPHeld:
		return l.Sprintf("%s：%dVPは判定まで保留し、成功したら得る（保留%dVP）", "%s: %d VP, paid at the judgement if it succeeds (%d VP held)", e.cardText(card, l), ev.N, ev.M)
	case EvVPLost:
		return l.Sprintf("失敗したので、%sは保留していたスキルの%dVPを得られない", "%s gains none of the %d skill VP held: no VP on a failure", p, ev.N)
	case Resolved:
		ci := &e.info[card]
		outcome := schema.Word{"失敗", "failure"}
		if ev.M == 1 {
			outcome = schema.Word{"成功", "success"}
		}
		return l.Sprintf("「%s」判定：パワー%d／目標値%d — %s", "%s: Power %d against %d — %s", e.cardText(card, l), ev.N, ci.target, outcome)
	case EvUrd:
		return l.Sprintf("%[1]sのウルズを%[3]sの「%[2]s」と差し替え、カードを手元へ", "%[1]s's Urd replaces %[2]s on %[3]s; the card goes to %[1]s's area", p, e.cardText(card, l), sqText(Square(ev.N)))
	case EvUnder:
		return l.Pick(fmt.Sprintf("「%s」は復活する：ウルズを1枚ヴァルキュリアの下へ", e.cardText(card, l)), fmt.Sprintf("%s revives; an Urd goes under %s's Valkyria", e.cardText(card, l), p))
	case EvDescend:
		return l.Sprintf("%sは次の階層へ：%s → %s", "%s goes down: %s → %s", p, sqText(Square(ev.N)), squareIn(Square(ev.M), l))
	case EvReturn:
		if card < 0 {
			return l.Sprintf("%sが↑1個で1支払う", "%s pays 1 with a ↑", p)
		}
		return l.Sprintf("%sが「%s」を場に戻して%d支払う", "%s returns %s to the field, paying %d", p, e.cardText(card, l), ev.N)
	case Acquired:
		return l.Sprintf("%sが「%s」をスカウト", "%s scouts %s", p, e.cardText(card, l))
	case Played:
		return l.Sprintf("%sが「%s」のスキルを使う", "%s uses the skill of %s", p, e.cardText(card, l))
	case EvGrow:
		return l.Sprintf("%sの成長：%s+%d（次の手番から）", "%s grows: %s +%d from the next turn", p, l.Pick(iconJA[ev.N], iconEN[ev.N]), ev.M)
	case EvMajority:
		return l.Sprintf("第%d層のマジョリティ：%sが%dVP", "layer %d majority: %s gains %d VP", ev.N, p, ev.M)
	case EvPass:
		return l.Pick(p+"はスカウトしない", p+" scouts nobody")
	case EvLayout:
		return l.Sprintf("準備：%sに「%s」", "setup: %s holds %s", squareIn(Square(ev.N), l), e.cardText(card, l))
	case EvStart:
		v := e.valkyria[ev.Seat]
		return l.Sprintf("準備：%s（%s）に「%s」を配り、%sからウルズ%d枚で始める", "setup: %s (%s) is dealt %s and starts on %s with %d Urd", p, v, e.cardText(card, l), squareIn(Square(ev.N), l), ev.M)
	}
	return ""
}

func (g *Game) explainVP(ev Event, p string, l *schema.Lang) string {
	var why string
	switch ev.M {
	case vpChallenge:
		why = g.e.cardText(int16(ev.Card), l)
	case vpDignity:
		why = l.Pick("威厳", "dignity")
	case vpTiwaz:
		why = "↑"
	case vpSkill:
		why = g.e.cardText(int16(ev.Card), l)
	case vpHeld:
		why = l.Pick("判定まで保留したスキルのVP", "skill VP held for the judgement")
	}
	return l.Sprintf("%sが%dVP（%s）", "%s gains %d VP (%s)", p, ev.N, why)
}
