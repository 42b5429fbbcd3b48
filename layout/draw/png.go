package draw

import (
	"bifrost/schema"
	"bytes"
	"fmt"
	"hash/maphash"
	"image"
	"image/color"
	stddraw "image/draw"
	_ "image/jpeg" // card art may be JPEG
	_ "image/png"
	"math"
	"sync"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/vector"
)

// PNG rasterizes the list at dpi: shapes with golang.org/x/image/vector,
// text from the glyph outlines of the same TrueType files the PDF embeds,
// placed glyph by glyph where the PDF places them. trim crops the bleed
// away. The picture starts white, as paper does.
func (l *List) PNG(dpi float64, trim bool) (*image.RGBA, error) {
	off, pw, ph, err := l.grid(dpi, trim)
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, pw, ph))
	fillOpaque(img, img.Rect, color.RGBA{255, 255, 255, 255})
	if err := l.paint(img, dpi/25.4, off); err != nil {
		return nil, err
	}
	return img, nil
}

// PaintOn paints the list's items over img, a picture PNG drew at the same
// dpi and trim from a list of l's size: PNG of a list holding another's
// items then l's, every Clip and Rotate of the other's ended by its Pop,
// gives the same pixels as PNG of the other, then PaintOn of l.
func (l *List) PaintOn(img *image.RGBA, dpi float64, trim bool) error {
	off, pw, ph, err := l.grid(dpi, trim)
	if err != nil {
		return err
	}
	if img.Rect != image.Rect(0, 0, pw, ph) {
		// A programmer's error: img must come from PNG of a list of l's size.
		return fmt.Errorf("draw: a %v picture for a %d × %d pixel list", img.Rect, pw, ph)
	}
	return l.paint(img, dpi/25.4, off)
}

// grid is the pixel grid of the list at dpi: the offset of its top-left
// pixel in pixels (the bleed when trimmed) and its size.
func (l *List) grid(dpi float64, trim bool) (off float64, pw, ph int, err error) {
	if dpi <= 0 || dpi > 2400 {
		return 0, 0, 0, schema.Errorf("解像度 %g dpi は 1〜2400 の外です", "draw: %g dpi is outside 1–2400", dpi)
	}
	k := dpi / 25.4
	// A trimmed picture is the full one cropped: the same pixel grid.
	w, h := l.W, l.H
	if trim {
		off, w, h = math.Round(l.Bleed*k), l.W-2*l.Bleed, l.H-2*l.Bleed
	}
	pw, ph = int(math.Round(w*k)), int(math.Round(h*k))
	if pw < 1 || ph < 1 || pw*ph > 400<<20 {
		return 0, 0, 0, schema.Errorf("%d × %d ピクセルの画像は描けません（1 ピクセル以上、合わせて 4 億ピクセル余りまで）", "draw: a %d × %d pixel picture", pw, ph)
	}
	return off, pw, ph, nil
}

// paint paints the items onto img at k pixels a millimetre, off pixels in.
func (l *List) paint(img *image.RGBA, k, off float64) error {
	r := rasterPool.Get().(*raster)
	defer rasterPool.Put(r)
	r.img, r.k = img, k
	r.m = affine{k, 0, 0, k, -off, -off}
	r.clip = img.Rect
	r.stack = r.stack[:0]
	err := l.Play(r)
	r.img = nil
	return err
}

func (r *raster) Shape(s *Shape) error { r.shape(s); return nil }

func (r *raster) Text(t *Text) error { return r.text(t) }

func (r *raster) Image(it *Image) error { return r.image(it) }

func (r *raster) Clip(c *Clip) error {
	r.stack = append(r.stack, state{r.m, r.clip})
	r.clip = r.clip.Intersect(r.bounds(c.X, c.Y, c.X+c.W, c.Y+c.H, 0, true))
	return nil
}

func (r *raster) Rotate(t *Rotate) error {
	r.stack = append(r.stack, state{r.m, r.clip})
	r.m = r.m.mul(rotation(t.Angle, t.X, t.Y))
	return nil
}

func (r *raster) Pop() error {
	if n := len(r.stack); n > 0 {
		r.m, r.clip = r.stack[n-1].m, r.stack[n-1].clip
		r.stack = r.stack[:n-1]
	}
	return nil
}

