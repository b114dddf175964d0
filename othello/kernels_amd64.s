//go:build !purego

#include "textflag.h"

// The AVX2 kernels of Moves8 and Flips8 (kernels_amd64.go): the four
// lines through a square, each a lane of a 256-bit register, are worked
// on at once. Lane k of every vector below is a direction: 1 (along a
// row), 8 (along a column), 7 and 9 (the diagonals).

// shifts8 are the four directions' steps, shifts8x2 twice them.
DATA shifts8<>+0(SB)/8, $1
DATA shifts8<>+8(SB)/8, $8
DATA shifts8<>+16(SB)/8, $7
DATA shifts8<>+24(SB)/8, $9
GLOBL shifts8<>(SB), RODATA|NOPTR, $32

DATA shifts8x2<>+0(SB)/8, $2
DATA shifts8x2<>+8(SB)/8, $16
DATA shifts8x2<>+16(SB)/8, $14
DATA shifts8x2<>+24(SB)/8, $18
GLOBL shifts8x2<>(SB), RODATA|NOPTR, $32

// runs8 are the squares a run of opposing discs can cross without
// wrapping to another row: all but the first and last columns, except
// along a column.
DATA runs8<>+0(SB)/8, $0x7e7e7e7e7e7e7e7e
DATA runs8<>+8(SB)/8, $0xffffffffffffffff
DATA runs8<>+16(SB)/8, $0x7e7e7e7e7e7e7e7e
DATA runs8<>+24(SB)/8, $0x7e7e7e7e7e7e7e7e
GLOBL runs8<>(SB), RODATA|NOPTR, $32

// func moves8(p, o uint64) uint64
TEXT ·moves8(SB), NOSPLIT, $0-24
	CMPB ·haveAVX2(SB), $0
	JEQ  plain
	JMP  ·moves8AVX2(SB)
plain:
	JMP  ·moves8Go(SB)

// func flips8(mine, theirs uint64, i int) uint64
TEXT ·flips8(SB), NOSPLIT, $0-32
	CMPB ·haveAVX2(SB), $0
	JEQ  plain
	JMP  ·flips8AVX2(SB)
plain:
	JMP  ·flips8Go(SB)

// func moves8AVX2(p, o uint64) uint64
TEXT ·moves8AVX2(SB), NOSPLIT, $0-24
	VPBROADCASTQ p+0(FP), Y0
	VPBROADCASTQ o+8(FP), Y1
	VPAND        runs8<>(SB), Y1, Y1 // the opposing discs a run may cross, a lane a direction
	VMOVDQU      shifts8<>(SB), Y2
	VMOVDQU      shifts8x2<>(SB), Y3

	// Runs to higher bits: grown by one, by one, then twice by two.
	VPSLLVQ Y2, Y0, Y4
	VPAND   Y1, Y4, Y4
	VPSLLVQ Y2, Y4, Y5
	VPAND   Y1, Y5, Y5
	VPOR    Y5, Y4, Y4
	VPSLLVQ Y2, Y1, Y6
	VPAND   Y1, Y6, Y6   // the opposing discs with one behind them
	VPSLLVQ Y3, Y4, Y5
	VPAND   Y6, Y5, Y5
	VPOR    Y5, Y4, Y4
	VPSLLVQ Y3, Y4, Y5
	VPAND   Y6, Y5, Y5
	VPOR    Y5, Y4, Y4
	VPSLLVQ Y2, Y4, Y4   // the squares beyond the runs

	// Runs to lower bits, the same way.
	VPSRLVQ Y2, Y0, Y7
	VPAND   Y1, Y7, Y7
	VPSRLVQ Y2, Y7, Y8
	VPAND   Y1, Y8, Y8
	VPOR    Y8, Y7, Y7
	VPSRLVQ Y2, Y1, Y9
	VPAND   Y1, Y9, Y9
	VPSRLVQ Y3, Y7, Y8
	VPAND   Y9, Y8, Y8
	VPOR    Y8, Y7, Y7
	VPSRLVQ Y3, Y7, Y8
	VPAND   Y9, Y8, Y8
	VPOR    Y8, Y7, Y7
	VPSRLVQ Y2, Y7, Y7

	// The four lanes together, then the empty squares of them.
	VPOR         Y7, Y4, Y4
	VEXTRACTI128 $1, Y4, X5
	VPOR         X5, X4, X4
	VPSHUFD      $0x4e, X4, X5
	VPOR         X5, X4, X4
	VMOVQ        X4, AX
	VZEROUPPER
	MOVQ         p+0(FP), BX
	ORQ          o+8(FP), BX
	NOTQ         BX
	ANDQ         BX, AX
	MOVQ         AX, ret+16(FP)
	RET

// func flips8AVX2(mine, theirs uint64, i int) uint64
TEXT ·flips8AVX2(SB), NOSPLIT, $0-32
	MOVQ         i+16(FP), AX
	ANDQ         $63, AX
	SHLQ         $6, AX
	LEAQ         ·rays8(SB), BX
	VMOVDQU      (BX)(AX*1), Y2   // the rays from i to higher bits
	VMOVDQU      32(BX)(AX*1), Y3 // and to lower bits
	VPBROADCASTQ mine+0(FP), Y0
	VPBROADCASTQ theirs+8(FP), Y1
	VPCMPEQQ     Y10, Y10, Y10    // all ones: -1 in each lane
	VPXOR        Y11, Y11, Y11    // zero

	// To higher bits: the nearest square of a ray that is not theirs is
	// its lowest such bit; if it is mine, the bits of the ray below it
	// are flipped.
	VPANDN  Y2, Y1, Y4  // the ray's squares not theirs
	VPSUBQ  Y4, Y11, Y5
	VPAND   Y5, Y4, Y4  // the lowest of them
	VPAND   Y0, Y4, Y4  // if mine: the closer
	VPCMPEQQ Y11, Y4, Y5 // all ones where there is no closer
	VPADDQ  Y10, Y4, Y4 // the bits below the closer
	VPANDN  Y4, Y5, Y4
	VPAND   Y2, Y4, Y4

	// To lower bits: each disc of mine on a ray, moved a step back toward
	// i, marks the end of the run it would close; the mark is erased where
	// a square not theirs lies at it or up to five steps above it (a ray
	// has seven squares at most, so that is all of them between the mark
	// and i). If a mark is left, the ray's squares from it up are flipped.
	VMOVDQU shifts8<>(SB), Y12
	VMOVDQU shifts8x2<>(SB), Y13
	VPANDN  Y3, Y1, Y6  // the ray's squares not theirs
	VPAND   Y3, Y0, Y7
	VPSLLVQ Y12, Y7, Y7 // the marks
	VPSRLVQ Y12, Y6, Y8
	VPOR    Y8, Y6, Y6  // the squares at or a step below one not theirs
	VPANDN  Y7, Y6, Y7
	VPSRLVQ Y13, Y6, Y6 // two or three steps below
	VPANDN  Y7, Y6, Y7
	VPSRLVQ Y13, Y6, Y6 // four or five steps below
	VPANDN  Y7, Y6, Y7
	VPSUBQ  Y7, Y11, Y7 // the mark and all above it
	VPAND   Y3, Y7, Y6

	VPOR         Y6, Y4, Y4
	VEXTRACTI128 $1, Y4, X5
	VPOR         X5, X4, X4
	VPSHUFD      $0x4e, X4, X5
	VPOR         X5, X4, X4
	VMOVQ        X4, AX
	VZEROUPPER
	MOVQ         AX, ret+24(FP)
	RET

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
