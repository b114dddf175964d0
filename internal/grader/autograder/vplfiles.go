package autograder

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/othello-judge/judge/internal/grader/check"
)

// How VPL runs an activity's files (its jail, vpl-jail-system, and
// mod_vpl's scripts): for the Run button it runs vpl_run.sh, for
// Evaluate vpl_evaluate.sh, in one folder (the jail user's home) that
// holds the student's files, the execution files and vpl_environment.sh,
// which exports VPL_SUBFILES, the student's files one a line, and, to
// evaluate, VPL_GRADEMAX, the activity's maximum grade. If the script
// wrote an executable vpl_execution, VPL then deletes every execution
// file that "Files to keep when running" does not tick, and runs
// vpl_execution: in a terminal for Run; for Evaluate with its standard
// output and error together in one output, which it reads
// (WriteVPL).

// vplRun is vpl_run.sh, with in place of the %s what comes before
// vpl_execution is written (the removal of the grader's files, the
// build, the finding of the main module), the main module's line of
// vpl_execution, and its command line.
const vplRun = `#!/bin/bash
# VPL's Run button, written by othello vpl (see the judge's doc/grading.md).
# VPL runs this script in the folder of the student's files, then runs the
# vpl_execution that it writes in a terminal: the student's program, as
# Evaluate runs it, the student typing its input.
%s{
	echo '#!/bin/bash'
%s	cat <<'END_OF_VPL_EXECUTION'
exec %s
END_OF_VPL_EXECUTION
} > vpl_execution
chmod +x vpl_execution
`

// vplFindMain is what vpl_run.sh does when the command has {main}: it
// finds the main module as check.FindMain does.
const vplFindMain = `# {main}: the one .py file of the folder with a main line, as othello check
# finds it: with its blanks left out, if__name__=='__main__': or the same
# with double quotes.
for f in *.py; do
	[ -f "$f" ] && [ ! -L "$f" ] || continue
	if head -c 4194304 -- "$f" | tr -d ' \t\r\f\v' | grep -qx -e "if__name__=='__main__':" -e 'if__name__=="__main__":'; then
		if [ -n "$main" ]; then
			echo "Run: more than one .py module has an if __name__ == '__main__': block: $main, $f"
			exit 1
		fi
		main=$f
	fi
done
if [ -z "$main" ]; then
	echo "Run: no .py module has an if __name__ == '__main__': block"
	exit 1
fi
case $main in -*) main=./$main ;; esac
`

// vplEvaluate is vpl_evaluate.sh, with the build and othello check's
// arguments in place of the %s.
const vplEvaluate = `#!/bin/bash
# VPL's Evaluate button, written by othello vpl (see the judge's
# doc/grading.md). VPL runs this script in the folder of the student's files
# and the execution files, then runs the vpl_execution that it writes and
# reads its output: the comments and the grade of othello check -format vpl.
# vpl_environment.sh says VPL_SUBFILES, the student's files, and
# VPL_GRADEMAX, the activity's maximum grade.
[ -f vpl_environment.sh ] && . ./vpl_environment.sh
# A student's file named as the grader's files would take their place:
# not graded, and why.
while IFS= read -r f; do
	case $f in
	grader | grader/* | grading | grading/* | submission | submission/* | vpl_*)
		{
			echo '#!/bin/bash'
			printf 'echo %%q\n' "Comment :=>>-Not graded: your file $f has a name that the grader uses: rename it"
		} > vpl_execution
		chmod +x vpl_execution
		exit 0
		;;
	esac
done <<< "$VPL_SUBFILES"
# VPL deletes the execution files before it runs vpl_execution, but for
# those that "Files to keep when running" ticks: grader/, moved, is kept.
mv grader grading || exit 1
# The student's files go to submission/, the folder of their program and
# all of the home that it sees: the grader's files stay out of its reach.
mkdir submission || exit 1
while IFS= read -r f; do
	[ -n "$f" ] || continue
	mkdir -p "submission/$(dirname -- "$f")" && mv -- "$f" "submission/$f"
done <<< "$VPL_SUBFILES"
%s{
	echo '#!/bin/bash'
	printf 'max=%%q\n' "$VPL_GRADEMAX"
	cat <<'END_OF_VPL_EXECUTION'
# Grades submission/ with othello check, the grade on the activity's
# maximum grade if it has one. What the check says on standard error, such
# as a warning about the sandbox's walls, goes to grading/stderr.txt, out
# of the output that VPL reads, but when the check could not be made.
cd submission || exit 1
../grading/othello check -format vpl ${max:+"-vpl-max=$max"} %s 2> ../grading/stderr.txt
status=$?
# 0: all passed; 1: failures, in the output. Anything else is the
# grader's own trouble: no grade, and why.
if [ $status -gt 1 ]; then
	echo "Comment :=>>-othello check failed, with exit status $status"
	echo '<|--'
	sed 's/^/>/' ../grading/stderr.txt
	echo '--|>'
fi
exit 0
END_OF_VPL_EXECUTION
} > vpl_execution
chmod +x vpl_execution
`

