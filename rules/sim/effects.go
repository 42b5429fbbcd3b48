package sim

import (
	"cmp"
	"context"
	"math"
	"slices"
	"sort"
)

// Causal card effects. A card's effect on the seat that uses it is found by
// common random numbers: the same seeded games are played on the game as it
// is (the base) and on a variant in which only that card differs, with the
// same bots. In each game in which the card was used in the base, every
// seat's win changes by some amount between the two; the card's effect is
// the slope of that change on the seat's share of the card's uses (its
// acquisitions, plays and resolutions) beyond an even share, the share
// taken as the mean of the two games' so that neither side selects the
// seats (a seat chosen for using the card in the base game alone would be
// chosen for how its base game went, and its change would regress to the
// mean: the correlation of "win when used" again), and so that a card
// every seat uses alike, whose changes cancel out between the seats, does
// not pass for a card that does nothing. For a card one seat uses alone the
// effect is that seat's change of win rate, scaled by n/(n-1). Unlike "the
// win rate of the seats that used it", it follows the card, not the game:
// everything but the card is the same on both sides.

// Base is a batch played once and kept game by game, so that variants can
// be paired with it: each game's setup, its clean result and how often each
// seat used each card.
type Base struct {
	engine  Engine
	opts    BatchOptions
	games   []baseGame
	uses    [][]use // per card: the clean games in which a seat used it
	players []int
	step    func(games int) // told of the games Delta plays; nil: nobody
}

// WithProgress is b telling step how many games its Delta plays as they
// are played (from any worker); b itself is left as it was.
func (b *Base) WithProgress(step func(games int)) *Base {
	c := *b
	c.step = step
	return &c
}

type baseGame struct {
	cfg    Config
	clean  bool
	winner int
	scores []int
	trace  uint64 // the game's decisions and events, hashed (trace)
}

// trace hashes a game's decisions and events in order (FNV-1a over their
// fields), so that a pair of games can tell whether a card changed
// anything in it without keeping the games: a card that comes into play
// makes an event (it is played, or its effect acts) or a decision differ.
type trace uint64

const traceStart trace = 14695981039346656037

func (h *trace) mix(vs ...uint64) {
	for _, v := range vs {
		*h = (*h ^ trace(v)) * 1099511628211
	}
}

func (h *trace) choice(seat int, c Choice) {
	h.mix(1, uint64(seat), uint64(c.Kind), uint64(uint16(c.A)), uint64(uint16(c.B)), uint64(uint16(c.C)))
}

func (h *trace) event(ev Event) {
	h.mix(2, uint64(ev.Kind), uint64(uint8(ev.Seat)), uint64(uint32(ev.Card)), uint64(uint32(ev.N)), uint64(uint32(ev.M)))
}

// use is one game in which seats used a card: how often, by seat.
type use struct {
	game  int32
	count [8]uint16
}

// PlayBase plays the batch o on e and keeps it for pairing. The result does
// not depend on o.Workers.
func PlayBase(ctx context.Context, e Engine, o BatchOptions) *Base {
	if len(o.Players) == 0 {
		o.Players = e.PlayerCounts()
	}
	if len(o.Bots) == 0 {
		o.Bots = []string{"random"}
	}
	b := &Base{engine: e, opts: o, games: make([]baseGame, o.Games), players: o.Players}
	used := make([][]use, o.Games) // per game: its uses, the card's index in the game field
	playAll(ctx, o.Workers, o.Games, 8, func() (func(int), func()) {
		counts := map[int32]*[8]uint16{}
		p := NewPlayer(e, o.Bots, nil)
		p.Check = o.Check
		var h trace
		p.OnChoice = func(_ Game, seat int, c Choice) { h.choice(seat, c) }
		p.OnEvent = func(ev Event) {
			h.event(ev)
			if ev.Card >= 0 && ev.Kind < EventEngine {
				c := counts[ev.Card]
				if c == nil {
					c = new([8]uint16)
					counts[ev.Card] = c
				}
				if c[ev.Seat&7] < math.MaxUint16 {
					c[ev.Seat&7]++
				}
			}
		}
		return func(g int) {
			cfg := job(o.Players, g)
			clear(counts)
			h = traceStart
			r := p.Play(cfg, GameSeed(o.Seed, cfg.Players, cfg.Index))
			b.games[g] = baseGame{cfg: cfg, clean: clean(&r), winner: r.Winner, scores: r.Scores, trace: uint64(h)}
			for card, c := range counts {
				used[g] = append(used[g], use{game: card, count: *c})
			}
		}, nil
	}, o.Progress)
	b.uses = make([][]use, len(e.Cards()))
	for g, us := range used {
		if !b.games[g].clean {
			continue
		}
		slices.SortFunc(us, func(a, b use) int { return cmp.Compare(a.game, b.game) })
		for _, u := range us {
			b.uses[u.game] = append(b.uses[u.game], use{game: int32(g), count: u.count})
		}
	}
	return b
}

