package cards

import (
	"bytes"
	"errors"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"bifrost/schema"
)

// Limits on card art files.
const (
	maxArtBytes  = 32 << 20
	maxArtPixels = 12000
	// maxArtArea bounds the decoded size (4 bytes a pixel: 100 MB), which a
	// small, well-compressed file can blow up past any memory; a card at
	// 300 dpi needs about 0.9 megapixels, an A4 board 8.7.
	maxArtArea = 25_000_000
)

// ArtStore finds card art in one folder (cardsrc/art) and never outside it:
// names are plain file names, and the folder is opened as an os.Root, so
// neither "../x" nor a symbolic link can lead elsewhere.
type ArtStore struct {
	dir    string
	root   *os.Root
	cache  map[string]*artImage // by name, nil when absent
	errs   map[string]error
	openEr error // why the folder could not be opened; reported by the first find
}

type artImage struct {
	key  string // file name, e.g. "A01.png"
	data []byte
	typ  string // "PNG" or "JPG"
	w, h int
}

// artExts are the file types tried for a card, in order.
var artExts = []string{".png", ".jpg", ".jpeg"}

// NewArtStore finds card art in dir (<ID>.png, .jpg or .jpeg); "" for none.
func NewArtStore(dir string) *ArtStore {
	a := &ArtStore{dir: dir, cache: map[string]*artImage{}, errs: map[string]error{}}
	if dir == "" {
		return a
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		a.openEr = syscall.ENOTDIR // os.OpenRoot says so in English words only
		return a
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			a.openEr = err
		}
		return a
	}
	a.root = root
	return a
}

// Close releases the art folder.
func (a *ArtStore) Close() {
	if a.root != nil {
		a.root.Close()
	}
}

// path names the art file of a card for messages.
func (a *ArtStore) path(name string) string {
	if a.dir == "" {
		return name
	}
	return filepath.Join(a.dir, name+".png")
}

// find returns the art for name (a card ID), nil when there is none. An
// art file that exists but cannot be used is an error.
func (a *ArtStore) find(name string) (*artImage, error) {
	if a.openEr != nil && name != "" {
		err := a.openEr
		a.openEr = nil // once, not at every card
		return nil, messages.Err("art_file", a.dir, unwrap(err))
	}
	if a.root == nil || name == "" {
		return nil, nil
	}
	if img, ok := a.cache[name]; ok {
		return img, a.errs[name]
	}
	img, err := a.load(name)
	a.cache[name], a.errs[name] = img, err
	return img, err
}

func (a *ArtStore) load(name string) (*artImage, error) {
	if strings.ContainsAny(name, `/\`) || !filepath.IsLocal(name) || strings.HasPrefix(name, ".") {
		return nil, nil // not a plain file name: such a card has no art
	}
	for _, ext := range artExts {
		// Stat before opening: opening a named pipe would wait for a writer forever.
		path := filepath.Join(a.dir, name+ext)
		fi, err := a.root.Stat(name + ext)
		if err == nil && !fi.Mode().IsRegular() {
			return nil, messages.Err("art_file", path, messages.Err("not_regular", schema.FileKind(fi.Mode())))
		}
		var f *os.File
		if err == nil {
			f, err = a.root.Open(name + ext)
		}
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, messages.Err("art_file", path, unwrap(err))
		}
		data, err := io.ReadAll(io.LimitReader(f, maxArtBytes+1))
		f.Close()
		if err != nil {
			return nil, messages.Err("art_file", path, unwrap(err))
		}
		if len(data) > maxArtBytes {
			return nil, messages.Err("art_file", path, messages.Err("art_too_big", maxArtBytes>>20))
		}
		img, err := decodeArt(name+ext, data)
		if err != nil {
			return nil, messages.Err("art_file", path, err)
		}
		return img, nil
	}
	return nil, nil
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// decodeArt checks an image and puts it in a form the PDF writer embeds:
// JPEG as it is, PNG as 8-bit non-interlaced (re-encoded when needed). Its
// errors are catalogue messages: the image decoders' own words are English.
func decodeArt(key string, data []byte) (*artImage, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, artDecodeError(format, err)
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > maxArtPixels || cfg.Height > maxArtPixels {
		return nil, messages.Err("art_pixels", cfg.Width, cfg.Height, maxArtPixels)
	}
	if cfg.Width*cfg.Height > maxArtArea {
		return nil, messages.Err("art_area", cfg.Width, cfg.Height, maxArtArea/1_000_000)
	}
	img := &artImage{key: key, data: data, w: cfg.Width, h: cfg.Height}
	switch format {
	case "jpeg":
		img.typ = "JPG"
		if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
			return nil, artDecodeError(format, err)
		}
	case "png":
		img.typ = "PNG"
		// fpdf embeds 8-bit, non-interlaced PNGs only.
		if len(data) > 28 && data[24] == 8 && data[28] == 0 {
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				return nil, artDecodeError(format, err)
			}
			break
		}
		src, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, artDecodeError(format, err)
		}
		dst := image.NewNRGBA(src.Bounds())
		draw.Draw(dst, dst.Bounds(), src, src.Bounds().Min, draw.Src)
		var b bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, dst); err != nil {
			return nil, err // writing to memory: cannot happen
		}
		img.data = b.Bytes()
	default:
		return nil, messages.Err("art_kind", strings.ToUpper(format))
	}
	return img, nil
}

// artDecodeError says, in the catalogue's words, why an image decoder
// refused art of format ("png", "jpeg", or "" when none knew the data).
func artDecodeError(format string, err error) error {
	switch {
	case errors.Is(err, image.ErrFormat):
		return messages.Err("art_format")
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return messages.Err("art_truncated", strings.ToUpper(format))
	}
	return messages.Err("art_damaged", strings.ToUpper(format))
}
