package book

import (
	"cmp"
	"regexp"
	"strconv"
	"strings"

	"bifrost/schema"
)

// renamedCard suggests the card a book's id most likely means when no card
// has that id: the card a rename left in its place, else the nearest id by
// spelling; "" when no card is near.
//
// A designer renames a card by retyping its ID cell, so the renamed card
// keeps the row where the old id stood. Among the ids shaped like id (the
// same letters, digits anywhere: EIN-107 and EIN-110 are both "EIN-#"), in
// row order, it is the one out of order exactly where id would sort:
// EIN-106, EIN-110, EIN-108 names EIN-110 for EIN-107, where spelling
// alone would name EIN-106.
func renamedCard(id string, data any) string {
	var ids []string
	schema.EachRow(data, "ID", func(card, _ string) {
		if idShape(card) == idShape(id) {
			ids = append(ids, card)
		}
	})
	for i, c := range ids {
		after := i == 0 || compareIDs(ids[i-1], id) < 0
		before := i == len(ids)-1 || compareIDs(id, ids[i+1]) < 0
		inOrder := (i == 0 || compareIDs(ids[i-1], c) < 0) && (i == len(ids)-1 || compareIDs(c, ids[i+1]) < 0)
		if after && before && !inOrder {
			return c
		}
	}
	var all []string
	schema.EachRow(data, "ID", func(card, _ string) { all = append(all, card) })
	return schema.Nearest(id, all)
}

var digitRun = regexp.MustCompile(`[0-9]+`)

// idShape is id with each run of digits replaced by "#".
func idShape(id string) string { return digitRun.ReplaceAllString(id, "#") }

// compareIDs orders two ids of the same shape by their numbers, in turn.
func compareIDs(a, b string) int {
	na, nb := digitRun.FindAllString(a, -1), digitRun.FindAllString(b, -1)
	for i := range min(len(na), len(nb)) {
		x, _ := strconv.Atoi(na[i])
		y, _ := strconv.Atoi(nb[i])
		if c := cmp.Compare(x, y); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(na), len(nb))
}

// unknown is the error for a name a placeholder gives that is not among
// names: key's message, or key+".near" naming the nearest of names when
// one is near; args come first, then the name.
func unknown(key, name string, names []string, args ...any) *schema.Message {
	if near := schema.Nearest(name, names); near != "" {
		return messages.Err(key+".near", append(args, name, near)...)
	}
	return messages.Err(key, append(args, name)...)
}

// unknownColumn is the error for a {{table}} column sheet does not have: a
// column's English header names its Japanese one, the one {{table}} takes;
// otherwise the nearest Japanese header is suggested.
func unknownColumn(sheet, col string, cols []schema.Column) *schema.Message {
	var names []string
	for _, c := range cols {
		if strings.EqualFold(col, c.EN) {
			return messages.Err("sheet.column.near", sheet, col, c.JA)
		}
		names = append(names, c.JA)
	}
	return unknown("sheet.column", col, names, sheet)
}
