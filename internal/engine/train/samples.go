package train

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// samplesMagic starts a samples file.
const samplesMagic = "othello-samples-1\n"

// sampleSize is the bytes of a sample in a samples file: P, O, the
// score and a byte of flags.
const sampleSize = 8 + 8 + 1 + 1

// The flags of a sample in a samples file.
const (
	flagBlack   = 1 << iota // Black is to move
	flagHeldOut             // the sample is held out of the fit
)

// ErrSamples means a file is not a samples file.
var ErrSamples = errors.New("train: not a samples file")

// EncodeSamples returns the samples file of fit, the samples to fit, and
// held, those held out: what labelling took an hour of the processors
// to find, kept so that fits with other settings start from it (cmd
// train's -samples). A header line, the count of samples, then each as
// P and O little-endian, the score, and a byte of flags (Black to move,
// held out); the samples to fit first.
func EncodeSamples(fit, held []Sample) []byte {
	out := make([]byte, 0, len(samplesMagic)+8+sampleSize*(len(fit)+len(held)))
	out = append(out, samplesMagic...)
	out = binary.LittleEndian.AppendUint64(out, uint64(len(fit)+len(held)))
	for i, list := range [][]Sample{fit, held} {
		for _, s := range list {
			out = binary.LittleEndian.AppendUint64(out, s.P)
			out = binary.LittleEndian.AppendUint64(out, s.O)
			flags := byte(0)
			if s.Black {
				flags |= flagBlack
			}
			if i == 1 {
				flags |= flagHeldOut
			}
			out = append(out, byte(s.Score), flags)
		}
	}
	return out
}

// DecodeSamples reads a samples file that EncodeSamples wrote and
// returns its samples to fit and those held out; a file that is not one
// is an error wrapping ErrSamples.
func DecodeSamples(b []byte) (fit, held []Sample, err error) {
	h := len(samplesMagic) + 8
	if len(b) < h || string(b[:len(samplesMagic)]) != samplesMagic {
		return nil, nil, fmt.Errorf("%w: no header", ErrSamples)
	}
	n := binary.LittleEndian.Uint64(b[len(samplesMagic):])
	if uint64(len(b)-h) != n*sampleSize {
		return nil, nil, fmt.Errorf("%w: %d bytes for %d samples", ErrSamples, len(b)-h, n)
	}
	for r := b[h:]; len(r) > 0; r = r[sampleSize:] {
		s := Sample{Position{binary.LittleEndian.Uint64(r), binary.LittleEndian.Uint64(r[8:]), r[17]&flagBlack != 0}, int8(r[16])}
		if s.P&s.O != 0 || r[17]&^(flagBlack|flagHeldOut) != 0 {
			return nil, nil, fmt.Errorf("%w: sample %d is not a position", ErrSamples, len(fit)+len(held))
		}
		if r[17]&flagHeldOut != 0 {
			held = append(held, s)
		} else {
			fit = append(fit, s)
		}
	}
	return fit, held, nil
}
