package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// do sends a request to h, with body as JSON if it is not "", and
// returns the response's status, content type and body.
func do(t *testing.T, h http.Handler, method, path, body string) (int, string, string) {
	t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Code, w.Header().Get("Content-Type"), w.Body.String()
}

// call is do for a request that must succeed with status want: it
// returns the State answered.
func call(t *testing.T, h http.Handler, method, path, body string, want int) State {
	t.Helper()
	status, _, text := do(t, h, method, path, body)
	if status != want {
		t.Fatalf("%s %s %s: got status %d (%s), want %d", method, path, body, status, strings.TrimSpace(text), want)
	}
	var st State
	if err := json.Unmarshal([]byte(text), &st); err != nil {
		t.Fatalf("%s %s: got %q: %v", method, path, text, err)
	}
	return st
}

// create makes a game with the NewGame body and returns its State.
func create(t *testing.T, h http.Handler, body string) State {
	t.Helper()
	return call(t, h, "POST", "/api/games", body, http.StatusCreated)
}

// the moves of a game on 4x4 whose last move, White's d3, makes Black pass, as
// the judge's setup and move lines.
const passGame = "4\n4\nB\n>\n. . . .\n. W B .\n. B W .\n. . . .\n1 2\n1 1\n2 1\n1 3\n1 4\n3 1\n4 1\n3 4\n"

func TestNewGame(t *testing.T) {
	tests := []struct {
		body                string
		black, white, rules string
		rows, cols, ply     int
		turn, win           string
		legal               int
	}{
		{`{}`, "human", "cpu at level 8 (500ms a move)", "full", 8, 8, 0, "black", ">", 4},
		{`{"rules":"simple","size":"6x10","first":"W","win":"<","level":"easy","black":"cpu","white":"human"}`,
			"cpu at level 2 (depth 2, 500ms a move)", "human", "simple", 6, 10, 0, "white", "<", 10},
		{`{"first":"w","black":"cpu:1","white":"human","level":"3"}`, "cpu at level 1 (depth 1, 500ms a move)", "human", "full", 8, 8, 0, "white", ">", 4},
		{`{"black":"greedy","white":"human"}`, "greedy", "human", "full", 8, 8, 1, "white", ">", 3},
		{`{"black":"human","white":"human","size":"4X16"}`, "human", "human", "full", 4, 16, 0, "black", ">", 4},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			st := create(t, NewServer(Options{}), tt.body)
			got := []any{st.Black, st.White, st.Rules, st.Rows, st.Cols, st.Ply, st.Turn, st.Win, len(st.Legal)}
			want := []any{tt.black, tt.white, tt.rules, tt.rows, tt.cols, tt.ply, tt.turn, tt.win, tt.legal}
			if !slices.Equal(got, want) {
				t.Errorf("got %v, want %v", got, want)
			}
			if !st.Human || st.ID == "" || !strings.HasPrefix(string(st.Board), "<svg") {
				t.Errorf("got human %v, id %q, board %.20q, want a person to move, an id and an SVG board", st.Human, st.ID, st.Board)
			}
		})
	}
}

func TestNewGameRefused(t *testing.T) {
	tests := []struct {
		body string
		want string // the start of the message
	}{
		{`{"rules":"fuzzy"}`, `rules must be full or simple, got "fuzzy"`},
		{`{"size":"9x9"}`, `size must be ROWSxCOLS, each even from 4 to 16, got "9x9"`},
		{`{"size":"8"}`, `size must be ROWSxCOLS`},
		{`{"size":"18x8"}`, `size must be ROWSxCOLS`},
		{`{"first":"X"}`, `first must be B or W, got "X"`},
		{`{"win":"="}`, `win must be > or <, got "="`},
		{`{"level":"11"}`, `level must be 1 to 10, easy, medium, hard or perfect, got "11"`},
		{`{"black":"people"}`, `black must be human, cpu, cpu:DEPTH, greedy or random, got "people"`},
		{`{"white":"cpu:0"}`, `white must be human`},
		{`{"colour":"B"}`, `bad JSON: unknown field "colour"`},
		{`{"size":8}`, `bad JSON: cannot unmarshal number`},
		{`{`, `bad JSON: unexpected EOF`},
		{`{} {}`, `bad JSON: more after the JSON value`},
		{`[]`, `bad JSON: cannot unmarshal array`},
		{`{"text":"hello world"}`, `line 1: not a game in GGF, SGF, PGN, WTHOR, a judge's setup or a move list`},
		{`{"text":"f5d6z9"}`, `line 1:`},
		{`{"text":"f5d6","size":"6x6"}`, `a game loaded from text sets its own size, and people play it: drop size`},
		{`{"text":"f5d6","white":"cpu"}`, `a game loaded from text sets its own white`},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			status, ctype, text := do(t, NewServer(Options{}), "POST", "/api/games", tt.body)
			if status != http.StatusBadRequest || !strings.HasPrefix(text, tt.want) || !strings.HasPrefix(ctype, "text/plain") {
				t.Errorf("got %d %s %q, want 400 text/plain %q...", status, ctype, text, tt.want)
			}
		})
	}
}

