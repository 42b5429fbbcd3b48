package main

import (
	"bytes"
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
	tmp, label, err := workbookAtRevision(path, rev)
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

// workbookAtRevision writes the workbook at path as it was at git revision
// rev to a temporary file, and returns that file and a label such as
// "HEAD~1:cardsrc/nastrond.xlsx". The caller removes the file.
func workbookAtRevision(path, rev string) (tmpPath, label string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", err
	}
	dir := filepath.Dir(abs)
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", "", msgErr("not_git", path)
	}
	rel, err := filepath.Rel(strings.TrimSpace(string(top)), abs)
	if err != nil {
		return "", "", err
	}
	label = rev + ":" + filepath.ToSlash(rel)
	old, err := git(dir, "show", label)
	if err != nil {
		return "", "", msgErr("not_in_rev", rev, filepath.ToSlash(rel), rev)
	}
	tmp, err := os.CreateTemp("", "bifrost-old-*.xlsx")
	if err != nil {
		return "", "", err
	}
	if _, err := tmp.Write(old); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return "", "", err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return "", "", err
	}
	return tmp.Name(), label, nil
}

// git runs a git command in dir and returns its standard output.
func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, msgErr("git_failed", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
