package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// setRule sets key on the Rules sheet of src/<game>.xlsx, on its row when
// the sheet has one, else on a new row.
func setRule(t *testing.T, src, game, key string, value any) {
	t.Helper()
	edit(t, src, game, func(f *excelize.File) error {
		rows, err := f.GetRows("Rules")
		if err != nil {
			return err
		}
		n := len(rows) + 1
		for i, r := range rows {
			if len(r) > 0 && r[0] == key {
				n = i + 1
			}
		}
		if err := f.SetCellValue("Rules", schema.CellName(1, n), key); err != nil {
			return err
		}
		return f.SetCellValue("Rules", schema.CellName(2, n), value)
	})
}

// quickSrc is a copy of the shipped workbooks whose check batches are
// games long, so a test can afford to run check.
func quickSrc(t *testing.T, games int) string {
	t.Helper()
	src := copySrc(t)
	for _, g := range rules.All().Schemas() {
		setRule(t, src, g.ID, "CheckGames", games)
	}
	return src
}

func TestCheckBalanceBotsChoosesTheBotsOfTheReport(t *testing.T) {
	t.Parallel()
	src := quickSrc(t, 20)
	for _, g := range rules.All().Schemas() {
		setRule(t, src, g.ID, "CheckMaxSeatGap", 100) // 20 games cannot measure it
	}
	setRule(t, src, "nastrond", "CheckBalanceBots", "random")
	setRule(t, src, "guardian", "CheckBalanceBots", "search:20") // a budget, as --bots takes it
	out := t.TempDir()
	r := bifrost(t, "check", "--lang", "ja", "--src", src, "--out", out)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for game, want := range map[string]string{
		"nastrond":  "対戦したボット: random（全席）",
		"guardian":  "対戦したボット: search:20（全席）",
		"valkyrie":  "対戦したボット: greedy（全席）", // the default
		"bloodrage": "対戦したボット: greedy（全席）", // the default
	} {
		html, err := os.ReadFile(filepath.Join(out, game, "report.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(html), want) {
			t.Errorf("%s: report.html does not say %q", game, want)
		}
	}
	if !strings.Contains(r.stderr, "guardian：ボット search:20 で 20 ゲーム") {
		t.Errorf("guardian's balance batch did not use the search bot:\n%s", r.stderr)
	}
	setRule(t, src, "nastrond", "CheckBalanceBots", "strong")
	if r := bifrost(t, "check", "--src", src, "--out", out, "--lang", "en"); r.code != 1 || !strings.Contains(r.stdout, "random / greedy / search") {
		t.Errorf("an unknown bot: exit %d, want 1 and the allowed names\n%s", r.code, r.stdout)
	}
}

// noSearch is an engine without a search bot.
type noSearch struct{ sim.Engine }

func (e noSearch) NewBot(name string) sim.Bot {
	if name == "search" {
		return nil
	}
	return e.Engine.NewBot(name)
}

func TestAnEngineWithoutTheBotPlaysTheNextWeakerOne(t *testing.T) {
	t.Parallel()
	e, err := loadEngine(&globalOptions{stdout: io.Discard, stderr: io.Discard, registry: rules.All()}, shippedSrc, "guardian") // guardian has a search bot
	if err != nil {
		t.Fatal(err)
	}
	res := shippedRules(t, "CheckBalanceBots", "search")
	if got := gate.FirstBot(noSearch{e}, gate.BalanceBots(res.Rules)); got != "greedy" {
		t.Errorf("search wanted, engine without it: plays %q, want greedy", got)
	}
	if got := gate.FirstBot(e, gate.BalanceBots(res.Rules)); got != "search" {
		t.Errorf("search wanted, engine with it: plays %q", got)
	}
	res = shippedRules(t, "CheckBalanceBots", "random")
	if got := gate.BalanceBots(res.Rules); !slices.Equal(got, []string{"random"}) {
		t.Errorf("random wanted: chain %q", got)
	}
}

func TestCheckReportOpensWithFindingsNamingCells(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	if r := bifrost(t, "check", "--lang", "ja", "--src", quickSrc(t, 200), "--out", out); r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	html, err := os.ReadFile(filepath.Join(out, "bloodrage", "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	from, to := strings.Index(page, "<h2>所見</h2>"), strings.Index(page, "<h2>2人プレイ</h2>")
	if from < 0 || to < from {
		t.Fatal("the page does not open with findings before the seat charts")
	}
	findings := page[from:to]
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`2人: 席の勝率差 [0-9.]+ ポイント.*CheckMaxSeatGap は 40 ポイント`),
		regexp.MustCompile(`<b>[^<]+</b>（[A-Z0-9-]+、<span class="cell">Card![A-Z]+[0-9]+</span>）(は、使った席の勝率|は他のカードより使われる率)`),
	} {
		if !want.MatchString(findings) {
			t.Errorf("bloodrage's findings lack %s:\n%s", want, findings)
		}
	}
}

func TestReportMergeWritesTheHTMLReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var shards []string
	for i := 1; i <= 2; i++ {
		r := bifrost(t, "sim", "nastrond", "--src", shippedSrc, "--games", "60", "--json", "--shard", strconv.Itoa(i)+"/2")
		if r.code != 0 {
			t.Fatalf("shard %d: exit %d %s", i, r.code, r.stderr)
		}
		shard := filepath.Join(dir, "shard"+strconv.Itoa(i)+".json")
		if err := os.WriteFile(shard, []byte(r.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, shard)
	}
	page := filepath.Join(dir, "merged.html")
	r := bifrost(t, append([]string{"report", "merge", "--lang", "ja", "--src", shippedSrc, "--html", page}, shards...)...)
	if r.code != 0 {
		t.Fatalf("merge: exit %d %s", r.code, r.stderr)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"ナーストレンド", "60 ゲーム", "<h2>所見</h2>", "席ごとの勝率"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the merged page lacks %q", want)
		}
	}
}

