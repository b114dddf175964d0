//go:build !linux

package search

// adviseHugePages does nothing where the system is not Linux.
func adviseHugePages([]entry) {}
