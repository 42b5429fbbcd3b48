package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
	"bifrost/schema"
)

// sprint is a toy fifth game that lives only in this file and in
// testdata/sprint (its layout beside the workbook folder, its books under
// the rules folder): each seat plays one of the step cards and runs that
// many places plus a die's 0 or 1; the round in which someone reaches the
// Rules' Goal is the last, and the furthest runner wins (the later seat on
// a tie). Nothing outside this test names it: the commands know it only
// because the test hands newRootCmd a list of games holding it.
var sprint = &sim.Definition{
	Schema: &schema.Game{
		ID:     "sprint",
		Title:  "スプリント",
		Sheets: []*schema.SheetSpec{{Key: "Card", JA: "カード", Row: sprintCard{}, Doc: "歩みカード。1行が1枚"}},
		Rules:  []schema.RuleParam{{Key: "Goal", Kind: schema.RuleInt, Default: "12", Min: 4, Max: 40, Doc: "ゴールのマス"}},
		Check: func(c *schema.Checker) any {
			cards := schema.Decode[sprintCard](c, c.Game.Spec("Card"))
			c.Count("Card", len(cards.Items))
			return &sprintData{Rules: c.Rules, Cards: cards.Items}
		},
	},
	New: sim.NewFrom(newSprint),
}

// sprintCard is a row of the Card sheet.
type sprintCard struct {
	ID    string `xlsx:"ID,ID,required" doc:"カードの識別子"`
	Name  string `xlsx:"名前,Name,required" doc:"カードの名前"`
	Steps int    `xlsx:"歩数,Steps,required" validate:"min=1,max=3" doc:"進むマス"`
	Text  string `xlsx:"テキスト,Text" doc:"カードに印刷する文"`
}

// sprintData is the validated workbook.
type sprintData struct {
	Rules schema.Rules
	Cards []sprintCard
}

type sprintEngine struct {
	goal  int
	steps []int // by card
	ids   []string
}

func newSprint(d *sprintData) (*sprintEngine, error) {
	if len(d.Cards) == 0 {
		return nil, schema.Errorf("カードがありません", "sprint: there are no cards")
	}
	e := &sprintEngine{goal: d.Rules.Int("Goal")}
	for _, c := range d.Cards {
		e.steps, e.ids = append(e.steps, c.Steps), append(e.ids, c.ID)
	}
	return e, nil
}

func (e *sprintEngine) Name() string        { return "sprint" }
func (e *sprintEngine) PlayerCounts() []int { return []int{2, 3} }
func (e *sprintEngine) Cards() []string     { return e.ids }
func (e *sprintEngine) TurnCap() int        { return 40 * e.goal }
func (e *sprintEngine) Bots() []string      { return []string{"random", "greedy"} }

func (e *sprintEngine) NewBot(name string) sim.Bot {
	switch name {
	case "random":
		return sim.Random{}
	case "greedy":
		return sprintGreedy{e}
	}
	return nil
}

// sprintGreedy plays the card of the most steps.
type sprintGreedy struct{ e *sprintEngine }

func (b sprintGreedy) Choose(_ sim.Game, choices []sim.Choice, _ *rand.Rand) int {
	best := 0
	for i, c := range choices {
		if b.e.steps[c.A] > b.e.steps[choices[best].A] {
			best = i
		}
	}
	return best
}

func (e *sprintEngine) NewGame(cfg sim.Config, rng *rand.Rand) sim.Game {
	return &sprintGame{e: e, rng: rng, pos: make([]int, cfg.Players)}
}

type sprintGame struct {
	e          *sprintEngine
	rng        *rand.Rand
	pos        []int
	seat, turn int
	ran        int // places run by all, kept as they run, for Check
}

func (g *sprintGame) Seat() int { return g.seat }

func (g *sprintGame) Choices(buf []sim.Choice) []sim.Choice {
	buf = buf[:0]
	for i := range g.e.steps {
		buf = append(buf, sim.Choice{Kind: 1, A: int16(i)})
	}
	return buf
}

func (g *sprintGame) Apply(c sim.Choice, emit func(sim.Event)) {
	g.turn++
	step := g.e.steps[c.A] + g.rng.IntN(2)
	g.pos[g.seat] += step
	g.ran += step
	if emit != nil {
		emit(sim.Event{Kind: sim.Played, Seat: int8(g.seat), Card: int32(c.A), N: int32(step)})
	}
	g.seat = (g.seat + 1) % len(g.pos)
}

// Over: someone reached the goal and the round is complete.
func (g *sprintGame) Over() bool {
	if g.seat != 0 {
		return false
	}
	for _, p := range g.pos {
		if p >= g.e.goal {
			return true
		}
	}
	return false
}

func (g *sprintGame) Turn() int { return g.turn }

func (g *sprintGame) Scores(buf []int) []int { return append(buf[:0], g.pos...) }

