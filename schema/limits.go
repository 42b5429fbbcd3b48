package schema

// MaxCards is the most physical cards, copies included, that an engine
// numbering cards with int16 plays: a game whose engine does so reports at
// validation the row that passes it, or shows its counts cannot reach it.
const MaxCards = 1<<15 - 1
