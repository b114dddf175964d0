# make test is what CI runs: formatting, vet, and every test.
.PHONY: test fmt vet golden

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
