// Package report renders a simulation report as one self-contained HTML page
// with inline CSS and SVG charts, so a designer can open out/<game>/report.html
// from disk and see the balance at a glance. It needs no network or assets.
package report
