// Package tune is `bifrost tune`: a coordinate search over the cells a
// designer frees (card fields and Rules parameters, each over a range) for
// values that meet the workbook's balance targets — the seat gap within
// CheckMaxSeatGap at every player count, and the effect of every freed card
// design within CheckCardEffectBand of its kind's median — every trial
// played on the same seeds; then the proposal written as a copy of the
// workbook and measured against the original on fresh seeds. The cells
// come from --free and --rule, or from the workbook's 調整 (Tune) column
// (Marked).
package tune

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/cmd/bifrost/internal/sweepgrid"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// BudgetPerField is the search's default budget: trials per free field.
const BudgetPerField = 40

// FreshOffset is added to the search's seed for the games that verify the
// proposal: seeds the search never played.
const FreshOffset = 1 << 32

// Options are one tuning run.
type Options struct {
	Game   *sim.Definition
	Src    string        // the workbook, never written
	Result schema.Result // its validation, without errors
	Engine sim.Engine    // built from Result
	Fields []Field
	// Batch is every trial's batch: seed, games, player counts, bots, workers.
	Batch  sim.BatchOptions
	Budget int    // the most points the search may measure; 0: BudgetPerField per field
	Out    string // where the proposal is written
	Lang   *schema.Lang
	Step   func(trials int) // told of the trials as they are played, when set
}

// MaxTrials is the search's budget: Budget, or BudgetPerField per field.
func (o Options) MaxTrials() int {
	if o.Budget > 0 {
		return o.Budget
	}
	return BudgetPerField * len(o.Fields)
}

// Run is a tuning run: the search, the proposal, and the original and the
// proposal measured on fresh seeds.
type Run struct {
	Game      string   `json:"game"`
	Seed      uint64   `json:"seed"`
	FreshSeed uint64   `json:"fresh_seed"`
	Games     int      `json:"games"`
	Players   []int    `json:"players"`
	Bots      []string `json:"bots"`
	MaxGap    int      `json:"max_seat_gap"`
	Band      int      `json:"card_effect_band"`
	Fields    []Field  `json:"fields"`
	Search    Path     `json:"search"`
	Proposal  []string `json:"proposal"` // each field's text in the proposal
	Out       string   `json:"out"`
	Diff      []string `json:"diff"`   // the proposal's changes, as bifrost diff prints them
	Before    Measure  `json:"before"` // the original, on fresh seeds
	After     Measure  `json:"after"`  // the proposal, on the same fresh seeds
	// DesignChanges are the design measures per player count, the
	// proposal's against the original's, paired game for game on the
	// fresh seeds.
	DesignChanges []sim.Change `json:"design_changes,omitempty"`
	// Met: the proposal meets every target on the fresh seeds.
	Met bool `json:"met"`
}

