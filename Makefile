# make test is what CI runs: formatting, vet, and every test. A package
# may take up to 30 minutes, not go test's 10. The tests are built
# static (CGO_ENABLED=0), as README.md installs the grader: most of their
# time is sandboxed runs, each of which starts the test's binary twice as
# its launcher, and a static binary starts in four fifths of the time.
# The tests are built without the profile of make pgo (-pgo=off) and
# without the module's path (-trimpath), and so is the grader that
# cmd/othello's tests build and run (buildJudge): its packages are then
# those the tests compiled, linked once, rather than compiled again with
# the profile (45 s of CPU on a clean machine). The profile changes how
# fast the grader runs, never what it does.
.PHONY: test doccheck fmt vet golden fuzz bench overhead perft ffo pgo wthor screenshots book depthloss train strength evalerror image release container-test ntest slurm-test

test: fmt vet
	CGO_ENABLED=0 go test -pgo=off -trimpath -timeout 30m ./...

# doccheck runs every command that README.md and the guides in doc/ show,
# also those marked "# skip: WHY" that make test only lists (Docker,
# systemd, minutes to hours of CPU), and lists them as it runs them.
doccheck:
	CGO_ENABLED=0 go test ./cmd/othello -run '^TestDocs$$' -count=1 -v -timeout 0 -doccheck

fmt:
	@files=$$(gofmt -l .); if [ -n "$$files" ]; then echo "gofmt needed on:"; echo "$$files"; exit 1; fi

vet:
	go vet ./...

# golden rewrites the expected output of the judge's golden transcripts in
# testdata. Check every changed file by hand before you commit it.
golden:
	go test ./console -run 'TestGolden$$' -update

