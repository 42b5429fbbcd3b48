package main

import (
	"strings"
	"testing"
)

// TestRulesVersionIsTheStampOnEveryFace: a Version set on the
// Rules sheet is printed as typed on every face and on no back, in place of
// the content hash, and a rebuild gives the same bytes.
func TestRulesVersionIsTheStampOnEveryFace(t *testing.T) {
	t.Parallel()
	needTool(t, "pdftotext", "poppler-utils")
	src, out := copySrc(t), t.TempDir()
	const version = "試作3版（12月）"
	setRule(t, src, "guardian", "Version", version)
	for i, text := range stampedTwice(t, src, out, version) {
		if strings.Contains(text, "data") {
			t.Errorf("page %d still carries the content-hash stamp", i+1)
		}
	}
}
