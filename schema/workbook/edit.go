package workbook

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/xuri/excelize/v2"
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
