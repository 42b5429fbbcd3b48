package sim

import (
	"cmp"
	"math"
	"slices"
)

// cardMoments accumulates one card in one group over paired games: per
// game, u is how many seats of the group used it and w whether one of them
// won (o the old side, n the new), n how many seats played the group, and
// the sums of their products that the paired variances need. Every field
// is an integer sum, so workers merge exactly.
type cardMoments struct {
	uo, un, wo, wn               int
	uo2, un2, wo2, wn2           int
	uoun, wown, uown, woun       int
	uowo, unwn, uoSeats, unSeats int // uoSeats Σ uo·no, unSeats Σ un·nn
	uoNn, unNo                   int // Σ uo·nn, Σ un·no
}

func (m *cardMoments) add(uo, un, wo, wn, no, nn int) {
	m.uo, m.un, m.wo, m.wn = m.uo+uo, m.un+un, m.wo+wo, m.wn+wn
	m.uo2, m.un2, m.wo2, m.wn2 = m.uo2+uo*uo, m.un2+un*un, m.wo2+wo*wo, m.wn2+wn*wn
	m.uoun, m.wown, m.uown, m.woun = m.uoun+uo*un, m.wown+wo*wn, m.uown+uo*wn, m.woun+wo*un
	m.uowo, m.unwn, m.uoSeats, m.unSeats = m.uowo+uo*wo, m.unwn+un*wn, m.uoSeats+uo*no, m.unSeats+un*nn
	m.uoNn, m.unNo = m.uoNn+uo*nn, m.unNo+un*no
}

func (m *cardMoments) merge(o *cardMoments) {
	m.uo, m.un, m.wo, m.wn = m.uo+o.uo, m.un+o.un, m.wo+o.wo, m.wn+o.wn
	m.uo2, m.un2, m.wo2, m.wn2 = m.uo2+o.uo2, m.un2+o.un2, m.wo2+o.wo2, m.wn2+o.wn2
	m.uoun, m.wown, m.uown, m.woun = m.uoun+o.uoun, m.wown+o.wown, m.uown+o.uown, m.woun+o.woun
	m.uowo, m.unwn, m.uoSeats, m.unSeats = m.uowo+o.uowo, m.unwn+o.unwn, m.uoSeats+o.uoSeats, m.unSeats+o.unSeats
	m.uoNn, m.unNo = m.uoNn+o.uoNn, m.unNo+o.unNo
}

// seatMoments accumulates one group's seats over the paired games: per
// game, no and nn seats played it on the old and the new side.
type seatMoments struct{ no, nn, no2, nn2, nonn int }

func (s *seatMoments) add(no, nn int) {
	s.no, s.nn, s.no2, s.nn2, s.nonn = s.no+no, s.nn+nn, s.no2+no*no, s.nn2+nn*nn, s.nonn+no*nn
}

func (s *seatMoments) merge(o *seatMoments) {
	s.no, s.nn, s.no2, s.nn2, s.nonn = s.no+o.no, s.nn+o.nn, s.no2+o.no2, s.nn2+o.nn2, s.nonn+o.nonn
}

// cardPairs accumulates every card of the new side over the paired games,
// per group of seats: one group, "", for a game whose seats play no decks;
// a group per deck for a SeatGrouper, so that a card's measures pair the
// seats that played the same deck and do not mix decks.
type cardPairs struct {
	cards   int
	grouped bool            // some paired game named its seats' groups
	groups  []string        // group names by index; "" first
	index   map[string]int  // group name to index
	seats   []seatMoments   // per group
	moments [][]cardMoments // per group, per new card index
	// one game's use: per new card index and side, the seats that used
	// it; touched lists the cards with any.
	game      [][2]uint8
	touched   []int32
	perGame   [][2]int  // this game's seats per group and side
	seatGroup [2][8]int // this game's group index of each seat, per side
	present   []int     // the groups this game's seats played
}

func newCardPairs(cards int) *cardPairs {
	c := &cardPairs{cards: cards, index: map[string]int{}, game: make([][2]uint8, cards)}
	c.group("")
	return c
}

