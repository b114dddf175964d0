// Package protocoltest tests the engines of packages nboard and gtp, the
// programs that GUIs drive one command line at a time, against golden
// sessions: each case of a package's testdata/*.txt is a txtar archive
// (package txtar) of comment lines, then a section "-- transcript --",
// each line typed after "> " and the engine's answers after it, and,
// when the engine writes anything there, "-- stderr --".
//
// Golden plays each case on a console that types a command only when
// the engine reads, as a GUI does, then writes all the commands at once;
// with -update it rewrites the cases from what the engine does. Inputs
// gives the commands of the cases to the fuzz targets, and IOErrors
// checks that an engine stops on a reader or a writer that fails. It is
// built on packages txtar and diff, and imports neither engine.
package protocoltest
