package search

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/othello-judge/judge/othello"
)

// The learned evaluation of 8x8 under the full rules and MostDiscs, as
// Logistello, Edax and Egaroucid build theirs: the board is cut into
// patterns of squares (its edges with the squares diagonally next to the
// corners, the corners' 3x3 and 2x5 areas, the rows and columns second
// to fourth from an edge, the diagonals of 4 to 8 squares), each copy of
// a pattern under the board's symmetries reading the same table, and
// each configuration of a pattern (each square empty, the player's or
// the opponent's: 3^n of them) has a weight for each stage of the game;
// besides the patterns, the legal moves of each side and the parity of
// the empty squares. A position's score is the sum of its features'
// weights, in hundredths of a disc: an estimate of the final margin with
// best play. Package train fits the weights (weights.bin) to positions
// of real games labelled with their exact scores.

// A pattern is a set of squares, listed in one order, and its copies
// under the symmetries of the board, listed in the matching order.
type pattern struct {
	name   string
	copies [][]int // the squares of each copy, row*8+col
	size   int     // the configurations: 3^len(squares)
}

// Stages splits the game by its empty squares: a stage every
// stageEmpties, each with its own weights.
const (
	Stages       = 10
	stageEmpties = 6
	// mobilityCap bounds the legal moves a side is counted with.
	mobilityCap = 31
)

// stageOf returns the stage of a position with empties empty squares.
func stageOf(empties int) int { return min(empties/stageEmpties, Stages-1) }

// patterns are the evaluation's patterns, each given by the squares of
// one copy: the others are its images under the board's symmetries.
var patterns = []pattern{
	newPattern("edge+2x", "b2 a1 b1 c1 d1 e1 f1 g1 h1 g2"),
	newPattern("corner3x3", "a1 b1 c1 a2 b2 c2 a3 b3 c3"),
	newPattern("corner2x5", "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2"),
	newPattern("row2", "a2 b2 c2 d2 e2 f2 g2 h2"),
	newPattern("row3", "a3 b3 c3 d3 e3 f3 g3 h3"),
	newPattern("row4", "a4 b4 c4 d4 e4 f4 g4 h4"),
	newPattern("diag8", "a1 b2 c3 d4 e5 f6 g7 h8"),
	newPattern("diag7", "a2 b3 c4 d5 e6 f7 g8"),
	newPattern("diag6", "a3 b4 c5 d6 e7 f8"),
	newPattern("diag5", "a4 b5 c6 d7 e8"),
	newPattern("diag4", "a5 b6 c7 d8"),
}

// The features besides the patterns: the legal moves of each side,
// counted to mobilityCap, and whether the empty squares are odd.
const (
	mobilitySize = (mobilityCap + 1) * (mobilityCap + 1)
	paritySize   = 2
)

// stageSize is the number of weights of a stage: every pattern's
// configurations, then mobility's and parity's. offsets[i] is where
// pattern i's start.
var stageSize, offsets = layout()

func layout() (int, []int) {
	var offsets []int
	n := 0
	for _, pt := range patterns {
		offsets = append(offsets, n)
		n += pt.size
	}
	return n + mobilitySize + paritySize, offsets
}

// Features is the number of features of a position: every copy of
// every pattern (patternCopies), mobility and parity.
const Features = patternCopies + 2

// patternCopies is the number of copies of patterns, the length of a
// view: a constant, which cutGroups checks against the patterns.
const patternCopies = 46

// newPattern returns the pattern of the squares named in list and their
// distinct images under the eight symmetries of the board.
func newPattern(name, list string) pattern {
	var base []int
	for _, f := range strings.Fields(list) {
		s, err := othello.ParseSquare(f)
		if err != nil {
			panic(err)
		}
		base = append(base, s.Row*8+s.Col)
	}
	pt := pattern{name: name, size: pow3(len(base))}
	var seen [][]int
	for sym := range 8 {
		c := make([]int, len(base))
		for i, x := range base {
			c[i] = symmetry(x, sym)
		}
		set := slices.Clone(c)
		slices.Sort(set)
		if slices.ContainsFunc(seen, func(s []int) bool { return slices.Equal(s, set) }) {
			continue
		}
		seen = append(seen, set)
		pt.copies = append(pt.copies, c)
	}
	return pt
}

// symmetry returns square x under symmetry sym of the board: bit 0
// mirrors the rows, bit 1 the columns, bit 2 the diagonal.
func symmetry(x, sym int) int {
	r, c := x/8, x%8
	if sym&1 != 0 {
		r = 7 - r
	}
	if sym&2 != 0 {
		c = 7 - c
	}
	if sym&4 != 0 {
		r, c = c, r
	}
	return r*8 + c
}

