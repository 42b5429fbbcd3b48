package cards

import "testing"

func TestIssue16_1_LayoutMessagesHaveJapaneseAndEnglish(t *testing.T) {
	for _, s := range messages.Lacks() {
		t.Error(s)
	}
}
