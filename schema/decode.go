package schema

import (
	"bifrost/schema/effect"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"
)

// Sheet is a decoded card sheet: one item per non-blank row, with the row
// numbers and column positions needed to report problems at a cell.
type Sheet[T any] struct {
	Spec  *SheetSpec
	Name  string // the sheet name as written in the workbook
	Items []T
	Rows  []int // Rows[i] is the 1-based sheet row of Items[i]
	cells []Row // cells[i] is the row of Items[i] as written
	cols  []Column
	at    map[string]int // field name → 1-based column; absent when missing
	c     *Checker
	// header returns the header text as written at a 1-based column.
	header func(at int) string
}

// Decode reads spec's sheet of c.Book into rows of type T. Missing sheets and
// columns, cells of the wrong type, blank required cells, duplicate IDs and
// validate-tag failures are recorded in c.Problems; decoding goes on past
// every problem. A missing optional sheet gives an empty Sheet.
func Decode[T any](c *Checker, spec *SheetSpec) *Sheet[T] {
	s := &Sheet[T]{Spec: spec, Name: spec.Key, cols: ColumnsOf(new(T)), at: map[string]int{}, c: c}
	t, ok := c.Book.Lookup(spec.Key, spec.JA)
	if !ok {
		if !spec.Optional {
			c.P.Errorf(spec.Key, 1, 1, "", "missing_sheet", spec.Key, spec.JA)
		}
		return s
	}
	s.Name = t.Sheet
	s.header = func(at int) string {
		if at < 1 || at > len(t.Header) {
			return ""
		}
		return Normalize(t.Header[at-1])
	}
	if !s.mapHeader(t) {
		return s
	}
	ids := map[string]int{}
	for _, row := range t.Rows {
		if row.Blank() {
			continue
		}
		var item T
		v := reflect.ValueOf(&item).Elem()
		ok := true
		blank := map[string]bool{}
		for _, col := range s.cols {
			at, found := s.at[col.Field]
			if !found {
				blank[col.Field] = true
				continue
			}
			raw := Normalize(row.Cell(at - 1))
			if col.Typed && raw != "" {
				raw = Trim(row.Cell(at - 1))
			}
			blank[col.Field] = raw == ""
			if !s.setField(v.Field(col.Index), col, raw, Trim(row.Cell(at-1)), row.Num, at) {
				ok = false
			}
		}
		if idAt, has := s.at["ID"]; has {
			id := v.FieldByName("ID").String()
			if first, dup := ids[id]; dup && id != "" {
				c.P.Errorf(s.Name, row.Num, idAt, s.header(idAt), "dup_id", id, first)
			} else if id != "" {
				ids[id] = row.Num
			}
		}
		if ok {
			s.validateStruct(&item, row, blank)
			s.checkTextGaps(v, row.Num)
		}
		s.Items = append(s.Items, item)
		s.Rows = append(s.Rows, row.Num)
		s.cells = append(s.cells, row)
	}
	return s
}

// mapHeader finds each column's position by its Japanese or English header.
// A column given twice (say as 目標値 and as Target) is an error at the second.
// A missing required column is reported at a header that looks like a
// misspelling of it, if one does. When row 1 names no column at all but a
// row just below it does, the header is not on row 1 (a title row sits
// above it): that one problem is reported, and mapHeader returns false.
func (s *Sheet[T]) mapHeader(t *Table) bool {
	if r, ok := s.headerBelow(t); ok {
		s.c.P.Errorf(s.Name, r.Num, 1, "", "header_not_first_row", r.Num, strings.Join(t.Header, " "))
		return false
	}
	matched := map[int]bool{}
	for _, col := range s.cols {
		for i, h := range t.Header {
			if !col.Names(h) {
				continue
			}
			matched[i] = true
			if first, dup := s.at[col.Field]; dup {
				s.c.P.Errorf(s.Name, 1, i+1, Normalize(t.Header[i]), "dup_column", Normalize(t.Header[i]), ColName(first))
				continue
			}
			s.at[col.Field] = i + 1
		}
	}
	var spare []string // headers no column takes
	for i, h := range t.Header {
		if !matched[i] && Normalize(h) != "" {
			spare = append(spare, Normalize(h))
		}
	}
	for _, col := range s.cols {
		if _, ok := s.at[col.Field]; ok || !col.Required && col.Field != "ID" {
			continue
		}
		near := Nearest(Normalize(col.JA), spare)
		if near == "" {
			near = Nearest(Normalize(col.EN), spare)
		}
		if i := slices.IndexFunc(t.Header, func(h string) bool { return Normalize(h) == near }); near != "" && i >= 0 {
			s.c.P.Errorf(s.Name, 1, i+1, near, "missing_column_near", col.JA, col.EN, near)
			continue
		}
		s.c.P.Errorf(s.Name, 1, len(t.Header)+1, col.Header(s.c.Lang), "missing_column", col.JA, col.EN)
	}
	return true
}

