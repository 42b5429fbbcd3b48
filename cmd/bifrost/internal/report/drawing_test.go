package report

import (
	"bytes"
	"html/template"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFindingShowsItsCardsDrawing: a finding about a card shows
// that card's drawing inline, next to its text; findings about no card, and
// cards that no finding names, show none; the page stays the same bytes.
func TestFindingShowsItsCardsDrawing(t *testing.T) {
	r := sampleReport() // E02 is dead: a finding; E01 is named by none
	p := Page{Title: "t", CardNames: map[string]string{"E02": "トールの釣り"}, Drawings: map[string]template.HTML{
		"E02": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63 88" id="dead-card"></svg>`,
		"E01": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63 88" id="unnamed-card"></svg>`,
	}}
	var a, b bytes.Buffer
	if err := Write(&a, r, p); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, r, p); err != nil {
		t.Fatal(err)
	}
	html := a.String()
	li := regexp.MustCompile(`<li class="badf drawn"><span><b>トールの釣り</b>（E02）は一度も[^<]*</span><span class="drawing"><svg [^>]*id="dead-card"></svg></span></li>`)
	if !li.MatchString(html) {
		t.Errorf("the dead card's finding does not carry its drawing:\n%s", findingsOf(html))
	}
	if strings.Contains(html, "unnamed-card") {
		t.Error("a card no finding names is drawn")
	}
	if n := strings.Count(findingsOf(html), "<svg"); n != 1 {
		t.Errorf("%d drawings among the findings, want 1 (the seat gaps concern no card)", n)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two renderings with drawings differ")
	}
	var plain bytes.Buffer
	if err := Write(&plain, r, Page{Title: "t"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(findingsOf(plain.String()), "drawing") {
		t.Error("a page without drawings has a drawing slot")
	}
}

// findingsOf is the findings list of a report page.
func findingsOf(html string) string {
	i, j := strings.Index(html, `<ul class="findings">`), strings.Index(html, "</ul>")
	if i < 0 || j < i {
		return ""
	}
	return html[i:j]
}

// TestFindingCardsAreTheDrawnCards: FindingCards names exactly the
// cards whose drawings Write shows (a dead card and an AI cell's row here),
// sorted, and none that no finding names, so a caller draws only those.
func TestFindingCardsAreTheDrawnCards(t *testing.T) {
	r := sampleReport() // E02 is dead; E01 is named by no finding
	r.Extra["bloodrage"] = map[string]any{"failing_cells": []map[string]any{
		{"at": "AITrack!E29", "id": "SERPENT-2-3", "instruction": "ship", "tried": 48, "failed": 42, "fail_rate": 0.875, "threshold_percent": 75}}}
	p := Page{Title: "t", Drawings: map[string]template.HTML{}}
	for _, id := range []string{"E01", "E02", "SERPENT-2-3"} {
		p.Drawings[id] = template.HTML(`<svg xmlns="http://www.w3.org/2000/svg" id="card-` + id + `"></svg>`)
	}
	var b bytes.Buffer
	if err := Write(&b, r, p); err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, m := range regexp.MustCompile(`id="card-([^"]+)"`).FindAllStringSubmatch(findingsOf(b.String()), -1) {
		shown = append(shown, m[1])
	}
	got := p.FindingCards(r)
	if want := []string{"E02", "SERPENT-2-3"}; !slices.Equal(got, want) || !slices.Equal(shown, want) {
		t.Errorf("FindingCards = %q and the page shows %q, want both %q", got, shown, want)
	}
}
