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

func TestDigest32_marchOffersEveryGroupAndCostsOne(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	put(t, g, 0, fkWarrior, gimle)
	put(t, g, 0, fkWarrior, gimle)
	leader := put(t, g, 0, fkLeader, gimle)
	g.placeUpgrade(0, instOf(t, e, "A1-TROLL"), -1)
	troll := put(t, g, 0, fkMonster, gimle)
	got := map[int16]bool{}
	for _, c := range g.actionChoices(nil) {
		if c.Kind == KMarch && c.A == gimle && c.B == ygg {
			got[c.C] = true
		}
	}
	// 0–2 warriors × leader or not × Troll or not, less the empty group.
	if len(got) != 3*2*2-1 {
		t.Errorf("%d groups offered, want 11: %v", len(got), got)
	}
	leaderOnly := int16(grpLeader)
	if !got[leaderOnly] || !got[2|1<<grpMon0] {
		t.Fatalf("the leader alone or the warriors with the Troll are not offered: %v", got)
	}
	g.applyAction(sim.Choice{Kind: KMarch, A: gimle, B: ygg, C: leaderOnly})
	if g.figs[leader].loc != ygg || g.figs[troll].loc != gimle || g.cntW[0][gimle] != 2 || g.clan[0].rage != 5 {
		t.Error("march should move the leader alone for 1 Rage")
	}
}

func TestR21_odinsTideLetsTheHumanChooseWhatStays(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	put(t, g, 0, fkWarrior, gimle)
	put(t, g, 0, fkWarrior, gimle)
	leader := put(t, g, 0, fkLeader, gimle)
	put(t, g, 1, fkWarrior, gimle)
	tide := instOf(t, e, "A2-ODINTIDE")
	g.b = battle{active: true, prov: gimle, pillager: 1, winner: -1, part: 3, fought: true}
	g.playCard(1, tide)
	g.resolveTexts()
	if g.prompt != pThin {
		t.Fatalf("prompt %d, want the human's choice of what to keep", g.prompt)
	}
	var groups []int16
	for _, c := range g.Choices(nil) {
		groups = append(groups, c.C)
	}
	if len(groups) != 2 || groups[0] != 1 || groups[1] != grpLeader {
		t.Fatalf("groups %v, want one warrior or the leader", groups)
	}
	g.keepGroup(1) // keep a warrior: the leader and the other warrior go
	if !g.inBatch(leader) || g.nb != 2 {
		t.Errorf("batch %v, want the leader and one warrior", g.batch[:g.nb])
	}
}

func TestFriggasSacrificeDestroysTheFiguresChosen(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	g.age = 3
	g.placeUpgrade(0, instOf(t, e, "A3-FRIGGASACRIFICE"), -1)
	w := put(t, g, 0, fkWarrior, gimle)
	leader := put(t, g, 0, fkLeader, andlang)
	ship := put(t, g, 0, fkShip, locFjord0)
	g.push(task{kind: tTurn, a: 0}) // what follows the action
	g.applyAction(sim.Choice{Kind: KSacrifice, A: statHorns})
	if g.prompt != pSacrifice || len(g.Choices(nil)) != 3 {
		t.Fatalf("prompt %d with %d choices, want a choice among the 3 figures", g.prompt, len(g.Choices(nil)))
	}
	g.Apply(sim.Choice{Kind: KDestroy, A: andlang, B: fkLeader}, nil)
	if g.prompt != pSacrifice {
		t.Fatalf("prompt %d, want the second figure's choice", g.prompt)
	}
	g.Apply(sim.Choice{Kind: KDestroy, A: locFjord0, B: fkShip}, nil)
	if g.figs[leader].loc != locValhalla || g.figs[ship].loc != locValhalla || g.figs[w].loc != gimle || g.clan[0].step[statHorns] != 1 {
		t.Error("want the leader and the ship destroyed, the warrior kept, Horns raised")
	}
}

func TestR28_humanChoosesTheUpgradeReplaced(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	for _, id := range []string{"A1-LOKIDOMAIN", "A1-FRIGGACHARM", "A1-THORGLORY"} {
		g.placeUpgrade(0, instOf(t, e, id), -1)
	}
	tyr := instOf(t, e, "A1-TYRDOMAIN")
	g.moveCard(tyr, clHand, 0)
	var slots []int16
	for _, c := range g.actionChoices(nil) {
		if c.Kind == KUpgrade && c.A == tyr {
			slots = append(slots, c.B)
		}
	}
	if len(slots) != nClanSlots {
		t.Fatalf("slots %v, want one per clan slot", slots)
	}
	g.applyAction(sim.Choice{Kind: KUpgrade, A: tyr, B: slots[1]})
	if g.cLoc[instOf(t, e, "A1-FRIGGACHARM")] != clDiscard || g.cLoc[instOf(t, e, "A1-LOKIDOMAIN")] != clSheet {
		t.Error("the card chosen was not the one replaced")
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
