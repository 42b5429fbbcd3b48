package guardian

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// spy is a cheating bot: at forging it reads the opponent's face-down
// Guardian from the game itself and forges the best answer to it. It
// exists to show that the positions below differ in what is hidden.
type spy struct{}

func (spy) Choose(sg sim.Game, choices []sim.Choice, _ *rand.Rand) int {
	g := sg.(*Game)
	o := other(g.Seat())
	h := &g.h[o]
	best, bestV := 0, -9
	for i, c := range choices {
		if c.Kind != cForge || h.forge < 0 {
			continue
		}
		v := edgeOf(g.e, g.e.d[c.A].attr, c.B == 1, g.e.d[h.forge].attr, h.reckless)
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// hiddenVariant returns a copy of g that differs only in what the deciding
// seat cannot see: the opponent's hand, deck, resources and face-down
// Guardian (another one, in another orientation where possible, or, a
// third of the time, none because it held none) and the seat's own deck
// order and resources.
func hiddenVariant(g *Game, rng *rand.Rand) *Game {
	v := g.clone(rand.New(rand.NewPCG(7, 7)))
	me, o := g.Seat(), other(g.Seat())
	e := g.e
	oh := &v.h[o]
	pool := append(append(append([]int16{}, oh.hand...), oh.deck...), oh.res...)
	forged := oh.forge >= 0
	if forged {
		pool = append(pool, oh.forge)
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	if forged && rng.IntN(3) == 0 && unforge(v, o, pool, rng) {
		return shuffleOwn(v, me, rng)
	}
	if forged {
		old := oh.forge
		pick := -1 // a Guardian of another attribute if there is one
		for i, c := range pool {
			if e.d[c].kind != kGuardian {
				continue
			}
			if pick < 0 {
				pick = i
			}
			if e.d[c].attr != e.d[old].attr {
				pick = i
				break
			}
		}
		oh.forge = pool[pick]
		pool = append(pool[:pick], pool[pick+1:]...)
		oh.reckless = e.reckOK[e.d[oh.forge].attr] && !oh.reckless
	}
	pool = deal(pool, &oh.hand, &oh.deck)
	deal(pool, &oh.res)
	return shuffleOwn(v, me, rng)
}

// unforge makes seat o of v one that held no Guardian during the forging
// its face-down Guardian goes back among its hidden cards,
// and its hand (one card larger, as the View counts it) holds none. It
// reports false when pool has too few other cards.
func unforge(v *Game, o int, pool []int16, rng *rand.Rand) bool {
	e, oh := v.e, &v.h[o]
	var others, guards []int16
	for _, c := range pool { // pool holds the face-down Guardian too
		if e.d[c].kind == kGuardian {
			guards = append(guards, c)
		} else {
			others = append(others, c)
		}
	}
	if len(others) < len(oh.hand)+1 {
		return false
	}
	oh.forge, oh.reckless = -1, false
	oh.hand = oh.hand[:len(oh.hand)+1]
	rest := deal(others, &oh.hand)
	rest = append(rest, guards...)
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	rest = deal(rest, &oh.deck)
	deal(rest, &oh.res)
	return true
}

// shuffleOwn deals seat me's deck and resources of v anew: their order is
// hidden from the seat itself.
func shuffleOwn(v *Game, me int, rng *rand.Rand) *Game {
	h := &v.h[me]
	own := append(append([]int16{}, h.deck...), h.res...)
	rng.Shuffle(len(own), func(i, j int) { own[i], own[j] = own[j], own[i] })
	deal(own, &h.deck, &h.res)
	return v
}

// I16: a bot never reads hidden information. At every decision of many
// games, the deciding seat's View is the same in the real game and in a
// variant that differs only in hidden cards, and so are the greedy and
// Monte Carlo bots' choices (with the same random stream); the spy bot's
// choices differ in some of these positions, so the variants do matter.
func TestI16_botsNeverReadHiddenInformation(t *testing.T) {
	e := newEngine(t)
	games := 30
	if testing.Short() {
		games = 8
	}
	positions, spyDiffers := 0, 0
	for i := range games {
		g := e.NewGame(sim.Config{Players: 2, Index: i}, rand.New(rand.NewPCG(uint64(i), 3))).(*Game)
		play := rand.New(rand.NewPCG(uint64(i), 4))
		var buf []sim.Choice
		for !g.Over() && g.Turn() <= e.turnCap {
			buf = g.Choices(buf)
			if g.p.ask == askForge || g.p.ask == askAction {
				positions++
				v := hiddenVariant(g, rand.New(rand.NewPCG(uint64(positions), 5)))
				if err := v.Check(); err != nil {
					t.Fatalf("the variant is not a legal position: %v", err)
				}
				var a, b View
				g.View(&a)
				v.View(&b)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("game %d turn %d: the View shows hidden information", i, g.Turn())
				}
				for _, name := range []string{"greedy", "mc"} {
					ca := e.NewBot(name).Choose(g, buf, rand.New(rand.NewPCG(uint64(positions), 6)))
					cb := e.NewBot(name).Choose(v, buf, rand.New(rand.NewPCG(uint64(positions), 6)))
					if ca != cb {
						t.Fatalf("game %d turn %d: %s chose %q, but %q when only hidden cards differ",
							i, g.Turn(), name, g.Describe(buf[ca], schema.English), g.Describe(buf[cb], schema.English))
					}
				}
				if g.p.ask == askForge && spy.Choose(spy{}, g, buf, nil) != spy.Choose(spy{}, v, buf, nil) {
					spyDiffers++
				}
			}
			g.Apply(buf[play.IntN(len(buf))], nil)
		}
	}
	if positions == 0 || spyDiffers == 0 {
		t.Errorf("%d positions, the spy differed in %d: the test cannot tell a peeking bot", positions, spyDiffers)
	}
	t.Logf("%d positions; the spy's forging changed in %d", positions, spyDiffers)
}

// I16 by construction: a View has no field that can hold a seat's hidden
// zones; beyond the public state and the seat's own hand, the opponent
// appears only as zone sizes.
func TestI16_viewHasNoHiddenFields(t *testing.T) {
	vt := reflect.TypeOf(View{})
	hiddenT := reflect.TypeOf(hidden{})
	for i := range vt.NumField() {
		f := vt.Field(i)
		if f.Type == hiddenT || f.Type == reflect.TypeOf([2]hidden{}) {
			t.Errorf("View.%s can hold a seat's hidden zones", f.Name)
		}
	}
	opp, _ := vt.FieldByName("opp")
	for i := range opp.Type.NumField() {
		if k := opp.Type.Field(i).Type.Kind(); k != reflect.Int {
			t.Errorf("View.opp.%s is a %s, not a size", opp.Type.Field(i).Name, k)
		}
	}
	pt := reflect.TypeOf(pub{})
	for i := range pt.NumField() {
		if f := pt.Field(i); f.Type == hiddenT {
			t.Errorf("the public state holds hidden zones in %s", f.Name)
		}
	}
}

// I16, G8, G29: during the forging step the second seat cannot tell
// whether the first has put a card down (its hand still counts it).
func TestI16_G8_forgingIsBlind(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"GF", "MC"}, res: res3}, {hand: []string{"GE"}, res: res3}})
	var before View
	s.g.p.askSeat = 1 // how P2 would see the position before P1 chose
	s.g.View(&before)
	s.g.p.askSeat = 0
	s.forge(0, "GF", true)
	var after View
	s.g.View(&after)
	if before.opp != after.opp || after.pub.ps[0].forged || after.pub.ps[0].shipped {
		t.Errorf("P2's view changed when P1 forged: %+v against %+v", before.opp, after.opp)
	}
}

