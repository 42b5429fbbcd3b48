package sim

import (
	"math"
	"math/rand/v2"
	"runtime/debug"
	"strings"

	"bifrost/schema"
)

// Result is the outcome of one game.
type Result struct {
	Config
	Seed      uint64
	Turns     int
	Decisions int
	Scores    []int
	Winner    int // -1 when the game did not finish cleanly or ended drawn
	First     int // the seat that took the first turn, for a TurnOrderer; else -1
	// Groups names the group (deck) each seat played, for a SeatGrouper
	// that finished when the Player reports card use (OnCardUse), whose
	// uses it attributes to decks; else nil. It is the Player's buffer,
	// valid until its next Play.
	Groups     []string
	Unfinished bool
	Violation  *Violation
	Design     Design // how the game went, when the Player measures (Measure)
}

// Design is what one game says about the game's design, in the terms of
// Ludii's metrics and TAG's drama measures: its decisions, and the score
// standings taken at the end of every turn.
type Design struct {
	Forced    int // decisions with one legal choice
	Branching int // legal choices summed over the decisions
	// LeadChanges counts the times the sole leader changed from one turn
	// to a later one (turns with the lead tied do not count).
	LeadChanges int
	// Deficit is how far the eventual winner was ever behind the best
	// other score (0: never behind).
	Deficit int
	// Settled is the share of the game's standings (one a turn and the
	// end) before the winner took the sole lead it kept to the end: 0 when
	// it led throughout, 1 when it never led alone (a tie-break win).
	Settled float64
	// Turns counts the turns that ended with a player to move (the seat of
	// the turn's first decision); Stalls those among them in which that
	// player neither changed its score nor acquired a card: turns in which
	// it could not improve its position (see DesignReport.Stalls).
	Turns, Stalls int
}

// Violation is a game that broke an invariant, offered no legal choice, or
// crashed. Spec is what plays it again; Replay is the command line that does,
// which the CLI writes from Spec (the harness leaves it empty).
type Violation struct {
	Seed      uint64     `json:"seed"`
	Players   int        `json:"players"`
	Turn      int        `json:"turn"`
	Message   string     `json:"message"`
	MessageJA string     `json:"message_ja,omitempty"` // the Japanese form, when the engine gave one
	Spec      ReplaySpec `json:"-"`
	Replay    string     `json:"replay"`
}

// Player plays games one after another, reusing its buffers. It is not safe
// for concurrent use; a batch gives each worker its own.
type Player struct {
	Engine Engine
	Bots   []string // bot names by seat; the list repeats when shorter
	Check  bool     // check invariants once the game is set up and after every decision
	// OnEvent, when set, sees every event (replays); card statistics are kept
	// in Stats either way.
	OnEvent func(Event)
	// OnChoice, when set, sees every decision before it is applied. The
	// game it is shown may be set up again for the next Play (Resetter):
	// it must not be kept.
	OnChoice func(g Game, seat int, c Choice)
	// OnStart, when set, sees the game once it is set up.
	OnStart func(g Game)
	// OnCardUse, when set, is told after each clean game (finished without
	// breaking a rule) which seats used each card the game touched; the
	// game's Result says who won and, for a SeatGrouper, which group
	// (deck) each seat played (Groups).
	OnCardUse func(card int32, seats uint8)
	// Measure records each game's Design: the scores at the end of every
	// turn are read for it, which a bare benchmark need not pay for.
	Measure bool

	choices []Choice
	stats   *Stats
	// board (Measure) holds the scores at the start and after every turn,
	// the players' side by side: its last row is what the turn began with.
	board   []int
	score   []int    // Measure: the scores as a turn ends, before they join board
	mover   int      // Measure: the seat of the turn's first decision, -1 before it
	gained  bool     // Measure: the mover acquired a card this turn
	groups  []string // Result.Groups, reused from game to game
	used    []uint8  // per card: bit s set when seat s used it this game
	touched []int32  // cards with a bit set, to clear them after the game
	// recordCards and recordAll are the two emit functions Play hands the
	// game: the card statistics alone, or those and OnEvent. They are
	// closures made once, so an event costs one call (a method value adds
	// a wrapper's).
	recordCards, recordAll func(Event)

	bots              []Bot      // this game's bots, by seat
	spare             Game       // the last game, for an engine that can reset it
	enginePCG, botPCG *rand.PCG  // the sources of engineRng and botRng
	engineRng, botRng *rand.Rand // the games' sources when they are not handed out
}

