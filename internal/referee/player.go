package referee

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/sandbox"
	"github.com/othello-judge/judge/othello"
)

// A Player plays one side of one game. The referee asks it for a move
// only when it has a legal move (the passes a player must make are made
// for it, as othello.Game makes them), and measures its time itself.
type Player interface {
	// Move answers with a square to play, or pass, for the player to move
	// in g, which has left on its clock; it must not change g. A player
	// that cannot answer, or answers with no move, returns a
	// *ForfeitError.
	Move(g *othello.Game, left time.Duration) (sq othello.Square, pass bool, err error)
	// Stop ends the player: a program and every process it started.
	Stop()
}

// A Spec names a player as the command line does: one of our engines,
// in-process, or a program run in the sandbox.
type Spec struct {
	Name string // as given, such as "level:3" or "prog:python3 player.py"
	// Engine, for our engines, is the name that player.Parse takes
	// ("cpu:DEPTH", "greedy", "random"), "" for a level or a program.
	Engine string
	Level  player.Level // for level:N, from 1; 0 otherwise
	// Path and Args are the program's command line, for prog:COMMAND,
	// nboard:COMMAND and gtp:COMMAND: words separated by spaces, no
	// shell.
	Path     string
	Args     []string
	Protocol Protocol // the program's
	// Depth, for nboard:DEPTH:COMMAND, is the depth the referee sets
	// ("set depth DEPTH") before the engine's first go, as the NBoard GUI
	// does; 0 for none.
	Depth int
	// Dir, if not "", is the program's own folder, a class's submission:
	// it runs there (sandbox.Config.Dir), and sees it though the match's
	// sandbox hides it (Hide) from the others.
	Dir string
}

// A Protocol is the language a program speaks with the referee.
type Protocol uint8

// The protocols: the plain protocol of the assignment (prog:, program.go),
// NBoard's (nboard:, nboard.go) and GTP's (gtp:, gtp.go).
const (
	Plain Protocol = iota
	NBoard
	GTP
)

// prefixes are the prefixes of programs' specs, by protocol.
var prefixes = map[Protocol]string{Plain: "prog:", NBoard: "nboard:", GTP: "gtp:"}

// ParseSpec reads a player as the command line names it: level:N (N from
// 1 to 10, or easy, medium, hard, perfect), cpu:DEPTH, greedy, random, or
// a program and its arguments separated by spaces: prog:COMMAND, which
// speaks the plain protocol, such as "prog:python3 player.py", and
// nboard:COMMAND and gtp:COMMAND, an engine that speaks NBoard's or
// GTP's, such as "nboard:othello nboard", and nboard:DEPTH:COMMAND, one
// told "set depth DEPTH" (1 to 60), such as "nboard:16:ntest". Anything
// else is an error wrapping ErrSpec.
func ParseSpec(s string) (Spec, error) {
	for proto, prefix := range prefixes {
		if !strings.HasPrefix(s, prefix) {
			continue
		}
		command, depth := s[len(prefix):], 0
		if n, rest, ok := strings.Cut(command, ":"); ok && proto == NBoard && n != "" && strings.Trim(n, "0123456789") == "" {
			d, err := strconv.Atoi(n)
			if err != nil || d < 1 || d > 60 {
				return Spec{}, fmt.Errorf("%w: %s's depth must be 1 to 60, got %q", ErrSpec, prefix, s)
			}
			command, depth = rest, d
		}
		words := strings.Fields(command)
		if len(words) == 0 {
			return Spec{}, fmt.Errorf("%w: %s needs a command, got %q", ErrSpec, prefix, s)
		}
		return Spec{Name: s, Path: words[0], Args: words[1:], Protocol: proto, Depth: depth}, nil
	}
	lower := strings.ToLower(s)
	switch {
	case strings.HasPrefix(lower, "level:"):
		l, err := player.ParseLevel(s[len("level:"):])
		if err != nil {
			return Spec{}, fmt.Errorf("%w: %w", ErrSpec, err)
		}
		return Spec{Name: s, Level: l}, nil
	case lower == "greedy", lower == "random", strings.HasPrefix(lower, "cpu:"):
		if _, err := player.Parse(lower, 0, nil); err != nil {
			return Spec{}, fmt.Errorf("%w: %w", ErrSpec, err)
		}
		return Spec{Name: s, Engine: lower}, nil
	}
	return Spec{}, fmt.Errorf("%w, got %q", ErrSpec, s)
}

// IsProgram reports whether s is a program rather than one of our engines.
func (s Spec) IsProgram() bool { return s.Path != "" }

