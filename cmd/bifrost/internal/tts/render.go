package tts

import (
	"cmp"
	"image"
	"image/color"
	imagedraw "image/draw"
	"math"
	"reflect"
	"slices"
	"sync"

	"bifrost/layout/draw"
	"bifrost/schema"
)

const (
	// sideMargin keeps a full sheet's sides this many pixels under MaxSide,
	// whatever way the rasterizer rounds a card's size.
	sideMargin = 16
	// maxCardDPI and tileDPI bound the resolution of cards and boards.
	maxCardDPI = 300.0
	tileDPI    = 200.0
)

// File is one image Render made.
type File struct {
	Name string
	Data []byte // PNG
}

// Render draws every sheet, back image and tile of p as PNG, up to workers
// at a time, and sets each sheet's card size. Cards are drawn trimmed, at
// the resolution at which a full 10 × 7 sheet of them stays under MaxSide
// pixels; boards at up to 200 dpi, also under MaxSide. The files come in
// plan order: each sheet then its back (once per back file), then tiles.
func Render(p *Plan, workers int) ([]File, error) {
	type job struct {
		name   string
		weight float64 // pixels, to start the largest first
		run    func() (*image.RGBA, error)
	}
	var jobs []job
	backs := map[string]func() (*image.RGBA, error){} // each back drawn once, for its file and the hidden slots
	for _, s := range p.Sheets {
		dpi := cardDPI(s.Cards[0].Face)
		w, h := trimmed(s.Cards[0].Face)
		px := dpi / 25.4
		back, seen := backs[s.BackFile]
		if !seen {
			back = sync.OnceValues(func() (*image.RGBA, error) { return cardImage(s.Back, s.Cards[0].Face, dpi) })
			backs[s.BackFile] = back
		}
		jobs = append(jobs, job{s.File, float64(s.Cols*s.Rows) * w * h * px * px, func() (*image.RGBA, error) { return s.render(dpi, back) }})
		if !seen {
			jobs = append(jobs, job{s.BackFile, w * h * px * px, back})
		}
	}
	for _, t := range p.Tiles {
		dpi := boardDPI(t.Face)
		w, h := trimmed(t.Face)
		px := dpi / 25.4
		jobs = append(jobs, job{t.File, w * h * px * px, func() (*image.RGBA, error) { return t.Face.PNG(dpi, true) }})
		if t.Back != nil {
			jobs = append(jobs, job{t.BackFile, w * h * px * px, func() (*image.RGBA, error) { return t.Back.PNG(dpi, true) }})
		}
	}
	files := make([]File, len(jobs))
	errs := make([]error, len(jobs))
	order := make([]int, len(jobs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(jobs[b].weight, jobs[a].weight) })
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Go(func() {
			for i := range next {
				files[i].Name = jobs[i].name
				img, err := jobs[i].run()
				if err == nil {
					files[i].Data, err = encode(img)
				}
				if err != nil {
					errs[i] = schema.Errorf("%s：%v", "%s: %v", jobs[i].name, err)
				}
			}
		})
	}
	for _, i := range order {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// render draws the sheet at dpi: each card in its cell, the back (drawn by
// back) in the last cell as the hidden card, white where no card is. Each
// face is drawn into the sheet as soon as it is rasterized, so a worker
// holds the sheet and one face at a time (and what copies share, see
// copyPainter).
func (s *Sheet) render(dpi float64, back func() (*image.RGBA, error)) (*image.RGBA, error) {
	var cp copyPainter
	face := func(i int) (*image.RGBA, error) {
		img, err := cp.face(s.Cards, i, dpi)
		if err != nil {
			return nil, schema.Errorf("%s：%v", "%s: %v", s.Cards[i].ID, err)
		}
		return img, nil
	}
	first, err := face(0)
	if err != nil {
		return nil, err
	}
	s.CardW, s.CardH = first.Rect.Dx(), first.Rect.Dy()
	if s.Cols*s.CardW >= MaxSide || s.Rows*s.CardH >= MaxSide {
		return nil, schema.Errorf("%d × %d 枚（1 枚 %d × %d ピクセル）のシートは %d ピクセル未満に収まりません", "sheet of %d × %d cards of %d × %d px is not under %d px", s.Cols, s.Rows, s.CardW, s.CardH, MaxSide)
	}
	hidden, err := back()
	if err != nil {
		return nil, err
	}
	sheet := image.NewRGBA(image.Rect(0, 0, s.Cols*s.CardW, s.Rows*s.CardH))
	for slot := range s.Cols * s.Rows {
		cell := image.Rect(0, 0, s.CardW, s.CardH).Add(image.Pt(slot%s.Cols*s.CardW, slot/s.Cols*s.CardH))
		var img *image.RGBA
		switch {
		case slot == 0:
			img = first
		case slot < len(s.Cards):
			if img, err = face(slot); err != nil {
				return nil, err
			}
		case slot == s.Cols*s.Rows-1:
			img = hidden
		}
		if img == nil || img.Rect.Dx() < s.CardW || img.Rect.Dy() < s.CardH {
			imagedraw.Draw(sheet, cell, image.White, image.Point{}, imagedraw.Src)
		}
		if img != nil {
			imagedraw.Draw(sheet, cell, img, img.Rect.Min, imagedraw.Src)
		}
	}
	return sheet, nil
}

// copyPainter rasterizes a sheet's faces in slot order, trimmed. Faces in
// neighbouring slots that begin with the same items (the copies of a
// design, which differ only in their counter) paint those items once, into
// base, and each face paints the rest over a copy of it in img: the same
// pixels.
type copyPainter struct {
	from      *draw.List // the face whose first n items base holds
	n         int
	base, img *image.RGBA // base nil: none
}

// face rasterizes the face of cards[i]; a picture it returns may be
// overwritten by its next call.
func (cp *copyPainter) face(cards []*Card, i int, dpi float64) (*image.RGBA, error) {
	f := cards[i].Face
	if cp.base == nil || shared(cp.from, f) < cp.n {
		cp.base = nil
		if i+1 < len(cards) {
			if n := shared(f, cards[i+1].Face); n > 0 {
				base, err := (&draw.List{W: f.W, H: f.H, Bleed: f.Bleed, Items: f.Items[:n]}).PNG(dpi, true)
				if err != nil {
					return nil, err
				}
				cp.from, cp.n, cp.base = f, n, base
			}
		}
	}
	if cp.base == nil {
		return f.PNG(dpi, true)
	}
	if cp.img == nil || cp.img.Rect != cp.base.Rect {
		cp.img = image.NewRGBA(cp.base.Rect)
	}
	copy(cp.img.Pix, cp.base.Pix)
	return cp.img, (&draw.List{W: f.W, H: f.H, Bleed: f.Bleed, Items: f.Items[cp.n:]}).PaintOn(cp.img, dpi, true)
}

// shared counts the items two lists of one size begin with alike, up to the
// last point where every Clip and Rotate has been ended by its Pop.
func shared(a, b *draw.List) int {
	if a.W != b.W || a.H != b.H || a.Bleed != b.Bleed {
		return 0
	}
	n, depth := 0, 0
	for i := 0; i < len(a.Items) && i < len(b.Items) && reflect.DeepEqual(a.Items[i], b.Items[i]); i++ {
		switch a.Items[i].(type) {
		case *draw.Clip, *draw.Rotate:
			depth++
		case draw.Pop:
			depth = max(0, depth-1)
		}
		if depth == 0 {
			n = i + 1
		}
	}
	return n
}

// cardImage draws back at dpi; a card without a back gets a plain grey one
// of its face's size.
func cardImage(back, face *draw.List, dpi float64) (*image.RGBA, error) {
	if back != nil {
		return back.PNG(dpi, true)
	}
	w, h := trimmed(face)
	img := image.NewRGBA(image.Rect(0, 0, int(math.Round(w*dpi/25.4)), int(math.Round(h*dpi/25.4))))
	imagedraw.Draw(img, img.Bounds(), image.NewUniform(color.Gray{0xb0}), image.Point{}, imagedraw.Src)
	return img, nil
}

// cardDPI is the resolution at which a full sheet of cards like face stays
// MaxSide minus a margin wide and high, at most 300 dpi.
func cardDPI(face *draw.List) float64 {
	w, h := trimmed(face)
	perMM := min(float64(MaxSide-sideMargin)/(MaxCols*w), float64(MaxSide-sideMargin)/(MaxRows*h))
	return min(perMM*25.4, maxCardDPI)
}

// boardDPI is the resolution of a board image: 200 dpi, less for a board
// whose long side would not stay under MaxSide.
func boardDPI(face *draw.List) float64 {
	w, h := trimmed(face)
	return min(tileDPI, float64(MaxSide-sideMargin)/max(w, h)*25.4)
}

// trimmed is l's size without its bleed, in mm.
func trimmed(l *draw.List) (w, h float64) {
	return l.W - 2*l.Bleed, l.H - 2*l.Bleed
}