func TestMove(t *testing.T) {
	h := NewServer(Options{})
	id := create(t, h, `{"level":"1"}`).ID
	path := "/api/games/" + id + "/move"
	refused := []struct{ square, want string }{
		{"e3", "e3 flips nothing.\n"},
		{"d4", "d4 is not empty.\n"},
		{"z9", "z9 is off the board: columns a to h, rows 1 to 8.\n"},
		{"3 9", "3 9 is off the board: columns a to h, rows 1 to 8.\n"},
		{"hello", `"hello" is not a move.` + "\n"},
		{"", `"" is not a move.` + "\n"},
	}
	for _, tt := range refused {
		t.Run(tt.square, func(t *testing.T) {
			status, _, text := do(t, h, "POST", path, `{"square":"`+tt.square+`"}`)
			if status != http.StatusBadRequest || text != tt.want {
				t.Errorf("got %d %q, want 400 %q", status, text, tt.want)
			}
		})
	}
	st := call(t, h, "POST", path, `{"square":"3d"}`, http.StatusOK)
	if len(st.Messages) != 2 || st.Messages[0] != "Black plays d3 and flips 1 disc: d4." || !strings.HasPrefix(st.Messages[1], "White plays ") {
		t.Errorf("got messages %q, want Black's d3 then White's move", st.Messages)
	}
	if st.Ply != 2 || st.Turn != "black" || !st.Human || st.Record[:2] != "d3" || st.Last == "" || !strings.Contains(string(st.Board), `class="last"`) {
		t.Errorf("got ply %d, turn %s, human %v, record %s, last %q, want 2, black, true, d3..., the last move marked", st.Ply, st.Turn, st.Human, st.Record, st.Last)
	}
}

func TestMovePassAndGameOver(t *testing.T) {
	h := NewServer(Options{})
	st := create(t, h, `{"text":`+quote(passGame)+`}`)
	if st.Length != 8 || st.Ply != 0 || !st.Replay {
		t.Fatalf("got length %d, ply %d, replay %v, want 8, 0, true", st.Length, st.Ply, st.Replay)
	}
	st = call(t, h, "POST", "/api/games/"+st.ID+"/goto", `{"ply":7}`, http.StatusOK)
	st = call(t, h, "POST", "/api/games/"+st.ID+"/move", `{"square":"d3"}`, http.StatusOK)
	want := []string{"White plays d3 and flips 1 disc: c2.", "Black has no legal move and passes."}
	if !slices.Equal(st.Messages, want) || st.Turn != "white" {
		t.Errorf("got %q, %s to move, want %q, white to move", st.Messages, st.Turn, want)
	}
	for !st.Over {
		st = call(t, h, "POST", "/api/games/"+st.ID+"/move", `{"square":"`+st.Legal[0]+`"}`, http.StatusOK)
	}
	last := st.Messages[len(st.Messages)-1]
	if !strings.HasPrefix(last, "Game over: Black ") || st.Status != last || st.Winner == "" || st.Turn != "" || len(st.Legal) != 0 {
		t.Errorf("got %q, status %q, winner %q, turn %q, legal %v, want the result, a winner, no turn and no legal move", last, st.Status, st.Winner, st.Turn, st.Legal)
	}
	status, _, text := do(t, h, "POST", "/api/games/"+st.ID+"/move", `{"square":"a1"}`)
	if status != http.StatusBadRequest || text != "the game is over: start a new one, or undo\n" {
		t.Errorf("a move after the end: got %d %q, want 400 the game is over", status, text)
	}
}

