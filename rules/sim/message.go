package sim

import (
	"bifrost/schema"
)

// Text returns the violation's message in l's language: the English one
// when it has no Japanese form.
func (v Violation) Text(l *schema.Lang) string {
	if !l.English() && v.MessageJA != "" {
		return v.MessageJA
	}
	return v.Message
}

// stalledGame is the unfinished game r of e, played by bots, as a report
// lists it: where it stopped and what replays it.
func stalledGame(e Engine, r *Result, bots []string) Violation {
	un := unfinished(r.Turns)
	return Violation{Seed: r.Seed, Players: r.Players, Turn: r.Turns, Message: un.In(schema.English), MessageJA: un.In(schema.Japanese),
		Spec: ReplayOf(e, r.Config, r.Seed, bots)}
}

// unfinished says that a game passed the turn cap after turns turns.
func unfinished(turns int) *schema.Message {
	return schema.Errorf("%d 手番を過ぎても終わりませんでした", "unfinished after %d turns", turns)
}
