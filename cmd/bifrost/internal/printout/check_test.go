package printout

import (
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/schema"
)

// TestCheck_NamesTheSheetsAndRefusesWhatCannotPrint: the sheets go to
// --output, else cards.pdf, or cards-changed.pdf for the cards changed
// since a revision; an unknown paper or duplex, --output with --per-card,
// and an --output that is not a bare .pdf name are refused, in Japanese and
// in English.
func TestCheck_NamesTheSheetsAndRefusesWhatCannotPrint(t *testing.T) {
	a4 := cards.Options{Paper: "a4", Duplex: "long"}
	for _, tt := range []struct {
		name    string
		opt     cards.Options
		output  string
		perCard bool
		changed bool
		want    string
		ja, en  string // the error's words; "" for none
	}{
		{"default", a4, "", false, false, "cards.pdf", "", ""},
		{"per card", a4, "", true, false, "cards.pdf", "", ""},
		{"changed", a4, "", false, true, "cards-changed.pdf", "", ""},
		{"output", a4, "proof.PDF", false, true, "proof.PDF", "", ""},
		{"paper in capitals", cards.Options{Paper: "Letter", Duplex: "short"}, "", false, false, "cards.pdf", "", ""},
		{"unknown paper", cards.Options{Paper: "A3", Duplex: "long"}, "", false, false, "", "用紙「A3」", `unknown paper "A3"`},
		{"unknown duplex", cards.Options{Paper: "a4", Duplex: "both"}, "", false, false, "", "--duplex「both」", `unknown --duplex "both" (want long, short)`},
		{"output per card", a4, "x.pdf", true, false, "", "--per-card", "--output names the sheet PDF"},
		{"output in a folder", a4, "../x.pdf", false, false, "", "--output「../x.pdf」", `--output "../x.pdf"`},
		{"output not a pdf", a4, "x.png", false, false, "", "--output「x.png」", `--output "x.png"`},
	} {
		got, err := Check(tt.opt, tt.output, tt.perCard, tt.changed)
		if tt.en == "" {
			if err != nil || got != tt.want {
				t.Errorf("%s: %q %v, want %q", tt.name, got, err, tt.want)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: %q taken, want an error", tt.name, got)
			continue
		}
		if ja, en := schema.NewLang("ja").ErrText(err), schema.NewLang("en").ErrText(err); !strings.Contains(ja, tt.ja) || !strings.Contains(en, tt.en) {
			t.Errorf("%s: %q / %q, want %q / %q", tt.name, ja, en, tt.ja, tt.en)
		}
	}
}

// TestUnknownCards_SaysWhichCardsTheGameLacks: --only naming cards the
// game lacks is told in the user's words; any other error is not this one.
func TestUnknownCards_SaysWhichCardsTheGameLacks(t *testing.T) {
	err := UnknownCards(&cards.UnknownCardsError{Game: "nastrond", IDs: []string{"X1", "X2"}})
	if got := schema.NewLang("en").ErrText(err); got != "--only: nastrond has no card X1, X2" {
		t.Errorf("en: %q", got)
	}
	if got := schema.NewLang("ja").ErrText(err); !strings.Contains(got, "nastrond に ID X1, X2 のカードはありません") {
		t.Errorf("ja: %q", got)
	}
	if UnknownCards(schema.Errorf("別", "other")) != nil {
		t.Error("another error was taken for unknown cards")
	}
}

// TestMessagesHaveJapaneseAndEnglish: every message of the printing has
// both forms, taking the same arguments.
func TestMessagesHaveJapaneseAndEnglish(t *testing.T) {
	for _, l := range Messages.Lacks() {
		t.Error(l)
	}
}