// headerBelow finds the header of a sheet whose row 1 names none of its
// columns: the first of the next rows (up to row 10) that names at least
// two of them, or all of them if the sheet has only one.
func (s *Sheet[T]) headerBelow(t *Table) (Row, bool) {
	count := func(cells func(i int) string, n int) int {
		found := 0
		for _, col := range s.cols {
			for i := range n {
				if col.Names(cells(i)) {
					found++
					break
				}
			}
		}
		return found
	}
	if len(s.cols) == 0 || count(func(i int) string { return t.Header[i] }, len(t.Header)) > 0 {
		return Row{}, false
	}
	for _, r := range t.Rows {
		if r.Num > 10 {
			break
		}
		n := max(len(r.Cells), len(r.Cols))
		if count(func(i int) string { return r.Cells[i] }, n) >= min(2, len(s.cols)) {
			return r, true
		}
	}
	return Row{}, false
}

// setField converts raw into the field, reporting a problem when it cannot;
// a message echoes the cell as typed.
func (s *Sheet[T]) setField(f reflect.Value, col Column, raw, typed string, row, at int) bool {
	p := s.c.P
	name := col.Header(s.c.Lang)
	if raw == "" {
		switch {
		case col.Field == "ID":
			p.Errorf(s.Name, row, at, s.header(at), "no_id")
			return false
		case col.Required:
			p.Errorf(s.Name, row, at, s.header(at), "required", name)
			return false
		}
		return true
	}
	switch col.Kind {
	case KindText:
		f.SetString(raw)
	case KindInt:
		n, ok := ParseInt(raw)
		if !ok {
			p.Add(Error, s.Name, row, at, s.header(at), s.c.Lang.Msg("not_int", name)+s.c.Lang.Got(typed))
			return false
		}
		f.SetInt(int64(n))
	case KindBool:
		b, ok := ParseBool(raw)
		if !ok {
			p.Add(Error, s.Name, row, at, s.header(at), s.c.Lang.Msg("not_bool", name)+s.c.Lang.Got(typed))
			return false
		}
		f.SetBool(b)
	case KindList:
		f.Set(reflect.ValueOf(SplitList(raw)))
	case KindEffect:
		e := Effect{Src: raw}
		if ast, ok := s.c.parseEffect(raw, typed, col, s.Name, row, at, s.header(at)); ok {
			e.AST = ast
		}
		f.Set(reflect.ValueOf(e))
	}
	return true
}

// validateStruct runs the validate tags and reports each failure at its
// cell, echoing the cell as typed. Blank cells are not checked: their zero
// value is the documented default.
func (s *Sheet[T]) validateStruct(item *T, row Row, blank map[string]bool) {
	valid, trans := s.c.Lang.validator()
	err := valid.Struct(item)
	if err == nil {
		return
	}
	errs, ok := err.(validator.ValidationErrors)
	if !ok {
		return
	}
	for _, fe := range errs {
		at := s.at[fe.StructField()]
		if at == 0 || blank[fe.StructField()] {
			continue
		}
		msg := fe.Translate(trans)
		if fe.Tag() == "oneof" {
			sep := "・"
			if s.c.Lang.English() {
				sep = ", "
			}
			msg = s.c.Lang.Msg("bad_enum", fe.Field(), strings.ReplaceAll(fe.Param(), " ", sep))
		}
		s.c.P.Add(Error, s.Name, row.Num, at, s.header(at), msg+s.c.Lang.Got(Trim(row.Cell(at-1))))
	}
}

