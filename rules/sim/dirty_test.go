package sim

import (
	"slices"
	"testing"
)

// marked walks d.
func marked(d *Dirty) []int { return slices.Collect(d.All()) }

// TestDirtyHoldsExactlyTheMarkedParts: whatever its size (within the value,
// at its edge, or beyond it), a Dirty walks exactly the parts marked, in
// ascending order and each once however often marked; Has agrees with the
// walk; MarkAll marks every part of its size and no other; Clear and a new
// Size leave none marked.
func TestDirtyHoldsExactlyTheMarkedParts(t *testing.T) {
	tests := []struct {
		n    int
		mark []int
	}{
		{0, nil},
		{5, []int{3, 0, 3, 4}},
		{63, []int{62, 1}},
		{64, []int{63, 0, 63}},
		{65, []int{64, 2}},
		{200, []int{199, 64, 127, 128, 5, 63, 130}},
	}
	for _, tt := range tests {
		var d Dirty
		d.Size(tt.n)
		if d.Len() != tt.n || d.Any() || marked(&d) != nil {
			t.Errorf("size %d: a new Dirty has length %d and marks %v", tt.n, d.Len(), marked(&d))
		}
		for _, i := range tt.mark {
			d.Mark(i)
		}
		want := slices.Compact(slices.Sorted(slices.Values(tt.mark)))
		if got := marked(&d); !slices.Equal(got, want) {
			t.Errorf("size %d: marked %v, walks %v, want %v", tt.n, tt.mark, got, want)
		}
		for i := range d.All() {
			if len(want) == 0 || i != want[0] {
				t.Errorf("size %d: a walk stopped at once meets %d, want %v first", tt.n, i, want)
			}
			break
		}
		for i := range tt.n {
			if d.Has(i) != slices.Contains(want, i) {
				t.Errorf("size %d: Has(%d) = %v after marking %v", tt.n, i, d.Has(i), tt.mark)
			}
		}
		if d.Any() != (len(want) > 0) {
			t.Errorf("size %d: Any() = %v after marking %v", tt.n, d.Any(), tt.mark)
		}
		d.MarkAll()
		all := make([]int, tt.n)
		for i := range all {
			all[i] = i
		}
		if got := marked(&d); !slices.Equal(got, all) && tt.n > 0 {
			t.Errorf("size %d: MarkAll walks %v", tt.n, got)
		}
		d.Clear()
		if d.Any() || marked(&d) != nil {
			t.Errorf("size %d: Clear leaves %v", tt.n, marked(&d))
		}
		d.MarkAll()
		d.Size(tt.n)
		if d.Any() {
			t.Errorf("size %d: Size leaves %v", tt.n, marked(&d))
		}
	}
}

// TestDirtyCopiesAreIndependent: a Dirty of up to 64 parts copied by
// assignment, and any Dirty copied with CopyFrom, keeps its own marks.
func TestDirtyCopiesAreIndependent(t *testing.T) {
	for _, n := range []int{10, 64, 130} {
		var d, c Dirty
		d.Size(n)
		d.Mark(n - 1)
		c.CopyFrom(&d)
		c.Mark(0)
		d.Clear()
		if got := marked(&c); !slices.Equal(got, []int{0, n - 1}) {
			t.Errorf("size %d: the copy marks %v after the original was cleared", n, got)
		}
		if n <= 64 {
			a := c
			a.Clear()
			if !c.Has(n - 1) {
				t.Errorf("size %d: clearing an assigned copy cleared the original", n)
			}
		}
	}
}

// TestDirtyDoesNotAllocate: once sized, marking, asking, walking, clearing,
// sizing again within its room and copying into a Dirty of that room
// allocate nothing.
func TestDirtyDoesNotAllocate(t *testing.T) {
	var d, c Dirty
	d.Size(300)
	c.Size(300)
	allocs := testing.AllocsPerRun(100, func() {
		d.Mark(7)
		d.Mark(250)
		n := 0
		for i := range d.All() {
			n += i
		}
		if !d.Has(250) || n != 257 {
			t.Fatal("lost a mark")
		}
		c.CopyFrom(&d)
		d.MarkAll()
		d.Clear()
		d.Size(200)
		d.Size(300)
	})
	if allocs != 0 {
		t.Errorf("%v allocations a run", allocs)
	}
}
