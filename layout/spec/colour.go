package spec

import (
	"reflect"
	"strconv"
	"strings"
)

// RGB is a colour, 0–255 per channel.
type RGB struct{ R, G, B int }

var (
	Black = RGB{0, 0, 0}
	White = RGB{255, 255, 255}
)

// Colour is a fixed colour or a palette entry chosen by a field, with an
// optional tint toward white. The zero colour means "not set".
type Colour struct {
	set  bool
	none bool
	rgb  RGB
	pal  *palette
	by   *Field  // the field the palette chooses by where the colour is used
	tint float64 // share of the colour, the rest white: 1 is the colour itself
}

// palette maps the values of one field to colours: frame colours by deck,
// layer or attribute.
type palette struct {
	name   string
	by     string
	values map[string]RGB
	def    RGB
}

func parseHex(s string) (RGB, bool) {
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return RGB{}, false
	}
	n, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return RGB{}, false
	}
	return RGB{int(n >> 16), int(n >> 8 & 0xff), int(n & 0xff)}, true
}

func (p *parser) palette(path, name string, s paletteSpec) *palette {
	pal := &palette{name: name, by: s.By, values: map[string]RGB{}, def: RGB{128, 128, 128}}
	if s.Default != "" {
		if c, ok := parseHex(s.Default); ok {
			pal.def = c
		} else {
			p.errorf(path+".default", "colour_bad_default", s.Default)
		}
	}
	for _, k := range sortedKeys(s.Values) {
		c, ok := parseHex(s.Values[k])
		if !ok {
			p.errorf(path+".values."+k, "colour_bad_value", s.Values[k], k)
			continue
		}
		pal.values[k] = c
	}
	if s.By == "" && len(s.Values) > 0 {
		p.errorf(path, "palette_no_by", name)
	}
	return pal
}

// colour compiles a colour: "#rrggbb", "#rgb", "white", "black", "none", or
// a palette name with an optional tint in percent ("deck", "deck@20").
// A palette's field must exist in the scope's rows.
func (p *parser) colour(path, s string, sc *scope, l *Layout) Colour {
	s = strings.TrimSpace(s)
	switch s {
	case "":
		return Colour{}
	case "none":
		return Colour{set: true, none: true}
	case "white":
		return Colour{set: true, rgb: White, tint: 1}
	case "black":
		return Colour{set: true, rgb: Black, tint: 1}
	}
	if strings.HasPrefix(s, "#") {
		c, ok := parseHex(s)
		if !ok {
			p.errorf(path, "colour_bad", s)
			return Colour{}
		}
		return Colour{set: true, rgb: c, tint: 1}
	}
	name, tint := s, 1.0
	if i := strings.IndexByte(s, '@'); i >= 0 {
		name = s[:i]
		n, err := strconv.ParseFloat(s[i+1:], 64)
		if err != nil || n < 0 || n > 100 {
			p.errorf(path, "tint_bad", s)
		} else {
			tint = n / 100
		}
	}
	pal := l.palettes[name]
	if pal == nil {
		p.errorf(path, "colour_unknown", name, strings.Join(sortedKeys(l.palettes), ", "))
		return Colour{}
	}
	var by *Field
	if pal.by != "" {
		by = sc.fields.Get(pal.by)
		if by == nil && sc.fields != nil && !(sc.each && sc.fields == sc.kind.Fields) {
			by = p.column(sc.fields, pal.by, path) // a column the schema does not type
		}
		if by == nil {
			where := messages.Err("this_card")
			if sc.fields != nil {
				where = messages.Err("sheet_named", sc.fields.spec.Key)
			}
			p.errorf(path, "palette_by_missing", name, pal.by, where)
		}
	}
	return Colour{set: true, pal: pal, by: by, tint: tint}
}

// Or returns c, or d when c is not set.
func (c Colour) Or(d Colour) Colour {
	if c.set {
		return c
	}
	return d
}

// Resolve gives the colour for a row, and false for "none".
func (c Colour) Resolve(ds *Dataset, fs *FieldSet, row reflect.Value) (RGB, bool) {
	if !c.set || c.none {
		return RGB{}, false
	}
	base := c.rgb
	if c.pal != nil {
		base = c.pal.def
		f := fs.Get(c.pal.by)
		if c.by != nil && c.by.Header != "" && fs != nil && c.by.Spec == fs.spec {
			f = c.by // a workbook column, found among the headers by NewDataset
		}
		if f != nil && row.IsValid() {
			if v, ok := c.pal.values[ds.Read(row, f).Text]; ok {
				base = v
			}
		}
	}
	if c.tint >= 1 {
		return base, true
	}
	mix := func(x int) int { return int(float64(x)*c.tint + 255*(1-c.tint) + 0.5) }
	return RGB{mix(base.R), mix(base.G), mix(base.B)}, true
}

// Fixed is the colour c, whatever the row.
func Fixed(c RGB) Colour { return Colour{set: true, rgb: c, tint: 1} }