// raster is the state of one PNG being drawn; its buffers are reused.
type raster struct {
	img   *image.RGBA
	k     float64 // pixels per mm
	m     affine  // mm → pixels
	clip  image.Rectangle
	stack []state
	z     vector.Rasterizer
	poly  [][]pt      // a path flattened, for strokes
	mask  image.Alpha // coverage of a path, reused
	gbuf  glyphBuf
}

type state struct {
	m    affine
	clip image.Rectangle
}

var rasterPool = sync.Pool{New: func() any { return &raster{} }}

// affine maps (x, y) to (a·x + c·y + e, b·x + d·y + f).
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

// mul is m after n: first n, then m.
func (m affine) mul(n affine) affine {
	return affine{
		m.a*n.a + m.c*n.b, m.b*n.a + m.d*n.b,
		m.a*n.c + m.c*n.d, m.b*n.c + m.d*n.d,
		m.a*n.e + m.c*n.f + m.e, m.b*n.e + m.d*n.f + m.f,
	}
}

// axisAligned reports whether m neither rotates nor shears.
func (m affine) axisAligned() bool { return m.b == 0 && m.c == 0 }

// scale is how much m stretches lengths (the mean of its axes).
func (m affine) scale() float64 { return (math.Hypot(m.a, m.b) + math.Hypot(m.c, m.d)) / 2 }

// rotation turns by deg counter-clockwise (as seen, y down) about (x, y).
func rotation(deg, x, y float64) affine {
	s, c := math.Sincos(deg * math.Pi / 180)
	return affine{c, -s, s, c, x - c*x - s*y, y + s*x - c*y}
}

type pt struct{ x, y float64 }

// bounds is the pixel box of an mm box under the current transform, grown
// by pad pixels; inner rounds to the nearest pixels instead of outward.
func (r *raster) bounds(x0, y0, x1, y1, pad float64, inner bool) image.Rectangle {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [4]pt{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		px, py := r.m.apply(p.x, p.y)
		minX, minY, maxX, maxY = math.Min(minX, px), math.Min(minY, py), math.Max(maxX, px), math.Max(maxY, py)
	}
	if inner {
		return image.Rect(int(math.Round(minX)), int(math.Round(minY)), int(math.Round(maxX)), int(math.Round(maxY)))
	}
	return image.Rect(int(math.Floor(minX-pad)), int(math.Floor(minY-pad)), int(math.Ceil(maxX+pad)), int(math.Ceil(maxY+pad)))
}

func rgba(c Color, alpha float64) color.RGBA {
	if alpha <= 0 || alpha >= 1 {
		return color.RGBA{c.R, c.G, c.B, 255}
	}
	a := alpha
	return color.RGBA{uint8(float64(c.R)*a + 0.5), uint8(float64(c.G)*a + 0.5), uint8(float64(c.B)*a + 0.5), uint8(255*a + 0.5)}
}

// kappa places the control points of a quarter ellipse's cubic Bézier.
const kappa = 0.5522847498

// outline returns a shape's outline as path segments in mm.
func outline(s *Shape) []Seg {
	x, y, w, h := s.X, s.Y, s.W, s.H
	switch s.Kind {
	case Rect:
		return []Seg{{Op: 'M', P: [6]float64{x, y}}, {Op: 'L', P: [6]float64{x + w, y}}, {Op: 'L', P: [6]float64{x + w, y + h}}, {Op: 'L', P: [6]float64{x, y + h}}, {Op: 'Z'}}
	case RoundRect:
		r := s.R
		if r <= 0 {
			return outline(&Shape{Kind: Rect, X: x, Y: y, W: w, H: h})
		}
		q := r * (1 - kappa)
		return []Seg{
			{Op: 'M', P: [6]float64{x + r, y}}, {Op: 'L', P: [6]float64{x + w - r, y}},
			{Op: 'C', P: [6]float64{x + w - q, y, x + w, y + q, x + w, y + r}}, {Op: 'L', P: [6]float64{x + w, y + h - r}},
			{Op: 'C', P: [6]float64{x + w, y + h - q, x + w - q, y + h, x + w - r, y + h}}, {Op: 'L', P: [6]float64{x + r, y + h}},
			{Op: 'C', P: [6]float64{x + q, y + h, x, y + h - q, x, y + h - r}}, {Op: 'L', P: [6]float64{x, y + r}},
			{Op: 'C', P: [6]float64{x, y + q, x + q, y, x + r, y}}, {Op: 'Z'},
		}
	case Ellipse:
		cx, cy, rx, ry := x+w/2, y+h/2, w/2, h/2
		kx, ky := rx*kappa, ry*kappa
		return []Seg{
			{Op: 'M', P: [6]float64{cx + rx, cy}},
			{Op: 'C', P: [6]float64{cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry}},
			{Op: 'C', P: [6]float64{cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy}},
			{Op: 'C', P: [6]float64{cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry}},
			{Op: 'C', P: [6]float64{cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy}},
			{Op: 'Z'},
		}
	case Circle:
		return outline(&Shape{Kind: Ellipse, X: x - s.R, Y: y - s.R, W: 2 * s.R, H: 2 * s.R})
	case Line, Arrow:
		return []Seg{{Op: 'M', P: [6]float64{x, y}}, {Op: 'L', P: [6]float64{x + w, y + h}}}
	}
	return s.Segs
}