// G29: the second seat's view of its mulligan is the same whether or not
// the first seat took one.
func TestG29_mulligansAreBlind(t *testing.T) {
	e := newEngine(t)
	views := make([]View, 2)
	for i, aside := range []bool{false, true} {
		g := e.NewGame(sim.Config{Players: 2}, rand.New(rand.NewPCG(4, 4))).(*Game)
		if aside {
			g.Apply(sim.Choice{Kind: cAside, A: g.h[0].hand[0]}, nil)
		}
		g.Apply(sim.Choice{Kind: cKeep}, nil)
		if g.Seat() != 1 || g.p.ask != askMulligan {
			t.Fatalf("P2 is not deciding its mulligan")
		}
		g.View(&views[i])
	}
	if !reflect.DeepEqual(views[0], views[1]) {
		t.Errorf("P2's view shows whether P1 took a mulligan")
	}
}

// TestForgingViewsIgnoreHiddenChoices (I16, G8, R9): the second seat's View while it forges is the
// same whatever the first seat chose in secret: which Guardian, upright or
// reckless, forging nothing (ForgeMandatory ×) or holding no Guardian at
// all. The positions differ only in the first seat's hidden hand and
// choice; its deck list and every zone size are the same.
func TestForgingViewsIgnoreHiddenChoices(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0", "ForgeMandatory=×")
	p2 := seatSpec{hand: []string{"GE", "MC"}, res: res3}
	type variant struct {
		name  string
		hand  []string // P1's hand; the rest of its cards are its deck
		deck  []string
		forge sim.Choice // P1's choice; Kind 0 when it has none to make
	}
	withGuardians := []string{"GF", "GW", "MC"}
	noGuardian := []string{"MC", "MC", "MC"}
	variants := []variant{
		{"forges GF upright", withGuardians, noGuardian, sim.Choice{Kind: cForge, A: idOf(t, e, "GF")}},
		{"forges GW reckless", withGuardians, noGuardian, sim.Choice{Kind: cForge, A: idOf(t, e, "GW"), B: 1}},
		{"forges nothing", withGuardians, noGuardian, sim.Choice{Kind: cNoForge}},
		{"holds no Guardian", noGuardian, withGuardians, sim.Choice{Kind: cNoForge}},
	}
	var (
		views []View
		games []*Game
	)
	decks := [2]int16{-1, -1}
	for _, v := range variants {
		s := scenario(t, e, 0, [2]seatSpec{{hand: v.hand, deck: v.deck, res: res3}, p2})
		// Every variant plays the same deck lists: use the first one's indices.
		for seat := range 2 {
			if decks[seat] < 0 {
				decks[seat] = s.g.p.ps[seat].deck
			}
			s.g.p.ps[seat].deck = decks[seat]
		}
		if s.g.Seat() == 0 && s.g.p.ask == askForge {
			s.do(0, v.forge)
		}
		if s.g.Seat() != 1 || s.g.p.ask != askForge {
			t.Fatalf("%s: P2 is not forging (seat %d, ask %d)", v.name, s.g.Seat(), s.g.p.ask)
		}
		var view View
		s.g.View(&view)
		views = append(views, view)
		games = append(games, s.g)
	}
	for i := 1; i < len(views); i++ {
		if !reflect.DeepEqual(views[0], views[i]) {
			t.Errorf("P2's View differs between %q and %q: %s", variants[0].name, variants[i].name, viewDiff(views[0], views[i]))
		}
	}
	// And so the bots forge alike in every variant.
	for _, name := range []string{"greedy", "mc"} {
		for i, g := range games {
			cs := g.Choices(nil)
			a := e.NewBot(name).Choose(games[0], games[0].Choices(nil), rand.New(rand.NewPCG(9, 9)))
			if b := e.NewBot(name).Choose(g, cs, rand.New(rand.NewPCG(9, 9))); cs[b] != games[0].Choices(nil)[a] {
				t.Errorf("%s forges differently when P1 %s", name, variants[i].name)
			}
		}
	}
}

