package workbook

import (
	"archive/zip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
)

// An OpenDocument spreadsheet (.ods, LibreOffice Calc's own format) is a zip
// archive like .xlsx: its first part, "mimetype", names the format, and
// content.xml holds every sheet as table:table elements of table:table-row
// and table:table-cell. It is streamed here as .xlsx sheets are, so the same
// limits hold and the same tables come out: the header from row 1, each
// filled cell's raw value, the real row numbers.

// odsMimetype is the content of the "mimetype" part of an .ods file.
const odsMimetype = "application/vnd.oasis.opendocument.spreadsheet"

// The OpenDocument namespaces of the elements and attributes read here.
const (
	nsTable  = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
	nsOffice = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
	nsText   = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
)

// isODS reports whether the archive zr is an OpenDocument spreadsheet.
func isODS(zr *zip.Reader) bool {
	for _, zf := range zr.File {
		if zf.Name != "mimetype" {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return false
		}
		defer rc.Close() // read-only
		b, err := io.ReadAll(io.LimitReader(rc, int64(len(odsMimetype))+1))
		return err == nil && strings.TrimSpace(string(b)) == odsMimetype
	}
	return false
}

// readODS reads every sheet of the .ods archive zr, in document order.
func readODS(zr *zip.Reader, display string) (*schema.Book, error) {
	var content *zip.File
	for _, zf := range zr.File {
		if zf.Name == "content.xml" {
			content = zf
		}
	}
	if content == nil {
		return nil, formatError(display, "part", "content.xml", "missing")
	}
	rc, err := content.Open()
	if err != nil {
		return nil, formatError(display, "part", "content.xml", oneLine(err.Error()))
	}
	defer rc.Close() // read-only
	book := &schema.Book{File: display, Sheets: map[string]*schema.Table{}}
	d := xml.NewDecoder(rc)
	var b budget
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return book, nil
		}
		if err != nil {
			return nil, formatError(display, "part", "content.xml", oneLine(err.Error()))
		}
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Space != nsTable || el.Name.Local != "table" {
			continue
		}
		name := attr(el, nsTable, "name")
		t, err := readODSTable(d, name, &b)
		var fe *FormatError
		if errors.As(err, &fe) {
			fe.File = display
			return nil, fe
		}
		if err != nil {
			return nil, formatError(display, "sheet", name, oneLine(err.Error()))
		}
		book.Sheets[name] = t
	}
}

// readODSTable reads the table:table element just started, as sheet name.
// Rows may sit inside header-row, row-group and rows elements; a run of
// repeated empty rows or cells (LibreOffice writes one to the sheet's last
// row and column) only moves the position on.
func readODSTable(d *xml.Decoder, name string, b *budget) (*schema.Table, error) {
	t := &schema.Table{Sheet: name}
	num := 0 // the last row read
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		switch el := tok.(type) {
		case xml.EndElement:
			if el.Name.Space == nsTable && el.Name.Local == "table" {
				return t, nil
			}
		case xml.StartElement:
			if el.Name.Space != nsTable {
				if err := d.Skip(); err != nil { // shapes, forms, annotations
					return nil, err
				}
				continue
			}
			switch el.Name.Local {
			case "table-row":
				repeat, err := repeats(el, "number-rows-repeated", excelize.TotalRows)
				if err != nil {
					return nil, err
				}
				cells, err := readODSRow(d, name, b)
				var fe *FormatError
				if errors.As(err, &fe) {
					return nil, err
				}
				if err != nil {
					return nil, fmt.Errorf("row %d: %w", num+1, err)
				}
				if len(cells) > 0 && num+repeat > excelize.TotalRows {
					return nil, fmt.Errorf("more than %d rows", excelize.TotalRows)
				}
				for range repeat {
					if num++; len(cells) == 0 {
						continue
					}
					if err := b.addRow(t, name, num, cells); err != nil {
						return nil, err
					}
				}
			case "table-header-rows", "table-row-group", "table-rows":
				// rows inside: read on
			default:
				if err := d.Skip(); err != nil { // columns, named ranges, …
					return nil, err
				}
			}
		}
	}
}

