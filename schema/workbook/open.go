package workbook

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
)

// The limits Open enforces. An .xlsx is a zip archive: these keep a zip bomb
// or a hostile part from taking more than a few hundred MiB or a few seconds.
const (
	maxFileSize  = 64 << 20 // bytes on disk
	maxUnzipSize = 64 << 20 // sum of the parts' uncompressed sizes (excelize UnzipSizeLimit)
	maxXMLSize   = 16 << 20 // larger parts are spooled to temp files (excelize UnzipXMLSizeLimit)
	maxRatio     = 200      // compression ratio allowed for a part above ratioFloor
	ratioFloor   = 1 << 20
	maxParts     = 10_000   // zip entries; a workbook has a few dozen
	maxCells     = 1 << 20  // cells kept, over the whole book: filled cells, plus the header's width
	maxCellChars = 32767    // characters in one cell: Excel's own limit, so only a hostile file passes it
	maxTextBytes = 64 << 20 // bytes of cell text kept, over the whole book (one shared string may fill many cells)
	maxReason    = 200      // bytes of a FormatError reason taken from a library
)

// oleMagic starts an OLE compound file: an encrypted .xlsx or a legacy .xls.
var oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

// FormatError reports a file that is not a sane .xlsx workbook: not a zip
// archive, truncated, damaged, encrypted, or past a size limit.
type FormatError struct {
	File   string // the path shown in messages
	Reason string // one line in English, e.g. "not an .xlsx file (not a zip archive, or truncated)"

	reason *schema.Message // Reason in either language; it keeps SetLang's
}

// formatError reports display as no sane workbook, for the reason of the
// catalogue's key with args.
func formatError(display, key string, args ...any) *FormatError {
	m := messages.Err(key, args...)
	return &FormatError{File: display, Reason: m.In(english()), reason: m}
}

var english = sync.OnceValue(func() *schema.Lang { return schema.NewLang("en") })

// Message renders the reason for a designer in l's language, without the
// file name.
func (e *FormatError) Message(l *schema.Lang) string { return e.reason.In(l) }

// SetLang sets the language of Error.
func (e *FormatError) SetLang(l *schema.Lang) { e.reason.SetLang(l) }

// Error returns "file: reason" on one line, in the language SetLang gave
// it, else the environment's.
func (e *FormatError) Error() string { return e.withFile(e.reason.Error()) }

// In returns "file: reason" in l's language.
func (e *FormatError) In(l *schema.Lang) string { return e.withFile(e.Message(l)) }

func (e *FormatError) withFile(reason string) string {
	if e.File == "" {
		return reason
	}
	return e.File + ": " + reason
}

// Open reads the workbook at path into string tables: one Table per sheet,
// the header from row 1 and every non-empty row below it with its real
// 1-based row number. Cells are read raw, so number formats never change a
// value, and formulas give their cached values. display is the path shown in
// messages and stored as Book.File.
//
// A file that cannot be read gives an error wrapping the os error (so
// errors.Is(err, fs.ErrNotExist) works); a file that is not a sane .xlsx
// or .ods gives a *FormatError. An .ods gives the tables its .xlsx would.
func Open(path, display string) (*schema.Book, error) {
	data, err := readLimited(path, display)
	if err != nil {
		return nil, err
	}
	return openBytes(data, display)
}

