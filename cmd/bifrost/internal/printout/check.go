package printout

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"

	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/schema"
)

// Messages are what the printing options and Write say: Japanese, English.
var Messages = schema.Catalogue{
	"unknown_paper":   {"用紙「%s」は使えません（a4 か letter）", "unknown paper %q (want a4 or letter)"},
	"unknown_duplex":  {"--duplex「%s」は使えません（%s のどれか）", "unknown --duplex %q (want %s)"},
	"output_per_card": {"--output はシートの PDF の名前です。--per-card は out/ゲーム/cards/ に 1 枚ずつ書き出すので、--output と一緒には使えません", "--output names the sheet PDF; --per-card writes out/GAME/cards/ instead"},
	"bad_output":      {"--output「%s」：out/ゲーム の中に書く .pdf のファイル名だけを指定してください（フォルダーは --out で指定します）", "--output %q: give a file name ending in .pdf, written in out/GAME (the folder is --out)"},
	"unknown_cards":   {"--only：%s に ID %s のカードはありません", "--only: %s has no card %s"},
	"cuts_per_card":   {"--cut-svg は用紙の切り線です。--per-card は用紙を印刷しないので、一緒には使えません", "--cut-svg draws the sheets' cut lines; --per-card prints no sheets"},
	"bad_dpi":         {"--dpi %g は使えません（1〜2400）", "--dpi %g is outside 1–2400"},
}

// Check checks the options a cards command was given: opt's paper and
// duplex, and output (--output), a .pdf file name that per-card PDFs do not
// take. It returns the sheets' file name in out/<game>/: output, else
// cards.pdf, or cards-changed.pdf for a partial deck of the cards changed
// since a revision. Each error is the user's to fix.
func Check(opt cards.Options, output string, perCard, changed bool) (string, error) {
	if !slices.Contains(sheet.Papers(), strings.ToLower(opt.Paper)) {
		return "", Messages.Err("unknown_paper", opt.Paper)
	}
	if !slices.Contains(sheet.Duplexes(), opt.Duplex) {
		return "", Messages.Err("unknown_duplex", opt.Duplex, strings.Join(sheet.Duplexes(), ", "))
	}
	switch {
	case output != "":
		if perCard {
			return "", Messages.Err("output_per_card")
		}
		if filepath.Base(output) != output || !strings.EqualFold(filepath.Ext(output), ".pdf") {
			return "", Messages.Err("bad_output", output)
		}
		return output, nil
	case changed:
		return "cards-changed.pdf", nil
	}
	return "cards.pdf", nil
}

// Output is what the job writes in out/<game>/: the sheets' file, or the
// folder of per-card PDFs, which a full run also prunes.
func (j Job) Output() string {
	if j.PerCard {
		return "cards"
	}
	return j.Name
}

// UnknownCards is the error of Options.Only naming cards the game does not
// have, in the user's words; nil for any other error.
func UnknownCards(err error) error {
	var unknown *cards.UnknownCardsError
	if errors.As(err, &unknown) {
		return Messages.Err("unknown_cards", unknown.Game, strings.Join(unknown.IDs, ", "))
	}
	return nil
}