// viewDiff names the fields in which two Views differ.
func viewDiff(a, b View) string {
	var out []string
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range va.NumField() {
		if fmt.Sprint(va.Field(i)) != fmt.Sprint(vb.Field(i)) {
			out = append(out, va.Type().Field(i).Name)
		}
	}
	pa, pb := reflect.ValueOf(a.pub), reflect.ValueOf(b.pub)
	for i := range pa.NumField() {
		if fmt.Sprint(pa.Field(i)) != fmt.Sprint(pb.Field(i)) {
			out = append(out, "pub."+pa.Type().Field(i).Name)
		}
	}
	return strings.Join(out, ", ")
}

// idOf is the design index of a card ID.
func idOf(t *testing.T, e *Engine, id string) int16 {
	t.Helper()
	i := slices.Index(e.ids, id)
	if i < 0 {
		t.Fatalf("no card %s", id)
	}
	return int16(i)
}

// TestForgingsAreToldTogether (R5, R9): the forging is simultaneous, so the replay tells
// both choices together at "Forging!!": a seat without a Guardian makes
// its forging choice like the other (its one choice is to forge nothing),
// the decision lines do not say what was chosen, and nothing about either
// seat's forging is told before the second seat has chosen.
func TestForgingsAreToldTogether(t *testing.T) {
	e := engineFor(t, testSheets(), "DrawPerTurn=0")
	s := scenario(t, e, 0, [2]seatSpec{{hand: []string{"OP", "MP"}, res: res3}, {hand: []string{"GE", "GF"}, res: res3}})
	if s.g.Seat() != 0 || s.g.p.ask != askForge {
		t.Fatalf("P1, without a Guardian, is not asked to forge: P%d decides (ask %d)", s.g.Seat()+1, s.g.p.ask)
	}
	lines := map[string]bool{s.g.Describe(sim.Choice{Kind: cNoForge}, schema.English): true}
	s.do(0, sim.Choice{Kind: cNoForge})
	for _, c := range s.g.Choices(nil) {
		lines[s.g.Describe(c, schema.English)] = true
	}
	if len(lines) != 1 {
		t.Errorf("the forging decisions read differently, telling what was chosen: %v", lines)
	}
	told := func(from int) []string {
		var out []string
		for _, ev := range s.events[from:] {
			switch ev.Kind {
			case evNoForge, evForged:
			case sim.Played:
				if ev.N != playForge {
					continue
				}
			default:
				continue
			}
			out = append(out, s.g.Explain(ev, schema.English))
		}
		return out
	}
	if early := told(0); len(early) > 0 {
		t.Errorf("told before P2 chose: %q", early)
	}
	n := len(s.events)
	s.forge(1, "GF", true)
	want := []string{"Forging!!", "P1 has no Guardian to forge", "P2 forges 火の守護者 face down, upside down"}
	if got := told(n); !slices.Equal(got, want) {
		t.Errorf("told at the forging: %q, want %q", got, want)
	}
}
