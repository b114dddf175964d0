package autograder

import (
	"archive/zip"
	"errors"
	"fmt"
	"os"
	"time"
)

// runAutograder is Gradescope's run_autograder, othello check's
// arguments in place of %s. AUTOGRADER_ROOT, for tests, stands for
// /autograder.
const runAutograder = `#!/bin/sh
# Grades the submission with othello check (see doc/grading.md of the judge)
# and writes Gradescope's results.json.
root="${AUTOGRADER_ROOT:-/autograder}"
mkdir -p "$root/results"
cd "$root/submission" || exit 1
"$root/source/othello" check -format gradescope %s > "$root/results/results.json"
status=$?
# 0: all passed; 1: failures, in the results. Anything else is ours.
[ $status -le 1 ] || exit $status
exit 0
`

// setupScript is Gradescope's setup.sh.
const setupScript = `#!/bin/sh
# othello check needs nothing installed. Install here what the students'
# programs need beyond Gradescope's Ubuntu image, such as a Java
# compiler: apt-get install -y default-jdk
exit 0
`

// WriteGradescopeZip writes the zip of a Gradescope autograder to path:
// the files of b (the binary as othello, and the golden transcripts and
// the weights file its check names under $root/source), setup.sh, and
// run_autograder, which runs othello check -format gradescope with b's
// arguments.
func WriteGradescopeZip(path string, b Bundle) error {
	files, args, err := b.files(`$root/source`)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	zw := zip.NewWriter(f)
	files = append(files,
		bundledFile{"setup.sh", 0o755, []byte(setupScript)},
		bundledFile{"run_autograder", 0o755, []byte(fmt.Sprintf(runAutograder, args))})
	var errs []error
	for _, bf := range files {
		h := &zip.FileHeader{Name: bf.name, Method: zip.Deflate, Modified: time.Now()}
		h.SetMode(bf.mode)
		w, err := zw.CreateHeader(h)
		if err == nil {
			_, err = w.Write(bf.data)
		}
		errs = append(errs, err)
	}
	errs = append(errs, zw.Close(), f.Close())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("autograder: %w", err)
	}
	return nil
}