func pow3(n int) int {
	v := 1
	for range n {
		v *= 3
	}
	return v
}

// A group is some squares of one copy of a pattern, no two in the same
// column (of the board, or of the board transposed if transposed): the
// squares that one multiplication gathers into a byte, a bit for each
// column. digits[b] is what the player's discs gathered as byte b add to
// the copy's index; the opponent's add twice as much. (Two bytes each,
// as a pattern of 10 squares has 3^10 configurations: the 66 groups'
// tables then take half the processor's cache they took as four, and an
// evaluation 4% less time.)
type group struct {
	mask       uint64
	transposed bool
	copy       int32 // the feature, a copy of a pattern
	digits     *[256]uint16
}

// gatherColumns is the multiplier that sums the rows of a board into its
// top byte: squares in distinct columns arrive there without carries.
const gatherColumns = 0x0101010101010101

// groups cut every copy of every pattern into groups, in the order of
// the features, and copyBase is the offset in a stage of each copy's
// pattern's weights.
var groups, copyBase = cutGroups()

func cutGroups() (gs []group, base [patternCopies]int32) {
	n := 0
	for _, pt := range patterns {
		n += len(pt.copies)
	}
	if n != patternCopies {
		panic(fmt.Sprintf("search: %d copies of patterns, want patternCopies = %d", n, patternCopies))
	}
	k := int32(0)
	for i, pt := range patterns {
		for _, c := range pt.copies {
			// The orientation in which the fewest squares share a
			// column.
			var inCol, inRow [8]int
			for _, x := range c {
				inCol[x%8]++
				inRow[x/8]++
			}
			transposed := slices.Max(inRow[:]) < slices.Max(inCol[:])
			var mine []group
			for d, x := range c {
				weight := int32(pow3(len(c) - 1 - d)) // the first square is the highest digit
				if transposed {
					x = x%8*8 + x/8
				}
				at := slices.IndexFunc(mine, func(g group) bool { return g.mask&columnOf(x) == 0 })
				if at < 0 {
					mine = append(mine, group{transposed: transposed, copy: k, digits: new([256]uint16)})
					at = len(mine) - 1
				}
				g := &mine[at]
				g.mask |= 1 << x
				for b := range 256 {
					if b>>(x%8)&1 != 0 {
						g.digits[b] += uint16(weight)
					}
				}
			}
			gs = append(gs, mine...)
			base[k] = int32(offsets[i])
			k++
		}
	}
	return gs, base
}

// columnOf returns the squares of the column of square x.
func columnOf(x int) uint64 { return 0x0101010101010101 << (x % 8) }

// transpose returns b mirrored in its diagonal a1-h8: square (r, c) at
// (c, r).
func transpose(b uint64) uint64 {
	t := (b ^ b>>7) & 0x00aa00aa00aa00aa
	b ^= t ^ t<<7
	t = (b ^ b>>14) & 0x0000cccc0000cccc
	b ^= t ^ t<<14
	t = (b ^ b>>28) & 0x00000000f0f0f0f0
	return b ^ t ^ t<<28
}

// FeatureIndexes writes into idx the features of the position where the
// player to move, with legal moves legal, has discs p and the opponent
// o: for each, the index of its weight within the position's stage
// (Stage). idx must hold Features indexes.
func FeatureIndexes(p, o, legal uint64, idx []int32) {
	var v view
	v.read(p, o)
	for i, x := range v {
		idx[i] = copyBase[i] + int32(x)
	}
	idx[patternCopies], idx[patternCopies+1] = movesAndParity(p, o, legal)
}

// movesAndParity returns the indexes within a stage of the features of
// p, o besides the patterns: the legal moves of each side (legal the
// player's), and the parity of the empty squares.
func movesAndParity(p, o, legal uint64) (moves, parity int32) {
	mine := min(bits.OnesCount64(legal), mobilityCap)
	theirs := min(bits.OnesCount64(othello.Moves8(o, p)), mobilityCap)
	base := int32(stageSize - mobilitySize - paritySize)
	return base + int32(mine*(mobilityCap+1)+theirs), base + mobilitySize + int32(bits.OnesCount64(p|o)&1)
}

// A view is the index of every copy of every pattern of a position, in
// the order of the features, within its pattern's configurations, as
// one side reads the board: its discs digits 1, the other side's 2.
type view [patternCopies]uint16

