package sim

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// wild plays race with a bot that chooses past the list, or (empty) with
// games that offer no choice.
type wild struct {
	race
	empty bool
}

func (w *wild) NewBot(string) Bot { return pastTheEnd{} }
func (w *wild) NewGame(cfg Config, rng *rand.Rand) Game {
	g := w.race.NewGame(cfg, rng).(*raceGame)
	if w.empty {
		return noChoice{g}
	}
	return g
}

type pastTheEnd struct{}

func (pastTheEnd) Choose(_ Game, c []Choice, _ *rand.Rand) int { return len(c) + 3 }

type noChoice struct{ *raceGame }

func (noChoice) Choices(buf []Choice) []Choice { return buf[:0] }

// TestPlay_BadChoiceAndNoChoiceAreViolations checks the two violations
// Play's loop names itself, in both forms, with the turn they happened on.
func TestPlay_BadChoiceAndNoChoiceAreViolations(t *testing.T) {
	for _, c := range []struct {
		empty  bool
		en, ja string
	}{
		{false, "bot chose 5 of 2 choices", "ボットが 5 番の手を選びました（選べる手は 2 個）"},
		{true, "no legal choice", "選べる手がありません"},
	} {
		e := &wild{race: race{goal: 10}, empty: c.empty}
		r := NewPlayer(e, []string{"any"}, nil).Play(Config{Players: 2}, 7)
		if v := r.Violation; v == nil || v.Message != c.en || v.MessageJA != c.ja || v.Turn != 0 || r.Winner != -1 {
			t.Errorf("empty %v: %+v, want %q / %q on turn 0", c.empty, v, c.en, c.ja)
		}
	}
}

// decked plays race with each seat naming a deck (a SeatGrouper), counting
// how often it is asked.
type decked struct {
	race
	asked int
}

func (d *decked) NewGame(cfg Config, rng *rand.Rand) Game {
	return &deckedGame{d.race.NewGame(cfg, rng).(*raceGame), &d.asked}
}

type deckedGame struct {
	*raceGame
	asked *int
}

func (g *deckedGame) SeatGroup(seat int) string {
	*g.asked++
	return []string{"fire", "water", "earth"}[seat]
}

// TestPlayNamesTheSeatsDecksOnlyForCardUse: a game whose seats play decks
// has them named in its Result (Groups) when the Player reports card use,
// which attributes the uses to decks; a plain game never asks for them.
func TestPlayNamesTheSeatsDecksOnlyForCardUse(t *testing.T) {
	e := &decked{race: race{goal: 10}}
	p := NewPlayer(e, []string{"random"}, nil)
	for seed := range uint64(5) {
		if r := p.Play(Config{Players: 3}, seed); r.Groups != nil || r.Violation != nil {
			t.Fatalf("plain game %d: groups %q, violation %v; want none", seed, r.Groups, r.Violation)
		}
	}
	if e.asked != 0 {
		t.Errorf("plain games asked for the seats' decks %d times, want 0", e.asked)
	}
	p.OnCardUse = func(int32, uint8) {}
	r := p.Play(Config{Players: 3}, 1)
	if want := []string{"fire", "water", "earth"}; !slices.Equal(r.Groups, want) {
		t.Errorf("with card use reported: groups %q, want %q", r.Groups, want)
	}
}
