package sim

import (
	"math"
	"math/rand/v2"
)

// Searcher is implemented by games that a search bot can plan in.
type Searcher interface {
	// Determinize returns a copy of the game as seat sees it: everything
	// seat cannot see (hands, deck orders, face-down choices) is resampled
	// with rng, consistently with what seat can see. The copy draws its
	// chance from rng and shares nothing mutable with the original. dst is
	// nil or a copy returned by an earlier call, which may be reused.
	Determinize(dst Game, seat int, rng *rand.Rand) Game
}

// Evaluator is implemented by games that can score an unfinished position,
// so that search playouts may stop early.
type Evaluator interface {
	// Value estimates seat's chance of winning, in [0, 1].
	Value(seat int) float64
}

// ISMCTS is an information-set Monte Carlo tree search bot (single
// observer, UCT). Each iteration determinizes the game for the deciding
// seat, descends a tree shared by all determinizations, choosing among the
// moves legal in this determinization, adds one node, plays the rest out at
// random and credits each node's mover with the result. It needs a game
// that implements Searcher; it reads nothing else of the true state.
type ISMCTS struct {
	Iterations int     // determinizations per decision
	Horizon    int     // random decisions per playout before Evaluator scores it; 0 plays to the end
	C          float64 // exploration constant; 0 means 0.7
	// Rollout, when set, chooses the moves of playouts instead of uniform
	// chance (a game's greedy bot makes informed playouts). It must read
	// only the game it is given, which is a determinized copy.
	Rollout Bot

	nodes []node
	copy  Game
	buf   []Choice
	kids  []int32 // per legal choice of the node descended: its child, or -1
	slots []int32 // kidsOf's hash table: an index into the legal choices, or -1
}

// node is one move in the search tree; children form a linked list.
type node struct {
	move                Choice
	seat                int8 // who made the move
	parent, first, next int32
	visits, avail       int32
	reward              float64
}

// playoutLimit bounds a playout without a horizon, so a game that cannot end
// still returns.
const playoutLimit = 5000

// Choose runs the search and returns the most visited of the legal choices.
func (b *ISMCTS) Choose(g Game, choices []Choice, rng *rand.Rand) int {
	s, ok := g.(Searcher)
	if !ok || len(choices) == 1 {
		return 0
	}
	c := b.C
	if c == 0 {
		c = 0.7
	}
	seat := g.Seat()
	b.nodes = append(b.nodes[:0], node{parent: -1, first: -1, next: -1})
	for range max(b.Iterations, 1) {
		b.copy = s.Determinize(b.copy, seat, rng)
		d := b.copy
		cur := int32(0)
		for !d.Over() {
			b.buf = d.Choices(b.buf)
			b.kidsOf(cur, b.buf)
			if child, ok := b.untried(b.buf, rng); ok {
				mover := d.Seat()
				d.Apply(child, nil)
				cur = b.add(cur, child, mover)
				break
			}
			cur = b.selectChild(c)
			d.Apply(b.nodes[cur].move, nil)
		}
		b.backprop(cur, b.playout(d, rng))
	}
	best, bestVisits := 0, int32(-1)
	for ch := b.nodes[0].first; ch >= 0; ch = b.nodes[ch].next {
		for i, m := range choices {
			if m == b.nodes[ch].move && b.nodes[ch].visits > bestVisits {
				best, bestVisits = i, b.nodes[ch].visits
			}
		}
	}
	return best
}

// untried picks at random a legal move that has no child (b.kids).
func (b *ISMCTS) untried(legal []Choice, rng *rand.Rand) (Choice, bool) {
	var pick Choice
	found := 0
	for i, m := range legal {
		if b.kids[i] < 0 {
			found++
			if rng.IntN(found) == 0 {
				pick = m
			}
		}
	}
	return pick, found > 0
}

