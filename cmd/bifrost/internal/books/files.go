package books

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Dir is the folder holding <game>/rulebook.md and the other book files:
// rules (--rules) when given, else rules/ beside the workbook folder src,
// as layout/ is.
func Dir(src, rules string) string {
	if rules != "" {
		return rules
	}
	return filepath.Join(filepath.Dir(filepath.Clean(src)), "rules")
}

// Inputs are the files on disk that game's books read under rulesDir,
// whether or not they are there: the books, RULINGS.md and glossary.yaml
// in rulesDir/<game>/ (not the images the books name).
func Inputs(rulesDir string, game *sim.Definition) []string {
	var out []string
	for _, name := range append(slices.Clone(Names), "RULINGS") {
		out = append(out, filepath.Join(rulesDir, game.ID(), name+".md"))
	}
	return append(out, filepath.Join(rulesDir, game.ID(), "glossary.yaml"))
}

// files are one game's book files (its books, RULINGS.md, glossary.yaml
// and the books' images). Each is read from the game's folder on disk,
// <rules>/<game>/, when that file is there, else from the copy built into
// the binary: the override is per file, so a designer who edits only
// rulebook.md keeps the built-in summary and rulings.
type files struct {
	dir     string // the folder on disk; it need not exist
	game    string
	builtin fs.FS // nil for a game without built-in books
}

// filesOf gives game's book files under rulesDir.
func filesOf(rulesDir string, game *sim.Definition) files {
	return files{dir: filepath.Join(rulesDir, game.ID()), game: game.ID(), builtin: game.Books}
}

// read returns the book file called name and the path its messages name:
// the file on disk, or the built-in copy as rules/<game>/<name>. When
// neither has it, the error is the file on disk's (fs.ErrNotExist); a file
// on disk that is not a regular file is refused, never read.
func (b files) read(name string) (path string, data []byte, err error) {
	path = filepath.Join(b.dir, name)
	err = schema.RegularFile(path)
	if err == nil {
		data, err = os.ReadFile(path)
		return path, data, err
	}
	if !errors.Is(err, fs.ErrNotExist) || b.builtin == nil {
		return path, nil, err
	}
	data, builtinErr := fs.ReadFile(b.builtin, name)
	if builtinErr != nil {
		return path, nil, err
	}
	return filepath.Join("rules", b.game, name), data, nil
}

// Open opens a file for the books' images: the one on disk, through an
// os.Root so that no symbolic link leads out of the folder, else the
// built-in one.
func (b files) Open(name string) (fs.File, error) {
	if root, err := os.OpenRoot(b.dir); err == nil {
		f, err := root.FS().Open(name)
		root.Close()
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return f, err
		}
	}
	if b.builtin == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return b.builtin.Open(name)
}
