package report

import (
	"encoding/json"
	"testing"

	"bifrost/rules/sim"
)

// TestMatrixCellsReadAsEncodingJSONReadsThem: a matchup cell read from
// the generic form of the report is the sim.Wilson encoding/json gives
// for the same text, and a cell encoding/json refuses is refused.
func TestMatrixCellsReadAsEncodingJSONReadsThem(t *testing.T) {
	for _, cell := range []string{
		`{"rate": 0.8, "low": 0.71, "high": 0.87, "wins": 80, "games": 100}`,
		`null`,
		`{"rate": 0.5}`,
		`{"rate": 0.5, "games": 10, "other": "x"}`,
		`{"rate": "high"}`,
		`{"wins": 1.5}`,
		`[1, 2]`,
	} {
		var generic any
		if err := json.Unmarshal([]byte(cell), &generic); err != nil {
			t.Fatal(err)
		}
		var want sim.Wilson
		wantOK := json.Unmarshal([]byte(cell), &want) == nil
		got, ok := wilsonOf(generic)
		if ok != wantOK || ok && got != want {
			t.Errorf("%s: read %+v, %v; encoding/json reads %+v, %v", cell, got, ok, want, wantOK)
		}
	}
}
