// Package schema is bifrost's data contract: the card types of every game,
// row decoding from plain string tables, the Rules sheet, problems with their
// positions, and each game's effect vocabulary.
//
// It knows cards, not files: the workbook package turns .xlsx files into
// Books, and schema validates them. It imports no excelize, PDF or rules code.
package schema
