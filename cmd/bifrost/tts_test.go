package main

import (
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/targets"
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

// savedFixture is a saved object written from the documented format of
// Tabletop Simulator's saves: a DeckCustom holding Card objects (CardID =
// deck key × 100 + slot, DeckIDs, a CustomDeck entry per sheet), a lone
// Card, a Custom_Tile, a Die_6 and a PlayerPawn.
const savedFixture = "internal/tts/testdata/saved-deck.json"

// decodeJSON decodes a JSON file as plain maps and slices.
func decodeJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}

// fixtureObjects are the fixture's objects by Name, a deck's cards under
// "Card" too.
func fixtureObjects(t *testing.T) (save map[string]any, byName map[string]map[string]any) {
	t.Helper()
	save = decodeJSON(t, savedFixture)
	byName = map[string]map[string]any{}
	var add func(os []any)
	add = func(os []any) {
		for _, o := range os {
			m := o.(map[string]any)
			byName[m["Name"].(string)] = m
			if c, ok := m["ContainedObjects"].([]any); ok {
				add(c)
			}
		}
	}
	add(save["ObjectStates"].([]any))
	return save, byName
}

// sameShape reports, at path, every field of got that the saved example
// want does not have, every field of want that got lacks, and every value
// of another JSON type. The entries of a CustomDeck (keyed by deck number)
// are each compared with the example's first; a list's items with its
// first, objects with the example object of the same Name.
func sameShape(t *testing.T, path string, got, want any, byName map[string]map[string]any) {
	t.Helper()
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s: %T, the format has an object", path, got)
			return
		}
		if name, ok := g["Name"].(string); ok && byName[name] != nil {
			w = byName[name]
		} else if ok {
			t.Errorf("%s: object named %q, which the format example does not have", path, name)
			return
		}
		if strings.HasSuffix(path, ".CustomDeck") || strings.HasSuffix(path, ".TabStates") {
			var entry any
			for _, v := range w {
				entry = v
				break
			}
			for k, v := range g {
				if _, err := strconv.Atoi(k); err != nil {
					t.Errorf("%s: key %q is not a deck number", path, k)
				}
				if entry != nil {
					sameShape(t, path+"."+k, v, entry, byName)
				}
			}
			return
		}
		for _, k := range slices.Sorted(maps.Keys(g)) {
			if _, ok := w[k]; !ok {
				t.Errorf("%s: field %s is not in the format", path, k)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(w)) {
			v, ok := g[k]
			if !ok {
				t.Errorf("%s: lacks the field %s", path, k)
				continue
			}
			sameShape(t, path+"."+k, v, w[k], byName)
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			t.Errorf("%s: %T, the format has a list", path, got)
			return
		}
		for i, v := range g {
			if len(w) > 0 {
				sameShape(t, fmt.Sprintf("%s[%d]", path, i), v, w[0], byName)
			}
		}
	default:
		if fmt.Sprintf("%T", got) != fmt.Sprintf("%T", want) {
			t.Errorf("%s: %T %v, the format has a %T", path, got, got, want)
		}
	}
}

// deckRules checks the rules that tie a saved deck's fields together:
// DeckIDs are the CardIDs of its Card objects in order; each card's
// CustomDeck has the one entry its CardID / 100 names, the deck's the
// entries of all its cards and no more, with the same sheets.
func deckRules(t *testing.T, where string, objects []any) {
	t.Helper()
	for _, o := range objects {
		m := o.(map[string]any)
		customs, _ := m["CustomDeck"].(map[string]any)
		switch m["Name"] {
		case "DeckCustom":
			ids, _ := m["DeckIDs"].([]any)
			cards, _ := m["ContainedObjects"].([]any)
			if len(ids) != len(cards) || len(ids) == 0 {
				t.Errorf("%s %v: %d DeckIDs, %d cards", where, m["Nickname"], len(ids), len(cards))
				continue
			}
			keys := map[string]bool{}
			for i, c := range cards {
				cm := c.(map[string]any)
				if cm["Name"] != "Card" || cm["CardID"] != ids[i] {
					t.Errorf("%s %v: object %d is a %v with CardID %v, DeckIDs says %v", where, m["Nickname"], i, cm["Name"], cm["CardID"], ids[i])
				}
				id, _ := ids[i].(float64)
				key := strconv.Itoa(int(id) / 100)
				keys[key] = true
				if own, _ := cm["CustomDeck"].(map[string]any); !reflect.DeepEqual(own[key], customs[key]) {
					t.Errorf("%s %v: card %v's sheet %v differs from the deck's %v", where, m["Nickname"], ids[i], own[key], customs[key])
				}
			}
			if !slices.Equal(slices.Sorted(maps.Keys(keys)), slices.Sorted(maps.Keys(customs))) {
				t.Errorf("%s %v: CustomDeck keys %v, the cards' sheets %v", where, m["Nickname"], slices.Sorted(maps.Keys(customs)), slices.Sorted(maps.Keys(keys)))
			}
			deckRules(t, where, cards)
		case "Card":
			f, isNum := m["CardID"].(float64)
			id := int(f)
			if _, ok := customs[strconv.Itoa(id/100)]; !isNum || len(customs) != 1 || !ok || id < 100 {
				t.Errorf("%s %v: CardID %d with CustomDeck keys %v", where, m["Nickname"], id, slices.Sorted(maps.Keys(customs)))
			}
		}
	}
}

