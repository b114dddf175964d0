package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/othello-judge/judge/console"
	"github.com/othello-judge/judge/internal/engine/book"
	"github.com/othello-judge/judge/internal/engine/player"
	"github.com/othello-judge/judge/internal/page"
	"github.com/othello-judge/judge/internal/play/session"
	"github.com/othello-judge/judge/internal/record"
	"github.com/othello-judge/judge/othello"
)

// static holds the page and its script.
//
//go:embed static
var static embed.FS

// Limits of a server whose Options leave them 0.
const (
	DefaultMaxGames = 1000
	DefaultIdle     = time.Hour
)

// maxSearches is the most computer players that think at once when
// Options leave Searches 0: each search of an 8x8 board holds a table of
// 64 MiB.
const maxSearches = 4

// Limits of every request.
const (
	maxBody   = 64 << 10 // the largest request body, in bytes
	maxOutput = 1 << 20  // the most output of the judge kept, in bytes
)

// Options are the limits of a Server.
type Options struct {
	MaxGames int           // the most games held at once; 0 for DefaultMaxGames
	Idle     time.Duration // how long a game not asked for is kept; 0 for DefaultIdle
	// Searches is how many computer players may think at once, the
	// others waiting their turn, their time not yet running; 0 for one a
	// CPU, up to maxSearches. The server's CPUs share a player.Pool of as
	// many solvers.
	Searches int
	// Loopback refuses a request whose Host is not localhost or a
	// loopback address (403), for a server that listens on loopback
	// only: a web page elsewhere cannot then reach it by a name of its
	// own that resolves to 127.0.0.1 (DNS rebinding).
	Loopback bool
}

// A Server is othello serve's web server: the page, and the games it
// holds, played through a JSON API (see the package doc). It is an
// http.Handler, safe for many requests at once.
type Server struct {
	mux      *http.ServeMux
	games    *store
	searches chan struct{} // a token for each computer player thinking
	pool     *player.Pool  // the solvers of its CPUs, one for each search at once
	loopback bool          // Options.Loopback
}

// NewServer returns a server with the limits of o.
func NewServer(o Options) *Server {
	if o.MaxGames <= 0 {
		o.MaxGames = DefaultMaxGames
	}
	if o.Idle <= 0 {
		o.Idle = DefaultIdle
	}
	if o.Searches <= 0 {
		o.Searches = min(runtime.NumCPU(), maxSearches)
	}
	s := &Server{mux: http.NewServeMux(), games: newStore(o.MaxGames, o.Idle), searches: make(chan struct{}, o.Searches), pool: player.NewPool(o.Searches), loopback: o.Loopback}
	s.mux.HandleFunc("GET /{$}", staticFile("index.html", "text/html; charset=utf-8"))
	s.mux.HandleFunc("GET /app.js", staticFile("app.js", "text/javascript; charset=utf-8"))
	s.mux.HandleFunc("GET /serve.css", staticFile("serve.css", "text/css; charset=utf-8"))
	s.mux.HandleFunc("GET /style.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		io.WriteString(w, string(page.Style()))
	})
	s.mux.HandleFunc("POST /api/games", s.api(s.create))
	s.mux.HandleFunc("GET /api/games/{id}", s.api(s.state))
	s.mux.HandleFunc("POST /api/games/{id}/move", s.api(s.move))
	s.mux.HandleFunc("POST /api/games/{id}/undo", s.api(s.undo))
	s.mux.HandleFunc("POST /api/games/{id}/hint", s.api(s.hint))
	s.mux.HandleFunc("POST /api/games/{id}/goto", s.api(s.goTo))
	s.mux.HandleFunc("POST /api/games/{id}/review", s.api(s.review))
	s.mux.HandleFunc("POST /api/judge", s.api(s.judge))
	return s
}

