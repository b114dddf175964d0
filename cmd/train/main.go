// Command train fits the weights of the learned evaluation of package
// search to the games of a folder of PGN files (the WTHOR collection of
// ../shared/wthor) and writes them, internal/engine/search/weights.bin by default:
//
//	go run ./cmd/train -games ../shared/wthor -seed 1 -out internal/engine/search/weights.bin
//
// It replays every game, keeps one in ten out of training (train.HeldOut),
// solves each game exactly from -solve empty squares with package
// search's solver and labels the positions before with that score (see
// package train). It adds -selfplay games of the engine against itself,
// each solved exactly from -selfplay-solve empty squares
// (train.SelfPlay), with -deepen D labels each position of more than
// -solve empty squares by a search D plies deep with the evaluation
// embedded now instead (train.Deepen), fits the weights by conjugate
// gradients and writes them. It prints on standard error what it read,
// how long each step took and the mean absolute error of the fit on the
// games trained on and on those held out (against their games' scores),
// over all and by ten empty squares. The same games, flags, search and
// embedded weights give the same file: the games against itself follow
// the solver's choice between moves of equal score, which the search's
// order of the moves decides, so that another search or other embedded
// weights label a few other positions (weights whose error make
// evalerror tells apart by 0.05 disc at most). With -samples FILE, the labelled
// positions are written to FILE (150 MB for the WTHOR collection), and
// read from it by the runs after, which then only fit: a minute, not
// the labelling's 27 on two CPUs.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/othello-judge/judge/internal/engine/search"
	"github.com/othello-judge/judge/internal/engine/train"
	"github.com/othello-judge/judge/internal/record"
)

