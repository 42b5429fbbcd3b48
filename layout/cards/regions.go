package cards

import (
	"strings"

	"bifrost/layout/draw"
)

// items counts what the list being drawn holds (0 when dry).
func (pt *painter) items() int {
	if pt.dry {
		return 0
	}
	return len(pt.list.Items)
}

// region records the box of element e, which has just drawn something.
func (pt *painter) region(e *Element) {
	role := e.role()
	if e.typ == "icon" {
		name, _ := e.icon.eval(pt.env(pt.cardRow(), nil))
		role = "icon:" + strings.TrimSpace(name)
	}
	pt.list.Regions = append(pt.list.Regions, draw.Region{Role: role, X: pt.ox + e.x, Y: pt.oy + e.y, W: e.w, H: e.h})
}

// role says what an element shows: the first field (or variable) its
// text names, lower-cased ("name", "effect"), else its type ("art",
// "rect", "table").
func (e *Element) role() string {
	for _, t := range []*tmpl{e.text, e.name} {
		if e.typ == "art" || t == nil {
			continue
		}
		if r := t.firstRef(); r != "" {
			return r
		}
	}
	return e.typ
}

// firstRef names the first field or variable of a template, lower-cased.
func (t *tmpl) firstRef() string {
	for _, p := range t.parts {
		for _, a := range p.alts {
			switch {
			case a.f != nil:
				return strings.ToLower(a.f.name)
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
