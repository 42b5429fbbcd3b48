package playflags

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"bifrost/rules/sim"
)

// ReplayLine is the command line that replays s: bifrost replay with the
// game's seed and player count, its index and bots unless they are replay's
// defaults, and each of the engine's settings as the flag of its name. The
// replay command reads these flags back into s.
func ReplayLine(s sim.ReplaySpec) string {
	line := fmt.Sprintf("bifrost replay %s --seed %d --players %d", s.Game, s.Seed, s.Players)
	if s.Index != 0 {
		line += fmt.Sprintf(" --index %d", s.Index)
	}
	if len(s.Bots) > 0 && !(len(s.Bots) == 1 && s.Bots[0] == "random") {
		line += " --bots " + strings.Join(s.Bots, ",")
	}
	for _, set := range s.Settings {
		line += " --" + set.Name + " " + shellQuote(set.Value)
	}
	return line
}

// SetReplays sets each listed game's replay command from its spec.
func SetReplays(lists ...[]sim.Violation) {
	for _, vs := range lists {
		for i := range vs {
			vs[i].Replay = ReplayLine(vs[i].Spec)
		}
	}
}

// SrcReplays adds --src to the replay command of every violation and
// unfinished game in rep when the workbooks came from a folder other than
// the default, so each command replays that very game. rep.Raw keeps the
// plain commands (report merge adds its own --src).
func SrcReplays(rep *sim.Report, src string) {
	if filepath.Clean(src) == "cardsrc" {
		return
	}
	rep.Violations = slices.Clone(rep.Violations)
	rep.UnfinishedGames = slices.Clone(rep.UnfinishedGames)
	for _, vs := range [][]sim.Violation{rep.Violations, rep.UnfinishedGames} {
		for i := range vs {
			vs[i].Replay += " --src " + shellQuote(src)
		}
	}
}

// shellQuote quotes s for a POSIX shell when it holds anything but letters,
// digits and / . _ - :.
func shellQuote(s string) string {
	safe := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-:", r)))
	}) < 0
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
