package sim

import (
	"context"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"

	"bifrost/schema"
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

// A card with no effect (its own blank card) is flagged once it is judged
// against a known median far from it, and not against the median of the
// probes (itself); a player count the known median lacks takes the
// probes' median.
func TestCardEffectsAgainstAKnownMedianJudgeByIt(t *testing.T) {
	e := &race{goal: 20}
	base := PlayBase(context.Background(), e, BatchOptions{Seed: 3, Games: 400})
	probes := raceProbes(e)[:1]
	probes[0].Blank = true
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

// charm is a two-player coin flip in which one seat holds the card
// "charm" and the other "dud". The charm comes into play in one game in
// ten (its condition, drawn by the game), and then wins its holder the
// game when strong; the dud never comes into play. A game is one decision.
type charm struct{ strong bool }

func (c *charm) Name() string        { return "charm" }
func (c *charm) PlayerCounts() []int { return []int{2} }
func (c *charm) Cards() []string     { return []string{"charm", "dud"} }
func (c *charm) TurnCap() int        { return 10 }
func (c *charm) Bots() []string      { return []string{"random"} }
func (c *charm) NewBot(string) Bot   { return Random{} }
func (c *charm) NewGame(_ Config, rng *rand.Rand) Game {
	return &charmGame{strong: c.strong, rng: rng, holder: rng.IntN(2), winner: -1}
}

type charmGame struct {
	strong         bool
	rng            *rand.Rand
	holder, winner int
}

func (g *charmGame) Seat() int { return 0 }
func (g *charmGame) Choices(buf []Choice) []Choice {
	return append(buf[:0], Choice{Kind: 1})
}
func (g *charmGame) Apply(_ Choice, emit func(Event)) {
	emit(Event{Kind: Acquired, Seat: int8(g.holder), Card: 0})
	emit(Event{Kind: Acquired, Seat: int8(1 - g.holder), Card: 1})
	triggered, coin := g.rng.IntN(10) == 0, g.rng.IntN(2) // drawn alike on both sides
	g.winner = coin
	if triggered && g.strong {
		emit(Event{Kind: Played, Seat: int8(g.holder), Card: 0})
		g.winner = g.holder
	}
}
func (g *charmGame) Over() bool { return g.winner >= 0 }
func (g *charmGame) Turn() int  { return 1 }
func (g *charmGame) Scores(buf []int) []int {
	return append(buf[:0], b2i(g.winner == 0), b2i(g.winner == 1))
}
func (g *charmGame) Winner() int                          { return g.winner }
func (g *charmGame) Check() error                         { return nil }
func (g *charmGame) Describe(Choice, *schema.Lang) string { return "flip" }
func (g *charmGame) Explain(Event, *schema.Lang) string   { return "" }

// A card is measured where it comes into play: the pairs of games it
// changed. The charm decides one game in ten, and in those it turns a coin
// flip into a win for its holder, +50 pt for the holder and −50 pt for the
// other seat, +100 pt between them; averaged over every game its holder
// held it, that would read +10 pt, as if the card were weak rather than
// rare. The dud, which never comes into play, changes no game and is
// not judged (not flagged against any median, not part of it); a card that
// is its own blank card is judged as doing nothing, without being played.
func TestCardEffectsAreMeasuredOnTheGamesTheCardChanged(t *testing.T) {
	ctx := context.Background()
	base := PlayBase(ctx, &charm{strong: true}, BatchOptions{Seed: 1, Games: 4000})
	blank := func() (Engine, error) { return &charm{}, nil }        // the charm blank
	dudBlank := func() (Engine, error) { return &charm{true}, nil } // the dud blank: nothing of it acts
	never := func() (Engine, error) { t.Fatal("a blank probe's Neutral was called"); return nil, nil }
	out := CardEffectsAgainst(ctx, base, []Probe{
		{Card: "charm", Kind: "k", Neutral: blank},
		{Card: "dud", Kind: "k", Neutral: dudBlank},
		{Card: "dud", Kind: "blank", Neutral: never, Blank: true},
	}, 5, Medians{"k": {2: 20}, "blank": {2: 20}})
	byKind := map[string]CardEffect{}
	for _, ce := range out {
		byKind[ce.Card+"/"+ce.Kind] = ce
	}
	c := byKind["charm/k"].Effects[0]
	if c.Games != 4000 || c.Changed < 300 || c.Changed > 500 || c.Win < 80 || c.Win > 120 {
		t.Errorf("charm: %+v, want some 400 of 4000 games changed and an effect near +100 pt", c)
	}
	if !byKind["charm/k"].Flagged || !byKind["charm/k"].Stronger {
		t.Errorf("charm at +50 pt against a median of 20 not flagged stronger: %+v", byKind["charm/k"])
	}
	d := byKind["dud/k"]
	if e := d.Effects[0]; e.Changed != 0 || e.Judged() || d.Flagged || e.Q != 1 {
		t.Errorf("dud, which never came into play: %+v (flagged %v), want no changed game, not judged", e, d.Flagged)
	}
	b := byKind["dud/blank"]
	if e := b.Effects[0]; e.Games != 4000 || e.Win != 0 || !e.Judged() || !b.Flagged || b.Stronger {
		t.Errorf("a blank card: %+v (flagged %v, stronger %v), want 0 over 4000 games, judged and flagged weaker than 20", e, b.Flagged, b.Stronger)
	}
}

// A few paired games whose changes are all alike have no spread, which a
// normal interval would take for certainty: a card that came into play in
// 17 games and moved no win must not read as surely 0. The swing of one win
// each way widens such an interval, and weighs next to nothing over many.
func TestAFewGamesAllAlikeAreNotCertain(t *testing.T) {
	zeros := make([]float64, 17)
	if _, low, high, se := meanInterval(zeros, 100, 1); se < 5 || low > -10 || high < 10 {
		t.Errorf("17 zero changes: interval %v..%v (se %v), want one as wide as a swing of one win allows (se 8 pt)", low, high, se)
	}
	many := make([]float64, 2000)
	for i := range many {
		many[i] = float64(i%3 - 1)
	}
	_, _, _, plain := meanInterval(many, 100, 0)
	if _, _, _, se := meanInterval(many, 100, 1); se < plain || se > plain*1.01 {
		t.Errorf("2000 spread changes: se %v with the swing, %v without: want within 1 %%", se, plain)
	}
}

// A value is judged at the player counts at which the card is flagged, so
// the suggestion plays only the games at those counts: a card flagged at 2
// players alone plays none of its 3-player games, whatever values it tries.
func TestSuggestPlaysOnlyTheGamesAtTheFlaggedPlayerCounts(t *testing.T) {
	ctx := context.Background()
	base := PlayBase(ctx, &race{goal: 20}, BatchOptions{Seed: 3, Games: 400})
	atTwo := 0
	for _, u := range base.uses[0] {
		if base.games[u.game].cfg.Players == 2 {
			atTwo++
		}
	}
	if atTwo == 0 || atTwo == len(base.uses[0]) {
		t.Fatalf("card one used in %d games, %d at 2 players: want some at each count", len(base.uses[0]), atTwo)
	}
	ce := CardEffect{Card: "one", Kind: "move", Flagged: true, Stronger: true, Counts: []int{2}, Effects: []EffectAtSize{
		{Paired: Paired{Players: 2, Games: atTwo, Changed: atTwo, Win: 40}, Flagged: true},
		{Paired: Paired{Players: 3, Games: 10, Changed: 10, Win: 40}},
		{Paired: Paired{Players: 0, Games: 10, Changed: 10, Win: 40}},
	}}
	var played atomic.Int64
	tries := 0
	Suggest(ctx, base.WithProgress(func(n int) { played.Add(int64(n)) }), ce, 20, 10, 30, true, 5, func(v int) (Engine, error) {
		tries++
		return &race{goal: v}, nil
	})
	if tries == 0 || played.Load() != int64(tries*atTwo) {
		t.Errorf("%d games played over %d values tried, want %d a value (the 2-player games alone)", played.Load(), tries, atTwo)
	}
}