// Uses is the number of clean base games in which a seat used card.
func (b *Base) Uses(card string) int {
	i := slices.Index(b.engine.Cards(), card)
	if i < 0 {
		return 0
	}
	return len(b.uses[i])
}

// Paired is a paired change over games: the change of the win rate, in
// points, and of the score of a seat that makes every use of the card
// rather than an even share, with 95 % intervals, over the games the card
// changed. A pair of games the card did not change (the same decisions and
// the same result on both sides) changes nothing, so leaving those games
// out only scales the mean by Games/Changed: it measures what the card
// does where it comes into play, not how often it does (a card whose
// condition is rarely met would otherwise read as weak however strong it
// is when played), and it sets aside nothing a real change could show.
type Paired struct {
	Players int `json:"players"` // 0: every player count pooled
	Games   int `json:"games"`   // paired games in which the seats used the card unevenly
	// Changed is how many of them the card changed: a decision or the
	// result differs between the two sides. Win and Score are means over
	// these.
	Changed int `json:"changed_games"`
	// Blank: the card is its own blank card (nothing of it to empty), so
	// its effect is 0 by construction and changes no game.
	Blank     bool    `json:"blank,omitempty"`
	Win       float64 `json:"win_pt"`
	WinLow    float64 `json:"win_pt_low"`
	WinHigh   float64 `json:"win_pt_high"`
	Score     float64 `json:"score"`
	ScoreLow  float64 `json:"score_low"`
	ScoreHigh float64 `json:"score_high"`
	se        float64 // the standard error of Win
}

// slope is one game's share of the effect: Σ x·Δwin, Σ x·Δscore and Σ x²
// over its seats, x being a seat's share of the card's uses less 1/n.
type slope struct {
	win, score, xx float64
	ok, changed    bool
}

// Delta plays, on variant, the base games in which a seat used card, with
// the same seeds and bots, and returns the change (variant minus base) of
// the win and score of a seat that makes the card's uses: per player
// count, then pooled. Games that broke a rule or did not finish on the
// variant are left out. The result does not depend on the number of workers.
func (b *Base) Delta(ctx context.Context, card string, variant Engine) []Paired {
	return b.deltaAt(ctx, card, variant, nil)
}

