package targets

import (
	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/rules"
)

// Pairs resolves compare's arguments (OLD NEW, or GAME... with --base)
// into (old, new) workbook pairs, one per game, each side a file or the
// workbook under src at a git revision.
func Pairs(registry rules.Games, src, base string, args []string) ([][2]gitrev.Side, error) {
	var oldArg, newArg string
	var ids []string
	if base != "" {
		oldArg, ids = base, args
	} else {
		if len(args) != 2 {
			return nil, UsageError{Messages.Err("compare_needs")}
		}
		oldArg, newArg = args[0], args[1]
	}
	if gitrev.IsWorkbook(newArg) || gitrev.IsWorkbook(oldArg) {
		file := newArg
		if !gitrev.IsWorkbook(file) {
			file = oldArg
		}
		g := OfFile(registry, file)
		if g == nil {
			return nil, UsageError{Messages.Err("game_of_file", file, gameIDs(registry))}
		}
		if g.New == nil {
			return nil, Messages.Err("no_engine", g.ID())
		}
		ids = []string{g.ID()}
	}
	if len(ids) == 0 {
		ids = registry.IDs()
	}
	var out [][2]gitrev.Side
	for _, id := range ids {
		if _, err := Playable(registry, src, id); err != nil {
			return nil, err
		}
		work := WorkbookIn(src, id)
		o, err := gitrev.Resolve(oldArg, work)
		if err != nil {
			return nil, UsageError{err}
		}
		n, err := gitrev.Resolve(newArg, work)
		if err != nil {
			o.Cleanup()
			return nil, UsageError{err}
		}
		out = append(out, [2]gitrev.Side{o, n})
	}
	return out, nil
}
