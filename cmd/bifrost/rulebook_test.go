package main

import (
	"fmt"
	"html"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/layout/book"
	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/nastrond"
	"bifrost/schema"
)

func TestRulebook_WritesPDFAndHTMLForEveryGame(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	for _, g := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		r := bifrost(t, "rulebook", g, "--src", shippedSrc, "--rules", "../../rules", "--out", out)
		if r.code != 0 {
			t.Errorf("%s: exit %d: %s", g, r.code, r.stderr)
			continue
		}
		for _, f := range []string{"rulebook.pdf", "rulebook.html", "summary.pdf", "summary.html", "designer.pdf", "designer.html"} {
			if fi, err := os.Stat(filepath.Join(out, g, f)); err != nil || fi.Size() < 2_000 {
				t.Errorf("%s/%s: %v", g, f, err)
			}
		}
	}
}

func TestRulebook_UnknownPlaceholderIsAnErrorAtItsLine(t *testing.T) {
	t.Parallel()
	rules := filepath.Join(copyProject(t, "nastrond"), "rules")
	md := "---\ntitle: t\n---\n# 題\n\n{{price \"Edda\"}}\n"
	if err := os.WriteFile(filepath.Join(rules, "nastrond", "rulebook.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	for lang, msg := range map[string]string{"en": `function "price" not defined`, "ja": `「price」という差し込みはありません`} {
		r := bifrost(t, "rulebook", "nastrond", "--lang", lang, "--src", shippedSrc, "--rules", rules, "--out", t.TempDir())
		want := filepath.Join(rules, "nastrond", "rulebook.md") + ":6: " + msg
		if r.code != 1 || !strings.Contains(r.stdout, want) {
			t.Errorf("--lang %s: exit %d, stdout %q; want 1 and %q", lang, r.code, r.stdout, want)
		}
	}
}

func TestBuild_WritesEveryOutputOfEveryGame(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	r := bifrost(t, "build", "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--games", "40")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, g := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		for _, f := range []string{"cards.pdf", "rulebook.pdf", "rulebook.html", "summary.pdf", "summary-card.pdf", "summary.html", "designer.pdf", "designer.html", "report.html", "report.json"} {
			if _, err := os.Stat(filepath.Join(out, g, f)); err != nil {
				t.Errorf("%s: %v", g, err)
			}
		}
	}
	entries, _ := os.ReadDir(shippedSrc)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), "tmp") {
			t.Errorf("build left %s in --src", e.Name())
		}
	}
}

// designerWords are what a player's book must never say: file paths, the
// tool and its simulation.
var designerWords = regexp.MustCompile(`\.\./|\b(rules|cardsrc|layout|schema|shared|out)/|\.(go|md|xlsx)\b|--[a-z]|シミュレーション|ボット|CLI|ワークブック|エンジン`)

// bookText is the text a reader sees: the PDF's text layer (pdftotext with args) or
// the HTML without its tags, style and script.
func bookText(t *testing.T, file string, args ...string) string {
	t.Helper()
	if strings.HasSuffix(file, ".pdf") {
		if _, err := exec.LookPath("pdftotext"); err != nil {
			t.Skip("pdftotext not installed")
		}
		out, err := exec.Command("pdftotext", append(append([]string{"-enc", "UTF-8"}, args...), file, "-")...).Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", file, err)
		}
		return string(out)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := regexp.MustCompile(`(?s)<(style|script)[^>]*>.*?</(style|script)>`).ReplaceAllString(string(b), " ")
	s = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(s, " ")
	return html.UnescapeString(s)
}

