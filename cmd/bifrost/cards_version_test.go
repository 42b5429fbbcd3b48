package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIssue13_7_RulesVersionIsTheStampOnEveryFace: a Version set on the
// Rules sheet is printed as typed on every face and on no back, in place of
// the content hash, and a rebuild gives the same bytes.
func TestIssue13_7_RulesVersionIsTheStampOnEveryFace(t *testing.T) {
	needTool(t, "pdftotext", "poppler-utils")
	src, out := copySrc(t), t.TempDir()
	const version = "試作3版（12月）"
	setRule(t, src, "guardian", "Version", version)
	if r := bifrost(t, "cards", "guardian", "--src", src, "--out", out); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	pdf := filepath.Join(out, "guardian", "cards.pdf")
	first, _ := os.ReadFile(pdf)
	for i, text := range pageTexts(t, pdf) {
		p := i + 1
		n := strings.Count(text, version)
		if face := p%2 == 1; face && n == 0 || !face && n != 0 {
			t.Errorf("page %d (face %v) has the Version %s %d times", p, face, version, n)
		}
		if strings.Contains(text, "data") {
			t.Errorf("page %d still carries the content-hash stamp", p)
		}
	}
	if r := bifrost(t, "cards", "guardian", "--src", src, "--out", out); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if again, _ := os.ReadFile(pdf); !bytes.Equal(first, again) {
		t.Error("a rebuild from the same workbook differs")
	}
}
