package workbook

import (
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
)

// Edit opens the workbook src with the same checks as Open, applies fn to it
// and saves the result to dst atomically. src and dst may be the same file.
func Edit(src, dst string, fn func(f *excelize.File) error) error {
	f, err := openFile(src, src)
	if err != nil {
		return err
	}
	defer f.Close() // drops excelize's temp files; the result is saved below
	if err := fn(f); err != nil {
		return err
	}
	return Save(f, dst)
}

// Save writes f to path atomically: to a temp file in the same directory,
// synced, then renamed over path. A file already at path keeps its
// permissions. On error the temp file is removed and path is untouched.
func Save(f *excelize.File, path string) error {
	return writeAtomic(path, func(w io.Writer) error {
		_, err := f.WriteTo(w)
		return err
	})
}

// writeAtomic writes path through write, atomically.
func writeAtomic(path string, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close() // may already be closed; the write failed anyway
			_ = os.Remove(tmp.Name())
		}
	}()
	perm := fs.FileMode(0o644)
	if fi, serr := os.Stat(path); serr == nil {
		perm = fi.Mode().Perm()
	}
	if err = tmp.Chmod(perm); err != nil {
		return err
	}
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes a rename in dir durable where the platform supports it. The
// file is already complete and in place, so a failure here is not reported:
// some file systems refuse fsync on a directory.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}

// valuesOnly is a new workbook holding the cells of book as text at their
// positions, its sheets in name order: what an edit of an .ods starts
// from. Formats, styles and formulas are not carried over.
func valuesOnly(book *schema.Book) (*excelize.File, error) {
	f := excelize.NewFile()
	first := f.GetSheetName(0)
	names := slices.Sorted(maps.Keys(book.Sheets))
	for _, name := range names {
		if name != first {
			if _, err := f.NewSheet(name); err != nil {
				return nil, err
			}
		}
		t := book.Sheets[name]
		if err := setRow(f, name, 1, t.Header, nil); err != nil {
			return nil, err
		}
		for _, r := range t.Rows {
			if err := setRow(f, name, r.Num, r.Cells, r.Cols); err != nil {
				return nil, err
			}
		}
	}
	if !slices.Contains(names, first) {
		if err := f.DeleteSheet(first); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// setRow writes the cells of row num (cols gives their columns when the
// row is sparse), leaving blanks empty.
func setRow(f *excelize.File, sheet string, num int, cells []string, cols []int) error {
	for i, v := range cells {
		if v == "" {
			continue
		}
		col := i
		if cols != nil {
			col = cols[i]
		}
		cell, err := excelize.CoordinatesToCellName(col+1, num)
		if err != nil {
			return err
		}
		if err := f.SetCellStr(sheet, cell, v); err != nil {
			return err
		}
	}
	return nil
}
