package schema

import "reflect"

// CardNames maps every card ID in a game's typed data (any slice of rows with
// ID and Name fields, as in a game's typed data) to its name.
func CardNames(data any) map[string]string {
	out := map[string]string{}
	EachRow(data, "Name", func(id, name string) { out[id] = name })
	return out
}

// EachRow calls fn, in table and row order, with the ID and the value of
// field of every row of data's tables (slices of rows with string fields ID
// and field).
func EachRow(data any, field string, fn func(id, value string)) {
	v := reflect.Indirect(reflect.ValueOf(data))
	if v.Kind() != reflect.Struct {
		return
	}
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() != reflect.Slice || f.Type().Elem().Kind() != reflect.Struct {
			continue
		}
		et := f.Type().Elem()
		id, ok1 := et.FieldByName("ID")
		val, ok2 := et.FieldByName(field)
		if !ok1 || !ok2 || id.Type.Kind() != reflect.String || val.Type.Kind() != reflect.String {
			continue
		}
		for j := range f.Len() {
			row := f.Index(j)
			fn(row.FieldByIndex(id.Index).String(), row.FieldByIndex(val.Index).String())
		}
	}
}