// ServeHTTP answers a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:")
	h.Set("Cache-Control", "no-store")
	if s.loopback && !isLoopback(r.Host) {
		http.Error(w, fmt.Sprintf("this server answers http://localhost and http://127.0.0.1 only, not %q", r.Host), http.StatusForbidden)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// isLoopback reports whether host, with or without a port, is localhost
// or a loopback address.
func isLoopback(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Games returns the number of games the server holds.
func (s *Server) Games() int { return s.games.len() }

// staticFile returns a handler that serves the file name of static as type
// contentType.
func staticFile(name, contentType string) http.HandlerFunc {
	data, err := static.ReadFile("static/" + name)
	if err != nil {
		panic(err) // embedded: it is there
	}
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.Write(data)
	}
}

// Errors of requests the server refuses, each answered with the status
// that Status gives and the error's message without "web: ".
var (
	// ErrNoGame means a request names a game the server does not hold:
	// never made, or dropped after being idle.
	ErrNoGame = errors.New("web: no such game: it may have been idle too long; start a new one")
	// ErrFull means the server holds as many games as it may.
	ErrFull = errors.New("web: too many games at once; try again later")
	// ErrMediaType means a request's body is not said to be JSON.
	ErrMediaType = errors.New("web: send JSON, with Content-Type: application/json")
	// ErrTooLarge means a request's body is longer than the server reads.
	ErrTooLarge = fmt.Errorf("web: the request is over %d KiB", maxBody>>10)
)

// A BadRequest is a request the server refuses as it is: bad JSON, a bad
// option, a move the game refuses. Msg says why for a person.
type BadRequest struct {
	Msg string
	Err error // the error refused, if any: an othello, player or record error
}

func (e *BadRequest) Error() string { return "web: " + e.Msg }

func (e *BadRequest) Unwrap() error { return e.Err }

// badRequest returns a *BadRequest with the message of format and a,
// wrapping err.
func badRequest(err error, format string, a ...any) error {
	return &BadRequest{Msg: fmt.Sprintf(format, a...), Err: err}
}

// Status returns the HTTP status of a request that failed with err.
func Status(err error) int {
	var bad *BadRequest
	switch {
	case errors.As(err, &bad):
		return http.StatusBadRequest
	case errors.Is(err, ErrNoGame):
		return http.StatusNotFound
	case errors.Is(err, ErrFull):
		return http.StatusServiceUnavailable
	case errors.Is(err, ErrMediaType):
		return http.StatusUnsupportedMediaType
	case errors.Is(err, ErrTooLarge):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// api returns a handler of the JSON API that calls h with the request
// and writes the value h returns as JSON, or its error as plain text
// with the status Status gives.
func (s *Server) api(h func(*http.Request) (any, int, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && !isJSON(r.Header.Get("Content-Type")) {
			writeError(w, ErrMediaType)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		v, status, err := h(r)
		if err != nil {
			writeError(w, err)
			return
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false) // the board's SVG as it is: JSON, never sniffed as HTML
		if err := enc.Encode(v); err != nil {
			writeError(w, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(buf.Bytes())
	}
}

// isJSON reports whether contentType is application/json.
func isJSON(contentType string) bool {
	mediaType, _, _ := strings.Cut(contentType, ";")
	return strings.EqualFold(strings.TrimSpace(mediaType), "application/json")
}

// writeError answers with err as plain text and its status.
func writeError(w http.ResponseWriter, err error) {
	http.Error(w, strings.TrimPrefix(err.Error(), "web: "), Status(err))
}

// decode reads the JSON body of r into v; an empty body leaves v as it
// is. Unknown fields are refused, so that a misspelt option is not
// quietly ignored.
func decode(r *http.Request, v any) error {
	d := json.NewDecoder(r.Body)
	d.DisallowUnknownFields()
	err := d.Decode(v)
	if err == nil && d.More() {
		err = errors.New("more after the JSON value")
	}
	var tooLarge *http.MaxBytesError
	switch {
	case err == nil, errors.Is(err, io.EOF):
		return nil
	case errors.As(err, &tooLarge):
		return ErrTooLarge
	}
	return badRequest(err, "bad JSON: %v", strings.TrimPrefix(err.Error(), "json: "))
}

// A NewGame is the body of POST /api/games: the options of othello play,
// each a string as its flags take it, "" for the flag's default. With
// Text, the game is loaded from it to be replayed, as othello play -load
// does, people playing both colours.
type NewGame struct {
	Rules string `json:"rules"` // full (the default) or simple
	Size  string `json:"size"`  // RxC, each even from 4 to 16; 8x8 by default
	First string `json:"first"` // B (the default) or W
	Win   string `json:"win"`   // > (the default) or <
	Level string `json:"level"` // 1 to 10, easy, medium, hard (the default) or perfect
	Black string `json:"black"` // human (the default), cpu, cpu:DEPTH, greedy or random
	White string `json:"white"` // as Black; cpu by default
	Text  string `json:"text"`  // a game in GGF or PGN, a judge's setup and move lines, a move list, or a position in OBF
}

// game returns the game that n asks for, and for a game loaded from
// Text the message that says so. A bad option is a *BadRequest.
func (n NewGame) game() (*game, string, error) {
	rules, err := othello.ParseRules(or(n.Rules, "full"))
	if err != nil {
		return nil, "", badRequest(err, "rules must be full or simple, got %q", n.Rules)
	}
	level, err := player.ParseLevel(or(n.Level, "hard"))
	if err != nil {
		return nil, "", badRequest(err, "level must be 1 to 10, easy, medium, hard or perfect, got %q", n.Level)
	}
	cpu := level.CPU()
	// Greedy and Random draw from the global source (a nil rng), which
	// is safe for a move still being chosen when its request has ended.
	var black, white player.Player
	if black, err = session.ParsePlayer(or(n.Black, "human"), cpu, player.DefaultBudget, nil); err != nil {
		return nil, "", badRequest(err, "black must be human, cpu, cpu:DEPTH, greedy or random, got %q", n.Black)
	}
	if white, err = session.ParsePlayer(or(n.White, "cpu"), cpu, player.DefaultBudget, nil); err != nil {
		return nil, "", badRequest(err, "white must be human, cpu, cpu:DEPTH, greedy or random, got %q", n.White)
	}
	hint := session.Hinter(black, white, cpu)
	if n.Text != "" {
		return n.load(rules, hint)
	}
	rows, cols, err := othello.ParseSize(or(n.Size, "8x8"))
	if err != nil {
		return nil, "", badRequest(err, "size must be ROWSxCOLS, each even from 4 to 16, got %q", n.Size)
	}
	setup, _ := othello.StandardSetup(rules, rows, cols)
	if setup.First, err = othello.ParseColor(strings.ToUpper(or(n.First, "B"))); err != nil {
		return nil, "", badRequest(err, "first must be B or W, got %q", n.First)
	}
	if setup.Win, err = othello.ParseWinRule(or(n.Win, ">")); err != nil {
		return nil, "", badRequest(err, "win must be > or <, got %q", n.Win)
	}
	gm, err := newGame(session.Config{Record: record.Record{Setup: setup}, Black: black, White: white, Hint: hint})
	return gm, "", err
}

// load returns the game of n.Text, at its start, to be replayed by
// people, as record.Read reads it: the first game that can be played of
// a text in GGF (the message names the games skipped, the first with
// why), a judge's setup and its move lines, a move list from the
// standard 8x8 start, or the first position of a text in OBF as a game
// with no moves, under rules unless the text says.
func (n NewGame) load(rules othello.Rules, hint player.CPU) (*game, string, error) {
	for _, f := range []struct{ name, value string }{{"size", n.Size}, {"first", n.First}, {"win", n.Win}, {"black", n.Black}, {"white", n.White}} {
		if f.value != "" {
			return nil, "", badRequest(nil, "a game loaded from text sets its own %s, and people play it: drop %s", f.name, f.name)
		}
	}
	base, _ := othello.StandardSetup(rules, 8, 8)
	games, format, err := record.Read(n.Text, base)
	var se *record.SkipError
	var pe *record.ParseError
	switch {
	case errors.As(err, &se):
	case errors.As(err, &pe):
		return nil, "", badRequest(err, "line %d: %s", pe.Line, pe.Msg)
	case err != nil:
		return nil, "", badRequest(err, "%s", strings.TrimPrefix(err.Error(), "record: "))
	}
	gm, err := newGame(session.Config{Record: games[0], Replay: true, Hint: hint})
	if err != nil {
		return nil, "", badRequest(err, "%s", strings.TrimPrefix(err.Error(), "record: "))
	}
	msg := fmt.Sprintf("Loaded %s: %d moves.", format, gm.s.Length())
	if len(games) > 1 {
		msg = fmt.Sprintf("Loaded the first of %d games in %s: %d moves.", len(games), format, gm.s.Length())
	}
	if se != nil {
		msg += fmt.Sprintf(" Skipped %d that cannot be played: game %d, line %d: %s.",
			len(se.Skipped), se.Skipped[0].Number, se.Skipped[0].Err.Line, se.Skipped[0].Err.Msg)
	}
	return gm, msg, nil
}

// or returns s, or def if s is "".
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// create answers POST /api/games: it makes the game that the NewGame of
// the body asks for, plays the computer's moves until a person is to
// move, and returns its State, with status 201.
func (s *Server) create(r *http.Request) (any, int, error) {
	var n NewGame
	if err := decode(r, &n); err != nil {
		return nil, 0, err
	}
	gm, loaded, err := n.game()
	if err != nil {
		return nil, 0, err
	}
	id, err := s.games.add(gm)
	if err != nil {
		return nil, 0, err
	}
	gm.mu.Lock()
	defer gm.mu.Unlock()
	var msgs []string
	if loaded != "" {
		msgs = append(msgs, loaded)
	}
	if g := gm.s.Game(); g.Passed() {
		msgs = append(msgs, session.Passes(g.Turn().Opponent()))
	}
	msgs, err = s.reply(r.Context(), gm, msgs)
	if err != nil {
		return nil, 0, err
	}
	return gm.state(id, msgs), http.StatusCreated, nil
}

// newGame returns a game of the session of c. A move of c.Record that
// the game refuses is the *record.MoveError of record.Record.Game.
func newGame(c session.Config) (*game, error) {
	s, err := session.New(c)
	if err != nil {
		return nil, err
	}
	return &game{s: s}, nil
}

// reply plays the computer's moves in gm until a person is to move or
// the game is over, adding their messages to msgs. In a game of two
// computer players it plays one move, so that the page shows the game
// move by move, asking for the next when it will.
func (s *Server) reply(ctx context.Context, gm *game, msgs []string) ([]string, error) {
	computers := gm.s.Player(othello.Black) != nil && gm.s.Player(othello.White) != nil
	for p := gm.s.Computer(); p != nil; p = gm.s.Computer() {
		sq, err := s.think(ctx, p, gm.s.Game())
		if err != nil {
			return msgs, err
		}
		t, err := gm.s.Reply(sq)
		if err != nil {
			return msgs, err
		}
		msgs = append(msgs, t.Messages...)
		if computers {
			break
		}
	}
	return msgs, nil
}

// think returns the move of p in game g, searched by search.
func (s *Server) think(ctx context.Context, p player.Player, g *othello.Game) (othello.Square, error) {
	if cpu, ok := p.(player.CPU); ok {
		cpu.Pool = s.pool
		p = cpu
	}
	pos, win := g.Position(), g.WinRule()
	return search(s, ctx, func() (othello.Square, error) { return p.Move(pos, win) })
}

// search returns what f, a computer's search, finds. It waits for a
// token of s.searches, so that no more computers think at once than it
// holds, and gives up when ctx is done; the search itself ends within its
// budget, then gives the token back. f must not use what the caller may
// change once search has returned.
func search[T any](s *Server, ctx context.Context, f func() (T, error)) (T, error) {
	var zero T
	select {
	case s.searches <- struct{}{}:
	case <-ctx.Done():
		return zero, ctx.Err()
	}
	type answer struct {
		v   T
		err error
	}
	done := make(chan answer, 1)
	go func() {
		defer func() { <-s.searches }()
		v, err := f()
		done <- answer{v, err}
	}()
	select {
	case a := <-done:
		return a.v, a.err
	case <-ctx.Done():
		return zero, ctx.Err()
	}
}

// locked decodes the JSON body of r into body, unless it is nil, and
// returns the game that the path of r names, locked: the caller unlocks
// it.
func (s *Server) locked(r *http.Request, body any) (*game, error) {
	if body != nil {
		if err := decode(r, body); err != nil {
			return nil, err
		}
	}
	gm, err := s.games.get(r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	gm.mu.Lock()
	return gm, nil
}

// state answers GET /api/games/{id} with the game's State, after the
// computer's moves that a request cut short did not play.
func (s *Server) state(r *http.Request) (any, int, error) {
	gm, err := s.locked(r, nil)
	if err != nil {
		return nil, 0, err
	}
	defer gm.mu.Unlock()
	msgs, err := s.reply(r.Context(), gm, nil)
	if err != nil {
		return nil, 0, err
	}
	return gm.state(r.PathValue("id"), msgs), http.StatusOK, nil
}

// A Move is the body of POST /api/games/{id}/move: a square as othello
// play takes it, such as d3, 3d or "3 4".
type Move struct {
	Square string `json:"square"`
}

// move answers POST /api/games/{id}/move: it plays the square of the
// body's Move for the person to move, then the computer's replies, and
// returns the State. A square the game refuses is a *BadRequest that
// says why, in othello play's words.
func (s *Server) move(r *http.Request) (any, int, error) {
	var m Move
	gm, err := s.locked(r, &m)
	if err != nil {
		return nil, 0, err
	}
	defer gm.mu.Unlock()
	t, err := gm.s.Move(m.Square)
	var refused *session.RefusedError
	switch {
	case errors.As(err, &refused):
		return nil, 0, badRequest(err, "%s", refused.Msg)
	case err != nil:
		return nil, 0, notPersonToMove(err)
	}
	msgs, err := s.reply(r.Context(), gm, t.Messages)
	if err != nil {
		return nil, 0, err
	}
	return gm.state(r.PathValue("id"), msgs), http.StatusOK, nil
}

// notPersonToMove returns the *BadRequest of err, the session's
// PersonToMove error, that says why no person may move.
func notPersonToMove(err error) error {
	switch {
	case errors.Is(err, othello.ErrGameOver):
		return badRequest(err, "the game is over: start a new one, or undo")
	case errors.Is(err, session.ErrComputersMove):
		return badRequest(err, "it is the computer's move")
	}
	return err
}

// undo answers POST /api/games/{id}/undo: it takes back moves to the
// previous turn of a person, as othello play's undo does, and returns
// the State, which says "Nothing to undo." if there is none.
func (s *Server) undo(r *http.Request) (any, int, error) {
	gm, err := s.locked(r, nil)
	if err != nil {
		return nil, 0, err
	}
	defer gm.mu.Unlock()
	msg, _, err := gm.s.Undo()
	if err != nil {
		return nil, 0, err
	}
	return gm.state(r.PathValue("id"), []string{msg}), http.StatusOK, nil
}

// hint answers POST /api/games/{id}/hint with the State and its Hint:
// the move the computer suggests to the person to move.
func (s *Server) hint(r *http.Request) (any, int, error) {
	gm, err := s.locked(r, nil)
	if err != nil {
		return nil, 0, err
	}
	defer gm.mu.Unlock()
	if err := gm.s.PersonToMove(); err != nil {
		return nil, 0, notPersonToMove(err)
	}
	cpu := gm.s.Hints()
	cpu.Pool = s.pool
	g := gm.s.Game()
	pos, win := g.Position(), g.WinRule()
	scores, err := search(s, r.Context(), func() ([]player.Result, error) { return cpu.ScoreMoves(pos, win) })
	if err != nil {
		return nil, 0, err
	}
	st := gm.state(r.PathValue("id"), []string{session.Hinted(scores[0])})
	st.Hint = scores[0].Move.String()
	for _, sc := range scores {
		st.Scores = append(st.Scores, MoveScore{Square: sc.Move.String(), Score: sc.ScoreText(), Exact: sc.Exact})
	}
	return st, http.StatusOK, nil
}

// A Goto is the body of POST /api/games/{id}/goto: the number of moves
// of the game's line to replay from its start.
type Goto struct {
	Ply int `json:"ply"`
}

// goTo answers POST /api/games/{id}/goto: in a game of people, it takes
// the game to the position after the Goto's number of moves of its line,
// to replay it move by move, and returns the State.
func (s *Server) goTo(r *http.Request) (any, int, error) {
	var to Goto
	gm, err := s.locked(r, &to)
	if err != nil {
		return nil, 0, err
	}
	defer gm.mu.Unlock()
	msgs, err := gm.s.Goto(to.Ply)
	switch {
	case errors.Is(err, session.ErrNotReplay):
		return nil, 0, badRequest(err, "goto is for games of people only: use undo")
	case errors.Is(err, session.ErrPly):
		return nil, 0, badRequest(err, "ply must be from 0 to %d, got %d", gm.s.Length(), to.Ply)
	case err != nil:
		return nil, 0, err
	}
	return gm.state(r.PathValue("id"), msgs), http.StatusOK, nil
}

// reviewTime is about how long one request of review reviews moves for,
// before it answers with those done so far.
const reviewTime = 2 * time.Second

// review answers POST /api/games/{id}/review: it reviews the moves of
// the game's line (player.CPU.ReviewGame, with the CPU that gives hints)
// that are not yet, for about reviewTime, and returns the State with the
// Review so far and, once every move is reviewed, its turning points.
// The page asks again until Reviewed is Length. The reviews of a line
// are kept while the line is the same from the start.
func (s *Server) review(r *http.Request) (any, int, error) {
	gm, err := s.locked(r, nil)
	if err != nil {
		return nil, 0, err
	}
	defer gm.mu.Unlock()
	line := gm.s.Line()
	same := 0
	for same < min(len(line), len(gm.reviewed)) && line[same] == gm.reviewed[same] {
		same++
	}
	gm.reviews, gm.reviewed = gm.reviews[:min(same, len(gm.reviews))], line
	cpu := gm.s.Hints()
	cpu.Pool = s.pool
	setup := gm.s.Game().Setup()
	from := len(gm.reviews)
	reviews, err := search(s, r.Context(), func() ([]player.MoveReview, error) {
		var done []player.MoveReview
		start := time.Now()
		err := cpu.ReviewGame(setup, line, from, func(m player.MoveReview) bool {
			done = append(done, m)
			return time.Since(start) < reviewTime
		})
		return done, err
	})
	if err != nil {
		return nil, 0, err
	}
	gm.reviews = append(gm.reviews, reviews...)
	return gm.state(r.PathValue("id"), nil), http.StatusOK, nil
}

// A Judgement is the body of POST /api/judge: a setup and move lines,
// as the judge reads them on standard input, and the rules to judge them
// by.
type Judgement struct {
	Rules string `json:"rules"` // full (the default) or simple
	Text  string `json:"text"`
}

// A Transcript is the judge's answer to a Judgement: what it wrote on
// standard output and on standard error, and its exit status, as
// othello -explain would give them.
type Transcript struct {
	Output string `json:"output"`
	Errors string `json:"errors"`
	Status int    `json:"status"`
}

// judge answers POST /api/judge with the judge's Transcript of the
// body's Judgement, run in this process by console.RunExplained. Output
// past maxOutput ends the judge with a write error, as a full disk would.
func (s *Server) judge(r *http.Request) (any, int, error) {
	var j Judgement
	if err := decode(r, &j); err != nil {
		return nil, 0, err
	}
	rules, err := othello.ParseRules(or(j.Rules, "full"))
	if err != nil {
		return nil, 0, badRequest(err, "rules must be full or simple, got %q", j.Rules)
	}
	var out, errOut bytes.Buffer
	status := console.RunExplained(strings.NewReader(j.Text), &limitWriter{w: &out, n: maxOutput}, &limitWriter{w: &errOut, n: maxOutput}, rules)
	return Transcript{Output: out.String(), Errors: errOut.String(), Status: status}, http.StatusOK, nil
}

// A limitWriter writes to w at most n bytes more, and then fails.
type limitWriter struct {
	w io.Writer
	n int
}

// errOutput means the judge wrote more than a response holds.
var errOutput = fmt.Errorf("web: output over %d MiB", maxOutput>>20)

func (l *limitWriter) Write(p []byte) (int, error) {
	if len(p) > l.n {
		n, _ := l.w.Write(p[:l.n])
		l.n = 0
		return n, errOutput
	}
	l.n -= len(p)
	return l.w.Write(p)
}

// A State is the answer to every request about a game: the game as it
// is now, what happened in the request, and the board drawn.
type State struct {
	ID       string        `json:"id"`
	Rules    string        `json:"rules"`            // "full" or "simple"
	Rows     int           `json:"rows"`             // the board's size
	Cols     int           `json:"cols"`             //
	Win      string        `json:"win"`              // ">" most discs wins, "<" fewest
	Black    string        `json:"black"`            // who plays Black: "human", or the computer as othello play names it
	White    string        `json:"white"`            // who plays White
	Turn     string        `json:"turn"`             // "black" or "white" to move, "" once the game is over
	Human    bool          `json:"human"`            // whether a person is to move
	Over     bool          `json:"over"`             // whether the game is over
	Winner   string        `json:"winner"`           // once over: "black", "white" or "draw"
	Score    Score         `json:"score"`            // the discs of each colour
	Legal    []string      `json:"legal"`            // the legal moves of the player to move
	Last     string        `json:"last"`             // the last move, "" at the start
	Ply      int           `json:"ply"`              // the moves played
	Length   int           `json:"length"`           // the moves of the line known, to replay with goto
	Record   string        `json:"record"`           // the moves played, as a move list
	Line     string        `json:"line"`             // the moves of the line known, as a move list: Record, then the moves undone or not replayed yet
	Status   string        `json:"status"`           // the score and whose move, or the result
	Messages []string      `json:"messages"`         // what happened in this request, in order, in othello play's words
	Hint     string        `json:"hint,omitempty"`   // the move suggested, for hint
	Scores   []MoveScore   `json:"scores,omitempty"` // for hint: every legal move's score, best first
	Board    template.HTML `json:"board"`            // the board as SVG: BoardSVG with the last move, its flips and the legal moves
	Replay   bool          `json:"replay"`           // whether people play both colours, so that goto may go anywhere in the line
	Auto     bool          `json:"auto"`             // whether computers play both colours: each GET of the game plays the next move
	Opening  string        `json:"opening"`          // the name of the game's opening (book.Openings.Name), "" if none
	// Review holds the reviews of the first moves of the line, as far
	// as review has gone, in order; TurningPoints, once every move is
	// reviewed, the turning points of the game, in othello review's
	// words.
	Review        []ReviewedMove `json:"review"`
	TurningPoints []string       `json:"turningPoints"`
}

// A ReviewedMove is a move of the line and how it compares with the
// best, as othello review says it.
type ReviewedMove struct {
	Number  int     `json:"number"`  // the move's number, from 1
	Square  string  `json:"square"`  // the move played
	Loss    float64 `json:"loss"`    // the discs it lost against the best
	Exact   bool    `json:"exact"`   // whether the loss is exact
	Text    string  `json:"text"`    // the review in words: "41. Black e2 -8; best b1 +0: lost 8 discs."
	Turning bool    `json:"turning"` // whether it is a turning point of the game
}

// A MoveScore is a legal move and its score for the player to move, as
// player.CPU.ScoreMoves gives it.
type MoveScore struct {
	Square string `json:"square"` // such as "d3"
	Score  string `json:"score"`  // player.Result.ScoreText: "+4", or an estimate such as "~-1.25"
	Exact  bool   `json:"exact"`  // whether the score is the final margin with best play, not an estimate
}

// A Score is the discs of each colour.
type Score struct {
	Black int `json:"black"`
	White int `json:"white"`
}

// state returns the State of gm, whose id is id, with the messages msgs.
func (gm *game) state(id string, msgs []string) State {
	g := gm.s.Game()
	black, white := g.Score()
	b := g.Board()
	st := State{
		ID: id, Rules: strings.ToLower(g.Rules().Name()), Rows: b.Rows(), Cols: b.Cols(), Win: g.WinRule().String(),
		Black: session.Describe(gm.s.Player(othello.Black)), White: session.Describe(gm.s.Player(othello.White)),
		Over: g.Over(), Score: Score{black, white}, Legal: []string{},
		Ply: g.Ply(), Length: gm.s.Length(), Record: record.FormatMoveList(g.Played()), Line: record.FormatMoveList(gm.s.Line()),
		Status: gm.s.Status(), Messages: msgs, Replay: gm.s.People(),
		Opening: book.StandardOpenings().Name(g),
	}
	if st.Messages == nil {
		st.Messages = []string{}
	}
	for _, sq := range g.Legal().Squares() {
		st.Legal = append(st.Legal, sq.String())
	}
	marks := page.Marks{Legal: g.Legal()}
	if last := gm.s.Last(); last != nil {
		st.Last = last.Square.String()
		marks.Last.Add(last.Square)
		marks.Flipped = last.Flips
	}
	if st.Over {
		st.Winner = map[othello.Color]string{othello.Black: "black", othello.White: "white", othello.Empty: "draw"}[g.Winner()]
	} else {
		st.Turn = strings.ToLower(session.ColorName(g.Turn()))
		st.Human = gm.s.Computer() == nil
	}
	st.Board = page.BoardSVG(b, marks)
	st.Auto = gm.s.Player(othello.Black) != nil && gm.s.Player(othello.White) != nil
	st.Review, st.TurningPoints = []ReviewedMove{}, []string{}
	if len(gm.reviews) > 0 && slices.Equal(gm.reviewed, gm.s.Line()) {
		var turning []int
		if len(gm.reviews) == len(gm.reviewed) {
			st.TurningPoints = session.TurningPoints(gm.reviews)
			worst, decided := player.TurningPoints(gm.reviews, 3)
			turning = append(worst, decided)
		}
		for i, m := range gm.reviews {
			st.Review = append(st.Review, ReviewedMove{Number: m.Number, Square: m.Played.Move.String(), Loss: m.Loss, Exact: m.Exact,
				Text: session.Reviewed(m), Turning: slices.Contains(turning, i)})
		}
	}
	return st
}
