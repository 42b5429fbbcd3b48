// Package workbook is the one package that touches workbook files: .xlsx,
// and .ods as LibreOffice Calc saves it.
//
// Open reads a workbook into a schema.Book of plain string tables, with the
// real 1-based row number of every row, after checking that the file is a
// sane .xlsx or .ods: a zip bomb, a truncated file or something that is not a
// workbook at all gives a one-line *FormatError, never a panic or an
// out-of-memory crash. WriteTemplate writes the empty workbook a designer
// starts from, and Edit and Save change workbooks atomically.
//
// Open reads the sheets itself, cell by cell as stored (an .ods file's
// content.xml is streamed the same way, its repeated empty rows and cells
// costing nothing), so a note far to the
// right (column XFD) costs one cell, not the 16,384-column row excelize's row
// iterator would build. Limits: the file and the sum of its parts'
// uncompressed sizes are at most 64 MiB, a part above 1 MiB may not be
// compressed more than 200:1, every part is read once through a bounded,
// checksummed reader before it is parsed, and a book keeps at most 1 Mi
// filled cells (a header row counts its full width).
package workbook
