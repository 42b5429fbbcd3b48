package report

import "flag"

var update = flag.Bool("update", false, "rewrite testdata/report.png")
