// Package scaffold is what `bifrost init` and `bifrost new` write: the
// shipped games' workbooks, layouts and books copied into the start of a
// designer's repository, and a new print-only game's starter workbook,
// layout and rulebook. Each set is refused, before anything is written,
// when a file it would write is already there.
package scaffold

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"bifrost/cardsrc"
	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/layout"
	"bifrost/rules"
	"bifrost/schema"
)

// Messages are what the scaffolds say when they refuse to write.
var Messages = schema.Catalogue{
	"not_regular": {"%s：通常のファイルではありません（%s）", "%s: not a regular file (%s)"},
	"init_exists": {"%s はすでにあります。init はあるデータを上書きしないので、何も書き出していません（空のフォルダを指定してください）", "%s already exists; init never overwrites data, so it wrote nothing (give it an empty folder)"},
	"new_exists": {"%s はすでにあります。new はあるファイルを上書きしないので、何も書き出していません",
		"%s already exists; new never overwrites a file, so it wrote nothing"},
}

// File is one file a scaffold writes: its path and its bytes.
type File struct {
	Path string
	Data []byte
}

// Write writes files atomically, in order, and prints each one's path on a
// line of w as it is written.
func Write(files []File, w io.Writer) error {
	for _, f := range files {
		if err := outfile.WriteFile(f.Path, f.Data); err != nil {
			return err
		}
		fmt.Fprintln(w, f.Path)
	}
	return nil
}

// Shipped are the files init writes into dir (each game's workbook and
// cardsrc/README.md, each game's layout, each game's books), or an error
// when one of them is already there with something in it or is no regular
// file; an empty file is overwritten.
func Shipped(games rules.Games, dir string) ([]File, error) {
	files, err := shippedFiles(games, dir)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		fi, err := os.Stat(f.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, err
		case !fi.Mode().IsRegular():
			return nil, Messages.Err("not_regular", f.Path, schema.FileKind(fi.Mode()))
		case fi.Size() > 0:
			return nil, Messages.Err("init_exists", f.Path)
		}
	}
	return files, nil
}

// shippedFiles are the files init writes into dir, in the order it writes
// them.
func shippedFiles(games rules.Games, dir string) ([]File, error) {
	var files []File
	add := func(path string, data []byte) {
		files = append(files, File{filepath.Join(dir, filepath.FromSlash(path)), data})
	}
	for _, game := range games {
		id := game.ID()
		if data, err := fs.ReadFile(cardsrc.Files, id+".xlsx"); err == nil {
			add("cardsrc/"+id+".xlsx", data)
		}
	}
	readme, err := fs.ReadFile(cardsrc.Files, "README.md")
	if err != nil {
		return nil, err
	}
	add("cardsrc/README.md", readme)
	for _, game := range games {
		if name, data, ok := layout.Builtin(game.ID()); ok {
			add(name, data)
		}
	}
	for _, game := range games {
		if game.Books == nil {
			continue
		}
		err := fs.WalkDir(game.Books, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(game.Books, path)
			add("rules/"+game.ID()+"/"+path, data)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}
