package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/report"
)

type sweepJSON struct {
	Axes   []string            `json:"axes"`
	Points []report.SweepPoint `json:"points"`
}

func sweep(t *testing.T, args ...string) sweepJSON {
	t.Helper()
	r := bifrost(t, append([]string{"sweep", "--format", "json"}, args...)...)
	if r.code != 0 {
		t.Fatalf("sweep %v: exit %d: %s", args, r.code, r.stderr)
	}
	var s sweepJSON
	if err := json.Unmarshal([]byte(r.stdout), &s); err != nil {
		t.Fatalf("sweep --json: %v\n%s", err, r.stdout)
	}
	return s
}

func TestSweep_RuleValuesChangeTheMeasuresAndNotTheSource(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	before, _ := os.ReadFile(filepath.Join(src, "nastrond.xlsx"))
	s := sweep(t, "nastrond", "--src", src, "--rule", "TiwazVP=0..2", "--games", "150", "--players", "2")
	if len(s.Points) != 3 || s.Points[0].Values[0] != "0" || s.Points[2].Values[0] != "2" {
		t.Fatalf("points %+v, want values 0, 1, 2", s.Points)
	}
	if lo, hi := s.Points[0].Score["2"], s.Points[2].Score["2"]; !(hi > lo) {
		t.Errorf("mean score %.2f at TiwazVP=0 and %.2f at 2: more VP per ↑ should raise it", lo, hi)
	}
	after, _ := os.ReadFile(filepath.Join(src, "nastrond.xlsx"))
	if !bytes.Equal(before, after) {
		t.Error("sweep changed the workbook under --src")
	}
}

func TestSweep_SetIsAGridAndBadValuesAreProblems(t *testing.T) {
	t.Parallel()
	s := sweep(t, "nastrond", "--src", shippedSrc, "--set", "Edda!E1-05.目標値=0,5", "--rule", "TiwazVP=1,2", "--games", "40", "--players", "2")
	if len(s.Points) != 4 || len(s.Axes) != 2 {
		t.Fatalf("%d points over %v, want a 2×2 grid", len(s.Points), s.Axes)
	}
	if len(s.Points[0].Problems) == 0 || s.Points[0].Values[0] != "0" {
		t.Errorf("目標値 0 is invalid, yet the point has no problem: %+v", s.Points[0])
	}
	if len(s.Points[2].Problems) != 0 || s.Points[2].SeatWin["2"] == nil {
		t.Errorf("目標値 5 should play: %+v", s.Points[2])
	}
}

func TestSweep_UsageErrorsExit2(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"sweep", "nastrond", "--src", shippedSrc},
		{"sweep", "nastrond", "--src", shippedSrc, "--set", "Edda.目標値=5"},
		{"sweep", "nastrond", "--src", shippedSrc, "--set", "Nope!E1-05.目標値=5"},
		{"sweep", "nastrond", "--src", shippedSrc, "--set", "Edda!NOPE.目標値=5"},
		{"sweep", "nastrond", "--src", shippedSrc, "--rule", "TiwazVP=3..1"},
	} {
		if r := bifrost(t, args...); r.code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args[3:], r.code, r.stderr)
		}
	}
}

