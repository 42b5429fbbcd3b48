// Package simtest holds the benchmark and test helpers the engines' tests
// share, so that every game measures and checks the same things the same way.
package simtest
