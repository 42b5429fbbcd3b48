package guardian

import (
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// TestGuardianFourPaymentsPlay: a use that asks for exactly guardian.MaxPayments
// payments validates, builds and plays. An Advance of cost 1 with three
// pay conditions and a Guardian whose cheer: ability pays four times are in
// the deck; over 20 checked games each is paid for in full (four payments
// in a row) without a violation.
func TestGuardianFourPaymentsPlay(t *testing.T) {
	four := strings.Repeat("【消費 1 火】", MaxPayments)
	three := strings.Repeat("【消費 1 火】", MaxPayments-1)
	s := testSheets()
	s["Advance"] = append(s["Advance"], []string{"A4", "四度払いの炉", "火", "1", "", three, "登場時: ポイント +1"})
	s["Guardian"] = append(s["Guardian"], []string{"G4", "四度払いの守護者", "火", "応援: " + four + "ポイント +3", ""})
	s["Decks"] = slices.Concat(s["Decks"][:len(s["Decks"])-1], [][]string{
		{"D7", "試験", "MC", "14"}, {"D8", "試験", "A4", "2"}, {"D9", "試験", "G4", "2"},
	})
	e := engineFor(t, s)
	a4, g4 := int32(slices.Index(e.Cards(), "A4")), int32(slices.Index(e.Cards(), "G4"))

	run, advances, cheers := 0, 0, 0 // run: payments since the last other event
	cheering := false                // G4's cheer: ability is being paid for
	p := sim.NewPlayer(e, []string{"random"}, nil)
	p.OnEvent = func(ev sim.Event) {
		switch {
		case ev.Kind == evPay:
			run++
			return
		case ev.Kind == sim.Played && ev.N == playPaid:
			return // a Material paid with fire: part of the payment
		case ev.Kind == sim.Played && ev.N == playAdvance && ev.Card == a4 && run == MaxPayments:
			advances++
		}
		if cheering && run == MaxPayments {
			cheers++
		}
		cheering = ev.Kind == sim.Played && ev.N == playCheer && ev.Card == g4
		run = 0
	}
	simtest.PlayChecked(t, p, 20)
	if advances == 0 || cheers == 0 {
		t.Errorf("four payments in a row: %d for the Advance, %d for the cheer: ability; want some of each", advances, cheers)
	}
	t.Logf("four payments in a row: %d for the Advance, %d for the cheer: ability", advances, cheers)
}
