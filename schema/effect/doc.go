// Package effect is the card-effect language: a lexer, a parser producing an
// AST, and Japanese card text generated from that AST.
//
// Each game declares its own Vocab (verbs, conditions, triggers and their
// argument types); the parser checks a clause against it, and engines give the
// verbs their meaning.
package effect
