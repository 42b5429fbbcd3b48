package workbook

import (
	"archive/zip"
	"encoding/xml"
	"errors"
	"io"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
)

// The sheets are read straight from the archive, streaming, cell by cell, as
// raw values: excelize's row iterator pads every row with empty cells up to
// its last filled one, so 300 notes in column XFD cost it 5 million cells
// and hundreds of MB. Here a cell costs what it takes in the file.

// budget counts the cells a book keeps, against maxCells, and their text,
// against maxTextBytes.
type budget struct{ cells, bytes int }

// readBook reads every worksheet of the archive zr, in workbook order.
func readBook(zr *zip.Reader, display string) (*schema.Book, error) {
	parts := map[string]*zip.File{}
	for _, f := range zr.File {
		parts[strings.TrimPrefix(f.Name, "/")] = f
	}
	var wb struct {
		Sheets []struct {
			Name  string     `xml:"name,attr"`
			Attrs []xml.Attr `xml:",any,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := decodePart(parts, "xl/workbook.xml", &wb); err != nil {
		return nil, formatError(display, "part", "xl/workbook.xml", detail(err))
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Type   string `xml:"Type,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := decodePart(parts, "xl/_rels/workbook.xml.rels", &rels); err != nil && !errors.Is(err, errNoPart) {
		return nil, formatError(display, "part", "xl/_rels/workbook.xml.rels", detail(err))
	}
	target := map[string]string{} // relationship ID → worksheet part
	sst := "xl/sharedStrings.xml"
	for _, r := range rels.Rels {
		p := r.Target
		if strings.HasPrefix(p, "/") {
			p = p[1:]
		} else {
			p = path.Join("xl", p)
		}
		switch {
		case strings.HasSuffix(r.Type, "/worksheet"):
			target[r.ID] = p
		case strings.HasSuffix(r.Type, "/sharedStrings"):
			sst = p
		}
	}
	strs, err := readSharedStrings(parts[sst])
	if err != nil {
		return nil, formatError(display, "part", sst, detail(err))
	}
	book := &schema.Book{File: display, Sheets: map[string]*schema.Table{}}
	var b budget
	for _, s := range wb.Sheets {
		p := ""
		for _, a := range s.Attrs {
			if a.Name.Local == "id" && a.Name.Space != "" {
				p = target[a.Value]
			}
		}
		zf := parts[p]
		if zf == nil { // a chart sheet, or a sheet without a part: no cells
			continue
		}
		t, err := readTable(zf, s.Name, strs, &b)
		var fe *FormatError
		switch {
		case errors.As(err, &fe):
			fe.File = display
			return nil, fe
		case err != nil:
			return nil, formatError(display, "sheet", s.Name, detail(err))
		}
		book.Sheets[s.Name] = t
	}
	return book, nil
}

var errNoPart = schema.Errorf("ありません", "missing")

// decodePart unmarshals the XML part name into v.
func decodePart(parts map[string]*zip.File, name string, v any) error {
	zf := parts[name]
	if zf == nil {
		return errNoPart
	}
	rc, err := zf.Open()
	if err != nil {
		return err
	}
	defer rc.Close() // read-only
	return xml.NewDecoder(rc).Decode(v)
}

// richText is a shared or inline string: plain text, or runs of text.
// Phonetic guides (rPh, the furigana Excel keeps) are not part of it.
type richText struct {
	T    *string `xml:"t"`
	Runs []struct {
		T string `xml:"t"`
	} `xml:"r"`
}

func (r *richText) String() string {
	var sb strings.Builder
	if r.T != nil {
		sb.WriteString(*r.T)
	}
	for _, run := range r.Runs {
		sb.WriteString(run.T)
	}
	return unescape(sb.String())
}

// escaped is how OOXML writes a character XML cannot hold: _xHHHH_.
var escaped = regexp.MustCompile(`_x[0-9A-Fa-f]{4}_`)

// unescape decodes _xHHHH_ escapes; _x005F_ is a literal underscore.
func unescape(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	return escaped.ReplaceAllStringFunc(s, func(m string) string {
		n, _ := strconv.ParseUint(m[2:6], 16, 32) // four hex digits, by the pattern
		return string(rune(n))
	})
}

// readSharedStrings reads the shared string table; a missing part is empty.
func readSharedStrings(zf *zip.File) ([]string, error) {
	if zf == nil {
		return nil, nil
	}
	rc, err := zf.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close() // read-only
	d := xml.NewDecoder(rc)
	var out []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "si" {
			var si richText
			if err := d.DecodeElement(&si, &se); err != nil {
				return nil, err
			}
			out = append(out, si.String())
		}
	}
}

// cell is one cell as found in a row: its 0-based column and raw value.
type cell struct {
	col int
	val string
}