// NewPlayer returns a Player that records into stats (which may be nil).
func NewPlayer(e Engine, bots []string, stats *Stats) *Player {
	p := &Player{Engine: e, Bots: bots, stats: stats, used: make([]uint8, len(e.Cards()))}
	p.recordCards = func(ev Event) {
		// The fields apart, not the Event, so that it stays in registers.
		kind, card, seat := ev.Kind, ev.Card, ev.Seat
		// Unsigned, the card's bound also turns away -1 (no card).
		if kind >= EventEngine || uint32(card) >= uint32(len(p.used)) {
			return
		}
		if p.stats != nil {
			p.stats.cardEvent(kind, card)
		}
		u := &p.used[card]
		if *u == 0 {
			p.touched = append(p.touched, card)
		}
		*u |= 1 << uint(seat&7)
		// The mover first: it is -1 unless Play measures (and no card
		// event comes from seat -1), so the test is a foregone one then.
		if int(seat) == p.mover && kind == Acquired {
			p.gained = true
		}
	}
	p.recordAll = func(ev Event) {
		p.recordCards(ev)
		p.OnEvent(ev)
	}
	p.enginePCG, p.botPCG = new(rand.PCG), new(rand.PCG)
	p.engineRng, p.botRng = rand.New(p.enginePCG), rand.New(p.botPCG)
	return p
}

// Play plays one full game with the given seed and returns its result. A
// panic inside the engine or a bot becomes a Violation, never a crash.
func (p *Player) Play(cfg Config, seed uint64) (r Result) {
	r = Result{Config: cfg, Seed: seed, Winner: -1}
	var g Game
	defer func() {
		if x := recover(); x != nil {
			turn := 0
			if g != nil {
				turn = safeTurn(g)
			}
			r.Violation = p.violation(cfg, seed, turn, schema.Errorf("エンジンかボットが異常停止しました: %v（%s）", "panic: %v (at %s)", x, panicSite()))
			r.Winner = -1
		}
		p.finish(&r, g)
	}()
	g, botRng := p.newGame(cfg, seed)
	r.First = -1
	if p.OnStart != nil {
		p.OnStart(g)
	}
	emit := p.recordCards
	if p.OnEvent != nil {
		emit = p.recordAll
	}
	if o, ok := g.(Opener); ok {
		o.Opening(emit)
	}
	p.bots = append(p.bots[:0], make([]Bot, cfg.Players)...)
	bots := p.bots
	// random: every seat has the random bot, whose choice the loop draws
	// itself (what Random.Choose draws, without the call through Bot).
	random := true
	for s := range bots {
		name := p.Bots[s%len(p.Bots)]
		if bots[s] = p.Engine.NewBot(name); bots[s] == nil {
			panic("unknown bot " + name)
		}
		_, ok := bots[s].(Random)
		random = random && ok
	}
	stepper, _ := g.(Stepper)
	if p.Check {
		if err := check(g, stepper); err != nil {
			r.Violation = p.violation(cfg, seed, 0, err)
			return r
		}
	}
	limit := p.Engine.TurnCap()
	p.board = p.board[:0]
	p.mover, p.gained = -1, false
	if p.Measure {
		p.board = g.Scores(p.board)
	}
	turn := g.Turn()
	// The loop lists into a local slice (a store into p would pass a write
	// barrier's check every decision) and hands the buffer back as it ends.
	choices := p.choices[:0]
	defer func() { p.choices = choices[:0] }()
	for !g.Over() {
		if g.Turn() > limit {
			r.Unfinished = true
			r.Turns = g.Turn()
			return r
		}
		choices = g.Choices(choices[:0])
		if len(choices) == 0 {
			r.Violation = p.violation(cfg, seed, g.Turn(), errNoChoice)
			return r
		}
		seat := g.Seat()
		var i int
		if random {
			i = botRng.IntN(len(choices))
		} else if i = bots[seat].Choose(g, choices, botRng); i < 0 || i >= len(choices) {
			r.Violation = p.violation(cfg, seed, g.Turn(), badChoice(i, len(choices)))
			return r
		}
		if p.OnChoice != nil {
			p.OnChoice(g, seat, choices[i])
		}
		if p.Measure {
			r.Design.Branching += len(choices)
			if len(choices) == 1 {
				r.Design.Forced++
			}
			if p.mover < 0 {
				p.mover = seat
			}
		}
		g.Apply(choices[i], emit)
		r.Decisions++
		if p.Measure && g.Turn() != turn {
			turn = g.Turn()
			p.score = g.Scores(p.score)
			r.Design.turnEnded(p.mover, p.gained, p.board[len(p.board)-len(p.score):], p.score)
			p.board = append(p.board, p.score...)
			p.mover, p.gained = -1, false
		}
		if p.Check {
			if err := check(g, stepper); err != nil {
				r.Violation = p.violation(cfg, seed, g.Turn(), err)
				return r
			}
		}
	}
	r.Turns = g.Turn()
	r.Scores = g.Scores(nil)
	r.Winner = g.Winner()
	if p.Measure {
		r.Design.standings(p.board[len(r.Scores):], r.Scores, r.Winner) // the turns' standings, without the start
	}
	if t, ok := g.(TurnOrderer); ok {
		r.First = t.FirstSeat()
	}
	if sg, ok := g.(SeatGrouper); ok && p.OnCardUse != nil {
		p.groups = p.groups[:0]
		for s := range cfg.Players {
			p.groups = append(p.groups, sg.SeatGroup(s))
		}
		r.Groups = p.groups
	}
	return r
}