// quote returns s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestUndo(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		moves []string // played before the undos
		undos []int    // the ply after each undo
		msgs  []string // the message of each
	}{
		{"against the computer", `{"level":"1"}`, []string{"d3"}, []int{0, 0}, []string{"Back to Black's move.", "Nothing to undo."}},
		{"computer first", `{"level":"1","black":"cpu","white":"human"}`, nil, []int{1}, []string{"Nothing to undo."}},
		{"people", `{"white":"human"}`, []string{"d3", "c5"}, []int{1, 0, 0}, []string{"Back to White's move.", "Back to Black's move.", "Nothing to undo."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := NewServer(Options{})
			id := create(t, h, tt.body).ID
			for _, m := range tt.moves {
				call(t, h, "POST", "/api/games/"+id+"/move", `{"square":"`+m+`"}`, http.StatusOK)
			}
			for i, want := range tt.undos {
				st := call(t, h, "POST", "/api/games/"+id+"/undo", "{}", http.StatusOK)
				if st.Ply != want || !slices.Equal(st.Messages, tt.msgs[i:i+1]) || !st.Human {
					t.Errorf("undo %d: got ply %d, %q, human %v, want %d, %q, true", i+1, st.Ply, st.Messages, st.Human, want, tt.msgs[i])
				}
			}
		})
	}
}

func TestHint(t *testing.T) {
	h := NewServer(Options{})
	id := create(t, h, `{"level":"1"}`).ID
	st := call(t, h, "POST", "/api/games/"+id+"/hint", "{}", http.StatusOK)
	said := regexp.MustCompile(`^Hint: ` + st.Hint + ` \(~[+-]\d+\.\d\d, estimated( \d+ pl(y|ies) deep)?\)$`)
	if !slices.Contains(st.Legal, st.Hint) || len(st.Messages) != 1 || !said.MatchString(st.Messages[0]) || st.Ply != 0 {
		t.Errorf("got hint %q, %q at ply %d, want one of %v, said, at ply 0", st.Hint, st.Messages, st.Ply, st.Legal)
	}
	var squares []string
	for _, sc := range st.Scores {
		squares = append(squares, sc.Square)
	}
	if len(st.Scores) == 0 || st.Scores[0].Square != st.Hint || !sameSet(squares, st.Legal) {
		t.Errorf("got scores %v, want every legal move, %v, the hint first", st.Scores, st.Legal)
	}
}

// TestComputers plays a game of two computer players: each request
// plays one move.
func TestComputers(t *testing.T) {
	h := NewServer(Options{})
	st := create(t, h, `{"black":"cpu:1","white":"greedy"}`)
	if st.Ply != 1 || !st.Auto || st.Human || len(st.Messages) != 1 {
		t.Fatalf("got ply %d, auto %v, human %v, %q; want 1, true, false, one move", st.Ply, st.Auto, st.Human, st.Messages)
	}
	for ply := 2; ply <= 4; ply++ {
		st = call(t, h, "GET", "/api/games/"+st.ID, "", http.StatusOK)
		if st.Ply != ply || !strings.HasPrefix(st.Messages[0], []string{"White", "Black"}[ply%2]+" plays ") {
			t.Errorf("got ply %d, %q, want %d and its move", st.Ply, st.Messages, ply)
		}
	}
	if status, _, text := do(t, h, "POST", "/api/games/"+st.ID+"/hint", "{}"); status != http.StatusBadRequest || text != "it is the computer's move\n" {
		t.Errorf("hint: got %d %q, want 400, it is the computer's move", status, text)
	}
}

