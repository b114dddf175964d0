//go:build !linux

package sandbox

// cgroupKind says that the runs get no control group here: "".
func cgroupKind() string { return "" }
