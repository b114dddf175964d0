//go:build !purego

package othello

// haveAVX2 says whether Moves8 and Flips8 run their AVX2 kernels
// (kernels_amd64.s): the processor has AVX2 and the system saves its
// registers.
var haveAVX2 = func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, c, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if c&osxsave == 0 || c&avx == 0 {
		return false
	}
	if eax, _ := xgetbv(); eax&6 != 6 { // the XMM and YMM state
		return false
	}
	_, b, _, _ := cpuid(7, 0)
	return b&(1<<5) != 0
}()

// moves8 is Moves8: moves8AVX2 if haveAVX2, else moves8Go.
//
//go:noescape
func moves8(p, o uint64) uint64

// flips8 is Flips8: flips8AVX2 if haveAVX2, else flips8Go.
//
//go:noescape
func flips8(mine, theirs uint64, i int) uint64

// moves8AVX2 is moves8Go, the four directions at once.
//
//go:noescape
func moves8AVX2(p, o uint64) uint64

// flips8AVX2 is flips8Go, the four lines through i at once.
//
//go:noescape
func flips8AVX2(mine, theirs uint64, i int) uint64

// cpuid returns the registers EAX, EBX, ECX and EDX of instruction CPUID.
func cpuid(leaf, sub uint32) (a, b, c, d uint32)

// xgetbv returns the registers EAX and EDX of instruction XGETBV for ECX 0,
// the processor state the system saves.
func xgetbv() (eax, edx uint32)