// group returns the index of the named group, adding it when new.
func (c *cardPairs) group(name string) int {
	k, ok := c.index[name]
	if !ok {
		k = len(c.groups)
		c.index[name] = k
		c.groups = append(c.groups, name)
		c.seats = append(c.seats, seatMoments{})
		c.moments = append(c.moments, make([]cardMoments, c.cards))
		c.perGame = append(c.perGame, [2]int{})
	}
	return k
}

// use records that seats used card (a new-side index) in this game on side
// (0 old, 1 new).
func (c *cardPairs) use(side int, card int32, seats uint8) {
	g := &c.game[card]
	if *g == [2]uint8{} {
		c.touched = append(c.touched, card)
	}
	g[side] = seats
}

// endGame folds the game's use into the sums when both sides were clean
// (paired), each seat counted in the group it played on its side, and
// clears it either way.
func (c *cardPairs) endGame(old, new *Result, paired bool) {
	if paired {
		c.countSeats(old, new)
		winners := [2]int{old.Winner, new.Winner}
		for _, k := range c.present {
			c.foldGroup(k, old.Players, winners)
		}
		for _, k := range c.present {
			c.perGame[k] = [2]int{}
		}
	}
	for _, card := range c.touched {
		c.game[card] = [2]uint8{}
	}
	c.touched = c.touched[:0]
}

// countSeats notes the group each seat played on each side (seatGroup),
// counts the game's seats per group and side (perGame) and lists the
// groups that had any (present).
func (c *cardPairs) countSeats(old, new *Result) {
	c.present = c.present[:0]
	for side, r := range [2]*Result{old, new} {
		for s := range r.Players {
			k := 0
			if r.Groups != nil {
				c.grouped = true
				k = c.group(r.Groups[s])
			}
			c.seatGroup[side][s] = k
			if c.perGame[k] == [2]int{} {
				c.present = append(c.present, k)
			}
			c.perGame[k][side]++
		}
	}
}

// foldGroup adds group k's seats of the game and the use of each card the
// game touched by those seats to the sums.
func (c *cardPairs) foldGroup(k, players int, winners [2]int) {
	n := c.perGame[k]
	c.seats[k].add(n[0], n[1])
	for _, card := range c.touched {
		if u, w := c.groupUse(card, k, players, winners); u != [2]int{} {
			c.moments[k][card].add(u[0], u[1], w[0], w[1], n[0], n[1])
		}
	}
}

// groupUse counts per side the seats of group k that used card (u), and
// whether the side's winner was one of them (w).
func (c *cardPairs) groupUse(card int32, k, players int, winners [2]int) (u, w [2]int) {
	for side := range 2 {
		for s := range players {
			if c.game[card][side]&(1<<uint(s)) != 0 && c.seatGroup[side][s] == k {
				u[side]++
				w[side] |= b2i(s == winners[side])
			}
		}
	}
	return u, w
}

func (c *cardPairs) merge(o *cardPairs) {
	c.grouped = c.grouped || o.grouped
	for ko, name := range o.groups {
		k := c.group(name)
		c.seats[k].merge(&o.seats[ko])
		for i := range c.moments[k] {
			c.moments[k][i].merge(&o.moments[ko][i])
		}
	}
}

// changes are each card's use rate (the share of seat-games in which a seat
// used it) and win rate when used, old against new, with paired tests:
// the games are the units, so the luck the two sides share cancels as it
// does for the seat measures. The differences are ratio estimators whose
// variances come from the per-game linearisation (the delta method).
// A card missing on the old side (present only in old) is left out. In a
// game whose seats play decks the measures are per card and deck, over the
// seats that played that deck: a pair no such seat used on either side is
// left out, and the Benjamini–Hochberg correction runs over the pairs.
func (c *cardPairs) changes(ids []string, present []bool) []CardChange {
	var out []CardChange
	groups := slices.Clone(c.groups)
	slices.Sort(groups)
	for _, group := range groups {
		k := c.index[group]
		sm := &c.seats[k]
		for j, id := range ids {
			m := &c.moments[k][j]
			if !present[j] || c.grouped && m.uo == 0 && m.un == 0 {
				continue
			}
			out = append(out, useChange(id, group, m, sm), winChange(id, group, m))
		}
	}
	adjust(len(out), func(i int) *float64 { return &out[i].Q })
	for i := range out {
		out[i].Significant = out[i].Q < significance
	}
	slices.SortStableFunc(out, func(a, b CardChange) int {
		return cmp.Or(cmp.Compare(a.Q, b.Q), cmp.Compare(math.Abs(b.Z), math.Abs(a.Z)), cmp.Compare(a.ID, b.ID),
			cmp.Compare(a.Group, b.Group), cmp.Compare(a.Measure, b.Measure))
	})
	return out
}

