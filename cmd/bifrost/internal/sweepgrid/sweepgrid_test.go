package sweepgrid

import (
	"errors"
	"reflect"
	"testing"

	"bifrost/schema"
)

// TestAxesReadTheirTargetAndValues: --set names a sheet, an ID and a
// column; --rule a Rules key; values are a whole-number range or a list.
func TestAxesReadTheirTargetAndValues(t *testing.T) {
	for _, tt := range []struct {
		rule bool
		in   string
		want Axis
	}{
		{false, "Edda!E1-05.目標値=5..7", Axis{Label: "Edda!E1-05.目標値", Sheet: "Edda", ID: "E1-05", Column: "目標値", Values: []string{"5", "6", "7"}}},
		{false, "Edda!E1.05.cost=a, b", Axis{Label: "Edda!E1.05.cost", Sheet: "Edda", ID: "E1.05", Column: "cost", Values: []string{"a", "b"}}},
		{true, "TiwazVP=0,2", Axis{Label: "TiwazVP", Sheet: schema.RulesSheet.Key, Column: "TiwazVP", Values: []string{"0", "2"}}},
	} {
		parse := ParseSet
		if tt.rule {
			parse = ParseRule
		}
		got, err := parse(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: got %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

// TestMalformedAxesAreRefusedByKey: each malformed axis gets its own
// message, not a generic one.
func TestMalformedAxesAreRefusedByKey(t *testing.T) {
	for _, tt := range []struct {
		rule    bool
		in, key string
	}{
		{false, "E1-05.cost=1", "bad_set"},
		{false, "Edda!E1-05=1", "bad_set"},
		{false, "Edda!E1-05.cost=9..1", "bad_set_values"},
		{false, "Edda!E1-05.cost=0..101", "bad_set_values"},
		{true, "=1", "bad_rule"},
		{true, "TiwazVP= , ", "bad_rule_values"},
	} {
		parse := ParseSet
		if tt.rule {
			parse = ParseRule
		}
		_, err := parse(tt.in)
		var m *schema.Message
		if !errors.As(err, &m) || m.Key() != tt.key {
			t.Errorf("%q: got %v; want message %s", tt.in, err, tt.key)
		}
	}
}

// TestGridListsEveryCombinationFirstAxisSlowest: the values of the first
// axis change slowest, as the report lists them.
func TestGridListsEveryCombinationFirstAxisSlowest(t *testing.T) {
	got := Grid([]Axis{{Values: []string{"1", "2"}}, {Values: []string{"a", "b", "c"}}})
	want := [][]string{{"1", "a"}, {"1", "b"}, {"1", "c"}, {"2", "a"}, {"2", "b"}, {"2", "c"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Grid = %v; want %v", got, want)
	}
}

func TestEveryMessageHasJapaneseAndEnglish(t *testing.T) {
	for _, lack := range Messages.Lacks() {
		t.Error(lack)
	}
}
