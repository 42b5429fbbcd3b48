package schema

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"bifrost/schema/effect"
)

// Effect is an effect cell: its source text and, once validated, its AST.
type Effect struct {
	Src string
	AST *effect.Effect // nil when the cell is empty or did not parse
}

// Kind is the type of a column's cells.
type Kind string

// The column kinds.
const (
	KindText   Kind = "text"   // any text
	KindInt    Kind = "int"    // a whole number
	KindBool   Kind = "bool"   // ○/×, はい/いいえ, TRUE/FALSE
	KindList   Kind = "list"   // values separated by "," or "、"
	KindEffect Kind = "effect" // the effect language
)

// Column describes one column of a sheet, read from the row struct's tags:
//
//	Target int `xlsx:"目標値,Target,required" validate:"min=1" doc:"判定に必要なパワー"`
//
// The xlsx tag lists the Japanese header, the English header, then options:
// "required" (the cell may not be blank) and "vocab=NAME" (for effect columns,
// the vocabulary to parse with). The doc tag is a Japanese note for the template.
type Column struct {
	Field    string // Go field name
	Index    int    // field index in the struct
	JA, EN   string
	Kind     Kind
	Required bool
	Vocab    string   // effect columns: the Game.Vocabs key
	TextOf   []string // a printed text column: the Go field names of the effect (and yes/no) columns it describes ("textof=A+B")
	Enum     []string // from validate "oneof="
	Min, Max string   // from validate "min=" and "max=", "" when absent
	Doc      string
	// Tune is the column's direction for balance scans, from the tune tag:
	// "up" when a larger number (or a written effect) makes the card
	// stronger, "down" when a larger number makes it weaker (a cost); ""
	// for a column a scan never moves.
	Tune string
	// Typed is true for the printed prose columns (Name, Text, Flavor,
	// Story, Epithet as free text): they keep what the designer typed,
	// full-width forms included, and are only trimmed. Every other
	// column is parsed, so it is NFKC-normalised first (see Normalize).
	Typed bool
}

// proseFields are the Go field names of the columns printed as typed.
var proseFields = []string{"Name", "Text", "Flavor", "Story", "Epithet"}

// Header returns the header text for lang: Japanese or English.
func (c Column) Header(l *Lang) string {
	if l != nil && l.English() {
		return c.EN
	}
	return c.JA
}

// Names reports whether header text h names column c, in Japanese or
// English (normalised, in any case).
func (c Column) Names(h string) bool {
	h = strings.ToLower(Normalize(h))
	return h != "" && (h == strings.ToLower(Normalize(c.JA)) || h == strings.ToLower(Normalize(c.EN)))
}

var (
	effectType = reflect.TypeFor[Effect]()
	columnMemo sync.Map // reflect.Type → []Column
)

// ColumnsOf lists the columns of a row struct (a value or a pointer to one).
func ColumnsOf(row any) []Column {
	t := reflect.TypeOf(row)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if v, ok := columnMemo.Load(t); ok {
		return v.([]Column)
	}
	var cols []Column
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("xlsx")
		if !ok || tag == "-" {
			continue
		}
		parts := strings.Split(tag, ",")
		c := Column{Field: f.Name, Index: i, JA: parts[0], EN: parts[0], Doc: f.Tag.Get("doc"), Tune: f.Tag.Get("tune")}
		if c.Tune != "" && c.Tune != "up" && c.Tune != "down" {
			panic("schema: tune tag must be up or down on " + t.Name() + "." + f.Name)
		}
		if len(parts) > 1 {
			c.EN = parts[1]
		}
		for _, opt := range parts[min(2, len(parts)):] {
			switch {
			case opt == "required":
				c.Required = true
			case strings.HasPrefix(opt, "vocab="):
				c.Vocab = strings.TrimPrefix(opt, "vocab=")
			case strings.HasPrefix(opt, "textof="):
				c.TextOf = strings.Split(strings.TrimPrefix(opt, "textof="), "+")
			default:
				panic("schema: unknown xlsx tag option " + opt + " on " + t.Name() + "." + f.Name)
			}
		}
		switch {
		case f.Type == effectType:
			c.Kind = KindEffect
		case f.Type.Kind() == reflect.Int:
			c.Kind = KindInt
		case f.Type.Kind() == reflect.Bool:
			c.Kind = KindBool
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.String:
			c.Kind = KindList
		case f.Type.Kind() == reflect.String:
			c.Kind = KindText
		default:
			panic("schema: unsupported field type " + f.Type.String() + " on " + t.Name() + "." + f.Name)
		}
		for _, rule := range strings.Split(f.Tag.Get("validate"), ",") {
			k, v, _ := strings.Cut(rule, "=")
			switch k {
			case "oneof":
				c.Enum = strings.Fields(v)
			case "min", "gte":
				c.Min = v
			case "max", "lte":
				c.Max = v
			}
		}
		c.Typed = c.Kind == KindText && c.Enum == nil && slices.Contains(proseFields, c.Field)
		cols = append(cols, c)
	}
	columnMemo.Store(t, cols)
	return cols
}
