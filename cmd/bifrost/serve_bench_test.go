package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"bifrost/schema/workbook"
)

// BenchmarkPreviewUpdateAfterSave measures, for the guardian
// workbook scaled 5× (290 card designs), the time from saving the workbook
// to the open gallery having fetched its new cards: serve's debounce
// (150 ms), validation, drawing every face and back as SVG, the event and
// the fetch of the gallery's part. Each save renames a card, back and forth.
// The books and the report are made afterwards, in the background, as a
// designer saving again and again would have them. Target: 1 s.
func BenchmarkPreviewUpdateAfterSave(b *testing.B) {
	src := scaledGuardian(b, b.TempDir(), 5)
	path := filepath.Join(src, "guardian.xlsx")
	renamed := filepath.Join(b.TempDir(), "guardian.xlsx")
	if err := workbook.Edit(path, renamed, func(f *excelize.File) error {
		cell, err := cellOf(f, "Guardian", "名前", 2)
		if err != nil {
			return err
		}
		return f.SetCellValue("Guardian", cell, "改名した守護者")
	}); err != nil {
		b.Fatal(err)
	}
	var versions [2][]byte
	for i, p := range []string{path, renamed} {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		versions[i] = data
	}
	url := startServe(b, src, "../../rules", "guardian")
	res, err := http.Get(url + "events")
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	cardsVersion := make(chan int, 16)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			var v struct{ Cards int }
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok && json.Unmarshal([]byte(data), &v) == nil {
				cardsVersion <- v.Cards
			}
		}
	}()
	shown := <-cardsVersion
	gallery := func() string {
		res, err := http.Get(url + "guardian/cards")
		if err != nil {
			b.Fatal(err)
		}
		defer res.Body.Close()
		page, err := io.ReadAll(res.Body)
		if err != nil {
			b.Fatal(err)
		}
		return string(page)
	}
	cards := strings.Count(gallery(), "<figure")
	save := 0
	for b.Loop() {
		save++
		if err := os.WriteFile(path, versions[save%2], 0o644); err != nil {
			b.Fatal(err)
		}
		next := shown
		for next <= shown {
			select {
			case next = <-cardsVersion:
			case <-time.After(30 * time.Second):
				b.Fatal("no update 30 s after the save")
			}
		}
		shown = next
		if renamed := strings.Contains(gallery(), "改名した守護者"); renamed != (save%2 == 1) {
			b.Fatalf("save %d: the gallery shows the renamed card: %v", save, renamed)
		}
	}
	b.ReportMetric(float64(cards), "cards")
}
