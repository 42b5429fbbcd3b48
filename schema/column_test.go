package schema

import "testing"

// TestColumnNamesMatchesEitherHeaderAsTheDesignerTypesIt: a header names a
// column in Japanese or English, whatever its case, its full-width forms or
// the spaces around it; an empty header or another column's does not.
func TestColumnNamesMatchesEitherHeaderAsTheDesignerTypesIt(t *testing.T) {
	col := Column{JA: "目標値", EN: "Target"}
	for _, tt := range []struct {
		header string
		want   bool
	}{
		{"目標値", true},
		{"Target", true},
		{"target", true},
		{" TARGET ", true},
		{"Ｔａｒｇｅｔ", true},
		{"", false},
		{"Cost", false},
		{"目標", false},
	} {
		if got := col.Names(tt.header); got != tt.want {
			t.Errorf("Names(%q) = %v, want %v", tt.header, got, tt.want)
		}
	}
}