# fuzz runs every fuzz target of every package for FUZZTIME each, one after
# the other; make test runs only their seed corpora. An input that fails is
# written to testdata/fuzz/ in its package and is then run by every go
# test: commit it with its fix.
FUZZTIME ?= 1m
fuzz:
	@set -e; for pkg in $$(go list ./...); do \
		for target in $$(go test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "fuzz: $$pkg $$target for $(FUZZTIME)"; \
			go test $$pkg -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 10s; \
		done; \
	done

# bench runs every benchmark with its allocations: move generation and
# making on 8x8 and 16x16, whole games, perft, the console replaying a
# 16x16 game, the built judge beside cat, the scanner and the generator.
bench:
	go test -run '^$$' -bench . -benchmem ./...

# overhead measures what the grader costs for each run of a program:
# BenchmarkRunPython runs a correct Python program on 8x8 games in the
# sandbox and reports grader-ms/run, the CPU time of the grader and its
# launcher beyond the program's own (program-ms/run). It needs python3.
# Built static, as README.md installs the grader (CGO_ENABLED=0): the C
# library's user lookups cost a run about a millisecond more.
overhead:
	CGO_ENABLED=0 go test ./internal/grader/check -run '^$$' -bench 'BenchmarkRunPython$$' -benchtime 40x -count 5

# perft counts 8x8 under the full rules to depth 11, printing each depth's
# count and seconds; make test checks depths 1 to 9.
perft:
	go run ./cmd/othello perft 11

# wthor reads every game of the WTHOR collection in ../shared/wthor
# (136,055 games in PGN), replays each, checks its result and writes it
# in PGN and reads it back; make test reads 1977 to 1979 only.
wthor:
	go test ./internal/record -run '^TestWTHOR$$' -wthor -v

# ffo solves the FFO endgame test positions of ../shared/ffo exactly, 1 to
# 59, and checks every score the files know; it stops at the first file
# with a score that disagrees. 40 to 59 (20 to 34 empty squares) are the
# usual benchmark of endgame solvers: about 9 minutes on 2 CPUs.
FFO ?= ../shared/ffo
ffo:
	go run ./cmd/othello solve $(FFO)/fforum-1-19.obf
	go run ./cmd/othello solve $(FFO)/fforum-20-39.obf
	go run ./cmd/othello solve $(FFO)/fforum-40-59.obf

# pgo writes cmd/othello/default.pgo, the profile by which go build
# optimises the program for the engine's searches (profile-guided
# optimisation: it inlines the hottest calls of the solver): a CPU
# profile of BenchmarkSolve and BenchmarkSearch's learned evaluation,
# about 10 seconds, on the FFO positions of ../shared/ffo (without them
# the benchmarks skip, and it stops rather than write an empty profile).
# Run it again after changing the search; a profile of older code still
# builds, and still speeds up what has not changed.
pgo:
	@test -f ../shared/ffo/fforum-40-59.obf || { echo "make pgo: no FFO positions in ../shared/ffo" >&2; exit 1; }
	go test ./internal/engine/search -run '^$$' -bench 'BenchmarkSolve|BenchmarkSearch/learned' -benchtime 20x -cpuprofile cmd/othello/default.pgo -o $${TMPDIR:-/tmp}/search-pgo.test

# screenshots makes doc/report.png and doc/serve.png, the guides'
# pictures of check's HTML report and of othello serve's page, in a
# headless Chromium (/usr/bin/chromium; the tests skip without one).
screenshots:
	go test ./internal/play/web ./internal/grader/report -run 'TestScreenshot$$' -screenshots -v

# book rebuilds the opening book, internal/engine/book/book.txt, from the WTHOR games of
# ../shared/wthor (every *.pgn of WTHOR): every position that at least 20
# games reached in their first 20 moves, up to symmetry, with the games'
# mean final margin. It takes about half a minute on 2 CPUs, and writes
# the same book for the same games.
WTHOR ?= ../shared/wthor
book:
	go run ./internal/engine/book/mkbook -games $(WTHOR) -plies 20 -min 20 -out internal/engine/book/book.txt

# depthloss measures what a depth costs at the end of the game: at 18
# empty squares of 30 WTHOR games of ../shared/wthor, how many moves a
# CPU given NBoard's "set depth 60" (500ms a move, 2 threads) chooses
# wrongly against the exact solve, and their mean loss in discs. It
# times real searches: run it on a machine at rest.
depthloss:
	go test ./internal/engine/player -run '^TestDepthLoss$$' -depthloss -v

# train fits the learned evaluation of 8x8 (package search's Evaluate)
# to the WTHOR games of WTHOR (PGN files) and writes internal/engine/search/weights.bin,
# which the engine embeds: each game solved exactly from 16 empty
# squares, one game in ten held out by SEED, and 4,000 games of the
# engine against itself solved exactly from 20, conjugate gradients on
# two threads. About 27 minutes on two CPUs (13 to label the games, 13
# for the games against itself; 47 on a busier machine before); the same
# games, SEED, search and embedded weights give the same file, byte for
# byte (cmd/train says why others change it a little). SAMPLES=FILE
# keeps the labelled positions in FILE, or reads them from it if it
# exists, and then only fits: about a minute.
SEED ?= 1
train:
	go run ./cmd/train -games $(WTHOR) -seed $(SEED) $(if $(SAMPLES),-samples $(abspath $(SAMPLES))) -out internal/engine/search/weights.bin

# strength measures the learned evaluation against the hand-written one
# on positions of the WTHOR games that training held out (package
# search's TestStrength, its numbers in the log): the mean absolute error
# against exact scores at 20 to 24 empty squares, the mean move loss at
# 500 ms a move on FFO 20-39 and at 22 empty squares, and a match of 200
# games at 100 ms a move from held-out openings, two games at once. About
# 25 minutes on the shared 2 CPUs, nice'd (17 for the error and the
# losses, 7 for the match, at a load of 4 to 14).
strength:
	nice -n 10 go test ./internal/engine/search -run 'TestStrength$$' -strength -wthor $(abspath $(WTHOR)) -seed $(SEED) -v -timeout 2h

# evalerror prints the table of the learned evaluation's error (package
# search's TestEvalError, skipped without -evalerror): the mean absolute
# error in discs, static and after a 4-ply search, against the exact
# scores of internal/engine/search/testdata/exact.txt, by empty squares
# from 20 to 28 (29 and 30 cost too much to solve), on 38 positions of
# WTHOR games that training with SEED held out and 38 of games of the
# engine against itself that training does not play. WEIGHTS=FILE adds
# a table for a weights file that training wrote, beside the embedded
# one's. A second or two, for the exact scores are cached; -update (go
# test ./internal/engine/search -run 'TestEvalError$' -update -wthor
# ../shared/wthor) chooses and solves them again: 15 minutes of one CPU.
WEIGHTS ?=
evalerror:
	go test ./internal/engine/search -run 'TestEvalError$$' -evalerror -seed $(SEED) $(if $(WEIGHTS),-weights $(abspath $(WEIGHTS))) -count=1 -v

# image builds the grader's container image, othello, from
# cmd/othello/Dockerfile, with Docker, or with Podman where no Docker
# daemon answers (CONTAINER=podman chooses). PACKAGES, if given, are the
# Debian packages its programs need (default python3), such as
# PACKAGES="python3 gcc libc6-dev". It needs the registry that holds the
# Go and Debian images.
image:
	@tool=$(CONTAINER); \
	if [ -z "$$tool" ]; then \
		if docker info >/dev/null 2>&1 || ! command -v podman >/dev/null; then tool=docker; else tool=podman; fi; \
	fi; \
	set -x; $$tool build -f cmd/othello/Dockerfile -t othello$(if $(PACKAGES), --build-arg PACKAGES="$(PACKAGES)") .

# release writes dist/, the files of a release that a course downloads
# (cmd/release): othello built static for linux, darwin and windows on
# amd64 and arm64, each in othello-OS-ARCH.tar.gz (.zip for windows)
# with README.md and the guides, and SHA256SUMS. The same commit built by
# the same Go gives the same bytes. VERSION, what othello version prints,
# is git describe's by default (devel without git); the release workflow
# (.github/workflows/release.yml) gives the tag. About 10 minutes on 2
# busy CPUs from an empty build cache (11 minutes of CPU), under a
# minute after.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
release:
	rm -rf dist
	go run ./cmd/release -version $(VERSION) -out dist

# container-test grades in a real container, as staff on macOS or
# Windows do (package main's TestContainer): root in a container without
# CAP_SYS_ADMIN, Limited, each run as its own uid; a correct program
# passes, hostile ones read nothing of the grader's, othello grade grades
# a class. Its image needs no registry: Debian made by debootstrap from
# apt's mirror, kept in CONTAINER_CACHE, with the grader built here. It
# needs root, podman, runc and debootstrap (apt-get install podman runc
# debootstrap): 8 minutes the first time (debootstrap's download), about
# a minute after.
CONTAINER_CACHE ?= $(HOME)/.cache/othello-container
container-test:
	go test ./cmd/othello -run '^TestContainer$$' -container -container-cache $(CONTAINER_CACHE) -v -timeout 30m

# ntest plays NTest (weltyc/ntest, with its trained evaluation), built
# outside the project by ../shared/yardsticks/build-ntest.sh in NTEST,
# through NBoard as its GUI plays it, with no shim (package referee's
# TestNTest): ours against NTest at depths 4, 8 and 12, 20 games, every
# one to be played to its end; the scores are in its log. About 3
# minutes on one CPU. Without NTest it says how to build it, and stops.
NTEST ?= /tmp/ntest
ntest:
	@test -x $(NTEST)/run/ntest || { echo "make ntest: skipped: no NTest in $(NTEST); build it with ../shared/yardsticks/build-ntest.sh MIRROR $(NTEST), MIRROR a fetch of github:weltyc/ntest"; exit 0; }
	go test ./internal/referee -run '^TestNTest$$' -ntest $(abspath $(NTEST)) -count=1 -v -timeout 30m

# slurm-test grades a class and plays a tournament through a real
# one-node Slurm on this machine, with the job scripts of doc/cluster (an
# array job of shards, then a merge job after it), and checks that the
# merged grades and games are those of one machine's run. It needs root,
# slurm-wlm and munge (apt-get install slurm-wlm munge), and starts the
# daemons itself unless a Slurm is running; without them it says why
# and skips. About a minute, and the build.
slurm-test:
	.ci/slurm-test
