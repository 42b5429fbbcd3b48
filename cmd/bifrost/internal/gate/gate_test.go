package gate

import (
	"bytes"
	"testing"

	"bifrost/schema"
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