// TestReview reviews a replayed game: every move, numbered, its text
// othello review's, and the turning points once all are done.
func TestReview(t *testing.T) {
	h := NewServer(Options{})
	st := create(t, h, `{"text":"f5d6c3d3c4f4","level":"1"}`)
	if len(st.Review) != 0 || len(st.TurningPoints) != 0 {
		t.Fatalf("got review %v, %q before asking, want none", st.Review, st.TurningPoints)
	}
	for range 6 {
		if st = call(t, h, "POST", "/api/games/"+st.ID+"/review", "{}", http.StatusOK); len(st.Review) == 6 {
			break
		}
	}
	if len(st.Review) != 6 || len(st.TurningPoints) == 0 {
		t.Fatalf("got %d moves reviewed, %q; want 6, the turning points", len(st.Review), st.TurningPoints)
	}
	text := regexp.MustCompile(`^\d+\. (Black|White) [a-h][1-8] \S+(, the best\.|; best [a-h][1-8] \S+: lost \S+ discs?\.)$`)
	for i, m := range st.Review {
		if m.Number != i+1 || m.Square != []string{"f5", "d6", "c3", "d3", "c4", "f4"}[i] || !text.MatchString(m.Text) || m.Loss < 0 {
			t.Errorf("move %d: got %+v", i+1, m)
		}
	}
	// A move played from the start changes the line: its review is gone.
	call(t, h, "POST", "/api/games/"+st.ID+"/goto", `{"ply":0}`, http.StatusOK)
	if st = call(t, h, "POST", "/api/games/"+st.ID+"/move", `{"square":"d3"}`, http.StatusOK); len(st.Review) != 0 {
		t.Errorf("got %d moves reviewed after another first move, want 0", len(st.Review))
	}
}

// sameSet reports whether a and b hold the same strings, in any order.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestReplay(t *testing.T) {
	tests := []struct {
		name, body string
		length     int
		rows       int
		record     string // the moves at the end
		message    string // the message of the game loaded
		opening    string // the opening's name at the end
	}{
		{"GGF", `{"text":"(;GM[Othello]PC[othello]PB[human]PW[cpu]TY[6]BO[6 ------ ------ --O*-- --*O-- ------ ------ *]B[d5]W[c5]B[b5]W[c6];)"}`, 4, 6, "d5c5b5c6",
			"Loaded GGF: 4 moves.", ""},
		{"GGF, a game skipped", `{"text":"(;GM[Othello]B[a1];)\n(;GM[Othello]TY[6]BO[6 ------ ------ --O*-- --*O-- ------ ------ *]B[d5]W[c5]B[b5]W[c6];)"}`, 4, 6, "d5c5b5c6",
			"Loaded GGF: 4 moves. Skipped 1 that cannot be played: game 1, line 1: move 1, B a1: move flips no disc.", ""},
		{"move list", `{"text":"f5d6c3d3c4"}`, 5, 8, "f5d6c3d3c4", "Loaded a move list: 5 moves.", "Tiger"},
		{"judge", `{"rules":"simple","text":` + quote(passGame) + `}`, 8, 4, "b1a1a2c1d1a3a4d3", "Loaded the judge's setup: 8 moves.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := NewServer(Options{})
			st := create(t, h, tt.body)
			if st.Length != tt.length || st.Ply != 0 || st.Rows != tt.rows || len(st.Messages) != 1 || st.Messages[0] != tt.message {
				t.Errorf("got length %d, ply %d, rows %d, %q, want %d, 0, %d, %q", st.Length, st.Ply, st.Rows, st.Messages, tt.length, tt.rows, tt.message)
			}
			st = call(t, h, "POST", "/api/games/"+st.ID+"/goto", `{"ply":`+itoa(tt.length)+`}`, http.StatusOK)
			if st.Ply != tt.length || st.Record != tt.record || st.Opening != tt.opening {
				t.Errorf("at the end: got ply %d, %s, opening %q, want %d, %s, %q", st.Ply, st.Record, st.Opening, tt.length, tt.record, tt.opening)
			}
			st = call(t, h, "POST", "/api/games/"+st.ID+"/goto", `{"ply":1}`, http.StatusOK)
			if st.Ply != 1 || st.Last != tt.record[:2] || !strings.HasPrefix(st.Messages[0], "Black plays "+tt.record[:2]) {
				t.Errorf("at 1: got ply %d, last %s, %q, want 1, %s, Black's move", st.Ply, st.Last, st.Messages, tt.record[:2])
			}
			for _, ply := range []string{"-1", itoa(tt.length + 1)} {
				status, _, text := do(t, h, "POST", "/api/games/"+st.ID+"/goto", `{"ply":`+ply+`}`)
				if status != http.StatusBadRequest || !strings.HasPrefix(text, "ply must be from 0 to ") {
					t.Errorf("goto %s: got %d %q, want 400 ply must be...", ply, status, text)
				}
			}
		})
	}
	h := NewServer(Options{})
	id := create(t, h, `{"level":"1"}`).ID
	status, _, text := do(t, h, "POST", "/api/games/"+id+"/goto", `{"ply":0}`)
	if status != http.StatusBadRequest || text != "goto is for games of people only: use undo\n" {
		t.Errorf("goto against the computer: got %d %q, want 400 goto is for games of people only", status, text)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestJudge(t *testing.T) {
	in, err := os.ReadFile("../../../testdata/full/after-end.in")
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile("../../../testdata/full/after-end.out")
	if err != nil {
		t.Fatal(err)
	}
	setup := "4\n4\nB\n>\n. . . .\n. W B .\n. B W .\n. . . .\n"
	tests := []struct {
		name, body     string
		status         int
		output, errors string // the start of each
	}{
		{"a whole game", `{"text":` + quote(string(in)) + `}`, 0, string(out), "othello: line 11: \"1 4\": flips nothing"},
		{"simple rules, unfinished", `{"rules":"simple","text":` + quote(setup+"1 2\n") + `}`, 1, "SIMPLE\n", "othello: line "},
		{"an invalid line explained", `{"text":` + quote(setup+"9 9\n") + `}`, 1, "FULL\n", "othello: line 9: "},
		{"bad setup", `{"text":"5\n4\n"}`, 1, "FULL\n", "othello: line 1: "},
		{"nothing", `{}`, 1, "FULL\n", "othello: line 1: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, ctype, text := do(t, NewServer(Options{}), "POST", "/api/judge", tt.body)
			var got Transcript
			if err := json.Unmarshal([]byte(text), &got); err != nil || status != http.StatusOK || ctype != "application/json" {
				t.Fatalf("got %d %s %q (%v), want 200 application/json", status, ctype, text, err)
			}
			if got.Status != tt.status || !strings.HasPrefix(got.Output, tt.output) || !strings.HasPrefix(got.Errors, tt.errors) || (tt.errors == "") != (got.Errors == "") {
				t.Errorf("got status %d, output %.30q, errors %q, want %d, %q..., %q...", got.Status, got.Output, got.Errors, tt.status, tt.output, tt.errors)
			}
		})
	}
	status, _, text := do(t, NewServer(Options{}), "POST", "/api/judge", `{"rules":"full house"}`)
	if status != http.StatusBadRequest || text != "rules must be full or simple, got \"full house\"\n" {
		t.Errorf("bad rules: got %d %q, want 400 rules must be...", status, text)
	}
}

