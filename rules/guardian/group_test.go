package guardian

import (
	"context"
	"slices"
	"testing"

	"bifrost/rules/sim"
)

// TestSeatsNameTheSampleDecksTheyPlay: a finished game's result names, per
// seat, the sample deck that game index deals it, for a player that reports
// card use (as compare's do, to measure each card per deck).
func TestSeatsNameTheSampleDecksTheyPlay(t *testing.T) {
	e := newEngine(t)
	p := sim.NewPlayer(e, []string{"greedy"}, nil)
	p.OnCardUse = func(int32, uint8) {}
	for i := range len(e.Decks()) * (len(e.Decks()) - 1) {
		r := p.Play(sim.Config{Players: 2, Index: i}, sim.GameSeed(1, 2, i))
		a, b := e.Pair(i)
		if want := []string{e.Decks()[a], e.Decks()[b]}; !slices.Equal(r.Groups, want) {
			t.Errorf("game %d: decks %q, want %q", i, r.Groups, want)
		}
	}
}

// TestCompareMeasuresACardOncePerDeckThatHoldsIt: in a comparison, a card
// two sample decks share (G22, in 火の速攻 and 匠と錆) has its use and win
// rates once for each of them, and every card measure names its deck.
func TestCompareMeasuresACardOncePerDeckThatHoldsIt(t *testing.T) {
	e := newEngine(t)
	c := sim.Compare(context.Background(), e, e, sim.BatchOptions{Seed: 1, Games: 40, Bots: []string{"greedy"}, Check: true})
	decks := map[string][]string{} // G22's measures per deck
	for _, cc := range c.Cards {
		if cc.Group == "" {
			t.Fatalf("a card measure without its deck: %+v", cc)
		}
		if cc.ID == "G22" {
			decks[cc.Group] = append(decks[cc.Group], cc.Measure)
		}
	}
	want := map[string][]string{"火の速攻": {"use_rate", "win_rate"}, "匠と錆": {"use_rate", "win_rate"}}
	for _, ms := range decks {
		slices.Sort(ms)
	}
	if len(decks) != len(want) || !slices.Equal(decks["火の速攻"], want["火の速攻"]) || !slices.Equal(decks["匠と錆"], want["匠と錆"]) {
		t.Errorf("G22 measured as %v, want %v", decks, want)
	}
}
