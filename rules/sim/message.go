package sim

import (
	"fmt"
	"strings"

	"bifrost/schema"
)

// Message is an error with a Japanese and an English form, such as an
// engine's invariant violation. Error returns the English form until SetLang
// chooses Japanese.
type Message struct {
	JA, EN string
	ja     bool // set by SetLang: Error speaks Japanese
}

// Errorf formats a Message: ja and en are the two forms of one message and
// take the same arguments (use explicit indexes such as %[2]d where Japanese
// wants another order). An argument that is a Word, or an error, is written
// in the form's language.
func Errorf(ja, en string, args ...any) error {
	return &Message{JA: fmt.Sprintf(ja, localArgs(args, true)...), EN: fmt.Sprintf(en, localArgs(args, false)...)}
}

func (m *Message) Error() string {
	if m.ja {
		return m.JA
	}
	return m.EN
}

// SetLang makes Error speak l's language, as the CLI does with the errors it
// prints (schema.SetLang).
func (m *Message) SetLang(l *schema.Lang) { m.ja = !l.English() }

// In returns m's form in l's language (schema.Lang.ErrText).
func (m *Message) In(l *schema.Lang) string { return Localized(m, !l.English()) }

// Word is an Errorf argument with a Japanese and an English form (in that
// order), such as the name of a zone.
type Word [2]string

func (w Word) String() string { return w[1] }

// YesNo is a flag as a Word: はい/いいえ, true/false.
func YesNo(b bool) Word {
	if b {
		return Word{"はい", "true"}
	}
	return Word{"いいえ", "false"}
}

func localArgs(args []any, ja bool) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case Word:
			out[i] = a[1]
			if ja {
				out[i] = a[0]
			}
		case error:
			out[i] = Localized(a, ja)
		default:
			out[i] = a
		}
	}
	return out
}

// Localized returns err's Japanese form when ja is set and err is a
// Message, and err.Error() otherwise: a plain error stays English. An
// errors.Join of errors gives each of them in that language, one a line.
func Localized(err error, ja bool) string {
	switch e := err.(type) {
	case *Message:
		if ja {
			return e.JA
		}
		return e.EN
	case interface{ Unwrap() []error }:
		var en, local []string
		for _, u := range e.Unwrap() {
			en, local = append(en, u.Error()), append(local, Localized(u, ja))
		}
		if strings.Join(en, "\n") == err.Error() { // errors.Join, not a format
			return strings.Join(local, "\n")
		}
	}
	return err.Error()
}

// Text returns the violation's message in lang ("ja" or "en"): the English
// one when it has no Japanese form.
func (v Violation) Text(lang string) string {
	if lang == "ja" && v.MessageJA != "" {
		return v.MessageJA
	}
	return v.Message
}

// stalledGame is the unfinished game r of e, played by bots, as a report
// lists it: where it stopped and what replays it.
func stalledGame(e Engine, r *Result, bots []string) Violation {
	un := unfinished(r.Turns)
	return Violation{Seed: r.Seed, Players: r.Players, Turn: r.Turns, Message: un.EN, MessageJA: un.JA,
		Spec: ReplayOf(e, r.Config, r.Seed, bots)}
}

// unfinished says that a game passed the turn cap after turns turns.
func unfinished(turns int) *Message {
	return &Message{JA: fmt.Sprintf("%d 手番を過ぎても終わりませんでした", turns), EN: fmt.Sprintf("unfinished after %d turns", turns)}
}
