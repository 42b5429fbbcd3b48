package schema

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"syscall"
	"unicode"
)

// Catalogue holds a package's messages by key: each key's Japanese and
// English fmt format, taking the same arguments in the same order.
type Catalogue map[string][2]string

// Lacks lists what is wrong with c's entries, one line each: a form that is
// empty, a Japanese form without Japanese, an English form with Japanese
// outside a quoted example ('…' or "…"), or forms taking different numbers
// of arguments. A test of each package's catalogue wants it empty.
func (c Catalogue) Lacks() []string {
	var out []string
	for key, m := range c {
		ja, en := m[0], m[1]
		switch {
		case ja == "" || en == "":
			out = append(out, fmt.Sprintf("%s: a form is empty (ja %q, en %q)", key, ja, en))
		case !HasJapanese(ja) && ja != en:
			out = append(out, fmt.Sprintf("%s: the Japanese form %q has no Japanese", key, ja))
		case HasJapanese(quotedExample.ReplaceAllString(en, "")):
			out = append(out, fmt.Sprintf("%s: the English form %q has Japanese", key, en))
		case verbCount(ja) != verbCount(en):
			out = append(out, fmt.Sprintf("%s: %d arguments in Japanese, %d in English", key, verbCount(ja), verbCount(en)))
		}
	}
	return out
}

var (
	quotedExample = regexp.MustCompile(`'[^']*'|"[^"]*"`)
	fmtVerb       = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?(\[\d+\])?[a-zA-Z]`)
)

func verbCount(f string) int { return len(fmtVerb.FindAllString(strings.ReplaceAll(f, "%%", ""), -1)) }

// HasJapanese reports whether s holds kana, kanji or full-width punctuation.
func HasJapanese(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) || (r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
	})
}

// Err returns the message key of c with args as an error, put into words
// only when printed: in the language SetLang gave it, else the
// environment's. Arguments that are errors are rendered in the same
// language, and unwrap.
func (c Catalogue) Err(key string, args ...any) *Message {
	if _, ok := c[key]; !ok {
		panic("schema: no message " + key)
	}
	return &Message{cat: c, key: key, args: args}
}

// Errorf returns a message given inline rather than by catalogue key: ja
// and en are its two fmt formats and take the same arguments (use explicit
// indexes such as %[2]d where Japanese wants another order). Like a
// catalogue message it is put into words only when printed, and its
// arguments that are errors, Words or other messages speak its language.
func Errorf(ja, en string, args ...any) *Message {
	return &Message{form: [2]string{ja, en}, args: args}
}

// Message is an error with a Japanese and an English form: a catalogue
// message with its arguments (Catalogue.Err) or an inline pair of formats
// with theirs (Errorf).
type Message struct {
	cat  Catalogue
	key  string
	form [2]string // the inline formats, when cat is nil
	args []any
	lang *Lang
}

// Key returns the message's catalogue key ("" for an inline message).
func (m *Message) Key() string { return m.key }

// In renders m in l's language.
func (m *Message) In(l *Lang) string {
	form := m.form
	if m.cat != nil {
		form = m.cat[m.key]
	}
	return l.Sprintf(form[0], form[1], m.args...)
}

func (m *Message) Error() string {
	l := m.lang
	if l == nil {
		l = NewLang(LangFromEnv())
	}
	return m.In(l)
}

// SetLang makes m (and the errors among its arguments) speak l.
func (m *Message) SetLang(l *Lang) {
	m.lang = l
	for _, a := range m.args {
		if e, ok := a.(error); ok {
			SetLang(e, l)
		}
	}
}

// Unwrap returns the errors among m's arguments.
func (m *Message) Unwrap() []error {
	var out []error
	for _, a := range m.args {
		if e, ok := a.(error); ok {
			out = append(out, e)
		}
	}
	return out
}

// SetLang sets l on every error in err's tree that has a SetLang method.
func SetLang(err error, l *Lang) {
	if s, ok := err.(interface{ SetLang(*Lang) }); ok {
		s.SetLang(l)
	}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		if e := u.Unwrap(); e != nil {
			SetLang(e, l)
		}
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			SetLang(e, l)
		}
	}
}

// ErrText renders err in l: a Message in l's language, an operating
// system's file error as "path: what went wrong" in words of l, an
// errors.Join of errors each in l, one a line, anything else as it reads.
func (l *Lang) ErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe == err {
		return l.Msg("os_path", pe.Path, l.osReason(pe.Err))
	}
	var errno syscall.Errno
	if errors.As(err, &errno) && errno == err {
		return l.osReason(err)
	}
	if in, ok := err.(interface{ In(*Lang) string }); ok {
		return in.In(l)
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var en, local []string
		for _, u := range j.Unwrap() {
			en, local = append(en, u.Error()), append(local, l.ErrText(u))
		}
		if strings.Join(en, "\n") == err.Error() { // errors.Join, not a format
			return strings.Join(local, "\n")
		}
	}
	return err.Error()
}

// osReasons pairs the operating-system errors ErrText names with their
// message keys, first match wins.
var osReasons = []struct {
	err error
	key string
}{
	{fs.ErrNotExist, "os_not_exist"},
	{fs.ErrPermission, "os_permission"},
	{fs.ErrExist, "os_exist"},
	{syscall.EISDIR, "os_is_dir"},
	{syscall.ENOTDIR, "os_not_dir"},
	{syscall.ENOSPC, "os_no_space"},
	{syscall.EROFS, "os_read_only"},
	{syscall.ELOOP, "os_loop"},
	{syscall.ENAMETOOLONG, "os_name_too_long"},
	{syscall.EADDRINUSE, "os_addr_in_use"},
	{syscall.EADDRNOTAVAIL, "os_addr_not_avail"},
}

// osReason names an operating-system error in l's words.
func (l *Lang) osReason(err error) string {
	for _, r := range osReasons {
		if errors.Is(err, r.err) {
			return l.Msg(r.key)
		}
	}
	var m *Message
	if errors.As(err, &m) {
		return m.In(l)
	}
	return l.Msg("os_other", err.Error())
}

// FileKind is what a path that is not a regular file is (a folder, a named
// pipe, …), named in the language of the message it is an argument of.
type FileKind fs.FileMode

func (k FileKind) key() (string, []any) {
	switch m := fs.FileMode(k); {
	case m.IsDir():
		return "kind_folder", nil
	case m&fs.ModeNamedPipe != 0:
		return "kind_pipe", nil
	case m&fs.ModeSocket != 0:
		return "kind_socket", nil
	case m&fs.ModeDevice != 0:
		return "kind_device", nil
	default:
		return "kind_other", []any{m.Type().String()}
	}
}

// In names the kind in l's language.
func (k FileKind) In(l *Lang) string {
	key, args := k.key()
	return l.Msg(key, args...)
}

func (k FileKind) Error() string { return k.In(NewLang(LangFromEnv())) }

// RegularFile returns nil when path is a regular file (symbolic links
// followed), the os error when it cannot be read, and else one line that
// says what it is instead (a folder, a named pipe, …): bifrost never opens
// a FIFO or a device, which could block or never end.
func RegularFile(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Mode().IsRegular() {
		return nil
	}
	return Errorf("%s：通常のファイルではありません（%s）", "%s: not a regular file (%s)", path, FileKind(fi.Mode()))
}
