//go:build !amd64 || purego

package search

import "unsafe"

// prefetch does nothing where there is no prefetch_amd64.s.
func prefetch(unsafe.Pointer) {}
