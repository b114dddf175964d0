package search_test

import (
	"flag"
	"fmt"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/othello-judge/judge/internal/engine/search"
	"github.com/othello-judge/judge/internal/engine/train"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// The measurements of the learned evaluation against the hand-written
// one (make strength): skipped unless -strength is given, for they take
// minutes. They play and score only games that training holds out
// (train.HeldOut with -seed), from the WTHOR collection beside the
// repository.
var (
	strength   = flag.Bool("strength", false, "measure the learned evaluation against the hand-written one (make strength)")
	wthorDir   = flag.String("wthor", filepath.Join("..", "..", "..", "..", "shared", "wthor"), "the WTHOR games, PGN files")
	heldSeed   = flag.Uint64("seed", 1, "the seed of the training whose held-out games are used")
	moveTime   = flag.Duration("movetime", 500*time.Millisecond, "the time of a move of the move-loss measurement")
	matchTime  = flag.Duration("matchtime", 100*time.Millisecond, "the time of a move of the match")
	matchGames = flag.Int("games", 200, "the games of the match, half of them with each colour")
	only       = flag.String("engine", "", "measure only this engine's error and move loss (hand-written or learned); both if empty")
	weightsOf  = flag.String("weights", "", "the weights file of the learned engine; the embedded one if empty")
)

// An engine is an evaluation measured: its name and how to make a
// solver that searches with it.
type engine struct {
	name string
	make func() *search.Solver
}

// engines are the two evaluations measured, the hand-written first.
var engines = []engine{
	{"hand-written", func() *search.Solver { s := search.NewSolver(16 << 20); s.HandWritten = true; return s }},
	{"learned", func() *search.Solver {
		s := search.NewSolver(16 << 20)
		if *weightsOf != "" {
			search.UseWeights(s, weightsFile())
		}
		return s
	}},
}

// weightsFile returns the weights of the file -weights.
var weightsFile = sync.OnceValue(func() []int16 {
	b, err := os.ReadFile(*weightsOf)
	if err == nil {
		var w []int16
		if w, err = search.DecodeWeights(b); err == nil {
			return w
		}
	}
	panic(fmt.Sprintf("-weights %s: %v", *weightsOf, err))
})

// measured returns the engines whose error and move loss are measured.
func measured() []engine {
	var out []engine
	for _, e := range engines {
		if *only == "" || *only == e.name {
			out = append(out, e)
		}
	}
	return out
}

// heldOutGames returns the games of the WTHOR files that training with
// -seed keeps out, in the order of the files (sorted by name) from
// WTH_2000 on: recent games, played well.
func heldOutGames(t *testing.T) [][]train.Position {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(*wthorDir, "*.pgn"))
	slices.Sort(files)
	var lines [][]train.Position
	for _, name := range files {
		if filepath.Base(name) < "WTH_2000" {
			continue
		}
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		records, err := record.ParsePGN(string(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, r := range records {
			if line, ok := train.Line(r); ok && train.HeldOut(r.Moves, *heldSeed) {
				lines = append(lines, line)
			}
		}
	}
	if len(lines) == 0 {
		t.Skipf("no WTHOR games in %s", *wthorDir)
	}
	return lines
}

// at returns the first position of line with empties empty squares or
// fewer where the player to move has a move.
func at(line []train.Position, empties int) (train.Position, bool) {
	for _, x := range line {
		if x.Empties() <= empties && othello.Moves8(x.P, x.O) != 0 {
			return x, x.Empties() >= empties-1
		}
	}
	return train.Position{}, false
}

// think returns the move of s for p, o in budget: the midgame search
// deepened one ply at a time, the move of the last depth searched in
// full, as package player's CPU does short of solving.
func think(s *search.Solver, p, o uint64, budget time.Duration) int {
	s.Table.NewSearch()
	s.Deadline = time.Now().Add(budget)
	defer func() { s.Deadline = time.Time{} }()
	move := search.NoMove
	empties := 64 - bits.OnesCount64(p|o)
	for depth := 1; depth <= empties; depth++ {
		r := s.Search(p, o, false, depth)
		if !r.Exact {
			if move == search.NoMove {
				move = r.Move
			}
			break
		}
		move = r.Move
	}
	return move
}

// exact solves positions exactly, each once in a run: the engines'
// measurements share what it has solved.
type exact struct {
	solver *search.Solver
	known  map[[2]uint64]int
}

func newExact() *exact {
	return &exact{solver: search.NewSolver(64 << 20), known: map[[2]uint64]int{}}
}

// score returns the exact score of p, o for the player to move.
func (e *exact) score(p, o uint64) int {
	if v, ok := e.known[[2]uint64{p, o}]; ok {
		return v
	}
	v := e.solver.Solve(p, o, false).Score
	e.known[[2]uint64{p, o}] = v
	return v
}

// play returns p, o after move x of the player with p, the opponent's
// discs first.
func play(p, o uint64, x int) (uint64, uint64) {
	f := othello.Flips8(p, o, x)
	return o &^ f, p | f | 1<<x
}

func TestStrength(t *testing.T) {
	if !*strength {
		t.Skip("without -strength")
	}
	t.Run("error", testError)
	t.Run("ffo", testFFOLoss)
	t.Run("loss", testWTHORLoss)
	t.Run("match", testMatch)
}

// testError measures the mean absolute error of each evaluation, static
// and after a search 4 plies deep, against the exact scores of 40
// held-out positions at 20 to 24 empty squares.
func testError(t *testing.T) {
	lines := heldOutGames(t)
	solver := newExact()
	var pos []train.Position
	var exact []int
	for i := 0; len(pos) < 40 && i < len(lines); i++ {
		x, ok := at(lines[i], 20+len(pos)%5)
		if !ok {
			continue
		}
		pos = append(pos, x)
		exact = append(exact, solver.score(x.P, x.O))
		if len(pos)%10 == 0 {
			t.Logf("%d positions solved", len(pos))
		}
	}
	for _, e := range measured() {
		s := e.make()
		var static, deep, worst float64
		for i, x := range pos {
			d := math.Abs(float64(search.StaticEval(s, x.P, x.O))/100 - float64(exact[i]))
			static += d
			worst = max(worst, d)
			v := s.Search(x.P, x.O, false, 4).Score
			deep += math.Abs(float64(v)/100 - float64(exact[i]))
		}
		n := float64(len(pos))
		t.Logf("%s: %d positions at 20-24 empties: mean absolute error %.2f discs static (worst %.1f), %.2f after a 4-ply search",
			e.name, len(pos), static/n, worst, deep/n)
	}
}

// loss returns the discs that move x loses in p, o against the best,
// best being the exact score of p, o; known the scores already known.
func loss(solver *exact, p, o uint64, x, best int, known map[int]int) int {
	if v, ok := known[x]; ok {
		return best - v
	}
	cp, co := play(p, o, x)
	return best + solver.score(cp, co)
}

// testFFOLoss measures the mean move loss of each engine at -movetime a
// move on FFO positions 20 to 39.
func testFFOLoss(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "shared", "ffo", "fforum-20-39.obf"))
	if err != nil {
		t.Skip(err)
	}
	records, err := record.ParseOBF(string(text), othello.Full{})
	if err != nil {
		t.Fatal(err)
	}
	solver := newExact()
	for _, e := range measured() {
		s := e.make()
		total, worst, wrong := 0, 0, 0
		for _, r := range records {
			g, _ := r.Setup.NewGame()
			p, o, _ := g.Position().Bits8()
			known := map[int]int{}
			for _, k := range r.Known {
				if !k.Pass {
					known[k.Square.Row*8+k.Square.Col] = k.Score
				}
			}
			l := loss(solver, p, o, think(s, p, o, *moveTime), r.Known[0].Score, known)
			total += l
			worst = max(worst, l)
			if l > 0 {
				wrong++
			}
		}
		t.Logf("%s: FFO 20-39 at %v a move: mean loss %.2f discs, %d of %d moves lost discs, worst %d",
			e.name, *moveTime, float64(total)/float64(len(records)), wrong, len(records), worst)
	}
}

