package report

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var chromiumFlags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"}

// TestWrite_ChromiumShowsTheCharts opens a report in headless Chromium and
// checks that the screenshot carries the charts' bar colour. The PNG is kept
// in testdata/report.png for a person to look at (go test -update rewrites it).
func TestWrite_ChromiumShowsTheCharts(t *testing.T) {
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed (apt-get install chromium)")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	var b bytes.Buffer
	if err := Write(&b, sampleReport(), Page{Title: "ナーストレンド", CardNames: map[string]string{"E01": "ミーミルの泉", "E02": "トールの釣り"}}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "shot.png")
	args := append(chromiumFlags, "--user-data-dir="+filepath.Join(dir, "profile"), "--window-size=1100,1400", "--screenshot="+shot, "file://"+page)
	if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
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
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 == 0x4a && g>>8 == 0x6f && b>>8 == 0xa5 {
				bars++
			}
		}
	}
	if bars < 500 {
		t.Errorf("only %d pixels of the bar colour: the charts did not render", bars)
	}
	if *update {
		data, _ := os.ReadFile(shot)
		if err := os.WriteFile("testdata/report.png", data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
