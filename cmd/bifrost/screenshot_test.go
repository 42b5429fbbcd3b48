package main

import (
	"image"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestBuild_ReportShowsItsChartsInChromium builds nastrond and opens the
// report.html that build wrote in headless Chromium: the screenshot must
// carry the charts' bar colour.
func TestBuild_ReportShowsItsChartsInChromium(t *testing.T) {
	t.Parallel()
	bin := needTool(t, "chromium", "chromium")
	out := t.TempDir()
	if r := bifrost(t, "build", "nastrond", "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--games", "100"); r.code != 0 {
		t.Fatalf("build exit %d: %s", r.code, r.stderr)
	}
	img := screenshot(t, bin, out, filepath.Join(out, "nastrond", "report.html"), "1100,1400")
	bars := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y += 2 {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 == 0x4a && g>>8 == 0x6f && b>>8 == 0xa5 {
				bars++
			}
		}
	}
	if bars < 500 {
		t.Errorf("only %d pixels of the bar colour in the screenshot of the built report", bars)
	}
}

// chromium runs headless Chromium on a file with a window of size ("w,h")
// and args (--screenshot, --dump-dom), and returns what it printed.
func chromium(t *testing.T, bin, dir, file, size string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir=" + filepath.Join(dir, "profile"), "--window-size=" + size}, append(args, "file://"+file)...)...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium %v: %v", args, err)
	}
	return string(out)
}

// screenshot opens file in headless Chromium and returns the picture.
func screenshot(t *testing.T, bin, dir, file, size string) image.Image {
	t.Helper()
	shot := filepath.Join(dir, "shot.png")
	chromium(t, bin, dir, file, size, "--screenshot="+shot)
	return readPNG(t, shot)
}
