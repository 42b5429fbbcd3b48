// Copyright ©2023 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

// Package fpdf is bifrost's fork of codeberg.org/go-pdf/fpdf v0.12.0 (MIT,
// see LICENSE), the PDF writer of the card sheets, rulebooks and
// summaries. It is pruned to what bifrost calls. It is forked because
// fpdf parses each TrueType font again for every document and keeps a
// whole document, uncompressed, in memory until it is written out.
package fpdf