func (r *raster) shape(s *Shape) {
	if s.Kind == Arrow && s.Stroke != nil {
		a, b, c := arrowHead(s.X, s.Y, s.X+s.W, s.Y+s.H, s.R)
		r.fillPath([]Seg{{Op: 'M', P: [6]float64{a[0], a[1]}}, {Op: 'L', P: [6]float64{b[0], b[1]}}, {Op: 'L', P: [6]float64{c[0], c[1]}}, {Op: 'Z'}}, rgba(*s.Stroke, 1))
	}
	if s.Fill != nil && s.Kind != Line && s.Kind != Arrow {
		c := rgba(*s.Fill, s.Alpha)
		if s.Kind == Rect && r.m.axisAligned() {
			r.fillRect(s, c)
		} else {
			r.fillPath(outline(s), c)
		}
	}
	if s.Stroke != nil && s.Line > 0 {
		r.stroke(outline(s), s.Line*r.m.scale(), s.Dash*r.m.scale(), rgba(*s.Stroke, 1))
	}
}

// fillRect fills an axis-aligned rectangle, its edges anti-aliased by
// coverage, without the rasterizer.
func (r *raster) fillRect(s *Shape, c color.RGBA) {
	x0, y0 := r.m.apply(s.X, s.Y)
	x1, y1 := r.m.apply(s.X+s.W, s.Y+s.H)
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(r.clip)
	if box.Empty() {
		return
	}
	cov := func(lo, hi float64, p int) float64 {
		return math.Max(0, math.Min(hi, float64(p+1))-math.Max(lo, float64(p)))
	}
	inner := image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x1)), int(math.Floor(y1))).Intersect(box)
	if !inner.Empty() && c.A == 255 {
		fillOpaque(r.img, inner, c)
	} else {
		inner = image.Rectangle{}
	}
	for py := box.Min.Y; py < box.Max.Y; py++ {
		cy := cov(y0, y1, py)
		for px := box.Min.X; px < box.Max.X; px++ {
			if (image.Point{px, py}).In(inner) {
				px = inner.Max.X - 1
				continue
			}
			blend(r.img, px, py, c, cov(x0, x1, px)*cy)
		}
	}
}

// fillOpaque sets every pixel of box to c.
func fillOpaque(img *image.RGBA, box image.Rectangle, c color.RGBA) {
	if box.Empty() {
		return
	}
	row := img.Pix[img.PixOffset(box.Min.X, box.Min.Y):][:4*box.Dx()]
	for i := 0; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
	}
	for y := box.Min.Y + 1; y < box.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(box.Min.X, y):], row)
	}
}

// blend paints c (premultiplied) over one pixel with coverage a (0–1).
func blend(img *image.RGBA, x, y int, c color.RGBA, a float64) {
	if a <= 0 {
		return
	}
	ma := uint32(math.Min(a, 1)*0xffff + 0.5)
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	sa := uint32(c.A) * 0x101
	inv := 0xffff - sa*ma/0xffff
	p[0] = uint8((uint32(p[0])*0x101*inv + uint32(c.R)*0x101*ma) / 0xffff >> 8)
	p[1] = uint8((uint32(p[1])*0x101*inv + uint32(c.G)*0x101*ma) / 0xffff >> 8)
	p[2] = uint8((uint32(p[2])*0x101*inv + uint32(c.B)*0x101*ma) / 0xffff >> 8)
	p[3] = uint8((uint32(p[3])*0x101*inv + sa*ma) / 0xffff >> 8)
}

