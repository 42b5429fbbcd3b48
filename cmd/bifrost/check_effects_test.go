package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/effectscan"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules"
	"bifrost/rules/sim"
)

// countingEngine is an engine that counts the games set up on it.
type countingEngine struct {
	sim.Engine
	games *atomic.Int64
}

func (c countingEngine) NewGame(cfg sim.Config, rng *rand.Rand) sim.Game {
	c.games.Add(1)
	return c.Engine.NewGame(cfg, rng)
}

// counted is the shipped game id whose engines count every game played on
// them into games.
func counted(t *testing.T, id string, games *atomic.Int64) rules.Games {
	def := *definition(t, id)
	build := def.New
	def.New = func(data any) (sim.Engine, error) {
		e, err := build(data)
		if err != nil {
			return nil, err
		}
		return countingEngine{e, games}, nil
	}
	return rules.Games{&def}
}

// committedValkyrie is the shipped valkyrie workbook with the Rules
// settings set, committed in a new git repository; it returns its cardsrc
// folder.
func committedValkyrie(t *testing.T, settings map[string]any) string {
	t.Helper()
	repo := t.TempDir()
	src := filepath.Join(repo, "cardsrc")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(shippedSrc, "valkyrie.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "valkyrie.xlsx"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for k, v := range settings {
		setRule(t, src, "valkyrie", k, v)
	}
	gitCommit(t, repo)
	return src
}

// effectLine is check's figure for one changed design at one player count.
var effectLine = regexp.MustCompile(`valkyrie: \S+ \((\w+)\), effect [+-][0-9.]+ pt at (\d) players`)

// TestCheckBaseMeasuresOnlyTheChangedDesignAndFlagsItAtItsCell: with the
// medians of an earlier effects run of the base workbook in out, a design
// made far stronger since the base fails check at the cell of its main
// number, with a suggested value, and no other design is played again.
func TestCheckBaseMeasuresOnlyTheChangedDesignAndFlagsItAtItsCell(t *testing.T) {
	needTool(t, "git", "git")
	const games = 300
	src := committedValkyrie(t, map[string]any{"CheckGames": games})
	out := t.TempDir()
	book := filepath.Join(src, "valkyrie.xlsx")
	medians := map[int]float64{2: 2, 3: 2, 4: 2, 0: 2}
	prior := &report.Effects{Game: "valkyrie", Workbook: effectscan.Digest(book), Games: 3000, Players: []int{2, 3, 4}, Bots: []string{"greedy"}, Band: 5, Measure: sim.EffectMeasure}
	for _, kind := range []string{"Valkyrie", "FirstValkyrie"} {
		ce := sim.CardEffect{Card: "X", Kind: kind}
		for _, n := range []int{2, 3, 4, 0} {
			ce.Effects = append(ce.Effects, sim.EffectAtSize{Paired: sim.Paired{Players: n}, Median: medians[n]})
		}
		prior.Cards = append(prior.Cards, ce)
	}
	if _, err := effectscan.Save(out, prior); err != nil {
		t.Fatal(err)
	}

	var cell string
	edit(t, src, "valkyrie", func(f *excelize.File) error {
		row, err := rowWhere(f, "Valkyrie", "ID", "B04")
		if err != nil {
			return err
		}
		if cell, err = cellOf(f, "Valkyrie", "戦力", row); err != nil {
			return err
		}
		return f.SetCellValue("Valkyrie", cell, 12)
	})
	var played atomic.Int64
	r := bifrostOn(t, counted(t, "valkyrie", &played), "check", "--src", src, "--out", out, "--base", "HEAD", "--lang", "en")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
	}
	flag := "valkyrie.xlsx: Valkyrie!" + cell + ": its row changed since HEAD:cardsrc/valkyrie.xlsx, and "
	if !strings.Contains(r.stdout, flag) || !strings.Contains(r.stdout, "(B04) is stronger than its kind (Valkyrie)") {
		t.Errorf("want B04 flagged at %s as stronger\n%s", cell, r.stdout)
	}
	if !strings.Contains(r.stdout, "Setting B04's Power (Valkyrie!"+cell+") from 12 to ") {
		t.Errorf("want a suggested Power for B04\n%s", r.stdout)
	}
	if strings.Count(r.stdout, "its row changed since") != 1 {
		t.Errorf("want one changed design flagged\n%s", r.stdout)
	}
	if !strings.Contains(r.stderr, "measuring only the card designs whose rows changed since HEAD:cardsrc/valkyrie.xlsx (1: B04): 300 games with greedy bots") {
		t.Errorf("stderr does not say what it measures on what\n%s", r.stderr)
	}
	if !strings.Contains(r.stderr, "the median of Valkyrie from "+filepath.Join(out, "effects-valkyrie.json")) {
		t.Errorf("stderr does not say the median comes from the earlier scan\n%s", r.stderr)
	}
	lines := effectLine.FindAllStringSubmatch(r.stderr, -1)
	if len(lines) != 3 {
		t.Errorf("want B04's effect at 2, 3 and 4 players, got %d lines\n%s", len(lines), r.stderr)
	}
	for _, l := range lines {
		if l[1] != "B04" {
			t.Errorf("a design whose row did not change was measured: %s", l[0])
		}
	}
	if strings.Contains(r.stderr, "from 7 of its other designs") {
		t.Errorf("the kind's median was measured again despite a current earlier scan\n%s", r.stderr)
	}
	// The smoke and balance batches, both sides of the comparison, and the
	// base batch of the recheck with the games that used B04 played again.
	if least := int64(5 * games); played.Load() <= least {
		t.Errorf("%d games played, want more than %d", played.Load(), least)
	}
}

