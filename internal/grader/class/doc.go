// Package class grades a class: each submission checked (GradeOne) and
// its reports written, and the class's table of grades (Table), a CSV
// file and an HTML index replaced whole as each submission is done,
// resumed by a run with the same settings (Resume, Settings), in
// class.go. Package check runs and scores one program; othello grade
// (cmd/othello) parses the flags and calls Grade.
//
// Grade (grade.go) grades a class as Options say: it names the
// submissions (Names; a *SubmissionError wraps ErrSubmission), probes
// once that the grader's machine can read the programs' structure
// (check.ProbeStructure: a *check.MachineError stops it before anything
// is written), resumes the table of an earlier run, grades the rest -j
// at a time, sharing the runs' slots, each program kept from the
// reports and the other submissions, and says how it goes on its Log;
// its Result has the rows and the Summary line. A submission that the
// grader's machine could not check is an error, never graded. When the
// grades cannot be written, its error wraps ErrGrades.
//
// A Download (download.go) is a class's submissions as a course
// platform gives them: Gradescope's export, Canvas's Download
// Submissions and Moodle's Download all submissions, in folders or flat,
// each told by its layout (ReadDownload); Grade grades one given as the
// only submission, the files of a flat one gathered first into a folder
// for each student (Stage), and reads its roster (Download.ReadRoster:
// Gradescope's own, or Canvas's gradebook export by the students' ids).
// Files among the submissions are skipped.
//
// A Roster (roster.go) says which students handed in each submission
// folder: ReadRoster reads Gradescope's submission_metadata.yml, with
// package yaml's reader of the subset of YAML that it is written in
// (what it does not read is a *yaml.Error at its line), or a
// CSV file with a column submission, and returns a *RosterError, which
// wraps ErrRoster, for a file that is not one. With a roster, the
// grades (Table) get the students' columns after their own, a group's
// joined in one row, and a row, missing, for each student with no
// folder; Grade says on its Log which folders the roster names no
// student for and which of its students have no folder.
//
// An LMS (lms.go) is the CSV file of grades that a learning management
// system's gradebook imports, a row for each student graded, the score
// in the assignment's column: LMSs are Canvas's, Moodle's and
// Gradescope's, each filled from the roster's columns; LookupLMS finds
// one, and returns, as Check does for a roster that does not say who
// its students are to it, an *LMSError, which wraps ErrLMS.
//
// A Progress (progress.go) shows how far a long job has come on one line
// of a terminal that it writes over: othello check's scenarios, and the
// submissions graded.
//
// Refuse (wall.go) refuses to grade where no wall would keep the
// programs from the grader's files, with a *RefusedError that wraps
// ErrRefused, and NoWallHelp says why and the ways out: othello check,
// which runs a student's own program, only warns (check.WallWarning).
package class
