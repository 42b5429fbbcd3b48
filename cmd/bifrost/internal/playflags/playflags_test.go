package playflags

import (
	"errors"
	"reflect"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// TestPlayersAreAllOrASupportedList: "all" and nothing mean every
// supported count; a list must hold only supported counts.
func TestPlayersAreAllOrASupportedList(t *testing.T) {
	supported := []int{2, 3, 4}
	for _, tt := range []struct {
		in   string
		want []int
		bad  bool
	}{
		{"", supported, false},
		{"all", supported, false},
		{"2, 4", []int{2, 4}, false},
		{"5", nil, true},
		{"two", nil, true},
	} {
		got, err := Players(tt.in, supported)
		var m *schema.Message
		if tt.bad && (!errors.As(err, &m) || m.Key() != "bad_players") || !tt.bad && (err != nil || !reflect.DeepEqual(got, tt.want)) {
			t.Errorf("Players(%q) = %v, %v", tt.in, got, err)
		}
	}
}

// TestShardIsOneBasedIOfN: "i/n" with 1 ≤ i ≤ n is the zero-based slice
// i-1 of n; nothing is the whole batch.
func TestShardIsOneBasedIOfN(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want sim.Shard
		bad  bool
	}{
		{"", sim.Shard{}, false},
		{"2/8", sim.Shard{I: 1, N: 8}, false},
		{"8/8", sim.Shard{I: 7, N: 8}, false},
		{"0/8", sim.Shard{}, true},
		{"9/8", sim.Shard{}, true},
		{"bifrost", sim.Shard{}, true},
	} {
		got, err := Shard(tt.in)
		var m *schema.Message
		if tt.bad && (!errors.As(err, &m) || m.Key() != "bad_shard") || !tt.bad && (err != nil || got != tt.want) {
			t.Errorf("Shard(%q) = %v, %v", tt.in, got, err)
		}
	}
}

func TestEveryMessageHasJapaneseAndEnglish(t *testing.T) {
	for _, lack := range Messages.Lacks() {
		t.Error(lack)
	}
}