func TestRefusedRequests(t *testing.T) {
	h := NewServer(Options{})
	id := create(t, h, `{}`).ID
	big := `{"text":"` + strings.Repeat("1 1\\n", 20000) + `"}`
	tests := []struct {
		method, path, body string
		contentType        string // "" for JSON when there is a body
		status             int
		want               string // the start of the message
	}{
		{"GET", "/api/games/0123456789abcdef", "", "", 404, "no such game"},
		{"POST", "/api/games/nope/move", `{"square":"d3"}`, "", 404, "no such game"},
		{"POST", "/api/games/nope/undo", "{}", "", 404, "no such game"},
		{"POST", "/api/games/nope/hint", "{}", "", 404, "no such game"},
		{"POST", "/api/games/nope/goto", `{"ply":0}`, "", 404, "no such game"},
		{"GET", "/nothing", "", "", 404, "404 page not found"},
		{"GET", "/api/games/" + id + "/move", "", "", 405, "Method Not Allowed"},
		{"DELETE", "/api/games/" + id, "", "", 405, "Method Not Allowed"},
		{"PUT", "/api/games", "{}", "", 405, "Method Not Allowed"},
		{"POST", "/", "", "", 405, "Method Not Allowed"},
		{"GET", "/api/judge", "", "", 405, "Method Not Allowed"},
		{"POST", "/api/judge", big, "", 413, "the request is over 64 KiB"},
		{"POST", "/api/games", big, "", 413, "the request is over 64 KiB"},
		{"POST", "/api/games", `{}`, "text/plain", 415, "send JSON, with Content-Type: application/json"},
		{"POST", "/api/games/" + id + "/undo", `{}`, "application/x-www-form-urlencoded", 415, "send JSON"},
		{"POST", "/api/games/" + id + "/move", `{"square":"d3","x":1}`, "", 400, `bad JSON: unknown field "x"`},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path+" "+tt.contentType, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
			r.Header.Set("Content-Type", "application/json; charset=utf-8")
			if tt.contentType != "" {
				r.Header.Set("Content-Type", tt.contentType)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tt.status || !strings.HasPrefix(w.Body.String(), tt.want) {
				t.Errorf("got %d %q, want %d %q...", w.Code, w.Body.String(), tt.status, tt.want)
			}
		})
	}
}

