package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCheckFormats runs othello check -format with each format, on a
// correct program and on one that cannot be started, and checks that
// each report parses back as its format says, with the score; and that
// -markdown adds each report to its file.
func TestCheckFormats(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	t.Parallel()
	// parse returns the score that the report says, 0 to 100.
	tests := []struct {
		format string
		parse  func([]byte) (float64, error)
	}{
		{"json", func(b []byte) (float64, error) {
			var r struct{ Score float64 }
			return r.Score, json.Unmarshal(b, &r)
		}},
		{"gradescope", func(b []byte) (float64, error) {
			var r struct{ Score float64 }
			return r.Score, json.Unmarshal(b, &r)
		}},
		{"prairielearn", func(b []byte) (float64, error) {
			var r struct{ Score float64 }
			return 100 * r.Score, json.Unmarshal(b, &r)
		}},
		{"junit", func(b []byte) (float64, error) {
			var r struct {
				Tests    int `xml:"tests,attr"`
				Failures int `xml:"failures,attr"`
				Errors   int `xml:"errors,attr"`
			}
			err := xml.Unmarshal(b, &r)
			if r.Tests == 0 || r.Failures+r.Errors > 0 {
				return 0, err
			}
			return 100, err
		}},
		{"markdown", func(b []byte) (float64, error) {
			var score, most float64
			if strings.HasPrefix(string(b), "## othello check: no points\n") {
				return 0, nil
			}
			_, err := fmt.Sscanf(string(b), "## othello check: %g of %g points\n", &score, &most)
			return score, err
		}},
		{"classroom", func(b []byte) (float64, error) {
			js, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(string(b), "\n"))
			var r struct {
				MaxScore float64 `json:"max_score"`
				Tests    []struct{ Score float64 }
			}
			if err == nil {
				err = json.Unmarshal(js, &r)
			}
			score := 0.0
			for _, t := range r.Tests {
				score += t.Score
			}
			if err == nil && r.MaxScore != 100 {
				err = fmt.Errorf("max_score %v, want 100", r.MaxScore)
			}
			return score, err
		}},
		{"autolab", func(b []byte) (float64, error) {
			lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
			var r struct{ Scoreboard []float64 }
			err := json.Unmarshal([]byte(lines[len(lines)-1]), &r)
			if err != nil || len(r.Scoreboard) == 0 {
				return 0, err
			}
			return r.Scoreboard[0], nil
		}},
	}
	summary := filepath.Join(t.TempDir(), "summary.md")
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			for _, program := range []struct {
				path   string
				status int
				score  float64
			}{{correctPy, 0, 100}, {filepath.Join(t.TempDir(), "no-such-program.py"), 1, 0}} {
				var stdout, stderr bytes.Buffer
				// -n 7: a scenario of each category, all the points.
				args := []string{"check", "-format", tt.format, "-n", "7", "-seed", "1", "--", "python3", program.path}
				if tt.format == "classroom" {
					// As in the workflow of othello classroom.
					args = append([]string{args[0], "-markdown", summary}, args[1:]...)
				}
				if status := run(args, nil, &stdout, &stderr, environ{}); status != program.status {
					t.Fatalf("%s: exit status %d, want %d; standard error:\n%s", program.path, status, program.status, stderr.String())
				}
				score, err := tt.parse(stdout.Bytes())
				if err != nil || score != program.score {
					t.Errorf("%s: got score %v, %v; want %v:\n%s", program.path, score, err, program.score, stdout.String())
				}
			}
		})
	}
	// Both checks of -format classroom added their report to the summary.
	if data, err := os.ReadFile(summary); err != nil || !regexp.MustCompile(`(?s)^## othello check: 100 of 100 points\n.*\n## othello check: no points\n`).Match(data) {
		t.Errorf("-markdown: got %v\n%s\nwant a report of 100 points, then one of a program that could not be checked", err, data)
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"check", "-format", "tap", "--", "true"}, nil, &stdout, &stderr, environ{}); status != 2 ||
		!strings.Contains(stderr.String(), "-format must be text, json, markdown, gradescope, prairielearn, junit, autolab, classroom or vpl") {
		t.Errorf("-format tap: got status %d, want 2 and the formats named:\n%s", status, stderr.String())
	}
}
