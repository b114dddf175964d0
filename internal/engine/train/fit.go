package train

import (
	"math"
	"sync"

	"github.com/othello-judge/judge/internal/engine/search"
	"github.com/othello-judge/judge/othello"
)

// Options are the settings of a fit.
type Options struct {
	// Iterations are the conjugate gradient steps of each stage.
	Iterations int
	// Ridge is the penalty on the square of each weight, in samples: a
	// configuration seen that many times has its weight shrunk by half
	// towards zero.
	Ridge float64
	// Threads are the stages fitted at once.
	Threads int
}

// Fit returns the weights of the evaluation (search.WeightCount of them,
// hundredths of a disc) that minimise, stage by stage, the squared
// error of search.Evaluate against the samples' scores plus the ridge
// penalty, the weights that search.Tied ties equal: preconditioned conjugate gradients on the normal equations,
// the preconditioner the count of each feature configuration.
func Fit(samples []Sample, opt Options) []int16 {
	byStage := make([][]Sample, search.Stages)
	for _, s := range samples {
		st, _ := search.Stage(s.P, s.O)
		byStage[st] = append(byStage[st], s)
	}
	w := make([]int16, search.WeightCount())
	size := search.WeightCount() / search.Stages
	tied := search.Tied()
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(opt.Threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for st := range next {
				x := fitStage(byStage[st], size, tied, opt)
				for i, t := range tied {
					w[st*size+i] = int16(max(math.MinInt16, min(math.MaxInt16, math.Round(100*x[t]))))
				}
			}
		}()
	}
	for st := range search.Stages {
		next <- st
	}
	close(next)
	wg.Wait()
	return w
}

// features returns the feature indexes of every sample, search.Features
// a sample, each the first of the weights tied to it (search.Tied).
func features(samples []Sample, tied []int32) []int32 {
	idx := make([]int32, len(samples)*search.Features)
	for i, s := range samples {
		row := idx[i*search.Features : (i+1)*search.Features]
		search.FeatureIndexes(s.P, s.O, othello.Moves8(s.P, s.O), row)
		for j, k := range row {
			row[j] = tied[k]
		}
	}
	return idx
}

// fitStage returns the weights, in discs, of one stage of size weights
// fitted to samples, one for each set of tied weights (the first of
// each set; the others are left zero).
func fitStage(samples []Sample, size int, tied []int32, opt Options) []float64 {
	x := make([]float64, size)
	if len(samples) == 0 {
		return x
	}
	f := search.Features
	idx := features(samples, tied)
	// The normal equations (AᵀA + λI)x = Aᵀb, A the samples' 0/1 rows of
	// features, b their scores; diag the preconditioner.
	diag := make([]float64, size)
	r := make([]float64, size) // Aᵀb - (AᵀA + λI)x, x being 0
	for i, s := range samples {
		for _, j := range idx[i*f : (i+1)*f] {
			diag[j]++
			r[j] += float64(s.Score)
		}
	}
	for j := range diag {
		diag[j] += opt.Ridge
	}
	z := make([]float64, size)
	p := make([]float64, size)
	q := make([]float64, size)
	rho := 0.0
	for j := range r {
		z[j] = r[j] / diag[j]
		p[j] = z[j]
		rho += r[j] * z[j]
	}
	for range opt.Iterations {
		if rho == 0 {
			break
		}
		for j := range q {
			q[j] = opt.Ridge * p[j]
		}
		for i := range samples {
			row := idx[i*f : (i+1)*f]
			t := 0.0
			for _, j := range row {
				t += p[j]
			}
			for _, j := range row {
				q[j] += t
			}
		}
		pq := 0.0
		for j := range p {
			pq += p[j] * q[j]
		}
		alpha := rho / pq
		next := 0.0
		for j := range x {
			x[j] += alpha * p[j]
			r[j] -= alpha * q[j]
			z[j] = r[j] / diag[j]
			next += r[j] * z[j]
		}
		beta := next / rho
		rho = next
		for j := range p {
			p[j] = z[j] + beta*p[j]
		}
	}
	return x
}

// MeanError returns the mean absolute error, in discs, of the
// evaluation with weights w on samples.
func MeanError(w []int16, samples []Sample) float64 {
	if len(samples) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range samples {
		v := search.Evaluate(w, s.P, s.O, othello.Moves8(s.P, s.O))
		sum += math.Abs(float64(v)/100 - float64(s.Score))
	}
	return sum / float64(len(samples))
}
