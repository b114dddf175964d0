//go:build !purego

package search

import "unsafe"

// prefetch asks the processor to bring the cache line at p into its
// caches, without waiting for it (prefetch_amd64.s).
//
//go:noescape
func prefetch(p unsafe.Pointer)
