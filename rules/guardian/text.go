package guardian

import (
	"fmt"
	"strconv"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/effect"
)

func (g *Game) name(c int16) string {
	if c < 0 || int(c) >= len(g.e.d) {
		return "?"
	}
	return g.e.d[c].name
}

func seatName(s int) string { return "P" + strconv.Itoa(s+1) }

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// clauseText renders one clause as card text (ja) or source form (en).
func clauseText(cl *clause, l *schema.Lang) string {
	e := &effect.Effect{Clauses: []effect.Clause{cl.src}}
	if l.English() {
		return e.String()
	}
	return e.Text(Schema.Vocabs[""], nil)
}

// Describe renders a choice of the deciding seat, before it is applied.
func (g *Game) Describe(c sim.Choice, l *schema.Lang) string {
	p := &g.p
	s := int(p.askSeat)
	switch c.Kind {
	case cAside:
		return l.Pick("引き直し：「"+g.name(c.A)+"」を脇に置く", "mulligan: set aside "+g.name(c.A))
	case cKeep:
		if n := len(g.h[s].aside); n > 0 {
			return l.Sprintf("脇に置いた%d枚の分を引き直す", "redraw as many as set aside (%d)", n)
		}
		return l.Pick("手札をこのままにする", "keep the hand")
	case cForge, cNoForge:
		// The forging is simultaneous and secret: the choice is told with
		// the other seat's at "Forging!!" (revealForging).
		return l.Pick("フォージングの選択（フォージング!! で明かす）", "makes the forging choice (told at Forging!!)")
	case cPass:
		return l.Pick("パス", "pass")
	case cCheer:
		n := g.name(p.ps[s].cheer[c.A].card)
		return l.Pick("応援席の「"+n+"」の能力を使う", "use the cheer ability of "+n)
	case cOrder:
		return l.Pick("オーダー「"+g.name(c.A)+"」を使う", "use the Order "+g.name(c.A))
	case cConsume:
		return l.Pick("マテリアル「"+g.name(c.A)+"」を消費する", "consume the Material "+g.name(c.A))
	case cAdvance:
		return l.Pick("アドバンス「"+g.name(c.A)+"」を応援席に出す", "put the Advance "+g.name(c.A)+" into the cheer seat")
	case cYes, cNo:
		f := &p.stack[p.sp-1]
		cl := &g.e.d[f.card].lists[f.list][f.idx]
		n, t := g.name(f.card), clauseText(cl, l)
		if c.Kind == cYes {
			return l.Pick("「"+n+"」の「"+t+"」を使う", n+": use \""+t+"\"")
		}
		return l.Pick("「"+n+"」の「"+t+"」を使わない", n+": decline \""+t+"\"")
	case cPick:
		switch uint8(c.B) {
		case 0:
			return l.Pick("「"+g.name(c.A)+"」で支払う", "pay with "+g.name(c.A))
		case vReturnCheer:
			n := g.name(p.ps[s].cheer[c.A].card)
			return l.Pick("応援席の「"+n+"」を手札に戻す", "return "+n+" from the cheer seat to hand")
		case vRecover:
			return l.Pick("消費ゾーンの「"+g.name(c.A)+"」を手札に加える", "take "+g.name(c.A)+" from the consume zone into hand")
		case vOppDiscard:
			return l.Pick("手札の「"+g.name(c.A)+"」を消費ゾーンに置く", "put "+g.name(c.A)+" from hand into the consume zone")
		case vBreakAdvance:
			n := g.name(p.ps[other(s)].cheer[c.A].card)
			return l.Pick("相手の応援席の「"+n+"」を消費ゾーンに置く", "put the opponent's "+n+" into their consume zone")
		}
	case cPlace:
		n := g.name(p.ps[s].guard)
		if c.A == 1 {
			return l.Pick("「"+n+"」を応援席に置く", "put "+n+" into the cheer seat")
		}
		return l.Pick("「"+n+"」を手札に戻す", "return "+n+" to hand")
	case cWait:
		return l.Pick("（ターン上限：待つ）", "(turn cap: wait)")
	case cDiscard:
		return l.Pick("手札上限：「"+g.name(c.A)+"」を消費ゾーンに置く", "hand limit: put "+g.name(c.A)+" into the consume zone")
	}
	return fmt.Sprintf("choice %d %d %d %d", c.Kind, c.A, c.B, c.C)
}

