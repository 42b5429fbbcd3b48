//go:build !unix

package outfile

// alive cannot tell here whether process pid runs, so it keeps its files.
func alive(int) bool { return true }
