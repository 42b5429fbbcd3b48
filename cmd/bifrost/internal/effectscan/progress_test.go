package effectscan

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"

	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// part is one part of a scan as Progress was told of it.
type part struct {
	name         string
	total, games int
	done         int
}

// TestScanShowsEachPartAsItPlays: the base batch, the pairing against
// blank cards, the suggestions and, with --skill, each skilled batch and
// its pairing are each shown with their games, in that order, and every
// part is ended; the parts whose games are known beforehand count exactly
// those games.
func TestScanShowsEachPartAsItPlays(t *testing.T) {
	game, err := rules.All().ByID("valkyrie")
	if err != nil {
		t.Fatal(err)
	}
	book, err := workbook.Open("../../../../cardsrc/valkyrie.xlsx", "valkyrie.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	res := game.Schema.Validate(book, schema.English)
	e, err := game.New(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var parts []*part
	progress := func(name *schema.Message, total int) (func(int), func()) {
		p := &part{name: name.In(schema.English), total: total}
		parts = append(parts, p)
		return func(n int) { mu.Lock(); p.games += n; mu.Unlock() }, func() { p.done++ }
	}
	run := Scan(context.Background(), game, res, e, sim.BatchOptions{Seed: 1, Games: 300, Bots: []string{"greedy"}}, Skill{Bot: "search:3", Games: 20}, progress)
	if len(run.Findings) == 0 {
		t.Fatal("no finding: the scan never suggests nor measures with skill; pick more games")
	}
	var names []string
	for _, p := range parts {
		names = append(names, p.name)
		if p.done != 1 {
			t.Errorf("%s: ended %d times, want once", p.name, p.done)
		}
		exact := !strings.Contains(p.name, "suggested")
		if exact && p.games != p.total || !exact && (p.games > p.total || p.games == 0) {
			t.Errorf("%s: %d games of %d", p.name, p.games, p.total)
		}
	}
	got := strings.Join(names, " | ")
	want := `^valkyrie \| valkyrie: against blank cards \| valkyrie: suggested values \(at most\)( \| valkyrie: search:3 \([234] players\))+ \| valkyrie: search:3 against blank cards$`
	if !regexp.MustCompile(want).MatchString(got) {
		t.Errorf("parts %s\nwant %s", got, want)
	}
}
