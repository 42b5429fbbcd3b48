package main

import (
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestBuild_ReportShowsItsChartsInChromium builds nastrond and opens the
// report.html that build wrote in headless Chromium: the screenshot must
// carry the charts' bar colour.
func TestBuild_ReportShowsItsChartsInChromium(t *testing.T) {
	bin := needTool(t, "chromium", "chromium")
	out := t.TempDir()
	if r := bifrost(t, "build", "nastrond", "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--games", "100"); r.code != 0 {
		t.Fatalf("build exit %d: %s", r.code, r.stderr)
	}
	shot := filepath.Join(out, "shot.png")
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir="+filepath.Join(out, "profile"), "--window-size=1100,1400", "--screenshot="+shot,
		"file://"+filepath.Join(out, "nastrond", "report.html"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, b)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
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
