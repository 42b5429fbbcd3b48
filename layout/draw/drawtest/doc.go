// Package drawtest helps tests compare two renderings of one drawing (the
// PNG backend against a PDF read back with pdftoppm, or against Chromium)
// tile by tile, with a tolerance that forgives anti-aliasing and pixel
// snapping but not a stroke missing or out of place, and reads the PPM
// pages pdftoppm writes.
package drawtest
