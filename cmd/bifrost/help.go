package main

import (
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/rivo/uniseg"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"bifrost/schema"
)

// flagArg is the name of f's value in c's help, "" for a switch; every
// flag that takes a value has its name in helpTexts (a test holds to it),
// and one that has none shows pflag's type name.
func flagArg(c *cobra.Command, f *pflag.Flag, en bool) string {
	if f.Value.Type() == "bool" {
		return ""
	}
	if a, ok := helpTexts[argKey(c, f)]; ok {
		return helpIn(a, en)
	}
	name, _ := pflag.UnquoteUsage(f)
	return name
}

// argKey is the key of the name of f's value in c's help: arg.<command>.<flag>
// when c names it its own way, else arg.<flag>.
func argKey(c *cobra.Command, f *pflag.Flag) string {
	if k := "arg." + c.Name() + "." + f.Name; helpTexts[k] != [2]string{} {
		return k
	}
	return "arg." + f.Name
}

// helpIn is t's English form if en, else its Japanese.
func helpIn(t [2]string, en bool) string {
	if en {
		return t[1]
	}
	return t[0]
}

// flagUsages lists the flags of fs as pflag does, one a line in name order,
// with the value's name from flagArg, the default in lang's words (unless
// the usage already tells it) and the usages aligned by display width,
// so that Japanese names line up too.
func flagUsages(c *cobra.Command, fs *pflag.FlagSet, en bool) string {
	var names, usages []string
	width := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		name := "      --" + f.Name
		if f.Shorthand != "" && f.ShorthandDeprecated == "" {
			name = "  -" + f.Shorthand + ", --" + f.Name
		}
		if a := flagArg(c, f, en); a != "" {
			name += " " + a
		}
		_, usage := pflag.UnquoteUsage(f)
		if def, ok := flagDefault(f); ok && !strings.Contains(usage, "default") && !strings.Contains(usage, "既定") {
			if en {
				usage += " (default " + def + ")"
			} else {
				usage += "（既定値 " + def + "）"
			}
		}
		names, usages = append(names, name), append(usages, usage)
		width = max(width, uniseg.StringWidth(name))
	})
	var b strings.Builder
	for i, name := range names {
		b.WriteString(name + strings.Repeat(" ", width-uniseg.StringWidth(name)+3) + usages[i] + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// flagDefault is f's default as pflag prints it (a string quoted), and
// whether there is one to print: a zero value is not.
func flagDefault(f *pflag.Flag) (string, bool) {
	switch d := f.DefValue; {
	case d == "" || d == "0" || d == "false" || d == "[]" || d == "0s" || d == "<nil>":
		return "", false
	case f.Value.Type() == "string":
		return strconv.Quote(d), true
	default:
		return d, true
	}
}

// localizeHelp puts the command tree's help in lang: each command's usage
// line (help.<command path>.use), Short, Long and flag usages are keys of
// helpTexts, looked up in that language, and the usage function writes its
// headings in lang.
func localizeHelp(root *cobra.Command, lang *schema.Lang) {
	en := lang.English()
	text := func(key string) string {
		if t, ok := helpTexts[key]; ok {
			return helpIn(t, en)
		}
		return key
	}
	keyCobraHelp(root)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Use = text(useKey(c))
		c.Short = text(c.Short)
		c.Long = text(c.Long)
		for _, fs := range []*pflag.FlagSet{c.LocalFlags(), c.PersistentFlags()} {
			fs.VisitAll(func(f *pflag.Flag) { f.Usage = strings.Replace(text(f.Usage), "%s", c.Name(), 1) })
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	root.SetUsageFunc(func(c *cobra.Command) error { return writeUsage(c, en) })
}

// keyCobraHelp adds cobra's own help command and -h flags to the tree,
// their texts replaced by helpTexts' keys.
func keyCobraHelp(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.InitDefaultHelpFlag()
		c.Flags().Lookup("help").Usage = "flag.help"
		if c.Parent() == root && c.Name() == "help" {
			c.Short, c.Long = "help.help.short", "help.help.long"
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
}

// useKey is the key of c's usage line: help.<command path>.use, the path
// without the root's name (help.bifrost.use for the root itself).
func useKey(c *cobra.Command) string {
	path := strings.Fields(c.CommandPath())
	if len(path) > 1 {
		path = path[1:]
	}
	return "help." + strings.Join(path, ".") + ".use"
}

// writeUsage is cobra's usage text (no groups, aliases or examples are used
// here) with its headings in Japanese unless en.
func writeUsage(c *cobra.Command, en bool) error {
	h := func(key string) string { return helpIn(helpTexts["heading."+key], en) }
	flags := func(fs *pflag.FlagSet) string { return flagUsages(c, fs, en) }
	var b strings.Builder
	b.WriteString(h("usage"))
	if c.Runnable() {
		b.WriteString("\n  " + c.UseLine())
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n  " + c.CommandPath() + " [command]")
		b.WriteString("\n\n" + h("commands"))
		for _, s := range c.Commands() {
			if s.IsAvailableCommand() || s.Name() == "help" {
				b.WriteString("\n  " + s.Name() + strings.Repeat(" ", max(s.NamePadding()-len(s.Name()), 0)) + " " + s.Short)
			}
		}
	}
	if c.HasAvailableLocalFlags() {
		b.WriteString("\n\n" + h("flags") + "\n" + flags(c.LocalFlags()))
	}
	if c.HasAvailableInheritedFlags() {
		b.WriteString("\n\n" + h("global") + "\n" + flags(c.InheritedFlags()))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n\n" + strings.Replace(h("more"), "%s", c.CommandPath(), 1))
	}
	b.WriteString("\n")
	_, err := io.WriteString(c.OutOrStderr(), b.String())
	return err
}

// argLang is the --lang value in args, read before cobra parses them so
// that a flag error before --lang still speaks that language; "" if absent.
func argLang(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--lang="); ok {
			return v
		}
		if a == "--lang" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// flagErrors turn pflag's English errors into catalogue keys.
var flagErrors = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile(`^unknown flag: (.+)$`), "flag_unknown"},
	{regexp.MustCompile(`^unknown shorthand flag: '(.)' in (.+)$`), "flag_unknown_short"},
	{regexp.MustCompile(`^flag needs an argument: (?:'.' in )?(.+)$`), "flag_needs_arg"},
	{regexp.MustCompile(`^invalid argument "(.*)" for "(.+?)" flag: .*$`), "flag_bad_value"},
	{regexp.MustCompile(`^bad flag syntax: (.+)$`), "flag_bad_syntax"},
}

// flagError is err, a flag error from cobra or pflag, from the catalogue.
func flagError(err error) error {
	for _, fe := range flagErrors {
		if m := fe.re.FindStringSubmatch(err.Error()); m != nil {
			args := make([]any, len(m)-1)
			for i, s := range m[1:] {
				args[i] = s
			}
			return usageError{msgErr(fe.key, args...)}
		}
	}
	return usageError{msgErr("bad_flag", err)}
}
