// Package nastrond is the rules engine of Nastrond (ナーストレンド, draft 13):
// Valkyria walk the rings of a 7×7 board of Edda and Keeper cards, roll dice
// against each square's target, swap in their Urd, hire Einherjar and fight
// Nidhogg in the centre. Everything the engine knows about the cards comes
// from cardsrc/nastrond.xlsx through nastrond.Data, including the
// Rules sheet's parameters; where the seed is silent the engine follows the
// rulings in RULINGS.md (the checklist's G-numbers).
//
// New builds the Engine (a sim.Engine); Definition, the game for the
// registry in package rules, builds it from schema.Result.Data. A Game
// keeps its whole state in flat arrays, so a decision never allocates and
// Clone is a plain copy.
//
// # Decisions
//
// Every decision is a sim.Choice whose Kind is one of:
//
//	KMove     A = destination square, B = steps (phase 1)
//	KDivine   spend an Urd from under the Valkyria: one Stock die (before the
//	          roll it joins the pool, after it it is rolled and added, after
//	          the fix, with DivineAfterFix, rolled and added to Power)
//	KIntellect turn one pool d6 into a d8 with a 知性 bonus (before the roll)
//	KRoll     A = dice to roll; the rest of the pool becomes ↑ (Tiwaz)
//	KCourage  B = die: +1 with a 勇気 bonus (after the roll)
//	KSkill    A = Einherjar design, B = target die (or -1): use that card's
//	          skill clauses of this window
//	KReroll   B = a die for the reroll skill just used to reroll
//	KRerollGo reroll the dice chosen
//	KFix      fix the dice; their total is Power (T25)
//	KJudge    judge the challenge after the "after fix" skills (T26)
//	KHire     A = Einherjar design to scout (phase 4)
//	KReturn   A = design to return to the field as payment (or -1: a ↑,
//	          when TiwazPaysScout)
//	KPass     hire nobody this turn
//
// Whenever only one choice is legal the engine takes it itself: a window
// whose only choice is to close it (KFix, KJudge, KPass), a payment that can
// be made one way only, a pawn on Nidhogg that does not move, the last die
// a reroll may take. Growth (phase 5) and the end of the turn (phase 6) need
// no decision. A random 4-player game takes about 145 decisions.
//
// Die choices name one die per distinct (sides, face), since equal dice are
// interchangeable. No choice is offered that can only hurt: no face counts
// but the total, so a die change that lowers every die it could touch, a
// reroll of a die at its maximum, or a skill that would do nothing is left
// out. For the same reason a d8 replaces a Stock d6 before an own one, and
// the d8s are rolled before the d6s (see RULINGS.md). A reroll's dice are
// picked one at a time in ascending (sides, face) order, so each set of
// dice is offered once.
//
// A Game checks its invariants incrementally. The engine marks, each in a
// sim.Dirty, the groups of state it changes (board, Einherjar, pawns,
// purses, dice), the seats whose pawn, purse or hand changed, and the
// squares and Einherjar designs within them. Check re-verifies only what was marked since it last passed,
// keeping its counts and a copy of what it verified, and compares the
// marked groups and seats with that copy for the invariants about change
// (so a Game is no sim.Stepper: the harness calls Check once the game is
// set up and after every decision, and the change is one decision's). Once
// the game is over it compares every group, so a change that escaped
// marking is still caught.
//
// Nastrond hides nothing from a player, so Determinize (sim.Searcher) is a
// copy of the position that rolls its dice from the search's source, and
// Value (sim.Evaluator) scores a position for the "search" bot.
package nastrond