// A views is the view of a position of the player to move ([0]) and
// the opponent's ([1]): the searches that evaluate the positions of a
// tree update them move by move (play) rather than read each position
// anew. play changes some 20 indexes of each, for a move that flips two
// discs, where read makes 66 lookups in tables of 512 bytes for one: on
// FFO #1-#19, 30 ns for both views (BenchmarkPlay), where Evaluate takes
// 200 ns, three quarters of them reading one view.
type views [2]view

// read sets v to the view of the side with discs p against discs o.
func (v *view) read(p, o uint64) {
	*v = view{}
	pt, ot := transpose(p), transpose(o)
	for i := range groups {
		g := &groups[i]
		a, b := p, o
		if g.transposed {
			a, b = pt, ot
		}
		v[g.copy] += g.digits[(a&g.mask)*gatherColumns>>56] + 2*g.digits[(b&g.mask)*gatherColumns>>56]
	}
}

// read sets v to the views of the position where the player to move has
// discs p and the opponent o.
func (v *views) read(p, o uint64) {
	v[0].read(p, o)
	v[1].read(o, p)
}

// A digit is a copy of a pattern that reads a square, and the power of
// 3 of the square's digit in the copy's index.
type digit struct {
	copy  uint16
	power uint16
}

// squareDigits lists for each square the copies of patterns that read
// it.
var squareDigits = digitsOfSquares()

func digitsOfSquares() (ds [64][]digit) {
	k := 0
	for _, pt := range patterns {
		for _, c := range pt.copies {
			for d, x := range c {
				ds[x] = append(ds[x], digit{copy: uint16(k), power: uint16(pow3(len(c) - 1 - d))})
			}
			k++
		}
	}
	return ds
}

// play sets c to the views of the position after the player to move
// plays at x, flipping flips: the opponent's view, now the view of the
// player to move, reads x and flips as 2s, and the player's, now the
// opponent's, x and flips as 1s.
func (v *views) play(c *views, x int, flips uint64) {
	c[0] = v[1]
	c[1] = v[0]
	for _, d := range squareDigits[x] {
		c[0][d.copy] += 2 * d.power
		c[1][d.copy] += d.power
	}
	for ; flips != 0; flips &= flips - 1 {
		for _, d := range squareDigits[bits.TrailingZeros64(flips)] {
			c[0][d.copy] += d.power
			c[1][d.copy] -= d.power
		}
	}
}

// playLeaf sets c to the view of the player to move after the player
// to move of v plays at x, flipping flips: play's c[0] alone, for a
// position that is only evaluated.
func (v *views) playLeaf(c *view, x int, flips uint64) {
	*c = v[1]
	for _, d := range squareDigits[x] {
		c[d.copy] += 2 * d.power
	}
	for ; flips != 0; flips &= flips - 1 {
		for _, d := range squareDigits[bits.TrailingZeros64(flips)] {
			c[d.copy] += d.power
		}
	}
}

// Stage returns the stage of the position p, o, from 0 (the end of the
// game) to Stages-1, and where its weights start among all weights.
func Stage(p, o uint64) (stage, offset int) {
	stage = stageOf(64 - bits.OnesCount64(p|o))
	return stage, stage * stageSize
}

// WeightCount is the number of weights of the evaluation: those of
// every stage.
func WeightCount() int { return Stages * stageSize }

//go:embed weights.bin
var weightsFile []byte

// learned returns the weights of weights.bin, nil if it does not fit the
// patterns (while new patterns are being trained). They are read the
// first time a search needs them, not when the program starts: the
// judge and the grader, which never search, do not pay for them.
var learned = sync.OnceValue(func() []int16 { return loadWeights(weightsFile) })

// weightsMagic starts a weights file.
const weightsMagic = "othello-eval-1\n"

// ErrWeights means a weights file is not one of the evaluation's.
var ErrWeights = errors.New("search: not a weights file of these patterns")

// EncodeWeights returns the weights file of w, hundredths of a disc for
// each feature configuration of each stage (WeightCount of them, in the
// order of Stage and FeatureIndexes): a header line, then each weight as
// two bytes, little-endian.
func EncodeWeights(w []int16) []byte {
	out := make([]byte, 0, len(weightsMagic)+8+2*len(w))
	out = append(out, weightsMagic...)
	out = binary.LittleEndian.AppendUint32(out, Stages)
	out = binary.LittleEndian.AppendUint32(out, uint32(stageSize))
	for _, x := range w {
		out = binary.LittleEndian.AppendUint16(out, uint16(x))
	}
	return out
}

