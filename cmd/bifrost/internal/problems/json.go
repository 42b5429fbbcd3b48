package problems

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// ValidateJSON is the `validate --json` contract of DESIGN.md.
type ValidateJSON struct {
	Games []GameJSON `json:"games"`
}

// GameJSON is one game's entry in validate's and check's JSON.
type GameJSON struct {
	Game       string           `json:"game"`
	File       string           `json:"file"`
	Components map[string]int   `json:"components"`
	Problems   []schema.Problem `json:"problems"`
	// Books are the errors of the game's books (rulebook.md, summary.md,
	// designer.md) at their file and line: placeholders naming a card,
	// sheet, column or Rules key the data lacks, and markdown the book
	// cannot print. Checked only when the workbook has no errors.
	Books []schema.Problem `json:"books"`
}

// NewGameJSON is res's entry in validate's and check's JSON, with the
// errors of its books.
func NewGameJSON(res schema.Result, books []schema.Problem) GameJSON {
	return GameJSON{Game: res.Game, File: res.File, Components: res.Components, Problems: orEmpty(res.Problems), Books: orEmpty(books)}
}

// orEmpty is ps, or an empty list for nil (so JSON shows [] rather than null).
func orEmpty(ps []schema.Problem) []schema.Problem {
	if ps == nil {
		return []schema.Problem{}
	}
	return ps
}

// WriteValidateJSON writes validate's JSON of results and their books'
// problems (in the same order) to w.
func WriteValidateJSON(w io.Writer, results []schema.Result, books [][]schema.Problem) error {
	out := ValidateJSON{Games: []GameJSON{}}
	for i, r := range results {
		out.Games = append(out.Games, NewGameJSON(r, books[i]))
	}
	return writeJSON(w, out)
}

// writeJSON writes v to w as indented JSON, its HTML characters as typed.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// CheckJSON is the `check --format json` output: whether every game
// passed, and each game's verdict.
type CheckJSON struct {
	Passed bool            `json:"passed"`
	Games  []CheckGameJSON `json:"games"`
}

// CheckGameJSON is one game's verdict: its problems, the problems check
// found in its play, whether it passed and its smoke batch's report.
type CheckGameJSON struct {
	GameJSON
	Passed bool        `json:"passed"`
	Sim    *sim.Report `json:"sim,omitempty"`
}

// NewCheckJSON is check's output of games' verdicts: passed when every
// game passed.
func NewCheckJSON(games []CheckGameJSON) CheckJSON {
	out := CheckJSON{Passed: true, Games: games}
	for _, g := range games {
		out.Passed = out.Passed && g.Passed
	}
	return out
}

// Write prints c in format: "json" on stdout; "github" as one annotation
// a problem on stdout; otherwise each problem on a line of stdout and, on
// stderr, each game's figures (figures, in the games' order) and its
// verdict in lang.
func (c CheckJSON) Write(format string, stdout, stderr io.Writer, figures [][]string, lang *schema.Lang) error {
	switch format {
	case "json":
		return writeJSON(stdout, c)
	case "github":
		for _, g := range c.Games {
			for _, p := range slices.Concat(g.Problems, g.Books) {
				gate.WriteGithub(stdout, p)
			}
		}
	default:
		for i, g := range c.Games {
			for _, p := range slices.Concat(g.Problems, g.Books) {
				fmt.Fprintln(stdout, p.String())
			}
			for _, f := range figures[i] {
				fmt.Fprintln(stderr, f)
			}
			fmt.Fprintln(stderr, say(lang, map[bool]string{true: "check_ok", false: "check_failed"}[g.Passed], g.Game))
		}
	}
	return nil
}
