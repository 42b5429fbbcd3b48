package sim

import (
	"context"
	"math"
)

// Skill-aware effects. A card's effect is what the seats that use it gain
// as the batch's bots play it; a stronger bot may gain less from a card a
// weak player overrates, or more from one only a skilled player exploits.
// SkillCheck measures a flagged card again with another bot, on a sample
// of the seeds, and CompareSkill says whether the two measures disagree
// beyond their intervals, and how.

// SkillVerdict is how a card's effect with the skilled bot compares with
// its effect with the batch's bots.
type SkillVerdict string

// The verdicts. Every one but SkillAgree and SkillTooFew is a difference
// whose 95 % interval excludes none.
const (
	SkillAgree       SkillVerdict = "agree"        // no difference beyond the intervals
	SkillTooFew      SkillVerdict = "too_few"      // too few paired games with the skilled bot to judge (Paired.Judged)
	SkillBaseOnly    SkillVerdict = "base_only"    // a sure effect with the batch's bots, none sure with the skilled bot
	SkillSkilledOnly SkillVerdict = "skilled_only" // a sure effect with the skilled bot, none sure with the batch's bots
	SkillOpposite    SkillVerdict = "opposite"     // sure effects of opposite signs
	SkillSmaller     SkillVerdict = "smaller"      // the skilled bot's effect is smaller, in the base effect's direction
	SkillLarger      SkillVerdict = "larger"       // the skilled bot's effect is larger, in the base effect's direction
)

// Disagrees reports whether v says the two bots see the card differently.
func (v SkillVerdict) Disagrees() bool { return v != SkillAgree && v != SkillTooFew && v != "" }

// CompareSkill compares a card's effect with the batch's bots (base) and
// with a skilled bot, each in win-rate points with its 95 % interval. The
// two are measured on different games, so the difference's standard error
// is the root of the sum of their squares, each read off its interval.
func CompareSkill(base, skilled Paired) SkillVerdict {
	if !skilled.Judged() {
		return SkillTooFew
	}
	seB, seS := (base.WinHigh-base.WinLow)/(2*z95), (skilled.WinHigh-skilled.WinLow)/(2*z95)
	diff := skilled.Win - base.Win
	if math.Abs(diff) <= z95*math.Hypot(seB, seS) {
		return SkillAgree
	}
	sure := func(p Paired) int { // the sign of an effect whose interval excludes 0
		switch {
		case p.WinLow > 0:
			return 1
		case p.WinHigh < 0:
			return -1
		}
		return 0
	}
	b, s := sure(base), sure(skilled)
	switch {
	case b != 0 && s != 0 && b != s:
		return SkillOpposite
	case b != 0 && s == 0:
		return SkillBaseOnly
	case b == 0 && s != 0:
		return SkillSkilledOnly
	case base.Win == 0 || (diff > 0) == (base.Win > 0): // away from 0, the base's way
		return SkillLarger
	}
	return SkillSmaller
}

// SkillEffect is one card's effect at one player count as the batch's bots
// and a skilled bot measure it, and the verdict on the two.
type SkillEffect struct {
	Bot     string       `json:"bot"` // the skilled bot, with its budget
	Players int          `json:"players"`
	Base    Paired       `json:"base"`
	Skilled Paired       `json:"skilled"`
	Verdict SkillVerdict `json:"verdict"`
}

// SkillCheck measures ce's effect at its player count players again on
// skilled, a base batch played with a skilled bot (bot) on a sample of the
// seeds, against neutral, the game with the card blank, and compares it
// with the effect the batch's bots measured.
func SkillCheck(ctx context.Context, skilled *Base, bot string, ce CardEffect, players int, neutral Engine) SkillEffect {
	s := SkillEffect{Bot: bot, Players: players}
	for _, e := range ce.Effects {
		if e.Players == players {
			s.Base = e.Paired
		}
	}
	for _, p := range skilled.Delta(ctx, ce.Card, neutral) {
		if p.Players == players {
			s.Skilled = negate(p)
			s.Skilled.Blank = s.Base.Blank
		}
	}
	s.Verdict = CompareSkill(s.Base, s.Skilled)
	return s
}

// Headline is the player count at which a flagged card lies furthest from
// its kind's median: the one its finding states.
func (ce *CardEffect) Headline() int {
	n, w := 0, -1.0
	for _, e := range ce.Effects {
		if d := math.Abs(e.Win - e.Median); e.Flagged && d > w {
			n, w = e.Players, d
		}
	}
	return n
}
