// Copyright ©2023 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

package fpdf

// Adapted from http://www.fpdf.org/en/script/script61.php by Wirus and released with the FPDF license.