// gapLine is check's report of a --base comparison for one player count:
// the gap between seats, or between places in the turn order where it is
// dealt at random (nastrond, guardian).
var gapLine = regexp.MustCompile(`(\w+): (\d) players, (?:seat gap|gap by turn order \(dealt at random\)) ([0-9.]+) → ([0-9.]+) points`)

func TestCheckBaseFailsWhenTheSeatGapGrowsBeyondTheThreshold(t *testing.T) {
	t.Parallel()
	needTool(t, "git", "git")
	repo := t.TempDir()
	src := filepath.Join(repo, "cardsrc")
	if err := os.Rename(quickSrc(t, 300), src); err != nil {
		t.Fatal(err)
	}
	gitCommit(t, repo)
	out := t.TempDir()
	// Unchanged: every gap stays as it was.
	r := bifrost(t, "check", "--src", src, "--out", out, "--base", "HEAD", "--lang", "en")
	lines := gapLine.FindAllStringSubmatch(r.stderr, -1)
	if r.code != 0 || len(lines) != 3+3+1+3 { // valkyrie, nastrond, guardian (2 players only), bloodrage
		t.Fatalf("unchanged: exit %d, %d gap lines\n%s%s", r.code, len(lines), r.stdout, r.stderr)
	}
	for _, l := range lines {
		if l[3] != l[4] {
			t.Errorf("unchanged workbook, yet %s", l[0])
		}
	}
	// A designer doubles the majority VP of nastrond.
	setRule(t, src, "nastrond", "MajorityVP", 12)
	setRule(t, src, "nastrond", "CheckMaxSeatGapGrowth", 0)
	r = bifrost(t, "check", "--src", src, "--out", out, "--base", "HEAD", "--lang", "en")
	grew := 0.0
	for _, l := range gapLine.FindAllStringSubmatch(r.stderr, -1) {
		if l[1] == "nastrond" {
			before, _ := strconv.ParseFloat(l[3], 64)
			after, _ := strconv.ParseFloat(l[4], 64)
			grew = max(grew, after-before)
		}
	}
	if grew <= 0 {
		t.Fatalf("the edit did not widen nastrond's gap by turn order; pick another\n%s", r.stderr)
	}
	if r.code != 1 || !strings.Contains(r.stdout, "nastrond.xlsx: the win-rate gap by turn order at") || !strings.Contains(r.stdout, "CheckMaxSeatGapGrowth is 0") {
		t.Errorf("gap grew by %.1f with threshold 0: exit %d, want 1 and the error\n%s", grew, r.code, r.stdout)
	}
	setRule(t, src, "nastrond", "CheckMaxSeatGapGrowth", int(grew)+1)
	if r := bifrost(t, "check", "--src", src, "--out", out, "--base", "HEAD"); r.code != 0 {
		t.Errorf("gap grew by %.1f within threshold %d: exit %d\n%s", grew, int(grew)+1, r.code, r.stdout)
	}
	if r := bifrost(t, "check", "--src", src, "--out", out, "--base", "no-such-rev"); r.code != 2 {
		t.Errorf("unknown revision: exit %d, want 2", r.code)
	}
}

