package cards

import (
	"strings"

	"bifrost/layout/draw"
	"bifrost/layout/spec"
)

// items counts what the list being drawn holds (0 when dry).
func (pt *Painter) items() int {
	if pt.dry {
		return 0
	}
	return len(pt.list.Items)
}

// region records the box of element e, which has just drawn something.
func (pt *Painter) region(e *spec.Element) {
	role := e.Role()
	if e.Type == "icon" {
		name, _ := e.Icon.Eval(pt.env(pt.cardRow(), nil))
		role = "icon:" + strings.TrimSpace(name)
	}
	pt.list.Regions = append(pt.list.Regions, draw.Region{Role: role, X: pt.ox + e.X, Y: pt.oy + e.Y, W: e.W, H: e.H})
}
