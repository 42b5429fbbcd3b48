package guardian

import (
	"fmt"
	"math/rand/v2"
)

// View is what one seat may know of a game: the public state (cheer seats,
// consume zones, face-up Guardians, effects in force, the public deck lists),
// its own hand, set-aside cards and face-down Guardian, and only the sizes of
// the zones nobody may look at. It has no field that could hold the
// opponent's hand, face-down Guardian or orientation, or either seat's deck
// order or resource cards, so a bot that decides from a View cannot read them
// (I16). Bots get a View through the game's View method; a View can be
// reused across decisions.
type View struct {
	Seat int
	e    *Engine
	pub  pub // the public state
	hand []int16
	// aside holds the own cards set aside during the mulligan.
	aside    []int16
	forge    int16 // own face-down Guardian, -1
	reckless bool  // its orientation
	deckN    int   // own deck size (its order is unknown to everyone)
	resN     int   // own resource zone size (face down)
	opp      struct{ hand, deck, res, aside int }
}

// View fills v with what the deciding seat may know.
func (g *Game) View(v *View) { g.viewOf(int(g.p.askSeat), v) }

// viewOf fills v with what seat s may know.
func (g *Game) viewOf(s int, v *View) {
	o := other(s)
	v.Seat, v.e = s, g.e
	v.pub.copyFrom(&g.p)
	h, oh := &g.h[s], &g.h[o]
	v.hand = append(v.hand[:0], h.hand...)
	v.aside = append(v.aside[:0], h.aside...)
	v.forge, v.reckless = h.forge, h.reckless
	v.deckN, v.resN = len(h.deck), len(h.res)
	v.opp.hand, v.opp.deck, v.opp.res, v.opp.aside = len(oh.hand), len(oh.deck), len(oh.res), len(oh.aside)
	if g.p.phase == phForge && oh.forge >= 0 {
		// Forging is simultaneous: until the step ends, a seat cannot tell
		// whether the other has put a card down, so it is counted in hand.
		v.opp.hand++
	}
}

// forgetDeck takes the opponent's deck list out of v: a player sees the
// opponent's cards as they are shown, not the list they came from. Bots
// without the DeckLists option decide from such a View.
func (v *View) forgetDeck() {
	v.pub.ps[other(v.Seat)].deck = -1
}

// determinizer builds full games from views by sampling what the seat
// cannot see, consistently with what it can: the unseen cards of each deck
// list are shuffled into the hidden zones of the right sizes.
type determinizer struct {
	cnt  []int16
	pool []int16
}

// unseen collects the cards of seat s's deck list that are not in the public
// zones of v, nor (for the viewing seat) in its own hand, aside or forge.
func (d *determinizer) unseen(v *View, s int) []int16 {
	e := v.e
	if len(d.cnt) != len(e.d) {
		d.cnt = make([]int16, len(e.d))
	}
	clear(d.cnt)
	for _, c := range e.decks[v.pub.ps[s].deck] {
		d.cnt[c]++
	}
	ps := &v.pub.ps[s]
	for _, cc := range ps.cheer {
		d.cnt[cc.card]--
	}
	for _, c := range ps.consumed {
		d.cnt[c]--
	}
	for _, c := range ps.orders {
		d.cnt[c]--
	}
	if ps.shipped {
		d.cnt[ps.guard]--
	}
	if s == v.Seat {
		for _, c := range v.hand {
			d.cnt[c]--
		}
		for _, c := range v.aside {
			d.cnt[c]--
		}
		if v.forge >= 0 {
			d.cnt[v.forge]--
		}
	}
	d.pool = d.pool[:0]
	for c, n := range d.cnt {
		if n < 0 {
			panic(fmt.Sprintf("guardian: view of P%d shows %d too many of %s", s+1, -n, e.d[c].id))
		}
		for range n {
			d.pool = append(d.pool, int16(c))
		}
	}
	return d.pool
}

// deal deals pool, in order, into the zones, each taking its length's worth,
// and returns what is left.
func deal(pool []int16, zones ...*[]int16) []int16 {
	for _, z := range zones {
		n := len(*z)
		copy(*z, pool[:n])
		pool = pool[n:]
	}
	return pool
}

