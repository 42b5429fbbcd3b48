package preview

import "testing"

// TestIssue16_1_PreviewTextsHaveJapaneseAndEnglish: every word of the
// preview's pages has both forms, taking the same arguments.
func TestIssue16_1_PreviewTextsHaveJapaneseAndEnglish(t *testing.T) {
	for _, l := range texts.Lacks() {
		t.Error(l)
	}
}
