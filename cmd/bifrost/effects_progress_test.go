package main

import "testing"

// TestEffectsWithSkillIsSilentWhenNotOnATerminal: the progress of every
// part of the scan, --skill's batches included, is drawn on a terminal
// only; written to a file or a pipe, stderr stays empty.
func TestEffectsWithSkillIsSilentWhenNotOnATerminal(t *testing.T) {
	r := bifrost(t, "effects", "valkyrie", "--src", shippedSrc, "--out", t.TempDir(), "--games", "150", "--skill", "search:3", "--skill-games", "20", "--lang", "en")
	if r.code != 0 || r.stderr != "" {
		t.Errorf("exit %d, stderr %q; want 0 and nothing", r.code, r.stderr)
	}
}