// determinize makes dst a full game consistent with v, sampling the hidden
// cards with rng. dst must come from v's engine (Engine.blank).
func (d *determinizer) determinize(v *View, dst *Game, rng *rand.Rand) {
	e := v.e
	dst.e = e
	dst.p.copyFrom(&v.pub)
	dst.stacked.reset()
	dst.decided = true      // the view cannot tell whether this turn changed anything (G10)
	dst.reps = dst.reps[:0] // nor what the earlier positions held
	me, o := v.Seat, other(v.Seat)

	// Own seat: the hand is known; deck order and resource cards are not.
	h := &dst.h[me]
	pool := d.unseen(v, me)
	if len(pool) != v.deckN+v.resN {
		panic(fmt.Sprintf("guardian: P%d's view has %d unseen cards for a deck of %d and resources of %d", me+1, len(pool), v.deckN, v.resN))
	}
	shuffle(rng, pool)
	h.hand = append(h.hand[:0], v.hand...)
	h.aside = append(h.aside[:0], v.aside...)
	h.forge, h.reckless = v.forge, v.reckless
	h.deck, h.res = h.deck[:v.deckN], h.res[:v.resN]
	deal(pool, &h.deck, &h.res)

	// Opponent: everything hidden is sampled from its unseen cards, or,
	// without its deck list, guessed.
	oh := &dst.h[o]
	faceDown := v.pub.ps[o].forged && !v.pub.ps[o].shipped && v.pub.phase != phForge
	want := v.opp.hand + v.opp.deck + v.opp.res + v.opp.aside
	if faceDown {
		want++
	}
	if v.pub.ps[o].deck >= 0 {
		pool = d.unseen(v, o)
		if len(pool) != want {
			panic(fmt.Sprintf("guardian: P%d's view has %d unseen opponent cards, want %d", me+1, len(pool), want))
		}
		shuffle(rng, pool)
	} else {
		pool = d.guess(v, want, faceDown, rng)
	}
	oh.forge, oh.reckless = -1, false
	if faceDown {
		i := d.guardianIn(e, pool)
		if i < 0 {
			panic("guardian: the opponent forged but no Guardian is unseen")
		}
		oh.forge = pool[i]
		pool[i] = pool[len(pool)-1]
		pool = pool[:len(pool)-1]
		oh.reckless = e.reckOK[e.d[oh.forge].attr] && rng.IntN(2) == 0
	}
	oh.hand, oh.deck = oh.hand[:v.opp.hand], oh.deck[:v.opp.deck]
	oh.res, oh.aside = oh.res[:v.opp.res], oh.aside[:v.opp.aside]
	deal(pool, &oh.hand, &oh.aside, &oh.res, &oh.deck)
	if v.pub.phase == phForge && forgeDone(&v.pub, o) {
		// The opponent has already chosen, but what is unknown: sample a
		// choice as it might have made it, from the sampled hand.
		if i := d.guardianIn(e, oh.hand); i >= 0 {
			oh.forge = oh.hand[i]
			oh.hand = append(oh.hand[:i], oh.hand[i+1:]...)
			oh.reckless = e.reckOK[e.d[oh.forge].attr] && rng.IntN(2) == 0
		}
	}
}

// hidden appends to d.pool, per design, the opponent's cards that have
// been face up (ps.seen) and are not now: they are in its hand.
func (d *determinizer) hidden(v *View) {
	e, ps := v.e, &v.pub.ps[other(v.Seat)]
	if len(d.cnt) != len(e.d) {
		d.cnt = make([]int16, len(e.d))
	}
	clear(d.cnt)
	for _, cc := range ps.cheer {
		d.cnt[cc.card]++
	}
	for _, c := range ps.consumed {
		d.cnt[c]++
	}
	for _, c := range ps.orders {
		d.cnt[c]++
	}
	if ps.shipped {
		d.cnt[ps.guard]++
	}
	for c, n := range ps.seen {
		for range n - d.cnt[c] {
			d.pool = append(d.pool, int16(c))
		}
	}
}

// guess returns want cards for the hidden zones of an opponent whose deck
// list the viewing seat does not know: first the cards it has shown that
// are back in its hand, then cards drawn at random from the sample decks
// pooled, with a Guardian among them when one lies face down.
func (d *determinizer) guess(v *View, want int, faceDown bool, rng *rand.Rand) []int16 {
	e := v.e
	d.pool = d.pool[:0]
	d.hidden(v)
	known := min(len(d.pool), want)
	d.pool = d.pool[:known]
	for len(d.pool) < want {
		d.pool = append(d.pool, e.prior[rng.IntN(len(e.prior))])
	}
	if faceDown && d.guardianIn(e, d.pool) < 0 && known < want && len(e.priorG) > 0 {
		d.pool[want-1] = e.priorG[rng.IntN(len(e.priorG))]
	}
	return d.pool
}

// oppGuardians lists the Guardians the opponent may hold or have face
// down, repeated by how likely they are: with its deck list, its unseen
// cards; without, each shown card now back in hand once per sample deck (a
// sure copy), then the Guardians of every sample deck.
func (d *determinizer) oppGuardians(v *View) []int16 {
	o := other(v.Seat)
	if v.pub.ps[o].deck >= 0 {
		return d.unseen(v, o)
	}
	d.pool = d.pool[:0]
	d.hidden(v)
	known := len(d.pool)
	for range len(v.e.decks) - 1 {
		d.pool = append(d.pool, d.pool[:known]...)
	}
	return append(d.pool, v.e.priorG...)
}

// guardianIn returns the index of the first Guardian in z, or -1.
func (d *determinizer) guardianIn(e *Engine, z []int16) int {
	for i, c := range z {
		if e.d[c].kind == kGuardian {
			return i
		}
	}
	return -1
}

// forgeDone reports whether seat s has had its forging turn in this step.
func forgeDone(p *pub, s int) bool {
	k := 0
	if int(p.first) != s {
		k = 1
	}
	return int(p.step) > k
}
