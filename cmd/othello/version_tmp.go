package main

// programVersion is a stand-in until version.go lands.
func programVersion() string { return "devel" }
