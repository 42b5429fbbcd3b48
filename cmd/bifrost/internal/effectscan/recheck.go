package effectscan

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strings"

	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// Changed lists, sorted, the card designs of now (the rows `effects`
// scans) whose rows differ from then's as `bifrost diff` finds them
// (schema.Diff): added rows and changed ones. A row that only moved within
// its sheet is no change.
func Changed(g *schema.Game, then, now *schema.Book) []string {
	designs := g.Designs(now)
	var ids []string
	for _, c := range schema.Diff(g.Records(then), g.Records(now)) {
		if d := designs[c.Key]; c.Kind != schema.Removed && d != nil && d.Sheet == c.Sheet {
			ids = append(ids, c.Key)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// KnownMedians are the kinds' medians of an earlier scan, by player count,
// when it is current for the rows a change did not touch: a scan with the
// same bots of a workbook whose digest is one of digests (the base
// revision's, or the current one's), measured as effects measures today
// (sim.EffectMeasure). Nil when run is not such a scan.
func KnownMedians(run *report.Effects, bots []string, digests ...string) sim.Medians {
	if run == nil || run.Workbook == "" || !slices.Contains(digests, run.Workbook) || !slices.Equal(run.Bots, bots) || run.Measure != sim.EffectMeasure {
		return nil
	}
	out := sim.Medians{}
	for _, ce := range run.Cards {
		if len(ce.Effects) == 0 || out[ce.Kind] != nil {
			continue
		}
		m := map[int]float64{}
		for _, e := range ce.Effects {
			m[e.Players] = e.Median
		}
		out[ce.Kind] = m
	}
	return out
}

// SampleDesigns is how many of a kind's other designs a recheck measures
// for the kind's median when no earlier scan gives it.
const SampleDesigns = 7

// Recheck is the effect of the card designs a change touched, measured
// alone (Rescan).
type Recheck struct {
	Game  string
	Games int
	Bots  []string
	Band  int
	Cards []sim.CardEffect // the changed designs that were measured
	// Unused are the changed designs no seat used in the batch.
	Unused []string
	// Sampled are, by kind, the other designs measured for the kind's
	// median, for the kinds known did not give.
	Sampled     map[string][]string
	Suggestions map[string]*sim.Suggestion // by card, for the flagged designs with a number to move
	designs     map[string]*schema.Design
	names       map[string]string
	schema      *schema.Game
}

// Rescan measures the designs ids of res (its workbook's changed rows)
// against their blank cards on the batch bo played on e, as Scan does,
// each against its kind's median in known; a kind known lacks takes its
// median from up to SampleDesigns of its other designs, the most used in
// the batch, measured on the same games. Flagged designs get a suggested
// value. With no ids it plays nothing and returns nil.
func Rescan(ctx context.Context, game *sim.Definition, res schema.Result, e sim.Engine, bo sim.BatchOptions, ids []string, known sim.Medians) *Recheck {
	if len(ids) == 0 {
		return nil
	}
	band := res.Rules.Int("CheckCardEffectBand")
	b := sim.PlayBase(ctx, e, bo)
	designs := game.Schema.Designs(res.Book)
	build := builder(game)
	r := &Recheck{Game: game.ID(), Games: bo.Games, Bots: bo.Bots, Band: band, Sampled: map[string][]string{},
		Suggestions: map[string]*sim.Suggestion{}, designs: designs, names: schema.CardNames(res.Data), schema: game.Schema}
	var probes []sim.Probe
	for _, id := range ids {
		d := designs[id]
		if d == nil || b.Uses(id) == 0 {
			r.Unused = append(r.Unused, id)
			continue
		}
		probes = append(probes, blankProbe(d, res.Book, e, build))
	}
	medians := sim.Medians{}
	for _, pr := range probes {
		if known[pr.Kind] != nil {
			medians[pr.Kind] = known[pr.Kind]
			continue
		}
		if _, done := medians[pr.Kind]; done {
			continue
		}
		var others []string
		for id, d := range designs {
			if d.Sheet == pr.Kind && !slices.Contains(ids, id) && b.Uses(id) > 0 {
				others = append(others, id)
			}
		}
		slices.SortFunc(others, func(x, y string) int { return cmp.Or(cmp.Compare(b.Uses(y), b.Uses(x)), cmp.Compare(x, y)) })
		others = others[:min(len(others), SampleDesigns)]
		slices.Sort(others)
		r.Sampled[pr.Kind] = others
		var sample []sim.Probe
		for _, id := range others {
			sample = append(sample, blankProbe(designs[id], res.Book, e, build))
		}
		m := map[int]float64{}
		for _, ce := range sim.CardEffects(ctx, b, sample, float64(band)) {
			for _, at := range ce.Effects {
				m[at.Players] = at.Median
			}
		}
		medians[pr.Kind] = m
	}
	r.Cards = sim.CardEffectsAgainst(ctx, b, probes, float64(band), medians)
	for _, ce := range r.Cards {
		if !ce.Flagged {
			continue
		}
		d := designs[ce.Card]
		if k := d.Knob; k != nil {
			s := sim.Suggest(ctx, b, ce, k.Value, k.Min, k.Max, k.Up, float64(band), func(v int) (sim.Engine, error) { return build(d.WithValue(res.Book, v)) })
			r.Suggestions[ce.Card] = &s
		}
	}
	return r
}

// Lines are the recheck's figures for stderr in l: what was measured and
// on what, where each kind's median comes from (file: the earlier scan
// used for known kinds, of games games), and each changed design's effect
// per player count. base names the revision compared with.
func (r *Recheck) Lines(l *schema.Lang, base, file string, games int) []string {
	var lines []string
	var measured []string
	kinds := map[string]bool{}
	for _, ce := range r.Cards {
		measured = append(measured, ce.Card)
		kinds[ce.Kind] = true
	}
	measured = append(measured, r.Unused...)
	slices.Sort(measured)
	bots := strings.Join(r.Bots, ",")
	lines = append(lines, render(l, "recheck_head", r.Game, base, len(measured), strings.Join(measured, ", "), r.Games, bots))
	for _, kind := range slices.Sorted(maps.Keys(kinds)) {
		name := r.kindName(l, kind)
		if others, ok := r.Sampled[kind]; ok {
			lines = append(lines, render(l, "recheck_median_sample", r.Game, name, len(others), strings.Join(others, ", "), file, r.Game))
		} else {
			lines = append(lines, render(l, "recheck_median_file", r.Game, name, file, bots, games))
		}
	}
	for _, ce := range r.Cards {
		if ce.Refused != nil {
			lines = append(lines, render(l, "effects_refused", ce.Card, ce.Refused))
			continue
		}
		for _, at := range ce.Effects {
			if at.Players == 0 || at.Games == 0 {
				continue
			}
			lines = append(lines, render(l, "recheck_line", r.Game, r.cardName(l, ce.Card), at.Win, at.Players, at.WinLow, at.WinHigh,
				r.kindName(l, ce.Kind), at.Median, at.Games, bots))
		}
	}
	for _, id := range r.Unused {
		lines = append(lines, render(l, "recheck_unused", r.Game, r.cardName(l, id), bots, r.Games))
	}
	return lines
}

// Problems are the changed designs whose effect lies outside the band
// around their kind's median: one error each at the cell of the design's
// main number (else at its sheet), saying what effects says of it,
// suggested value included. base names the revision compared with.
func (r *Recheck) Problems(res schema.Result, l *schema.Lang, base string) []schema.Problem {
	var ps []schema.Problem
	for _, ce := range r.Cards {
		if !ce.Flagged {
			continue
		}
		d := r.designs[ce.Card]
		text := effectSentence(l, r.schema, ce, d, r.names[ce.Card], r.Suggestions[ce.Card])
		p := schema.Problem{Severity: schema.Error, File: res.File, Message: render(l, "recheck_flag", base, text)}
		if k := d.Knob; k != nil {
			p.Sheet, p.Cell, _ = strings.Cut(k.Cell, "!")
			p.Column = k.Column.Header(l)
		} else if t, ok := res.Book.Lookup(d.Sheet, r.schema.Spec(d.Sheet).JA); ok {
			p.Sheet = t.Sheet
		}
		ps = append(ps, p)
	}
	return ps
}

func (r *Recheck) cardName(l *schema.Lang, id string) string {
	if name := r.names[id]; name != "" {
		return l.Pick(name+"（"+id+"）", name+" ("+id+")")
	}
	return id
}

func (r *Recheck) kindName(l *schema.Lang, kind string) string {
	return l.Pick(r.schema.Spec(kind).JA, kind)
}