// check verifies g's invariants, and those about change when it is a
// Stepper (stepper, or nil).
func check(g Game, stepper Stepper) error {
	if err := g.Check(); err != nil {
		return err
	}
	if stepper != nil {
		return stepper.CheckStep()
	}
	return nil
}

// errNoChoice is the violation of a game that offers no legal choice.
// Play's loop names its violations through errNoChoice and badChoice, not
// formatting them in place: in place, they made checked games about 7 %
// slower (code layout; nastrond's CheckCost4P 1.60 against 1.50).
var errNoChoice = schema.Errorf("選べる手がありません", "no legal choice")

// badChoice is the violation of a bot that chose i of n choices.
func badChoice(i, n int) error {
	return schema.Errorf("ボットが %d 番の手を選びました（選べる手は %d 個）", "bot chose %d of %d choices", i, n)
}

// newGame sets up the game with the given seed and returns it with the
// bots' source (Streams). A game that nobody else sees (OnStart is nil) is
// set up on the last Play's game when that one ended without a violation
// and the engine can reset it, with the Player's own two sources seeded
// afresh.
func (p *Player) newGame(cfg Config, seed uint64) (Game, *rand.Rand) {
	if p.OnStart != nil {
		engineRng, botRng := Streams(seed)
		return p.Engine.NewGame(cfg, engineRng), botRng
	}
	seedStreams(p.enginePCG, p.botPCG, seed)
	spare := p.spare
	p.spare = nil
	if r, ok := p.Engine.(Resetter); ok && spare != nil {
		return r.Reset(spare, cfg, p.engineRng), p.botRng
	}
	return p.Engine.NewGame(cfg, p.engineRng), p.botRng
}

// finish folds the game into the statistics and clears its card usage.
func (p *Player) finish(r *Result, g Game) {
	if p.stats != nil {
		p.stats.add(r)
		if g != nil && r.Violation == nil {
			for _, t := range p.stats.Extra {
				t.Record(r.Config, g, r)
			}
		}
	}
	for _, c := range p.touched {
		if r.Violation == nil && !r.Unfinished {
			if p.stats != nil {
				p.stats.cardUsers(c, p.used[c], r.Winner)
			}
			if p.OnCardUse != nil {
				p.OnCardUse(c, p.used[c])
			}
		}
		p.used[c] = 0
	}
	p.touched = p.touched[:0]
	if p.OnStart == nil && r.Violation == nil {
		p.spare = g // a game that crashed or broke an invariant is not set up again
	}
}