// deltaAt is Delta playing only the games at the player counts in at (nil:
// every count); the other counts have no games.
func (b *Base) deltaAt(ctx context.Context, card string, variant Engine, at []int) []Paired {
	i := slices.Index(b.engine.Cards(), card)
	var uses []use
	if i >= 0 {
		uses = b.uses[i]
	}
	if at != nil {
		uses = slices.DeleteFunc(slices.Clone(uses), func(u use) bool { return !slices.Contains(at, b.games[u.game].cfg.Players) })
	}
	games := make([]slope, len(uses))
	vi := int32(slices.Index(variant.Cards(), card))
	playAll(ctx, b.opts.Workers, len(uses), 4, func() (func(int), func()) {
		p := NewPlayer(variant, b.opts.Bots, nil)
		p.Check = b.opts.Check
		var count [8]uint16 // the variant game's uses of the card, by seat
		var h trace
		p.OnChoice = func(_ Game, seat int, c Choice) { h.choice(seat, c) }
		p.OnEvent = func(ev Event) {
			h.event(ev)
			if ev.Card == vi && ev.Kind < EventEngine && count[ev.Seat&7] < math.MaxUint16 {
				count[ev.Seat&7]++
			}
		}
		return func(k int) {
			u := uses[k]
			base := &b.games[u.game]
			n := base.cfg.Players
			count = [8]uint16{}
			h = traceStart
			r := p.Play(base.cfg, GameSeed(b.opts.Seed, n, base.cfg.Index))
			if !clean(&r) {
				return
			}
			shareBase, shareVariant := shares(u.count[:n]), shares(count[:n])
			sl := slope{ok: true, changed: uint64(h) != base.trace || r.Winner != base.winner || !slices.Equal(r.Scores, base.scores)}
			scale := float64(n) / float64(n-1)
			for s := range n {
				x := ((shareBase[s]+shareVariant[s])/2 - 1/float64(n)) * scale
				sl.win += x * float64(b2i(r.Winner == s)-b2i(base.winner == s))
				sl.score += x * float64(r.Scores[s]-base.scores[s])
				sl.xx += x * x
			}
			games[k] = sl
		}, nil
	}, b.step)
	out := make([]Paired, 0, len(b.players)+1)
	for _, n := range append(slices.Clone(b.players), 0) {
		var w, sc []float64
		paired := 0
		for k, u := range uses {
			if games[k].ok && games[k].xx > 0 && (n == 0 || b.games[u.game].cfg.Players == n) {
				paired++
				if games[k].changed {
					w, sc = append(w, games[k].win), append(sc, games[k].score)
				}
			}
		}
		p := Paired{Players: n, Games: paired, Changed: len(w)}
		p.Win, p.WinLow, p.WinHigh, p.se = meanInterval(w, 100, 1) // a swing of one win
		p.Score, p.ScoreLow, p.ScoreHigh, _ = meanInterval(sc, 1, 0)
		out = append(out, p)
	}
	return out
}

