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
		return func(file string) string { return fileURL(filepath.Join(abs, file)) }, nil
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

// fileURL is the file URL of an absolute path: file:///C:/dir/file for a
// Windows path (a drive letter, either slash), file:///dir/file for any
// other, with the characters a URL path cannot hold escaped.
func fileURL(path string) string {
	if len(path) >= 3 && path[1] == ':' && (path[2] == '\\' || path[2] == '/') &&
		('a' <= path[0]|0x20 && path[0]|0x20 <= 'z') {
		path = "/" + strings.ReplaceAll(path, `\`, "/")
	} else {
		path = filepath.ToSlash(path)
	}
	return (&url.URL{Scheme: "file", Path: path}).String()
}