// fillPath fills segments (mm) with the non-zero rule.
func (r *raster) fillPath(segs []Seg, c color.RGBA) {
	box := r.segBounds(segs, 1).Intersect(r.clip)
	if box.Empty() {
		return
	}
	r.z.Reset(box.Dx(), box.Dy())
	r.pathInto(segs, float64(box.Min.X), float64(box.Min.Y))
	r.paintRaster(box, c)
}

// paintRaster paints c through the coverage of the rasterizer's path, its
// mask's top-left pixel at box.Min.
func (r *raster) paintRaster(box image.Rectangle, c color.RGBA) {
	n := box.Dx() * box.Dy()
	if cap(r.mask.Pix) < n {
		r.mask.Pix = make([]uint8, n)
	}
	r.mask.Pix, r.mask.Stride, r.mask.Rect = r.mask.Pix[:n], box.Dx(), image.Rect(0, 0, box.Dx(), box.Dy())
	r.z.DrawOp = stddraw.Src // writes every mask pixel: no need to clear it
	r.z.Draw(&r.mask, r.mask.Rect, image.Opaque, image.Point{})
	r.paintAlpha(&r.mask, box.Min, c)
}

// segBounds is the pixel box of segments' points (control points
// included) under the current transform, grown by pad pixels.
func (r *raster) segBounds(segs []Seg, pad float64) image.Rectangle {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, g := range segs {
		n := segPoints(g.Op)
		for i := 0; i < n; i += 2 {
			px, py := r.m.apply(g.P[i], g.P[i+1])
			minX, minY, maxX, maxY = math.Min(minX, px), math.Min(minY, py), math.Max(maxX, px), math.Max(maxY, py)
		}
	}
	if minX > maxX {
		return image.Rectangle{}
	}
	return image.Rect(int(math.Floor(minX-pad)), int(math.Floor(minY-pad)), int(math.Ceil(maxX+pad)), int(math.Ceil(maxY+pad)))
}

// flatten turns segments (mm) into polylines in pixels, each with whether
// it is closed.
func (r *raster) flatten(segs []Seg) ([][]pt, []bool) {
	polys := r.poly[:0]
	var closed []bool
	var cur []pt
	var start pt
	end := func(c bool) {
		if len(cur) > 1 {
			polys = append(polys, cur)
			closed = append(closed, c)
		}
		cur = nil
	}
	for _, g := range segs {
		q := g.P
		switch g.Op {
		case 'M':
			end(false)
			x, y := r.m.apply(q[0], q[1])
			start = pt{x, y}
			cur = []pt{start}
		case 'L':
			x, y := r.m.apply(q[0], q[1])
			cur = append(cur, pt{x, y})
		case 'Q', 'C':
			p0 := cur[len(cur)-1]
			var c [3]pt
			n := segPoints(g.Op) / 2
			for i := range n {
				x, y := r.m.apply(q[2*i], q[2*i+1])
				c[i] = pt{x, y}
			}
			length := math.Hypot(c[n-1].x-p0.x, c[n-1].y-p0.y) + math.Hypot(c[0].x-p0.x, c[0].y-p0.y)
			steps := int(math.Min(32, math.Max(4, length/2)))
			for i := 1; i <= steps; i++ {
				t := float64(i) / float64(steps)
				u := 1 - t
				var x, y float64
				if n == 2 {
					x = u*u*p0.x + 2*u*t*c[0].x + t*t*c[1].x
					y = u*u*p0.y + 2*u*t*c[0].y + t*t*c[1].y
				} else {
					x = u*u*u*p0.x + 3*u*u*t*c[0].x + 3*u*t*t*c[1].x + t*t*t*c[2].x
					y = u*u*u*p0.y + 3*u*u*t*c[0].y + 3*u*t*t*c[1].y + t*t*t*c[2].y
				}
				cur = append(cur, pt{x, y})
			}
		case 'Z':
			if len(cur) > 0 && cur[len(cur)-1] != start {
				cur = append(cur, start)
			}
			end(true)
		}
	}
	end(false)
	r.poly = polys
	return polys, closed
}

// stroke draws the outline of segments with a line width px pixels wide,
// dashed when dash > 0: butt ends, round joins.
func (r *raster) stroke(segs []Seg, width, dash float64, c color.RGBA) {
	polys, closed := r.flatten(segs)
	if dash > 0 {
		polys = dashes(polys, dash)
		closed = make([]bool, len(polys)) // a dash is never closed
	}
	r.strokePolys(polys, closed, width, c, nil)
}

