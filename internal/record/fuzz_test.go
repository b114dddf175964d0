package record_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// FuzzRead reads any text: Read must not panic, and each record it
// reads, when some games are skipped too, must replay, and be written in GGF and read back the same, but
// its known scores, which GGF does not hold.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"(;GM[Othello]PC[GGS/os]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5//1.02]W[d6/-2.00/0.5]B[pa];)",
		"2 (;TY[4]BO[4 --O* ---- ---- --O* O]W[PA]B[b1];)(;TY[6x4a]RU[simple];)",
		"(;GM[Othello]PB[a]RB[1.5]TI[1:00]TY[8kr4]KM[-2]RE[+3.00:r]CO[x]B[f5//1]W[PA];)",
		"(;GM[2]SZ[8]AB[d5][e4]AW[d4][e5]PL[B];B[f5];W[fd](;B[ec])(;B[gc]))(;GM[2];B[a1])",
		"\x14\x18\x0b\x17\x01\x00\x00\x00\x00\x00\xe8\x07\x08\x00\x16\x00" + // a WTHOR file of one game, f5 d6
			"\x0c\x00\x01\x00\x02\x00\x00\x00\x38\x40" + strings.Repeat("\x00", 58),
		"(;TY[s8r20];)", "(;BO[4x6 ------ -O*--- ---*O- ------ O]", "f5d6c3 pa", "F5\nD6\r\nc3d3",
		"4\n4\nB\n<\n. . . .\n. B W .\n. W B .\n. . . .\n1 3\n3 1\n",
		"# FFO\n-OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- X; PA:-64;\n",
	} {
		f.Add(s)
	}
	base, _ := othello.StandardSetup(othello.Simple{}, 6, 6)
	f.Fuzz(func(t *testing.T, text string) {
		records, _, err := record.Read(text, base)
		if err != nil && !errors.Is(err, record.ErrSkipped) {
			return
		}
		for _, r := range records {
			if _, err := r.Game(); err != nil {
				t.Fatalf("Read(%q) read %+v, whose game is refused: %v", text, r, err)
			}
			ggf, err := record.FormatGGF(r)
			if err != nil {
				continue // a name, date or place that holds ]
			}
			again, err := record.ParseGGF(ggf)
			if err != nil || len(again) != 1 || !reflect.DeepEqual(asGGF(again[0]), asGGF(r)) {
				t.Fatalf("Read(%q) read %+v, written as %s and read back as %+v, %v", text, r, ggf, again, err)
			}
		}
	})
}