func main() {
	games := flag.String("games", "../shared/wthor", "the folder of the games, PGN files (*.pgn)")
	seed := flag.Uint64("seed", 1, "the seed that chooses the games held out")
	solve := flag.Int("solve", 16, "the empty squares from which each game is solved exactly")
	iterations := flag.Int("iterations", 40, "the conjugate gradient steps of each stage")
	ridge := flag.Float64("ridge", 4, "the ridge penalty, in samples")
	threads := flag.Int("threads", 2, "the games solved and the stages fitted at once")
	maxGames := flag.Int("max-games", 0, "the games read at most, the first in the files' order; 0 for all")
	out := flag.String("out", "internal/engine/search/weights.bin", "the weights file written")
	samples := flag.String("samples", "", "a file of the labelled positions: read from it if it exists (the games, -solve and -selfplay flags are then not used), else written to it once labelled, so that fits with other -iterations or -ridge start from it")
	deepen := flag.Int("deepen", 0, "the plies of a search by the embedded evaluation that labels each position of more than -solve empty squares in place of its game's exact score (train.Deepen); 0 keeps the games' scores")
	var sp train.SelfPlay
	flag.IntVar(&sp.Games, "selfplay", 4000, "the games of the engine against itself added to the fit")
	flag.IntVar(&sp.Opening, "selfplay-opening", 8, "the random moves that open each game of the engine against itself")
	flag.IntVar(&sp.Depth, "selfplay-depth", 4, "the plies of the midgame search of the games of the engine against itself")
	flag.IntVar(&sp.SolveAt, "selfplay-solve", 20, "the empty squares from which each game of the engine against itself is solved exactly")
	flag.Parse()
	sp.Seed, sp.Threads = *seed, *threads
	if err := run(*games, *seed, *solve, *iterations, *ridge, *threads, *maxGames, *deepen, sp, *samples, *out); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

func run(dir string, seed uint64, solve, iterations int, ridge float64, threads, maxGames, deepen int, sp train.SelfPlay, samplesFile, out string) error {
	start := time.Now()
	var samples, heldSamples []train.Sample
	if b, err := os.ReadFile(samplesFile); err == nil {
		if samples, heldSamples, err = train.DecodeSamples(b); err != nil {
			return fmt.Errorf("%s: %w", samplesFile, err)
		}
		fmt.Fprintf(os.Stderr, "train: %d positions to fit, %d held out, read from %s (%v)\n",
			len(samples), len(heldSamples), samplesFile, time.Since(start).Round(time.Millisecond))
	} else {
		if samplesFile != "" && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if samples, heldSamples, err = label(dir, seed, solve, threads, maxGames, sp); err != nil {
			return err
		}
		if samplesFile != "" {
			if err := os.WriteFile(samplesFile, train.EncodeSamples(samples, heldSamples), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "train: wrote %s\n", samplesFile)
		}
	}

	if deepen > 0 {
		t := time.Now()
		samples = train.Deepen(samples, solve, deepen, threads)
		fmt.Fprintf(os.Stderr, "train: the positions of more than %d empties labelled by %d-ply searches (%v)\n", solve, deepen, time.Since(t).Round(time.Millisecond))
	}

	t := time.Now()
	w := train.Fit(samples, train.Options{Iterations: iterations, Ridge: ridge, Threads: threads})
	fmt.Fprintf(os.Stderr, "train: fitted %d weights in %d stages (%v)\n", len(w), search.Stages, time.Since(t).Round(time.Millisecond))
	fmt.Fprintf(os.Stderr, "train: mean absolute error %.2f discs on the positions fitted, %.2f on those held out\n",
		train.MeanError(w, samples), train.MeanError(w, heldSamples))
	for k := range 6 { // 0-9 empty squares, ..., 50-60
		band := func(x []train.Sample) []train.Sample {
			return slices.DeleteFunc(slices.Clone(x), func(s train.Sample) bool { return min(s.Empties()/10, 5) != k })
		}
		fitted, held := band(samples), band(heldSamples)
		fmt.Fprintf(os.Stderr, "train:   %2d-%2d empties: %.2f on %d fitted, %.2f on %d held out\n",
			10*k, 10*k+9+k/5, train.MeanError(w, fitted), len(fitted), train.MeanError(w, held), len(held))
	}
	if err := os.WriteFile(out, search.EncodeWeights(w), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "train: wrote %s (%v in all)\n", out, time.Since(start).Round(time.Millisecond))
	return nil
}

// label returns the samples of the games of dir and of sp, those to fit
// (with sp's) and those held out, and prints what it did.
func label(dir string, seed uint64, solve, threads, maxGames int, sp train.SelfPlay) (samples, heldSamples []train.Sample, err error) {
	start := time.Now()
	files, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("no *.pgn files in %s", dir)
	}
	slices.Sort(files)
	var fit, held [][]train.Position
	read, refused := 0, 0
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		records, err := record.ParsePGN(string(text))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, r := range records {
			if maxGames > 0 && read == maxGames {
				break
			}
			read++
			line, ok := train.Line(r)
			switch {
			case !ok:
				refused++
			case train.HeldOut(r.Moves, seed):
				held = append(held, line)
			default:
				fit = append(fit, line)
			}
		}
	}
	fmt.Fprintf(os.Stderr, "train: %d games read from %d files, %d not replayed, %d to fit, %d held out (%v)\n",
		read, len(files), refused, len(fit), len(held), time.Since(start).Round(time.Millisecond))

	t := time.Now()
	samples = train.Label(fit, solve, threads)
	heldSamples = train.Label(held, solve, threads)
	fmt.Fprintf(os.Stderr, "train: %d positions to fit, %d held out, solved from %d empties (%v)\n",
		len(samples), len(heldSamples), solve, time.Since(t).Round(time.Millisecond))

	t = time.Now()
	played := sp.Play()
	samples = append(samples, played...)
	fmt.Fprintf(os.Stderr, "train: %d positions of %d games of the engine against itself, solved from %d empties (%v)\n",
		len(played), sp.Games, sp.SolveAt, time.Since(t).Round(time.Millisecond))

	return samples, heldSamples, nil
}