// strokePolys rasterizes polylines (pixels) as a stroke of width px;
// into a mask (its origin at off) when mask is not nil, else onto the
// picture in c.
func (r *raster) strokePolys(polys [][]pt, closed []bool, width float64, c color.RGBA, mask *image.Alpha) {
	hw := math.Max(width, 0.35) / 2
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range polys {
		for _, q := range p {
			minX, minY, maxX, maxY = math.Min(minX, q.x), math.Min(minY, q.y), math.Max(maxX, q.x), math.Max(maxY, q.y)
		}
	}
	if minX > maxX {
		return
	}
	box := image.Rect(int(math.Floor(minX-hw-1)), int(math.Floor(minY-hw-1)), int(math.Ceil(maxX+hw+1)), int(math.Ceil(maxY+hw+1)))
	if mask != nil {
		box = box.Intersect(mask.Rect)
	} else {
		box = box.Intersect(r.clip)
	}
	if box.Empty() {
		return
	}
	z := &r.z
	z.Reset(box.Dx(), box.Dy())
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	mv := func(x, y float64) { z.MoveTo(float32(x-ox), float32(y-oy)) }
	ln := func(x, y float64) { z.LineTo(float32(x-ox), float32(y-oy)) }
	joint := func(q pt) {
		const n = 12
		mv(q.x+hw, q.y)
		for i := 1; i < n; i++ {
			s, co := math.Sincos(-2 * math.Pi * float64(i) / n)
			ln(q.x+hw*co, q.y+hw*s)
		}
		z.ClosePath()
	}
	for pi, p := range polys {
		for i := 0; i+1 < len(p); i++ {
			a, b := p[i], p[i+1]
			dx, dy := b.x-a.x, b.y-a.y
			d := math.Hypot(dx, dy)
			if d == 0 {
				continue
			}
			nx, ny := -dy/d*hw, dx/d*hw
			mv(a.x+nx, a.y+ny)
			ln(b.x+nx, b.y+ny)
			ln(b.x-nx, b.y-ny)
			ln(a.x-nx, a.y-ny)
			z.ClosePath()
		}
		for i, q := range p {
			if closed[pi] || i > 0 && i < len(p)-1 {
				joint(q)
			}
		}
	}
	if mask != nil {
		z.Draw(mask, box, image.Opaque, image.Point{})
		return
	}
	r.paintRaster(box, c)
}

// dashes cuts polylines into dashes of length d with gaps of length d.
func dashes(polys [][]pt, d float64) [][]pt {
	var out [][]pt
	for _, p := range polys {
		on, left := true, d
		cur := []pt{p[0]}
		for i := 0; i+1 < len(p); i++ {
			a, b := p[i], p[i+1]
			seg := math.Hypot(b.x-a.x, b.y-a.y)
			pos := 0.0
			for seg-pos > left {
				pos += left
				t := pos / seg
				q := pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t}
				if on {
					out = append(out, append(cur, q))
				}
				cur = []pt{q}
				on, left = !on, d
			}
			left -= seg - pos
			cur = append(cur, b)
		}
		if on && len(cur) > 1 {
			out = append(out, cur)
		}
	}
	return out
}

// decoded keeps card art decoded once per process, by content: art saved
// again under the same name (while serve or watch runs) is decoded anew.
var decoded sync.Map // imageKey → image.Image

// imageKey names an image's bytes by their hash and length.
type imageKey struct {
	hash uint64
	n    int
}

// artSeed seeds the content hash of imageKey for the process.
var artSeed = maphash.MakeSeed()

func (r *raster) image(it *Image) error {
	k := imageKey{maphash.Bytes(artSeed, it.Data), len(it.Data)}
	v, ok := decoded.Load(k)
	if !ok {
		src, _, err := image.Decode(bytes.NewReader(it.Data))
		if err != nil {
			return schema.Errorf("画像 %s を PNG か JPEG として読めません：%v", "draw: image %s: %v", it.Key, err)
		}
		v, _ = decoded.LoadOrStore(k, src)
	}
	src := v.(image.Image)
	x0, y0 := r.m.apply(it.X, it.Y)
	x1, y1 := r.m.apply(it.X+it.W, it.Y+it.H)
	dr := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))).Canon()
	dst, ok := r.img.SubImage(dr.Intersect(r.clip)).(*image.RGBA)
	if !ok || dst.Rect.Empty() {
		return nil
	}
	xdraw.ApproxBiLinear.Scale(dst, dr, src, src.Bounds(), stddraw.Over, nil)
	return nil
}
