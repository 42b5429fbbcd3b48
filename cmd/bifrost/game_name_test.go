package main

import (
	"strings"
	"testing"
)

// TestAMisspeltGameNameGetsASuggestion: a game id one or two letters off
// (nastorond) is refused with the nearest id, by the commands that resolve
// workbooks and by those that play games, in both languages; a name like
// no game gets the list alone.
func TestAMisspeltGameNameGetsASuggestion(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ args, want []string }{
		{[]string{"validate", "nastorond", "--lang", "en"}, []string{`unknown game "nastorond" (did you mean "nastrond"?`}},
		{[]string{"validate", "nastorond", "--lang", "ja"}, []string{"「nastorond」というゲームはありません（「nastrond」のことですか？"}},
		{[]string{"sim", "gaurdian", "--lang", "en"}, []string{`unknown game "gaurdian" (did you mean "guardian"?`}},
		{[]string{"sim", "gaurdian", "--lang", "ja"}, []string{"「gaurdian」というゲームはありません（「guardian」のことですか？"}},
	} {
		r := bifrost(t, tc.args...)
		for _, w := range tc.want {
			if r.code != 2 || !strings.Contains(r.stderr, w) {
				t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, r.code, r.stderr, w)
			}
		}
	}
	if r := bifrost(t, "validate", "monopoly", "--lang", "en"); strings.Contains(r.stderr, "did you mean") {
		t.Errorf("monopoly got a suggestion: %s", r.stderr)
	}
}