// testWTHORLoss measures the mean move loss of each engine at -movetime
// a move on 30 held-out positions at 22 empty squares.
func testWTHORLoss(t *testing.T) {
	lines := heldOutGames(t)
	solver := newExact()
	type case_ struct {
		p, o uint64
		best int
	}
	var cases []case_
	for i := 200; len(cases) < 30 && i < len(lines); i++ {
		if x, ok := at(lines[i], 22); ok && x.Empties() == 22 {
			cases = append(cases, case_{x.P, x.O, solver.score(x.P, x.O)})
		}
	}
	for _, e := range measured() {
		s := e.make()
		total, worst, wrong := 0, 0, 0
		for _, c := range cases {
			l := loss(solver, c.p, c.o, think(s, c.p, c.o, *moveTime), c.best, nil)
			total += l
			worst = max(worst, l)
			if l > 0 {
				wrong++
			}
		}
		t.Logf("%s: %d held-out WTHOR positions at 22 empties, %v a move: mean loss %.2f discs, %d moves lost discs, worst %d",
			e.name, len(cases), *moveTime, float64(total)/float64(len(cases)), wrong, worst)
	}
}

// matchSolveAt is the empty squares from which both engines of the
// match solve exactly, so that the match measures the midgame.
const matchSolveAt = 16

// testMatch plays -games games between the learned evaluation and the
// hand-written one at -matchtime a move, two at once, each from the
// first 8 moves of a held-out game, every opening played with both
// colours.
func testMatch(t *testing.T) {
	lines := heldOutGames(t)
	var openings []train.Position
	for i := 0; len(openings) < *matchGames/2 && i < len(lines); i++ {
		if len(lines[i]) > 8 {
			openings = append(openings, lines[i][8])
		}
	}
	type result struct{ margin int } // the learned engine's final margin
	results := make([]result, 2*len(openings))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hand, learned := engines[0].make(), engines[1].make()
			for g := range next {
				x := openings[g/2]
				learnedMoves := g%2 == 0 // the learned engine moves first from the opening in even games
				p, o := x.P, x.O
				for {
					if othello.Moves8(p, o) == 0 {
						if othello.Moves8(o, p) == 0 {
							break
						}
						p, o = o, p
						learnedMoves = !learnedMoves
						continue
					}
					s := hand
					if learnedMoves {
						s = learned
					}
					var m int
					if 64-bits.OnesCount64(p|o) <= matchSolveAt {
						m = s.Solve(p, o, false).Move
					} else {
						m = think(s, p, o, *matchTime)
					}
					p, o = play(p, o, m)
					learnedMoves = !learnedMoves
				}
				margin := bits.OnesCount64(p) - bits.OnesCount64(o) // for the player to move, none able to
				if !learnedMoves {
					margin = -margin
				}
				results[g] = result{margin}
			}
		}()
	}
	for g := range results {
		next <- g
	}
	close(next)
	wg.Wait()
	won, lost, drawn, sum := 0, 0, 0, 0
	for _, r := range results {
		switch {
		case r.margin > 0:
			won++
		case r.margin < 0:
			lost++
		default:
			drawn++
		}
		sum += r.margin
	}
	t.Logf("match, learned against hand-written, %d games at %v a move from %d held-out openings (8 moves), both colours: %d won, %d lost, %d drawn, mean margin %+.2f discs",
		len(results), *matchTime, len(openings), won, lost, drawn, float64(sum)/float64(len(results)))
}
