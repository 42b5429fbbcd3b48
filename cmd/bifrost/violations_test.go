package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// TestViolationsPrintInTheUsersLanguage: sim's text report and
// the check/build verdict print a violation's Japanese form under ja and
// its English form under en; an engine error without a Japanese form stays
// English. No shipped workbook makes an engine break an invariant, so the
// violation here is made with schema.Errorf as the engines make theirs (their
// own tests provoke real ones).
func TestViolationsPrintInTheUsersLanguage(t *testing.T) {
	t.Parallel()
	m := schema.Errorf("P%dのゾーンにあるカードは合わせて%d枚ですが、%d枚のはずです", "P%d has %d cards across its zones, want %d", 1, 29, 30)
	ja, en := m.In(schema.Japanese), m.In(schema.English)
	v := sim.Violation{Seed: 9, Players: 2, Turn: 4, Message: en, MessageJA: ja, Replay: "bifrost replay guardian --seed 9 --players 2"}
	rep := &sim.Report{Game: "guardian", Games: 100, PlayerCounts: []int{2}, Bots: []string{"random"}, ViolationCount: 1,
		Violations: []sim.Violation{v}}
	res := shippedRules(t, "CheckMaxSeatGap", 100)
	for _, lang := range []string{"ja", "en"} {
		var text strings.Builder
		report.WriteSimText(&text, rep, schema.NewLang(lang))
		for _, p := range gate.Verdict(res, rep, nil, schema.NewLang(lang)) {
			text.WriteString(p.Message + "\n")
		}
		out := text.String()
		want, bad := ja, englishIn(out)
		if lang == "en" {
			want, bad = en, japaneseIn(out)
		}
		if strings.Count(out, want) != 2 || len(bad) > 0 {
			t.Errorf("%s: want the %s form in the sim text and the verdict, and nothing in the other language (%q):\n%s", lang, lang, bad, out)
		}
	}
	plain := sim.Violation{Message: "no Japanese form"}
	if plain.Text(schema.Japanese) != "no Japanese form" {
		t.Errorf("a violation without a Japanese form reads %q in Japanese", plain.Text(schema.Japanese))
	}
}

// TestUnfinishedGameSpeaksTheUsersLanguage lowers nastrond's
// TurnCap so that games stop unfinished (guardian's games end within its
// smallest cap), then checks through the CLI that
// sim --json records both forms ("message" English, "message_ja" Japanese)
// and that replay ends with the line in the chosen language.
func TestUnfinishedGameSpeaksTheUsersLanguage(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	setRule(t, src, "nastrond", "TurnCap", 10)
	r := bifrost(t, "sim", "nastrond", "--src", src, "--games", "2", "--json")
	var rep struct {
		Unfinished []map[string]any `json:"unfinished_games"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || len(rep.Unfinished) == 0 {
		t.Fatalf("sim --json: exit %d, %v, no unfinished game:\n%s%s", r.code, err, r.stdout, r.stderr)
	}
	u := rep.Unfinished[0]
	en, _ := u["message"].(string)
	ja, _ := u["message_ja"].(string)
	if !strings.HasPrefix(en, "unfinished after ") || !strings.HasSuffix(ja, "手番を過ぎても終わりませんでした") {
		t.Errorf("unfinished game %v: want message in English and message_ja in Japanese", u)
	}
	replay, _ := u["replay"].(string)
	for lang, want := range map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`\n\d+ 手番を過ぎても終わりませんでした\n$`),
		"en": regexp.MustCompile(`\nunfinished after \d+ turns\n$`),
	} {
		got := bifrost(t, append(shellWords(replay)[1:], "--src", src, "--lang", lang)...)
		if got.code != 1 || !want.MatchString(got.stdout) {
			t.Errorf("%s --lang %s: exit %d, ends %q; want %v", replay, lang, got.code, lastLine(got.stdout), want)
		}
	}
}
