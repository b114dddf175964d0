//go:build !linux

package main

// nestEnv names the variable of the nested-namespaces test, which is
// Linux's.
const nestEnv = "OTHELLO_TEST_NEST"

// nest does nothing outside Linux.
func nest() int { return 125 }

// containerEnv names the variable of the container's case of
// TestSandboxWithoutNamespaces, which is Linux's.
const containerEnv = "OTHELLO_TEST_CONTAINER"

// inContainer does nothing outside Linux.
func inContainer() int { return 125 }