func TestSweep_HTMLDrawsTheMeasuresAgainstTheValue(t *testing.T) {
	t.Parallel()
	r := bifrost(t, "sweep", "nastrond", "--src", shippedSrc, "--rule", "TiwazVP=0..2", "--games", "40", "--players", "2", "--format", "html", "--lang", "ja")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if n := strings.Count(r.stdout, "<svg"); n != 3 {
		t.Errorf("%d charts, want 3 (seat gap, length, score)", n)
	}
	for _, want := range []string{"<polyline", "TiwazVP=2", "手番の順による勝率差"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

func TestSweep_EveryGameSweepsARule(t *testing.T) {
	t.Parallel()
	for game, rule := range map[string]string{
		"valkyrie":  "EndConditionAtPlay=○,×",
		"nastrond":  "TiwazVP=1,2",
		"guardian":  "AffinityProposal=×,○",
		"bloodrage": "RemoveByClanCount=×,○",
	} {
		s := sweep(t, game, "--src", shippedSrc, "--rule", rule, "--games", "24")
		if len(s.Points) != 2 {
			t.Fatalf("%s: %d points, want 2", game, len(s.Points))
		}
		for _, p := range s.Points {
			if len(p.Problems) != 0 || len(p.SeatWin) == 0 || p.Violations != 0 {
				t.Errorf("%s %s=%v: %+v", game, rule, p.Values, p)
			}
		}
	}
}

// TestSweep_StepsArePairedWithTheFirstValue: every value plays the first
// value's seeds, so a repeated value changes nothing (an interval of
// exactly zero, nothing marked) while a value that adds VP moves the score
// surely and is marked, in JSON and in the text table (which the design
// measures follow).
func TestSweep_StepsArePairedWithTheFirstValue(t *testing.T) {
	t.Parallel()
	s := sweep(t, "nastrond", "--src", shippedSrc, "--rule", "TiwazVP=1,1,3", "--games", "60", "--players", "2")
	if len(s.Points) != 3 || !s.Points[0].Baseline || s.Points[0].GapShift != nil {
		t.Fatalf("the first value should be the baseline, without a shift of its own: %+v", s.Points)
	}
	same, more := s.Points[1], s.Points[2]
	if same.GapShift == nil || *same.GapShift != (report.Shift{}) || same.Differs {
		t.Errorf("the repeated value moved from the baseline: %+v", same)
	}
	if more.GapShift == nil || !more.Differs {
		t.Fatalf("TiwazVP 1 → 3 is not marked as differing: %+v", more)
	}
	raised := false
	for _, c := range more.Changes {
		if c.Measure == "score" && c.Significant && c.Low > 0 && c.Paired == 60 {
			raised = true
		}
	}
	if !raised {
		t.Errorf("TiwazVP 1 → 3 should raise the mean score surely over 60 paired games: %+v", more.Changes)
	}
	r := bifrost(t, "sweep", "nastrond", "--src", shippedSrc, "--rule", "TiwazVP=1,1,3", "--games", "60", "--players", "2", "--lang", "en")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) < 8 || !strings.HasPrefix(lines[6], "The turn order is dealt at random") || !strings.HasPrefix(lines[7], "Design measures per value") {
		t.Fatalf("exit %d, want a head, columns, 3 values, the note and what the gap compares, then the design measures:\n%s%s", r.code, r.stdout, r.stderr)
	}
	for i, want := range []string{"baseline", "+0.0 (+0.0..+0.0)", "2p score +"} {
		if !strings.Contains(lines[2+i], want) || strings.Contains(lines[2+i], " *") != (i == 2) {
			t.Errorf("value line %d lacks %q or marks wrongly: %s", i+1, want, lines[2+i])
		}
	}
	if !strings.Contains(lines[5], "60 games per value, greedy bots") {
		t.Errorf("the note does not say what the figures rest on: %s", lines[5])
	}
}

// spread is the gap, in points, between the best and the worst of rates.
func spread(rates []float64) float64 {
	return 100 * (slices.Max(rates) - slices.Min(rates))
}

// TestSweep_SeatGapFollowsTheTurnOrderWhereItIsDealtAtRandom: guardian
// deals its turn order at random (rock-paper-scissors), so its seat
// numbers say nothing; its sample decks cycle by seat, which makes the
// seats' spread differ from the turn order's. The sweep's gap, and its
// paired shift from the first value, are the turn order's (2 more
// mulligans move it +7.5 points over these seeds, the seats' only +4.5),
// and the column says so in both languages; valkyrie, whose seat is its
// place in the turn order, keeps the gap by seat.
func TestSweep_SeatGapFollowsTheTurnOrderWhereItIsDealtAtRandom(t *testing.T) {
	t.Parallel()
	args := []string{"guardian", "--src", shippedSrc, "--rule", "Mulligans=0,2", "--games", "200"}
	s := sweep(t, args...)
	if len(s.Points) != 2 {
		t.Fatalf("%d points, want 2", len(s.Points))
	}
	base, more := s.Points[0], s.Points[1]
	for _, p := range s.Points {
		order, seats := p.TurnOrderWin["2"], p.SeatWin["2"]
		if p.SeatGapBasis != report.ByTurnOrder || len(order) != 2 || p.Unfinished != 0 {
			t.Fatalf("value %v: basis %q, turn order %v, %d unfinished; want the gap by turn order over finished games", p.Values, p.SeatGapBasis, order, p.Unfinished)
		}
		if math.Abs(p.SeatGap-spread(order)) > 0.051 || math.Abs(spread(order)-spread(seats)) < 1 {
			t.Errorf("value %v: gap %.1f, turn order's %.1f, seats' %.1f: want the turn order's, unlike the seats'", p.Values, p.SeatGap, spread(order), spread(seats))
		}
	}
	orderShift := spread(more.TurnOrderWin["2"]) - spread(base.TurnOrderWin["2"])
	seatShift := spread(more.SeatWin["2"]) - spread(base.SeatWin["2"])
	if more.GapShift == nil || math.Abs(more.GapShift.Diff-orderShift) > 0.11 || math.Abs(seatShift-orderShift) < 1 {
		t.Errorf("paired shift %+v; the turn order's gap moved %+.1f, the seats' %+.1f: want the turn order's", more.GapShift, orderShift, seatShift)
	}
	for lang, want := range map[string][]string{
		"ja": {"値 | 手番の順による勝率差（pt） |", "手番の順はゲームごとにランダムに決まるので"},
		"en": {"values | gap by turn order (pt) |", "The turn order is dealt at random in every game"},
	} {
		for _, format := range []string{"text", "html"} {
			r := bifrost(t, append([]string{"sweep", "--lang", lang, "--format", format}, args...)...)
			for _, w := range want {
				if format == "html" {
					w = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(w, "値 | "), "values | "), " |")
				}
				if !strings.Contains(r.stdout, w) {
					t.Errorf("sweep --lang %s --format %s: no %q\n%s", lang, format, w, r.stdout)
				}
			}
		}
	}
	fixed := sweep(t, "valkyrie", "--src", shippedSrc, "--rule", "EndConditionAtPlay=○,×", "--games", "24", "--players", "2")
	for _, p := range fixed.Points {
		if p.SeatGapBasis != report.BySeat || p.TurnOrderWin != nil || math.Abs(p.SeatGap-spread(p.SeatWin["2"])) > 0.051 {
			t.Errorf("valkyrie %v: basis %q, turn order %v, gap %.1f, seats' %.1f: want the gap by seat", p.Values, p.SeatGapBasis, p.TurnOrderWin, p.SeatGap, spread(p.SeatWin["2"]))
		}
	}
}