// blank is Delta of card against itself, without playing: per player
// count, then pooled, the base games in which the seats used it unevenly,
// each with no change.
func (b *Base) blank(card string) []Paired {
	var uses []use
	if i := slices.Index(b.engine.Cards(), card); i >= 0 {
		uses = b.uses[i]
	}
	out := make([]Paired, 0, len(b.players)+1)
	for _, n := range append(slices.Clone(b.players), 0) {
		p := Paired{Players: n, Blank: true}
		for _, u := range uses {
			if m := b.games[u.game].cfg.Players; n == 0 || m == n {
				for _, x := range shares(u.count[:m]) {
					if x != 1/float64(m) {
						p.Games++
						break
					}
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// shares is each seat's share of a card's uses in one game, or an even
// share each when nobody used it.
func shares(count []uint16) []float64 {
	total := 0
	for _, c := range count {
		total += int(c)
	}
	out := make([]float64, len(count))
	for s, c := range count {
		if total == 0 {
			out[s] = 1 / float64(len(count))
		} else {
			out[s] = float64(c) / float64(total)
		}
	}
	return out
}

// meanInterval is the mean of xs times scale with its 95 % interval and
// standard error, summed in order so that it is reproducible. With a
// swing, the variance counts two more values, the mean plus and minus the
// swing (the mean itself stays): few values all alike (a card that came
// into play in 17 games and moved no win in any) would otherwise have a
// variance of 0, which a normal interval takes for certainty; over many
// values the two weigh nothing (as Agresti and Coull's two successes and
// two failures do for a proportion).
func meanInterval(xs []float64, scale, swing float64) (mean, low, high, se float64) {
	if len(xs) == 0 {
		return 0, 0, 0, 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	m := sum / float64(len(xs))
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	switch {
	case swing > 0:
		se = math.Sqrt((ss+2*swing*swing)/float64(len(xs)+1)/float64(len(xs))) * scale
	case len(xs) > 1:
		se = math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs))) * scale
	}
	m *= scale
	return round2(m), round2(m - z95*se), round2(m + z95*se), se
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// negate turns a change (variant minus base) into an effect (base minus
// variant): what the card as it is adds over the variant.
func negate(p Paired) Paired {
	p.Win, p.WinLow, p.WinHigh = -p.Win, -p.WinHigh, -p.WinLow
	p.Score, p.ScoreLow, p.ScoreHigh = -p.Score, -p.ScoreHigh, -p.ScoreLow
	return p
}

// Probe is one card to scan: its ID, its kind (cards are compared with the
// median of their kind) and the game with the card at its kind's neutral
// baseline (a blank card). Blank says the card is its own blank card: its
// effect is 0 without playing, and Neutral is not called.
type Probe struct {
	Card, Kind string
	Neutral    func() (Engine, error)
	Blank      bool
}

// CardEffect is one card's effect on the seats that use it: their win rate
// with the card as it is minus with the card at its neutral baseline, per
// player count and pooled (Players 0), set against the median effect of
// its kind. A card is flagged at a player count when its effect differs
// from that median by more than the band and the difference holds after
// the Benjamini–Hochberg correction over every card and player count.
type CardEffect struct {
	Card    string         `json:"card"`
	Kind    string         `json:"kind"`
	Effects []EffectAtSize `json:"effects"`
	// Refused is set, instead of Effects, when the neutral game could not be
	// built (the blank card breaks a rule of the workbook).
	Refused error `json:"-"`
	Flagged bool  `json:"flagged"`
	// Stronger: the flagged card does more than its kind's median (false:
	// less), at the player count where it is furthest from it.
	Stronger bool    `json:"stronger"`
	Counts   []int   `json:"flagged_players,omitempty"` // the player counts at which it is flagged
	Dev      float64 `json:"deviation_pt"`              // effect minus median at the pooled counts, in points
}

// EffectAtSize is a card's effect at one player count (0: pooled) with its
// kind's median and the adjusted p-value of their difference.
type EffectAtSize struct {
	Paired
	Median  float64 `json:"kind_median_pt"`
	Q       float64 `json:"q"`
	Flagged bool    `json:"flagged"`
}

// EffectMeasure names the measure CardEffects makes (the mean over the
// games the card changed), for a saved run to say which one it holds.
const EffectMeasure = "changed_games"

// MinUses is how many paired games a card needs at a player count for its
// effect to count towards its kind's median, or to be flagged or tuned.
const MinUses = 20

// MinChanged is how many of them the card must have changed for its effect
// to be judged: fewer changed games are too few for the normal interval
// of their mean, and a card that changed none never came into play (a bot
// never played it, or its condition was never met), which says nothing of
// what it does. A blank card needs none: it does nothing by construction.
const MinChanged = 10

// Judged says whether p rests on enough games to be judged against its
// kind's median: MinUses paired games, of which MinChanged changed unless
// the card is blank.
func (p Paired) Judged() bool {
	return p.Games >= MinUses && (p.Blank || p.Changed >= MinChanged)
}

// Basis is how many games p's mean rests on: the games the card changed,
// or, for a blank card, every paired game (each a change of 0).
func (p Paired) Basis() int {
	if p.Blank {
		return p.Games
	}
	return p.Changed
}

// With is the effect, on p's scale (a mean over the games p's card
// changed), of p's change followed by d's, d measured on the same base
// games: the two means are weighed by the games each changed.
func (p Paired) With(d Paired) float64 {
	if p.Changed == 0 {
		return d.Win
	}
	return p.Win + d.Win*float64(d.Changed)/float64(p.Changed)
}

// CardEffects measures every probe against base and flags the cards whose
// effect lies outside band (in win-rate points) around their kind's median.
// Flagged cards come first, the largest deviation first; the rest follow
// by kind and ID. The result does not depend on base's number of workers.
func CardEffects(ctx context.Context, base *Base, probes []Probe, band float64) []CardEffect {
	return CardEffectsAgainst(ctx, base, probes, band, nil)
}

// Medians is each kind's median effect, in win-rate points, by player
// count (0: pooled), measured elsewhere (an earlier scan).
type Medians map[string]map[int]float64

// CardEffectsAgainst is CardEffects with the medians of the kinds that
// known has taken from it rather than from the probes: so that a few
// cards (those a change touched) are judged against the median of every
// card of their kind without measuring the others again. A kind, or a
// player count, known lacks takes its median from the probes, as
// CardEffects does.
func CardEffectsAgainst(ctx context.Context, base *Base, probes []Probe, band float64, known Medians) []CardEffect {
	out := make([]CardEffect, len(probes))
	for i, pr := range probes {
		out[i] = CardEffect{Card: pr.Card, Kind: pr.Kind}
		if pr.Blank {
			for _, p := range base.blank(pr.Card) {
				out[i].Effects = append(out[i].Effects, EffectAtSize{Paired: p, Q: 1})
			}
			continue
		}
		e, err := pr.Neutral()
		if err != nil {
			out[i].Refused = err
			continue
		}
		for _, p := range base.Delta(ctx, pr.Card, e) {
			out[i].Effects = append(out[i].Effects, EffectAtSize{Paired: negate(p), Q: 1})
		}
	}
	// Kind medians per player count.
	sizes := append(slices.Clone(base.players), 0)
	for j, n := range sizes {
		byKind := map[string][]float64{}
		for _, ce := range out {
			if len(ce.Effects) > 0 && ce.Effects[j].Judged() {
				byKind[ce.Kind] = append(byKind[ce.Kind], ce.Effects[j].Win)
			}
		}
		for i := range out {
			if len(out[i].Effects) == 0 {
				continue
			}
			if m, ok := known[out[i].Kind][n]; ok {
				out[i].Effects[j].Median = m
			} else {
				out[i].Effects[j].Median = median(byKind[out[i].Kind])
			}
		}
	}
	// One test per card and player count: does its effect differ from its
	// kind's median?
	type ref struct{ i, j int }
	var tests []ref
	for i := range out {
		for j := range out[i].Effects {
			e := &out[i].Effects[j]
			if e.Players != 0 && e.Judged() {
				e.Q = pValue(e.Win-e.Median, e.se)
				tests = append(tests, ref{i, j})
			}
		}
	}
	adjust(len(tests), func(k int) *float64 { return &out[tests[k].i].Effects[tests[k].j].Q })
	for i := range out {
		ce := &out[i]
		for j := range ce.Effects {
			e := &ce.Effects[j]
			dev := e.Win - e.Median
			if e.Players == 0 {
				ce.Dev = round2(dev)
				continue
			}
			if e.Judged() && e.Q < significance && math.Abs(dev) > band {
				e.Flagged = true
				ce.Counts = append(ce.Counts, e.Players)
				ce.Flagged = true
			}
		}
		ce.Stronger = ce.worst() > 0
	}
	slices.SortStableFunc(out, func(a, b CardEffect) int {
		if a.Flagged != b.Flagged {
			if a.Flagged {
				return -1
			}
			return 1
		}
		if a.Flagged {
			if c := cmp.Compare(math.Abs(b.worst()), math.Abs(a.worst())); c != 0 {
				return c
			}
		}
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Card, b.Card))
	})
	return out
}

// worst is the largest deviation from the median among the flagged player
// counts, with its sign.
func (ce *CardEffect) worst() float64 {
	w := 0.0
	for _, e := range ce.Effects {
		if d := e.Win - e.Median; e.Flagged && math.Abs(d) > math.Abs(w) {
			w = d
		}
	}
	return w
}

// Pooled is the effect over every player count.
func (ce *CardEffect) Pooled() EffectAtSize {
	if len(ce.Effects) == 0 {
		return EffectAtSize{}
	}
	return ce.Effects[len(ce.Effects)-1]
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// Suggestion is the value of a card's main number at which its effect
// comes within the band of its kind's median, found by paired batches.
type Suggestion struct {
	From int `json:"from"`
	To   int `json:"to"`
	// Before and After are the card's effect minus its kind's median, in
	// win-rate points, as it is and at To: the largest deviation among
	// the player counts at which it is flagged.
	Before float64 `json:"before_pt"`
	After  float64 `json:"after_pt"`
	// Reached is false when even the end of the range leaves the effect
	// outside the band; To is then that end.
	Reached bool `json:"reached"`
	Games   int  `json:"games"` // paired games behind After, over the flagged player counts
}

// Suggest bisects the values of a flagged card's main number, from its
// current value cur towards the end of [lo, hi] that weakens it (stronger:
// the card is too strong; up: a larger number makes it stronger), for the
// value nearest cur at which its effect comes within band of its kind's
// median at every player count at which it is flagged, playing only the
// games at those counts. at builds the game with the number at v; a value
// it refuses counts as not reaching the band.
func Suggest(ctx context.Context, base *Base, ce CardEffect, cur, lo, hi int, up bool, band float64, at func(v int) (Engine, error)) Suggestion {
	s := Suggestion{From: cur, To: cur, Before: round2(ce.worst())}
	var cands []int            // ordered from cur outwards
	lower := ce.Stronger == up // the number goes down to weaken a strong card or to strengthen a weak cost
	for v := cur; ; {
		if lower {
			v--
		} else {
			v++
		}
		if v < lo || v > hi {
			break
		}
		cands = append(cands, v)
	}
	if len(cands) == 0 {
		s.After = s.Before
		return s
	}
	type probe struct {
		dev   float64 // the largest deviation over the flagged counts, with its sign
		games int
		ok    bool
	}
	var flagged []int // the player counts at which it is flagged: the only ones a value is judged at
	for _, e := range ce.Effects {
		if e.Flagged {
			flagged = append(flagged, e.Players)
		}
	}
	tried := map[int]probe{}
	try := func(k int) probe {
		v := cands[k]
		if p, ok := tried[v]; ok {
			return p
		}
		p := probe{ok: false}
		if e, err := at(v); err == nil {
			p.ok = true
			for j, d := range base.deltaAt(ctx, ce.Card, e, flagged) {
				was := ce.Effects[j]
				if !was.Flagged {
					continue
				}
				dev := round2(was.With(d) - was.Median)
				p.games += d.Games
				if math.Abs(dev) > math.Abs(p.dev) {
					p.dev = dev
				}
				p.ok = p.ok && (math.Abs(dev) <= band || (dev < 0) == ce.Stronger)
			}
		}
		tried[v] = p
		return p
	}
	// The first candidate that reaches the band, assuming the effect moves
	// one way along the range; then, within the band, the one nearest the
	// median: before or after the first that crosses it.
	k := sort.Search(len(cands), func(k int) bool { return try(k).ok })
	if k == len(cands) {
		k = len(cands) - 1
	} else {
		s.Reached = true
		crossed := func(k int) bool { p := try(k); return p.ok && (p.dev <= 0) == ce.Stronger }
		c := k + sort.Search(len(cands)-k, func(j int) bool { return crossed(k + j) })
		if c < len(cands) {
			k = c
			if c > k && math.Abs(try(c-1).dev) <= band && math.Abs(try(c-1).dev) < math.Abs(try(c).dev) {
				k = c - 1
			}
			if math.Abs(try(k).dev) > band { // overshot past the band: stay at the first within it
				k = sort.Search(len(cands), func(k int) bool { return try(k).ok })
			}
		}
	}
	p := try(k)
	s.To, s.After, s.Games = cands[k], p.dev, p.games
	return s
}