// openBytes reads the workbook whose file holds data, as Open does once it
// has read the file whole: a workbook that is not a sane .xlsx or .ods
// gives a *FormatError.
func openBytes(data []byte, display string) (book *schema.Book, err error) {
	if key, args := precheck(data); key != "" {
		return nil, formatError(display, key, args...)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil { // precheck opened the same bytes
		return nil, formatError(display, "not_zip")
	}
	defer recoverFormat(display, &err)
	if isODS(zr) {
		return readODS(zr, display)
	}
	return readBook(zr, display)
}

// openFile reads path once, checks the bytes and hands the same bytes to
// excelize, so a file saved again in between cannot slip past the checks.
// An .ods, which excelize cannot open, comes back as a new workbook of its
// cell values (valuesOnly).
func openFile(path, display string) (f *excelize.File, err error) {
	data, err := readLimited(path, display)
	if err != nil {
		return nil, err
	}
	if key, args := precheck(data); key != "" {
		return nil, formatError(display, key, args...)
	}
	defer recoverFormat(display, &err)
	if zr, zerr := zip.NewReader(bytes.NewReader(data), int64(len(data))); zerr == nil && isODS(zr) {
		book, err := readODS(zr, display)
		if err != nil {
			return nil, err
		}
		return valuesOnly(book)
	}
	f, err = excelize.OpenReader(bytes.NewReader(data), excelize.Options{
		UnzipSizeLimit:    maxUnzipSize,
		UnzipXMLSizeLimit: maxXMLSize,
	})
	if err != nil {
		if f != nil {
			_ = f.Close() // the open already failed; only temp files to drop
		}
		var pe *fs.PathError
		if errors.As(err, &pe) { // the temp directory, not the workbook
			return nil, err
		}
		return nil, formatError(display, "unreadable", oneLine(err.Error()))
	}
	return f, nil
}

// recoverFormat turns a panic while reading a workbook into a *FormatError.
func recoverFormat(display string, err *error) {
	if r := recover(); r != nil {
		*err = formatError(display, "unreadable", oneLine(fmt.Sprint(r)))
	}
}

// readLimited reads a regular file of at most maxFileSize bytes.
func readLimited(path, display string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, relabel(err, display)
	}
	defer fh.Close() // read-only: a close error loses nothing
	fi, err := fh.Stat()
	if err != nil {
		return nil, relabel(err, display)
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: display, Err: messages.Err("not_regular")}
	}
	tooBig := formatError(display, "too_big", maxFileSize>>20)
	if fi.Size() > maxFileSize {
		return nil, tooBig
	}
	data, err := io.ReadAll(io.LimitReader(fh, maxFileSize+1))
	if err != nil {
		return nil, relabel(err, display)
	}
	if len(data) > maxFileSize {
		return nil, tooBig
	}
	return data, nil
}

// relabel puts display in place of the real path of an os error, keeping the
// underlying error for errors.Is.
func relabel(err error, display string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: display, Err: pe.Err}
	}
	return schema.Errorf("%s：%v", "%s: %v", display, err)
}

// precheck checks that data is a zip archive of sane size holding a workbook,
// and reads every part once through a bounded, checksummed reader. It
// returns the catalogue key (and arguments) of the reason data is
// rejected, or "".
func precheck(data []byte) (string, []any) {
	if bytes.HasPrefix(data, oleMagic) {
		return "encrypted", nil
	}
	// Each central directory entry starts with this signature; counting them
	// bounds the memory zip.NewReader spends on the directory.
	if bytes.Count(data, []byte("PK\x01\x02")) > maxParts {
		return "too_many_parts", []any{maxParts}
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "not_zip", nil
	}
	var total uint64
	var types, book, ods bool
	for _, zf := range zr.File {
		size := zf.UncompressedSize64
		if size > maxUnzipSize || total+size > maxUnzipSize {
			return "unzip_too_big", []any{maxUnzipSize >> 20}
		}
		total += size
		if size > ratioFloor && size/max(zf.CompressedSize64, 1) > maxRatio {
			return "ratio", []any{zf.Name, maxRatio}
		}
		switch strings.ToLower(zf.Name) {
		case "[content_types].xml":
			types = true
		case "xl/workbook.xml":
			book = true
		case "content.xml":
			ods = true
		}
	}
	if (!types || !book) && !(ods && isODS(zr)) {
		return "not_workbook", nil
	}
	for _, zf := range zr.File {
		if err := readPart(zf); err != nil {
			return "damaged", []any{zf.Name, detail(err)}
		}
	}
	return "", nil
}

// readPart decompresses one part, reading at most one byte past its declared
// size. archive/zip checks the size and the CRC-32 at the end.
func readPart(zf *zip.File) error {
	rc, err := zf.Open()
	if err != nil {
		return err
	}
	n, err := io.Copy(io.Discard, io.LimitReader(rc, int64(zf.UncompressedSize64)+1))
	if cerr := rc.Close(); err == nil {
		err = cerr
	}
	if err == nil && uint64(n) != zf.UncompressedSize64 {
		err = schema.Errorf("宣言された大きさより長いです", "longer than its declared size")
	}
	return err
}

// detail is err as the detail of a FormatError: a message of this module
// as it is (put into the error's language when printed), a library's error
// folded onto one line.
func detail(err error) any {
	if m, ok := err.(*schema.Message); ok {
		return m
	}
	return oneLine(err.Error())
}

// oneLine folds s onto one line of at most maxReason bytes.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= maxReason {
		return s
	}
	cut := maxReason
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