func (g *sprintGame) Winner() int {
	best := 0
	for s, p := range g.pos {
		if p >= g.pos[best] {
			best = s
		}
	}
	return best
}

func (g *sprintGame) Check() error {
	sum := 0
	for _, p := range g.pos {
		sum += p
	}
	if sum != g.ran || g.ran > 4*g.turn {
		return fmt.Errorf("the runners stand %d places on, having run %d in %d turns", sum, g.ran, g.turn)
	}
	return nil
}

func (g *sprintGame) Describe(c sim.Choice, l *schema.Lang) string {
	return l.Sprintf("%s（%d マス）を出す", "play %s (%d places)", g.e.ids[c.A], g.e.steps[c.A])
}

func (g *sprintGame) Explain(ev sim.Event, l *schema.Lang) string {
	return l.Sprintf("P%d が %d マス進んだ", "P%d ran %d places", ev.Seat+1, ev.N)
}

// sprintRecount recounts what Check keeps: the places run.
var sprintRecount = simtest.Recount{Counts: func(g sim.Game) error {
	s := g.(*sprintGame)
	sum := 0
	for _, p := range s.pos {
		sum += p
	}
	if sum != s.ran {
		return fmt.Errorf("kept %d places run, recounted %d", s.ran, sum)
	}
	return nil
}}

// sprintWorkbook writes the toy's workbook into dir/cardsrc with `bifrost
// template` and fills its Card sheet and Rules (Goal, and check's batch
// size and seat gap); it returns the folder.
func sprintWorkbook(t *testing.T, games rules.Games, dir string) string {
	t.Helper()
	src := filepath.Join(dir, "cardsrc")
	path := filepath.Join(src, "sprint.xlsx")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	if r := bifrostOn(t, games, "template", "sprint", "-o", path); r.code != 0 {
		t.Fatalf("template: exit %d\n%s", r.code, r.stderr)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows := [][]any{{"S1", "小走り", 1, "1マス進む。"}, {"S2", "駆け足", 2, "2マス進む。"}, {"S3", "全力疾走", 3, "3マス進む。"}}
	for i, row := range rows {
		if err := f.SetSheetRow("Card", fmt.Sprintf("A%d", i+2), &row); err != nil {
			t.Fatal(err)
		}
	}
	setRules(t, f, map[string]string{"Goal": "10", "CheckGames": "40", "CheckMaxSeatGap": "100"}) // a race favours the later seats
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	return src
}

// setRules sets the values of Rules parameters in an open workbook.
func setRules(t *testing.T, f *excelize.File, values map[string]string) {
	t.Helper()
	const sheet = "Rules"
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		if len(r) > 0 {
			if v, ok := values[r[0]]; ok {
				if err := f.SetCellValue(sheet, fmt.Sprintf("B%d", i+1), v); err != nil {
					t.Fatal(err)
				}
				delete(values, r[0])
			}
		}
	}
	if len(values) > 0 {
		t.Fatalf("the Rules sheet has no rows for %v", values)
	}
}