// kidsOf sets b.kids to node n's child for each legal move, -1 where it
// has none (a node has at most one child per move). With many moves it
// walks the children once, finding each move by a hash table of legal,
// rather than walking them once per move.
func (b *ISMCTS) kidsOf(n int32, legal []Choice) {
	b.kids = append(b.kids[:0], make([]int32, len(legal))...)
	if len(legal) <= 8 || !b.hashLegal(legal) {
		for i, m := range legal {
			b.kids[i] = b.child(n, m)
		}
		return
	}
	mask := uint64(len(b.slots) - 1)
	for ch := b.nodes[n].first; ch >= 0; ch = b.nodes[ch].next {
		m := b.nodes[ch].move
		for h := choiceHash(m) & mask; b.slots[h] >= 0; h = (h + 1) & mask {
			if i := b.slots[h]; legal[i] == m {
				b.kids[i] = ch
				break
			}
		}
	}
}

// hashLegal fills b.slots with the indices of legal by their choiceHash
// (open addressing) and marks every b.kids -1; it reports false, leaving
// the table unusable, when a move is listed twice.
func (b *ISMCTS) hashLegal(legal []Choice) bool {
	size := 16
	for size < 2*len(legal) {
		size *= 2
	}
	b.slots = append(b.slots[:0], make([]int32, size)...)
	for i := range b.slots {
		b.slots[i] = -1
	}
	mask := uint64(size - 1)
	for i, m := range legal {
		b.kids[i] = -1
		h := choiceHash(m) & mask
		for ; b.slots[h] >= 0; h = (h + 1) & mask {
			if legal[b.slots[h]] == m {
				return false
			}
		}
		b.slots[h] = int32(i)
	}
	return true
}

// choiceHash mixes every field of m.
func choiceHash(m Choice) uint64 {
	k := uint64(m.Kind) | uint64(uint16(m.A))<<8 | uint64(uint16(m.B))<<24 | uint64(uint16(m.C))<<40
	k *= 0x9E3779B97F4A7C15
	return k ^ k>>29
}

func (b *ISMCTS) child(n int32, m Choice) int32 {
	for ch := b.nodes[n].first; ch >= 0; ch = b.nodes[ch].next {
		if b.nodes[ch].move == m {
			return ch
		}
	}
	return -1
}

func (b *ISMCTS) add(parent int32, m Choice, seat int) int32 {
	id := int32(len(b.nodes))
	b.nodes = append(b.nodes, node{move: m, seat: int8(seat), parent: parent, first: -1, next: b.nodes[parent].first})
	b.nodes[parent].first = id
	return id
}

// selectChild counts every child legal here (b.kids, none -1) as
// available and returns the one with the best upper confidence bound.
func (b *ISMCTS) selectChild(c float64) int32 {
	best, bestU := int32(-1), math.Inf(-1)
	for _, ch := range b.kids {
		b.nodes[ch].avail++
		nd := &b.nodes[ch]
		u := nd.reward/float64(nd.visits) + c*math.Sqrt(math.Log(float64(nd.avail))/float64(nd.visits))
		if u > bestU {
			best, bestU = ch, u
		}
	}
	return best
}

// playout plays d on at random and returns it, finished or scored.
func (b *ISMCTS) playout(d Game, rng *rand.Rand) Game {
	limit := playoutLimit
	if _, ok := d.(Evaluator); ok && b.Horizon > 0 {
		limit = b.Horizon
	}
	for i := 0; i < limit && !d.Over(); i++ {
		b.buf = d.Choices(b.buf)
		k := 0
		if b.Rollout != nil {
			k = b.Rollout.Choose(d, b.buf, rng)
		} else {
			k = rng.IntN(len(b.buf))
		}
		d.Apply(b.buf[k], nil)
	}
	return d
}

// backprop credits every node from n up to the root with the result for
// the seat that made its move.
func (b *ISMCTS) backprop(n int32, end Game) {
	winner := -1
	if end.Over() {
		winner = end.Winner()
	}
	ev, _ := end.(Evaluator)
	for ; n > 0; n = b.nodes[n].parent {
		nd := &b.nodes[n]
		nd.visits++
		switch {
		case winner >= 0:
			if int(nd.seat) == winner {
				nd.reward++
			}
		case ev != nil:
			nd.reward += ev.Value(int(nd.seat))
		}
	}
	b.nodes[0].visits++
}
