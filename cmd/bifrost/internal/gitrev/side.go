package gitrev

import (
	"os"
	"path/filepath"
	"strings"
)

// Side is one version of a workbook, as compare reads it: a file, or a
// workbook at a git revision written to a temporary file.
type Side struct {
	Path, Label string
	Cleanup     func() // removes the temporary file, if any
}

// Resolve is arg as a workbook file, or the workbook work at git revision
// arg, or work itself when arg is empty.
func Resolve(arg, work string) (Side, error) {
	none := func() {}
	switch {
	case arg == "":
		return Side{Path: work, Label: work, Cleanup: none}, nil
	case IsWorkbook(arg):
		return Side{Path: arg, Label: arg, Cleanup: none}, nil
	}
	path, label, err := WorkbookAt(work, arg)
	if err != nil {
		return Side{}, err
	}
	return Side{Path: path, Label: label, Cleanup: func() { os.Remove(path) }}, nil
}

// IsWorkbook reports whether path names an existing regular .xlsx file
// rather than a git revision.
func IsWorkbook(path string) bool {
	if path == "" || !strings.EqualFold(filepath.Ext(path), ".xlsx") {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
