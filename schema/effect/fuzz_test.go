package effect

import "testing"

// FuzzParse checks that Parse never panics, that its errors are in range,
// and that whatever parses survives String and Parse unchanged and renders
// as Text. The seed corpus is in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	for _, src := range []string{
		"",
		"draw 1",
		"end: [hand <= 2] may draw 1; gain -1",
		"ターン終了時:【手札 ≥ 3】任意 引く 2;",
		`say "「x」"; say 「"y"」`,
		"deploy Battle, 3; summon V-001",
		"[played assist == 0] shift +0",
		"draw 2枚",
		`say "unterminated`,
		"【first】】pass",
	} {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkRoundTrip(t, src)
	})
}
