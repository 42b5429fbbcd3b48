package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"bifrost/schema"
	"bifrost/schema/workbook"
)

// changedCards lists the IDs of the cards of game g whose rows differ between
// the workbook at path and the same file at git revision rev: added or
// changed rows of card sheets (the Rules sheet is not a card).
func changedCards(g *schema.Game, path, rev string) ([]string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(abs)
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("--changed-since: %s is not in a git repository", path)
	}
	rel, err := filepath.Rel(strings.TrimSpace(string(top)), abs)
	if err != nil {
		return nil, err
	}
	old, err := git(dir, "show", rev+":"+filepath.ToSlash(rel))
	if err != nil {
		return nil, fmt.Errorf("--changed-since %s: %s is not in that revision", rev, filepath.ToSlash(rel))
	}
	tmp, err := os.CreateTemp("", "bifrost-old-*.xlsx")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(old); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	oldBook, err := workbook.Open(tmp.Name(), rev+":"+filepath.ToSlash(rel))
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

// git runs a git command in dir and returns its standard output.
func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
