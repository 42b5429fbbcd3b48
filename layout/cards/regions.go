package cards

import (
	"strings"

	"bifrost/layout/draw"
)

// items counts what the list being drawn holds (0 when dry).
func (pt *Painter) items() int {
	if pt.dry {
		return 0
	}
	return len(pt.list.Items)
}

// region records the box of element e, which has just drawn something.
func (pt *Painter) region(e *Element) {
	role := e.Role()
	if e.Type == "icon" {
		name, _ := e.Icon.Eval(pt.env(pt.cardRow(), nil))
		role = "icon:" + strings.TrimSpace(name)
	}
	pt.list.Regions = append(pt.list.Regions, draw.Region{Role: role, X: pt.ox + e.X, Y: pt.oy + e.Y, W: e.W, H: e.H})
}

// Role says what an element shows: the first field (or variable) its
// text names, lower-cased ("name", "effect"), else its type ("art",
// "rect", "table").
func (e *Element) Role() string {
	for _, t := range []*tmpl{e.Text, e.Name} {
		if e.Type == "art" || t == nil {
			continue
		}
		if r := t.firstRef(); r != "" {
			return r
		}
	}
	return e.Type
}

// firstRef names the first field or variable of a template, lower-cased.
func (t *tmpl) firstRef() string {
	for _, p := range t.parts {
		for _, a := range p.alts {
			switch {
			case a.f != nil:
				return strings.ToLower(a.f.Name)
			case a.v != "":
				return strings.ToLower(strings.TrimPrefix(a.v, "$"))
			}
		}
		if p.group != nil {
			if r := p.group.firstRef(); r != "" {
				return r
			}
		}
	}
	return ""
}
