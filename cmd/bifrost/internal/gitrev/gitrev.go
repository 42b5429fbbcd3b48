// Package gitrev is the CLI's access to git: a workbook as it was at a
// revision (compare, check --base, cards --changed-since), one side of a
// comparison (a workbook file or a revision of it), and the last
// commit of an unchanged workbook (the version stamp of printed cards).
package gitrev

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"bifrost/schema"
)

// Messages are what git access says when it fails: Japanese, English.
var Messages = schema.Catalogue{
	"not_git":    {"%s は git のリポジトリの中にありません", "%s is not in a git repository"},
	"not_in_rev": {"%s：%s はリビジョン %s にありません", "%s: %s is not in revision %s"},
	"git_failed": {"git %s が失敗しました（%v：%s）", "git %s: %v: %s"},
}

// WorkbookAt writes the workbook at path as it was at git revision
// rev to a temporary file, and returns that file and a label such as
// "HEAD~1:cardsrc/nastrond.xlsx". The caller removes the file.
func WorkbookAt(path, rev string) (tmpPath, label string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", err
	}
	dir := filepath.Dir(abs)
	top, err := run(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", "", Messages.Err("not_git", path)
	}
	rel, err := filepath.Rel(strings.TrimSpace(string(top)), abs)
	if err != nil {
		return "", "", err
	}
	label = rev + ":" + filepath.ToSlash(rel)
	old, err := run(dir, "show", label)
	if err != nil {
		return "", "", Messages.Err("not_in_rev", rev, filepath.ToSlash(rel), rev)
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

// run runs a git command in dir and returns its standard output.
func run(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, Messages.Err("git_failed", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// LastCommit is the short hash and date ("1a2b3c4 2026-01-31") of the last
// commit of the file at path, and false when the file is not in git or has
// changes not yet committed.
func LastCommit(path string) (string, bool) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if st, err := run(dir, "status", "--porcelain", "--", base); err != nil || len(bytes.TrimSpace(st)) > 0 {
		return "", false
	}
	log, err := run(dir, "log", "-1", "--format=%h %cs", "--", base)
	if err != nil || len(bytes.TrimSpace(log)) == 0 {
		return "", false
	}
	return string(bytes.TrimSpace(log)), true
}
