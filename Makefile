# make test is what CI runs: formatting, vet, and every test.
.PHONY: test fmt vet golden fuzz

test: fmt vet
	go test ./...

fmt:
	@files=$$(gofmt -l .); if [ -n "$$files" ]; then echo "gofmt needed on:"; echo "$$files"; exit 1; fi

vet:
	go vet ./...

# golden rewrites the expected output of the golden transcripts in testdata.
# Check every changed file by hand before you commit it.
golden:
	go test ./cmd/othello -run 'TestGolden$$' -update

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
