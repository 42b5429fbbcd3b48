package main

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"bifrost/rules"
	"bifrost/schema"
)

// helpKeysOfTree lists the help keys the command tree names, each with the
// command or flag that names it: every command's usage line, Short and
// Long, and every flag's usage and value name, cobra's help command and -h
// flags included; and the usage text's headings that the commands' usage
// texts print.
func helpKeysOfTree() map[string][]string {
	root := newRootCmd(io.Discard, io.Discard, nil, rules.All())
	keyCobraHelp(root)
	keys := map[string][]string{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		name := c.CommandPath()
		keys[useKey(c)] = append(keys[useKey(c)], name+" usage line")
		keys[c.Short] = append(keys[c.Short], name+" Short")
		if c.Long != "" {
			keys[c.Long] = append(keys[c.Long], name+" Long")
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			keys[f.Usage] = append(keys[f.Usage], name+" --"+f.Name)
			if f.Value.Type() != "bool" {
				keys[argKey(c, f)] = append(keys[argKey(c, f)], name+" --"+f.Name+" value")
			}
		})
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	var usage strings.Builder
	localizeHelp(root, schema.NewLang("ja"))
	var each func(c *cobra.Command)
	each = func(c *cobra.Command) {
		c.SetOut(&usage)
		c.SetErr(&usage)
		if err := c.Usage(); err != nil {
			panic(err)
		}
		for _, s := range c.Commands() {
			each(s)
		}
	}
	each(root)
	for key, t := range helpTexts {
		if heading, ok := strings.CutPrefix(key, "heading."); ok && strings.Contains(usage.String(), strings.Split(t[0], "%s")[0]) {
			keys[key] = append(keys[key], "usage text's "+heading)
		}
	}
	return keys
}

// TestEveryCommandAndFlagHasHelpInBothLanguages: each command's usage line,
// Short and Long and each flag's usage name a key of helpTexts, whose two
// forms are a Japanese and an English text.
func TestEveryCommandAndFlagHasHelpInBothLanguages(t *testing.T) {
	keys := helpKeysOfTree()
	if len(keys) < 60 {
		t.Fatalf("the tree names only %d help keys", len(keys))
	}
	for key, users := range keys {
		if _, ok := helpTexts[key]; !ok {
			t.Errorf("%v: %q is not a key of helpTexts", users, key)
		}
	}
	for key, m := range helpTexts {
		ja, en := m[0], m[1]
		switch {
		case ja == "" || en == "":
			t.Errorf("%s: a form is empty (ja %q, en %q)", key, ja, en)
		case !japanese(ja) && ja != en:
			t.Errorf("%s: the Japanese form %q has no Japanese", key, ja)
		case japanese(cardData.ReplaceAllString(en, "")):
			t.Errorf("%s: the English form %q has Japanese outside a quoted example", key, en)
		}
	}
}

// TestNoHelpTextGoesUnused: a key of helpTexts that no command or flag
// names is an error (a renamed flag or a removed command left it behind).
func TestNoHelpTextGoesUnused(t *testing.T) {
	t.Parallel()
	keys := helpKeysOfTree()
	var unused []string
	for key := range helpTexts {
		if _, ok := keys[key]; !ok {
			unused = append(unused, key)
		}
	}
	slices.Sort(unused)
	if len(unused) > 0 {
		t.Errorf("help keys no command or flag uses: %v", unused)
	}
}
