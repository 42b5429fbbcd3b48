package sim

import (
	"iter"
	"math/bits"
)

// Dirty is the one way an engine tells its incremental Check what changed:
// the set of the parts of its state (groups of fields, zones, cards,
// figures: whatever the engine numbers 0..n-1) that changed since Check
// last passed. The engine calls Mark(i) wherever it changes part i;
// Check reads only the marked parts (Has, or All to walk them in
// ascending order) and calls Clear once it has read them all; MarkAll
// makes the next Check read everything (the first check, a game over, a
// copy that redealt what no one sees). An engine's recount test
// (simtest.Recount) proves that every change is marked.
//
// A Dirty holds its marks in place: Mark, Has, All and Clear never
// allocate. Size sets how many parts there are, once per game; the zero
// value has none. Up to 64 parts are held in the value itself, so a Dirty
// of that size is copied and reset with the game that holds it (a game
// copied by assignment has its own marks); beyond 64 the rest are held in
// a slice that Size reuses and that CopyFrom, not assignment, copies.
type Dirty struct {
	n    int
	low  uint64   // parts 0–63, one bit each
	high []uint64 // parts from 64 on, 64 a word; nil up to 64 parts
}

// Size makes d a set of n parts, none marked, reusing what d held.
func (d *Dirty) Size(n int) {
	d.n, d.low = n, 0
	words := max(n-1, 0) / 64
	if cap(d.high) < words {
		d.high = make([]uint64, words)
	}
	d.high = d.high[:words]
	clear(d.high)
}

// Len is the number of parts d was sized for.
func (d *Dirty) Len() int { return d.n }

// Mark marks part i as changed.
func (d *Dirty) Mark(i int) {
	if i < 64 {
		d.low |= 1 << i
		return
	}
	d.high[i/64-1] |= 1 << (i % 64)
}

// MarkAll marks every part.
func (d *Dirty) MarkAll() {
	if d.n >= 64 {
		d.low = ^uint64(0)
	} else {
		d.low = 1<<d.n - 1
	}
	for w := range d.high {
		k := d.n - 64*(w+1)
		if k >= 64 {
			d.high[w] = ^uint64(0)
		} else {
			d.high[w] = 1<<k - 1
		}
	}
}

// Has reports whether part i is marked.
func (d *Dirty) Has(i int) bool {
	if i < 64 {
		return d.low&(1<<i) != 0
	}
	return d.high[i/64-1]&(1<<(i%64)) != 0
}

// Any reports whether any part is marked.
func (d *Dirty) Any() bool {
	if d.low != 0 {
		return true
	}
	for _, w := range d.high {
		if w != 0 {
			return true
		}
	}
	return false
}

// All walks the marked parts in ascending order:
//
//	for i := range d.All() { … }
//
// In a range loop the compiler inlines the walk into a loop over the bits
// of d's words, as a loop written by hand would be, so it allocates nothing
// (TestDirtyDoesNotAllocate, and the conformance suite's
// DecisionsDoNotAllocate for every engine, hold it to that). It reads each
// word as it comes to it: marks made during the walk may or may not be met.
func (d *Dirty) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		m, w := d.low, 0
		for {
			for ; m != 0; m &= m - 1 {
				if !yield(64*w + bits.TrailingZeros64(m)) {
					return
				}
			}
			if w >= len(d.high) {
				return
			}
			m, w = d.high[w], w+1
		}
	}
}

// Clear unmarks every part.
func (d *Dirty) Clear() {
	d.low = 0
	if d.high != nil {
		clear(d.high)
	}
}

// CopyFrom makes d a copy of src, reusing d's own room.
func (d *Dirty) CopyFrom(src *Dirty) {
	d.n, d.low = src.n, src.low
	d.high = append(d.high[:0], src.high...)
}
