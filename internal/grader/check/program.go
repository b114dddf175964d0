package check

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// MainWord is the argument of a command that stands for a submission's
// main module: Program.In replaces each argument that is exactly MainWord
// with the name that FindMain finds, so that python3 {main} runs each
// student's program whatever its main module is named.
const MainWord = "{main}"

// Errors of FindMain, which a *MainError wraps.
var (
	// ErrNoMain means no module of the folder has a main block.
	ErrNoMain = errors.New("check: no .py module has an if __name__ == '__main__': block")
	// ErrManyMains means more than one module of the folder has one.
	ErrManyMains = errors.New("check: more than one .py module has an if __name__ == '__main__': block")
	// ErrMainName means the one module with a main block has a name that
	// does not print, which no report shows as it is.
	ErrMainName = errors.New("check: the module with the if __name__ == '__main__': block has a name that does not print")
)

// A MainError reports a folder in which FindMain does not find exactly one
// main module.
type MainError struct {
	Dir     string   // the folder, as given
	Modules []string // the modules with a main block, as plain shows their names
	Err     error    // ErrNoMain, ErrManyMains, ErrMainName, or why the folder could not be read
}

func (e *MainError) Error() string {
	if len(e.Modules) > 0 {
		return fmt.Sprintf("%v: %s", e.Err, strings.Join(e.Modules, ", "))
	}
	return e.Err.Error()
}

func (e *MainError) Unwrap() error { return e.Err }

// maxModule is how much of each module FindMain reads: a main block
// further on is not found.
const maxModule = 4 << 20

// FindMain returns the name of the one Python module in dir that has an
// if __name__ == '__main__': block, as the assignment's sanity checker
// finds it: the modules are the regular files directly in dir whose name
// ends in .py (those of its subfolders and symbolic links do not count),
// and a module has the block if one of its lines is a main line (see
// IsMainLine). The error is a *MainError when there is none, more than
// one, or its name does not print.
func FindMain(dir string) (string, error) {
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", &MainError{Dir: dir, Err: fmt.Errorf("check: %w", err)}
	}
	var mains []string
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".py") {
			continue
		}
		ok, err := hasMain(filepath.Join(dir, e.Name()))
		if err != nil {
			return "", &MainError{Dir: dir, Err: fmt.Errorf("check: %w", err)}
		}
		if ok {
			mains = append(mains, e.Name())
		}
	}
	slices.Sort(mains)
	shown := make([]string, len(mains))
	for i, m := range mains {
		shown[i] = plain(m)
	}
	switch {
	case len(mains) == 0:
		return "", &MainError{Dir: dir, Err: ErrNoMain}
	case len(mains) > 1:
		return "", &MainError{Dir: dir, Modules: shown, Err: ErrManyMains}
	case shown[0] != mains[0]:
		return "", &MainError{Dir: dir, Modules: shown, Err: ErrMainName}
	}
	return mains[0], nil
}

// hasMain reports whether the module at path has a main line in its first
// maxModule bytes.
func hasMain(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	r := bufio.NewReader(io.LimitReader(f, maxModule))
	for {
		line, err := r.ReadString('\n')
		if IsMainLine(line) {
			return true, nil
		}
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, err
		}
	}
}

// IsMainLine reports whether line opens a main block as the assignment's
// sanity checker sees it: with its blanks (spaces, tabs, a carriage
// return, its newline) left out, wherever they are, it is
// if__name__=='__main__': or the same with double quotes. So
// if __name__=="__main__" : counts, and so does an indented one; a
// comment after the colon, a line commented out, and a condition with
// more to it, such as if __name__ == '__main__' and debug:, do not.
func IsMainLine(line string) bool {
	s := strings.Map(func(r rune) rune {
		if strings.ContainsRune(" \t\r\n\f\v", r) {
			return -1
		}
		return r
	}, line)
	return s == `if__name__=='__main__':` || s == `if__name__=="__main__":`
}

// In returns p with each argument that is exactly MainWord replaced by
// the main module that FindMain finds in dir (written ./NAME if NAME
// starts with -, which the program would take for an option), or p itself
// if no argument is MainWord.
func (p Program) In(dir string) (Program, error) {
	if !slices.Contains(p.Args, MainWord) {
		return p, nil
	}
	main, err := FindMain(dir)
	if err != nil {
		return p, err
	}
	if strings.HasPrefix(main, "-") {
		main = "./" + main
	}
	args := slices.Clone(p.Args)
	for i, a := range args {
		if a == MainWord {
			args[i] = main
		}
	}
	return Program{Path: p.Path, Args: args}, nil
}
