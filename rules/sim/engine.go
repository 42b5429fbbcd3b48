package sim

import (
	"math/rand/v2"

	"bifrost/schema"
)

// Engine creates games of one title from validated card data. It is the one
// value each rules/<game> package exports.
type Engine interface {
	// Name is the game id, e.g. "nastrond".
	Name() string
	// PlayerCounts lists the supported numbers of players, ascending.
	PlayerCounts() []int
	// Cards lists the ID of every card design, for per-card statistics;
	// Event.Card indexes this slice.
	Cards() []string
	// TurnCap is the number of turns after which a game counts as unfinished.
	TurnCap() int
	// NewGame sets up a game. rng is the game's own source; the engine keeps
	// it for chance (shuffles, dice) and nobody else draws from it.
	NewGame(cfg Config, rng *rand.Rand) Game
	// Bots names the bots the engine offers, "random" first.
	Bots() []string
	// NewBot returns a fresh bot by name, or nil for an unknown name.
	NewBot(name string) Bot
}

// Config says which game of a batch to set up.
type Config struct {
	Players int // number of seats
	Index   int // the game's index among the batch's games with this player count
}

// Game is one game in progress. The harness asks who decides, lists the
// legal choices, applies the chosen one, and repeats until Over.
type Game interface {
	// Seat is the seat (0-based) that decides next.
	Seat() int
	// Choices appends the legal choices to buf[:0] and returns it. It must not
	// allocate when buf has room. A game that is not Over always has one.
	Choices(buf []Choice) []Choice
	// Apply carries out a legal choice, reporting what happens through emit
	// (which may be nil).
	Apply(c Choice, emit func(Event))
	// Over reports whether the game has ended.
	Over() bool
	// Turn counts turns taken so far, for the turn cap and game length.
	Turn() int
	// Scores appends each seat's final score to buf[:0].
	Scores(buf []int) []int
	// Winner is the winning seat under the game's own tie-break, or -1 for
	// a game its rules end drawn (guardian's repeated position).
	Winner() int
	// Check verifies the game's invariants; it returns nil or a description.
	Check() error
	// Describe renders a choice for a replay, in l's language.
	Describe(c Choice, l *schema.Lang) string
	// Explain renders an event for a replay, in l's language.
	Explain(e Event, l *schema.Lang) string
}

// Choice is one legal decision. Its fields mean what the engine says; the
// struct is small so that listing choices never allocates.
type Choice struct {
	Kind    uint8
	A, B, C int16
}

// Event is something that happened in a game. The harness counts the kinds
// below for card statistics; engines add their own kinds from EventEngine on
// for replays.
type Event struct {
	Kind EventKind
	Seat int8
	Card int32 // index into Engine.Cards(), or -1
	N, M int32 // engine-defined amounts
}

// EventKind classifies an Event.
type EventKind uint8

// The event kinds the harness understands.
const (
	Acquired    EventKind = iota + 1 // a seat gained the card (bought, scouted, drafted…)
	Played                           // a seat played or used the card
	Resolved                         // the card's challenge or ability was resolved
	EventEngine                      // first kind free for engines
)

// Bot chooses among legal choices. It may read only what the deciding seat
// may see. A Bot keeps no state between games unless NewBot is called per game.
type Bot interface {
	Choose(g Game, choices []Choice, rng *rand.Rand) int
}

// Soloist is implemented by solo games: one seat, HumanSeat, is the
// player, decided by the bots; the other seats play themselves by the
// game's own rules (bloodrage's AI boards). Its balance is the human's win
// rate per player count, not the gap between the seats.
type Soloist interface {
	HumanSeat() int
}

// TurnOrderer is implemented by games whose turn order is dealt at random
// (nastrond's Keeper deal, guardian's rock-paper-scissors), so that a seat
// index says nothing: FirstSeat, asked once the game is over, is the seat
// that took the first turn, and the others followed in seat order from it.
// Statistics then report the win rate by turn order too.
type TurnOrderer interface {
	FirstSeat() int
}

// SeatGrouper is implemented by games whose seats each play one of several
// decks (guardian's sample decks), so that a card's measures mix the decks
// it is in and follow deck membership. SeatGroup, asked once the game is
// over, names the deck the seat played; Compare then pairs each card's
// measures per deck, over the seats that played it.
type SeatGrouper interface {
	SeatGroup(seat int) string
}

// Overlooker is implemented by engines whose bots leave part of the data
// out of their judgment: for a bot's name, what it overlooks. A finding
// about that part, measured with that bot, may say more about the bot
// than about the card, and the report says so beside it.
type Overlooker interface {
	Overlooks(bot string) []Overlook
}

// Overlook is a column of a sheet that a bot does not judge by, and why
// (in both languages).
type Overlook struct {
	Sheet, Column string // the sheet and column keys, as the schema names them
	Why           *schema.Message
}

// Tallier is implemented by engines that add their own sections to the
// report (a matchup matrix, AI statistics).
type Tallier interface {
	NewTally() Tally
}

// Tally accumulates an engine's own statistics. Merging must be exact and
// order-independent (sums of integers), so that any split of a batch gives
// the same report. A Tally must survive a JSON round trip (exported fields
// holding every count), since shard reports are merged from their JSON.
// Record must not keep g: the Player may set it up again for its next game.
type Tally interface {
	Record(cfg Config, g Game, r *Result)
	Merge(other Tally)
	Report() any // JSON-ready, deterministic
}

// Linter is implemented by engines that can tell, from the data alone, what
// can never happen in play (an instruction no game can carry out).
type Linter interface {
	Lint() []Finding
}

// Finding is one such static problem: the sheet and ID of the row it is
// about, and what is wrong. Column, when set, is the English header of the
// cell it is about; otherwise it is about the row (reported at its ID).
type Finding struct {
	Sheet, ID, Column, Message string
}

// Opener is implemented by games that have something to report from their
// setup (opening hands, the first age); the harness passes those events on
// before the first decision.
type Opener interface {
	Opening(emit func(Event))
}

// Resetter is implemented by engines that can set a finished game up again
// in place, so that a batch allocates no game per game. Reset returns the
// game NewGame(cfg, rng) would, reusing old (a game of this engine that no
// one holds any more, and that ended without a violation) when it can.
type Resetter interface {
	Reset(old Game, cfg Config, rng *rand.Rand) Game
}

// Stepper is implemented by games with invariants about change over time (a
// square's Urd never changes, a marker never moves backwards, a count only
// moves one way). When the harness checks invariants it calls CheckStep right
// after Check, once the game is set up and after every decision. The game
// compares its state with what it recorded at the previous call (or at
// setup), returns nil or a description of the broken invariant, and records
// the new state. It must not allocate. A game may instead compare in Check,
// with the state that Check last verified, and not be a Stepper.
type Stepper interface {
	CheckStep() error
}

// Configured is implemented by engines whose games depend on settings
// beyond the seed, player count, game index and bots (valkyrie's fixed
// monster). Settings names each with its value, so that a replay (ReplayOf)
// plays that very game; it returns nil when nothing is set.
type Configured interface {
	Settings() []Setting
}

// Setting is one such setting: its name (valkyrie's "monster") and value
// (the monster's ID).
type Setting struct {
	Name, Value string
}
