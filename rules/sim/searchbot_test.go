package sim

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// seesGame is a race whose Determinize the test counts: the game a
// SearchBot's Sees hands the search.
type seesGame struct {
	*raceGame
	n *int
}

func (g seesGame) Determinize(dst Game, seat int, rng *rand.Rand) Game {
	*g.n++
	return g.raceGame.Determinize(dst, seat, rng)
}

// TestSearchBotPlansSeesAndScalesItsBudget: a SearchBot takes the one move
// its Plan lists without searching, searches the game Sees gives it,
// determinizes PerChoice times for each choice when that is more than its
// Iterations and then goes back to them, and NewSearchBot gives each bot
// a tree of its own while keeping every setting.
func TestSearchBotPlansSeesAndScalesItsBudget(t *testing.T) {
	g := (&race{goal: 20}).NewGame(Config{Players: 2}, rand.New(rand.NewPCG(1, 1))).(*raceGame)
	choices := g.Choices(nil) // +1, +2
	rng := rand.New(rand.NewPCG(2, 2))

	one := func(_ Game, buf []Choice) []Choice { return append(buf[:0], choices[0]) }
	both := func(_ Game, buf []Choice) []Choice { return append(buf[:0], choices...) }
	counted := 0
	sees := func(g Game) Game { return seesGame{g.(*raceGame), &counted} }
	for _, tt := range []struct {
		name    string
		def     SearchBot
		want    int // the choice, or -1 for any
		searchN int // determinizations of the game Sees gives
	}{
		{"a plan of one move is taken unsearched", SearchBot{ISMCTS: ISMCTS{Iterations: 300}, Plan: one, Sees: sees}, 0, 0},
		{"a plan of more moves is searched", SearchBot{ISMCTS: ISMCTS{Iterations: 300}, Plan: both, Sees: sees}, 1, 300},
		{"PerChoice raises the budget", SearchBot{ISMCTS: ISMCTS{Iterations: 10}, PerChoice: 50, Sees: sees}, -1, 100},
		{"PerChoice below Iterations leaves it", SearchBot{ISMCTS: ISMCTS{Iterations: 30}, PerChoice: 5, Sees: sees}, -1, 30},
	} {
		t.Run(tt.name, func(t *testing.T) {
			counted = 0
			b := NewSearchBot(tt.def)
			got := b.Choose(g, choices, rng)
			if tt.want >= 0 && got != tt.want {
				t.Errorf("chose %d, want %d", got, tt.want)
			}
			if counted != tt.searchN {
				t.Errorf("determinized the game Sees gives %d times, want %d", counted, tt.searchN)
			}
			if b.Iterations != tt.def.Iterations || b.PerChoice != tt.def.PerChoice {
				t.Errorf("after a decision the bot has Iterations %d, PerChoice %d; want %d, %d", b.Iterations, b.PerChoice, tt.def.Iterations, tt.def.PerChoice)
			}
		})
	}
	def := SearchBot{ISMCTS: ISMCTS{Iterations: 40, Horizon: 3, C: 0.5, Rollout: Random{}}, PerChoice: 2}
	a, b := NewSearchBot(def), NewSearchBot(def)
	a.Choose(g, choices, rng)
	if len(b.nodes) != 0 || len(def.nodes) != 0 {
		t.Errorf("a search grew another bot's tree (%d nodes) or the default's (%d)", len(b.nodes), len(def.nodes))
	}
	if b.Iterations != 40 || b.Horizon != 3 || b.C != 0.5 || b.Rollout != (Random{}) || b.PerChoice != 2 {
		t.Errorf("NewSearchBot(%+v) = %+v, settings lost", def, *b)
	}
}

// TestBotListNamesAndMakesEachBotOnce: Names lists the bots in order, and
// New makes a fresh bot of a listed name and nil for any other.
func TestBotListNamesAndMakesEachBotOnce(t *testing.T) {
	made := 0
	l := BotList{
		{Name: "random", New: NewRandom},
		{Name: "search", New: func() Bot { made++; return NewSearchBot(SearchBot{}) }},
	}
	if got := l.Names(); !slices.Equal(got, []string{"random", "search"}) {
		t.Errorf("Names() = %q", got)
	}
	if _, ok := l.New("random").(Random); !ok {
		t.Errorf("New(random) is not the random bot")
	}
	if a, b := l.New("search"), l.New("search"); a == b || made != 2 {
		t.Errorf("New(search) twice made %d bots, the same one: %v", made, a == b)
	}
	for _, name := range []string{"", "Random", "greedy"} {
		if b := l.New(name); b != nil {
			t.Errorf("New(%q) = %T, want nil", name, b)
		}
	}
}

// A search bot's name may carry its budget: "search:400" is the engine's
// search at 400 iterations a decision, its per-choice floor scaled alike;
// a budget on a bot that does not search, or one out of range or not a
// plain number, names no bot.
func TestBotListGivesSearchTheBudgetItsNameCarries(t *testing.T) {
	l := BotList{
		{Name: "random", New: NewRandom},
		{Name: "search", New: func() Bot { return NewSearchBot(SearchBot{ISMCTS: ISMCTS{Iterations: 200}, PerChoice: 20}) }},
	}
	sb, ok := l.New("search:400").(*SearchBot)
	if !ok || sb.Iterations != 400 || sb.PerChoice != 40 {
		t.Errorf("search:400 = %+v, want 400 iterations and 40 per choice", sb)
	}
	if def := l.New("search").(*SearchBot); def.Iterations != 200 || def.PerChoice != 20 {
		t.Errorf("search = %d iterations, %d per choice: the default changed", def.Iterations, def.PerChoice)
	}
	for _, name := range []string{"random:400", "search:0", "search:-5", "search:100001", "search:4e2", "search:0400", "search:", "search:lots"} {
		if b := l.New(name); b != nil {
			t.Errorf("New(%q) = %T, want nil", name, b)
		}
	}
}