// violation records err, in both forms when it is a schema.Message.
func (p *Player) violation(cfg Config, seed uint64, turn int, err error) *Violation {
	v := &Violation{Seed: seed, Players: cfg.Players, Turn: turn, Message: schema.English.ErrText(err),
		Spec: ReplayOf(p.Engine, cfg, seed, p.Bots)}
	if m, ok := err.(*schema.Message); ok {
		v.MessageJA = m.In(schema.Japanese)
	}
	return v
}

// ReplaySpec is everything that decides one game of a batch, so that
// replaying it plays that very game: the engine, the player count and game
// index, the seed, the bots by seat (repeating) and the engine's settings.
type ReplaySpec struct {
	Game string // the engine's Name
	Config
	Seed     uint64
	Bots     []string
	Settings []Setting // the engine's, when it is Configured
}

// ReplayOf is the spec of game cfg of e, played with seed by bots.
func ReplayOf(e Engine, cfg Config, seed uint64, bots []string) ReplaySpec {
	s := ReplaySpec{Game: e.Name(), Config: cfg, Seed: seed, Bots: bots}
	if c, ok := e.(Configured); ok {
		s.Settings = c.Settings()
	}
	return s
}

func safeTurn(g Game) (t int) {
	defer func() { _ = recover() }()
	return g.Turn()
}

// panicSite names the file and line where the recovered panic was raised,
// so a violation says where it happened without a stack trace: the first
// frame after panic() that is not in the runtime.
func panicSite() string {
	lines := strings.Split(string(debug.Stack()), "\n")
	afterPanic := false
	for i := 1; i+1 < len(lines); i += 2 {
		fn := strings.TrimSpace(lines[i])
		if strings.HasPrefix(fn, "panic(") {
			afterPanic = true
			continue
		}
		if !afterPanic || strings.HasPrefix(fn, "runtime.") {
			continue
		}
		file := strings.TrimSpace(lines[i+1])
		if j := strings.LastIndex(file, " +"); j > 0 {
			file = file[:j]
		}
		if k := strings.LastIndex(file, "/rules/"); k >= 0 {
			file = file[k+1:]
		}
		return file
	}
	return "unknown"
}

// turnEnded counts a turn that ended: a stall when its mover (-1: none
// decided) acquired no card and has the score it had when the turn began.
func (d *Design) turnEnded(mover int, gained bool, before, after []int) {
	if mover < 0 || mover >= len(before) || mover >= len(after) {
		return
	}
	d.Turns++
	if !gained && after[mover] == before[mover] {
		d.Stalls++
	}
}

// standings reads the lead from board, the scores after each turn (len(final)
// a turn), and the final scores: its changes, and the winner's deficit and
// the turn from which the winner led for good.
func (d *Design) standings(board, final []int, winner int) {
	n := len(final)
	if n < 2 {
		return
	}
	board = append(board, final...) // the end counts as the last standing
	turns := len(board) / n
	leader, since := -1, 0
	for t := range turns {
		row := board[t*n : (t+1)*n]
		best, lead := row[0], 0
		for s, v := range row[1:] {
			switch {
			case v > best:
				best, lead = v, s+1
			case v == best:
				lead = -1
			}
		}
		if lead >= 0 && lead != leader {
			if leader >= 0 {
				d.LeadChanges++
			}
			leader = lead
		}
		if winner >= 0 {
			other := math.MinInt
			for s, v := range row {
				if s != winner {
					other = max(other, v)
				}
			}
			d.Deficit = max(d.Deficit, other-row[winner])
			if lead != winner {
				since = t + 1
			}
		}
	}
	if winner >= 0 {
		d.Settled = float64(since) / float64(turns)
	}
}
