// Package bloodrage is the rules engine of the Blood Rage solo variant
// (ブラッドレイジ ソロヴァリアント): one human clan against one to three AI
// clans driven by AI boards. The base game is modelled from
// a digest of the base Blood Rage rules (provinces, villages, pillage
// tokens, Yggdrasil, fjords, three Ages of draft, action, discard, quest,
// Ragnarök and Valhalla, figures, ships, leaders, monsters, Rage/Axes/Horns,
// battles with cards, upgrades and quests); the AI clans follow the seed
// and its rule checklist. Everything comes
// from cardsrc/bloodrage.xlsx through bloodrage.Data; where the seed
// is silent the engine follows RULINGS.md (the checklist's G-numbers).
//
// New builds the Engine (a sim.Engine, and a sim.Tallier whose report is
// extra.bloodrage); Definition, the game for the registry in package rules,
// builds it from schema.Result.Data.
//
// # Seats and decisions
//
// Seat 0 is the human, played by a bot by the normal rules; seats 1.. are
// AI clans. The AI clans make no decisions: their turns, battle joins and
// card plays are resolved with the engine's dice inside Apply, so Seat is
// always 0 and every Choice is the human's. A game is a stack of tasks; a
// task that needs the human sets a prompt and the run stops until Apply.
//
// Choice kinds (figure codes: 0 warrior, 1 leader, 2 ship, 4+m monster of
// slot m; places: provinces 0..8 by number-1, fjords 9..12):
//
//	KDraft      A = card kept in the draft round (-1 when none may be)
//	KInvade     A = figure code, B = place
//	KMarch      A = from, B = to, C = figure group moved (warriors, leader, monsters)
//	KUpgrade    A = upgrade card from the hand, B = sheet slot it takes
//	KQuest      A = quest card committed
//	KPillage    A = province
//	KRepillage  A = pillaged province (Tyr's Challenge)
//	KSacrifice  A = stat raised (Frigga's Sacrifice); then KDestroy per figure
//	KValhalla   A = figure code in Valhalla, B = place (Frigga's Domain)
//	KPass       give up the Rage left
//	KFreeInvade A = figure code, B = place (after a figure upgrade)
//	KCall       A = adjacent province, B = figure code (call to battle)
//	KCard       A = card shown in battle
//	KLate       A = late Battle card added after the reveal
//	KSave       A = figure saved (Frigga's Protection)
//	KKeep       A = shown card kept after a win (Tyr's Prowess)
//	KStat       A = stat raised (quest reward, "any stat" cards)
//	KMove       A = province (Lord of Hammers)
//	KKeepHand   A = card kept for the next Age
//	KYes, KStop yes / no, stop, none
//	KContinue   only past the turn cap
//	KThin       C = figure group kept in the battle (Odin's Tide)
//	KDestroy    A = place, B = figure code destroyed (Frigga's Sacrifice)
//
// Turn counts clan turns of the Action phases (the human's actions and the
// AI clans' turns), the unit of the Rules sheet's TurnCap.
package bloodrage
