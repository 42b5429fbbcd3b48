// Package text holds what printing needs to know about Japanese text: the
// fonts (loading a TrueType file, the embedded default, which characters a
// font can print) and line breaking (UAX #14 break opportunities from uniseg,
// filled greedily by measured width, shrunk to fit a box).
//
// It never draws: the caller measures with fpdf's GetStringSymbolWidth and
// draws each returned line with Text, never with MultiCell, SplitText or
// Write, which drop a character at forced CJK breaks.
package text