// InOwnFolder returns s, a program with no Dir, set to run in its own
// folder, where a submission of a class lives: the folder of the first
// of its arguments, else of its command, that names a file, or the
// folder it names (alice in "prog:python3 alice/player.py", in
// "prog:java -cp alice Main" and in "prog:alice/player"), that word made
// absolute. Other words are left as they are: a relative path among them
// is the folder's. A program whose words name nothing, such as
// "prog:java Main", is returned unchanged: it runs in the referee's
// folder.
func (s Spec) InOwnFolder() Spec {
	if !s.IsProgram() || s.Dir != "" {
		return s
	}
	words := append(slices.Clone(s.Args), s.Path)
	for i, w := range words {
		if strings.HasPrefix(w, "-") || i == len(words)-1 && !strings.Contains(w, "/") {
			continue // a flag, or a command looked up in PATH
		}
		info, err := os.Stat(w)
		if err != nil {
			continue
		}
		abs, err := filepath.Abs(w)
		if err != nil {
			continue
		}
		s.Dir = abs
		if !info.IsDir() {
			s.Dir = filepath.Dir(abs)
		}
		if i == len(words)-1 {
			s.Path = abs
		} else {
			s.Args = slices.Clone(s.Args)
			s.Args[i] = abs
		}
		return s
	}
	return s
}

// OwnFolders sets each program of players that has no Dir to run in its
// own folder (InOwnFolder), and hides from sb each program's folder that
// holds no other's: a program sees its own folder (start shows it again)
// and not another player's, as a tournament's class does.
func OwnFolders(players []Spec, sb *sandbox.Config) {
	for i := range players {
		players[i] = players[i].InOwnFolder()
	}
	for _, p := range players {
		if p.Dir == "" || slices.Contains(sb.Hide, p.Dir) {
			continue
		}
		holds := slices.ContainsFunc(players, func(q Spec) bool {
			return q.Dir != p.Dir && strings.HasPrefix(q.Dir, p.Dir+string(filepath.Separator))
		})
		if !holds {
			sb.Hide = append(sb.Hide, p.Dir)
		}
	}
}

// start starts the player of s for one game of setup, its choices drawn
// from rng, a program in the sandbox sb. A program that cannot be
// started, or an engine that does not answer as it starts, is a
// *ForfeitError, with its colour to be filled in.
func (s Spec) start(sb sandbox.Config, rng *rand.Rand, setup othello.Setup, tc TimeControl) (Player, error) {
	if s.IsProgram() {
		if s.Dir != "" {
			sb.Dir = s.Dir
			sb.Hide = slices.DeleteFunc(slices.Clone(sb.Hide), func(p string) bool { return p == s.Dir })
		}
		p, err := startProgram(sb, s.Path, s.Args)
		if err != nil {
			return nil, err
		}
		var e Player = p
		switch s.Protocol {
		case NBoard:
			e, err = startNBoard(p, s.Depth)
		case GTP:
			e, err = startGTP(p, setup, tc)
		}
		var f *ForfeitError
		if errors.As(err, &f) {
			f.Detail = "as it started: " + f.Detail
		}
		if err != nil {
			return nil, err
		}
		return e, nil
	}
	if s.Level > 0 {
		cpu := s.Level.CPU()
		cpu.Rand = rng
		return &engine{p: cpu, cpu: &cpu, level: s.Level, perMove: tc.PerMove > 0}, nil
	}
	p, err := player.Parse(s.Engine, 0, rng)
	if err != nil {
		return nil, err
	}
	e := &engine{p: p, perMove: tc.PerMove > 0}
	if cpu, ok := p.(player.CPU); ok {
		e.cpu = &cpu
	}
	return e, nil
}

// inProcessMargin is what an engine keeps on its clock besides a tenth of
// it: it moves in the referee's process, with no pipe between them, but
// on a busy machine its goroutine may wait for a CPU.
const inProcessMargin = 5 * time.Millisecond

// An engine is one of our computer players, in-process. A CPU thinks
// within its own time a move and what its clock allows (ClockBudget); a
// level, within its part of the clock (LevelClockBudget), so that levels
// keep their order under a clock too short for their own times.
type engine struct {
	p       player.Player
	cpu     *player.CPU  // nil for greedy and random
	level   player.Level // the CPU's level, 0 for cpu:DEPTH
	perMove bool         // whether the time left is this move's alone
}

// Move returns the engine's move; a CPU is stopped when its time is up.
func (e *engine) Move(g *othello.Game, left time.Duration) (othello.Square, bool, error) {
	p := g.Position()
	if e.cpu == nil {
		sq, err := e.p.Move(p, othello.MostDiscs)
		return sq, false, err
	}
	cpu := *e.cpu
	// One thread: the games of -j each have a CPU of their own, and a
	// time-limited engine is as strong in a match at -j 2 as alone.
	cpu.Threads = 1
	moves := player.MovesLeft(p.Empties().Len())
	if e.perMove {
		moves = 1
	}
	if e.level > 0 {
		cpu.Budget = player.LevelClockBudget(e.level, left, moves, inProcessMargin)
	} else {
		cpu.Budget = player.ClockBudgetWithin(cpu.Budget, left, moves, inProcessMargin)
	}
	stop := make(chan struct{})
	t := time.AfterFunc(left-left/20, func() { close(stop) }) // a search past its budget is stopped before the clock ends
	defer t.Stop()
	cpu.Stop = stop
	sq, err := cpu.Move(p, othello.MostDiscs)
	return sq, false, err
}

// Stop does nothing: an engine holds no process.
func (e *engine) Stop() {}

// formatSquare writes a square as the plain protocol does: row and
// column from 1, "3 4".
func formatSquare(sq othello.Square) string {
	return strconv.Itoa(sq.Row+1) + " " + strconv.Itoa(sq.Col+1)
}
