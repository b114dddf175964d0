package main

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionOf checks where the version comes from: the linker, the
// module's version, the VCS settings, or none of them.
func TestVersionOf(t *testing.T) {
	const rev = "3916da80bbf0088f675d528fb38d4beedd780c7c"
	build := func(version string, settings ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/othello-judge/judge", Version: version}}
		for i := 0; i+1 < len(settings); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return bi
	}
	tests := []struct {
		name   string
		linked string
		bi     *debug.BuildInfo
		ok     bool
		want   string
	}{
		{"linked", "v1.2.3", build("(devel)", "vcs.revision", rev), true, "v1.2.3"},
		{"linked without build info", "v1.2.3", nil, false, "v1.2.3"},
		{"module version", "", build("v1.0.0"), true, "v1.0.0"},
		{"pseudo-version", "", build("v0.0.0-20261202072942-3916da80bbf0+dirty"), true, "v0.0.0-20261202072942-3916da80bbf0+dirty"},
		{"commit", "", build("(devel)", "vcs", "git", "vcs.revision", rev, "vcs.modified", "false"), true, "devel+3916da80bbf0"},
		{"dirty commit", "", build("(devel)", "vcs.revision", rev, "vcs.modified", "true"), true, "devel+3916da80bbf0-dirty"},
		{"short revision", "", build("(devel)", "vcs.revision", "abc"), true, "devel+abc"},
		{"modified without a commit", "", build("(devel)", "vcs.modified", "true"), true, "devel"},
		{"no settings", "", build("(devel)"), true, "devel"},
		{"empty module version", "", build(""), true, "devel"},
		{"no build info", "", nil, false, "devel"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := versionOf(tt.linked, tt.bi, tt.ok); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRunVersion checks "othello version": one line, "othello VERSION".
func TestRunVersion(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string // the start of standard output
		wantErr    string // the start of standard error
	}{
		{"version", []string{"version"}, 0, "othello ", ""},
		{"help", []string{"version", "-h"}, 0, "usage: othello version", ""},
		{"stray argument", []string{"version", "x"}, 2, "", `othello version: unexpected argument "x"`},
		{"unknown flag", []string{"version", "-x"}, 2, "", "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(""), &stdout, &stderr, environ{})
			if status != tt.wantStatus {
				t.Errorf("got exit status %d, want %d", status, tt.wantStatus)
			}
			if got := stdout.String(); !strings.HasPrefix(got, tt.wantOut) || tt.wantOut == "" && got != "" {
				t.Errorf("got standard output %q, want it to start with %q", got, tt.wantOut)
			}
			if got := stderr.String(); !strings.HasPrefix(got, tt.wantErr) || tt.wantErr == "" && got != "" {
				t.Errorf("got standard error %q, want it to start with %q", got, tt.wantErr)
			}
		})
	}
	var stdout bytes.Buffer
	run([]string{"version"}, strings.NewReader(""), &stdout, &bytes.Buffer{}, environ{})
	if got, want := stdout.String(), "othello "+programVersion()+"\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
