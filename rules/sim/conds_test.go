package sim

import (
	"strings"
	"testing"

	"bifrost/schema"
	"bifrost/schema/effect"
)

// TestOpHoldsAsWritten: each comparison holds as written; a condition
// without one holds when its count is above 0.
func TestOpHoldsAsWritten(t *testing.T) {
	for _, tt := range []struct {
		op    string
		x, v  int
		holds bool
	}{
		{">=", 2, 2, true}, {">=", 1, 2, false},
		{"<=", 2, 2, true}, {"<=", 3, 2, false},
		{">", 3, 2, true}, {">", 2, 2, false},
		{"<", 1, 2, true}, {"<", 2, 2, false},
		{"=", 2, 2, true}, {"=", 3, 2, false},
		{"", 1, 5, true}, {"", 0, -5, false},
	} {
		if got := opOf[tt.op].Holds(tt.x, tt.v); got != tt.holds {
			t.Errorf("%d %s %d: Holds = %v, want %v", tt.x, tt.op, tt.v, got, tt.holds)
		}
	}
}

// TestCompileCondsLooksUpNamesAndComparisons: every condition reaches add
// with its engine code and comparison, in order; a name the engine does
// not know, a comparison the language does not have, or add's own error
// stops the compilation there.
func TestCompileCondsLooksUpNamesAndComparisons(t *testing.T) {
	kinds := map[string]int{"hand": 1, "rage": 2}
	type got struct {
		kind int
		op   Op
		val  int
	}
	for _, tt := range []struct {
		name  string
		conds []effect.Call
		want  []got
		err   string
	}{
		{"known", []effect.Call{{Name: "hand", Op: ">=", Value: 2}, {Name: "rage"}}, []got{{1, OpGE, 2}, {2, OpNone, 0}}, ""},
		{"unknown name", []effect.Call{{Name: "hand", Op: "<"}, {Name: "moon", Op: "="}}, []got{{1, OpLT, 0}}, `unknown condition "moon"`},
		{"unknown comparison", []effect.Call{{Name: "rage", Op: "!="}}, nil, `unknown comparison "!="`},
		{"add fails", []effect.Call{{Name: "rage", Op: "=", Value: 99}, {Name: "hand"}}, []got{{2, OpEQ, 99}}, "too much rage"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var seen []got
			err := CompileConds(tt.conds, kinds, func(k int, op Op, c effect.Call) error {
				seen = append(seen, got{k, op, c.Value})
				if c.Value > 9 {
					return schema.Errorf("怒りが多すぎます", "too much rage")
				}
				return nil
			})
			if (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want %q", err, tt.err)
			}
			if len(seen) != len(tt.want) {
				t.Fatalf("add saw %v, want %v", seen, tt.want)
			}
			for i := range seen {
				if seen[i] != tt.want[i] {
					t.Errorf("add saw %v, want %v", seen, tt.want)
				}
			}
		})
	}
}
