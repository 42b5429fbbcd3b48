package effect

import (
	"strconv"
	"strings"
)

// opWords are the Japanese words for the comparison operators.
var opWords = map[string]string{
	">=": "以上",
	"<=": "以下",
	">":  "より多い",
	"<":  "未満",
	"=":  "ちょうど",
}

// Text renders e as Japanese card text using the templates of v. Each clause
// is the trigger's Text, each condition's Text in 【】, then the action's Text
// (MayText, or Text+"ことができる", for a "may" clause), ending in "。";
// clauses are joined without a separator.
//
// In a template, {1}, {2}… are the arguments: a Count in decimal, a Signed
// number always with its sign ("+2", "-1", "+0"), a Word as its Label, a Ref
// as refName(id) (the ID itself when refName is nil) and a Text as written.
// In a condition, {n} is the comparison value and {op} its word (以上, 以下,
// より多い, 未満, ちょうど); without a comparison both are empty and runs of
// spaces collapse. Names missing from v print as themselves.
func (e *Effect) Text(v *Vocab, refName func(id string) string) string {
	if e == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range e.Clauses {
		start := b.Len()
		if c.Trigger != "" {
			if t := v.Trigger(c.Trigger); t != nil {
				b.WriteString(t.Text)
			} else {
				b.WriteString(c.Trigger + "：")
			}
		}
		for _, cond := range c.Conds {
			b.WriteString("【")
			b.WriteString(condText(cond, v.Cond(cond.Name), refName))
			b.WriteString("】")
		}
		tmpl, specs := c.Action.Name, []ArgSpec(nil)
		if verb := v.Verb(c.Action.Name); verb != nil {
			tmpl, specs = verb.Text, verb.Args
			if c.May {
				tmpl = verb.MayText
				if tmpl == "" {
					tmpl = strings.TrimSuffix(verb.Text, "。") + "ことができる"
				}
			}
		}
		fill(&b, tmpl, c.Action, specs, false, refName)
		if !strings.HasSuffix(b.String()[start:], "。") {
			b.WriteString("。")
		}
	}
	return b.String()
}

// condText renders one condition without its brackets.
func condText(c Call, cv *Verb, refName func(string) string) string {
	tmpl, specs := c.Name, []ArgSpec(nil)
	if cv != nil {
		tmpl, specs = cv.Text, cv.Args
	}
	var b strings.Builder
	fill(&b, tmpl, c, specs, true, refName)
	if c.Op == "" {
		return strings.Join(strings.Fields(b.String()), " ")
	}
	return b.String()
}

// fill writes tmpl to b with its placeholders replaced from c. An omitted
// optional argument is empty; placeholders that name no argument of specs
// are written as they are.
func fill(b *strings.Builder, tmpl string, c Call, specs []ArgSpec, cond bool, refName func(string) string) {
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(tmpl[:i])
		key, ph := tmpl[i+1:i+j], tmpl[i:i+j+1]
		tmpl = tmpl[i+j+1:]
		switch {
		case cond && key == "n":
			if c.Op != "" {
				b.WriteString(strconv.Itoa(c.Value))
			}
		case cond && key == "op":
			b.WriteString(opWords[c.Op])
		default:
			n, err := strconv.Atoi(key)
			if err != nil || n < 1 || key[0] == '+' || key[0] == '-' {
				b.WriteString(ph)
				continue
			}
			switch {
			case n <= len(c.Args):
				var spec ArgSpec
				if n <= len(specs) {
					spec = specs[n-1]
				}
				b.WriteString(argText(c.Args[n-1], spec, refName))
			case n > len(specs):
				b.WriteString(ph) // not an argument of this verb
			}
		}
	}
	b.WriteString(tmpl)
}

// argText renders one argument for card text.
func argText(a Arg, spec ArgSpec, refName func(string) string) string {
	switch a.Kind {
	case Count:
		return strconv.Itoa(a.Int)
	case Signed:
		return signed(a.Int)
	case Word:
		for i, e := range spec.Enum {
			if e == a.Str && i < len(spec.Labels) {
				return spec.Labels[i]
			}
		}
	case Ref:
		if refName != nil {
			return refName(a.Str)
		}
	}
	return a.Str
}

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// String returns e in canonical source form: canonical names, "name: " for a
// trigger, "[name args op n]" for a condition, "may ", signed numbers with
// their sign, text in double quotes (in 「」 when it contains a double quote),
// and clauses joined with "; ". Parsing the result gives e back.
func (e *Effect) String() string {
	if e == nil {
		return ""
	}
	var b strings.Builder
	for i, c := range e.Clauses {
		if i > 0 {
			b.WriteString("; ")
		}
		if c.Trigger != "" {
			b.WriteString(c.Trigger)
			b.WriteString(": ")
		}
		for _, cond := range c.Conds {
			b.WriteByte('[')
			writeCall(&b, cond)
			if cond.Op != "" {
				b.WriteByte(' ')
				b.WriteString(cond.Op)
				b.WriteByte(' ')
				b.WriteString(strconv.Itoa(cond.Value))
			}
			b.WriteString("] ")
		}
		if c.May {
			b.WriteString("may ")
		}
		writeCall(&b, c.Action)
	}
	return b.String()
}

// writeCall writes a name and its arguments in source form.
func writeCall(b *strings.Builder, c Call) {
	b.WriteString(c.Name)
	for _, a := range c.Args {
		b.WriteByte(' ')
		switch a.Kind {
		case Count:
			b.WriteString(strconv.Itoa(a.Int))
		case Signed:
			b.WriteString(signed(a.Int))
		case Text:
			if strings.Contains(a.Str, `"`) {
				b.WriteString("「" + a.Str + "」")
			} else {
				b.WriteString(`"` + a.Str + `"`)
			}
		default:
			b.WriteString(a.Str)
		}
	}
}
