package report

import (
	"testing"

	"bifrost/schema"
)

func TestPlayerCountsReadAsARunOrAList(t *testing.T) {
	for _, tt := range []struct {
		counts []int
		ja, en string
	}{
		{[]int{3}, "3人", "at 3 players"},
		{[]int{2, 4}, "2人・4人", "at 2, 4 players"},
		{[]int{2, 3}, "2人・3人", "at 2, 3 players"},
		{[]int{2, 3, 4}, "2人〜4人", "at 2–4 players"},
		{[]int{2, 3, 5}, "2人・3人・5人", "at 2, 3, 5 players"},
	} {
		if got := PlayersText(schema.Japanese, tt.counts); got != tt.ja {
			t.Errorf("%v in Japanese: %q, want %q", tt.counts, got, tt.ja)
		}
		if got := PlayersText(schema.English, tt.counts); got != tt.en {
			t.Errorf("%v in English: %q, want %q", tt.counts, got, tt.en)
		}
	}
}

func TestFindingWordsHaveBothLanguages(t *testing.T) {
	for _, lack := range findingText.Lacks() {
		t.Error(lack)
	}
}
