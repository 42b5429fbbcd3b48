package schema

// MaxCards is the most physical cards, copies included, that the valkyrie
// and bloodrage engines play: they number cards with int16. Blood Rage's
// validation reports the row that passes it; Valkyrie Strike's count rules
// cannot reach it (TestValkyrieCountRulesStayUnderMaxCards).
const MaxCards = 1<<15 - 1
