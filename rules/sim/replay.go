package sim

import (
	"fmt"
	"io"

	"bifrost/schema"
)

// Replay plays one game with the given seed and writes it decision by
// decision, with the events each decision caused, in l's language.
func Replay(w io.Writer, e Engine, cfg Config, seed uint64, bots []string, l *schema.Lang) Result {
	p := NewPlayer(e, bots, nil)
	p.Check = true
	var current Game
	p.OnStart = func(g Game) { current = g }
	p.OnChoice = func(g Game, seat int, c Choice) {
		fmt.Fprintf(w, "[%d] P%d: %s\n", g.Turn(), seat+1, g.Describe(c, l))
	}
	p.OnEvent = func(ev Event) {
		if current != nil {
			if s := current.Explain(ev, l); s != "" {
				fmt.Fprintf(w, "      %s\n", s)
			}
		}
	}
	r := p.Play(cfg, seed)
	switch {
	case r.Violation != nil:
		fmt.Fprintln(w, l.Sprintf("違反（手番 %d）: %s", "violation at turn %d: %s", r.Violation.Turn, r.Violation.Text(l)))
	case r.Unfinished:
		fmt.Fprintln(w, unfinished(r.Turns).In(l))
	case r.Winner < 0:
		fmt.Fprintln(w, l.Sprintf("終了: %d 手番、得点 %v、引き分け", "end after %d turns; scores %v; drawn", r.Turns, r.Scores))
	default:
		fmt.Fprintln(w, l.Sprintf("終了: %d 手番、得点 %v、勝者 P%d", "end after %d turns; scores %v; winner P%d", r.Turns, r.Scores, r.Winner+1))
	}
	return r
}
