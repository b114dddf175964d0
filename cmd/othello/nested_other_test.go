//go:build !linux

package main

// nestEnv names the variable of the nested-namespaces test, which is
// Linux's.
const nestEnv = "OTHELLO_TEST_NEST"

// nest does nothing outside Linux.
func nest() int { return 125 }