// TestAFifthGameIsOneValueInTheList proves that a game is one value: the
// toy sprint, defined only in this test with its workbook, layout and books
// in its own files, runs through every command once it is in the list the
// CLI is given, with no edit anywhere else.
func TestAFifthGameIsOneValueInTheList(t *testing.T) {
	t.Run("EngineConforms", func(t *testing.T) {
		e := &sprintEngine{goal: 10, steps: []int{1, 2, 3}, ids: []string{"S1", "S2", "S3"}}
		simtest.Conformance(t, e, sprintRecount)
	})

	games := append(rules.All(), sprint)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "sprint"))); err != nil {
		t.Fatal(err)
	}
	src := sprintWorkbook(t, games, dir)
	rulesDir, out := filepath.Join(dir, "rules"), filepath.Join(dir, "out")
	workbook := filepath.Join(src, "sprint.xlsx")
	older := filepath.Join(dir, "older", "sprint.xlsx")
	if err := os.Mkdir(filepath.Dir(older), 0o755); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(workbook); err != nil || os.WriteFile(older, data, 0o644) != nil {
		t.Fatalf("copying the workbook: %v", err)
	}
	edit(t, src, "sprint", func(f *excelize.File) error { return f.SetCellValue("Card", "B4", "全力で走る") })

	// run runs one command on the five games and wants exit code want.
	run := func(want int, args ...string) result {
		t.Helper()
		r := bifrostOn(t, games, args...)
		if r.code != want {
			t.Fatalf("bifrost %s: exit %d, want %d\n%s%s", strings.Join(args, " "), r.code, want, r.stdout, r.stderr)
		}
		return r
	}
	exists := func(paths ...string) {
		t.Helper()
		for _, p := range paths {
			if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
				t.Errorf("%s was not written (%v)", p, err)
			}
		}
	}
	game := filepath.Join(out, "sprint")

	run(0, "validate", "sprint", "--src", src)
	run(0, "validate", workbook) // the game told from the file name
	if r := bifrostOn(t, games, "validate", "nogame", "--lang", "en"); r.code != 2 || !strings.Contains(r.stderr, "sprint") {
		t.Errorf("an unknown game's error does not list sprint among the games: exit %d %s", r.code, r.stderr)
	}

	sim1 := run(0, "sim", "sprint", "--src", src, "--games", "40", "--json")
	var rep sim.Report
	if err := json.Unmarshal([]byte(sim1.stdout), &rep); err != nil || rep.Game != "sprint" || rep.Games != 40 {
		t.Errorf("sim: report of %q with %d games (%v)", rep.Game, rep.Games, err)
	}
	var shards []string
	for _, s := range []string{"1/2", "2/2"} {
		r := run(0, "sim", "sprint", "--src", src, "--games", "40", "--json", "--shard", s)
		f := filepath.Join(dir, "shard"+s[:1]+".json")
		if err := os.WriteFile(f, []byte(r.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, f)
	}
	html := filepath.Join(dir, "merged.html")
	run(0, append([]string{"report", "merge", "--src", src, "--html", html}, shards...)...)
	exists(html)

	if r := run(0, "replay", "sprint", "--src", src, "--seed", "3", "--players", "3", "--lang", "en"); !strings.Contains(r.stdout, "ran") {
		t.Errorf("replay tells no move:\n%s", r.stdout)
	}
	run(0, "ladder", "sprint", "--src", src, "--games", "20")
	run(0, "compare", older, workbook, "--games", "20")
	if r := run(0, "sweep", "sprint", "--src", src, "--rule", "Goal=8,12", "--games", "20"); !strings.Contains(r.stdout, "12") {
		t.Errorf("sweep shows no value of Goal:\n%s", r.stdout)
	}
	if r := run(0, "diff", older, workbook); !strings.Contains(r.stdout, "全力で走る") {
		t.Errorf("diff does not show the renamed card:\n%s", r.stdout)
	}
	if r := run(0, "diff", "--textconv", workbook); !strings.Contains(r.stdout, "S1") {
		t.Errorf("diff --textconv does not list the cards:\n%s", r.stdout)
	}

	run(0, "cards", "sprint", "--src", src, "--out", out)
	run(0, "rulebook", "sprint", "--src", src, "--rules", rulesDir, "--out", out)
	exists(filepath.Join(game, "rulebook.pdf"), filepath.Join(game, "rulebook.html"), filepath.Join(game, "summary.pdf"), filepath.Join(game, "designer.pdf"))
	run(0, "tts", "sprint", "--src", src, "--out", out)
	exists(filepath.Join(game, "tts", "sprint.json"))
	run(0, "build", "sprint", "--src", src, "--rules", rulesDir, "--out", out)
	exists(filepath.Join(game, "cards.pdf"), filepath.Join(game, "report.json"), filepath.Join(game, "report.html"))
	// check plays every game of its list: here the toy alone.
	if r := bifrostOn(t, rules.Games{sprint}, "check", "--src", src, "--out", out); r.code != 0 {
		t.Errorf("check: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}

	// serve shows the game's gallery and books; watch builds it first.
	url := startServeOn(t, games, src, rulesDir, "sprint")
	for _, page := range []string{"sprint", "sprint/rulebook", "sprint/report"} {
		res, err := http.Get(url + page)
		if err != nil {
			t.Fatalf("GET %s: %v", page, err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 {
			t.Errorf("GET %s: %d %v", page, res.StatusCode, err)
		}
		if page == "sprint" && !strings.Contains(string(body), "全力で走る") {
			t.Errorf("the gallery does not show card S3")
		}
	}
	watched := filepath.Join(dir, "watched")
	var errb syncBuffer
	ready := make(chan struct{})
	opts := &watchOptions{globalOptions: &globalOptions{lang: "en", stdout: io.Discard, stderr: &errb, registry: games}, src: src, out: watched, rules: rulesDir,
		debounce: 50 * time.Millisecond, ready: func() { close(ready) }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- runWatch(ctx, opts, []string{"sprint"}) }()
	select {
	case <-ready: // the first build is done
	case err := <-done:
		t.Fatalf("watch stopped before it was ready: %v\n%s", err, errb.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	exists(filepath.Join(watched, "sprint", "cards.pdf"), filepath.Join(watched, "sprint", "rulebook.pdf"))

	needTool(t, "pdftotext", "poppler-utils")
	for _, f := range []string{"cards.pdf", "rulebook.pdf"} {
		if text := readText(t, filepath.Join(game, f)); !strings.Contains(text, "全力で走る") {
			t.Errorf("%s does not show card S3's name:\n%s", f, text)
		}
	}
}
