package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRunCommandLine(t *testing.T) {
	game := "4\n4\nB\n>\n" + strings.Repeat("B W B W\n", 4) // over at once under both rule sets
	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string // the start of standard output
		wantErr    string // the start of standard error
	}{
		{"default is full", nil, 0, "FULL\n", ""},
		{"full", []string{"-rules", "full"}, 0, "FULL\n", ""},
		{"simple", []string{"-rules", "simple"}, 0, "SIMPLE\n", ""},
		{"simple with =", []string{"-rules=simple"}, 0, "SIMPLE\n", ""},
		{"double dash", []string{"--rules", "simple"}, 0, "SIMPLE\n", ""},
		{"help", []string{"-h"}, 0, "usage: othello", ""},
		{"long help", []string{"-help"}, 0, "usage: othello", ""},
		{"unknown rules", []string{"-rules", "fancy"}, 2, "", "othello: -rules must be full or simple"},
		{"missing flag value", []string{"-rules"}, 2, "", "flag needs an argument"},
		{"unknown flag", []string{"-x"}, 2, "", "flag provided but not defined"},
		{"stray argument", []string{"game.in"}, 2, "", "othello: unexpected argument"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(game), &stdout, &stderr)
			if status != tt.wantStatus {
				t.Errorf("exit status: got %d, want %d", status, tt.wantStatus)
			}
			if !strings.HasPrefix(stdout.String(), tt.wantOut) || (tt.wantOut == "") != (stdout.Len() == 0) {
				t.Errorf("standard output: got %q, want it to start %q", stdout.String(), tt.wantOut)
			}
			if !strings.HasPrefix(stderr.String(), tt.wantErr) || (tt.wantErr == "") != (stderr.Len() == 0) {
				t.Errorf("standard error: got %q, want it to start %q", stderr.String(), tt.wantErr)
			}
			if tt.wantStatus == 2 && !strings.Contains(stderr.String(), "usage: othello") {
				t.Errorf("a bad command line must show the usage on standard error: got %q", stderr.String())
			}
		})
	}
}