// vplReadme is README.txt, with the list of the files to upload and
// othello check's arguments in place of the %s.
const vplReadme = `The execution files of a Moodle VPL activity that grades with othello
check, written by othello vpl: see the judge's doc/grading.md, "Moodle
VPL". In the activity's Execution files, upload them all but this
README.txt, with their folders: zip them, as with
  zip -r ../vpl.zip vpl_run.sh vpl_evaluate.sh grader
here, and import the zip (Import, then the one .zip file), which VPL
unpacks.

%s
Files to keep when running: none. VPL deletes the execution files
before it runs what a script prepared; vpl_evaluate.sh moves grader/ out
of its way first, and the student's files into submission/, which is all
that their program sees while it is graded.

Evaluate runs, in submission/, with grader/ moved to grading/:
  ../grading/othello check -format vpl -vpl-max=$VPL_GRADEMAX %s

In the activity's settings: a grade of type Point, whose maximum the
grade is scaled to; Run and Evaluate on, and Automatic grade to grade each
evaluation; and resource limits that the whole check fits in.
`

// ErrNotEmpty means that the folder to write an autograder's files in
// already holds files.
var ErrNotEmpty = errors.New("autograder: the folder is not empty")

// ErrVPLName means that a file has a name that VPL refuses as an
// execution file's.
var ErrVPLName = errors.New("autograder: VPL takes no file of that name")

// vplName reports whether VPL takes path, with slashes, as the name of
// an execution file, as mod_vpl's vpl_is_valid_path_name says: at most
// 256 bytes, each name in it 1 to 128 bytes long, with no control
// character, none of :;<=>?@{|}~\[]^` and ´, no blank at either end and
// no - first, and not . or ...
func vplName(path string) bool {
	if len(path) > 256 {
		return false
	}
	for _, name := range strings.Split(path, "/") {
		if len(name) < 1 || len(name) > 128 || name == "." || name == ".." || strings.HasPrefix(name, "-") ||
			strings.HasPrefix(name, " ") || strings.HasSuffix(name, " ") ||
			strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || strings.ContainsRune(":;<=>?@{|}~\\[]^`´", r) }) {
			return false
		}
	}
	return true
}

// WriteVPLFiles writes in the folder dir, which it makes if need be and
// must be empty (else ErrNotEmpty), the execution files of a VPL activity that grades with
// othello check: vpl_run.sh, for the Run button, which runs b's command
// (first the build, a bash command, such as javac *.java, if it is not
// "", and with {main} the main module as check.FindMain finds it);
// vpl_evaluate.sh, for Evaluate, which moves the student's files into
// submission/ and writes a vpl_execution that runs there othello check
// -format vpl with b's arguments and the activity's maximum grade; the
// files of b (the binary and the files its check names) under grader/;
// and README.txt, which says to the staff what to upload and how to set
// the activity up. A golden transcript whose name VPL refuses is an
// error that wraps ErrVPLName, and nothing is written.
func WriteVPLFiles(dir string, b Bundle, build string) error {
	files, args, err := b.files("../grading")
	if err != nil {
		return err
	}
	var run, evaluate, list strings.Builder
	run.WriteString("# The grader's files are Evaluate's.\nrm -rf grader\n")
	if build != "" {
		fmt.Fprintf(&run, "# The build (othello vpl -build).\nbash -c %s || exit 1\n", quote(build))
		fmt.Fprintf(&evaluate, "# The build (othello vpl -build); when it fails, the check says how the\n# program fails.\n(cd submission && bash -c %s)\n", quote(build))
	}
	var command []string
	for _, a := range b.Command {
		if a == check.MainWord {
			a = `"$main"`
		} else {
			a = quote(a)
		}
		command = append(command, a)
	}
	mainLine := ""
	if slices.Contains(b.Command, check.MainWord) {
		run.WriteString(vplFindMain)
		mainLine = "\tprintf 'main=%q\\n' \"$main\"\n"
	}
	fmt.Fprintf(&list, "  %-18s %s\n  %-18s %s\n  %-18s %s\n", "vpl_run.sh", "Run: runs the student's program in a terminal",
		"vpl_evaluate.sh", "Evaluate: grades it with othello check", "grader/othello", "othello check, a static binary")
	if len(b.Golden) > 0 {
		fmt.Fprintf(&list, "  %-18s %s\n", "grader/golden/", "the golden transcripts (-golden)")
	}
	if b.Weights != "" {
		fmt.Fprintf(&list, "  %-18s %s\n", "grader/weights.txt", "the points of each category (-weights)")
	}
	for i := range files {
		files[i].name = "grader/" + files[i].name
	}
	files = append(files,
		bundledFile{"vpl_run.sh", 0o755, []byte(fmt.Sprintf(vplRun, run.String(), mainLine, strings.Join(command, " ")))},
		bundledFile{"vpl_evaluate.sh", 0o755, []byte(fmt.Sprintf(vplEvaluate, evaluate.String(), args))},
		bundledFile{"README.txt", 0o644, []byte(fmt.Sprintf(vplReadme, list.String(), args))})
	for _, f := range files {
		if !vplName(f.name) {
			return fmt.Errorf("%w: %s", ErrVPLName, f.name)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	if len(entries) > 0 {
		return fmt.Errorf("%w: %s", ErrNotEmpty, dir)
	}
	var errs []error
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.name))
		errs = append(errs, os.MkdirAll(filepath.Dir(path), 0o755), os.WriteFile(path, f.data, f.mode))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	return nil
}
