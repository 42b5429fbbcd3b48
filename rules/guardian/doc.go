// Package guardian is the rules engine of 匠の守護者 (the guardian forging
// battle) for the bifrost simulation harness: two players, the sample decks
// of cardsrc/guardian.xlsx, a hidden simultaneous forging every turn,
// reckless attacks, affinities read from the workbook's Affinity sheet, and
// cheer-seat, Order, Material and Advance effects written in the guardian
// effect language. Where the seed text is silent the engine follows
// RULINGS.md (the checklist's G-numbers and the Rules parameters).
// A game names the sample deck each seat plays (sim.SeatGrouper), so that
// compare measures a card once for every deck that holds it.
//
// The decision model (sim.Choice kinds):
//
//	cAside, cKeep     mulligan: set aside one card of design A; done
//	cForge, cNoForge  forge Guardian design A (B = 1 upside down); forge nothing
//	                  (the one choice of a seat without a Guardian)
//	cCheer            use the cheer ability of the cheer-seat card at position A
//	cOrder            use Order design A from hand
//	cConsume          consume Material design A from hand (its consume: ability fires)
//	cAdvance          put Advance design A into the cheer seat, paying its Materials
//	cPass             pass for the rest of the battle
//	cYes, cNo         use an optional (任意) clause or not
//	cPick             pick design or position A for a payment (B = 0) or for verb B
//	cPlace            the loser's Guardian: A = 0 to hand, 1 to the cheer seat
//	cDiscard          over the hand limit: design A to the consume zone
//	cWait             past the turn cap only
//
// Choices name card designs rather than hand positions, so copies of a card
// are one choice and a bot's own choices do not depend on the order of its
// hand. Forging is simultaneous: the first player chooses first, and the
// second chooses without seeing it; both choices are told together when
// the step ends. Bots read a game only through a View
// (the public state, the seat's own hand and face-down Guardian, and the
// sizes of the zones nobody sees). The greedy and Monte Carlo bots sample
// the rest: the opponent's cards from what it has shown and the sample
// decks pooled, or, as greedy+lists and mc+lists, from its deck list. Games
// implement sim.Searcher with the same sampling (without the deck list), so
// the harness's ISMCTS bot plays as "search" (and, told the list, as
// "search+lists").
//
// Engine implements sim.Tallier: a batch's report carries the deck matchup
// matrix (Config.Index cycles over every ordered pair of distinct decks),
// the affinity chart it was played with and the first player's win rate
// under extra.guardian. Games implement sim.Stepper: CheckStep asserts the
// invariants about change between decisions.
package guardian
