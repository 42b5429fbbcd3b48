package main

import (
	"encoding/json"
	"image"
	"image/png"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/tts"
	"bifrost/rules"
	"bifrost/rules/guardian"
	"bifrost/schema"
)

// readSave reads a saved object written by tts.
func readSave(t *testing.T, path string) tts.Save {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s tts.Save
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

// fileOf is the path of a file URL.
func fileOf(t *testing.T, u string) string {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil || p.Scheme != "file" {
		t.Fatalf("%q is not a file URL", u)
	}
	return filepath.FromSlash(p.Path)
}

// readPNG decodes the PNG at path.
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// pngSize decodes a PNG and returns its size.
func pngSize(t *testing.T, path string) (int, int) {
	t.Helper()
	b := readPNG(t, path).Bounds()
	return b.Dx(), b.Dy()
}

// TestTTSWritesDecksOfAllFourGames runs `bifrost tts` on the
// shipped workbooks: every image it names exists and decodes, each sheet is
// its grid of cards the size of its back image and under 4096 px, and the
// decks hold the workbook's copies: per sheet as validate counts them, per
// sample deck for guardian, and bloodrage's AI boards as tiles.
func TestTTSWritesDecksOfAllFourGames(t *testing.T) {
	out := t.TempDir()
	r := bifrost(t, "tts", "--src", shippedSrc, "--out", out, "--lang", "en")
	if r.code != 0 {
		t.Fatalf("tts exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	listed := strings.Fields(r.stdout)
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		def, err := rules.All().ByID(game)
		if err != nil {
			t.Fatal(err)
		}
		g := def.Schema
		res, err := validateOne(target{game: definition(t, game), path: filepath.Join(shippedSrc, game+".xlsx")}, schema.NewLang("en"))
		if err != nil {
			t.Fatal(err)
		}
		jsonPath := filepath.Join(out, game, "tts", game+".json")
		if !slices.Contains(listed, jsonPath) {
			t.Errorf("%s: stdout does not list %s", game, jsonPath)
		}
		save := readSave(t, jsonPath)
		sheetOf := map[string]string{} // card ID → workbook sheet
		for _, rec := range g.Records(res.Book) {
			sheetOf[rec.Key] = rec.Sheet
		}
		names := schema.CardNames(res.Data)
		perSheet := map[string]int{} // copies on the table per workbook sheet
		perDeck := map[string]map[string]int{}
		checked := map[string]bool{}
		for _, o := range save.ObjectStates {
			cardsOf := []tts.Object{o}
			switch o.Name {
			case "Custom_Tile":
				perSheet[sheetOf[o.GMNotes]]++
				for _, u := range []string{o.CustomImage.ImageURL, o.CustomImage.ImageSecondaryURL} {
					if w, h := pngSize(t, fileOf(t, u)); w >= tts.MaxSide || h >= tts.MaxSide {
						t.Errorf("%s: tile image %s is %d × %d", game, u, w, h)
					}
				}
				continue
			case "DeckCustom":
				cardsOf = o.ContainedObjects
				if len(o.DeckIDs) != len(cardsOf) {
					t.Errorf("%s %s: %d DeckIDs, %d cards", game, o.Nickname, len(o.DeckIDs), len(cardsOf))
				}
			case "Card":
			default:
				t.Errorf("%s: object %q named %q", game, o.Nickname, o.Name)
			}
			perDeck[o.Nickname] = map[string]int{}
			for i, c := range cardsOf {
				if o.Name == "DeckCustom" && c.CardID != o.DeckIDs[i] {
					t.Errorf("%s %s: card %d has ID %d, DeckIDs %d", game, o.Nickname, i, c.CardID, o.DeckIDs[i])
				}
				if c.Nickname == "" || names[c.GMNotes] != "" && c.Nickname != names[c.GMNotes] {
					t.Errorf("%s: card %s is nicknamed %q", game, c.GMNotes, c.Nickname)
				}
				perSheet[sheetOf[c.GMNotes]]++
				perDeck[o.Nickname][c.GMNotes]++
				for key, cd := range c.CustomDeck {
					if key != strconv.Itoa(c.CardID/100) || cd.UniqueBack || !cd.BackIsHidden {
						t.Errorf("%s: card %d has CustomDeck %s %+v", game, c.CardID, key, cd)
					}
					if checked[cd.FaceURL] {
						continue
					}
					checked[cd.FaceURL] = true
					w, h := pngSize(t, fileOf(t, cd.FaceURL))
					bw, bh := pngSize(t, fileOf(t, cd.BackURL))
					if w != cd.NumWidth*bw || h != cd.NumHeight*bh || w >= tts.MaxSide || h >= tts.MaxSide || cd.NumWidth > 10 || cd.NumHeight > 7 {
						t.Errorf("%s: sheet %s is %d × %d px; want %d × %d cards of %d × %d px, under 4096", game, cd.FaceURL, w, h, cd.NumWidth, cd.NumHeight, bw, bh)
					}
					for _, u := range []string{cd.FaceURL, cd.BackURL} {
						if !slices.Contains(listed, fileOf(t, u)) {
							t.Errorf("%s: stdout does not list %s", game, u)
						}
					}
				}
			}
		}
		switch game {
		case "guardian":
			decks := res.Data.(*guardian.Data).Decks
			if len(perDeck) != len(decks) {
				t.Errorf("guardian: %d decks on the table, %d sample decks", len(perDeck), len(decks))
			}
			for _, d := range decks {
				want := map[string]int{}
				for _, c := range d.Cards {
					want[c.ID] += max(1, c.Copies)
				}
				if !maps.Equal(perDeck[d.Name], want) {
					t.Errorf("guardian deck %s holds %v, the deck list says %v", d.Name, perDeck[d.Name], want)
				}
			}
		case "bloodrage":
			if perSheet["AIBoard"] != res.Components["AIBoard"] || perSheet["AIBoard"] == 0 {
				t.Errorf("bloodrage: %d AI board tiles, the workbook has %d", perSheet["AIBoard"], res.Components["AIBoard"])
			}
		default:
			for sheet, n := range res.Components {
				if perSheet[sheet] != n {
					t.Errorf("%s: %d %s on the table, validate counts %d", game, perSheet[sheet], sheet, n)
				}
			}
		}
	}
}

// TestBaseURLAddressesTheImagesOnTheWeb: with --base-url every
// image address is the URL followed by the file name; an image an earlier
// run wrote and this one did not is removed; a relative URL and an --out
// inside --src are usage errors.
func TestBaseURLAddressesTheImagesOnTheWeb(t *testing.T) {
	out := t.TempDir()
	stale := filepath.Join(out, "bloodrage", "tts", "bloodrage-Gone-1.png")
	os.MkdirAll(filepath.Dir(stale), 0o755)
	os.WriteFile(stale, []byte("a sheet of cards deleted since"), 0o644)
	r := bifrost(t, "tts", "bloodrage", "--src", shippedSrc, "--out", out, "--base-url", "https://example.com/playtest")
	if r.code != 0 {
		t.Fatalf("tts exit %d\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("a sheet image of an earlier run, which this one did not write, is left behind")
	}
	save := readSave(t, filepath.Join(out, "bloodrage", "tts", "bloodrage.json"))
	var urls []string
	for _, o := range save.ObjectStates {
		if o.CustomImage != nil {
			urls = append(urls, o.CustomImage.ImageURL, o.CustomImage.ImageSecondaryURL)
		}
		for _, cd := range o.CustomDeck {
			urls = append(urls, cd.FaceURL, cd.BackURL)
		}
	}
	if len(urls) == 0 {
		t.Fatal("no image addresses")
	}
	for _, u := range urls {
		name, ok := strings.CutPrefix(u, "https://example.com/playtest/")
		if !ok || strings.Contains(name, "/") {
			t.Errorf("address %q is not under the base URL", u)
			continue
		}
		if _, err := os.Stat(filepath.Join(out, "bloodrage", "tts", name)); err != nil {
			t.Errorf("address %q names no written file", u)
		}
	}
	if bad := bifrost(t, "tts", "bloodrage", "--src", shippedSrc, "--out", out, "--base-url", "example.com/x", "--lang", "en"); bad.code != 2 || !strings.Contains(bad.stderr, "not an absolute URL") {
		t.Errorf("a relative base URL: exit %d, %q", bad.code, bad.stderr)
	}
	src := copySrc(t)
	if in := bifrost(t, "tts", "valkyrie", "--src", src, "--out", filepath.Join(src, "out"), "--lang", "en"); in.code != 2 || !strings.Contains(in.stderr, "refusing to write inside the source folder") {
		t.Errorf("tts into --src: exit %d, %q", in.code, in.stderr)
	}
}

// BenchmarkTTS_AllFourGames is the whole `bifrost tts` of the shipped
// workbooks: validation, drawing, sheets and tiles as PNG files, the JSON.
// cpu-s/op is the CPU time it took, all cores together, which a loaded
// machine does not inflate as it does the wall time.
func BenchmarkTTS_AllFourGames(b *testing.B) {
	out := b.TempDir()
	cpu0, measured := cpuSeconds()
	for b.Loop() {
		g := &globalOptions{lang: "en", stdout: io.Discard, stderr: io.Discard, registry: rules.All()}
		if err := runTTS(b.Context(), &ttsOptions{globalOptions: g, src: shippedSrc, out: out}, nil); err != nil {
			b.Fatal(err)
		}
	}
	if cpu1, _ := cpuSeconds(); measured {
		b.ReportMetric((cpu1-cpu0)/float64(b.N), "cpu-s/op")
	}
}
