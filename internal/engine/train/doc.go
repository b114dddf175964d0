// Package train fits the weights of package search's learned evaluation
// (search.Evaluate, internal/engine/search/weights.bin) to real games: it
// replays each game on bitboards (Line), labels its positions with exact
// final margins found by package search's solver (Label), adds games that
// the engine plays against itself, labelled exactly from deeper in the
// game (SelfPlay), can label the positions before the solving point by a
// shallow search with the evaluation embedded now instead (Deepen), and
// fits one weight for each configuration of each pattern in each stage by
// least squares with a ridge penalty, by conjugate gradients on the
// sparse features, each stage on its own (Fit). One game in ten, chosen
// by a hash of its moves and the seed (HeldOut), is never trained on: the
// measurements of the evaluation (make strength) play and score those.
// Everything it does is reproducible: the same games, seed, search and
// embedded weights give the same weights, whatever the threads.
// EncodeSamples and DecodeSamples write and read the labelled positions,
// which cost most of the time, so that fits with other settings can
// start from them. It does no input or output; cmd/train reads the games
// and writes the weights.
package train