// readODSRow reads the table:table-row element just started, in sheet
// name, and returns its filled cells.
func readODSRow(d *xml.Decoder, name string, b *budget) ([]cell, error) {
	var cells []cell
	col := 0 // the column of the next cell
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		switch el := tok.(type) {
		case xml.EndElement:
			if el.Name.Space == nsTable && el.Name.Local == "table-row" {
				return cells, nil
			}
		case xml.StartElement:
			if el.Name.Space != nsTable || (el.Name.Local != "table-cell" && el.Name.Local != "covered-table-cell") {
				if err := d.Skip(); err != nil {
					return nil, err
				}
				continue
			}
			repeat, err := repeats(el, "number-columns-repeated", excelize.MaxColumns)
			if err != nil {
				return nil, err
			}
			val, err := odsValue(d, el)
			if err != nil {
				return nil, err
			}
			if val != "" && col+repeat > excelize.MaxColumns {
				return nil, fmt.Errorf("more than %d columns", excelize.MaxColumns)
			}
			for i := range repeat {
				if val == "" {
					break
				}
				if len(cells) > maxCells-b.cells { // one row alone past the book's limit
					return nil, formatError("", "too_many_cells", name, maxCells)
				}
				cells = append(cells, cell{col: col + i, val: val})
			}
			col += repeat
		}
	}
}

// repeats reads a repeat count attribute of el: 1 when absent.
func repeats(el xml.StartElement, name string, limit int) (int, error) {
	s := attr(el, nsTable, name)
	if s == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > limit {
		return 0, fmt.Errorf("bad %s %q", name, s)
	}
	return n, nil
}

// odsValue reads the cell element el, just started, and returns its raw
// value as .xlsx stores it: a number as written (office:value, not as
// formatted), a boolean as 1 or 0, a date or time in ISO 8601, else the
// text, its paragraphs joined by line breaks. A formula gives its cached
// value. Comments (office:annotation) are not part of the value.
func odsValue(d *xml.Decoder, el xml.StartElement) (string, error) {
	typ := attr(el, nsOffice, "value-type")
	var text strings.Builder
	paras := 0
	depth := 0
	for {
		tok, err := d.Token()
		if err != nil {
			return "", err
		}
		switch x := tok.(type) {
		case xml.StartElement:
			switch {
			case x.Name.Space == nsOffice && x.Name.Local == "annotation":
				if err := d.Skip(); err != nil {
					return "", err
				}
				continue
			case x.Name.Space == nsText && x.Name.Local == "p" && depth == 0:
				if paras++; paras > 1 {
					text.WriteByte('\n')
				}
			case x.Name.Space == nsText && x.Name.Local == "s":
				n, err := strconv.Atoi(attr(x, nsText, "c"))
				if err != nil || n < 1 {
					n = 1
				}
				text.WriteString(strings.Repeat(" ", min(n, maxReason)))
			case x.Name.Space == nsText && x.Name.Local == "tab":
				text.WriteByte('\t')
			case x.Name.Space == nsText && x.Name.Local == "line-break":
				text.WriteByte('\n')
			}
			depth++
		case xml.CharData:
			if depth > 0 {
				text.Write(x)
			}
		case xml.EndElement:
			if depth == 0 {
				return cellValue(el, typ, text.String()), nil
			}
			depth--
		}
	}
}

// cellValue picks the raw value of a cell of value type typ whose text is
// text.
func cellValue(el xml.StartElement, typ, text string) string {
	switch typ {
	case "float", "percentage", "currency":
		return attr(el, nsOffice, "value")
	case "boolean":
		if attr(el, nsOffice, "boolean-value") == "true" {
			return "1"
		}
		return "0"
	case "date":
		return attr(el, nsOffice, "date-value")
	case "time":
		return attr(el, nsOffice, "time-value")
	case "string":
		if v := attr(el, nsOffice, "string-value"); v != "" {
			return v
		}
	}
	return text
}

// attr returns the value of el's attribute space:local, or "".
func attr(el xml.StartElement, space, local string) string {
	for _, a := range el.Attr {
		if a.Name.Space == space && a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}