func TestStatic(t *testing.T) {
	tests := []struct {
		path, contentType, has string
	}{
		{"/", "text/html; charset=utf-8", `<script src="/app.js" defer></script>`},
		{"/app.js", "text/javascript; charset=utf-8", "async function api("},
		{"/style.css", "text/css; charset=utf-8", ".board .sq {"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			status, ctype, body := do(t, NewServer(Options{}), "GET", tt.path, "")
			if status != 200 || ctype != tt.contentType || !strings.Contains(body, tt.has) {
				t.Errorf("got %d %s, has %q: %v, want 200 %s", status, ctype, tt.has, strings.Contains(body, tt.has), tt.contentType)
			}
		})
	}
}

func TestGameLimits(t *testing.T) {
	s := NewServer(Options{MaxGames: 2, Idle: time.Minute})
	now := time.Unix(1e9, 0)
	s.games.now = func() time.Time { return now }
	first := create(t, s, `{}`).ID
	create(t, s, `{}`)
	status, _, text := do(t, s, "POST", "/api/games", `{}`)
	if status != http.StatusServiceUnavailable || text != "too many games at once; try again later\n" {
		t.Errorf("a third game of 2: got %d %q, want 503 too many games", status, text)
	}
	now = now.Add(50 * time.Second)
	call(t, s, "GET", "/api/games/"+first, "", http.StatusOK) // used: kept
	now = now.Add(50 * time.Second)
	create(t, s, `{}`) // the second is dropped, idle 100s
	if got := s.Games(); got != 2 {
		t.Errorf("got %d games, want 2: the first, used 50s ago, and the new one", got)
	}
	now = now.Add(61 * time.Second)
	if status, _, _ := do(t, s, "GET", "/api/games/"+first, ""); status != http.StatusNotFound {
		t.Errorf("a game idle 61s of 60: got %d, want 404", status)
	}
}

// TestCancelledReply cancels a move's request while the computer thinks
// at level 9 (2s a move): the answer must come at once, the person's
// move stand, and the next GET play the computer's move.
func TestCancelledReply(t *testing.T) {
	s := NewServer(Options{})
	id := create(t, s, `{"level":"9","size":"10x10"}`).ID
	ctx, cancel := context.WithCancel(context.Background())
	r := httptest.NewRequest("POST", "/api/games/"+id+"/move", strings.NewReader(`{"square":"e4"}`)).WithContext(ctx)
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	s.ServeHTTP(w, r)
	if took := time.Since(start); w.Code != http.StatusServiceUnavailable || took > time.Second {
		t.Errorf("a move cancelled while the computer thinks: got %d %q after %v, want 503 at once", w.Code, w.Body.String(), took)
	}
	st := call(t, s, "GET", "/api/games/"+id, "", http.StatusOK)
	if st.Ply != 2 || !st.Human || len(st.Messages) != 1 || !strings.HasPrefix(st.Messages[0], "White plays ") {
		t.Errorf("the GET after: got ply %d, human %v, %q, want 2, true, White's move", st.Ply, st.Human, st.Messages)
	}
}

func TestLoopback(t *testing.T) {
	tests := []struct {
		host     string
		loopback bool // Options.Loopback
		want     int
	}{
		{"127.0.0.1:8080", true, 200},
		{"localhost:8080", true, 200},
		{"LOCALHOST", true, 200},
		{"[::1]:8080", true, 200},
		{"127.1.2.3", true, 200},
		{"evil.example:8080", true, 403},
		{"192.168.1.2:8080", true, 403},
		{"", true, 403},
		{"evil.example:8080", false, 200},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.host, tt.loopback), func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.Host = tt.host
			w := httptest.NewRecorder()
			NewServer(Options{Loopback: tt.loopback}).ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Errorf("got %d %q, want %d", w.Code, w.Body.String(), tt.want)
			}
		})
	}
}