func TestPlayerBookSpeaksOnlyOfTheGame(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	for _, g := range rules.All().Schemas() {
		if r := bifrost(t, "rulebook", g.ID, "--src", shippedSrc, "--rules", "../../rules", "--out", out); r.code != 0 {
			t.Fatalf("%s: exit %d: %s", g.ID, r.code, r.stderr)
		}
		var keys []string
		for _, p := range g.Rules {
			keys = append(keys, regexp.QuoteMeta(p.Key))
		}
		ruleKey := regexp.MustCompile(`\b(` + strings.Join(keys, "|") + `)\b`)
		for _, f := range []string{"rulebook.pdf", "rulebook.html", "summary.pdf", "summary.html"} {
			text := bookText(t, filepath.Join(out, g.ID, f))
			// Lines are joined so that a word broken across lines is still found.
			joined := strings.Join(strings.Fields(text), "")
			for _, m := range designerWords.FindAllString(joined, -1) {
				t.Errorf("%s/%s says %q", g.ID, f, m)
			}
			for _, m := range ruleKey.FindAllString(text, -1) {
				t.Errorf("%s/%s names the Rules parameter %s", g.ID, f, m)
			}
		}
	}
}

func TestDesignerBookHasEveryRulingWithItsParameter(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	ruling := regexp.MustCompile(`(?m)^- \*\*(.+?)\*\*`)
	for _, g := range rules.All().Schemas() {
		if r := bifrost(t, "rulebook", g.ID, "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--format", "html"); r.code != 0 {
			t.Fatalf("%s: exit %d: %s", g.ID, r.code, r.stderr)
		}
		words := strings.Fields(bookText(t, filepath.Join(out, g.ID, "designer.html")))
		text, compact := strings.Join(words, " "), strings.Join(words, "")
		rulings, err := os.ReadFile(filepath.Join("../../rules", g.ID, "RULINGS.md"))
		if err != nil {
			t.Fatal(err)
		}
		heads := ruling.FindAllStringSubmatch(string(rulings), -1)
		if len(heads) == 0 {
			t.Errorf("%s: RULINGS.md has no rulings", g.ID)
		}
		for _, h := range heads {
			// Inline markup splits words in the text, so compare without spaces.
			if head := strings.Join(strings.Fields(strings.ReplaceAll(h[1], "`", "")), ""); !strings.Contains(compact, head) {
				t.Errorf("%s: designer book lacks the ruling %q", g.ID, head)
			}
		}
		res := loadShipped(t, g)
		for _, p := range g.Rules {
			if row := p.Key + " " + res.Rules.Text(p.Key) + " " + p.Default; !strings.Contains(text, row) {
				t.Errorf("%s: designer book lacks the parameter row %q", g.ID, row)
			}
		}
	}
}

func TestEveryRulingInTheDesignerBookNamesItsSourceNumberAndParameter(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	note := regexp.MustCompile(`〔出典：種本『([^』/]+)』の(?:節|段落)／確認表 ([^／]*[A-Z]\d+[^／]*)／(パラメータなし（固定の裁定）|パラメータ ([^〕]+))〕`)
	for _, g := range rules.All().Schemas() {
		if r := bifrost(t, "rulebook", g.ID, "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--format", "html"); r.code != 0 {
			t.Fatalf("%s: exit %d: %s", g.ID, r.code, r.stderr)
		}
		page, err := os.ReadFile(filepath.Join(out, g.ID, "designer.html"))
		if err != nil {
			t.Fatal(err)
		}
		// The rulings are the list items of the 裁定 chapter that open with a bold head.
		body := string(page)
		start := strings.Index(body, "裁定</h1>")
		end := strings.Index(body[max(start, 0):], "<h1")
		if start < 0 || end < 0 {
			t.Fatalf("%s: designer.html has no 裁定 chapter", g.ID)
		}
		// Each ruling runs to the next ruling or heading (nested lists included).
		rulings := strings.Split(body[start:start+end], "<li><strong>")[1:]
		if len(rulings) < 20 {
			t.Errorf("%s: only %d rulings in the designer book", g.ID, len(rulings))
		}
		for _, r := range rulings {
			if h := strings.Index(r, "<h"); h >= 0 {
				r = r[:h]
			}
			head, _, _ := strings.Cut(r, "</strong>")
			text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(r, ""))
			m := note.FindStringSubmatch(text)
			if m == nil {
				t.Errorf("%s: the ruling %q does not give its source in the seed, checklist number and parameter", g.ID, head)
				continue
			}
			for _, key := range strings.Split(m[4], "・") {
				if key != "" && !slices.ContainsFunc(g.Rules, func(p schema.RuleParam) bool { return p.Key == key }) {
					t.Errorf("%s: the ruling %q names %q, which is no Rules parameter", g.ID, head, key)
				}
			}
		}
		if designerWords := regexp.MustCompile(`\.\./|shared/`); designerWords.MatchString(body) {
			t.Errorf("%s: the designer book points into a path: %s", g.ID, designerWords.FindString(body))
		}
	}
}