// Tune searches, writes the proposal to o.Out and measures it. The run
// depends on the seed, not on the number of workers.
func Tune(ctx context.Context, o Options) (*Run, error) {
	dir, err := os.MkdirTemp("", "bifrost-tune-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	t := &trials{Options: o, kinds: map[string]bool{}, path: filepath.Join(dir, o.Game.ID()+".xlsx")}
	for _, f := range o.Fields {
		if f.Design != "" && !slices.Contains(t.designs, f.Design) {
			t.designs = append(t.designs, f.Design)
			t.kinds[o.Game.Schema.Designs(o.Result.Book)[f.Design].Sheet] = true
		}
	}
	bo := o.Batch
	if len(t.designs) > 0 {
		t.medians, _ = t.scan(ctx, o.Result, o.Engine, sim.PlayBase(ctx, o.Engine, bo))
	}
	start, sizes := make([]int, len(o.Fields)), make([]int, len(o.Fields))
	for i, f := range o.Fields {
		start[i], sizes[i] = f.From, len(f.Values)
	}
	var failed error
	path := Search(start, sizes, o.MaxTrials(), func(at []int) Measure {
		if failed != nil {
			return Measure{Refused: failed.Error()}
		}
		if err := t.write(t.path, at); err != nil {
			failed = err
			return Measure{Refused: err.Error()}
		}
		m, err := t.measure(ctx, t.path, bo, false)
		failed = err
		return m
	}, func() {
		if o.Step != nil {
			o.Step(1)
		}
	})
	if failed != nil {
		return nil, failed
	}
	run := &Run{Game: o.Game.ID(), Seed: bo.Seed, FreshSeed: bo.Seed + FreshOffset, Games: bo.Games, Players: bo.Players, Bots: bo.Bots,
		MaxGap: o.Result.Rules.Int("CheckMaxSeatGap"), Band: o.Result.Rules.Int("CheckCardEffectBand"),
		Fields: o.Fields, Search: path, Out: o.Out}
	for i, f := range o.Fields {
		run.Proposal = append(run.Proposal, f.Text(path.At[i]))
	}
	// The proposal is written as a trial's workbook is, then put
	// in place as every output is: atomically, and never under --src.
	if err := t.write(t.path, path.At); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(t.path)
	if err != nil {
		return nil, err
	}
	if err := outfile.WriteFile(o.Out, data); err != nil {
		return nil, err
	}
	if run.Diff, err = diff(o.Game.Schema, o.Src, o.Out); err != nil {
		return nil, err
	}
	fresh := bo
	fresh.Seed, fresh.Check = run.FreshSeed, true
	if run.Before, err = t.measure(ctx, o.Src, fresh, true); err != nil {
		return nil, err
	}
	if run.After, err = t.measure(ctx, o.Out, fresh, true); err != nil {
		return nil, err
	}
	run.DesignChanges = sim.PairDesign(run.Before.outcomes, run.After.outcomes, run.Players)
	run.Met = run.After.Refused == "" && len(run.After.Missed()) == 0
	return run, nil
}

// trials measures points of the search.
type trials struct {
	Options
	path    string          // where each trial's workbook is written
	designs []string        // the freed card designs, whose effects are targets
	kinds   map[string]bool // their kinds
	// medians is each kind's median effect per player count, measured once
	// on the original workbook: the search holds the freed designs to it.
	medians map[string]map[int]float64
}

// write writes the workbook with the fields at at (those away from their
// start only) to dst, a trial's file.
func (t *trials) write(dst string, at []int) error {
	var axes []sweepgrid.Axis
	var texts []string
	for i, f := range t.Fields {
		if at[i] != f.From {
			axes, texts = append(axes, f.Axis), append(texts, f.Text(at[i]))
		}
	}
	return workbook.Edit(t.Src, dst, func(f *excelize.File) error { return sweepgrid.Apply(f, t.Game.Schema, axes, texts) })
}

// measure plays the batch bo on the workbook at path and measures every
// target. fresh scans the freed designs' kinds on these very games for
// their medians; otherwise the medians of the original are used. An error
// is one that stops the run (a file that cannot be read); what the
// workbook's checks or the engine refuse is the measure's Refused.
func (t *trials) measure(ctx context.Context, path string, bo sim.BatchOptions, fresh bool) (Measure, error) {
	res, err := targets.Target{Game: t.Game, Path: path}.Validate(t.Lang) // as `bifrost validate` does
	if err != nil {
		return Measure{}, err
	}
	for _, p := range res.Problems {
		if p.Severity == schema.Error {
			return Measure{Refused: strings.Trim(p.Sheet+"!"+p.Cell, "!") + ": " + p.Message}, nil
		}
	}
	e, err := t.Game.New(res.Data)
	if err != nil {
		return Measure{Refused: t.Lang.ErrText(err)}, nil
	}
	if fresh {
		bo.Outcomes = make([]sim.Outcome, bo.Games)
	}
	rep := sim.NewReport(e, bo, sim.Run(ctx, e, bo))
	r := res.Rules
	if rep.Unfinished > r.Int("CheckMaxUnfinished") || rep.ViolationCount > r.Int("CheckMaxViolations") {
		return Measure{Refused: Messages.Err("tune_broken", rep.Unfinished, rep.ViolationCount, rep.Games).In(t.Lang)}, nil
	}
	m := Measure{Length: map[int]float64{}, outcomes: bo.Outcomes}
	for _, n := range rep.PlayerCounts {
		m.Length[n] = rep.Length[strconv.Itoa(n)].Mean
		if d, ok := rep.Design[strconv.Itoa(n)]; ok {
			if m.Design == nil {
				m.Design = map[int]sim.DesignReport{}
			}
			m.Design[n] = d
		}
		if gap, byOrder, ok := gate.SeatGap(rep, n); ok {
			target := map[bool]string{false: "seat_gap", true: "turn_order_gap"}[byOrder]
			m.Figures = append(m.Figures, Figure{Target: target, Players: n, Value: round1(gap), Limit: float64(r.Int("CheckMaxSeatGap"))})
		}
	}
	if len(t.designs) == 0 {
		return m, nil
	}
	base := sim.PlayBase(ctx, e, bo)
	medians, effects := t.medians, map[string][]sim.EffectAtSize{}
	if fresh {
		medians, effects = t.scan(ctx, res, e, base)
	}
	band := float64(r.Int("CheckCardEffectBand"))
	designs := t.Game.Schema.Designs(res.Book)
	for _, id := range t.designs {
		d := designs[id]
		if d == nil { // no longer a design: nothing of it is tuned
			continue
		}
		if !fresh {
			ne := e // a blank card already: it adds nothing over itself
			nb, ok := d.Neutral(res.Book)
			if ok {
				if ne, err = build(t.Game, nb, t.Lang); err != nil {
					return Measure{Refused: Messages.Err("tune_blank", id, t.Lang.ErrText(err)).In(t.Lang)}, nil
				}
			}
			for _, p := range base.Delta(ctx, id, ne) {
				// The effect is the card against its blank: minus the change.
				effects[id] = append(effects[id], sim.EffectAtSize{Paired: sim.Paired{Players: p.Players, Games: p.Games, Changed: p.Changed, Blank: !ok, Win: -p.Win, WinLow: -p.WinHigh, WinHigh: -p.WinLow}})
			}
		}
		for _, at := range effects[id] {
			med, ok := medians[d.Sheet][at.Players]
			if at.Players == 0 || !at.Judged() || !ok {
				continue
			}
			m.Figures = append(m.Figures, Figure{Target: "card_effect", Players: at.Players, Card: id, Value: round1(math.Abs(at.Win - med)), Limit: band,
				Effect: at.Win, Low: at.WinLow, High: at.WinHigh, Median: med, Games: at.Games})
		}
	}
	return m, nil
}

// scan measures every design of the freed designs' kinds against its blank
// card on base, as `bifrost effects` does, and returns each kind's median
// effect per player count and each design's effects.
func (t *trials) scan(ctx context.Context, res schema.Result, e sim.Engine, base *sim.Base) (map[string]map[int]float64, map[string][]sim.EffectAtSize) {
	designs := t.Game.Schema.Designs(res.Book)
	var probes []sim.Probe
	for _, id := range e.Cards() {
		d := designs[id]
		if d == nil || !t.kinds[d.Sheet] || base.Uses(id) == 0 {
			continue
		}
		neutral, ok := d.Neutral(res.Book)
		probe := sim.Probe{Card: id, Kind: d.Sheet, Neutral: func() (sim.Engine, error) { return build(t.Game, neutral, t.Lang) }}
		if !ok {
			probe.Neutral, probe.Blank = func() (sim.Engine, error) { return e, nil }, true
		}
		probes = append(probes, probe)
	}
	medians, effects := map[string]map[int]float64{}, map[string][]sim.EffectAtSize{}
	for _, ce := range sim.CardEffects(ctx, base, probes, float64(res.Rules.Int("CheckCardEffectBand"))) {
		if medians[ce.Kind] == nil {
			medians[ce.Kind] = map[int]float64{}
		}
		for _, at := range ce.Effects {
			medians[ce.Kind][at.Players] = at.Median
		}
		effects[ce.Card] = ce.Effects
	}
	return medians, effects
}

// build validates a workbook held in memory (a design made blank) and
// builds its engine.
func build(game *sim.Definition, book *schema.Book, lang *schema.Lang) (sim.Engine, error) {
	r := game.Schema.Validate(book, lang)
	for _, p := range r.Problems {
		if p.Severity == schema.Error {
			return nil, schema.Errorf("%s", "%s", p.Message)
		}
	}
	return game.New(r.Data)
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
