package sim

import (
	"fmt"
	"io"
)

// Replay plays one game with the given seed and writes it decision by
// decision, with the events each decision caused, in lang ("ja" or "en").
func Replay(w io.Writer, e Engine, cfg Config, seed uint64, bots []string, lang string) Result {
	p := NewPlayer(e, bots, nil)
	p.Check = true
	var current Game
	p.OnStart = func(g Game) { current = g }
	p.OnChoice = func(g Game, seat int, c Choice) {
		fmt.Fprintf(w, "[%d] P%d: %s\n", g.Turn(), seat+1, g.Describe(c, lang))
	}
	p.OnEvent = func(ev Event) {
		if current != nil {
			if s := current.Explain(ev, lang); s != "" {
				fmt.Fprintf(w, "      %s\n", s)
			}
		}
	}
	r := p.Play(cfg, seed)
	switch {
	case r.Violation != nil && lang == "en":
		fmt.Fprintf(w, "violation at turn %d: %s\n", r.Violation.Turn, r.Violation.Message)
	case r.Violation != nil:
		fmt.Fprintf(w, "違反（手番 %d）: %s\n", r.Violation.Turn, r.Violation.Text("ja"))
	case r.Unfinished:
		fmt.Fprintln(w, Localized(unfinished(r.Turns), lang != "en"))
	case r.Winner < 0 && lang == "en":
		fmt.Fprintf(w, "end after %d turns; scores %v; drawn\n", r.Turns, r.Scores)
	case r.Winner < 0:
		fmt.Fprintf(w, "終了: %d 手番、得点 %v、引き分け\n", r.Turns, r.Scores)
	case lang == "en":
		fmt.Fprintf(w, "end after %d turns; scores %v; winner P%d\n", r.Turns, r.Scores, r.Winner+1)
	default:
		fmt.Fprintf(w, "終了: %d 手番、得点 %v、勝者 P%d\n", r.Turns, r.Scores, r.Winner+1)
	}
	return r
}