// loadShipped validates the shipped workbook of g.
func loadShipped(t *testing.T, g *schema.Game) schema.Result {
	t.Helper()
	res, err := targets.Target{Game: definition(t, g.ID), Path: filepath.Join(shippedSrc, g.ID+".xlsx")}.Validate(schema.NewLang("en"))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestTurnSummaryIsOnePageAtA5AndTwoSidesAtCardSize(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	for _, g := range rules.All().Schemas() {
		if r := bifrost(t, "rulebook", g.ID, "--src", shippedSrc, "--rules", "../../rules", "--out", out); r.code != 0 {
			t.Fatalf("%s: exit %d: %s", g.ID, r.code, r.stderr)
		}
		text := bookText(t, filepath.Join(out, g.ID, "summary.pdf"))
		if pages := strings.Count(strings.TrimRight(text, "\f"), "\f") + 1; pages != 1 {
			t.Errorf("%s: summary.pdf has %d pages", g.ID, pages)
		}
		if !strings.Contains(text, "サマリー") {
			t.Errorf("%s: summary.pdf has no title", g.ID)
		}
		// The same summary at card size, front and back, says the same.
		card := filepath.Join(out, g.ID, "summary-card.pdf")
		cardText := bookText(t, card)
		if pages := strings.Count(strings.TrimRight(cardText, "\f"), "\f") + 1; pages > 2 {
			t.Errorf("%s: summary-card.pdf has %d pages, want the two sides of a card", g.ID, pages)
		}
		// (The A5 sheet ends with its page number, the card has none.)
		if a, b := strings.TrimSuffix(strings.Join(strings.Fields(text), ""), "1"), strings.Join(strings.Fields(strings.ReplaceAll(cardText, "\f", "")), ""); a != b {
			t.Errorf("%s: the card-size summary says something else than the A5 one:\n%s\n%s", g.ID, a, b)
		}
		// The page is the 63 × 88 mm trim plus 3 mm bleed and 12 mm for トンボ on each side.
		if info, err := exec.Command("pdfinfo", "-box", card).Output(); err != nil || !strings.Contains(string(info), "263.62 x 334.49 pts") || !regexp.MustCompile(`TrimBox:\s+42.52\s+42.52\s+221.10\s+291.97`).Match(info) {
			t.Errorf("%s: summary-card.pdf is not a 63 × 88 mm trim with bleed and トンボ: %s %v", g.ID, info, err)
		}
	}
}

func TestEveryGlossaryTermHasItsDefinitionAndIndexEntry(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	for _, g := range rules.All().Schemas() {
		var terms []book.Term
		data, err := os.ReadFile(filepath.Join("../../rules", g.ID, "glossary.yaml"))
		if err == nil {
			err = yaml.Unmarshal(data, &terms)
		}
		if err != nil || len(terms) == 0 {
			t.Fatalf("%s: glossary: %d terms, %v", g.ID, len(terms), err)
		}
		if r := bifrost(t, "rulebook", g.ID, "--src", shippedSrc, "--rules", "../../rules", "--out", out); r.code != 0 {
			t.Fatalf("%s: exit %d: %s", g.ID, r.code, r.stderr)
		}
		page, err := os.ReadFile(filepath.Join(out, g.ID, "rulebook.html"))
		if err != nil {
			t.Fatal(err)
		}
		// In layout order: a term in the Gothic and its pages in the Mincho
		// are on one line, though poppler may read them as two blocks.
		pdfText := bookText(t, filepath.Join(out, g.ID, "rulebook.pdf"), "-layout")
		// The index, its spaces dropped (the Japanese–Latin space may show as one).
		index := strings.Join(strings.Fields(pdfText[strings.LastIndex(pdfText, "索引"):]), "")
		for i, term := range terms {
			id := fmt.Sprintf(`id="def-%d"`, i)
			if !strings.Contains(string(page), id) || !strings.Contains(string(page), fmt.Sprintf(`href="#def-%d"`, i)) {
				t.Errorf("%s: %s has no first definition in bold (no %s) or no glossary link", g.ID, term.Term, id)
			}
			if !regexp.MustCompile(regexp.QuoteMeta(term.Term) + `\d`).MatchString(index) {
				t.Errorf("%s: the index gives no page for %s", g.ID, term.Term)
			}
		}
	}
}

func TestBuildEmbedsFontsLikeRulebook(t *testing.T) {
	t.Parallel()
	for _, embed := range []bool{false, true} {
		out := t.TempDir()
		args := []string{"build", "nastrond", "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--games", "4"}
		if embed {
			args = append(args, "--embed-font")
		}
		if r := bifrost(t, args...); r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		for _, f := range []string{"rulebook.html", "summary.html", "designer.html"} {
			page, err := os.ReadFile(filepath.Join(out, "nastrond", f))
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			if embed {
				want = 2
			}
			if n := strings.Count(string(page), "@font-face{font-family:\"bifrost-"); n != want {
				t.Errorf("build --embed-font=%v: %s embeds %d fonts, want %d", embed, f, n, want)
			}
		}
	}
}

func TestEmbeddedFontsLoadInChromium(t *testing.T) {
	t.Parallel()
	bin := needTool(t, "chromium", "chromium")
	out := t.TempDir()
	if r := bifrost(t, "rulebook", "nastrond", "--embed-font", "--format", "html", "--src", shippedSrc, "--rules", "../../rules", "--out", out); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	file := filepath.Join(out, "nastrond", "rulebook.html")
	page, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(page), "@font-face{font-family:\"bifrost-"); n != 2 {
		t.Fatalf("%d embedded fonts in the page, want the Mincho and the Gothic", n)
	}
	// Ask the browser whether it accepted the fonts: a font it rejects
	// (a broken subset) is "error", and the page falls back to the system's.
	probe := filepath.Join(out, "probe.html")
	script := `<script>document.fonts.forEach(f=>f.load());document.fonts.ready.then(()=>{const p=document.createElement("pre");p.id="fonts";p.textContent=[...document.fonts].map(f=>f.family+":"+f.status).join(",");document.body.appendChild(p)})</script></body>`
	if err := os.WriteFile(probe, []byte(strings.Replace(string(page), "</body>", script, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := chromium(t, bin, out, probe, "800,1000", "--virtual-time-budget=5000", "--dump-dom")
	status := regexp.MustCompile(`<pre id="fonts">([^<]*)`).FindStringSubmatch(dom)
	if status == nil || status[1] != "bifrost-mincho:loaded,bifrost-gothic:loaded" {
		t.Fatalf("the browser's font status: %v", status)
	}
	img := screenshot(t, bin, out, file, "800,1000")
	ink := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r>>8 < 90 && g>>8 < 90 && b>>8 < 90 {
				ink++
			}
		}
	}
	if ink < 2000 {
		t.Errorf("only %d dark pixels in the screenshot: the text is not drawn", ink)
	}
}

func TestExampleCardInHTMLIsThePDFsDrawing(t *testing.T) {
	t.Parallel()
	out := shippedRulebook(t, "nastrond")
	page, err := os.ReadFile(filepath.Join(out, "nastrond", "rulebook.html"))
	if err != nil {
		t.Fatal(err)
	}
	g := nastrond.Schema
	res := loadShipped(t, g)
	lay, err := spec.Load(spec.LayoutDir(shippedSrc), g)
	if err != nil {
		t.Fatal(err)
	}
	drawn, err := cards.DrawAll(res, lay, cards.Options{ArtDir: filepath.Join(shippedSrc, "art")})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range drawn {
		if d.ID != "EIN-107" {
			continue
		}
		var svg strings.Builder
		if err := d.Face.SVG(&svg, true); err != nil {
			t.Fatal(err)
		}
		fig := `<span class="cardfig"><span class="card">` + svg.String() + `</span><svg class="leaders"`
		if !strings.Contains(string(page), fig) {
			t.Error("the HTML book does not show EIN-107 as the display list's SVG with callouts")
		}
	}
	if n := strings.Count(string(page), `<span class="mark"`); n < 4 {
		t.Errorf("%d callout markers in the HTML book, want the example cards' parts numbered", n)
	}
	text := strings.Join(strings.Fields(bookText(t, filepath.Join(out, "nastrond", "rulebook.pdf"))), "")
	for _, want := range []string{"コスト：雇うときに払う数", "目標値：パワーがこの数以上なら成功"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks the callout %q", want)
		}
	}
}

