package bloodrage

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/effect"
	"bifrost/schema/workbook"
)

var (
	loadOnce sync.Once
	loaded   *Data
	loadErr  error
)

// shipped loads and validates cardsrc/bloodrage.xlsx once.
func shipped(t testing.TB) *Data {
	t.Helper()
	loadOnce.Do(func() {
		book, err := workbook.Open("../../cardsrc/bloodrage.xlsx", "bloodrage.xlsx")
		if err != nil {
			loadErr = err
			return
		}
		res := Schema.Validate(book, schema.NewLang("en"))
		for _, p := range res.Problems {
			if p.Severity == schema.Error {
				t.Logf("workbook problem: %v", p)
			}
		}
		loaded = res.Data.(*Data)
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}

// engine builds the engine from the shipped workbook.
func engine(t testing.TB) *Engine {
	t.Helper()
	e, err := New(shipped(t))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// aiEffect parses an "ai" vocabulary cell.
func aiEffect(t testing.TB, src string) schema.Effect {
	t.Helper()
	if src == "" {
		return schema.Effect{}
	}
	ast, perr := effect.Parse(src, Schema.Vocabs[vocabAI])
	if perr != nil {
		t.Fatalf("parse %q: %v", src, perr)
	}
	return schema.Effect{Src: src, AST: ast}
}

// boardSpec is a fixture AI board: the instruction of each track cell by
// face, whether the last cell loops, and the right half.
type boardSpec struct {
	tracks  [nTracks][]string
	loop    [nTracks]bool
	pillage string
	boost   string
	battle  string
	up      [nUpFaces]string // blank: "glory 1"
	upCost  int
}

// customData is the shipped data with every AI board replaced by spec
// (three copies, T1..T3, so that any clan count has boards).
func customData(t testing.TB, spec boardSpec) *Data {
	t.Helper()
	d := *shipped(t)
	d.Boards, d.Tracks, d.Upgrades = nil, nil, nil
	if spec.pillage == "" {
		spec.pillage = "target strongest"
	}
	for i := range 3 {
		id := fmt.Sprintf("T%d", i+1)
		d.Boards = append(d.Boards, AIBoard{ID: id, Name: id, Clan: "狼", QuestGlory: 1, RageGlory: 1, RagePer: 1,
			ValhallaGlory: 1, Pillage: aiEffect(t, spec.pillage), Boost: aiEffect(t, spec.boost), Battle: aiEffect(t, spec.battle)})
		for f := range nTracks {
			cells := spec.tracks[f]
			if len(cells) == 0 {
				cells = []string{"invade"}
			}
			for st, src := range cells {
				d.Tracks = append(d.Tracks, AITrack{ID: fmt.Sprintf("%s-%d-%d", id, f+1, st+1), Board: id, Face: f + 1,
					Step: st + 1, Instruction: aiEffect(t, src), Loop: spec.loop[f] && st == len(cells)-1})
			}
		}
		for f := range nUpFaces {
			src := spec.up[f]
			if src == "" {
				src = "glory 1"
			}
			d.Upgrades = append(d.Upgrades, AIUpgrade{ID: fmt.Sprintf("%s-U%d", id, f+1), Board: id, Face: f + 1,
				Effect: aiEffect(t, src), Cost: spec.upCost, Colour: "青"})
		}
	}
	return &d
}

// fixture starts a game of n clans and clears it for a rule test: no
// decision pending, the draft pool put away, nothing destroyed or pillaged,
// every figure in the reserve, the doomed province of Age 1 is Horgr (3).
func fixture(t testing.TB, e *Engine, n int) *Game {
	t.Helper()
	g := e.NewGame(sim.Config{Players: n}, rand.New(rand.NewPCG(1, 2))).(*Game)
	g.prompt = pNone
	g.sp = 0
	for i, l := range g.cLoc {
		if l == clPool {
			g.moveCard(int16(i), clDiscard, -1)
		}
	}
	g.destroyed = [nProv]bool{}
	g.pillaged = [nProv]bool{}
	g.doom[1] = 2
	for s := range n {
		g.clan[s].rage = 6
	}
	return g
}

// put moves one of clan s's reserve figures of a kind to loc.
func put(t testing.TB, g *Game, s, kind, loc int) int {
	t.Helper()
	f := g.findFig(s, kind, locReserve)
	if f < 0 {
		t.Fatalf("P%d has no %d in reserve", s+1, kind)
	}
	g.moveFig(f, int8(loc))
	return f
}

// drain runs queued tasks down to stack depth sp (or a decision).
func drain(g *Game, sp int) {
	for g.prompt == pNone && g.sp > sp && !g.over {
		g.sp--
		g.exec(g.stack[g.sp])
	}
}

// fillVillages fills province p with clan s's warriors.
func fillVillages(t testing.TB, g *Game, s, p int) {
	t.Helper()
	for g.room(p) > 0 {
		put(t, g, s, fkWarrior, p)
	}
}

// wantViolation fails t unless err is nil where want is empty (a legal
// state) and otherwise a violation whose text holds want.
func wantViolation(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("legal state: %v", err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("got %v, want an error about %q", err, want)
	}
}
