//go:build !amd64 || purego

package othello

// haveAVX2 is false where there are no AVX2 kernels: Moves8 and Flips8 are
// plain Go.
const haveAVX2 = false

func moves8(p, o uint64) uint64 { return moves8Go(p, o) }

func flips8(mine, theirs uint64, i int) uint64 { return flips8Go(mine, theirs, i) }

// moves8AVX2 and flips8AVX2 are here only so that the tests of the kernels
// build; they skip them when haveAVX2 is false.
func moves8AVX2(p, o uint64) uint64 { return moves8Go(p, o) }

func flips8AVX2(mine, theirs uint64, i int) uint64 { return flips8Go(mine, theirs, i) }
