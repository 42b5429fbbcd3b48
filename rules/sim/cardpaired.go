package sim

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

// cardMoments accumulates one card over paired games: per game, u is how
// many seats used it and w whether one of them won (o the old side, n the
// new), and the sums of their products that the paired variances need.
// Every field is an integer sum, so workers merge exactly.
type cardMoments struct {
	uo, un, wo, wn               int
	uo2, un2, wo2, wn2           int
	uoun, wown, uown, woun       int
	uowo, unwn, uoSeats, unSeats int
}

func (m *cardMoments) add(uo, un, wo, wn, seats int) {
	m.uo, m.un, m.wo, m.wn = m.uo+uo, m.un+un, m.wo+wo, m.wn+wn
	m.uo2, m.un2, m.wo2, m.wn2 = m.uo2+uo*uo, m.un2+un*un, m.wo2+wo*wo, m.wn2+wn*wn
	m.uoun, m.wown, m.uown, m.woun = m.uoun+uo*un, m.wown+wo*wn, m.uown+uo*wn, m.woun+wo*un
	m.uowo, m.unwn, m.uoSeats, m.unSeats = m.uowo+uo*wo, m.unwn+un*wn, m.uoSeats+uo*seats, m.unSeats+un*seats
}

func (m *cardMoments) merge(o *cardMoments) {
	m.uo, m.un, m.wo, m.wn = m.uo+o.uo, m.un+o.un, m.wo+o.wo, m.wn+o.wn
	m.uo2, m.un2, m.wo2, m.wn2 = m.uo2+o.uo2, m.un2+o.un2, m.wo2+o.wo2, m.wn2+o.wn2
	m.uoun, m.wown, m.uown, m.woun = m.uoun+o.uoun, m.wown+o.wown, m.uown+o.uown, m.woun+o.woun
	m.uowo, m.unwn, m.uoSeats, m.unSeats = m.uowo+o.uowo, m.unwn+o.unwn, m.uoSeats+o.uoSeats, m.unSeats+o.unSeats
}

// cardPairs accumulates every card of the new side over the paired games.
type cardPairs struct {
	seats, seats2 int // Σ seats and Σ seats² over the paired games
	cards         []cardMoments
	// one game's use: per new card index, seats that used it and whether
	// one of them won, on each side; touched lists the cards with any.
	game    [][2][2]int
	touched []int32
}

func newCardPairs(cards int) *cardPairs {
	return &cardPairs{cards: make([]cardMoments, cards), game: make([][2][2]int, cards)}
}

// use records that seats used card (a new-side index) in this game on side
// (0 old, 1 new), won by winner.
func (c *cardPairs) use(side int, card int32, seats uint8, winner int) {
	g := &c.game[card]
	if g[0] == [2]int{} && g[1] == [2]int{} {
		c.touched = append(c.touched, card)
	}
	g[side][0] = bits.OnesCount8(seats)
	if winner >= 0 && seats&(1<<uint(winner)) != 0 {
		g[side][1] = 1
	}
}

// endGame folds the game's use into the sums when both sides were clean,
// and clears it either way.
func (c *cardPairs) endGame(players int, paired bool) {
	if paired {
		c.seats += players
		c.seats2 += players * players
	}
	for _, card := range c.touched {
		g := &c.game[card]
		if paired {
			c.cards[card].add(g[0][0], g[1][0], g[0][1], g[1][1], players)
		}
		*g = [2][2]int{}
	}
	c.touched = c.touched[:0]
}

func (c *cardPairs) merge(o *cardPairs) {
	c.seats += o.seats
	c.seats2 += o.seats2
	for i := range c.cards {
		c.cards[i].merge(&o.cards[i])
	}
}

// changes are each card's use rate (the share of seat-games in which a seat
// used it) and win rate when used, old against new, with paired tests:
// the games are the units, so the luck the two sides share cancels as it
// does for the seat measures. The differences are ratio estimators whose
// variances come from the per-game linearisation (the delta method).
// A card missing on the old side (present only in old) is left out.
func (c *cardPairs) changes(ids []string, present []bool) []CardChange {
	var out []CardChange
	s := float64(c.seats)
	for j, id := range ids {
		if !present[j] {
			continue
		}
		m := &c.cards[j]
		use := CardChange{ID: id, Measure: "use_rate", Old: WilsonInterval(m.uo, c.seats), New: WilsonInterval(m.un, c.seats), Q: 1}
		if c.seats > 0 {
			d := float64(m.un-m.uo) / s
			dd := float64(m.un2 - 2*m.uoun + m.uo2)
			dn := float64(m.unSeats - m.uoSeats)
			se := math.Sqrt(max(0, dd-2*d*dn+d*d*float64(c.seats2))) / s
			use = pairedCard(use, d, se)
		}
		win := CardChange{ID: id, Measure: "win_rate", Old: WilsonInterval(m.wo, m.uo), New: WilsonInterval(m.wn, m.un), Q: 1}
		if m.uo > 0 && m.un > 0 {
			uo, un := float64(m.uo), float64(m.un)
			ro, rn := float64(m.wo)/uo, float64(m.wn)/un
			nn := float64(m.wn2) - 2*rn*float64(m.unwn) + rn*rn*float64(m.un2)
			oo := float64(m.wo2) - 2*ro*float64(m.uowo) + ro*ro*float64(m.uo2)
			no := float64(m.wown) - ro*float64(m.uown) - rn*float64(m.woun) + rn*ro*float64(m.uoun)
			se := math.Sqrt(max(0, nn/(un*un)+oo/(uo*uo)-2*no/(un*uo)))
			win = pairedCard(win, rn-ro, se)
		}
		out = append(out, use, win)
	}
	adjust(len(out), func(i int) *float64 { return &out[i].Q })
	for i := range out {
		out[i].Significant = out[i].Q < significance
	}
	slices.SortStableFunc(out, func(a, b CardChange) int {
		return cmp.Or(cmp.Compare(a.Q, b.Q), cmp.Compare(math.Abs(b.Z), math.Abs(a.Z)), cmp.Compare(a.ID, b.ID), cmp.Compare(a.Measure, b.Measure))
	})
	return out
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
