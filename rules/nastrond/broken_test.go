package nastrond

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// Deliberately broken data must show up in a smoke run: as unfinished games,
// or as violations that carry their seed and the command that replays them.

// editShipped writes an edited copy of the shipped workbook and returns its path.
func editShipped(t *testing.T, edit func(f *excelize.File) error) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "nastrond.xlsx")
	if err := workbook.Edit(shipped, dst, edit); err != nil {
		t.Fatal(err)
	}
	return dst
}

// column is the 1-based column of the first header in names.
func column(f *excelize.File, sheet string, names ...string) (int, error) {
	rows, err := f.GetRows(sheet)
	if err != nil {
		return 0, err
	}
	for i, h := range rows[0] {
		if slices.Contains(names, h) {
			return i + 1, nil
		}
	}
	return 0, fmt.Errorf("%s has no column %v", sheet, names)
}

func setCell(f *excelize.File, sheet string, col, row int, v string) error {
	cell, err := excelize.CoordinatesToCellName(col, row)
	if err != nil {
		return err
	}
	return f.SetCellValue(sheet, cell, v)
}

// setRule sets a Rules parameter.
func setRule(f *excelize.File, key, value string) error {
	rows, err := f.GetRows("Rules")
	if err != nil {
		return err
	}
	valueCol, err := column(f, "Rules", "値", "Value")
	if err != nil {
		return err
	}
	for i, r := range rows {
		if len(r) > 0 && r[0] == key {
			return setCell(f, "Rules", valueCol, i+1, value)
		}
	}
	return fmt.Errorf("no rule %s", key)
}

// run plays a smoke batch of the data with invariant checks.
func run(t *testing.T, d *Data, games int, bots []string, players []int) (*Engine, *sim.Stats) {
	t.Helper()
	e, err := New(d)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	o := sim.BatchOptions{Seed: 11, Games: games, Check: true, Bots: bots, Players: players}
	return e, sim.Run(context.Background(), e, o)
}

// wantViolations checks that a batch reports violations with seeds and
// replay commands, and that replaying the first one meets it again.
func wantViolations(t *testing.T, e *Engine, s *sim.Stats, message string) {
	t.Helper()
	if len(s.Violations) == 0 {
		t.Fatalf("the smoke run found no violation (%d games, %d unfinished)", s.Games, s.Unfinished)
	}
	for _, v := range s.Violations {
		if !strings.Contains(v.Message, message) || v.Seed == 0 ||
			v.Spec.Game != "nastrond" || v.Spec.Seed != v.Seed || v.Spec.Players != v.Players {
			t.Fatalf("violation %+v: want %q with its seed and what replays it", v, message)
		}
	}
	v := s.Violations[0]
	var b bytes.Buffer
	r := sim.Replay(&b, e, v.Spec.Config, v.Spec.Seed, v.Spec.Bots, schema.English)
	if r.Violation == nil || r.Violation.Message != v.Message || r.Violation.Turn != v.Turn {
		t.Errorf("replaying %+v gave %+v, want the violation %q at turn %d", v.Spec, r.Violation, v.Message, v.Turn)
	}
}

// TestBroken_turnCapTooLowLeavesEveryGameUnfinished sets the Rules sheet's
// TurnCap below the 24 turns the shortest game takes.
func TestBroken_turnCapTooLowLeavesEveryGameUnfinished(t *testing.T) {
	path := editShipped(t, func(f *excelize.File) error { return setRule(f, "TurnCap", "10") })
	_, s := run(t, loadData(t, path), 90, nil, nil)
	if s.Unfinished != 90 || len(s.Violations) != 0 {
		t.Errorf("%d of 90 games unfinished, %d violations; want all unfinished", s.Unfinished, len(s.Violations))
	}
}

// TestBroken_negativeEddaVP feeds data that validation would reject (an
// Edda worth -3 VP), as if a validator change let it through: the smoke run
// sees the VP go negative.
func TestBroken_negativeEddaVP(t *testing.T) {
	shippedEngine(t)
	d := *shippedData
	d.Edda = slices.Clone(d.Edda)
	for i := range d.Edda {
		if d.Edda[i].Layer == 1 {
			d.Edda[i].VP = -3
		}
	}
	e, s := run(t, &d, 90, nil, nil)
	wantViolations(t, e, s, "negative VP")
}

// TestBroken_dataTheBoardCannotHold is refused by New with a reason.
func TestBroken_dataTheBoardCannotHold(t *testing.T) {
	shippedEngine(t)
	for _, tt := range []struct {
		name string
		edit func(d *Data)
		want string
	}{
		{"an Edda short on layer 1", func(d *Data) { d.Edda = d.Edda[1:] }, "layer 1 has 19 Edda"},
		{"no Nidhogg", func(d *Data) { d.Nidhogg = nil }, "Nidhogg"},
		{"a skill verb the engine does not know", func(d *Data) {
			d.Einherjar = slices.Clone(d.Einherjar)
			d.Einherjar[0].Skill.AST = parseSkill(t, "vp 1")
			d.Einherjar[0].Skill.AST.Clauses[0].Action.Name = "fly"
		}, "EIN-101"},
		{"too few layer-1 Keepers for any player count", func(d *Data) {
			var ks []Keeper
			for _, k := range d.Keepers {
				if k.Layer != 1 {
					ks = append(ks, k)
				}
			}
			d.Keepers = ks
		}, "layer 1 has 20 Edda and 0 Keepers"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := *shippedData
			tt.edit(&d)
			_, err := New(&d)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New = %v, want an error about %q", err, tt.want)
			}
		})
	}
}
