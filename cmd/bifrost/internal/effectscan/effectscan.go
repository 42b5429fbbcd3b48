// Package effectscan is the scan of `bifrost effects`: it pairs every tuned
// card design of a game with a blank card on the same seeds (rules/sim
// measures), flags the designs whose effect on the seat that uses them lies
// outside the band around their kind's median, suggests a value for each
// flagged one, and says each finding as one sentence in Japanese and in
// English. It saves the run beside build's outputs, where the report page
// reads it back (Load).
//
// It is a package of its own, below the command, because the scan joins
// the workbook's designs (schema) with the harness's measures (rules/sim)
// and the report's types (package report), which none of them may import.
package effectscan

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"strings"

	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// Messages are what the scan and the effects command say: Japanese,
// English. The CLI joins them into its catalogue.
var Messages = schema.Catalogue{
	"effects_head": {"%s：カードの効果（使った席の勝率、同じシードで元のカードと白紙のカードを比べた差）。ボット %s、%d ゲーム、幅 CheckCardEffectBand %d ポイント",
		"%s: card effects (the win rate of the seat that used the card, the card as it is against a blank card on the same seeds); %s bots, %d games, band CheckCardEffectBand %d points"},
	"effects_none":    {"指摘はありません：どのカードの効果も同じ種類の中央値から幅の中にあるか、差が確かではありません", "no finding: every card's effect lies within the band around its kind's median, or the difference is not sure"},
	"effects_written": {"結果を %s に書きました（build の report.html が読みます）", "wrote %s (build's report.html reads it)"},
	"effects_refused": {"%s：白紙にしたカードがブックの規則に合わないので測れません（%v）", "%s: cannot be measured: the blank card breaks a rule of the workbook (%v)"},
	"effects_strong": {"%[1]sは同じ種類（%[2]s）のカードより強すぎます：使った人の勝率への効果が中央値より %+.1[3]f pt（%[4]s、95%% 区間 %+.1[5]f〜%+.1[6]f pt、%[7]d ゲーム）",
		"%[1]s is stronger than its kind (%[2]s): its effect on the win rate of the seat that uses it is %+.1[3]f pt off the median (%[4]s, 95%% interval %+.1[5]f to %+.1[6]f pt, %[7]d games)"},
	"effects_weak": {"%[1]sは同じ種類（%[2]s）のカードより弱すぎます：使った人の勝率への効果が中央値より %+.1[3]f pt（%[4]s、95%% 区間 %+.1[5]f〜%+.1[6]f pt、%[7]d ゲーム）",
		"%[1]s is weaker than its kind (%[2]s): its effect on the win rate of the seat that uses it is %+.1[3]f pt off the median (%[4]s, 95%% interval %+.1[5]f to %+.1[6]f pt, %[7]d games)"},
	"effects_suggest": {"。%[1]s の%[2]s（%[3]s）を %[4]d → %[5]d にすると、使った人の勝率への効果（中央値との差）が %+.0[6]f pt → %+.0[7]f pt になります（%[8]s、%[9]d ゲーム）",
		". Setting %[1]s's %[2]s (%[3]s) from %[4]d to %[5]d moves its effect on the seat that uses it (off the median) from %+.0[6]f pt to %+.0[7]f pt (%[8]s, %[9]d games)"},
	"effects_unreached": {"。%[1]s の%[2]s（%[3]s）を範囲の端の %[5]d にしても（いま %[4]d）、効果は %+.0[6]f pt → %+.0[7]f pt までしか戻りません（%[8]s、各 %[9]d ゲーム）：ほかの列も見直してください",
		". Even at the end of its range, %[5]d (now %[4]d), %[1]s's %[2]s (%[3]s) moves the effect only from %+.0[6]f pt to %+.0[7]f pt (%[8]s, %[9]d games): look at its other columns too"},
	"effects_at_end": {"。%[1]s の%[2]s（%[3]s）はもう範囲の端（%[4]d）なので、ほかの列か効果を見直してください",
		". %[1]s's %[2]s (%[3]s) is already at the end of its range (%[4]d): revise its other columns or its effect"},
	"effects_bad_skill": {"--skill「%s」：このゲームの探索ボット（%s）を、search:50 のように 1〜%d の反復回数を付けて指定してください",
		"--skill %q: name this game's search bot (%s), with a budget of 1 to %d iterations as in search:50"},
	"effects_skill_games": {"--skill-games は %d 以上にしてください", "--skill-games must be at least %d"},
	"effects_no_knob":     {"。数の列がないので、効果の文を見直してください", ". It has no number to move: revise its effect"},
	// The progress bars of a scan (Progress).
	"effects_progress_pairs":       {"%s：白紙のカードと対に", "%s: against blank cards"},
	"effects_progress_suggest":     {"%s：提案の値（多めの見積もり）", "%s: suggested values (at most)"},
	"effects_progress_skill":       {"%s：%s（%d人）", "%s: %s (%d players)"},
	"effects_progress_skill_pairs": {"%s：%s で白紙のカードと対に", "%s: %s against blank cards"},
	// check --base: the card designs a change touched (Rescan).
	"recheck_none": {"%s：%s から行が変わったカードはないので、カードの効果は測りません",
		"%s: no card design's row changed since %s: no card effect measured"},
	"recheck_head": {"%s：%s から行が変わったカード（%d 枚：%s）だけ、効果を白紙のカードと対にして測ります（ボット %[6]s の %[5]d ゲーム、CheckSeed から CheckGames）",
		"%s: measuring only the card designs whose rows changed since %s (%d: %s): %d games with %s bots (CheckGames from CheckSeed), each against its blank card"},
	"recheck_median_file": {"%s：%s の中央値は、変わっていない行を測った %s（ボット %s の %d ゲーム）から",
		"%s: the median of %s from %s (the unchanged rows measured on %[5]d games with %[4]s bots)"},
	"recheck_median_sample": {"%s：%s の中央値は、同じゲームで測ったほかのカード %d 枚（%s、最もよく使われたもの）から（いまの %s がないため。bifrost effects %s で作ると、変わったカードだけを測ります）",
		"%s: the median of %s from %d of its other designs (%s, the most used) measured on the same games (no current %s: bifrost effects %s writes one, and check then measures the changed designs only)"},
	"recheck_line": {"%s：%s の効果 %+.1f pt（%d人プレイ、95%% 区間 %+.1f〜%+.1f、%s の中央値 %+.1f pt、対にした %d ゲーム、ボット %s）",
		"%s: %s, effect %+.1f pt at %d players (95%% interval %+.1f..%+.1f; median of %s %+.1f pt; %d paired games, %s bots)"},
	"recheck_unused": {"%s：%s はボット %s の %d ゲームのどれでも使われなかったので、効果は測れません",
		"%s: %s was used in none of the %[4]d games with %[3]s bots: its effect is not measured"},
	"recheck_flag": {"%s から行が変わり、%s", "its row changed since %s, and %s"},
}

