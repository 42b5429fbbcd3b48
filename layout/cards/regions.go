package cards

import (
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

// region records the box of element e drawn at (x, y) as a part named
// role (e.Role() when role is ""), if the list records regions and e drew
// something: the list holds more than the from items it held before.
func (pt *Painter) region(from int, e *spec.Element, role string, x, y float64) {
	if !pt.regions || pt.items() == from {
		return
	}
	if role == "" {
		role = e.Role()
	}
	pt.list.Regions = append(pt.list.Regions, draw.Region{Role: role, X: x, Y: y, W: e.W, H: e.H})
}
