package report

import (
	"bifrost/rules/sim"
	"bifrost/schema"
)

// Effects is one run of `bifrost effects`: the causal effect of every card
// design on the seat that uses it, and the findings with their suggested
// values, each finding written in Japanese and English. build's report
// reads it from the output folder (EffectsFile) and ranks its card findings
// by it.
type Effects struct {
	Game     string   `json:"game"`
	Workbook string   `json:"workbook_sha256"` // the start of the scanned workbook's SHA-256
	Seed     uint64   `json:"seed"`
	Games    int      `json:"games"`
	Players  []int    `json:"player_counts"`
	Bots     []string `json:"bots"`
	Band     int      `json:"band_pt"` // CheckCardEffectBand
	// Measure names how the effects were measured (sim.EffectMeasure): a
	// run measured another way is on another scale, and its medians are
	// not used against today's effects.
	Measure string `json:"measure"`
	// SkillBot and SkillGames: the skilled bot each finding was measured
	// again with (effects --skill), and its games at each finding's player
	// count; empty without --skill.
	SkillBot   string           `json:"skill_bot,omitempty"`
	SkillGames int              `json:"skill_games,omitempty"`
	Findings   []EffectFinding  `json:"findings"`
	Refused    []EffectText     `json:"refused,omitempty"`
	Cards      []sim.CardEffect `json:"cards"`
}

// EffectFinding is one flagged card design, as one sentence (JA, EN: what
// `bifrost effects` prints, with its numbers), and the parts the report
// page says it with in the designer's words (FindingSentence).
type EffectFinding struct {
	Card     string      `json:"card"`
	Name     string      `json:"name"`
	Kind     string      `json:"kind"`
	KindName schema.Word `json:"kind_name"`      // the kind's sheet as the designer names it: Japanese, English
	Cell     string      `json:"cell,omitempty"` // the cell of its main number
	Column   schema.Word `json:"column"`         // the header of that number's column: Japanese, English
	// Overlooks say why the bots may misjudge the card (sim.Overlooker).
	Overlooks  []schema.Word   `json:"overlooks,omitempty"`
	Stronger   bool            `json:"stronger"`
	Suggestion *sim.Suggestion `json:"suggestion,omitempty"`
	// Skill is its effect with the skilled bot beside the run's bots', at
	// the player count its sentence states (effects --skill).
	Skill *sim.SkillEffect `json:"skill,omitempty"`
	JA    string           `json:"ja"`
	EN    string           `json:"en"`
}

// EffectText is a sentence about one card in both languages.
type EffectText struct {
	Card string `json:"card"`
	JA   string `json:"ja"`
	EN   string `json:"en"`
}

// EffectsFile is the name of a game's effects run in the output folder.
func EffectsFile(game string) string { return "effects-" + game + ".json" }
