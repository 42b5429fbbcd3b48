package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestValidate_HostileFilesGetOneLine feeds validate files that are not sane
// workbooks: each must give exit 1 or 2 and a single line naming the file,
// never a panic or a stack trace, and its heap must never grow past 512 MiB.
func TestValidate_HostileFilesGetOneLine(t *testing.T) {
	shipped, err := os.ReadFile(filepath.Join(shippedSrc, "nastrond.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data func(t *testing.T) []byte
	}{
		{"truncated file", func(*testing.T) []byte { return shipped[:len(shipped)/2] }},
		{"CSV renamed .xlsx", func(*testing.T) []byte { return []byte("ID,名前,階層\nE01,ミーミルの泉,1\n") }},
		{"empty file", func(*testing.T) []byte { return nil }},
		{"shared strings inflating to 2 GiB", func(t *testing.T) []byte { return sharedStringsBomb(t, shipped, 2<<30) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			path := filepath.Join(src, "nastrond.xlsx")
			if err := os.WriteFile(path, tt.data(t), 0o644); err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r := bifrost(t, "validate", "--src", src, "--lang", "en", "nastrond")
			runtime.ReadMemStats(&after)
			if r.code != 1 && r.code != 2 {
				t.Fatalf("exit %d, want 1 or 2", r.code)
			}
			out := strings.TrimSpace(r.stdout)
			if r.code == 2 {
				out = strings.TrimSpace(r.stderr)
			}
			if strings.Count(out, "\n") != 0 || !strings.HasPrefix(out, path+": ") && !strings.HasPrefix(out, "bifrost: "+path) {
				t.Errorf("want one line naming %s, got:\n%s", path, out)
			}
			if strings.Contains(r.stdout+r.stderr, "goroutine") || strings.Contains(r.stdout+r.stderr, "panic") {
				t.Errorf("a stack trace leaked:\n%s%s", r.stdout, r.stderr)
			}
			// The peak, not what is left after the call: the heap cannot have
			// grown by more than was allocated during the call, whatever the GC
			// did, so that bounds the peak from above. (Sampling could miss a
			// spike between samples; a memory limit only steers the GC.)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 512<<20 {
				t.Errorf("validate allocated %d MiB rejecting the file, so its heap may have peaked that high", alloc>>20)
			}
		})
	}
}

// sharedStringsBomb returns a copy of the workbook xlsx whose
// xl/sharedStrings.xml really inflates to size bytes of spaces while the
// archive stays a few MB: one deflate block of repeated spaces compresses
// to the same bytes every time, so the stream is built by repeating it.
func sharedStringsBomb(t *testing.T, xlsx []byte, size int64) []byte {
	t.Helper()
	const chunk = 1 << 20
	spaces := bytes.Repeat([]byte{' '}, chunk)
	var stream bytes.Buffer
	fw, _ := flate.NewWriter(&stream, flate.BestCompression)
	block := func() []byte {
		start := stream.Len()
		fw.Write(spaces)
		fw.Flush()
		return bytes.Clone(stream.Bytes()[start:])
	}
	block()
	repeat := block()
	if !bytes.Equal(repeat, block()) {
		t.Fatal("deflate blocks of repeated input differ; cannot build the bomb")
	}
	for n := int64(3); n < size/chunk; n++ {
		stream.Write(repeat)
	}
	stream.Write([]byte{0x03, 0x00}) // an empty final block
	crc := uint32(0)
	for n := int64(0); n < size/chunk; n++ {
		crc = crc32.Update(crc, crc32.IEEETable, spaces)
	}

	zr, err := zip.NewReader(bytes.NewReader(xlsx), int64(len(xlsx)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		if f.Name == "xl/sharedStrings.xml" {
			continue
		}
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	w, err := zw.CreateRaw(&zip.FileHeader{
		Name: "xl/sharedStrings.xml", Method: zip.Deflate, CRC32: crc,
		CompressedSize64: uint64(stream.Len()), UncompressedSize64: uint64(size / chunk * chunk),
	})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(stream.Bytes())
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