// useChange is a card's use rate in a group, over the seats that played
// the group, with its raw p-value.
func useChange(id, group string, m *cardMoments, sm *seatMoments) CardChange {
	use := CardChange{ID: id, Group: group, Measure: "use_rate", Old: WilsonInterval(m.uo, sm.no), New: WilsonInterval(m.un, sm.nn), Q: 1}
	switch {
	case sm.no == 0 || sm.nn == 0:
	case sm.no2+sm.nn2-2*sm.nonn == 0:
		// As many seats played the group on both sides of every game (every
		// game of a game without decks): one denominator, Σ n, for both.
		s := float64(sm.no)
		d := float64(m.un-m.uo) / s
		dd := float64(m.un2 - 2*m.uoun + m.uo2)
		dn := float64(m.unSeats - m.uoSeats)
		se := math.Sqrt(max(0, dd-2*d*dn+d*d*float64(sm.no2))) / s
		use = pairedCard(use, d, se)
	default:
		d, se := ratioSums{
			xo: m.uo, yo: sm.no, xn: m.un, yn: sm.nn,
			xo2: m.uo2, yo2: sm.no2, xoyo: m.uoSeats, xn2: m.un2, yn2: sm.nn2, xnyn: m.unSeats,
			xoxn: m.uoun, yoxn: m.unNo, xoyn: m.uoNn, yoyn: sm.nonn,
		}.diff()
		use = pairedCard(use, d, se)
	}
	return use
}

// winChange is a card's win rate when used in a group, with its raw
// p-value.
func winChange(id, group string, m *cardMoments) CardChange {
	win := CardChange{ID: id, Group: group, Measure: "win_rate", Old: WilsonInterval(m.wo, m.uo), New: WilsonInterval(m.wn, m.un), Q: 1}
	if m.uo > 0 && m.un > 0 {
		d, se := ratioSums{
			xo: m.wo, yo: m.uo, xn: m.wn, yn: m.un,
			xo2: m.wo2, yo2: m.uo2, xoyo: m.uowo, xn2: m.wn2, yn2: m.un2, xnyn: m.unwn,
			xoxn: m.wown, yoxn: m.uown, xoyn: m.woun, yoyn: m.uoun,
		}.diff()
		win = pairedCard(win, d, se)
	}
	return win
}

// ratioSums are the sums over paired games that the difference of two
// ratios of sums, Σx/Σy on the new side (n) less on the old (o), needs:
// the sums, their squares and their products within a game.
type ratioSums struct {
	xo, yo, xn, yn                                         int
	xo2, yo2, xoyo, xn2, yn2, xnyn, xoxn, yoxn, xoyn, yoyn int
}

// diff is the difference of the ratios and its standard error, from the
// per-game linearisation of each ratio (the delta method).
func (s ratioSums) diff() (d, se float64) {
	yo, yn := float64(s.yo), float64(s.yn)
	ro, rn := float64(s.xo)/yo, float64(s.xn)/yn
	nn := float64(s.xn2) - 2*rn*float64(s.xnyn) + rn*rn*float64(s.yn2)
	oo := float64(s.xo2) - 2*ro*float64(s.xoyo) + ro*ro*float64(s.yo2)
	no := float64(s.xoxn) - ro*float64(s.yoxn) - rn*float64(s.xoyn) + rn*ro*float64(s.yoyn)
	return rn - ro, math.Sqrt(max(0, nn/(yn*yn)+oo/(yo*yo)-2*no/(yn*yo)))
}

// pairedCard sets a card change's difference, statistic and raw p-value
// (Q until adjust runs).
func pairedCard(ch CardChange, diff, se float64) CardChange {
	ch.Diff = round4(diff)
	ch.Q = pValue(diff, se)
	if se > 0 {
		ch.Z = round4(diff / se)
	}
	return ch
}
