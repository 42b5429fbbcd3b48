// Package schema is the machinery of bifrost's data contracts: a Game (its
// sheets, Rules parameters, effect vocabularies, messages and checks across
// rows), row decoding from plain string tables, the Rules sheet, problems
// with their positions, messages in two languages and record diffs. Each
// game's own contract lives in its rules/<game> package; schema names none.
//
// It knows cards, not files: the workbook package turns .xlsx files into
// Books, and schema validates them. It imports no excelize, PDF or rules code.
package schema
