package tts

import (
	"bifrost/schema"
	"net/url"
	"path/filepath"
	"strings"
)

// URLs gives the address of an image file by name: a file URL of the file
// in dir when base is empty, else base followed by the name, for images
// uploaded to one folder on the web.
func URLs(dir, base string) (func(file string) string, error) {
	if base == "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		return func(file string) string {
			p := filepath.ToSlash(filepath.Join(abs, file))
			if !strings.HasPrefix(p, "/") {
				p = "/" + p // a Windows drive: file:///C:/...
			}
			return (&url.URL{Scheme: "file", Path: p}).String()
		}, nil
	}
	u, err := url.Parse(base)
	if err != nil || u.Scheme == "" || u.Host == "" && u.Scheme != "file" {
		return nil, schema.Errorf("「%s」は絶対 URL ではありません", "%q is not an absolute URL", base)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
		u.RawPath = ""
	}
	return func(file string) string { return u.JoinPath(file).String() }, nil
}