// typed returns item i's cell in field's column as the designer typed it,
// surrounding spaces trimmed; "" when the column is missing.
func (s *Sheet[T]) typed(i int, field string) string {
	at, ok := s.at[field]
	if !ok {
		return ""
	}
	return Trim(s.cells[i].Cell(at - 1))
}

// Errorf records a problem at item i's cell in the column of field.
func (s *Sheet[T]) Errorf(i int, field, key string, args ...any) {
	at := s.at[field]
	s.c.P.Errorf(s.Name, s.Rows[i], at, s.headerOr(at, field), key, args...)
}

// Warnf records a warning at item i's cell in the column of field.
func (s *Sheet[T]) Warnf(i int, field, key string, args ...any) {
	at := s.at[field]
	s.c.P.Warnf(s.Name, s.Rows[i], at, s.headerOr(at, field), key, args...)
}

// SheetErrorf records a problem about the whole sheet, placed at A1.
func (s *Sheet[T]) SheetErrorf(key string, args ...any) {
	s.c.P.Errorf(s.Name, 1, 1, "", key, args...)
}

// Vocab returns the effect vocabulary of field's column.
func (s *Sheet[T]) Vocab(field string) *effect.Vocab {
	for _, c := range s.cols {
		if c.Field == field {
			return s.c.Game.Vocabs[c.Vocab]
		}
	}
	return nil
}

// Written reports whether item i's cell in field's column holds anything
// but spaces; false when the column is missing.
func (s *Sheet[T]) Written(i int, field string) bool {
	at, ok := s.at[field]
	return ok && Normalize(s.cells[i].Cell(at-1)) != ""
}

// Lang returns the language of the checker decoding the sheet.
func (s *Sheet[T]) Lang() *Lang { return s.c.Lang }

// AddError records an error with the rendered message msg at item i's cell
// in the column of field.
func (s *Sheet[T]) AddError(i int, field, msg string) {
	at := s.at[field]
	s.c.P.Add(Error, s.Name, s.Rows[i], at, s.headerOr(at, field), msg)
}

// Column returns the 1-based column of field, or 0 when it is missing.
func (s *Sheet[T]) Column(field string) int { return s.at[field] }

// WrittenHeader returns the header of field's column as the workbook writes
// it, or its name in the checker's language when the column is missing.
func (s *Sheet[T]) WrittenHeader(field string) string { return s.headerOr(s.at[field], field) }

// Found reports whether the workbook has the sheet.
func (s *Sheet[T]) Found() bool { return s.header != nil }

// Has reports whether the sheet has the column of field.
func (s *Sheet[T]) Has(field string) bool { _, ok := s.at[field]; return ok }

// Header returns the header shown for field in messages, in the checker's language.
func (s *Sheet[T]) Header(field string) string {
	for _, c := range s.cols {
		if c.Field == field {
			return c.Header(s.c.Lang)
		}
	}
	return field
}

func (s *Sheet[T]) headerOr(at int, field string) string {
	if h := ""; at > 0 && s.header != nil {
		if h = s.header(at); h != "" {
			return h
		}
	}
	return s.Header(field)
}

// ParseInt reads a whole number as a designer types it: "3", "3.0", "+2",
// "-1" or a spreadsheet's "3E+0". Text must already be normalised.
func ParseInt(s string) (int, bool) {
	s = strings.ReplaceAll(s, ",", "")
	if n, err := strconv.Atoi(s); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1e9 {
		return 0, false
	}
	return int(f), true
}

// ParseBool reads ○/×, はい/いいえ, TRUE/FALSE, yes/no and 1/0.
func ParseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "○", "◯", "〇", "o", "true", "yes", "y", "はい", "1", "有", "あり":
		return true, true
	case "×", "✕", "x", "false", "no", "n", "いいえ", "0", "無", "なし", "-":
		return false, true
	}
	return false, false
}

// SplitList splits "a, b、c" into trimmed, non-empty values.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '、' }) {
		if p = Normalize(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