// TestCheckBaseFailsOnlyInTheDirectionThatHurts plants changes in
// bloodrage, a solo game, whose seat gap says little: the human's win rate
// moving away from the base (either way: no target is set, so the base's
// rate is the target) fails, and so do games that stop finishing on the
// same seeds, even within CheckMaxUnfinished; the unchanged workbook
// passes. The human gains and loses by the same change, made and undone:
// with no Battle cards kept the human wins far less at every clan count,
// and every seat gap widens; undone, every gap narrows, so that only the
// human's rate can fail it.
func TestCheckBaseFailsOnlyInTheDirectionThatHurts(t *testing.T) {
	t.Parallel()
	needTool(t, "git", "git")
	repo := t.TempDir()
	src := filepath.Join(repo, "cardsrc")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(shippedSrc, "bloodrage.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	book := filepath.Join(src, "bloodrage.xlsx")
	if err := os.WriteFile(book, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// HEAD~1 keeps no Battle cards; HEAD is the shipped workbook.
	setRule(t, src, "bloodrage", "CheckGames", 300)
	base, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	setRule(t, src, "bloodrage", "MaxHumanBattleCards", 0)
	gitCommit(t, repo)
	if err := os.WriteFile(book, base, 0o644); err != nil {
		t.Fatal(err)
	}
	gitCommit(t, repo)
	human := regexp.MustCompile(`bloodrage: (\d) players, the human's win rate [0-9.]+ → [0-9.]+ % \(([+-][0-9.]+) points`)
	for _, tt := range []struct {
		name  string
		base  string // the revision check compares with
		rules map[string]any
		// fails is the error check must print (with the base's win rate
		// where %s is); "" for a pass.
		fails string
		// gain is the way the human's win rate must move at 2 players:
		// +1, -1, or 0 for no matter.
		gain int
		// gapSteady: no seat gap grows beyond CheckMaxSeatGapGrowth, so
		// the seat gap alone would have passed the change.
		gapSteady bool
	}{
		{"unchanged", "HEAD", nil, "", 0, true},
		{"the human gains", "HEAD~1", nil, "the human's win rate at 2 players moved from %s % at HEAD~1:cardsrc/bloodrage.xlsx to", +1, true},
		{"the human loses", "HEAD", map[string]any{"MaxHumanBattleCards": 0}, "the human's win rate at 2 players moved from %s % at HEAD:cardsrc/bloodrage.xlsx to", -1, false},
		{"games stall within the threshold", "HEAD", map[string]any{"TurnCap": 100, "CheckMaxUnfinished": 1000}, "more games do not finish than at HEAD:cardsrc/bloodrage.xlsx on the same seeds: 0 →", 0, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(book, base, 0o644); err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.rules {
				setRule(t, src, "bloodrage", k, v)
			}
			r := bifrostOn(t, rules.Games{definition(t, "bloodrage")}, "check", "--src", src, "--out", t.TempDir(), "--base", tt.base, "--lang", "en")
			shifts := human.FindAllStringSubmatch(r.stderr, -1)
			if len(shifts) != 3 {
				t.Fatalf("want the human's win rate at 2, 3 and 4 players on stderr, got %d lines\n%s", len(shifts), r.stderr)
			}
			if tt.fails == "" {
				for _, s := range shifts {
					if s[2] != "+0.0" {
						t.Errorf("unchanged workbook, yet %s", s[0])
					}
				}
				if r.code != 0 {
					t.Errorf("exit %d, want 0\n%s%s", r.code, r.stdout, r.stderr)
				}
				return
			}
			fails := tt.fails
			if strings.Contains(fails, "%s") {
				at2 := regexp.MustCompile(`2 players, the human's win rate ([0-9.]+) →`).FindStringSubmatch(r.stderr)
				if at2 == nil {
					t.Fatalf("no win rate at 2 players on stderr\n%s", r.stderr)
				}
				fails = strings.Replace(fails, "%s", at2[1], 1)
			}
			if r.code != 1 || !strings.Contains(r.stdout, fails) {
				t.Errorf("exit %d, want 1 and %q\n%s%s", r.code, fails, r.stdout, r.stderr)
			}
			if d, _ := strconv.ParseFloat(shifts[0][2], 64); tt.gain != 0 && (d > 0) != (tt.gain > 0) {
				t.Errorf("the planted change moved the human's win rate at 2 players %+.1f points, want the other way\n%s", d, r.stderr)
			}
			if tt.gapSteady && strings.Contains(r.stdout, "seat win-rate gap") {
				t.Errorf("the planted change also widened a seat gap; it no longer proves the direction of the human's rate\n%s", r.stdout)
			}
		})
	}
}

// TestRandomTurnOrderIsReportedByTurnOrder: nastrond (random Keeper deal)
// and guardian (rock-paper-scissors) report the win rate of the first
// player, the second, …, whose wins are the seats' wins counted again;
// valkyrie and bloodrage, whose seat is the turn order, do not; and check
// measures the gap of those games by turn order.
func TestRandomTurnOrderIsReportedByTurnOrder(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		game   string
		random bool
	}{{"nastrond", true}, {"guardian", true}, {"valkyrie", false}, {"bloodrage", false}} {
		r := bifrost(t, "sim", tt.game, "--src", shippedSrc, "--games", "60", "--bots", "greedy", "--json")
		var rep sim.Report
		if err := json.Unmarshal([]byte(r.stdout), &rep); r.code != 0 || err != nil {
			t.Fatalf("%s: exit %d, %v\n%s", tt.game, r.code, err, r.stderr)
		}
		if (rep.TurnOrderWinRate != nil) != tt.random {
			t.Errorf("%s: turn-order win rates %v, want them: %v", tt.game, rep.TurnOrderWinRate, tt.random)
			continue
		}
		differs := false
		for k, order := range rep.TurnOrderWinRate {
			seats := rep.SeatWinRate[k]
			byOrder, bySeat := 0, 0
			for i := range order {
				byOrder += order[i].Wins
				bySeat += seats[i].Wins
				differs = differs || order[i].Wins != seats[i].Wins
			}
			if byOrder != bySeat || order[0].Games != seats[0].Games {
				t.Errorf("%s, %s players: %d wins by turn order, %d by seat", tt.game, k, byOrder, bySeat)
			}
		}
		if tt.random && !differs {
			t.Errorf("%s: the turn order is the seat order in every game; the first player is not read after the deal", tt.game)
		}
	}
	src := quickSrc(t, 60)
	r := bifrostOn(t, rules.Games{definition(t, "guardian")}, "check", "--src", src, "--out", t.TempDir(), "--lang", "en")
	if !strings.Contains(r.stderr, "guardian: 2 players, turn-order gap (turn order dealt at random)") {
		t.Errorf("check does not measure guardian's gap by turn order:\n%s", r.stderr)
	}
}
