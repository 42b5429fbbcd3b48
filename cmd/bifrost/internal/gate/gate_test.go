package gate

import (
	"bytes"
	"testing"

	"bifrost/rules/nastrond"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// TestGithubAnnotationsEscapePropertiesAndData: a file name with , and :
// and a message with % and a newline stay one well-formed annotation.
func TestGithubAnnotationsEscapePropertiesAndData(t *testing.T) {
	var b bytes.Buffer
	WriteGithub(&b, schema.Problem{Severity: schema.Warning, File: "a,b:c.xlsx", Sheet: "Edda", Cell: "D7", Message: "50% done\nnext"})
	want := "::warning file=a%2Cb%3Ac.xlsx,title=Edda!D7::Edda!D7 50%25 done%0Anext\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// A note (a sheet printed only, never simulated) informs and never fails
// the gate, not even where warnings do; on GitHub it is a notice.
func TestNotesNeverFailTheGate(t *testing.T) {
	book, err := workbook.Open("../../../../cardsrc/nastrond.xlsx", "cardsrc/nastrond.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	rules := book.Sheets["Rules"]
	rules.Rows = append(rules.Rows, schema.Row{Num: rules.Rows[len(rules.Rows)-1].Num + 1, Cells: []string{"CheckWarningsFail", "○"}})
	res := nastrond.Schema.Validate(book, schema.NewLang("en"))
	if !res.Rules.Bool("CheckWarningsFail") {
		t.Fatal("the planted CheckWarningsFail ○ was not read")
	}
	note := schema.Problem{Severity: schema.Note, File: "cardsrc/nastrond.xlsx", Sheet: "ルーン", Cell: "A1", Message: "printed only"}
	if Failing([]schema.Problem{note}, res) {
		t.Error("a note fails the gate under CheckWarningsFail")
	}
	if !Failing([]schema.Problem{note, {Severity: schema.Warning, Message: "w"}}, res) {
		t.Error("a warning does not fail the gate under CheckWarningsFail")
	}
	var b bytes.Buffer
	WriteGithub(&b, note)
	if want := "::notice file=cardsrc/nastrond.xlsx,title=ルーン!A1::ルーン!A1 printed only\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// TestGithubAnnotationOfABookNamesItsLine: a problem in a book's markdown
// is annotated on its file at its line, titled file:line.
func TestGithubAnnotationOfABookNamesItsLine(t *testing.T) {
	var b bytes.Buffer
	WriteGithub(&b, schema.Problem{Severity: schema.Error, File: "rules/nastrond/rulebook.md", Line: 203, Message: `unknown card "EIN-107"`})
	want := "::error file=rules/nastrond/rulebook.md,line=203,title=rulebook.md%3A203::unknown card \"EIN-107\"\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestTheSoloHumanFailsOnlyWhenSurelyMovedBeyondTheLimitEitherWay(t *testing.T) {
	for _, tt := range []struct {
		name            string
		diff, low, high float64
		want            bool
	}{
		{"unchanged", 0, 0, 0, false},
		{"gains beyond the limit", 0.14, 0.05, 0.23, true},
		{"loses beyond the limit", -0.14, -0.23, -0.05, true},
		{"gains within the limit", 0.08, 0.02, 0.14, false},
		{"beyond the limit but unsure", 0.14, -0.01, 0.29, false},
		{"loses beyond the limit but unsure", -0.14, -0.29, 0.01, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ch := sim.Change{Measure: "seat_win_rate", Diff: tt.diff, Low: tt.low, High: tt.high}
			if got := HumanMoved(ch, 10); got != tt.want {
				t.Errorf("HumanMoved(%+.2f in [%+.2f, %+.2f], 10) = %v, want %v", tt.diff, tt.low, tt.high, got, tt.want)
			}
		})
	}
}
