package preview

import "testing"

// TestPreviewTextsHaveJapaneseAndEnglish: every word of the
// preview's pages has both forms, taking the same arguments.
func TestPreviewTextsHaveJapaneseAndEnglish(t *testing.T) {
	for _, l := range texts.Lacks() {
		t.Error(l)
	}
}
