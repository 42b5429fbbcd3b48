// Package guardian is the rules engine of 匠の守護者 (the guardian forging
// battle): two players, sample decks from cardsrc/guardian.xlsx, a hidden
// simultaneous forging each turn, reckless attacks, affinities from the
// workbook's Affinity sheet, and cheer-seat, Order, Material and Advance
// effects written in the guardian effect language.
package guardian
