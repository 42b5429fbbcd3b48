package schema

import "testing"

func TestGameOfSheetsNamesTheGameWithMostSheets(t *testing.T) {
	games := []*Game{
		{ID: "dice", Sheets: []*SheetSpec{{Key: "Urd", JA: "ウルズ"}, {Key: "Edda", JA: "エッダ"}}},
		{ID: "decks", Sheets: []*SheetSpec{{Key: "Guardian", JA: "ガーディアン"}, {Key: "Decks", JA: "デッキ"}}},
		{ID: "board", Sheets: []*SheetSpec{{Key: "AIBoard", JA: "AIボード"}, {Key: "Pillage", JA: "略奪表"}, {Key: "Edda", JA: "エッダ"}}},
	}
	tests := []struct {
		sheets []string
		want   string // "" for nil
	}{
		{[]string{"ウルズ", "エッダ", "Rules"}, "dice"},
		{[]string{"Guardian", "decks", "Sheet1"}, "decks"},
		{[]string{"AIボード", "略奪表", "Edda"}, "board"},
		{[]string{"ガーディアン", "ウルズ"}, ""}, // one of each: a tie
		{[]string{"Sheet1", "Rules"}, ""},
		{nil, ""},
	}
	for _, tt := range tests {
		got := ""
		if g := GameOfSheets(games, tt.sheets); g != nil {
			got = g.ID
		}
		if got != tt.want {
			t.Errorf("GameOfSheets(%q) = %q, want %q", tt.sheets, got, tt.want)
		}
	}
}
