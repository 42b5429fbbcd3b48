// Package valkyrie is the rules engine of ヴァルキリーストライク (Valkyrie
// Strike), the 2–4 player deck-builder, on the shared harness rules/sim.
//
// The game is data-driven: New compiles valkyrie.Data (the Valkyrie,
// FirstValkyrie, Monster, RageTactics, Weakness and VP sheets, the Rules
// sheet and the effects written in the valkyrie vocabularies) into card
// designs, and every game deals physical copies of them into zones kept as
// flat int16 piles. One monster plays per game: Engine.Monster forces it,
// otherwise sim.Config.Index rotates through the Monster sheet.
//
// A turn runs the seed's four phases. Invasion and cleanup need no decision;
// the decisions are the playing phase's play / buy / attack / end, the
// answers to "may" clauses, the cards to discard, trash, gain or return, and
// the order of end-of-turn abilities. RULINGS.md lists every ruling where the
// seed is silent, with the checklist's G-numbers and the Rules parameters.
//
// Check asserts the checklist's invariants I1–I18 after every decision,
// incrementally: the engine marks the zones it changes and Check follows each
// card it finds from zone to zone. CheckStep (sim.Stepper) asserts the ones
// about change between decisions.
//
// Bots: random (uniform), greedy (one-step evaluation, value per cost),
// bigmoney (funds first, then VP Valkyries) and search (sim.ISMCTS on
// Determinize's copies, which plan this turn's buys and attacks and play
// greedily after it, scored by Value).
package valkyrie