// TestCheckBaseWithoutAChangedDesignPlaysNoEffectGame: rows only
// reordered, or no edit at all, change no design, so check --base plays
// the batches and the comparison and not one game more, and flags nothing.
// (Reordered rows deal the cards in another order, so the seat measures
// move by chance; their thresholds are opened here.)
func TestCheckBaseWithoutAChangedDesignPlaysNoEffectGame(t *testing.T) {
	needTool(t, "git", "git")
	const games = 100
	src := committedValkyrie(t, map[string]any{"CheckGames": games, "CheckMaxSeatGap": 100, "CheckMaxSeatGapGrowth": 100})
	for _, tt := range []struct {
		name string
		edit func(f *excelize.File) error
	}{
		{"unchanged", nil},
		{"rows reordered", func(f *excelize.File) error {
			rows, err := f.GetRows("Valkyrie")
			if err != nil {
				return err
			}
			last := len(rows) // the sheet's last row, swapped with its first data row
			for c := range max(len(rows[1]), len(rows[last-1])) {
				first, _ := excelize.CoordinatesToCellName(c+1, 2)
				end, _ := excelize.CoordinatesToCellName(c+1, last)
				a, _ := f.GetCellValue("Valkyrie", first)
				b, _ := f.GetCellValue("Valkyrie", end)
				if err := f.SetCellValue("Valkyrie", first, b); err != nil {
					return err
				}
				if err := f.SetCellValue("Valkyrie", end, a); err != nil {
					return err
				}
			}
			return nil
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.edit != nil {
				edit(t, src, "valkyrie", tt.edit)
				if r := bifrostOn(t, rules.Games{definition(t, "valkyrie")}, "diff", filepath.Join(src, "valkyrie.xlsx"), filepath.Join(shippedSrc, "valkyrie.xlsx")); strings.Contains(r.stdout, "~") {
					t.Fatalf("the reordering changed a row\n%s", r.stdout)
				}
			}
			var played atomic.Int64
			r := bifrostOn(t, counted(t, "valkyrie", &played), "check", "--src", src, "--out", t.TempDir(), "--base", "HEAD", "--lang", "en")
			if r.code != 0 {
				t.Errorf("exit %d, want 0\n%s%s", r.code, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stderr, "valkyrie: no card design's row changed since HEAD:cardsrc/valkyrie.xlsx: no card effect measured") {
				t.Errorf("stderr does not say that no design changed\n%s", r.stderr)
			}
			// Smoke, balance, and the base and the current side of the
			// comparison: 4 batches, nothing for card effects.
			if played.Load() != 4*games {
				t.Errorf("%d games played, want %d (the batches and the comparison only)", played.Load(), 4*games)
			}
		})
	}
}

// TestCheckBaseWithoutACurrentScanTakesTheMedianFromASample: when out
// holds no effects run of the base workbook (none, one of another
// workbook, or one of this workbook measured the way effects measured
// before, on another scale), the kind's median comes from a few of its
// other designs measured on the same games, and the planted design is
// still flagged.
func TestCheckBaseWithoutACurrentScanTakesTheMedianFromASample(t *testing.T) {
	needTool(t, "git", "git")
	src := committedValkyrie(t, map[string]any{"CheckGames": 300})
	edit(t, src, "valkyrie", func(f *excelize.File) error {
		row, err := rowWhere(f, "Valkyrie", "ID", "B04")
		if err != nil {
			return err
		}
		return setByHeader(f, "Valkyrie", "戦力", row, 12)
	})
	for _, tt := range []struct {
		name  string
		prior *report.Effects
	}{
		{"no earlier scan", nil},
		{"a scan of another workbook", &report.Effects{Game: "valkyrie", Workbook: "0123456789abcdef", Bots: []string{"greedy"}, Measure: sim.EffectMeasure,
			Cards: []sim.CardEffect{{Card: "B04", Kind: "Valkyrie", Effects: []sim.EffectAtSize{{Paired: sim.Paired{Players: 2}, Median: 30}}}}}},
		{"a scan of this workbook measured the earlier way", &report.Effects{Game: "valkyrie", Workbook: effectscan.Digest(filepath.Join(src, "valkyrie.xlsx")), Bots: []string{"greedy"},
			Cards: []sim.CardEffect{{Card: "B04", Kind: "Valkyrie", Effects: []sim.EffectAtSize{{Paired: sim.Paired{Players: 2}, Median: 30}}}}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			if tt.prior != nil {
				if _, err := effectscan.Save(out, tt.prior); err != nil {
					t.Fatal(err)
				}
			}
			r := bifrostOn(t, rules.Games{definition(t, "valkyrie")}, "check", "--src", src, "--out", out, "--base", "HEAD", "--lang", "en")
			if r.code != 1 || !strings.Contains(r.stdout, "(B04) is stronger than its kind (Valkyrie)") {
				t.Errorf("exit %d, want 1 and B04 flagged\n%s%s", r.code, r.stdout, r.stderr)
			}
			sample := regexp.MustCompile(`valkyrie: the median of Valkyrie from 7 of its other designs \(((?:[A-Z0-9-]+, ){6}[A-Z0-9-]+), the most used\)`).FindStringSubmatch(r.stderr)
			if sample == nil {
				t.Fatalf("stderr does not name the 7 designs of the sample\n%s", r.stderr)
			}
			if strings.Contains(sample[1], "B04") {
				t.Errorf("the changed design is in its own median's sample: %s", sample[1])
			}
			if !strings.Contains(r.stderr, "bifrost effects valkyrie writes one") {
				t.Errorf("stderr does not say how to make check incremental\n%s", r.stderr)
			}
		})
	}
}