// DecodeWeights reads a weights file that EncodeWeights wrote; one that
// does not fit the patterns is an error wrapping ErrWeights.
func DecodeWeights(b []byte) ([]int16, error) {
	h := len(weightsMagic) + 8
	if len(b) < h || string(b[:len(weightsMagic)]) != weightsMagic {
		return nil, fmt.Errorf("%w: no header", ErrWeights)
	}
	stages := binary.LittleEndian.Uint32(b[len(weightsMagic):])
	size := binary.LittleEndian.Uint32(b[len(weightsMagic)+4:])
	if stages != Stages || size != uint32(stageSize) || len(b) != h+2*Stages*stageSize {
		return nil, fmt.Errorf("%w: %d stages of %d weights in %d bytes, want %d of %d", ErrWeights, stages, size, len(b), Stages, stageSize)
	}
	w := make([]int16, Stages*stageSize)
	for i := range w {
		w[i] = int16(binary.LittleEndian.Uint16(b[h+2*i:]))
	}
	return w, nil
}

func loadWeights(b []byte) []int16 {
	w, err := DecodeWeights(b)
	if err != nil {
		return nil
	}
	return w
}

// maxEstimate bounds the learned evaluation: an estimate is never a
// game seen won or lost.
const maxEstimate = 6400

// Evaluate returns the learned evaluation of p, o for the player to move,
// whose legal moves are legal, with weights w (WeightCount of them), in
// hundredths of a disc, within ±64 discs.
func Evaluate(w []int16, p, o, legal uint64) int {
	var v view
	v.read(p, o)
	return evaluateView(w, &v, p, o, legal)
}

// evaluateView is Evaluate of the position whose player to move views
// it as v.
func evaluateView(w []int16, v *view, p, o, legal uint64) int {
	_, off := Stage(p, o)
	ws := w[off : off+stageSize]
	moves, parity := movesAndParity(p, o, legal)
	sum := int(ws[moves]) + int(ws[parity])
	for i, x := range v {
		sum += int(ws[copyBase[i]+int32(x)])
	}
	return max(-maxEstimate, min(maxEstimate, sum))
}

// Tied returns, for each weight of a stage, the first of the weights
// that must equal it for the evaluation to score a position and its
// images under the board's symmetries alike: a copy of a pattern may
// be its own image in another order of its squares (a corner's 3x3
// area mirrored in its diagonal), which reads the same discs as another
// configuration. Package train fits one weight for each such set.
func Tied() []int32 {
	tied := make([]int32, stageSize)
	for i := range tied {
		tied[i] = int32(i)
	}
	for k, pt := range patterns {
		perms := orders(pt)
		n := len(pt.copies[0])
		seen := make([]bool, pt.size)
		var orbit []int
		for start := range pt.size {
			if seen[start] {
				continue
			}
			orbit = append(orbit[:0], start)
			seen[start] = true
			for i := 0; i < len(orbit); i++ {
				for _, perm := range perms {
					if j := permuted(orbit[i], perm, n); !seen[j] {
						seen[j] = true
						orbit = append(orbit, j)
					}
				}
			}
			least := slices.Min(orbit)
			for _, j := range orbit {
				tied[offsets[k]+j] = int32(offsets[k] + least)
			}
		}
	}
	return tied
}

// orders returns the orders in which the symmetries of the board read
// the squares of pattern pt's copies: perm[i] is the position in copy c
// of the square that its image, another copy, lists at i.
func orders(pt pattern) [][]int {
	var perms [][]int
	for _, c := range pt.copies {
		for sym := range 8 {
			for _, other := range pt.copies {
				perm := make([]int, len(c))
				ok := true
				for i, x := range other {
					j := slices.IndexFunc(c, func(y int) bool { return symmetry(y, sym) == x })
					if j < 0 {
						ok = false
						break
					}
					perm[i] = j
				}
				if ok && !slices.ContainsFunc(perms, func(p []int) bool { return slices.Equal(p, perm) }) {
					perms = append(perms, perm)
				}
			}
		}
	}
	return perms
}

// permuted returns configuration idx of a pattern of n squares, its
// first square the highest digit, read in the order perm.
func permuted(idx int, perm []int, n int) int {
	var digits [16]int
	for i := n - 1; i >= 0; i-- {
		digits[i] = idx % 3
		idx /= 3
	}
	v := 0
	for i := range n {
		v = 3*v + digits[perm[i]]
	}
	return v
}