// Skill is what `effects --skill` asks for: each flagged design measured
// again with Bot (a search bot with its budget) on the first Games seeds of
// the batch at the player count its finding states. No Bot: no such
// measure.
type Skill struct {
	Bot   string
	Games int
}

// CheckSkill refuses a skilled bot that is not one of e's search bots
// (search, search:50, search+lists), or too few games to pair.
func CheckSkill(s Skill, e sim.Engine) error {
	if s.Bot == "" {
		return nil
	}
	if !strings.HasPrefix(s.Bot, "search") || e.NewBot(s.Bot) == nil {
		var searches []string
		for _, b := range e.Bots() {
			if strings.HasPrefix(b, "search") {
				searches = append(searches, b)
			}
		}
		return Messages.Err("effects_bad_skill", s.Bot, strings.Join(searches, ", "), sim.MaxBudget)
	}
	if s.Games < 2 {
		return Messages.Err("effects_skill_games", 2)
	}
	return nil
}

// Progress shows a part of the scan playing total games under a name
// (what the CLI's progress bar does): step is told of the games played,
// from any worker (nil: nothing is shown), and done ends it. A nil
// Progress shows nothing.
type Progress func(name *schema.Message, total int) (step func(games int), done func())

func (p Progress) start(name *schema.Message, total int) (step func(games int), done func()) {
	if p == nil {
		return nil, func() {}
	}
	return p(name, total)
}