// Explain renders an event for a replay; "" for events a replay skips.
func (g *Game) Explain(ev sim.Event, l *schema.Lang) string {
	s := int(ev.Seat)
	who := seatName(s)
	n := g.name(int16(ev.Card))
	switch ev.Kind {
	case sim.Acquired:
		switch ev.N {
		case 0:
			return l.Pick(who+"は「"+n+"」を引く", who+" draws "+n)
		case 2:
			return l.Pick(who+"の「"+n+"」が応援席から手札に戻る", who+"'s "+n+" returns from the cheer seat to hand")
		case 3:
			return l.Pick(who+"は消費ゾーンの「"+n+"」を手札に加える", who+" takes "+n+" from the consume zone into hand")
		}
		return "" // resource cards: told by evTake
	case sim.Played:
		switch ev.N {
		case playForge:
			if ev.M == 1 {
				return l.Pick(who+"は「"+n+"」を上下反転で裏向きにフォージング", who+" forges "+n+" face down, upside down")
			}
			return l.Pick(who+"は「"+n+"」を裏向きにフォージング", who+" forges "+n+" face down")
		case playCheer:
			return l.Pick(who+"は応援席の「"+n+"」の能力を使う", who+" uses the cheer ability of "+n)
		case playOrder:
			return l.Pick(who+"はオーダー「"+n+"」を使う（フォージングゾーンへ）", who+" uses the Order "+n+" (to the forging zone)")
		case playConsume:
			return l.Pick(who+"はマテリアル「"+n+"」を消費する", who+" consumes the Material "+n)
		case playAdvance:
			return l.Pick(who+"のアドバンス「"+n+"」が応援席に出る", who+"'s Advance "+n+" enters the cheer seat")
		}
		return ""
	case sim.Resolved:
		return ""
	case evTurn:
		return l.Sprintf("― ターン%d（先攻 %s）―", "— turn %d (%s goes first) —", ev.N, who)
	case evMulligan:
		return l.Sprintf("%sは%d枚を引き直し、脇に置いたカードを山札の下に置く", "%s redraws %d and puts the set-aside cards on the bottom of the deck", who, ev.N)
	case evResources:
		return l.Sprintf("%sは山札の上から%d枚をリソースゾーンに置く", "%s puts %d cards from the deck into the resource zone", who, ev.N)
	case evRPS:
		return l.Pick("ジャンケンで"+who+"が先攻", who+" wins rock-paper-scissors and goes first")
	case evNoForge:
		if ev.N == 1 {
			return l.Pick(who+"はフォージングしない", who+" forges nothing")
		}
		return l.Pick(who+"はフォージングできる守護者がいない", who+" has no Guardian to forge")
	case evForged:
		return l.Pick("フォージング!!", "Forging!!")
	case evShip:
		if ev.N == 1 {
			return l.Pick("シップ!! "+who+"の「"+n+"」（捨て身の攻撃）", "Ship!! "+who+"'s "+n+" (reckless attack)")
		}
		return l.Pick("シップ!! "+who+"の「"+n+"」", "Ship!! "+who+"'s "+n)
	case evPoint:
		return l.Sprintf("「%s」で%sのポイント%s", "%s: %s's points %s", n, who, signed(int(ev.N)))
	case evNext:
		return l.Sprintf("「%s」で%sは次のターンのポイント%s", "%s: %s's points %s next turn", n, who, signed(int(ev.N)))
	case evFortify:
		return l.Sprintf("「%s」で%sは山札の上から%d枚をリソースゾーンに置く", "%s: %s puts %d cards from the deck into the resource zone", n, who, ev.N)
	case evRecord:
		ctr := g.e.counters[ev.N]
		return l.Sprintf("「%s」で%sの記録「%s」が%d回になる", "%s: %s's record %q is now %d", n, who, ctr, ev.M)
	case evDiscard:
		return l.Pick(who+"は手札の「"+n+"」を消費ゾーンに置く", who+" puts "+n+" from hand into the consume zone")
	case evBreak:
		return l.Pick(who+"のアドバンス「"+n+"」が消費ゾーンに置かれる", who+"'s Advance "+n+" goes to the consume zone")
	case evFlip:
		return l.Pick("「"+n+"」で相性が逆転する", n+": the affinity is reversed")
	case evNullify:
		return l.Pick("「"+n+"」で相性によるポイントの増減がなくなる", n+": the affinity no longer changes the points")
	case evPay:
		switch {
		case ev.N == 1:
			return l.Pick(who+"は手札の「"+n+"」を消費する（使用条件）", who+" consumes "+n+" from hand (use condition)")
		case ev.M == 1:
			return l.Pick(who+"は手札の「"+n+"」を消費ゾーンに置く（使用条件）", who+" places "+n+" from hand into the consume zone (use condition)")
		}
		return l.Pick(who+"は手札の「"+n+"」を消費ゾーンに置く（コスト）", who+" places "+n+" from hand into the consume zone (cost)")
	case evPass:
		return l.Pick(who+"はパス", who+" passes")
	case evAffinity:
		null := ""
		if ev.N == 1 {
			null = l.Pick("（無効）", " (nullified)")
		}
		if s < 0 {
			return l.Pick("相性は互角", "the affinity is neutral")
		}
		return l.Pick("相性は"+who+"が有利"+null, who+" has the affinity advantage"+null)
	case evNoShip:
		return l.Pick(who+"は守護者を出せず、この戦闘は負け", who+" has no Guardian and loses this battle")
	case evResult:
		pts := l.Sprintf("ポイント P1 %d 対 P2 %d", "points P1 %d, P2 %d", ev.N, ev.M)
		switch {
		case ev.Seat == -2:
			return pts + l.Pick("：両者の負け", ": both lose the battle")
		case s < 0:
			return pts + l.Pick("：引き分け", ": a draw")
		}
		return pts + l.Pick("："+who+"の勝ち", ": "+who+" wins the battle")
	case evTake:
		if g.e.resourceIsDraw {
			return l.Sprintf("%sはリソースゾーンの上から「%s」を引く（残り%d枚）", "%s draws %s from the top of the resource zone (%d left)", who, n, ev.N)
		}
		return l.Sprintf("%sはリソースゾーンの上から「%s」を手札に加える（残り%d枚）", "%s takes %s from the top of the resource zone into hand (%d left)", who, n, ev.N)
	case evGameWin:
		return l.Pick(who+"がゲームに勝利", who+" wins the game")
	case evStale:
		return l.Sprintf("延長戦の上限：両者のリソースゾーンが0のまま%d回続けて引き分け。勝った戦闘の数は%sが多い（%d対%d）", "extended-battle limit: %d draws in a row with both resource zones empty; %s has won more battles (%d to %d)", g.e.extLimit, who, ev.N, ev.M)
	case evRepeat:
		ja := fmt.Sprintf("千日手：ターンの終わりの局面が前と同じになるのが%d回目（勝った戦闘の数 P1 %d 対 P2 %d）", g.e.repLimit, ev.N, ev.M)
		times := fmt.Sprintf("%d times", g.e.repLimit)
		if g.e.repLimit == 1 {
			times = "once"
		}
		en := fmt.Sprintf("repetition: the position at the end of a turn has come back %s (battles won: P1 %d, P2 %d)", times, ev.N, ev.M)
		if s < 0 {
			return l.Pick(ja+"。ゲームは引き分け", en+"; the game is drawn")
		}
		return l.Pick(ja+"。延長戦の上限があり、勝った戦闘の数が多い"+who+"の勝利", en+"; under the extended-battle limit, "+who+", who has won more battles, wins")
	case evPlace:
		if ev.N == 1 {
			return l.Pick(who+"の「"+n+"」が応援席へ", who+"'s "+n+" goes to the cheer seat")
		}
		return l.Pick(who+"の「"+n+"」が手札に戻る", who+"'s "+n+" returns to hand")
	case evLimit:
		return l.Pick("手札上限："+who+"は「"+n+"」を消費ゾーンに置く", "hand limit: "+who+" puts "+n+" into the consume zone")
	}
	return ""
}
