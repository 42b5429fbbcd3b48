// Package simtest holds the benchmark helpers the engines' tests share, so
// that every game measures the same things the same way.
package simtest
