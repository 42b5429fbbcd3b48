package draw

import (
	"image"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"bifrost/layout/text"
	"bifrost/schema"
)

// glyphBuf is the scratch space of one raster for reading glyphs.
type glyphBuf struct {
	sb   sfnt.Buffer
	segs []Seg
}

// sfnts keeps each font parsed once per process.
var sfnts sync.Map // *text.Font → *sfnt.Font

func parsed(f *text.Font) (*sfnt.Font, error) {
	if v, ok := sfnts.Load(f); ok {
		return v.(*sfnt.Font), nil
	}
	sf, err := sfnt.Parse(f.Data)
	if err != nil {
		return nil, schema.Errorf("フォント %s を読めません：%v", "draw: font %s: %v", f.Name, err)
	}
	v, _ := sfnts.LoadOrStore(f, sf)
	return v.(*sfnt.Font), nil
}

// glyphKey names one rasterized glyph: its font, glyph, size and sub-pixel
// position (in quarters of a pixel) and how it is painted.
type glyphKey struct {
	f      *text.Font
	g      sfnt.GlyphIndex
	ppem   fixed.Int26_6
	sx, sy uint8
	mode   TextMode
	line   int32 // stroke width in 1/64 pixel
}

// glyphMask is a glyph's coverage; its top-left pixel lies at (dx, dy)
// from the pixel of the pen.
type glyphMask struct {
	a      *image.Alpha
	dx, dy int
}

// glyphs caches rasterized glyphs for the process; cards of one game use a
// few hundred glyphs at a few sizes.
var glyphs = struct {
	sync.Mutex
	m map[glyphKey]*glyphMask
}{m: map[glyphKey]*glyphMask{}}

const maxCachedGlyphs = 1 << 16

// text paints a run glyph by glyph at the advances the PDF uses.
func (r *raster) text(t *Text) error {
	if t.Mode == TextInvisible {
		return nil
	}
	f := t.Font
	if f == nil {
		f = text.Default() // a picture has no font of its own: the embedded M+
	}
	sf, err := parsed(f)
	if err != nil {
		return err
	}
	sizeMM := t.Size * text.MMPerPt
	x, y := t.X, t.Y
	if t.Align == AlignCenter {
		x -= float64(width(f, t.S)) * sizeMM / 1000 / 2
		y += sizeMM * centerDrop
	}
	k := r.m.scale()
	ppem := fixed.Int26_6(math.Round(sizeMM * k * 64))
	line := t.Line * k
	c := rgba(t.Color, 1)
	for _, ch := range t.S {
		adv := float64(f.Width(ch)) * sizeMM / 1000
		if ch == ' ' || ch == '\u3000' || ch == '\t' {
			x += adv
			continue
		}
		gi, err := sf.GlyphIndex(&r.gbuf.sb, ch)
		if err != nil {
			return err
		}
		px, py := r.m.apply(x, y)
		if r.m.axisAligned() {
			// Baselines sit on whole pixels and glyphs on quarter pixels
			// across (whole pixels for large glyphs), as poppler places
			// them: crisper, and few glyphs to cache.
			ix, iy := math.Floor(px), math.Floor(py)
			sx := uint8((px - ix) * 4)
			if ppem > 40*64 {
				sx = 0
			}
			key := glyphKey{f, gi, ppem, sx, 0, t.Mode, int32(math.Round(line * 64))}
			gm, err := r.glyph(sf, key, line)
			if err != nil {
				return err
			}
			if gm != nil {
				r.paintMask(gm, int(ix), int(iy), c)
			}
		} else if err := r.rotatedGlyph(sf, gi, ppem, x, t.Y, k, t.Mode, line, c); err != nil {
			return err
		}
		x += adv
	}
	return nil
}

// glyph returns the cached mask of key, rasterizing it the first time.
func (r *raster) glyph(sf *sfnt.Font, key glyphKey, line float64) (*glyphMask, error) {
	glyphs.Lock()
	gm, ok := glyphs.m[key]
	glyphs.Unlock()
	if ok {
		return gm, nil
	}
	segs, err := sf.LoadGlyph(&r.gbuf.sb, key.g, key.ppem, nil)
	if err != nil {
		return nil, err
	}
	out, minX, minY, maxX, maxY := glyphOutline(r.gbuf.segs[:0], segs, float64(key.sx)/4, float64(key.sy)/4, 1)
	r.gbuf.segs = out
	if minX > maxX {
		gm = nil // a glyph with no outline
	} else {
		pad := line + 1
		b := image.Rect(int(math.Floor(minX-pad)), int(math.Floor(minY-pad)), int(math.Ceil(maxX+pad)), int(math.Ceil(maxY+pad)))
		gm = &glyphMask{a: image.NewAlpha(image.Rect(0, 0, b.Dx(), b.Dy())), dx: b.Min.X, dy: b.Min.Y}
		// Rasterize in the mask's own pixels: a raster whose transform is a
		// translation.
		saved, savedClip := r.m, r.clip
		r.m = affine{1, 0, 0, 1, float64(-b.Min.X), float64(-b.Min.Y)}
		r.clip = gm.a.Rect
		r.glyphInto(gm.a, out, key.mode, line)
		r.m, r.clip = saved, savedClip
	}
	glyphs.Lock()
	if len(glyphs.m) >= maxCachedGlyphs {
		clear(glyphs.m)
	}
	glyphs.m[key] = gm
	glyphs.Unlock()
	return gm, nil
}