// Scan is the scan itself: the base batch, every design against its
// neutral baseline, a suggestion for every flagged design and, with a
// skilled bot, each flagged design's effect as that bot measures it. Each
// of these parts is shown to progress as it plays.
func Scan(ctx context.Context, game *sim.Definition, res schema.Result, base sim.Engine, bo sim.BatchOptions, skill Skill, progress Progress) *report.Effects {
	band := res.Rules.Int("CheckCardEffectBand")
	var done func()
	bo.Progress, done = progress.start(schema.Errorf("%s", "%s", game.ID()), bo.Games)
	b := sim.PlayBase(ctx, base, bo)
	done()
	bo.Progress = nil
	designs := game.Schema.Designs(res.Book)
	build := builder(game)
	var probes []sim.Probe
	probeOf := map[string]sim.Probe{}
	for _, id := range base.Cards() {
		d := designs[id]
		if d == nil || b.Uses(id) == 0 {
			continue
		}
		probe := blankProbe(d, res.Book, base, build)
		probes = append(probes, probe)
		probeOf[id] = probe
	}
	pairs := 0
	for _, pr := range probes {
		pairs += b.Uses(pr.Card)
	}
	step, done := progress.start(Messages.Err("effects_progress_pairs", game.ID()), pairs)
	effects := sim.CardEffects(ctx, b.WithProgress(step), probes, float64(band))
	done()
	tries := 0
	for _, ce := range effects {
		if k := designs[ce.Card].Knob; ce.Flagged && k != nil {
			tries += b.Uses(ce.Card) * maxTries(k)
		}
	}
	step, done = progress.start(Messages.Err("effects_progress_suggest", game.ID()), tries)
	suggesting := b.WithProgress(step)
	sugs := map[string]*sim.Suggestion{}
	for _, ce := range effects {
		d := designs[ce.Card]
		if k := d.Knob; ce.Flagged && k != nil {
			s := sim.Suggest(ctx, suggesting, ce, k.Value, k.Min, k.Max, k.Up, float64(band), func(v int) (sim.Engine, error) { return build(d.WithValue(res.Book, v)) })
			sugs[ce.Card] = &s
		}
	}
	done()
	skilled := skillChecks(ctx, game.ID(), base, bo, skill, effects, probeOf, progress)
	names := schema.CardNames(res.Data)
	run := &report.Effects{Game: game.ID(), Seed: bo.Seed, Games: bo.Games, Players: bo.Players, Bots: bo.Bots, Band: band, Measure: sim.EffectMeasure, Cards: effects}
	if skill.Bot != "" {
		run.SkillBot, run.SkillGames = skill.Bot, skill.Games
	}
	for _, ce := range effects {
		if ce.Refused != nil {
			run.Refused = append(run.Refused, report.EffectText{Card: ce.Card,
				JA: render(schema.Japanese, "effects_refused", ce.Card, ce.Refused), EN: render(schema.English, "effects_refused", ce.Card, ce.Refused)})
		}
		if !ce.Flagged {
			continue
		}
		d := designs[ce.Card]
		f := report.EffectFinding{Card: ce.Card, Name: names[ce.Card], Stronger: ce.Stronger, Kind: ce.Kind,
			KindName: schema.Word{game.Schema.Spec(ce.Kind).JA, ce.Kind}}
		sug := sugs[ce.Card]
		if k := d.Knob; k != nil {
			f.Cell, f.Suggestion = k.Cell, sug
			f.Column = schema.Word{k.Column.Header(schema.Japanese), k.Column.Header(schema.English)}
		}
		blind := overlooked(base, bo.Bots, ce.Kind)
		for _, why := range blind {
			f.Overlooks = append(f.Overlooks, schema.Word{why.In(schema.Japanese), why.In(schema.English)})
		}
		f.Skill = skilled[ce.Card]
		for _, l := range []*schema.Lang{schema.Japanese, schema.English} {
			text := effectSentence(l, game.Schema, ce, d, names[ce.Card], sug)
			for _, why := range blind {
				text += l.Pick("（", " (") + why.In(l) + l.Pick("）", ")")
			}
			if sk := report.SkillSentence(l, strings.Join(bo.Bots, ","), f.Skill); sk != "" {
				text += l.Pick("", " ") + sk + l.Pick("。", ".")
			}
			if l == schema.Japanese {
				f.JA = text
			} else {
				f.EN = text
			}
		}
		run.Findings = append(run.Findings, f)
	}
	return run
}

