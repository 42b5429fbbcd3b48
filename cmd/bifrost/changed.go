package main

import (
	"fmt"
	"os"
	"strings"

	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// changedSince lists the cards of game g changed since git revision rev
// (--changed-since), as changedCards does, and tells which on stderr, or
// that none did.
func changedSince(opts *globalOptions, g *schema.Game, path, rev string) ([]string, error) {
	changed, err := changedCards(g, path, rev)
	if err != nil {
		return nil, err
	}
	if len(changed) == 0 {
		fmt.Fprintln(opts.stderr, opts.msg("changed_none", g.ID, rev))
		return nil, nil
	}
	fmt.Fprintln(opts.stderr, opts.msg("changed_some", g.ID, nCards.Of(len(changed)), rev, strings.Join(changed, ", ")))
	return changed, nil
}

// changedCards lists the IDs of the cards of game g whose rows differ between
// the workbook at path and the same file at git revision rev: added or
// changed rows of card sheets (the Rules sheet is not a card).
func changedCards(g *schema.Game, path, rev string) ([]string, error) {
	tmp, label, err := gitrev.WorkbookAt(path, rev)
	if err != nil {
		return nil, msgErr("changed_since", err)
	}
	defer os.Remove(tmp)
	oldBook, err := workbook.Open(tmp, label)
	if err != nil {
		return nil, err
	}
	newBook, err := workbook.Open(path, path)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, c := range schema.Diff(g.Records(oldBook), g.Records(newBook)) {
		if c.Kind != schema.Removed && c.Sheet != schema.RulesSheet.Key && !strings.HasPrefix(c.Key, "#") {
			ids = append(ids, c.Key)
		}
	}
	return ids, nil
}
