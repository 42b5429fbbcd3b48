package sim

import (
	"context"
	"reflect"
	"testing"
)

// raceProbes scans both of the race's used cards, each against the game
// itself as its "neutral" version.
func raceProbes(e Engine) []Probe {
	same := func() (Engine, error) { return e, nil }
	return []Probe{{Card: "one", Kind: "move", Neutral: same}, {Card: "two", Kind: "move", Neutral: same}}
}

// A game measured against itself, on the same seeds, changes nothing: every
// paired difference is exactly zero and no card is flagged, whatever the band.
func TestCardEffectsOfAGameAgainstItselfFlagNothing(t *testing.T) {
	e := &race{goal: 20}
	base := PlayBase(context.Background(), e, BatchOptions{Seed: 3, Games: 400})
	if base.Uses("one") == 0 || base.Uses("two") == 0 || base.Uses("never") != 0 {
		t.Fatalf("uses one %d, two %d, never %d: want the first two used and never not", base.Uses("one"), base.Uses("two"), base.Uses("never"))
	}
	for _, ce := range CardEffects(context.Background(), base, raceProbes(e), 0) {
		if ce.Flagged {
			t.Errorf("%s flagged against itself: %+v", ce.Card, ce)
		}
		for _, a := range ce.Effects {
			if a.Win != 0 || a.WinLow != 0 || a.WinHigh != 0 || a.Score != 0 || a.Games == 0 {
				t.Errorf("%s at %d players: %+v, want a zero change over some games", ce.Card, a.Players, a)
			}
		}
	}
}

// The scan pairs games by seed and sums in game order, so its result is the
// same with one worker as with several.
func TestCardEffectsDoNotDependOnTheWorkerCount(t *testing.T) {
	e, weak := &race{goal: 20}, &race{goal: 14}
	scan := func(workers int) []CardEffect {
		base := PlayBase(context.Background(), e, BatchOptions{Seed: 5, Games: 300, Workers: workers})
		probes := []Probe{{Card: "two", Kind: "move", Neutral: func() (Engine, error) { return weak, nil }}}
		return CardEffects(context.Background(), base, probes, 1)
	}
	if a, b := scan(1), scan(3); !reflect.DeepEqual(a, b) {
		t.Errorf("one worker: %+v\nthree workers: %+v", a, b)
	}
}

// A card with no effect is flagged once it is judged against a known median
// far from it, and not against the median of the probes (itself); a player
// count the known median lacks takes the probes' median.
func TestCardEffectsAgainstAKnownMedianJudgeByIt(t *testing.T) {
	e := &race{goal: 20}
	base := PlayBase(context.Background(), e, BatchOptions{Seed: 3, Games: 400})
	probes := raceProbes(e)[:1]
	if ce := CardEffectsAgainst(context.Background(), base, probes, 5, nil)[0]; ce.Flagged {
		t.Errorf("flagged against its own median: %+v", ce)
	}
	n := base.players[0]
	known := Medians{"move": {n: 40}}
	ce := CardEffectsAgainst(context.Background(), base, probes, 5, known)[0]
	for _, at := range ce.Effects {
		want := 0.0
		if at.Players == n {
			want = 40
		}
		if at.Median != want {
			t.Errorf("%d players: median %v, want %v", at.Players, at.Median, want)
		}
	}
	if !ce.Flagged || ce.Stronger || !reflect.DeepEqual(ce.Counts, []int{n}) {
		t.Errorf("a card doing nothing against a known median of +40: flagged %v, stronger %v at %v; want weaker at %d", ce.Flagged, ce.Stronger, ce.Counts, n)
	}
}
