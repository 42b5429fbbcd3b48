package book

import (
	"bytes"
	"encoding/base64"
	"errors"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"strings"

	"bifrost/layout/internal/fpdf"
	"github.com/yuin/goldmark/ast"

	"bifrost/schema"
)

// Limits on local images.
const (
	maxImageBytes  = 32 << 20
	maxImagePixels = 12000
	maxImageArea   = 25_000_000 // decoded, 4 bytes a pixel: 100 MB
)

// errImageSize is an image past the limits on its file or pixels.
var errImageSize = errors.New("image too large")

// imageStore finds local images in the markdown's folder and never outside
// it: the folder is an fs.FS that keeps to it (an os.Root's, an embed.FS),
// so neither "../x", an absolute path nor a symbolic link leads elsewhere.
type imageStore struct {
	fsys   fs.FS
	byPath map[string]*imageFile // nil for an image that cannot be shown
	byName map[string]*imageFile
}

// imageFile is an image registered with the PDF.
type imageFile struct {
	name string // its name in the PDF
	typ  string // "PNG" or "JPG"
	w, h int    // pixels
}

func newImageStore(fsys fs.FS) *imageStore {
	return &imageStore{fsys: fsys, byPath: map[string]*imageFile{}, byName: map[string]*imageFile{}}
}

// load registers the image at dest with pdf, or returns nil when it is not
// a readable PNG or JPEG file inside the folder.
func (s *imageStore) load(pdf *fpdf.Fpdf, dest string) *imageFile {
	if s.fsys == nil {
		return nil
	}
	p, why := localPath(dest)
	if why != "" {
		return nil // a URL, or a path that leaves the folder
	}
	if f, ok := s.byPath[p]; ok {
		return f
	}
	img, err := s.read(p)
	if err != nil {
		s.byPath[p] = nil
		return nil
	}
	f := &img.imageFile
	f.name = "img/" + p
	pdf.RegisterImageOptionsReader(f.name, fpdf.ImageOptions{ImageType: f.typ}, bytes.NewReader(img.data))
	s.byPath[p], s.byName[f.name] = f, f
	return f
}

type loadedImage struct {
	imageFile
	data []byte
}

// read loads and checks the image at p. Its error never reaches a user:
// load leaves an image it cannot read out of the book (Expand reports it,
// through imageProblems, at the line that shows it).
func (s *imageStore) read(p string) (*loadedImage, error) {
	return readImage(s.fsys, p)
}

// readImage loads and checks the image at p in fsys.
func readImage(fsys fs.FS, p string) (*loadedImage, error) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxImageBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxImageBytes {
		return nil, errImageSize
	}
	return decodeImage(data)
}

// decodeImage checks an image and puts it in a form fpdf embeds: JPEG as it
// is, PNG as 8-bit and not interlaced (re-encoded when needed), as the card
// art is.
func decodeImage(data []byte) (*loadedImage, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > maxImagePixels || cfg.Height > maxImagePixels || cfg.Width*cfg.Height > maxImageArea {
		return nil, errImageSize
	}
	img := &loadedImage{imageFile: imageFile{w: cfg.Width, h: cfg.Height}, data: data}
	switch format {
	case "jpeg":
		img.typ = "JPG"
		if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
			return nil, err
		}
	case "png":
		img.typ = "PNG"
		src, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		if len(data) > 28 && data[24] == 8 && data[28] == 0 {
			break
		}
		dst := image.NewNRGBA(src.Bounds())
		draw.Draw(dst, dst.Bounds(), src, src.Bounds().Min, draw.Src)
		var b bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, dst); err != nil {
			return nil, err
		}
		img.data = b.Bytes()
	default:
		return nil, errors.New("not PNG or JPEG")
	}
	return img, nil
}

// localImageProblem is why the local image at dest cannot be shown from fsys,
// or nil when it can (or dest is no local file: checkSource judges those).
func localImageProblem(fsys fs.FS, dest string) *schema.Message {
	p, why := localPath(dest)
	if why != "" || strings.HasPrefix(dest, CardRef) || strings.HasPrefix(dest, FigureRef) || dest == IndexRef {
		return nil
	}
	f, err := fsys.Open(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return messages.Err("image.missing", dest)
	case err != nil:
		return messages.Err("image.unopenable", dest)
	}
	f.Close()
	if _, err := readImage(fsys, p); errors.Is(err, errImageSize) {
		return messages.Err("image.too_large", dest, maxImageBytes>>20, maxImagePixels, maxImageArea/1_000_000)
	} else if err != nil {
		return messages.Err("image.unreadable", dest)
	}
	return nil
}

// imageProblems checks every local image of doc against fsys.
func imageProblems(doc ast.Node, fsys fs.FS) []problem {
	var out []problem
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if img, ok := n.(*ast.Image); ok && entering {
			if m := localImageProblem(fsys, string(img.Destination)); m != nil {
				out = append(out, problem{pos(n), m})
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

// dataURI is the image at dest in fsys as a data: URI, checked as the PDF
// checks it; "" when it cannot be shown.
func dataURI(fsys fs.FS, dest string) string {
	p, why := localPath(dest)
	if fsys == nil || why != "" {
		return ""
	}
	img, err := readImage(fsys, p)
	if err != nil {
		return ""
	}
	mime := "image/png"
	if img.typ == "JPG" {
		mime = "image/jpeg"
	}
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(img.data)
}
