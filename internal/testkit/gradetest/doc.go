// Package gradetest helps the tests of a check's reports, in packages
// check, report and autograder: HandMade makes a check.Grade by hand,
// without running a program, whose program's lines can hold Hostile
// bytes as they are; CheckFormat parses back each format written from a
// grade (report's JSON, and Gradescope's, PrairieLearn's, the JUnit XML,
// GitHub Classroom's, Autolab's and VPL's of package autograder) and
// checks the fields its system reads, DecodeClassroom decoding GitHub
// Classroom's result from base64 and ParseVPL reading VPL's the way
// Moodle's VPL does; CompareGolden compares a report with its golden
// file, or rewrites it with the test's -update. FakePython writes a
// Python that lacks json as python3-minimal does, for the tests of a
// grader's machine that cannot check (check.ErrGraderMachine), and
// SystemPython finds the python3 that a run in the sandbox finds, which
// PreferSystemPython makes the tests' python3.
package gradetest
