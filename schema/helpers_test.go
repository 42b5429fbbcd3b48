package schema

// problemLines renders problems as their one-line form, for assertions.
func problemLines(ps []Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}
