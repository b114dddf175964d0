package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// playGames plays n games at once through the server at url, over real
// HTTP, each made with the NewGame body and played to its end by a
// person who always plays the first legal move. It returns the time
// each move request took, the computer's replies included, and the last
// State of each game.
func playGames(tb testing.TB, url string, n int, body string) ([]time.Duration, []State) {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}}
	defer client.CloseIdleConnections()
	post := func(path, body string) (State, error) {
		var st State
		resp, err := client.Post(url+path, "application/json", strings.NewReader(body))
		if err != nil {
			return st, err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 300 {
			return st, &BadRequest{Msg: resp.Status}
		}
		return st, json.NewDecoder(resp.Body).Decode(&st)
	}
	var (
		mu    sync.Mutex
		times []time.Duration
		wg    sync.WaitGroup
	)
	ends := make([]State, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, err := post("/api/games", body)
			var mine []time.Duration
			for err == nil && !st.Over {
				start := time.Now()
				st, err = post("/api/games/"+st.ID+"/move", `{"square":"`+st.Legal[0]+`"}`)
				mine = append(mine, time.Since(start))
			}
			if err != nil {
				tb.Errorf("game %d: %v", i, err)
			}
			ends[i] = st
			mu.Lock()
			times = append(times, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return times, ends
}

// TestConcurrentGames plays 50 games to their end at once, half against
// the computer, through one server.
func TestConcurrentGames(t *testing.T) {
	s := NewServer(Options{})
	srv := httptest.NewServer(s)
	defer srv.Close()
	var wg sync.WaitGroup
	for _, body := range []string{`{"level":"1"}`, `{"white":"human","size":"6x6"}`} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, ends := playGames(t, srv.URL, 25, body)
			for i, st := range ends {
				if !st.Over || !strings.HasPrefix(st.Status, "Game over: ") || st.Score.Black+st.Score.White > st.Rows*st.Cols || st.Ply < 4 {
					t.Errorf("%s game %d: got over %v, %q, score %v, ply %d, want a game played to its end", body, i, st.Over, st.Status, st.Score, st.Ply)
				}
			}
		}()
	}
	wg.Wait()
	if got := s.Games(); got != 50 {
		t.Errorf("got %d games held, want 50", got)
	}
}

// BenchmarkMove50 measures the time of a move request while 50 games are
// played at once, each to its end: a person's move in games of people
// (people), and with the computer's reply at level 1 (cpu1). It reports
// the median and the 99th percentile of the moves of all the games.
func BenchmarkMove50(b *testing.B) {
	for _, bm := range []struct{ name, body string }{
		{"people", `{"white":"human"}`},
		{"cpu1", `{"level":"1"}`},
	} {
		b.Run(bm.name, func(b *testing.B) {
			srv := httptest.NewServer(NewServer(Options{}))
			defer srv.Close()
			var times []time.Duration
			for range b.N {
				more, _ := playGames(b, srv.URL, 50, bm.body)
				times = append(times, more...)
			}
			slices.Sort(times)
			at := func(q float64) float64 { return float64(times[int(q*float64(len(times)-1))].Microseconds()) }
			b.ReportMetric(at(0.5), "p50-µs/move")
			b.ReportMetric(at(0.99), "p99-µs/move")
			b.ReportMetric(float64(len(times))/float64(b.N), "moves/op")
		})
	}
}
