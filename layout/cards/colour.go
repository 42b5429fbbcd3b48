package cards

import (
	"reflect"
	"strconv"
	"strings"
)

// rgb is a colour, 0–255 per channel.
type rgb struct{ r, g, b int }

var (
	black = rgb{0, 0, 0}
	white = rgb{255, 255, 255}
)

// colour is a fixed colour or a palette entry chosen by a field, with an
// optional tint toward white. The zero colour means "not set".
type colour struct {
	set  bool
	none bool
	rgb  rgb
	pal  *palette
	tint float64 // share of the colour, the rest white: 1 is the colour itself
}

// palette maps the values of one field to colours: frame colours by deck,
// layer or attribute.
type palette struct {
	name   string
	by     string
	values map[string]rgb
	def    rgb
}

func parseHex(s string) (rgb, bool) {
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return rgb{}, false
	}
	n, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return rgb{}, false
	}
	return rgb{int(n >> 16), int(n >> 8 & 0xff), int(n & 0xff)}, true
}

func (p *parser) palette(path, name string, s paletteSpec) *palette {
	pal := &palette{name: name, by: s.By, values: map[string]rgb{}, def: rgb{128, 128, 128}}
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
func (p *parser) colour(path, s string, sc *scope, l *Layout) colour {
	s = strings.TrimSpace(s)
	switch s {
	case "":
		return colour{}
	case "none":
		return colour{set: true, none: true}
	case "white":
		return colour{set: true, rgb: white, tint: 1}
	case "black":
		return colour{set: true, rgb: black, tint: 1}
	}
	if strings.HasPrefix(s, "#") {
		c, ok := parseHex(s)
		if !ok {
			p.errorf(path, "colour_bad", s)
			return colour{}
		}
		return colour{set: true, rgb: c, tint: 1}
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
		return colour{}
	}
	if pal.by != "" && sc.fields.get(pal.by) == nil {
		where := messages.Err("this_card")
		if sc.fields != nil {
			where = messages.Err("sheet_named", sc.fields.spec.Key)
		}
		p.errorf(path, "palette_by_missing", name, pal.by, where)
	}
	return colour{set: true, pal: pal, tint: tint}
}

// or returns c, or d when c is not set.
func (c colour) or(d colour) colour {
	if c.set {
		return c
	}
	return d
}

// resolve gives the colour for a row, and false for "none".
func (c colour) resolve(ds *dataset, fs *fieldSet, row reflect.Value) (rgb, bool) {
	if !c.set || c.none {
		return rgb{}, false
	}
	base := c.rgb
	if c.pal != nil {
		base = c.pal.def
		if f := fs.get(c.pal.by); f != nil && row.IsValid() {
			if v, ok := c.pal.values[ds.read(row, f).text]; ok {
				base = v
			}
		}
	}
	if c.tint >= 1 {
		return base, true
	}
	mix := func(x int) int { return int(float64(x)*c.tint + 255*(1-c.tint) + 0.5) }
	return rgb{mix(base.r), mix(base.g), mix(base.b)}, true
}

func fixed(c rgb) colour { return colour{set: true, rgb: c, tint: 1} }