// builder validates a copy of a workbook of game and builds its engine; a
// copy that breaks a rule of the workbook is refused with the first error.
func builder(game *sim.Definition) func(book *schema.Book) (sim.Engine, error) {
	return func(book *schema.Book) (sim.Engine, error) {
		r := game.Schema.Validate(book, schema.English)
		for _, p := range r.Problems {
			if p.Severity == schema.Error {
				return nil, schema.Errorf("%s", "%s", p.Message)
			}
		}
		return game.New(r.Data)
	}
}

// blankProbe is design d of book to pair against its blank card, which build
// builds; a design already blank is its own blank card (sim.Probe.Blank).
func blankProbe(d *schema.Design, book *schema.Book, base sim.Engine, build func(*schema.Book) (sim.Engine, error)) sim.Probe {
	neutral, ok := d.Neutral(book)
	probe := sim.Probe{Card: d.ID, Kind: d.Sheet, Neutral: func() (sim.Engine, error) { return build(neutral) }, Blank: !ok}
	if !ok { // a blank card already: it adds nothing over itself
		probe.Neutral = func() (sim.Engine, error) { return base, nil }
	}
	return probe
}

// skillChecks measures every flagged design of effects again with the
// skilled bot, at the player count its finding states: one base batch of
// skill.Games games with that bot at each such count, from the batch's
// seed (so the first seeds of the batch's own games at that count), each
// design paired on it against its blank card; each batch, then the
// pairing, shown to progress. Nil without a skilled bot.
func skillChecks(ctx context.Context, id string, base sim.Engine, bo sim.BatchOptions, skill Skill, effects []sim.CardEffect, probes map[string]sim.Probe, progress Progress) map[string]*sim.SkillEffect {
	if skill.Bot == "" {
		return nil
	}
	bases := map[int]*sim.Base{}
	neutrals := map[string]sim.Engine{}
	var flagged []sim.CardEffect
	for _, ce := range effects {
		if !ce.Flagged {
			continue
		}
		neutral, err := probes[ce.Card].Neutral()
		if err != nil {
			continue
		}
		neutrals[ce.Card] = neutral
		flagged = append(flagged, ce)
		if n := ce.Headline(); bases[n] == nil {
			step, done := progress.start(Messages.Err("effects_progress_skill", id, skill.Bot, n), skill.Games)
			bases[n] = sim.PlayBase(ctx, base, sim.BatchOptions{Seed: bo.Seed, Games: skill.Games, Players: []int{n},
				Workers: bo.Workers, Bots: []string{skill.Bot}, Check: bo.Check, Progress: step})
			done()
		}
	}
	pairs := 0
	for _, ce := range flagged {
		pairs += bases[ce.Headline()].Uses(ce.Card)
	}
	step, done := progress.start(Messages.Err("effects_progress_skill_pairs", id, skill.Bot), pairs)
	defer done()
	out := map[string]*sim.SkillEffect{}
	for _, ce := range flagged {
		n := ce.Headline()
		s := sim.SkillCheck(ctx, bases[n].WithProgress(step), skill.Bot, ce, n, neutrals[ce.Card])
		out[ce.Card] = &s
	}
	return out
}

// maxTries bounds how many values sim.Suggest plays for knob k: two
// bisections over the values on either side of it and two more.
func maxTries(k *schema.Knob) int {
	n := max(k.Max-k.Value, k.Value-k.Min)
	return min(n, 2*bits.Len(uint(n))+2)
}

