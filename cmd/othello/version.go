package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

const versionUsage = `usage: othello version

Prints the program's version on one line, "othello VERSION": a release's
tag, such as v1.2.3, which make release gives the linker; else the
version go build gave the module, such as v1.2.3 for go install
...@v1.2.3, or in a git checkout from Go 1.24 on a pseudo-version of the
commit (v0.0.0-DATE-COMMIT, +dirty for changes not committed); else
"devel", followed by the commit and -dirty where go build recorded them
(devel+3916da80bbf0-dirty).

See doc/development.md.
`

// version is the version that the linker sets: make release builds with
// -ldflags "-X main.version=v1.2.3". It is "" in any other build.
var version string

// runVersion runs "othello version".
func runVersion(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("version", stderr)
	if status, ok := parseFlags(flags, args, versionUsage, stdout, stderr); !ok {
		return status
	}
	if flags.NArg() > 0 {
		return badUsage(stderr, "version", versionUsage, "unexpected argument %q", flags.Arg(0))
	}
	fmt.Fprintf(stdout, "othello %s\n", programVersion())
	return 0
}

// programVersion returns the version of this program, as "othello
// version" prints it: see versionOf.
func programVersion() string {
	bi, ok := debug.ReadBuildInfo()
	return versionOf(version, bi, ok)
}

// versionOf returns the version of a program whose linker set version
// to linked and whose build information is bi (ok false where the
// program has none): linked if it is set; else the main module's
// version if it has one other than "(devel)"; else "devel", followed,
// where bi has the VCS settings, by "+", the first 12 hex digits of the
// commit and "-dirty" if the files differed from it.
func versionOf(linked string, bi *debug.BuildInfo, ok bool) string {
	if linked != "" {
		return linked
	}
	if !ok || bi == nil {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var revision, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if revision == "" {
		return "devel"
	}
	v := "devel+" + revision[:min(12, len(revision))]
	if modified == "true" {
		v += "-dirty"
	}
	return v
}
