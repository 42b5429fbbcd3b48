package valkyrie

import (
	"fmt"
	"strconv"

	"bifrost/rules/sim"
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
func (e *Engine) name(d int16, lang string) string {
	if d < 0 || int(d) >= len(e.designs) {
		return "?"
	}
	ds := &e.designs[d]
	if ds.kind == kindTactic {
		if lang == "en" {
			return fmt.Sprintf("%s rage %d tactics (%s)", ds.name, ds.rage, ds.id)
		}
		return fmt.Sprintf("%sのレイジ%dタクティクス", ds.name, ds.rage)
	}
	if lang == "en" {
		return ds.name + " (" + ds.id + ")"
	}
	return "「" + ds.name + "」"
}

// clauseText renders clause i of design d.
func (e *Engine) clauseText(d int16, i int, lang string) string {
	if d < 0 || int(d) >= len(e.designs) || i < 0 || i >= len(e.designs[d].prog) {
		return "?"
	}
	cl := &e.designs[d].prog[i]
	if lang == "en" {
		return cl.en
	}
	return cl.ja
}

func slotText(deck, slot, R int, lang string) string {
	row := min(max(slot/max(R, 1), 0), numRows-1)
	if lang == "en" {
		return fmt.Sprintf("%s %s", deckNames[deck&1], rowEN[row])
	}
	return fmt.Sprintf("%sの%s", deckNames[deck&1], rowJA[row])
}

// Describe renders a choice for a replay.
func (g *Game) Describe(c sim.Choice, lang string) string {
	e := g.e
	en := lang == "en"
	switch c.Kind {
	case chPlay:
		if en {
			return "play " + e.name(c.B, lang)
		}
		return e.name(c.B, lang) + "を使用する"
	case chBuy:
		cost := g.supplyCost(&e.designs[c.C])
		if en {
			return fmt.Sprintf("buy %s from the %s row (cost %d)", e.name(c.C, lang), slotText(int(c.A), int(c.B), e.rowSlots, lang), cost)
		}
		return fmt.Sprintf("%sの%sを入手する（コスト%d）", slotText(int(c.A), int(c.B), e.rowSlots, lang), e.name(c.C, lang), cost)
	case chAttack:
		if en {
			return fmt.Sprintf("attack the weakness with %d power", c.A)
		}
		return fmt.Sprintf("戦力%dで弱点を攻撃する", c.A)
	case chEndPlay:
		if en {
			return "end the playing phase"
		}
		return "プレイングフェイズを終える"
	case chMay:
		text := e.clauseText(c.B, int(c.C), lang)
		switch {
		case en && c.A == 1:
			return fmt.Sprintf("resolve %s: %s", e.name(c.B, lang), text)
		case en:
			return fmt.Sprintf("decline %s: %s", e.name(c.B, lang), text)
		case c.A == 1:
			return fmt.Sprintf("%sの「%s」を解決する", e.name(c.B, lang), text)
		}
		return fmt.Sprintf("%sの「%s」を解決しない", e.name(c.B, lang), text)
	case chDiscard:
		if en {
			return "discard " + e.name(c.B, lang)
		}
		return e.name(c.B, lang) + "を捨てる"
	case chTrash:
		if en {
			return "trash " + e.name(c.B, lang)
		}
		return e.name(c.B, lang) + "を廃棄する"
	case chStop:
		if en {
			return "trash no more"
		}
		return "これ以上廃棄しない"
	case chGainFree:
		if en {
			return fmt.Sprintf("gain %s from the %s row for free", e.name(c.C, lang), slotText(int(c.A), int(c.B), e.rowSlots, lang))
		}
		return fmt.Sprintf("%sの%sを無料で入手する", slotText(int(c.A), int(c.B), e.rowSlots, lang), e.name(c.C, lang))
	case chReturnVP:
		if en {
			return "return " + e.name(c.B, lang) + " to the VP pool"
		}
		return e.name(c.B, lang) + "をVPカードの山に戻す"
	case chEndAbility:
		text := e.clauseText(c.B, int(c.A), lang)
		switch {
		case en && c.C == 1:
			return fmt.Sprintf("resolve %s: %s", e.name(c.B, lang), text)
		case en:
			return fmt.Sprintf("decline %s: %s", e.name(c.B, lang), text)
		case c.C == 1:
			return fmt.Sprintf("%sの「%s」を解決する", e.name(c.B, lang), text)
		}
		return fmt.Sprintf("%sの「%s」を解決しない", e.name(c.B, lang), text)
	}
	return fmt.Sprintf("choice %d (%d, %d, %d)", c.Kind, c.A, c.B, c.C)
}

// Explain renders an event for a replay; "" for events a replay leaves out.
func (g *Game) Explain(ev sim.Event, lang string) string {
	e := g.e
	en := lang == "en"
	seat := "P" + strconv.Itoa(int(ev.Seat)+1)
	card := int16(ev.Card)
	n, m := int(ev.N), int(ev.M)
	deck := deckNames[n&1]
	switch ev.Kind {
	case sim.Acquired:
		switch e.designs[card].kind {
		case kindWeakness:
			if en {
				return fmt.Sprintf("%s destroys the weakness %s (power %d against durability %d) and takes it", seat, e.name(card, lang), n, m)
			}
			return fmt.Sprintf("%sが弱点%sを破壊して入手（戦力%d、耐久値%d）", seat, e.name(card, lang), n, m)
		case kindVP:
			if en {
				return fmt.Sprintf("%s takes the VP card %s (%d VP)", seat, e.name(card, lang), n)
			}
			return fmt.Sprintf("%sがVPカード%sを得る（%dVP）", seat, e.name(card, lang), n)
		}
		if en {
			return fmt.Sprintf("%s puts %s into the acquired area", seat, e.name(card, lang))
		}
		return fmt.Sprintf("%sが%sを入手エリアに置く", seat, e.name(card, lang))
	case sim.Played:
		if en {
			return fmt.Sprintf("%s plays %s: funds %d, power %d", seat, e.name(card, lang), n, m)
		}
		return fmt.Sprintf("%sが%sを使用: 資金%d、戦力%d", seat, e.name(card, lang), n, m)
	case sim.Resolved:
		return ""
	case evTurn:
		if en {
			return fmt.Sprintf("%s's turn %d begins (rage %d)", seat, n, m)
		}
		return fmt.Sprintf("%sの第%dターン開始（レイジ%d）", seat, n, m)
	case evInvaded:
		if en {
			return fmt.Sprintf("invasion: %s leaves the %s front row for its trash pile", e.name(card, lang), deck)
		}
		return fmt.Sprintf("侵攻: %sの前列の%sを廃棄置場へ", deck, e.name(card, lang))
	case evRefill:
		if en {
			return fmt.Sprintf("%s fills the %s back row", e.name(card, lang), deck)
		}
		return fmt.Sprintf("%sの後列に%sを補充", deck, e.name(card, lang))
	case evExhausted:
		if en {
			return fmt.Sprintf("the %s supply deck has run out", deck)
		}
		return fmt.Sprintf("サプライデッキ（%s）が尽きた", deck)
	case evRebuilt:
		if en {
			return fmt.Sprintf("the %s trash pile is shuffled into a new supply deck of %d", deck, m)
		}
		return fmt.Sprintf("%sの廃棄置場%d枚をシャッフルして新たなサプライデッキにする", deck, m)
	case evEndTriggered:
		if en {
			return "the end condition is met (" + reasonText(n, lang) + "); the round is played out"
		}
		return "終了条件を満たした（" + reasonText(n, lang) + "）。全員が同じ数のターンを行うまで続ける"
	case evReshuffle:
		if en {
			return fmt.Sprintf("%s shuffles the discard pile into a new draw pile of %d", seat, n)
		}
		return fmt.Sprintf("%sが捨て札%d枚をシャッフルして山札にする", seat, n)
	case evDraw:
		if en {
			return fmt.Sprintf("%s draws %d (hand %d)", seat, n, m)
		}
		return fmt.Sprintf("%sが%d枚引く（手札%d枚）", seat, n, m)
	case evEffect:
		if en {
			return fmt.Sprintf("%s: %s", e.name(card, lang), e.clauseText(card, n, lang))
		}
		return fmt.Sprintf("%s: %s", e.name(card, lang), e.clauseText(card, n, lang))
	case evDiscard:
		if en {
			return fmt.Sprintf("%s discards %s", seat, e.name(card, lang))
		}
		return fmt.Sprintf("%sが%sを捨てる", seat, e.name(card, lang))
	case evTrash:
		if en {
			return fmt.Sprintf("%s trashes %s", seat, e.name(card, lang))
		}
		return fmt.Sprintf("%sが%sを廃棄する", seat, e.name(card, lang))
	case evRowTrashed:
		row := min(max(m, 0), numRows-1)
		if en {
			return fmt.Sprintf("%s is trashed from the %s %s row", e.name(card, lang), deck, rowEN[row])
		}
		return fmt.Sprintf("%sの%sの%sを廃棄", deck, rowJA[row], e.name(card, lang))
	case evReturnVP:
		if en {
			return fmt.Sprintf("%s returns %s to the VP pool", seat, e.name(card, lang))
		}
		return fmt.Sprintf("%sが%sをVPカードの山に戻す", seat, e.name(card, lang))
	case evAttackFailed:
		if en {
			return fmt.Sprintf("%s attacks %s with %d power: durability %d holds", seat, e.name(card, lang), n, m)
		}
		return fmt.Sprintf("%sが戦力%dで%sを攻撃: 耐久値%dを超えず破壊できない", seat, n, e.name(card, lang), m)
	case evDeclined:
		if en {
			return fmt.Sprintf("%s declines %s: %s", seat, e.name(card, lang), e.clauseText(card, n, lang))
		}
		return fmt.Sprintf("%sは%sの「%s」を解決しない", seat, e.name(card, lang), e.clauseText(card, n, lang))
	case evCondFailed:
		if m == 1 {
			if en {
				return fmt.Sprintf("%s: the condition of %q did not hold when it was played", e.name(card, lang), e.clauseText(card, n, lang))
			}
			return fmt.Sprintf("%s: 「%s」の条件を使用した時点で満たしていなかった", e.name(card, lang), e.clauseText(card, n, lang))
		}
		if en {
			return fmt.Sprintf("%s: the condition of %q does not hold", e.name(card, lang), e.clauseText(card, n, lang))
		}
		return fmt.Sprintf("%s: 「%s」の条件を満たしていない", e.name(card, lang), e.clauseText(card, n, lang))
	case evCounters:
		if en {
			return fmt.Sprintf("funds %d, power %d", n, m)
		}
		return fmt.Sprintf("資金%d、戦力%d", n, m)
	case evTurnEnd:
		if en {
			return fmt.Sprintf("%s's turn %d ends", seat, n)
		}
		return fmt.Sprintf("%sの第%dターン終了", seat, n)
	case evGameEnd:
		if en {
			return "the game ends (" + reasonText(n, lang) + ")"
		}
		return "ゲーム終了（" + reasonText(n, lang) + "）"
	}
	return ""
}

func reasonText(bits int, lang string) string {
	en := lang == "en"
	switch bits {
	case endSupply:
		if en {
			return "both supply decks have run out once"
		}
		return "両方のサプライデッキが1回ずつ尽きた"
	case endWeakness:
		if en {
			return "every rage deck is empty"
		}
		return "すべてのレイジデッキが尽きた"
	case endSupply | endWeakness:
		if en {
			return "both supply decks have run out once and every rage deck is empty"
		}
		return "両方のサプライデッキが1回ずつ尽き、すべてのレイジデッキも尽きた"
	}
	if en {
		return "no end condition"
	}
	return "終了条件なし"
}
