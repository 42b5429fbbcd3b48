package simtest

import (
	"fmt"
	"reflect"

	"bifrost/rules/sim"
)

// entry is one thing a game showed: a decision (the seat and its choice)
// or an event.
type entry struct {
	decision bool
	seat     int
	choice   sim.Choice
	event    sim.Event
}

func (x entry) String() string {
	if x.decision {
		return fmt.Sprintf("P%d chose %+v", x.seat+1, x.choice)
	}
	return fmt.Sprintf("event %+v", x.event)
}

// transcript is what one game showed, in order, and how it ended.
type transcript struct {
	entries []entry
	result  sim.Result
}

// recordOn has p keep a transcript of every game it plays from now on; the
// returned function takes the transcript of the game just played and
// starts the next one afresh.
func recordOn(p *sim.Player) func(r sim.Result) transcript {
	var entries []entry
	p.OnChoice = func(_ sim.Game, seat int, c sim.Choice) {
		entries = append(entries, entry{decision: true, seat: seat, choice: c})
	}
	p.OnEvent = func(ev sim.Event) { entries = append(entries, entry{event: ev}) }
	return func(r sim.Result) transcript {
		tr := transcript{entries: entries, result: r}
		entries = nil
		return tr
	}
}

// play plays game cfg with seed on p and returns its transcript.
func play(p *sim.Player, cfg sim.Config, seed uint64) transcript {
	take := recordOn(p)
	return take(p.Play(cfg, seed))
}

// diff describes the first difference between two transcripts, or returns
// "" when they are the same.
func (a transcript) diff(b transcript) string {
	for i := range min(len(a.entries), len(b.entries)) {
		if a.entries[i] != b.entries[i] {
			return fmt.Sprintf("at step %d: %v, then %v", i, a.entries[i], b.entries[i])
		}
	}
	if len(a.entries) != len(b.entries) {
		return fmt.Sprintf("in length: %d steps, then %d", len(a.entries), len(b.entries))
	}
	if !reflect.DeepEqual(a.result, b.result) {
		return fmt.Sprintf("in its end: %s, then %s", resultString(a.result), resultString(b.result))
	}
	return ""
}

// resultString shows how a game ended.
func resultString(r sim.Result) string {
	switch {
	case r.Violation != nil:
		return fmt.Sprintf("violation at turn %d, after %d decisions: %s", r.Violation.Turn, r.Decisions, r.Violation.Message)
	case r.Unfinished:
		return fmt.Sprintf("unfinished after %d turns, %d decisions", r.Turns, r.Decisions)
	}
	return fmt.Sprintf("%d turns, %d decisions, scores %v, winner %d", r.Turns, r.Decisions, r.Scores, r.Winner)
}
