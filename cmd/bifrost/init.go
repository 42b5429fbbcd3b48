package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"bifrost/cardsrc"
	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/layout"
	"bifrost/schema"
)

func newInitCmd(g *globalOptions) *cobra.Command {
	opts := g
	return &cobra.Command{
		Use:   "init",
		Short: "help.init.short",
		Long:  "help.init.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runInit(cmd.Context(), opts, args[0]) },
	}
}

// initFile is one file init writes: its path under the target folder and
// its bytes.
type initFile struct {
	path string
	data []byte
}

// runInit copies the shipped workbooks, layouts and books into dir, as
// cardsrc/, layout/ and rules/<game>/: the start of a designer's own
// repository, where `bifrost build` then works with bifrost's defaults.
// It refuses, before writing anything, when a file it would write is
// already there with something in it.
func runInit(_ context.Context, opts *globalOptions, dir string) error {
	files, err := shippedFiles(opts, dir)
	if err != nil {
		return err
	}
	for _, f := range files {
		fi, err := os.Stat(f.path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return err
		case !fi.Mode().IsRegular():
			return msgErr("not_regular", f.path, schema.FileKind(fi.Mode()))
		case fi.Size() > 0:
			return msgErr("init_exists", f.path)
		}
	}
	for _, f := range files {
		if err := outfile.WriteFile(f.path, f.data); err != nil {
			return err
		}
		fmt.Fprintln(opts.stderr, f.path)
	}
	fmt.Fprintln(opts.stderr, opts.msg("init_done", len(files), dir, dir))
	return nil
}

// shippedFiles are the files init writes into dir: each game's workbook
// and cardsrc/README.md, each game's layout, and each game's books.
func shippedFiles(opts *globalOptions, dir string) ([]initFile, error) {
	var files []initFile
	add := func(path string, data []byte) {
		files = append(files, initFile{filepath.Join(dir, filepath.FromSlash(path)), data})
	}
	for _, game := range opts.registry {
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
	for _, game := range opts.registry {
		if name, data, ok := layout.Builtin(game.ID()); ok {
			add(name, data)
		}
	}
	for _, game := range opts.registry {
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
