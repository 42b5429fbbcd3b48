package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"bifrost/schema"
)

// messages is what the package says, in Japanese and English; its errors
// speak the language schema.SetLang gives them.
var messages = schema.Catalogue{
	"write":   {"%s を書き出せません：%v", "writing %s: %v"},
	"resolve": {"%s：%v", "%s: %v"},
	"loop":    {"%s：シンボリックリンクの段数が多すぎます", "%s: too many levels of symbolic links"},
	"inside":  {"%s は保護されたフォルダー %s の中を指しているので書き出しません", "not writing %s: it leads inside the protected folder %s"},
}

// protected is the folder Write never writes into (the --src folder of
// the command running), checked for each file as it is written.
var protected struct {
	sync.Mutex
	dir string
}

// Protect makes every later Write refuse a path that resolves into dir
// (replacing any folder protected before); "" protects none. The CLI calls
// it once a command knows its --src.
func Protect(dir string) {
	protected.Lock()
	defer protected.Unlock()
	protected.dir = dir
}

// guard refuses path when it resolves into the protected folder now.
func guard(path string) error {
	protected.Lock()
	dir := protected.dir
	protected.Unlock()
	if dir == "" {
		return nil
	}
	if err := Refuse(path, dir); errors.Is(err, ErrInside) {
		return messages.Err("inside", path, dir)
	} else if err != nil {
		return err
	}
	return nil
}

// Write creates or replaces path with what write produces. The folder is
// created when missing. On any error the temporary file is removed and path
// is left untouched. The protected folder (Protect) is checked before the
// temporary file is made and again before it takes path's place, each time
// with every symbolic link resolved, so a folder swapped for a link while
// the command runs is still refused. Temporary files that a killed run
// left beside path are removed first.
func Write(path string, write func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if err := guard(path); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return messages.Err("write", path, err)
	}
	removeStale(dir, filepath.Base(path))
	tmp, err := os.CreateTemp(dir, tempPrefix(filepath.Base(path))+"*.tmp")
	if err != nil {
		return messages.Err("write", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<16)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return messages.Err("write", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return messages.Err("write", path, err)
	}
	if err := tmp.Close(); err != nil {
		return messages.Err("write", path, err)
	}
	// CreateTemp makes the file 0600; outputs are ordinary files.
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return messages.Err("write", path, err)
	}
	if err := guard(path); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return messages.Err("write", path, err)
	}
	return nil
}

// WriteFile is Write for data already in memory.
func WriteFile(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// ErrInside is returned by Refuse when an output path lies inside a folder
// that must never be written to. Its text is for programs: the CLI tells
// the user in its own words (errors.Is).
var ErrInside = errors.New("output would be written inside a protected folder")

// Refuse reports an error when path is inside (or is) the folder protected,
// such as the --src folder that holds the designers' workbooks. Symlinks are
// resolved in both, also in paths that do not exist yet (their nearest
// existing ancestor is resolved), so a link to the folder does not pass.
func Refuse(path, protected string) error {
	p, err1 := resolve(path)
	q, err2 := resolve(protected)
	if err1 != nil || err2 != nil {
		return errors.Join(err1, err2)
	}
	rel, err := filepath.Rel(q, p)
	if err != nil {
		return nil
	}
	if rel == "." || filepath.IsLocal(rel) {
		return fmt.Errorf("%s: %w %s", path, ErrInside, protected)
	}
	return nil
}

// maxLinks bounds the symlinks resolve follows, against link loops.
const maxLinks = 40

// resolve returns the absolute form of path with every symlink resolved. The
// part of path that does not exist yet is kept as written, after its nearest
// existing ancestor is resolved; a dangling link is followed to its target.
func resolve(path string) (string, error) {
	for range maxLinks {
		abs, err := filepath.Abs(path)
		if err != nil {
			return "", err
		}
		rest := ""
		p := abs
		for {
			r, err := filepath.EvalSymlinks(p)
			if err == nil {
				return filepath.Join(r, rest), nil
			}
			if !errors.Is(err, fs.ErrNotExist) {
				return "", messages.Err("resolve", p, err)
			}
			if fi, lerr := os.Lstat(p); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
				break // a dangling link: follow it below
			}
			parent := filepath.Dir(p)
			if parent == p {
				return abs, nil
			}
			rest = filepath.Join(filepath.Base(p), rest)
			p = parent
		}
		target, err := os.Readlink(p)
		if err != nil {
			return "", messages.Err("resolve", p, err)
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		path = filepath.Join(target, rest)
	}
	return "", messages.Err("loop", path)
}

// tempPrefix starts the name of a temporary file for base: hidden, and
// naming the process that writes it, so that a later run can tell the
// files of a killed run from those of one still writing.
func tempPrefix(base string) string {
	return "." + base + "." + strconv.Itoa(os.Getpid()) + "-"
}

// removeStale removes the temporary files for base in dir whose process
// is gone (a run killed while it wrote base).
func removeStale(dir, base string) {
	names, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+".*-*.tmp"))
	for _, name := range names {
		rest := strings.TrimPrefix(filepath.Base(name), "."+base+".")
		pid, err := strconv.Atoi(rest[:strings.IndexByte(rest, '-')])
		if err == nil && pid != os.Getpid() && !alive(pid) {
			os.Remove(name)
		}
	}
}

// globEscape quotes the characters filepath.Match treats specially.
func globEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`).Replace(s)
}
