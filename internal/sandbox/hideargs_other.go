//go:build !linux || !(amd64 || arm64)

package sandbox

// HideArgs returns args: outside Linux on amd64 and arm64 there is no
// Limited run to read another process's command line, and no filter to
// run one under.
func HideArgs(args []string, keep int) ([]string, error) { return args, nil }