// The example itself obeys the rules the exports are held to.
func TestSavedExampleFollowsTheDeckRules(t *testing.T) {
	t.Parallel()
	save, byName := fixtureObjects(t)
	deckRules(t, savedFixture, save["ObjectStates"].([]any))
	for _, name := range []string{"DeckCustom", "Card", "Custom_Tile", "Die_6", "PlayerPawn"} {
		if byName[name] == nil {
			t.Errorf("the example has no %s", name)
		}
	}
}

// TestTTSWritesDecksOfAllFourGames runs `bifrost tts` on the
// shipped workbooks: every image it names exists and decodes, each sheet is
// its grid of cards the size of its back image and under 4096 px, and the
// decks hold the workbook's copies: per sheet as validate counts them, per
// sample deck for guardian, and bloodrage's AI boards as tiles.
func TestTTSWritesDecksOfAllFourGames(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	r := bifrost(t, "tts", "--src", shippedSrc, "--out", out, "--lang", "en")
	if r.code != 0 {
		t.Fatalf("tts exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	listed := strings.Fields(r.stdout)
	for _, want := range []string{`Windows: Documents\My Games\Tabletop Simulator\Saves\Saved Objects`, "macOS: ~/Library/Tabletop Simulator/Saves/Saved Objects",
		"the images are files on this computer only (file:// URLs), which other players cannot see"} {
		if strings.Count(r.stderr, want) != 4 {
			t.Errorf("stderr says %q %d times, want once per game:\n%s", want, strings.Count(r.stderr, want), r.stderr)
		}
	}
	fixture, byName := fixtureObjects(t)
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		def, err := rules.All().ByID(game)
		if err != nil {
			t.Fatal(err)
		}
		g := def.Schema
		res, err := targets.Target{Game: definition(t, game), Path: filepath.Join(shippedSrc, game+".xlsx")}.Validate(schema.NewLang("en"))
		if err != nil {
			t.Fatal(err)
		}
		jsonPath := filepath.Join(out, game, "tts", game+".json")
		if !slices.Contains(listed, jsonPath) {
			t.Errorf("%s: stdout does not list %s", game, jsonPath)
		}
		save := readSave(t, jsonPath)
		// Field by field, the export is what Tabletop Simulator saves.
		raw := decodeJSON(t, jsonPath)
		sameShape(t, game, raw, fixture, byName)
		deckRules(t, game, raw["ObjectStates"].([]any))
		// Every deck and lone card on the table has a Japanese name, each
		// its own.
		seen := map[string]bool{}
		for _, o := range save.ObjectStates {
			if !strings.ContainsFunc(o.Nickname, func(r rune) bool { return r > 0x2e80 }) {
				t.Errorf("%s: %s %q has no Japanese name", game, o.Name, o.Nickname)
			}
			if o.Name == "DeckCustom" && seen[o.Nickname] {
				t.Errorf("%s: two decks named %q", game, o.Nickname)
			}
			seen[o.Nickname] = true
		}
		sheetOf := map[string]string{} // card ID → workbook sheet
		for _, rec := range g.Records(res.Book) {
			sheetOf[rec.Key] = rec.Sheet
		}
		names := schema.CardNames(res.Data)
		perSheet := map[string]int{} // copies on the table per workbook sheet
		perDeck := map[string]map[string]int{}
		checked := map[string]bool{}
		pieces := map[string]map[tts.Colour]int{} // per object name, per tint
		for _, o := range save.ObjectStates {
			cardsOf := []tts.Object{o}
			switch o.Name {
			case "Die_6", "Die_8", "PlayerPawn":
				if pieces[o.Name] == nil {
					pieces[o.Name] = map[tts.Colour]int{}
				}
				pieces[o.Name][o.ColorDiffuse]++
				continue
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
			// Markers are tokens cut from the rows of a sheet whose cards
			// are counted already (a Valkyria's, an AI board's).
			marker := strings.Contains(o.Nickname, "マーカー")
			for i, c := range cardsOf {
				if o.Name == "DeckCustom" && c.CardID != o.DeckIDs[i] {
					t.Errorf("%s %s: card %d has ID %d, DeckIDs %d", game, o.Nickname, i, c.CardID, o.DeckIDs[i])
				}
				if c.Nickname == "" || names[c.GMNotes] != "" && c.Nickname != names[c.GMNotes] {
					t.Errorf("%s: card %s is nicknamed %q", game, c.GMNotes, c.Nickname)
				}
				if !marker {
					perSheet[sheetOf[c.GMNotes]]++
				}
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
		case "nastrond":
			// One deck per setup pile, as the layout's tts_deck says: the
			// Edda per layer with the layer-3 Keepers shuffled in, the
			// Keepers of layers 1 and 2, the Einherjar per layer.
			rule := res.Rules.Int
			for deck, want := range map[string]struct {
				prefixes []string
				n        int
			}{
				"エッダ・第1層":       {[]string{"E1-"}, rule("EddaLayer1")},
				"エッダ・第2層":       {[]string{"E2-"}, rule("EddaLayer2")},
				"エッダ・第3層":       {[]string{"E3-", "K3-"}, rule("EddaLayer3") + rule("KeeperLayer3")},
				"キーパー・第1層":      {[]string{"K1-"}, rule("KeeperLayer1")},
				"キーパー・第2層":      {[]string{"K2-"}, rule("KeeperLayer2")},
				"エインヘリアル・登場階層1": {[]string{"EIN-1"}, rule("EinherjarLayer1")},
			} {
				n := 0
				for id, c := range perDeck[deck] {
					n += c
					if !slices.ContainsFunc(want.prefixes, func(p string) bool { return strings.HasPrefix(id, p) }) {
						t.Errorf("nastrond deck %s holds %s", deck, id)
					}
				}
				if n != want.n || n == 0 {
					t.Errorf("nastrond deck %s has %d cards, want %d", deck, n, want.n)
				}
			}
			// The dice and pawns of the Rules, tinted: each Valkyria's own
			// six-sided dice and pawn in her colour, the stock's white.
			white := tts.Colour{R: 1, G: 1, B: 1}
			valkyria := res.Components["Valkyria"]
			if n := pieces["PlayerPawn"]; len(n) != valkyria || n[white] != 0 {
				t.Errorf("nastrond: pawns %v, want one in each of the %d Valkyria's colours", n, valkyria)
			}
			for tint, n := range pieces["Die_6"] {
				if want := rule("OwnDice"); tint != white && (n != want || pieces["PlayerPawn"][tint] != 1) {
					t.Errorf("nastrond: %d six-sided dice tinted %v, want %d in a Valkyria's colour", n, tint, want)
				}
			}
			if len(pieces["Die_6"]) != valkyria+1 || pieces["Die_6"][white] != rule("BlankD6") || pieces["Die_8"][white] != rule("D8") || len(pieces["Die_8"]) != 1 {
				t.Errorf("nastrond: six-sided dice %v, eight-sided %v; want %d blank and %d eight-sided", pieces["Die_6"], pieces["Die_8"], rule("BlankD6"), rule("D8"))
			}
			fallthrough
		default:
			if game != "nastrond" && len(pieces) > 0 {
				t.Errorf("%s: pieces %v, its layout asks for none", game, pieces)
			}
			for sheet, n := range res.Components {
				if perSheet[sheet] != n {
					t.Errorf("%s: %d %s on the table, validate counts %d", game, perSheet[sheet], sheet, n)
				}
			}
		case "bloodrage":
			if perSheet["AIBoard"] != res.Components["AIBoard"] || perSheet["AIBoard"] == 0 {
				t.Errorf("bloodrage: %d AI board tiles, the workbook has %d", perSheet["AIBoard"], res.Components["AIBoard"])
			}
		}
	}
}

// TestBaseURLAddressesTheImagesOnTheWeb: without --base-url the last
// lines say where the Saved Objects folder is and that the images are local
// only; with it every image address is the URL followed by the file name
// and the images are not said to be local; an image an earlier run wrote
// and this one did not is removed; a relative URL and an --out inside --src
// are usage errors.
func TestBaseURLAddressesTheImagesOnTheWeb(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	const folders = `Saved Objects フォルダ（Windows：Documents\My Games\Tabletop Simulator\Saves\Saved Objects、macOS：~/Library/Tabletop Simulator/Saves/Saved Objects）`
	const local = "画像はこのコンピューターのファイル（file:// の URL）なので、ほかのプレイヤーには見えません"
	r := bifrost(t, "tts", "bloodrage", "--src", shippedSrc, "--out", out, "--lang", "ja")
	if lines := strings.Split(strings.TrimSpace(r.stderr), "\n"); r.code != 0 || len(lines) < 2 ||
		!strings.Contains(lines[len(lines)-2], folders) || !strings.HasPrefix(lines[len(lines)-1], local) {
		t.Errorf("without --base-url: exit %d, the last lines do not name the folders and say the images are local:\n%s", r.code, r.stderr)
	}
	stale := filepath.Join(out, "bloodrage", "tts", "bloodrage-Gone-1.png")
	os.MkdirAll(filepath.Dir(stale), 0o755)
	os.WriteFile(stale, []byte("a sheet of cards deleted since"), 0o644)
	r = bifrost(t, "tts", "bloodrage", "--src", shippedSrc, "--out", out, "--base-url", "https://example.com/playtest", "--lang", "ja")
	if r.code != 0 {
		t.Fatalf("tts exit %d\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, folders) || strings.Contains(r.stderr, "file://") {
		t.Errorf("with --base-url the images are still said to be local, or the folders are not named:\n%s", r.stderr)
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
