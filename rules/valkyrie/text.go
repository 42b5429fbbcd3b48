package valkyrie

import (
	"fmt"
	"strconv"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// The engine's event kinds, for replays. Card is a design index or -1.
const (
	evTurn         = sim.EventEngine + iota // Seat's turn N begins at rage M
	evInvaded                               // Card leaves deck N's front row for its 廃棄置場
	evRefill                                // Card fills deck N's back row
	evExhausted                             // supply deck N has run out
	evRebuilt                               // supply deck N is rebuilt from its 廃棄置場: M cards
	evEndTriggered                          // an end condition is met: N (endSupply|endWeakness)
	evReshuffle                             // Seat shuffles the discard pile into a draw pile of N
	evDraw                                  // Seat draws N cards; hand now M
	evEffect                                // clause N of Card takes effect
	evDiscard                               // Seat discards Card
	evTrash                                 // Seat trashes Card
	evRowTrashed                            // Card of deck N is trashed from row M
	evReturnVP                              // Seat returns VP card Card to the pool
	evAttackFailed                          // an attack of N power on Card (durability M) fails
	evDeclined                              // Seat declines clause N of Card
	evCondFailed                            // end-of-turn clause N of Card: its 【】 does not hold (M 1: did not when played)
	evCounters                              // funds N, power M
	evTurnEnd                               // Seat's turn N ends
	evGameEnd                               // the game ends: N (endSupply|endWeakness)
)

var rowJA = [numRows]string{"前列", "中列", "後列"}
var rowEN = [numRows]string{"front", "middle", "back"}

// name renders design d in lang: 「名前」 in Japanese, "名前 (ID)" in English.
func (e *Engine) name(d int16, l *schema.Lang) string {
	if d < 0 || int(d) >= len(e.designs) {
		return "?"
	}
	ds := &e.designs[d]
	if ds.kind == kindTactic {
		return l.Pick(fmt.Sprintf("%sのレイジ%dタクティクス", ds.name, ds.rage), fmt.Sprintf("%s rage %d tactics (%s)", ds.name, ds.rage, ds.id))
	}
	return l.Pick("「"+ds.name+"」", ds.name+" ("+ds.id+")")
}

// clauseText renders clause i of design d.
func (e *Engine) clauseText(d int16, i int, l *schema.Lang) string {
	if d < 0 || int(d) >= len(e.designs) || i < 0 || i >= len(e.designs[d].prog) {
		return "?"
	}
	cl := &e.designs[d].prog[i]
	return l.Pick(cl.ja, cl.en)
}

func slotText(deck, slot, R int, l *schema.Lang) string {
	row := min(max(slot/max(R, 1), 0), numRows-1)
	return l.Sprintf("%sの%s", "%s %s", deckNames[deck&1], l.Pick(rowJA[row], rowEN[row]))
}

// Describe renders a choice for a replay.
func (g *Game) Describe(c sim.Choice, l *schema.Lang) string {
	e := g.e
	switch c.Kind {
	case chPlay:
		return l.Pick(e.name(c.B, l)+"を使用する", "play "+e.name(c.B, l))
	case chBuy:
		cost := g.supplyCost(&e.designs[c.C])
		return l.Sprintf("%[2]sの%[1]sを入手する（コスト%[3]d）", "buy %s from the %s row (cost %d)", e.name(c.C, l), slotText(int(c.A), int(c.B), e.rowSlots, l), cost)
	case chAttack:
		return l.Sprintf("戦力%dで弱点を攻撃する", "attack the weakness with %d power", c.A)
	case chEndPlay:
		return l.Pick("プレイングフェイズを終える", "end the playing phase")
	case chMay:
		text := e.clauseText(c.B, int(c.C), l)
		if c.A == 1 {
			return l.Sprintf("%sの「%s」を解決する", "resolve %s: %s", e.name(c.B, l), text)
		}
		return l.Sprintf("%sの「%s」を解決しない", "decline %s: %s", e.name(c.B, l), text)
	case chDiscard:
		return l.Pick(e.name(c.B, l)+"を捨てる", "discard "+e.name(c.B, l))
	case chTrash:
		return l.Pick(e.name(c.B, l)+"を廃棄する", "trash "+e.name(c.B, l))
	case chStop:
		return l.Pick("これ以上廃棄しない", "trash no more")
	case chGainFree:
		return l.Sprintf("%[2]sの%[1]sを無料で入手する", "gain %s from the %s row for free", e.name(c.C, l), slotText(int(c.A), int(c.B), e.rowSlots, l))
	case chReturnVP:
		return l.Pick(e.name(c.B, l)+"をVPカードの山に戻す", "return "+e.name(c.B, l)+" to the VP pool")
	case chEndAbility:
		text := e.clauseText(c.B, int(c.A), l)
		if c.C == 1 {
			return l.Sprintf("%sの「%s」を解決する", "resolve %s: %s", e.name(c.B, l), text)
		}
		return l.Sprintf("%sの「%s」を解決しない", "decline %s: %s", e.name(c.B, l), text)
	}
	return fmt.Sprintf("choice %d (%d, %d, %d)", c.Kind, c.A, c.B, c.C)
}

// Explain renders an event for a replay; "" for events a replay leaves out.
func (g *Game) Explain(ev sim.Event, l *schema.Lang) string {
	e := g.e
	seat := "P" + strconv.Itoa(int(ev.Seat)+1)
	card := int16(ev.Card)
	n, m := int(ev.N), int(ev.M)
	deck := deckNames[n&1]
	switch ev.Kind {
	case sim.Acquired:
		switch e.designs[card].kind {
		case kindWeakness:
			return l.Sprintf("%sが弱点%sを破壊して入手（戦力%d、耐久値%d）", "%s destroys the weakness %s (power %d against durability %d) and takes it", seat, e.name(card, l), n, m)
		case kindVP:
			return l.Sprintf("%sがVPカード%sを得る（%dVP）", "%s takes the VP card %s (%d VP)", seat, e.name(card, l), n)
		}
		return l.Sprintf("%sが%sを入手エリアに置く", "%s puts %s into the acquired area", seat, e.name(card, l))
	case sim.Played:
		return l.Sprintf("%sが%sを使用: 資金%d、戦力%d", "%s plays %s: funds %d, power %d", seat, e.name(card, l), n, m)
	case sim.Resolved:
		return ""
	case evTurn:
		return l.Sprintf("%sの第%dターン開始（レイジ%d）", "%s's turn %d begins (rage %d)", seat, n, m)
	case evInvaded:
		return l.Sprintf("侵攻: %[2]sの前列の%[1]sを廃棄置場へ", "invasion: %s leaves the %s front row for its trash pile", e.name(card, l), deck)
	case evRefill:
		return l.Sprintf("%[2]sの後列に%[1]sを補充", "%s fills the %s back row", e.name(card, l), deck)
	case evExhausted:
		return l.Sprintf("サプライデッキ（%s）が尽きた", "the %s supply deck has run out", deck)
	case evRebuilt:
		return l.Sprintf("%sの廃棄置場%d枚をシャッフルして新たなサプライデッキにする", "the %s trash pile is shuffled into a new supply deck of %d", deck, m)
	case evEndTriggered:
		return l.Pick("終了条件を満たした（"+reasonText(n, l)+"）。全員が同じ数のターンを行うまで続ける", "the end condition is met ("+reasonText(n, l)+"); the round is played out")
	case evReshuffle:
		return l.Sprintf("%sが捨て札%d枚をシャッフルして山札にする", "%s shuffles the discard pile into a new draw pile of %d", seat, n)
	case evDraw:
		return l.Sprintf("%sが%d枚引く（手札%d枚）", "%s draws %d (hand %d)", seat, n, m)
	case evEffect:
		return l.Sprintf("%s: %s", "%s: %s", e.name(card, l), e.clauseText(card, n, l))
	case evDiscard:
		return l.Sprintf("%sが%sを捨てる", "%s discards %s", seat, e.name(card, l))
	case evTrash:
		return l.Sprintf("%sが%sを廃棄する", "%s trashes %s", seat, e.name(card, l))
	case evRowTrashed:
		row := min(max(m, 0), numRows-1)
		return l.Sprintf("%[2]sの%[3]sの%[1]sを廃棄", "%s is trashed from the %s %s row", e.name(card, l), deck, l.Pick(rowJA[row], rowEN[row]))
	case evReturnVP:
		return l.Sprintf("%sが%sをVPカードの山に戻す", "%s returns %s to the VP pool", seat, e.name(card, l))
	case evAttackFailed:
		return l.Sprintf("%[1]sが戦力%[3]dで%[2]sを攻撃: 耐久値%[4]dを超えず破壊できない", "%s attacks %s with %d power: durability %d holds", seat, e.name(card, l), n, m)
	case evDeclined:
		return l.Sprintf("%sは%sの「%s」を解決しない", "%s declines %s: %s", seat, e.name(card, l), e.clauseText(card, n, l))
	case evCondFailed:
		if m == 1 {
			return l.Sprintf("%s: 「%s」の条件を使用した時点で満たしていなかった", "%s: the condition of %q did not hold when it was played", e.name(card, l), e.clauseText(card, n, l))
		}
		return l.Sprintf("%s: 「%s」の条件を満たしていない", "%s: the condition of %q does not hold", e.name(card, l), e.clauseText(card, n, l))
	case evCounters:
		return l.Sprintf("資金%d、戦力%d", "funds %d, power %d", n, m)
	case evTurnEnd:
		return l.Sprintf("%sの第%dターン終了", "%s's turn %d ends", seat, n)
	case evGameEnd:
		return l.Pick("ゲーム終了（"+reasonText(n, l)+"）", "the game ends ("+reasonText(n, l)+")")
	}
	return ""
}

func reasonText(bits int, l *schema.Lang) string {
	switch bits {
	case endSupply:
		return l.Pick("両方のサプライデッキが1回ずつ尽きた", "both supply decks have run out once")
	case endWeakness:
		return l.Pick("すべてのレイジデッキが尽きた", "every rage deck is empty")
	case endSupply | endWeakness:
		return l.Pick("両方のサプライデッキが1回ずつ尽き、すべてのレイジデッキも尽きた", "both supply decks have run out once and every rage deck is empty")
	}
	return l.Pick("終了条件なし", "no end condition")
}
