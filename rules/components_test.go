package rules_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"bifrost/layout/spec"
	"bifrost/rules"
)

// The player's own: dice are left to the players, and a subsection of the
// component list that says it comes from the base game or that the
// players bring it ("そのほかに用意するもの") is not printed.
var (
	ownedComponent = regexp.MustCompile(`サイコロ|ダイス`)
	ownedSection   = regexp.MustCompile(`基本ゲーム|用意するもの`)
	boldBullet     = regexp.MustCompile(`^- \*\*([^*]+)\*\*`)
)

// components are the names the rulebook's component list gives (its bold
// bullets and ### headings), each split at 「と」 with a trailing カード cut.
func components(book string) []string {
	var names []string
	in, owned := false, false
	for _, line := range strings.Split(book, "\n") {
		switch {
		case strings.HasPrefix(line, "# "):
			in, owned = strings.Contains(line, "コンポーネント"), false
			continue
		case !in:
			continue
		case strings.HasPrefix(line, "## "):
			// A subsection lists components when it says what is used or
			// gives the kinds of cards; others explain them.
			listing := strings.Contains(line, "使うもの") || strings.Contains(line, "種類")
			owned = ownedSection.MatchString(line) || !listing
			continue
		case owned:
			continue
		}
		name := ""
		if m := boldBullet.FindStringSubmatch(line); m != nil {
			name = m[1]
		} else if h, ok := strings.CutPrefix(line, "### "); ok {
			name = h
		}
		for part := range strings.SplitSeq(name, "と") {
			if part = strings.TrimSuffix(strings.TrimSpace(part), "カード"); part != "" {
				names = append(names, part)
			}
		}
	}
	return names
}

// related: one name holds the other.
func related(a, b string) bool {
	return a != "" && b != "" && (strings.Contains(a, b) || strings.Contains(b, a))
}

// Every component a rulebook lists is printed by the game's layout (a
// kind whose title or sheet names it), unless the players own it (dice,
// the base game, what the rulebook asks them to bring); and every kind
// printed is in the list.
func TestTheRulebookListsWhatTheKitPrints(t *testing.T) {
	for _, game := range rules.All() {
		t.Run(game.ID(), func(t *testing.T) {
			book, err := fs.ReadFile(game.Books, "rulebook.md")
			if err != nil {
				t.Fatal(err)
			}
			lay, err := spec.Load(t.TempDir(), game.Schema)
			if err != nil {
				t.Fatal(err)
			}
			names := components(string(book))
			if len(names) == 0 {
				t.Fatal("the rulebook lists no components")
			}
			printed := func(k *spec.Kind, name string) bool {
				return related(k.Title, name) || k.Sheet != nil && related(k.Sheet.JA, name)
			}
			for _, name := range names {
				if ownedComponent.MatchString(name) {
					continue
				}
				found := false
				for _, k := range lay.Kinds {
					found = found || printed(k, name)
				}
				if !found {
					t.Errorf("the rulebook lists %q, which the kit does not print", name)
				}
			}
			for _, k := range lay.Kinds {
				found := false
				for _, name := range names {
					found = found || printed(k, name)
				}
				if !found {
					t.Errorf("the kit prints %s (%s), which the rulebook's component list does not name", k.Name, k.Title)
				}
			}
		})
	}
}
