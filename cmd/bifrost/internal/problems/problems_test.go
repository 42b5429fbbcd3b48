package problems

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"bifrost/schema"
)

var (
	en = schema.NewLang("en")
	ja = schema.NewLang("ja")
)

func problem(sev schema.Severity, cell, msg string) schema.Problem {
	return schema.Problem{Severity: sev, File: "cardsrc/g.xlsx", Sheet: "Cards", Cell: cell, Message: msg}
}

func TestWritePrintsEachProblemThenOneSummaryPerGame(t *testing.T) {
	results := []schema.Result{
		{Game: "g", File: "cardsrc/g.xlsx", Components: map[string]int{"cards": 3, "boards": 1}, Problems: []schema.Problem{
			problem(schema.Error, "B2", "bad"), problem(schema.Warning, "C3", "odd"), problem(schema.Error, "D4", "worse"),
		}},
		{Game: "h", File: "cardsrc/h.xlsx"},
	}
	for _, tt := range []struct {
		lang    *schema.Lang
		summary string
	}{
		{en, "g: cardsrc/g.xlsx: 2 errors, 1 warning (boards 1, cards 3)\nh: cardsrc/h.xlsx: 0 errors, 0 warnings\n"},
		{ja, "g: cardsrc/g.xlsx: エラー 2 件、警告 1 件（boards 1、cards 3）\nh: cardsrc/h.xlsx: エラー 0 件、警告 0 件\n"},
	} {
		var stdout, stderr bytes.Buffer
		Write(&stdout, &stderr, results, tt.lang)
		if n := strings.Count(stdout.String(), "\n"); n != 3 || !strings.Contains(stdout.String(), "Cards!C3") {
			t.Errorf("%d problem lines:\n%s", n, stdout.String())
		}
		if stderr.String() != tt.summary {
			t.Errorf("summary\n%q, want\n%q", stderr.String(), tt.summary)
		}
	}
	if n := ErrorCount(results[0].Problems); n != 2 {
		t.Errorf("ErrorCount = %d, want 2", n)
	}
}

func TestWriteBooksSummarisesOnlyGamesWithBookErrors(t *testing.T) {
	results := []schema.Result{{Game: "g"}, {Game: "h"}}
	books := [][]schema.Problem{nil, {{Severity: schema.Error, File: "rules/h/rulebook.md", Line: 3, Message: "no card X"}}}
	var stdout, stderr bytes.Buffer
	WriteBooks(&stdout, &stderr, results, books, en)
	if stdout.String() != "rules/h/rulebook.md:3: no card X\n" {
		t.Errorf("stdout %q", stdout.String())
	}
	if stderr.String() != "h: books: 1 error (build skips a book until they are fixed)\n" {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestValidateJSONListsEmptyProblemsAsEmptyLists(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteValidateJSON(&buf, []schema.Result{{Game: "g", File: "g.xlsx", Components: map[string]int{"cards": 1}}}, [][]schema.Problem{nil}); err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"games\": [\n    {\n      \"game\": \"g\",\n      \"file\": \"g.xlsx\",\n      \"components\": {\n        \"cards\": 1\n      },\n      \"problems\": [],\n      \"books\": []\n    }\n  ]\n}\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	buf.Reset()
	if err := WriteValidateJSON(&buf, nil, nil); err != nil || buf.String() != "{\n  \"games\": []\n}\n" {
		t.Errorf("no games: %q, %v", buf.String(), err)
	}
}

func TestCheckPassesOnlyWhenEveryGamePassesAndPrintsEachFormat(t *testing.T) {
	bad := problem(schema.Error, "B2", "<bad>")
	games := []CheckGameJSON{
		{GameJSON: NewGameJSON(schema.Result{Game: "g"}, nil), Passed: true},
		{GameJSON: NewGameJSON(schema.Result{Game: "h", Problems: []schema.Problem{bad}}, nil), Passed: false},
	}
	if NewCheckJSON(games[:1]).Passed != true || NewCheckJSON(games).Passed != false {
		t.Error("passed is not every game's passed")
	}
	c := NewCheckJSON(games)
	for _, tt := range []struct{ format, stdout, stderr string }{
		{"text", "cardsrc/g.xlsx: Cards!B2: <bad>\n", "g measured\ng: ok\nh: FAILED\n"},
		{"github", "::error file=cardsrc/g.xlsx,title=Cards!B2::Cards!B2 <bad>\n", ""},
	} {
		var stdout, stderr bytes.Buffer
		if err := c.Write(tt.format, &stdout, &stderr, [][]string{{"g measured"}, nil}, en); err != nil {
			t.Fatal(err)
		}
		if stdout.String() != tt.stdout || stderr.String() != tt.stderr {
			t.Errorf("%s: stdout %q stderr %q, want %q and %q", tt.format, stdout.String(), stderr.String(), tt.stdout, tt.stderr)
		}
	}
	var stdout bytes.Buffer
	if err := c.Write("json", &stdout, nil, nil, en); err != nil {
		t.Fatal(err)
	}
	var back CheckJSON
	if err := json.Unmarshal(stdout.Bytes(), &back); err != nil || back.Passed || len(back.Games) != 2 || back.Games[1].Problems[0].Message != "<bad>" {
		t.Errorf("json %s (%v)", stdout.String(), err)
	}
	if !strings.Contains(stdout.String(), `"<bad>"`) {
		t.Errorf("JSON escapes HTML characters: %s", stdout.String())
	}
}