// glyphOutline appends a glyph's outline (in 26.6 units) to dst as Segs, divided
// by k and moved to (ox, oy), and returns it with the bounds of its points
// (empty, min > max, for a glyph with no outline).
func glyphOutline(dst []Seg, segs []sfnt.Segment, ox, oy, k float64) (out []Seg, minX, minY, maxX, maxY float64) {
	minX, minY, maxX, maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range segs {
		g := Seg{}
		n := 0
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			g.Op, n = 'M', 1
		case sfnt.SegmentOpLineTo:
			g.Op, n = 'L', 1
		case sfnt.SegmentOpQuadTo:
			g.Op, n = 'Q', 2
		case sfnt.SegmentOpCubeTo:
			g.Op, n = 'C', 3
		}
		for i := range n {
			x, y := ox+float64(s.Args[i].X)/64/k, oy+float64(s.Args[i].Y)/64/k
			g.P[2*i], g.P[2*i+1] = x, y
			minX, minY, maxX, maxY = math.Min(minX, x), math.Min(minY, y), math.Max(maxX, x), math.Max(maxY, y)
		}
		dst = append(dst, g)
	}
	return dst, minX, minY, maxX, maxY
}

// glyphInto rasterizes a glyph outline (under r.m) into mask: filled,
// stroked, or both.
func (r *raster) glyphInto(mask *image.Alpha, segs []Seg, mode TextMode, line float64) {
	if mode != TextStroke {
		box := r.segBounds(segs, 1).Intersect(mask.Rect)
		if !box.Empty() {
			z := &r.z
			z.Reset(box.Dx(), box.Dy())
			r.pathInto(segs, float64(box.Min.X), float64(box.Min.Y))
			z.Draw(mask, box, image.Opaque, image.Point{})
		}
	}
	if mode == TextStroke || mode == TextFillStroke {
		polys, closed := r.flatten(segs)
		r.strokePolys(polys, closed, line, rgba(Color{}, 1), mask)
	}
}

// pathInto adds segments (under r.m, less the origin ox, oy) to the
// rasterizer.
func (r *raster) pathInto(segs []Seg, ox, oy float64) {
	z := &r.z
	p := func(x, y float64) (float32, float32) {
		px, py := r.m.apply(x, y)
		return float32(px - ox), float32(py - oy)
	}
	open := false
	for _, g := range segs {
		q := g.P
		switch g.Op {
		case 'M':
			if open {
				z.ClosePath()
			}
			z.MoveTo(p(q[0], q[1]))
			open = true
		case 'L':
			z.LineTo(p(q[0], q[1]))
		case 'Q':
			ax, ay := p(q[0], q[1])
			bx, by := p(q[2], q[3])
			z.QuadTo(ax, ay, bx, by)
		case 'C':
			ax, ay := p(q[0], q[1])
			bx, by := p(q[2], q[3])
			cx, cy := p(q[4], q[5])
			z.CubeTo(ax, ay, bx, by, cx, cy)
		case 'Z':
			z.ClosePath()
			open = false
		}
	}
	if open {
		z.ClosePath()
	}
}

// rotatedGlyph paints one glyph under a rotation, uncached: the glyph's
// outline is moved into mm at (x, y) and drawn as a path.
func (r *raster) rotatedGlyph(sf *sfnt.Font, gi sfnt.GlyphIndex, ppem fixed.Int26_6, x, y, k float64, mode TextMode, line float64, col color.RGBA) error {
	segs, err := sf.LoadGlyph(&r.gbuf.sb, gi, ppem, nil)
	if err != nil {
		return err
	}
	out, _, _, _, _ := glyphOutline(r.gbuf.segs[:0], segs, x, y, k)
	r.gbuf.segs = out
	if mode != TextStroke {
		r.fillPath(out, col)
	}
	if mode == TextStroke || mode == TextFillStroke {
		polys, closed := r.flatten(out)
		r.strokePolys(polys, closed, line, col, nil)
	}
	return nil
}

// paintMask paints a glyph mask in c with the pen at pixel (x, y), inside
// the clip.
func (r *raster) paintMask(gm *glyphMask, x, y int, c color.RGBA) {
	r.paintAlpha(gm.a, image.Pt(x+gm.dx, y+gm.dy), c)
}

// paintAlpha paints c (premultiplied) through the coverage a, its top-left
// pixel at at, inside the clip.
func (r *raster) paintAlpha(a *image.Alpha, at image.Point, c color.RGBA) {
	area := image.Rectangle{Min: at, Max: at.Add(a.Rect.Size())}
	box := area.Intersect(r.clip)
	if box.Empty() {
		return
	}
	sr, sg, sb, sa := uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
	for py := box.Min.Y; py < box.Max.Y; py++ {
		mrow := a.Pix[(py-area.Min.Y)*a.Stride+(box.Min.X-area.Min.X):][:box.Dx()]
		prow := r.img.Pix[r.img.PixOffset(box.Min.X, py):][:4*box.Dx()]
		for i, mb := range mrow {
			if mb == 0 {
				continue
			}
			p := prow[4*i : 4*i+4 : 4*i+4]
			m := uint32(mb)
			if m == 255 && sa == 255 {
				p[0], p[1], p[2], p[3] = c.R, c.G, c.B, 255
				continue
			}
			inv := 255*255 - sa*m // what is left of the pixel, in 255²
			p[0] = uint8((uint32(p[0])*inv + sr*m*255 + 255*255/2) / (255 * 255))
			p[1] = uint8((uint32(p[1])*inv + sg*m*255 + 255*255/2) / (255 * 255))
			p[2] = uint8((uint32(p[2])*inv + sb*m*255 + 255*255/2) / (255 * 255))
			p[3] = uint8((uint32(p[3])*inv + sa*m*255 + 255*255/2) / (255 * 255))
		}
	}
}
