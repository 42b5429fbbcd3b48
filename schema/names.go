package schema

import "reflect"

// CardNames maps every card ID in a game's typed data (any slice of rows with
// ID and Name fields, as in NastrondData) to its name.
func CardNames(data any) map[string]string {
	out := map[string]string{}
	v := reflect.Indirect(reflect.ValueOf(data))
	if v.Kind() != reflect.Struct {
		return out
	}
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() != reflect.Slice || f.Type().Elem().Kind() != reflect.Struct {
			continue
		}
		et := f.Type().Elem()
		id, ok1 := et.FieldByName("ID")
		name, ok2 := et.FieldByName("Name")
		if !ok1 || !ok2 || id.Type.Kind() != reflect.String || name.Type.Kind() != reflect.String {
			continue
		}
		for j := range f.Len() {
			row := f.Index(j)
			out[row.FieldByIndex(id.Index).String()] = row.FieldByIndex(name.Index).String()
		}
	}
	return out
}
