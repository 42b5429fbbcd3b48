package schema

import "testing"

func TestGameOfSheetsNamesTheGameWithMostSheets(t *testing.T) {
	tests := []struct {
		sheets []string
		want   string // "" for nil
	}{
		{[]string{"ウルズ", "エッダ", "Rules"}, "nastrond"},
		{[]string{"Guardian", "decks", "Sheet1"}, "guardian"},
		{[]string{"AIボード", "略奪表", "Edda"}, "bloodrage"},
		{[]string{"ヴァルキリー", "エッダ"}, ""}, // one of each: a tie
		{[]string{"Sheet1", "Rules"}, ""},
		{nil, ""},
	}
	for _, tt := range tests {
		got := ""
		if g := GameOfSheets(tt.sheets); g != nil {
			got = g.ID
		}
		if got != tt.want {
			t.Errorf("GameOfSheets(%q) = %q, want %q", tt.sheets, got, tt.want)
		}
	}
}
