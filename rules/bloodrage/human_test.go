package bloodrage

import (
	"testing"

	"bifrost/rules/sim"
)

// instOf returns an instance of the card design with the given ID.
func instOf(t *testing.T, e *Engine, id string) int16 {
	t.Helper()
	for i, di := range e.inst {
		if e.cards[di].id == id {
			return int16(i)
		}
	}
	t.Fatalf("no card %s", id)
	return -1
}

func TestDigest33_upgradeReplacesTheOldestClanCard(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	g.clan[0].rage = 20
	ids := []string{"A1-LOKIDOMAIN", "A1-FRIGGACHARM", "A1-THORGLORY", "A1-TYRDOMAIN"}
	for _, id := range ids {
		c := instOf(t, e, id)
		g.moveCard(c, clHand, 0)
		g.applyAction(sim.Choice{Kind: KUpgrade, A: c, B: -1})
	}
	if g.cLoc[instOf(t, e, "A1-LOKIDOMAIN")] != clDiscard {
		t.Error("the oldest clan upgrade was not replaced")
	}
	on := 0
	for _, i := range g.clan[0].slot[:e.slots] {
		if i >= 0 {
			on++
		}
	}
	if on != nClanSlots {
		t.Errorf("%d cards on the sheet, want %d", on, nClanSlots)
	}
	// Frigga's Charm (discount 1) makes a 2-STR upgrade cost 1.
	if got := g.upgradeCost(0, &e.cards[e.inst[instOf(t, e, "A1-LOKIDRAGONS")]]); got != 1 {
		t.Errorf("cost with the discount %d, want 1", got)
	}
}

func TestDigest34_figureUpgradeOffersAFreeInvasion(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	c := instOf(t, e, "A1-LORDHAMMERS")
	g.moveCard(c, clHand, 0)
	g.clan[0].rage = 3
	g.applyAction(sim.Choice{Kind: KUpgrade, A: c, B: -1})
	drain(g, 0)
	if g.prompt != pFreeInvade || g.clan[0].rage != 0 {
		t.Fatalf("prompt %d rage %d, want a free invasion after paying 3", g.prompt, g.clan[0].rage)
	}
	buf := g.Choices(nil)
	if buf[0].Kind != KFreeInvade || buf[len(buf)-1].Kind != KStop {
		t.Fatalf("choices %v", buf)
	}
}

func TestDigest39_questPaysGloryAndAStat(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	g.age = 1
	q := instOf(t, e, "A1-MANHEIM")
	g.moveCard(q, clQuest, 0)
	put(t, g, 0, fkWarrior, angerboda) // Manheim
	g.questPhase()
	if g.clan[0].glory != 5 {
		t.Errorf("quest glory %d, want 5", g.clan[0].glory)
	}
	drain(g, 0)
	if g.prompt != pStat || len(g.Choices(nil)) != 3 {
		t.Errorf("want a choice of three stats, prompt %d", g.prompt)
	}
	if g.cLoc[q] != clDiscard {
		t.Error("the revealed quest was not discarded")
	}
}

func TestDigest32_marchMovesTheStrongestFirstAndCostsOne(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	put(t, g, 0, fkWarrior, gimle)
	leader := put(t, g, 0, fkLeader, gimle)
	g.applyAction(sim.Choice{Kind: KMarch, A: gimle, B: ygg, C: 1})
	if g.figs[leader].loc != ygg || g.cnt[0][gimle] != 1 || g.clan[0].rage != 5 {
		t.Error("march should move the leader for 1 Rage")
	}
}

func TestDigest31_humanCannotInvadeYggdrasilOrPastHorns(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	for _, c := range g.actionChoices(nil) {
		if c.Kind == KInvade && c.B == ygg {
			t.Fatal("the human may invade Yggdrasil")
		}
	}
	for range g.statValue(0, statHorns) {
		put(t, g, 0, fkWarrior, ygg)
	}
	for _, c := range g.actionChoices(nil) {
		if c.Kind == KInvade {
			t.Fatal("the human may invade past the Horns limit")
		}
	}
}
