package book

import (
	"fmt"
	"strings"
)

func (c rgb) String() string { return fmt.Sprintf("#%02x%02x%02x", c.r, c.g, c.b) }

// describe writes the pages as text, one operation a line, for goldens.
func (r *typesetter) describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "paper %s %gx%g\n", r.g.name, r.g.w, r.g.h)
	for _, pg := range r.pages {
		fmt.Fprintf(&b, "page %d\n", pg.num)
		for _, a := range pg.anchors {
			fmt.Fprintf(&b, "  anchor %s %.1f\n", r.secs[a.sec].Number, a.y)
		}
		for _, o := range pg.ops {
			switch o.kind {
			case opText:
				bold := ""
				if o.bold {
					bold = " bold"
				}
				sp := ""
				if o.spacing != 0 {
					sp = fmt.Sprintf(" +%.2f", o.spacing)
				}
				fmt.Fprintf(&b, "  text %.1f %.1f %gpt%s%s %s %q\n", o.x, o.y, o.size, bold, sp, o.col, o.s)
			case opFill:
				fmt.Fprintf(&b, "  fill %.1f %.1f %.1fx%.1f %s\n", o.x, o.y, o.w, o.h, o.col)
			case opLine:
				fmt.Fprintf(&b, "  line %.1f %.1f to %.1f %.1f %.2f %s\n", o.x, o.y, o.x+o.w, o.y+o.h, o.lw, o.col)
			case opDot:
				fmt.Fprintf(&b, "  dot %.1f %.1f\n", o.x, o.y)
			case opLeader:
				fmt.Fprintf(&b, "  leader %.1f %.1f to %.1f\n", o.x, o.y, o.x+o.w)
			case opCard:
				fmt.Fprintf(&b, "  card %q %.1f %.1f w%.1f\n", o.s, o.x, o.y, o.w)
			case opFigure:
				fmt.Fprintf(&b, "  figure %.1f %.1f w%.1f\n", o.x, o.y, o.w)
			case opImage:
				fmt.Fprintf(&b, "  image %q %.1f %.1f %.1fx%.1f\n", o.s, o.x, o.y, o.w, o.h)
			case opLink:
				fmt.Fprintf(&b, "  link %.1f %.1f %.1fx%.1f to %s\n", o.x, o.y, o.w, o.h, r.secs[o.ref-1].Number)
			}
		}
	}
	return b.String()
}
