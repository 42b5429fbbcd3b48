package book

import (
	"bifrost/schema"
	"errors"
	"strings"
	"testing"
)

func TestSummaryPrintsAtCardSizeOnTwoSides(t *testing.T) {
	md := "---\ntitle: サマリー\npaper: A5\nsheet: true\n---\n# 手番\n\n" + strings.Repeat("手番の流れを書きます。\n\n", 24)
	r := typesetT(t, md, WithPaper("card"))
	if r.g.w != 63 || r.g.h != 88 || len(r.pages) != 2 {
		t.Fatalf("paper %gx%g, %d pages; want a 63x88 card, front and back", r.g.w, r.g.h, len(r.pages))
	}
	for i, pg := range r.pages {
		for _, o := range pg.ops {
			if o.kind == opText && (o.x < 0 || o.x > r.g.w || o.y < 0 || o.y > r.g.h) {
				t.Errorf("side %d: %q at (%.1f, %.1f) is off the card", i+1, o.s, o.x, o.y)
			}
			if o.kind == opText && o.y == r.g.footerY {
				t.Errorf("side %d has a page number %q", i+1, o.s)
			}
		}
	}
	if _, err := typeset([]byte(md+strings.Repeat("手番の流れを書きます。\n\n", 40)), stubCards, WithPaper("card"), WithPDFLang(schema.English)); err == nil || !strings.Contains(err.Error(), "must fit on 2 page(s)") {
		t.Errorf("a summary longer than two sides: %v", err)
	}
	// A book is never set at card size.
	_, err := typeset([]byte("---\npaper: card\n---\n# 題\n"), stubCards, WithPDFLang(schema.English))
	var se *SourceError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "or card for a sheet") {
		t.Errorf("a book at card size: %v", err)
	}
	if _, err := typeset([]byte("---\nsheet: true\n---\n# 題\n"), stubCards, WithPaper("card")); err != nil {
		t.Errorf("a sheet at card size: %v", err)
	}
}