// overlooked is why the bots may misjudge a card of sheet: what they say
// they overlook on it (sim.Overlooker), once each.
func overlooked(e sim.Engine, bots []string, sheet string) []*schema.Message {
	o, ok := e.(sim.Overlooker)
	if !ok {
		return nil
	}
	var out []*schema.Message
	seen := map[string]bool{}
	for _, bot := range bots {
		for _, ov := range o.Overlooks(bot) {
			if key := ov.Why.In(schema.English); ov.Sheet == sheet && !seen[key] {
				seen[key] = true
				out = append(out, ov.Why)
			}
		}
	}
	return out
}

// effectSentence is one finding in l's language: the card, what it does to
// the seat that uses it against its kind, at which player counts, how sure,
// and the suggested change.
func effectSentence(l *schema.Lang, g *schema.Game, ce sim.CardEffect, d *schema.Design, name string, sug *sim.Suggestion) string {
	card := ce.Card
	if name != "" {
		card = l.Pick(name+"（"+ce.Card+"）", name+" ("+ce.Card+")")
	}
	kind := g.Spec(ce.Kind).JA
	if l.English() {
		kind = ce.Kind
	}
	var at sim.EffectAtSize
	for _, e := range ce.Effects {
		if e.Flagged && (at.Games == 0 || abs(e.Win-e.Median) > abs(at.Win-at.Median)) {
			at = e
		}
	}
	key := "effects_weak"
	if ce.Stronger {
		key = "effects_strong"
	}
	counts := report.PlayersText(l, ce.Counts)
	text := render(l, key, card, kind, at.Win-at.Median, counts, at.WinLow-at.Median, at.WinHigh-at.Median, at.Basis())
	switch {
	case sug == nil:
		text += render(l, "effects_no_knob")
	default:
		k := d.Knob
		sk := "effects_suggest"
		switch {
		case sug.From == sug.To:
			sk = "effects_at_end"
		case !sug.Reached:
			sk = "effects_unreached"
		}
		text += render(l, sk, ce.Card, k.Column.Header(l), k.Cell, sug.From, sug.To, sug.Before, sug.After, counts, sug.Games)
	}
	return text + l.Pick("。", ".")
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// WriteText writes the scan for a person: its head line, then one
// sentence per finding, strongest deviation first.
func WriteText(w io.Writer, run *report.Effects, l *schema.Lang) {
	fmt.Fprintln(w, render(l, "effects_head", run.Game, strings.Join(run.Bots, ","), run.Games, run.Band))
	if len(run.Findings) == 0 {
		fmt.Fprintln(w, render(l, "effects_none"))
	}
	for i, f := range run.Findings {
		fmt.Fprintf(w, "%d. %s\n", i+1, l.Pick(f.JA, f.EN))
	}
	for _, r := range run.Refused {
		fmt.Fprintln(w, l.Pick(r.JA, r.EN))
	}
}

// Digest is the start of the SHA-256 of a file, so that the report can
// tell whether the workbook changed since the scan; "" when it cannot be read.
func Digest(path string) string {
	book, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(book)
	return hex.EncodeToString(sum[:8])
}

// render is the catalogue message key in l's language.
func render(l *schema.Lang, key string, args ...any) string {
	return Messages.Err(key, args...).In(l)
}

// Save writes run as out/effects-GAME.json and returns that file's path.
func Save(out string, run *report.Effects) (string, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	file := filepath.Join(out, report.EffectsFile(run.Game))
	data, err := json.MarshalIndent(run, "", "  ")
	if err != nil {
		return "", err
	}
	return file, os.WriteFile(file, append(data, '\n'), 0o644)
}

// Load reads the game's last scan from out, and whether its workbook (the
// one res was read from) changed since; nil when there is none to read.
func Load(out string, game string, res schema.Result) (*report.Effects, bool) {
	data, err := os.ReadFile(filepath.Join(out, report.EffectsFile(game)))
	if err != nil {
		return nil, false
	}
	var e report.Effects
	if json.Unmarshal(data, &e) != nil || e.Game != game {
		return nil, false
	}
	return &e, e.Workbook != Digest(res.File)
}