// readTable reads the worksheet part zf as sheet name: the header from row
// 1 and every row with a filled cell below it. Values are raw: the cached
// value of a formula, a number as written, a shared or inline string's text.
func readTable(zf *zip.File, name string, strs []string, b *budget) (*schema.Table, error) {
	rc, err := zf.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close() // read-only
	d := xml.NewDecoder(rc)
	t := &schema.Table{Sheet: name}
	num, col := 0, -1 // the row, and the column of its last cell
	var cells []cell
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return t, nil
		}
		if err != nil {
			return nil, err
		}
		switch el := tok.(type) {
		case xml.StartElement:
			switch el.Name.Local {
			case "row":
				if num, err = rowNumber(el, num); err != nil {
					return nil, err
				}
				cells, col = cells[:0], -1
			case "c":
				c, err := readCell(d, el, col, strs)
				if err != nil {
					return nil, schema.Errorf("%d 行目：%v", "row %d: %v", num, err)
				}
				if col = c.col; c.val != "" {
					cells = append(cells, c)
				}
			}
		case xml.EndElement:
			if el.Name.Local != "row" || len(cells) == 0 {
				continue
			}
			if err := b.addRow(t, name, num, cells); err != nil {
				return nil, err
			}
		}
	}
}

// rowNumber returns the number of the row that starts at el: its r
// attribute, or the one after prev.
func rowNumber(el xml.StartElement, prev int) (int, error) {
	for _, a := range el.Attr {
		if a.Name.Local == "r" {
			n, err := strconv.Atoi(a.Value)
			if err != nil || n <= prev || n > excelize.TotalRows {
				return 0, schema.Errorf("%[2]d 行目の後の行番号「%[1]s」が不正です", "bad row number %q after row %d", a.Value, prev)
			}
			return n, nil
		}
	}
	if prev >= excelize.TotalRows {
		return 0, schema.Errorf("%d 行を超えています", "more than %d rows", excelize.TotalRows)
	}
	return prev + 1, nil
}

// readCell reads the cell that starts at el, whose row's previous cell is
// in column prev (-1 for none).
func readCell(d *xml.Decoder, el xml.StartElement, prev int, strs []string) (cell, error) {
	c := cell{col: prev + 1}
	typ := ""
	for _, a := range el.Attr {
		switch a.Name.Local {
		case "r":
			col, _, err := excelize.CellNameToCoordinates(a.Value)
			if err != nil {
				return c, err
			}
			c.col = col - 1
		case "t":
			typ = a.Value
		}
	}
	if c.col <= prev || c.col >= excelize.MaxColumns {
		return c, schema.Errorf("%[1]d 列目のセルが %[2]d 列目の後にあります", "a cell in column %d comes after column %d", c.col+1, prev+1)
	}
	var v string
	var inline richText
	for {
		tok, err := d.Token()
		if err != nil {
			return c, err
		}
		switch x := tok.(type) {
		case xml.StartElement:
			switch x.Name.Local {
			case "v":
				err = d.DecodeElement(&v, &x)
			case "is":
				err = d.DecodeElement(&inline, &x)
			default:
				err = d.Skip()
			}
			if err != nil {
				return c, err
			}
		case xml.EndElement:
			if x.Name == el.Name {
				switch typ {
				case "s":
					if v == "" {
						return c, nil
					}
					i, err := strconv.Atoi(strings.TrimSpace(v))
					if err != nil || i < 0 || i >= len(strs) {
						return c, schema.Errorf("共有文字列「%s」がありません", "shared string %q does not exist", v)
					}
					c.val = strs[i]
				case "inlineStr":
					c.val = inline.String()
				default:
					c.val = v
				}
				return c, nil
			}
		}
	}
}

// dense returns cells as a row of consecutive columns.
// addRow puts sheet row num of table t (sheet name), its filled cells,
// into the table: row 1 is the header. It counts the cells against the
// workbook's budget.
func (b *budget) addRow(t *schema.Table, name string, num int, cells []cell) error {
	for _, c := range cells {
		if len(c.val) > maxCellChars && utf8.RuneCountInString(c.val) > maxCellChars {
			return formatError("", "cell_too_long", name, schema.ColName(c.col+1)+strconv.Itoa(num), maxCellChars)
		}
		if b.bytes += len(c.val); b.bytes > maxTextBytes {
			return formatError("", "too_much_text", name, maxTextBytes>>20)
		}
	}
	if num == 1 {
		t.Header = dense(cells)
		b.cells += len(t.Header)
	} else {
		row := keep(num, cells)
		t.Rows = append(t.Rows, row)
		b.cells += len(row.Cells)
	}
	if b.cells > maxCells {
		return formatError("", "too_many_cells", name, maxCells)
	}
	return nil
}

func dense(cells []cell) []string {
	out := make([]string, cells[len(cells)-1].col+1)
	for _, c := range cells {
		out[c.col] = c.val
	}
	return out
}

// keep returns row num as stored: dense when its filled cells are at least
// about half of its width, else sparse (only the filled cells, with their
// columns), so a note far to the right costs one cell.
func keep(num int, cells []cell) schema.Row {
	if width := cells[len(cells)-1].col + 1; width <= 2*len(cells)+8 {
		return schema.Row{Num: num, Cells: dense(cells)}
	}
	row := schema.Row{Num: num, Cells: make([]string, len(cells)), Cols: make([]int, len(cells))}
	for i, c := range cells {
		row.Cells[i], row.Cols[i] = c.val, c.col
	}
	return row
}