// A glossary that is not valid YAML is a data problem at its line, in the
// user's language, not the YAML parser's English.
func TestGlossaryErrorsSpeakTheUsersLanguage(t *testing.T) {
	t.Parallel()
	rules := t.TempDir()
	dir := filepath.Join(rules, "nastrond")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"rulebook.md", "RULINGS.md"} {
		b, err := os.ReadFile(filepath.Join("../../rules/nastrond", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	glossary := filepath.Join(dir, "glossary.yaml")
	if err := os.WriteFile(glossary, []byte("- term: ウルズ\n  txt: 通貨\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ lang, want string }{
		{"ja", glossary + ":2: 「txt」というキーはありません"},
		{"en", glossary + `:2: unknown key "txt"`},
	} {
		r := bifrost(t, "rulebook", "nastrond", "--src", shippedSrc, "--rules", rules, "--out", t.TempDir(), "--lang", tt.lang)
		if r.code != 1 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("--lang %s: exit %d, stderr %q; want 1 and %q", tt.lang, r.code, r.stderr, tt.want)
		}
	}
}

// shippedRulebook renders game's books from the shipped workbook and rules
// into a new temporary folder, which it returns; the test stops when the
// command fails.
func shippedRulebook(t *testing.T, game string) string {
	t.Helper()
	out := t.TempDir()
	if r := bifrost(t, "rulebook", game, "--src", shippedSrc, "--rules", "../../rules", "--out", out); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	return out
}

// TestRulebookInkSaverPrintsTheSummaryCardWithoutItsColouredFrame: with
// --ink-saver the card-size summary keeps its words but loses the frame's
// full-bleed fill, which without it colours the bleed beside the cut.
func TestRulebookInkSaverPrintsTheSummaryCardWithoutItsColouredFrame(t *testing.T) {
	t.Parallel()
	pdftoppm := needTool(t, "pdftoppm", "poppler-utils")
	bleedPixel := func(args ...string) (color.Color, string) {
		out := t.TempDir()
		args = append([]string{"rulebook", "nastrond", "--format", "pdf", "--src", shippedSrc, "--rules", "../../rules", "--out", out}, args...)
		if r := bifrost(t, args...); r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		card := filepath.Join(out, "nastrond", "summary-card.pdf")
		if err := exec.Command(pdftoppm, "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", card, filepath.Join(out, "side")).Run(); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(filepath.Join(out, "side.png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		// 38 px at 72 dpi is 13.4 mm from the left edge: past the 12 mm of トンボ, inside the
		// 3 mm bleed; halfway down the page.
		return img.At(38, img.Bounds().Dy()/2), bookText(t, card)
	}
	light := func(c color.Color) bool {
		r, g, b, _ := c.RGBA()
		return r > 0xf000 && g > 0xf000 && b > 0xf000
	}
	framed, text := bleedPixel()
	saved, savedText := bleedPixel("--ink-saver")
	if light(framed) {
		t.Errorf("without --ink-saver the bleed is %v, want the frame's colour", framed)
	}
	if !light(saved) {
		t.Errorf("with --ink-saver the bleed is %v, want paper white", saved)
	}
	if text != savedText {
		t.Errorf("--ink-saver changed the words:\n%s\n%s", text, savedText)
	}
}
